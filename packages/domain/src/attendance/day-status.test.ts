import { describe, expect, it } from 'vitest';
import { ATTENDANCE_DAY_STATUSES, computeAttendanceDay, isPresentStatus, type AttendanceDayInput, type AttendanceDaySettings, type ApprovedLeave } from './day-status';
import type { TimeLog } from './time-logs';

/*
 * Fixture: shift 10:00–19:00 (9 h = 540 min, half 270 min; spec people §9 default shift times),
 * manual durations full 08:00 (480 min) and half 04:00 (240 min), grace 15 minutes.
 * Monday 9 March 2026 is a working day, Sunday 8 March a week-off (default weekends);
 * "today" is 31 March 2026. Lenient mode forgives up to the grace on each threshold:
 * full 480 − 15 = 465 / 540 − 15 = 525, half 240 − 15 = 225 / 270 − 15 = 255.
 */
const MONDAY = '2026-03-09';
const SUNDAY = '2026-03-08';
const TODAY = '2026-03-31';
const SHIFT = { shiftStart: '10:00:00', shiftEnd: '19:00:00' };

type Combo = { type: 1 | 2; mode: 1 | 2; input: 1 | 2; holidays: boolean; leaves: boolean };
const ALL_COMBOS: Combo[] = [];
for (const type of [1, 2] as const)
  for (const mode of [1, 2] as const)
    for (const input of [1, 2] as const)
      for (const holidays of [true, false]) for (const leaves of [true, false]) ALL_COMBOS.push({ type, mode, input, holidays, leaves });

function settingsOf(c: Combo): AttendanceDaySettings {
  return {
    totalHoursCalculationType: c.type,
    minHoursRequiredMode: c.mode,
    minHoursInputType: c.input,
    fullDayDuration: '08:00',
    halfDayDuration: '04:00',
    gracePeriodMinutes: 15,
    areHolidaysIncluded: c.holidays,
    areLeavesIncluded: c.leaves,
  };
}

function day(c: Combo, over: Partial<AttendanceDayInput> & { timeLogs: TimeLog[] }) {
  return computeAttendanceDay({ date: MONDAY, today: TODAY, shift: SHIFT, isHoliday: false, leave: null, settings: settingsOf(c), ...over });
}

const label = (c: Combo) =>
  `type ${String(c.type)} ${c.mode === 1 ? 'strict' : 'lenient'} ${c.input === 1 ? 'manual' : 'shift-hours'} holidays ${c.holidays ? 'in' : 'out'} leaves ${c.leaves ? 'in' : 'out'}`;

describe('status list', () => {
  it('has the eleven statuses and the present ones (platform §9 Present statuses)', () => {
    expect(ATTENDANCE_DAY_STATUSES).toHaveLength(11);
    expect(ATTENDANCE_DAY_STATUSES.filter(isPresentStatus)).toEqual(['Present', 'PresentButLate', 'PresentOnHoliday', 'PresentOnLeave', 'PresentOnWeekoff']);
  });
});

describe('working day, every combination of settings', () => {
  // 10:00–13:00 and 14:00–18:50: type 1 = 530 min, type 2 = 470 min.
  const logs: TimeLog[] = [
    { checkIn: '10:00:00', checkOut: '13:00:00' },
    { checkIn: '14:00:00', checkOut: '18:50:00' },
  ];
  // key: type/mode/input → [status, overtime]. Holiday and leave flags change nothing here.
  const expected: Record<string, [string, number]> = {
    '1/1/1': ['Present', 50], // 530 ≥ 480; overtime 530 − 480
    '1/1/2': ['HalfDay', 0], // 530 < 540, ≥ 270
    '1/2/1': ['Present', 50], // 530 ≥ 465
    '1/2/2': ['Present', 0], // 530 ≥ 525 (lenient), overtime still measured against 540
    '2/1/1': ['HalfDay', 0], // 470 < 480
    '2/1/2': ['HalfDay', 0], // 470 < 540
    '2/2/1': ['Present', 0], // 470 ≥ 465
    '2/2/2': ['HalfDay', 0], // 470 < 525, ≥ 255
  };
  it.each(ALL_COMBOS.map((c) => [label(c), c] as const))('%s', (_l, c) => {
    const [status, overtime] = expected[`${String(c.type)}/${String(c.mode)}/${String(c.input)}`] ?? ['?', -1];
    const result = day(c, { timeLogs: logs });
    expect(result.status).toBe(status);
    expect(result.overtimeMinutes).toBe(overtime);
    expect(result.payableFraction).toBe(status === 'Present' ? 1 : 0.5);
    expect(result.totalMinutes).toBe(c.type === 1 ? 530 : 470);
    expect(result.requiredMinutes).toBe(c.input === 1 ? 480 : 540);
    expect(result.firstIn).toBe('10:00:00');
    expect(result.lastOut).toBe('18:50:00');
    expect(result.isLate).toBe(false);
  });
});

