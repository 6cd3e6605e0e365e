import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { UserStatus } from '@tankha/contracts';
import type { TaxWindowKind } from '@tankha/domain';
import { taxReminderDeliveries, taxWindowNotices, taxWindowReminders, taxWindows, tenants, users } from '../../db/schema';
import type { GlobalDb, TenantDb } from '../../platform/tenancy';

export type WindowRow = typeof taxWindows.$inferSelect & { lockedByName: string | null };
export type ReminderRow = Pick<typeof taxWindowReminders.$inferSelect, 'id' | 'windowId' | 'daysBeforeLockDate' | 'isEnabled' | 'subject' | 'body'>;
export type WindowWrite = Omit<typeof taxWindows.$inferInsert, 'id' | 'tenantId' | 'kind' | 'financialYearStart' | 'createdAt'>;

const REMINDER = {
  id: taxWindowReminders.id,
  windowId: taxWindowReminders.windowId,
  daysBeforeLockDate: taxWindowReminders.daysBeforeLockDate,
  isEnabled: taxWindowReminders.isEnabled,
  subject: taxWindowReminders.subject,
  body: taxWindowReminders.body,
};

const own = (tdb: TenantDb) => eq(taxWindows.tenantId, tdb.tenantId);

async function selectWindows(tdb: TenantDb, where: ReturnType<typeof and>): Promise<WindowRow[]> {
  const rows = await tdb.tx
    .select({ window: taxWindows, firstName: users.firstName, lastName: users.lastName })
    .from(taxWindows)
    .leftJoin(users, eq(users.id, taxWindows.lockedBy))
    .where(and(own(tdb), where));
  return rows.map((r) => ({ ...r.window, lockedByName: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim() }));
}

export async function findWindow(tdb: TenantDb, kind: TaxWindowKind, financialYearStart: number): Promise<WindowRow | undefined> {
  const [row] = await selectWindows(tdb, and(eq(taxWindows.kind, kind), eq(taxWindows.financialYearStart, financialYearStart)));
  return row;
}

export async function findWindowById(tdb: TenantDb, kind: TaxWindowKind, id: string): Promise<WindowRow | undefined> {
  const [row] = await selectWindows(tdb, and(eq(taxWindows.kind, kind), eq(taxWindows.id, id)));
  return row;
}

/** The window's row locked for this transaction: two administrators saving or locking at once take turns. */
export async function lockWindowRow(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.select({ id: taxWindows.id }).from(taxWindows).where(and(own(tdb), eq(taxWindows.id, id))).for('update');
}

/**
 * Creates the window of (kind, year), or, when another request created it first, answers undefined
 * (ON CONFLICT DO NOTHING on the organisation/kind/year key) so the caller can update it instead.
 */
export async function insertWindow(tdb: TenantDb, kind: TaxWindowKind, financialYearStart: number, values: WindowWrite): Promise<string | undefined> {
  const [row] = await tdb.tx
    .insert(taxWindows)
    .values({ ...values, tenantId: tdb.tenantId, kind, financialYearStart })
    .onConflictDoNothing({ target: [taxWindows.tenantId, taxWindows.kind, taxWindows.financialYearStart] })
    .returning({ id: taxWindows.id });
  return row?.id;
}

export async function updateWindow(tdb: TenantDb, id: string, values: Partial<WindowWrite>): Promise<void> {
  await tdb.tx
    .update(taxWindows)
    .set(values)
    .where(and(own(tdb), eq(taxWindows.id, id)));
}

/** Locks a released window; answers false when it was already locked (the conditional update found nothing). */
export async function lockWindow(tdb: TenantDb, id: string, values: { lockedAt: Date; lockedBy: string | null }): Promise<boolean> {
  const rows = await tdb.tx
    .update(taxWindows)
    .set({ status: 0, lockedAt: values.lockedAt, lockedBy: values.lockedBy, updatedAt: values.lockedAt })
    .where(and(own(tdb), eq(taxWindows.id, id), eq(taxWindows.status, 1)))
    .returning({ id: taxWindows.id });
  return rows.length > 0;
}

