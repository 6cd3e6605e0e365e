import { ErrorCode, PAYROLL_LOCK_MSG } from '@tankha/contracts';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';
import * as repo from './payroll-locks.repo';

type LockScope = Pick<TenantScope, 'db'>;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Months whose payroll is finalized (DESIGN §10, issue 16). POST /PayrollRuns/:id/finalize locks
 * its month through `lockMonth` in the finalize transaction (PayrollRunService.finalize), so the
 * lock commits with the finalized run or not at all; organisation-wide attendance changes (holidays,
 * shifts, manual logs, check-in) ask `assertOpen` first and the recompute leaves locked days alone
 * (`lockedMonthsBetween`), while a person's leave and regularizations go through and are corrected
 * in a later month (DESIGN §10). Nothing unlocks a month from HTTP. It also keeps the marks of
 * employees whose inputs changed after processing (`markInputChanged`, `staleIn`, `clearStale`).
 */
export class PayrollLockService {
  constructor(private readonly deps: { clock: Clock }) {}

  async lockMonth({ db: tdb }: LockScope, month: string, lockedBy: string | null = null): Promise<void> {
    if (!MONTH.test(month)) throw new RangeError(`not a month: ${month}`);
    await repo.excludeMonthLocks(tdb);
    await repo.insertLock(tdb, month, lockedBy, this.deps.clock.now());
  }

  /** Reopening a month is for a payroll run's reversal (and tests); nothing calls it from HTTP. */
  async unlockMonth({ db: tdb }: LockScope, month: string): Promise<void> {
    await repo.excludeMonthLocks(tdb);
    await repo.deleteLock(tdb, month);
  }

  async isLocked({ db: tdb }: LockScope, month: string): Promise<boolean> {
    return (await repo.findLockedMonths(tdb, month, month)).length > 0;
  }

  /** The locked 'YYYY-MM' months touching the dates from `from` to `to` (inclusive, 'YYYY-MM-DD'). */
  async lockedMonthsBetween({ db: tdb }: LockScope, from: string, to: string): Promise<Set<string>> {
    if (from > to) return new Set();
    await repo.shareMonthLocks(tdb);
    return new Set(await repo.findLockedMonths(tdb, from.slice(0, 7), to.slice(0, 7)));
  }

  /**
   * Refuses a change that would alter any day from `from` to `to` (or the listed dates) when one of
   * them lies in a finalized month (409 with the contract's message naming the first such month).
   */
  async assertOpen(scope: LockScope, from: string, to: string = from): Promise<void> {
    const locked = await this.lockedMonthsBetween(scope, from, to);
    const first = [...locked].sort()[0];
    if (first) throw new AppError(409, ErrorCode.Conflict, PAYROLL_LOCK_MSG.monthFinalized(first));
  }

  /**
   * A fact of an employee changed days from `from` to `to` (leave decided, a regularization completed):
   * each month of them not finalized gets a mark with the reason, so a processed run shows the employee
   * stale and finalize waits for a re-process (DESIGN §10). Finalized months are corrected later instead.
   */
  async markInputChanged(scope: LockScope, userId: string, from: string, to: string, reason: string): Promise<void> {
    if (from > to) return;
    const locked = await this.lockedMonthsBetween(scope, from, to);
    const months: string[] = [];
    for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = nextMonth(month)) if (!locked.has(month)) months.push(month);
    await repo.insertStaleMarks(scope.db, months.map((month) => ({ userId, month, reason })), this.deps.clock.now());
  }

  /** The month's stale employees with their reasons, in the order they were marked. */
  async staleIn(scope: LockScope, month: string): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    for (const mark of await repo.findStaleMarks(scope.db, month)) out.set(mark.userId, [...(out.get(mark.userId) ?? []), mark.reason]);
    return out;
  }

  /** Processing these employees (or the whole month) takes their changes in: the marks go. */
  async clearStale(scope: LockScope, month: string, userIds?: readonly string[]): Promise<void> {
    await repo.deleteStaleMarks(scope.db, month, userIds);
  }

  async assertDatesOpen(scope: LockScope, dates: readonly string[]): Promise<void> {
    if (dates.length === 0) return;
    const sorted = [...dates].sort();
    const locked = await this.lockedMonthsBetween(scope, sorted[0] ?? '', sorted[sorted.length - 1] ?? '');
    const hit = sorted.find((d) => locked.has(d.slice(0, 7)));
    if (hit) throw new AppError(409, ErrorCode.Conflict, PAYROLL_LOCK_MSG.monthFinalized(hit.slice(0, 7)));
  }
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${String(y + 1)}-01` : `${String(y)}-${String(m + 1).padStart(2, '0')}`;
}