describe('late arrival (DESIGN §5: late = first in after shift start + grace)', () => {
  // In 10:16 → out 19:30 = 554 min under both types: a full day under every setting.
  it.each(ALL_COMBOS.map((c) => [label(c), c] as const))('%s: PresentButLate', (_l, c) => {
    const result = day(c, { timeLogs: [{ checkIn: '10:16:00', checkOut: '19:30:00' }] });
    expect(result.status).toBe('PresentButLate');
    expect(result.isLate).toBe(true);
    expect(result.payableFraction).toBe(1);
    expect(result.overtimeMinutes).toBe(c.input === 1 ? 74 : 14); // 554 − 480, 554 − 540
  });

  const strictManual: Combo = { type: 1, mode: 1, input: 1, holidays: true, leaves: true };
  it.each([
    ['10:15:00', false], // exactly start + grace is on time
    ['10:15:01', true],
    ['09:50:00', false],
  ])('in at %s → late %s', (checkIn, late) => {
    expect(day(strictManual, { timeLogs: [{ checkIn, checkOut: '19:00:00' }] }).isLate).toBe(late);
  });

  it('a late half day stays HalfDay, still marked late', () => {
    const result = day(strictManual, { timeLogs: [{ checkIn: '13:00', checkOut: '19:00' }] }); // 360 min
    expect(result).toMatchObject({ status: 'HalfDay', isLate: true, payableFraction: 0.5 });
  });

  it('with no grace, one second late is late', () => {
    const result = computeAttendanceDay({
      date: MONDAY,
      today: TODAY,
      shift: SHIFT,
      isHoliday: false,
      timeLogs: [{ checkIn: '10:00:01', checkOut: '19:00:00' }],
      settings: { ...settingsOf(strictManual), gracePeriodMinutes: 0 },
    });
    expect(result.status).toBe('PresentButLate');
  });
});

describe('absence and the half-day threshold', () => {
  it.each(ALL_COMBOS.map((c) => [label(c), c] as const))('%s: no logs is Absent, 2 hours is Absent', (_l, c) => {
    expect(day(c, { timeLogs: [] })).toMatchObject({ status: 'Absent', payableFraction: 0, firstIn: null, lastOut: null, totalMinutes: 0 });
    expect(day(c, { timeLogs: [{ checkIn: '10:00', checkOut: '12:00' }] })).toMatchObject({ status: 'Absent', payableFraction: 0, overtimeMinutes: 0 });
  });

  it.each([
    // 10:00–13:45 = 225 min: strict manual needs 240, lenient 240 − 15 = 225
    [1, 1, 'Absent'],
    [2, 1, 'HalfDay'],
    // shift hours: half 270, lenient 255 — 225 is short of both
    [1, 2, 'Absent'],
    [2, 2, 'Absent'],
  ] as const)('225 minutes, mode %i input %i → %s', (mode, input, status) => {
    const c: Combo = { type: 2, mode, input, holidays: true, leaves: true };
    expect(day(c, { timeLogs: [{ checkIn: '10:00', checkOut: '13:45' }] }).status).toBe(status);
  });
});

describe('holidays: areHolidaysIncluded decides whether time logged counts', () => {
  // 10:00–15:00 = 300 min ≥ every half threshold (240 / 270, lenient 225 / 255).
  it.each(ALL_COMBOS.map((c) => [label(c), c] as const))('%s', (_l, c) => {
    const result = day(c, { isHoliday: true, timeLogs: [{ checkIn: '10:00', checkOut: '15:00' }] });
    expect(result.status).toBe(c.holidays ? 'PresentOnHoliday' : 'Holiday');
    expect(result.overtimeMinutes).toBe(c.holidays ? 300 : 0); // a holiday requires nothing
    expect(result.requiredMinutes).toBe(0);
    expect(result.payableFraction).toBe(1);
    expect(result.totalMinutes).toBe(300);
    expect(result.isLate).toBe(false);
    // under an hour is no presence even when included
    expect(day(c, { isHoliday: true, timeLogs: [{ checkIn: '10:00', checkOut: '11:00' }] }).status).toBe('Holiday');
    expect(day(c, { isHoliday: true, timeLogs: [] })).toMatchObject({ status: 'Holiday', payableFraction: 1 });
  });

  it('a holiday on a week-off is a Holiday, and leave on it is not charged', () => {
    const c: Combo = { type: 1, mode: 1, input: 1, holidays: true, leaves: true };
    const unpaid: ApprovedLeave = { portion: 'full', isPaid: false };
    expect(day(c, { date: SUNDAY, isHoliday: true, timeLogs: [] })).toMatchObject({ status: 'Holiday', isWeekend: true, isHoliday: true });
    expect(day(c, { isHoliday: true, leave: unpaid, timeLogs: [] })).toMatchObject({ status: 'Holiday', payableFraction: 1 });
    expect(day(c, { date: SUNDAY, leave: unpaid, timeLogs: [] })).toMatchObject({ status: 'WeekOff', payableFraction: 1 });
  });
});

