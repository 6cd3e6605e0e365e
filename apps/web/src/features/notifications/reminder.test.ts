import { describe, expect, it } from 'vitest';
import { formatAbsentDates } from '@tankha/contracts';
import { reminderToast } from './reminder';

const push = (absentDates: string[]) => ({ title: 'Attendance missing', message: 'stored message', data: { tenantName: 'Acme Labs', employeeName: 'Asha Rao', absentDates } });

describe('attendance reminder toast (platform §4)', () => {
  it('lists the first 3 absent dates and a count of the rest, and closes after 15 s', () => {
    expect(reminderToast(push(['2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07']))).toEqual({
      title: 'Attendance missing',
      message: 'Your attendance is missing for 03 Mar 2025, 04 Mar 2025, 05 Mar 2025 and 2 more. Please check in or raise a regularization request.',
      autoClose: 15_000,
    });
  });

  it('lists all dates when there are 3 or fewer', () => {
    expect(formatAbsentDates(['2025-12-30', '2025-12-31', '2026-01-01'])).toBe('30 Dec 2025, 31 Dec 2025, 01 Jan 2026');
    expect(formatAbsentDates(['2025-02-28'])).toBe('28 Feb 2025');
    expect(formatAbsentDates(['2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06'])).toBe('03 Mar 2025, 04 Mar 2025, 05 Mar 2025 and 1 more');
  });

  it('falls back to the stored message when no dates came', () => {
    expect(reminderToast(push([])).message).toBe('stored message');
  });
});
