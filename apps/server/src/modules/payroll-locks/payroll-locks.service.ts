import { ErrorCode, PAYROLL_LOCK_MSG } from '@tankha/contracts';
import { addMonthsToMonth, dateOfMonth, daysInMonth } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';
import * as repo from './payroll-locks.repo';

type LockScope = Pick<TenantScope, 'db'>;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The days a finalized month locks, both ends included ('YYYY-MM-DD'). */
export interface LockedSpan {
  month: string;
  from: string;
  through: string;
  /** A lock without its own days (made before they were kept, or by `lockMonth` without them): the calendar month. */
  wholeMonth: boolean;
}

/** The days of a finalized month that may no longer change, and whether a date is one of them. */
export class LockedDays {
  constructor(readonly spans: readonly LockedSpan[]) {}

  spanOf(date: string): LockedSpan | undefined {
    return this.spans.find((s) => s.from <= date && date <= s.through);
  }

  has(date: string): boolean {
    return this.spanOf(date) !== undefined;
  }
}

function spanOf(lock: repo.LockRow): LockedSpan {
  if (lock.lockedFrom !== null && lock.lockedThrough !== null) return { month: lock.month, from: lock.lockedFrom, through: lock.lockedThrough, wholeMonth: false };
  return { month: lock.month, from: dateOfMonth(lock.month, 1), through: dateOfMonth(lock.month, daysInMonth(lock.month)), wholeMonth: true };
}

function refusal(span: LockedSpan): AppError {
  const message = span.wholeMonth ? PAYROLL_LOCK_MSG.monthFinalized(span.month) : PAYROLL_LOCK_MSG.monthFinalizedThrough(span.month, span.through);
  return new AppError(409, ErrorCode.Conflict, message);
}

/**
 * Months whose payroll is finalized (DESIGN §10, issue 16). POST /PayrollRuns/:id/finalize locks
 * its month through `lockMonth` in the finalize transaction (PayrollRunService.finalize), so the
 * lock commits with the finalized run or not at all; organisation-wide attendance changes (holidays,
 * shifts, manual logs, check-in) ask `assertOpen` first and the recompute leaves locked days alone
 * (`lockedDaysBetween`), while a person's leave and regularizations go through and are corrected
 * in a later month (DESIGN §10). Nothing unlocks a month from HTTP. It also keeps the marks of
 * employees whose inputs changed after processing (`markInputChanged`, `staleIn`, `clearStale`).
 *
 * A month finalized before its pay period ended locks only the days that had passed (issue 26): the
 * days still to come are paid as present and stay open, so a check-in or a manual log on them is
 * never refused for payroll's sake.
 */
export class PayrollLockService {
  constructor(private readonly deps: { clock: Clock }) {}

  /**
   * Locks `month`: the days `days.from`–`days.through` (a through before from locks no day, the
   * month is still recorded as finalized), or the calendar month without them.
   */
  async lockMonth({ db: tdb }: LockScope, month: string, lockedBy: string | null = null, days?: { from: string; through: string }): Promise<void> {
    if (!MONTH.test(month)) throw new RangeError(`not a month: ${month}`);
    if (days && (!DATE.test(days.from) || !DATE.test(days.through))) throw new RangeError(`not a range of dates: ${days.from}–${days.through}`);
    await repo.excludeMonthLocks(tdb);
    await repo.insertLock(tdb, { month, lockedFrom: days?.from ?? null, lockedThrough: days?.through ?? null }, lockedBy, this.deps.clock.now());
  }

  /** Reopening a month is for a payroll run's reversal (and tests); nothing calls it from HTTP. */
  async unlockMonth({ db: tdb }: LockScope, month: string): Promise<void> {
    await repo.excludeMonthLocks(tdb);
    await repo.deleteLock(tdb, month);
  }

  async isLocked({ db: tdb }: LockScope, month: string): Promise<boolean> {
    return (await repo.findLocks(tdb, month, month)).length > 0;
  }

  /**
   * The locked days among the dates from `from` to `to` (inclusive, 'YYYY-MM-DD'). A month's locked
   * days lie in its calendar month or, for a fixed-range period, start in the month before: the locks
   * of the months from `from`'s to the one after `to`'s are read.
   */
  async lockedDaysBetween({ db: tdb }: LockScope, from: string, to: string): Promise<LockedDays> {
    if (from > to) return new LockedDays([]);
    await repo.shareMonthLocks(tdb);
    const locks = await repo.findLocks(tdb, from.slice(0, 7), addMonthsToMonth(to.slice(0, 7), 1));
    return new LockedDays(locks.map(spanOf).filter((s) => s.from <= s.through && s.from <= to && s.through >= from));
  }

  /**
   * Refuses a change that would alter any day from `from` to `to` when one of them is a locked day of
   * a finalized month (409 with the contract's message naming the month, and the last locked day when
   * the month was finalized before its period ended).
   */
  async assertOpen(scope: LockScope, from: string, to: string = from): Promise<void> {
    const locked = await this.lockedDaysBetween(scope, from, to);
    const first = [...locked.spans].sort((a, b) => a.from.localeCompare(b.from))[0];
    if (first) throw refusal(first);
  }

  /**
   * A fact of an employee changed days from `from` to `to` (leave decided, a regularization completed):
   * each month of them not finalized gets a mark with the reason, so a processed run shows the employee
   * stale and finalize waits for a re-process (DESIGN §10). Finalized months are corrected later instead.
   */
  async markInputChanged(scope: LockScope, userId: string, from: string, to: string, reason: string): Promise<void> {
    if (from > to) return;
    // A finalized month — wholly or up to its finalize day — is corrected in a later month, not marked.
    await repo.shareMonthLocks(scope.db);
    const finalized = new Set((await repo.findLocks(scope.db, from.slice(0, 7), to.slice(0, 7))).map((l) => l.month));
    const months: string[] = [];
    for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = nextMonth(month)) if (!finalized.has(month)) months.push(month);
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
    const locked = await this.lockedDaysBetween(scope, sorted[0] ?? '', sorted[sorted.length - 1] ?? '');
    for (const date of sorted) {
      const span = locked.spanOf(date);
      if (span) throw refusal(span);
    }
  }
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${String(y + 1)}-01` : `${String(y)}-${String(m + 1).padStart(2, '0')}`;
}