describe('week-offs: time logged always counts', () => {
  it.each(ALL_COMBOS.map((c) => [label(c), c] as const))('%s', (_l, c) => {
    expect(day(c, { date: SUNDAY, timeLogs: [{ checkIn: '10:00', checkOut: '15:00' }] })).toMatchObject({
      status: 'PresentOnWeekoff',
      overtimeMinutes: 300,
      payableFraction: 1,
      isWeekend: true,
    });
    expect(day(c, { date: SUNDAY, timeLogs: [] })).toMatchObject({ status: 'WeekOff', overtimeMinutes: 0, payableFraction: 1 });
  });
});

describe('full-day leave: areLeavesIncluded decides whether time logged counts', () => {
  const paid: ApprovedLeave = { portion: 'full', isPaid: true };
  const unpaid: ApprovedLeave = { portion: 'full', isPaid: false };
  // 10:00–15:00 = 300 min: a half day under every setting, never a full day (465 at the least).
  it.each(ALL_COMBOS.map((c) => [label(c), c] as const))('%s', (_l, c) => {
    const logs = [{ checkIn: '10:00', checkOut: '15:00' }];
    const onPaid = day(c, { leave: paid, timeLogs: logs });
    const onUnpaid = day(c, { leave: unpaid, timeLogs: logs });
    expect(onPaid.status).toBe(c.leaves ? 'PresentOnLeave' : 'Leave');
    expect(onPaid.payableFraction).toBe(1);
    expect(onPaid.overtimeMinutes).toBe(c.leaves ? 300 : 0); // a full-day leave requires nothing
    expect(onUnpaid.status).toBe(c.leaves ? 'PresentOnLeave' : 'Leave');
    expect(onUnpaid.payableFraction).toBe(c.leaves ? 0.5 : 0); // the worked half is paid
    expect(onPaid.isLate).toBe(false);
    expect(day(c, { leave: paid, timeLogs: [] })).toMatchObject({ status: 'Leave', payableFraction: 1 });
    expect(day(c, { leave: unpaid, timeLogs: [] })).toMatchObject({ status: 'Leave', payableFraction: 0 });
  });

  it('a full day worked on an unpaid leave pays the whole day when leaves are included', () => {
    const c: Combo = { type: 1, mode: 1, input: 2, holidays: true, leaves: true };
    expect(day(c, { leave: unpaid, timeLogs: [{ checkIn: '10:00', checkOut: '19:00' }] })).toMatchObject({ status: 'PresentOnLeave', payableFraction: 1, overtimeMinutes: 540 });
  });
});

describe('half-day leave plus a worked half', () => {
  const secondHalfPaid: ApprovedLeave = { portion: 'secondHalf', isPaid: true };
  const secondHalfUnpaid: ApprovedLeave = { portion: 'secondHalf', isPaid: false };
  // 10:00–14:30 = 270 min: meets the half day under every setting (240 / 270, lenient lower).
  it.each(ALL_COMBOS.map((c) => [label(c), c] as const))('%s', (_l, c) => {
    const logs = [{ checkIn: '10:00', checkOut: '14:30' }];
    const paid = day(c, { leave: secondHalfPaid, timeLogs: logs });
    expect(paid.status).toBe(c.leaves ? 'PresentOnLeave' : 'HalfDay');
    expect(paid.payableFraction).toBe(1); // worked half + paid leave half
    expect(paid.requiredMinutes).toBe(c.input === 1 ? 240 : 270);
    expect(paid.overtimeMinutes).toBe(c.input === 1 ? 30 : 0);
    expect(day(c, { leave: secondHalfUnpaid, timeLogs: logs }).payableFraction).toBe(0.5);
    // the other half not worked: the day is Leave and that half is lost
    expect(day(c, { leave: secondHalfPaid, timeLogs: [] })).toMatchObject({ status: 'Leave', payableFraction: 0.5 });
    expect(day(c, { leave: secondHalfUnpaid, timeLogs: [] })).toMatchObject({ status: 'Leave', payableFraction: 0 });
  });

  // First-half leave: work is expected from mid-shift, 10:00 + 4 h 30 = 14:30, late after 14:45.
  // 14:40–19:00 = 260 min: manual half 240 met; shift half 270 strict not met, lenient 255 met.
  it.each([
    [1, 1, 'PresentOnLeave'],
    [2, 1, 'PresentOnLeave'],
    [1, 2, 'Leave'],
    [2, 2, 'PresentOnLeave'],
  ] as const)('first-half leave, in 14:40, mode %i input %i → %s', (mode, input, status) => {
    const c: Combo = { type: 1, mode, input, holidays: true, leaves: true };
    const result = day(c, { leave: { portion: 'firstHalf', isPaid: true }, timeLogs: [{ checkIn: '14:40', checkOut: '19:00' }] });
    expect(result.status).toBe(status);
    expect(result.isLate).toBe(false);
  });

  it('first-half leave, in at 14:46, is late', () => {
    const c: Combo = { type: 1, mode: 1, input: 1, holidays: true, leaves: true };
    expect(day(c, { leave: { portion: 'firstHalf', isPaid: true }, timeLogs: [{ checkIn: '14:46', checkOut: '19:00' }] }).isLate).toBe(true);
  });
});

