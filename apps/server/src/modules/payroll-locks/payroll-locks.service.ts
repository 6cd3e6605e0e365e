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
 * lock commits with the finalized run or not at all; every change to attendance, leave or
 * regularization asks `assertOpen` first, and the recompute leaves locked days alone
 * (`lockedMonthsBetween`). Nothing unlocks a month from HTTP: corrections go into a later month.
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

  async assertDatesOpen(scope: LockScope, dates: readonly string[]): Promise<void> {
    if (dates.length === 0) return;
    const sorted = [...dates].sort();
    const locked = await this.lockedMonthsBetween(scope, sorted[0] ?? '', sorted[sorted.length - 1] ?? '');
    const hit = sorted.find((d) => locked.has(d.slice(0, 7)));
    if (hit) throw new AppError(409, ErrorCode.Conflict, PAYROLL_LOCK_MSG.monthFinalized(hit.slice(0, 7)));
  }
}
