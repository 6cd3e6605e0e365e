import { ErrorCode, PAYROLL_LOCK_MSG } from '@tankha/contracts';
import { addMonthsToMonth, dateOfMonth, daysInMonth } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';
import * as repo from './payroll-locks.repo';

type LockScope = Pick<TenantScope, 'db'>;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A change to an input of pay, for `markChanged`. */
export interface InputChange {
  /** The employees whose pay it changes, or 'everyone' paid in the run (a holiday). */
  userIds: readonly string[] | 'everyone';
  reach: repo.RunMatch;
  /** Who made the change (named in the reason), or null when the reason needs no name. */
  by: string | null;
  reason: (by: string) => string;
}

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
 * Months whose payroll is finalized (DESIGN §10). POST /PayrollRuns/:id/finalize locks
 * its month through `lockMonth` in the finalize transaction (PayrollRunService.finalize), so the
 * lock commits with the finalized run or not at all; organisation-wide attendance changes (holidays,
 * shifts, manual logs, check-in) ask `assertOpen` first and the recompute leaves locked days alone
 * (`lockedDaysBetween`), while a person's leave and regularizations go through and are corrected
 * in a later month (DESIGN §10). Nothing unlocks a month from HTTP. It also keeps the marks of
 * employees whose inputs changed after processing (`markChanged`, `markInputChanged`, `staleIn`, `staleSeen`).
 *
 * A month finalized before its pay period ended locks only the days that had passed: the
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
   * the processed months whose pay period has one of those days get a mark with the reason
   * (`markChanged`). Finalized months are corrected later instead.
   */
  async markInputChanged(scope: LockScope, userId: string, from: string, to: string, reason: string): Promise<void> {
    if (from > to) return;
    await this.markChanged(scope, { userIds: [userId], reach: { from, to }, by: null, reason: () => reason });
  }

  /**
   * An input of pay changed (DESIGN §10, a month's life): each run already processed — or processing,
   * whose employees done so far read the old input — that the change reaches marks the employees with
   * the reason, so the run shows them stale and finalize waits for a re-process. `reach` is the days
   * changed (runs whose pay period has one), the months (a financial year's tax), or 'any' (an input
   * the open month reads whatever its dates: an approved claim, a bank account). 'everyone' is each
   * employee with a payslip in the run (a holiday). Draft runs are not marked (processing reads the
   * inputs afresh) and finalized ones cannot be (late facts go to the next month). The month-lock lock
   * is held shared until the change commits, so finalize (exclusive) sees the mark or the change sees
   * the month finalized. `reason` gets the name of `by` (the person who changed it).
   */
  async markChanged(scope: LockScope, change: InputChange): Promise<void> {
    if (change.userIds !== 'everyone' && change.userIds.length === 0) return;
    if (typeof change.reach === 'object' && 'from' in change.reach && change.reach.from > change.reach.to) return;
    await repo.shareMonthLocks(scope.db);
    const runs = await repo.findProcessedRuns(scope.db, change.reach);
    if (runs.length === 0) return;
    const by = (change.by ? await repo.findPersonName(scope.db, change.by) : undefined) ?? 'an administrator';
    const reason = change.reason(by);
    const userIds = change.userIds;
    const rows =
      userIds === 'everyone'
        ? (await repo.findPayslipHolders(scope.db, runs.map((r) => r.id))).map((h) => ({ userId: h.userId, month: h.month, reason }))
        : runs.flatMap((run) => [...new Set(userIds)].map((userId) => ({ userId, month: run.month, reason })));
    await repo.insertStaleMarks(scope.db, rows, this.deps.clock.now());
  }

  /** The month's stale employees with their reasons, in the order they were marked. */
  async staleIn(scope: LockScope, month: string): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    for (const mark of await repo.findStaleMarks(scope.db, month)) out.set(mark.userId, [...(out.get(mark.userId) ?? []), mark.reason]);
    return out;
  }

  /**
   * Processing these employees takes their changes in, so their marks go — but only the marks that
   * existed before the processing read the inputs: a change committed while a chunk computes (its
   * mark committed after the chunk read the old input) keeps its mark. Call before reading the
   * inputs; the returned function removes what was seen, in the same transaction, after writing.
   */
  async staleSeen(scope: LockScope, month: string, userIds: readonly string[]): Promise<() => Promise<void>> {
    const ids = await repo.findStaleMarkIds(scope.db, month, userIds);
    return () => repo.deleteStaleMarks(scope.db, ids);
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