describe('today and future dates', () => {
  const c: Combo = { type: 1, mode: 1, input: 1, holidays: true, leaves: true };
  it('a future date is NotCalculated; only an approved unpaid leave is known to cost pay', () => {
    expect(day(c, { date: '2026-04-01', timeLogs: [] })).toMatchObject({ status: 'NotCalculated', payableFraction: 1 });
    expect(day(c, { date: '2026-04-01', isHoliday: true, timeLogs: [] })).toMatchObject({ status: 'NotCalculated', isHoliday: true, payableFraction: 1 });
    expect(day(c, { date: '2026-04-01', leave: { portion: 'full', isPaid: false }, timeLogs: [] }).payableFraction).toBe(0);
    expect(day(c, { date: '2026-04-01', leave: { portion: 'firstHalf', isPaid: false }, timeLogs: [] }).payableFraction).toBe(0.5);
    expect(day(c, { date: '2026-04-01', leave: { portion: 'full', isPaid: true }, timeLogs: [] }).payableFraction).toBe(1);
  });

  it('today is provisional: not yet Absent, but Present once the hours are in', () => {
    expect(day(c, { date: TODAY, timeLogs: [] }).status).toBe('NotCalculated');
    expect(day(c, { date: TODAY, timeLogs: [{ checkIn: '10:30' }] })).toMatchObject({ status: 'NotCalculated', firstIn: '10:30:00', isLate: true });
    expect(day(c, { date: TODAY, timeLogs: [{ checkIn: '10:00', checkOut: '18:00' }] }).status).toBe('Present');
  });
});

describe('a night shift belongs to the day it starts (DESIGN §5)', () => {
  it('22:00–06:00 shift, in 22:05, out 06:10 next morning: 485 min, Present, 5 min overtime', () => {
    const result = computeAttendanceDay({
      date: MONDAY,
      today: TODAY,
      shift: { shiftStart: '22:00:00', shiftEnd: '06:00:00' },
      isHoliday: false,
      timeLogs: [{ checkIn: '22:05:00', checkOut: '06:10:00' }],
      settings: { ...settingsOf({ type: 1, mode: 1, input: 2, holidays: true, leaves: true }) },
    });
    expect(result).toMatchObject({ status: 'Present', totalMinutes: 485, requiredMinutes: 480, overtimeMinutes: 5, isLate: false, firstIn: '22:05:00', lastOut: '30:10:00' });
  });
});

describe('bad settings are refused', () => {
  const base = settingsOf({ type: 1, mode: 1, input: 1, holidays: true, leaves: true });
  const run = (settings: AttendanceDaySettings, shift = SHIFT) => () =>
    computeAttendanceDay({ date: MONDAY, today: TODAY, shift, isHoliday: false, timeLogs: [], settings });
  it.each([
    ['grace above 120 (spec people §5)', run({ ...base, gracePeriodMinutes: 121 })],
    ['fractional grace', run({ ...base, gracePeriodMinutes: 2.5 })],
    ['manual input without durations', run({ ...base, fullDayDuration: null })],
    ['half day longer than full day', run({ ...base, fullDayDuration: '04:00', halfDayDuration: '05:00' })],
    ['a shift that starts and ends together', run(base, { shiftStart: '10:00:00', shiftEnd: '10:00:00' })],
  ])('%s', (_label, fn) => expect(fn).toThrow(RangeError));
});
