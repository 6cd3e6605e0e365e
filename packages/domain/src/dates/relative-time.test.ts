import { describe, expect, it } from 'vitest';
import { relativeTimeLabel } from './relative-time';

// Comment time labels, payroll §9: 'Just now' < 1 h, 'Nh ago' < 24 h, 'Nd ago' < 7 days, else a date.
const NOW = '2026-03-10T12:00:00Z';

describe('relativeTimeLabel', () => {
  it.each([
    ['2026-03-10T12:00:00Z', 'Just now'],
    ['2026-03-10T11:59:31Z', 'Just now'], // platform §9: under 30 s is 'Just now' too
    ['2026-03-10T11:00:01Z', 'Just now'], // 59 min 59 s
    ['2026-03-10T11:00:00Z', '1h ago'], // exactly one hour
    ['2026-03-10T09:30:00Z', '2h ago'], // 2 h 30 min rounds down
    ['2026-03-09T12:01:00Z', '23h ago'],
    ['2026-03-09T12:00:00Z', '1d ago'], // exactly 24 h
    ['2026-03-07T06:00:00Z', '3d ago'], // 3 d 6 h
    ['2026-03-03T12:00:01Z', '6d ago'],
    ['2026-03-03T12:00:00Z', '03 Mar 2026'], // exactly 7 days: the date (17:30 IST)
    ['2025-12-25T04:00:00Z', '25 Dec 2025'],
    ['2026-03-10T17:30:00+05:30', 'Just now'], // the same instant written in IST
    ['2026-03-10T12:05:00Z', 'Just now'], // a few minutes in the future (clock skew)
  ])('%s → %s', (instant, text) => expect(relativeTimeLabel(instant, NOW)).toBe(text));

  it('the date is the tenant’s calendar date: 19:00 UTC on 1 Feb is 2 Feb in India', () => {
    expect(relativeTimeLabel('2026-02-01T19:00:00Z', NOW)).toBe('02 Feb 2026');
    expect(relativeTimeLabel('2026-02-01T19:00:00Z', NOW, 'UTC')).toBe('01 Feb 2026');
  });

  it('refuses text that is not an instant', () => {
    expect(() => relativeTimeLabel('yesterday', NOW)).toThrow(RangeError);
    expect(() => relativeTimeLabel(NOW, '')).toThrow(RangeError);
  });
});
