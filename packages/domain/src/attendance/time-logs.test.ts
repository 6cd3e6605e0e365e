import { describe, expect, it } from 'vitest';
import { computeTotalMinutes, measureTimeLogs, secondsToTimeOfDay, timeOfDayToSeconds, type TimeLog } from './time-logs';

describe('times of day', () => {
  it.each([
    ['09:30', 34_200],
    ['09:30:15', 34_215],
    [570, 34_200], // minutes from midnight
    ['25:00:00', 90_000], // a next-day out-time of a shift that crosses midnight
  ] as const)('%s → %i s', (value, seconds) => expect(timeOfDayToSeconds(value)).toBe(seconds));

  it.each(['9:30', '10:60', '48:00:00', 'noon'])('refuses %s', (value) => expect(() => timeOfDayToSeconds(value)).toThrow(RangeError));
  it('refuses negative or fractional minutes', () => {
    expect(() => timeOfDayToSeconds(-1)).toThrow(RangeError);
    expect(() => timeOfDayToSeconds(10.5)).toThrow(RangeError);
  });
  it('writes HH:mm:ss, past 23 hours for the next day', () => {
    expect(secondsToTimeOfDay(36_000)).toBe('10:00:00');
    expect(secondsToTimeOfDay(108_600)).toBe('30:10:00');
  });
});

describe('total hours, both calculation types (spec people §3 totalHoursCalculationType)', () => {
  const split: TimeLog[] = [
    { checkIn: '10:00:00', checkOut: '13:00:00' },
    { checkIn: '14:00:00', checkOut: '18:50:00' },
  ];
  it.each([
    // 10:00 → 18:50 is 8 h 50 min = 530; pairs 180 + 290 = 470 (the lunch hour is not worked)
    ['two pairs with a break', split, 530, 470],
    // overlapping pairs 10–12 and 11–13 cover 10–13: 180 minutes, not 240
    ['overlapping pairs', [{ checkIn: '10:00', checkOut: '12:00' }, { checkIn: '11:00', checkOut: '13:00' }], 180, 180],
    // an open log (no check-out yet) adds no time under either type
    ['last log still open', [{ checkIn: '10:00', checkOut: '13:00' }, { checkIn: '14:00' }], 180, 180],
    ['only an open log', [{ checkIn: '10:00', checkOut: null }], 0, 0],
    // 22:00 → 06:00 next day: an out-time before its in-time is the next day's; 8 h
    ['night shift, out written 06:00', [{ checkIn: '22:00', checkOut: '06:00' }], 480, 480],
    ['night shift, out written 30:00', [{ checkIn: 1320, checkOut: 1800 }], 480, 480],
    // seconds are kept while measuring and dropped only at the end: 59 min 59 s → 59
    ['seconds dropped at the end', [{ checkIn: '09:00:00', checkOut: '09:59:59' }], 59, 59],
    ['no logs', [], 0, 0],
  ] as const)('%s: type 1 %i, type 2 %i', (_label, logs, type1, type2) => {
    expect(computeTotalMinutes(logs, 1)).toBe(type1);
    expect(computeTotalMinutes(logs, 2)).toBe(type2);
  });

  it('first in counts open logs; last out only closed ones', () => {
    const m = measureTimeLogs([{ checkIn: '14:00' }, { checkIn: '09:45', checkOut: '13:00' }], 1);
    expect(m).toEqual({ firstInSeconds: 35_100, lastOutSeconds: 46_800, workedSeconds: 11_700 });
  });
});
