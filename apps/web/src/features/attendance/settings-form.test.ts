import { describe, expect, it } from 'vitest';
import { clampGrace, clampMaxPastDays, enabledInputs, formToPayload, sanitizeDuration, validateSettingsForm, withSelfUpdate, type SettingsFormValues } from './settings-form';

const VALUES: SettingsFormValues = {
  totalHoursCalculationType: 1,
  minHoursRequiredMode: 1,
  minHoursInputType: 1,
  fullDayDuration: '08:00',
  halfDayDuration: '04:00',
  isFutureDateRegularizationEnabled: false,
  isReasonEnabled: true,
  regularizationEntryType: 1,
  maxPastDaysForAttendanceUpdate: 7,
  allowSelfAttendanceUpdate: true,
  restrictLogsToEstimatedJobHours: false,
  restrictLogsForFutureDates: true,
  restrictLogsForPastDates: false,
  restrictLogsForWeekend: false,
  restrictLogsForHolidays: false,
  areHolidaysIncluded: true,
  areLeavesIncluded: false,
  shiftStart: '10:00',
  shiftEnd: '19:00',
  gracePeriodMinutes: 15,
};

describe('attendance settings form rules (people spec §4, §5, §7)', () => {
  it.each([
    ['08:30', '08:30'],
    ['8a:3b0', '8:30'],
    ['08:300', '08:30'],
    ['123456', '12:34'],
    ['25', '23'],
    ['25:00', '23:00'],
    ['12:75', '12:59'],
    ['0875', '08:59'],
    ['9', '9'],
    ['', ''],
  ])('duration text %j becomes %j (digits and colon, 5 characters, hours ≤ 23, minutes ≤ 59)', (raw, expected) => {
    expect(sanitizeDuration(raw)).toBe(expected);
  });

  it.each([
    [-5, 0],
    [0, 0],
    [15, 15],
    [120, 120],
    [121, 120],
    ['abc', 0],
    [12.7, 12],
  ])('grace %j is clamped to %j', (raw, expected) => {
    expect(clampGrace(raw)).toBe(expected);
  });

  it('max past days is a non-negative integer', () => {
    expect(clampMaxPastDays(-3)).toBe(0);
    expect(clampMaxPastDays('4.9')).toBe(4);
  });

  it('turning self attendance update off resets max past days to 0 and disables the input', () => {
    const off = withSelfUpdate(VALUES, false);
    expect(off.maxPastDaysForAttendanceUpdate).toBe(0);
    expect(enabledInputs(off).maxPastDays).toBe(false);
    expect(withSelfUpdate(VALUES, true).maxPastDaysForAttendanceUpdate).toBe(7);
  });

  it('switching the input type to shift hours hides the manual durations', () => {
    expect(enabledInputs(VALUES).durations).toBe(true);
    expect(enabledInputs({ ...VALUES, minHoursInputType: 2 }).durations).toBe(false);
  });

  it("sends the full settings with ':00' appended and max past days 0 when self update is off", () => {
    expect(formToPayload({ ...VALUES, fullDayDuration: '8:30', allowSelfAttendanceUpdate: false })).toMatchObject({
      fullDayDuration: '08:30:00',
      halfDayDuration: '04:00:00',
      shiftStart: '10:00:00',
      shiftEnd: '19:00:00',
      maxPastDaysForAttendanceUpdate: 0,
    });
  });

  it('refuses incomplete durations and a half day longer than the full day', () => {
    expect(validateSettingsForm({ ...VALUES, fullDayDuration: '08:' }).fullDayDuration).toBeDefined();
    expect(validateSettingsForm({ ...VALUES, halfDayDuration: '09:00' }).halfDayDuration).toBe('Half day duration cannot be more than the full day duration');
    expect(validateSettingsForm(VALUES)).toEqual({});
  });
});