/** Released windows whose lock date is before `today`: the schedule locks them. */
export async function findReleasedPastLockDate(tdb: TenantDb, today: string): Promise<{ id: string; kind: TaxWindowKind; notifyOnLock: boolean }[]> {
  return tdb.tx
    .select({ id: taxWindows.id, kind: taxWindows.kind, notifyOnLock: taxWindows.notifyOnLock })
    .from(taxWindows)
    .where(and(own(tdb), eq(taxWindows.status, 1), lt(taxWindows.lockDate, today)));
}

/** Released windows still open on `today`, with reminder e-mails on. */
export async function findWindowsWithReminders(tdb: TenantDb, today: string): Promise<WindowRow[]> {
  return selectWindows(tdb, and(eq(taxWindows.status, 1), gte(taxWindows.lockDate, today), eq(taxWindows.enableReminderEmails, true)));
}

// ---- Reminders ----------------------------------------------------------------------------------

export async function findReminders(tdb: TenantDb, windowIds: readonly string[]): Promise<ReminderRow[]> {
  if (windowIds.length === 0) return [];
  return tdb.tx
    .select(REMINDER)
    .from(taxWindowReminders)
    .where(and(eq(taxWindowReminders.tenantId, tdb.tenantId), inArray(taxWindowReminders.windowId, [...windowIds])))
    .orderBy(asc(taxWindowReminders.windowId), sql`${taxWindowReminders.daysBeforeLockDate} DESC`);
}

export async function findReminder(tdb: TenantDb, id: string): Promise<ReminderRow | undefined> {
  const [row] = await tdb.tx
    .select(REMINDER)
    .from(taxWindowReminders)
    .where(and(eq(taxWindowReminders.tenantId, tdb.tenantId), eq(taxWindowReminders.id, id)));
  return row;
}

export interface ReminderWrite {
  daysBeforeLockDate: number;
  isEnabled: boolean;
  subject: string;
  body: string;
}

export async function insertReminders(tdb: TenantDb, windowId: string, reminders: readonly ReminderWrite[], now: Date): Promise<string[]> {
  if (reminders.length === 0) return [];
  const rows = await tdb.tx
    .insert(taxWindowReminders)
    .values(reminders.map((r) => ({ ...r, tenantId: tdb.tenantId, windowId, createdAt: now, updatedAt: now })))
    .returning({ id: taxWindowReminders.id });
  return rows.map((r) => r.id);
}

export async function updateReminder(tdb: TenantDb, id: string, values: ReminderWrite, now: Date): Promise<void> {
  await tdb.tx
    .update(taxWindowReminders)
    .set({ ...values, updatedAt: now })
    .where(and(eq(taxWindowReminders.tenantId, tdb.tenantId), eq(taxWindowReminders.id, id)));
}

export async function disableReminders(tdb: TenantDb, windowId: string, now: Date): Promise<void> {
  await tdb.tx
    .update(taxWindowReminders)
    .set({ isEnabled: false, updatedAt: now })
    .where(and(eq(taxWindowReminders.tenantId, tdb.tenantId), eq(taxWindowReminders.windowId, windowId), eq(taxWindowReminders.isEnabled, true)));
}

export async function deleteReminder(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(taxWindowReminders).where(and(eq(taxWindowReminders.tenantId, tdb.tenantId), eq(taxWindowReminders.id, id)));
}

// ---- Organisation and recipients ------------------------------------------------------------------

export interface WindowTenant {
  name: string;
  timeZone: string;
  isEmailEnabled: boolean;
}

/** The organisation of a job, unless it was deleted since the job was scheduled. */
export async function findTenant(tdb: TenantDb): Promise<WindowTenant | undefined> {
  const [row] = await tdb.tx
    .select({ name: tenants.name, timeZone: tenants.timeZone, isEmailEnabled: tenants.isEmailEnabled })
    .from(tenants)
    .where(and(eq(tenants.id, tdb.tenantId), isNull(tenants.deletedAt)));
  return row;
}

export interface Recipient {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Who a window's e-mails go to: active employees (they can sign in and declare) who have not left
 * by `today`. Invited, deactivated and restricted-login people cannot use the window.
 */
export async function findRecipients(tdb: TenantDb, today: string): Promise<Recipient[]> {
  return tdb.tx
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.status, UserStatus.Active), or(isNull(users.dateOfLeaving), gte(users.dateOfLeaving, today))))
    .orderBy(asc(users.id));
}

