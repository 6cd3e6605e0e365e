import { describe, expect, it } from 'vitest';
import { Role, type AttendanceDayView } from '@tankha/contracts';
import { DAY_COLOURS, approvalActions, approvalLabel, dayKind, formatClock, presetRange, tooltipLines, truncateGridText } from './attendance-rules';

const day = (overrides: Partial<AttendanceDayView> = {}): AttendanceDayView => ({
  date: '2026-12-01',
  beforeOrganisation: false,
  isWeekend: false,
  isHoliday: false,
  holidayName: null,
  leave: null,
  attendanceStatus: 'Present',
  startTime: '10:05:00',
  endTime: '19:10:00',
  totalMinutes: 545,
  overtimeMinutes: 5,
  isLate: false,
  approvalStatus: 2,
  shiftInfo: { shiftName: 'General', shiftStart: '10:00:00', shiftEnd: '19:00:00' },
  ...overrides,
});

describe('grid text (people spec §2.11, §9: 18 characters then ...)', () => {
  it('keeps 18 characters and cuts the 19th', () => {
    expect(truncateGridText('Aditi Agarwal')).toBe('Aditi Agarwal');
    expect(truncateGridText('abcdefghijklmnopqr')).toBe('abcdefghijklmnopqr');
    expect(truncateGridText('aditi.agarwal@nilgiri.demo')).toBe('aditi.agarwal@nilg...');
  });
});

describe('day colours (people spec §2.11)', () => {
  it.each([
    [{ attendanceStatus: 'WeekOff', isWeekend: true }, 'weekend', '#adb5bd'],
    [{ attendanceStatus: 'NotCalculated', isWeekend: true }, 'weekend', '#adb5bd'],
    [{ attendanceStatus: 'Holiday', isHoliday: true }, 'holiday', '#f59f00'],
    [{ attendanceStatus: 'NotCalculated', isHoliday: true }, 'holiday', '#f59f00'],
    [{ attendanceStatus: 'Leave', leave: { leaveTypeName: 'Casual', portion: 'full', isPaid: true } }, 'leave', '#1c7ed6'],
    [{ attendanceStatus: 'Present' }, 'present', '#2f9e44'],
    [{ attendanceStatus: 'PresentButLate' }, 'present', '#2f9e44'],
    [{ attendanceStatus: 'HalfDay' }, 'halfDay', '#e7f5ff'],
    [{ attendanceStatus: 'Absent' }, 'absent', '#e03131'],
    [{ attendanceStatus: 'NotCalculated' }, 'other', '#f1f3f5'],
  ] as const)('%o is %s', (overrides, kind, background) => {
    const k = dayKind(day(overrides as Partial<AttendanceDayView>));
    expect(k).toBe(kind);
    expect(DAY_COLOURS[k].background).toBe(background);
  });

  it('draws half day as a blue outline, apart from the filled blue of leave', () => {
    expect(DAY_COLOURS.halfDay.border).toBe(DAY_COLOURS.leave.background);
    expect(DAY_COLOURS.halfDay.background).not.toBe(DAY_COLOURS.leave.background);
  });
});

describe('tooltip (people spec §2.11)', () => {
  it('lists Date, Status, First In, Last Out and the shift', () => {
    expect(tooltipLines(day())).toEqual([
      { label: 'Date', value: '01 Dec 2026' },
      { label: 'Status', value: 'Present' },
      { label: 'First In', value: '10:05 AM' },
      { label: 'Last Out', value: '07:10 PM' },
      { label: 'Shift', value: 'General (10:00 AM - 07:00 PM)' },
    ]);
  });

  it('shows Not Calculated for other statuses and N/A without times or shift', () => {
    expect(tooltipLines(day({ attendanceStatus: 'Holiday', startTime: null, endTime: null, shiftInfo: null })).map((l) => l.value)).toEqual([
      '01 Dec 2026',
      'Not Calculated',
      'N/A',
      'N/A',
      'N/A',
    ]);
  });
});

describe('a night shift past midnight (never 26:57)', () => {
  it('shows the next day\'s clock time with (+1)', () => {
    expect(formatClock('26:57:00')).toBe('02:57 AM (+1)');
    expect(formatClock('24:00:00')).toBe('12:00 AM (+1)');
    expect(formatClock('23:59:00')).toBe('11:59 PM');
    expect(formatClock('12:30:00')).toBe('12:30 PM');
  });

  it('the tooltip shows the last out of a night shift as the next morning', () => {
    const night = day({ startTime: '22:02:00', endTime: '26:57:00', shiftInfo: { shiftName: 'Night Shift', shiftStart: '22:00:00', shiftEnd: '06:00:00' } });
    expect(tooltipLines(night).map((l) => l.value)).toEqual(['01 Dec 2026', 'Present', '10:02 PM', '02:57 AM (+1)', 'Night Shift (10:00 PM - 06:00 AM)']);
  });
});

describe('tooltip status', () => {
  it.each([
    ['Present', 'Present'],
    ['PresentButLate', 'PresentButLate'],
    ['HalfDay', 'HalfDay'],
    ['Absent', 'Absent'],
    ['PresentOnWeekoff', 'Present'],
    ['PresentOnHoliday', 'Present'],
    ['PresentOnLeave', 'Present'],
    ['Leave', 'Not Calculated'],
    ['WeekOff', 'Not Calculated'],
    ['NotCalculated', 'Not Calculated'],
  ] as const)('%s shows %s', (status, shown) => {
    expect(tooltipLines(day({ attendanceStatus: status }))[1]?.value).toBe(shown);
  });
});

describe('approval (people spec §3, §4)', () => {
  it('labels WaitingForApproval as Pending', () => {
    expect([approvalLabel(1), approvalLabel(2), approvalLabel(3), approvalLabel(null)]).toEqual(['Pending', 'Approved', 'Rejected', '-']);
  });
  it.each([
    [Role.Administrator, 1, { approve: true, reject: true }],
    [Role.Administrator, 2, { approve: false, reject: true }],
    [Role.Administrator, 3, { approve: true, reject: false }],
    [Role.Moderator, 1, { approve: true, reject: false }],
    [Role.Moderator, 2, { approve: false, reject: false }],
    [Role.Moderator, 3, { approve: true, reject: false }],
    [Role.Member, 1, { approve: false, reject: false }],
  ] as const)('role %i on status %i', (role, status, expected) => {
    expect(approvalActions(role, status)).toEqual(expected);
  });
});

describe('date-range presets (weeks Monday to Sunday, platform §9)', () => {
  // 2 December 2026 is a Wednesday.
  it.each([
    ['Today', '2026-12-02', '2026-12-02'],
    ['Yesterday', '2026-12-01', '2026-12-01'],
    ['This Week', '2026-11-30', '2026-12-06'],
    ['Last Week', '2026-11-23', '2026-11-29'],
    ['This Month', '2026-12-01', '2026-12-31'],
    ['Last Month', '2026-11-01', '2026-11-30'],
  ] as const)('%s', (preset, startDate, endDate) => {
    expect(presetRange(preset, '2026-12-02')).toEqual({ startDate, endDate });
  });
});
