/**
 * Leave policies (docs/decisions/0134-leave-administration.md): which leave types apply
 * to which employees, by employment type and department, and whether the sandwich rule counts the
 * week-offs and holidays between leave days.
 */

export interface LeavePolicyRule {
  leaveTypeId: string;
  /** Employment types (options of the Employment Type field) it covers; empty: every employment type. */
  employmentTypeIds: readonly string[];
  /** Departments it covers; empty: every department. */
  departmentIds: readonly string[];
  sandwichRule: boolean;
  isActive: boolean;
}

export interface LeavePolicySubject {
  employmentTypeId: string | null;
  departmentId: string | null;
}

export interface LeavePolicyOutcome {
  /** Whether the employee may take (and has a balance of) the leave type. */
  applies: boolean;
  /** Whether week-offs and holidays between leave days count as leave. */
  sandwich: boolean;
}

const covers = (list: readonly string[], value: string | null): boolean => list.length === 0 || (value !== null && list.includes(value));

/**
 * What the organisation's policies say about one leave type for one employee. A type no active
 * policy names applies to everyone, without the sandwich rule. Once a type has active policies, it
 * applies only to employees some policy covers (an employee without an employment type or a
 * department is covered only by a policy that leaves that list empty), and the sandwich rule holds
 * when any covering policy sets it.
 */
export function leavePolicyFor(leaveTypeId: string, policies: readonly LeavePolicyRule[], subject: LeavePolicySubject): LeavePolicyOutcome {
  const own = policies.filter((p) => p.isActive && p.leaveTypeId === leaveTypeId);
  if (own.length === 0) return { applies: true, sandwich: false };
  const matching = own.filter((p) => covers(p.employmentTypeIds, subject.employmentTypeId) && covers(p.departmentIds, subject.departmentId));
  return { applies: matching.length > 0, sandwich: matching.some((p) => p.sandwichRule) };
}
