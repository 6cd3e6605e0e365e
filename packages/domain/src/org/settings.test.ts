import { describe, expect, it } from 'vitest';
import { isValidWorkingHours, joinWeekDaysOff, parseWeekDaysOff } from './settings';

describe('organisation working-time settings (platform §5: whole hours 6 to 14)', () => {
  it.each([
    [5, false],
    [6, true],
    [9, true],
    [14, true],
    [15, false],
    [8.5, false],
    [Number.NaN, false],
  ])('%s hours → %s', (hours, valid) => expect(isValidWorkingHours(hours)).toBe(valid));

  it('days off travel as comma-joined text and unknown names are dropped', () => {
    expect(joinWeekDaysOff(['Sunday', 'Saturday'])).toBe('Sunday,Saturday');
    expect(parseWeekDaysOff('Sunday, Saturday,Funday')).toEqual(['Sunday', 'Saturday']);
    expect(parseWeekDaysOff('')).toEqual([]);
  });
});
