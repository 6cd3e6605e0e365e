import { describe, expect, it } from 'vitest';
import { countLeaveDays } from './balance';
import { leavePolicyFor, type LeavePolicyRule } from './policy';

/**
 * Worked examples on the June 2026 calendar (Monday 1 June): Saturdays and Sundays off, and a
 * holiday on Wednesday 17 June. 12 June is a Friday, 13–14 a weekend, 15 a Monday.
 */
const HOLIDAY = '2026-06-17';
const isWorkingDay = (d: string) => {
  const day = new Date(`${d}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6 && d !== HOLIDAY;
};
const days = (startDate: string, endDate: string, sandwich: boolean, portion: 'full' | 'firstHalf' = 'full') =>
  countLeaveDays({ startDate, endDate, portion, isWorkingDay, sandwich });

describe('the sandwich rule', () => {
  it.each([
    // [from, to, days without, days with, why]
    ['2026-06-12', '2026-06-15', 2, 4, 'Friday to Monday: the weekend between is leave'],
    ['2026-06-16', '2026-06-18', 2, 3, 'Tuesday to Thursday around the Wednesday holiday'],
    ['2026-06-12', '2026-06-19', 5, 8, 'Friday to the next Friday: weekend and holiday between'],
    ['2026-06-13', '2026-06-15', 1, 1, 'Saturday to Monday: the weekend is before the first leave day'],
    ['2026-06-12', '2026-06-14', 1, 1, 'Friday to Sunday: the weekend is after the last leave day'],
    ['2026-06-13', '2026-06-14', 0, 0, 'a weekend alone is no leave'],
    ['2026-06-15', '2026-06-16', 2, 2, 'nothing off between'],
    ['2026-06-05', '2026-06-15', 7, 11, 'Friday to Monday a week later: 7 working days, two weekends between'],
  ] as const)('%s – %s: %d days, %d with the rule (%s)', (from, to, without, withRule, _why) => {
    expect(days(from, to, false)).toBe(without);
    expect(days(from, to, true)).toBe(withRule);
  });

  it('leaves a half day alone', () => {
    expect(days('2026-06-12', '2026-06-12', true, 'firstHalf')).toBe(0.5);
    expect(days('2026-06-13', '2026-06-13', true, 'firstHalf')).toBe(0);
  });
});

const FULL_TIME = 'et-full-time';
const INTERN = 'et-intern';
const SALES = 'dept-sales';
const OPS = 'dept-ops';
const policy = (p: Partial<LeavePolicyRule>): LeavePolicyRule => ({ leaveTypeId: 'EL', employmentTypeIds: [], departmentIds: [], sandwichRule: false, isActive: true, ...p });

describe('leave policy applicability', () => {
  it('a type without policies applies to everyone, without the sandwich rule', () => {
    expect(leavePolicyFor('EL', [policy({ leaveTypeId: 'CL', employmentTypeIds: [INTERN] })], { employmentTypeId: null, departmentId: null })).toEqual({ applies: true, sandwich: false });
  });

  it('earned leave for full-time employees only: interns and people without a type are left out', () => {
    const policies = [policy({ employmentTypeIds: [FULL_TIME] })];
    expect(leavePolicyFor('EL', policies, { employmentTypeId: FULL_TIME, departmentId: SALES }).applies).toBe(true);
    expect(leavePolicyFor('EL', policies, { employmentTypeId: INTERN, departmentId: SALES }).applies).toBe(false);
    expect(leavePolicyFor('EL', policies, { employmentTypeId: null, departmentId: SALES }).applies).toBe(false);
  });

  it('needs both the employment type and the department to match', () => {
    const policies = [policy({ employmentTypeIds: [FULL_TIME], departmentIds: [OPS] })];
    expect(leavePolicyFor('EL', policies, { employmentTypeId: FULL_TIME, departmentId: OPS }).applies).toBe(true);
    expect(leavePolicyFor('EL', policies, { employmentTypeId: FULL_TIME, departmentId: SALES }).applies).toBe(false);
    expect(leavePolicyFor('EL', policies, { employmentTypeId: FULL_TIME, departmentId: null }).applies).toBe(false);
  });

  it('the sandwich rule holds when any covering policy sets it; a policy that does not cover the employee has no say', () => {
    const policies = [policy({ departmentIds: [OPS], sandwichRule: true }), policy({ departmentIds: [SALES] })];
    expect(leavePolicyFor('EL', policies, { employmentTypeId: null, departmentId: OPS })).toEqual({ applies: true, sandwich: true });
    expect(leavePolicyFor('EL', policies, { employmentTypeId: null, departmentId: SALES })).toEqual({ applies: true, sandwich: false });
  });

  it('ignores inactive policies', () => {
    expect(leavePolicyFor('EL', [policy({ employmentTypeIds: [FULL_TIME], isActive: false })], { employmentTypeId: INTERN, departmentId: null })).toEqual({ applies: true, sandwich: false });
  });
});