/**
 * Records that `userIds` get the reminder due on `dueDate` and answers those not recorded before:
 * the insert and the e-mails enqueued for its answer commit together, and a concurrent run waits on
 * the unique key and then finds the rows (ON CONFLICT DO NOTHING), so each is sent once.
 */
export async function insertDeliveries(tdb: TenantDb, reminderId: string, dueDate: string, userIds: readonly string[], now: Date): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tdb.tx
    .insert(taxReminderDeliveries)
    .values(userIds.map((userId) => ({ tenantId: tdb.tenantId, reminderId, userId, dueDate, createdAt: now })))
    .onConflictDoNothing({ target: [taxReminderDeliveries.reminderId, taxReminderDeliveries.userId, taxReminderDeliveries.dueDate] })
    .returning({ userId: taxReminderDeliveries.userId });
  return new Set(rows.map((r) => r.userId));
}

/** Who has had the reminder due on `dueDate` already. */
export async function findDeliveredUserIds(tdb: TenantDb, reminderId: string, dueDate: string): Promise<Set<string>> {
  const rows = await tdb.tx
    .select({ userId: taxReminderDeliveries.userId })
    .from(taxReminderDeliveries)
    .where(and(eq(taxReminderDeliveries.tenantId, tdb.tenantId), eq(taxReminderDeliveries.reminderId, reminderId), eq(taxReminderDeliveries.dueDate, dueDate)));
  return new Set(rows.map((r) => r.userId));
}

/** The same for a release or lock notice (event 'released:<instant>' / 'locked:<instant>'). */
export async function insertNotices(tdb: TenantDb, windowId: string, event: string, userIds: readonly string[], now: Date): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tdb.tx
    .insert(taxWindowNotices)
    .values(userIds.map((userId) => ({ tenantId: tdb.tenantId, windowId, userId, event, createdAt: now })))
    .onConflictDoNothing({ target: [taxWindowNotices.windowId, taxWindowNotices.userId, taxWindowNotices.event] })
    .returning({ userId: taxWindowNotices.userId });
  return new Set(rows.map((r) => r.userId));
}

// ---- The schedule (cross-organisation) ---------------------------------------------------------------

export interface ScheduleCandidate {
  tenantId: string;
  timeZone: string;
  windowId: string;
  lockDate: string;
  enableReminderEmails: boolean;
  reminders: { id: string; daysBeforeLockDate: number; isEnabled: boolean }[];
}

/**
 * The scheduler's cross-tenant read (GlobalDb: this is the 15-minute schedule, not a request): every
 * released window of an organisation that still exists, with its reminders. Released windows are
 * at most two an organisation at a time, so this stays small.
 */
export async function findScheduleCandidates(global: GlobalDb): Promise<ScheduleCandidate[]> {
  const rows = await global.tx
    .select({
      tenantId: taxWindows.tenantId,
      timeZone: tenants.timeZone,
      windowId: taxWindows.id,
      lockDate: taxWindows.lockDate,
      enableReminderEmails: taxWindows.enableReminderEmails,
      reminderId: taxWindowReminders.id,
      daysBeforeLockDate: taxWindowReminders.daysBeforeLockDate,
      isEnabled: taxWindowReminders.isEnabled,
    })
    .from(taxWindows)
    .innerJoin(tenants, and(eq(tenants.id, taxWindows.tenantId), isNull(tenants.deletedAt)))
    .leftJoin(taxWindowReminders, eq(taxWindowReminders.windowId, taxWindows.id))
    .where(eq(taxWindows.status, 1))
    .orderBy(asc(taxWindows.tenantId), asc(taxWindows.id));
  const byWindow = new Map<string, ScheduleCandidate>();
  for (const r of rows) {
    let candidate = byWindow.get(r.windowId);
    if (!candidate) {
      candidate = { tenantId: r.tenantId, timeZone: r.timeZone, windowId: r.windowId, lockDate: r.lockDate, enableReminderEmails: r.enableReminderEmails, reminders: [] };
      byWindow.set(r.windowId, candidate);
    }
    if (r.reminderId !== null && r.daysBeforeLockDate !== null && r.isEnabled !== null) candidate.reminders.push({ id: r.reminderId, daysBeforeLockDate: r.daysBeforeLockDate, isEnabled: r.isEnabled });
  }
  return [...byWindow.values()];
}
