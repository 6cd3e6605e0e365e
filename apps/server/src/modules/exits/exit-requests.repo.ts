import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { Role, UserStatus } from '@tankha/contracts';
import { alias } from 'drizzle-orm/pg-core';
import { exitRequests, exitSettlements, holidays, tenantSettings, tenants, users } from '../../db/schema';
import type { GlobalDb, TenantDb } from '../../platform/tenancy';
import { EMPLOYMENT_TYPE_FIELD } from '../salary/salary.defaults';

const employee = users;
const manager = alias(users, 'manager');
const decider = alias(users, 'decider');

const columns = {
  id: exitRequests.id,
  userId: exitRequests.userId,
  firstName: employee.firstName,
  lastName: employee.lastName,
  employeeNumber: employee.employeeNumber,
  reportingManagerId: employee.reportingManagerId,
  managerFirstName: manager.firstName,
  managerLastName: manager.lastName,
  status: exitRequests.status,
  reason: exitRequests.reason,
  resignationDate: exitRequests.resignationDate,
  noticePeriodDays: exitRequests.noticePeriodDays,
  proposedLastWorkingDay: exitRequests.proposedLastWorkingDay,
  requestedLastWorkingDay: exitRequests.requestedLastWorkingDay,
  lastWorkingDay: exitRequests.lastWorkingDay,
  deciderFirstName: decider.firstName,
  deciderLastName: decider.lastName,
  decidedAt: exitRequests.decidedAt,
  decisionRemarks: exitRequests.decisionRemarks,
  relievedAt: exitRequests.relievedAt,
  createdAt: exitRequests.createdAt,
  employmentType: sql<string | null>`(SELECT o.label FROM user_field_values v JOIN user_fields f ON f.id = v.user_field_id AND f.name = ${EMPLOYMENT_TYPE_FIELD} JOIN user_field_options o ON o.id = v.option_id WHERE v.tenant_id = ${exitRequests.tenantId} AND v.user_id = ${exitRequests.userId} LIMIT 1)`,
  hasSettlement: sql<boolean>`EXISTS (SELECT 1 FROM ${exitSettlements} s WHERE s.tenant_id = ${exitRequests.tenantId} AND s.user_id = ${exitRequests.userId})`,
};
export type ExitRequestRow = Awaited<ReturnType<typeof select>>[number];

function select(tdb: TenantDb, where: SQL | undefined, lock = false) {
  const q = tdb.tx
    .select(columns)
    .from(exitRequests)
    .innerJoin(employee, eq(employee.id, exitRequests.userId))
    .leftJoin(manager, eq(manager.id, employee.reportingManagerId))
    .leftJoin(decider, eq(decider.id, exitRequests.decidedBy))
    .where(and(eq(exitRequests.tenantId, tdb.tenantId), where))
    .orderBy(desc(exitRequests.createdAt), desc(exitRequests.id));
  return lock ? q.for('update', { of: exitRequests }) : q;
}

export async function findRequest(tdb: TenantDb, id: string, lock = false): Promise<ExitRequestRow | undefined> {
  const [row] = await select(tdb, eq(exitRequests.id, id), lock);
  return row;
}

export async function findMine(tdb: TenantDb, userId: string): Promise<ExitRequestRow[]> {
  return select(tdb, eq(exitRequests.userId, userId));
}

/** A manager's direct reports' requests (managerId), or everyone's (null); pending first, then newest. */
export async function findTeam(tdb: TenantDb, managerId: string | null, status: string | undefined): Promise<ExitRequestRow[]> {
  const rows = await select(tdb, and(managerId ? eq(employee.reportingManagerId, managerId) : undefined, status ? eq(exitRequests.status, status) : undefined));
  return rows.sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));
}

export async function findAwaitingSettlement(tdb: TenantDb): Promise<ExitRequestRow[]> {
  return select(tdb, and(inArray(exitRequests.status, ['approved', 'relieved']), sql`NOT EXISTS (SELECT 1 FROM ${exitSettlements} s WHERE s.tenant_id = ${exitRequests.tenantId} AND s.user_id = ${exitRequests.userId})`));
}

export async function findOpenOfUser(tdb: TenantDb, userId: string): Promise<{ id: string } | undefined> {
  const [row] = await tdb.tx
    .select({ id: exitRequests.id })
    .from(exitRequests)
    .where(and(eq(exitRequests.tenantId, tdb.tenantId), eq(exitRequests.userId, userId), inArray(exitRequests.status, ['pending', 'approved'])))
    .limit(1);
  return row;
}

export async function hasSettlement(tdb: TenantDb, userId: string): Promise<boolean> {
  const [row] = await tdb.tx.select({ id: exitSettlements.id }).from(exitSettlements).where(and(eq(exitSettlements.tenantId, tdb.tenantId), eq(exitSettlements.userId, userId))).limit(1);
  return row !== undefined;
}

export interface NewExitRequest {
  userId: string;
  reason: string;
  resignationDate: string;
  noticePeriodDays: number;
  proposedLastWorkingDay: string;
  requestedLastWorkingDay: string;
}

/** Null when the employee already has an open request (the partial unique index). */
export async function insertRequest(tdb: TenantDb, row: NewExitRequest, at: Date): Promise<string | null> {
  const [created] = await tdb.tx
    .insert(exitRequests)
    .values({ tenantId: tdb.tenantId, ...row, status: 'pending', createdAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning({ id: exitRequests.id });
  return created?.id ?? null;
}

export async function updateRequest(
  tdb: TenantDb,
  id: string,
  patch: Partial<{ status: string; lastWorkingDay: string; decidedBy: string | null; decidedAt: Date; decisionRemarks: string | null; relievedAt: Date }>,
  at: Date,
): Promise<void> {
  await tdb.tx
    .update(exitRequests)
    .set({ ...patch, updatedAt: at })
    .where(and(eq(exitRequests.tenantId, tdb.tenantId), eq(exitRequests.id, id)));
}

/** Approved requests whose last working day is before `today`: due to be relieved. */
export async function findDueForRelief(tdb: TenantDb, today: string): Promise<{ id: string; userId: string; lastWorkingDay: string }[]> {
  const rows = await tdb.tx
    .select({ id: exitRequests.id, userId: exitRequests.userId, lastWorkingDay: exitRequests.lastWorkingDay })
    .from(exitRequests)
    .where(and(eq(exitRequests.tenantId, tdb.tenantId), eq(exitRequests.status, 'approved'), lt(exitRequests.lastWorkingDay, today)))
    .orderBy(asc(exitRequests.lastWorkingDay))
    .for('update');
  return rows.flatMap((r) => (r.lastWorkingDay ? [{ id: r.id, userId: r.userId, lastWorkingDay: r.lastWorkingDay }] : []));
}

/** Organisations with an approved request (the daily relief schedule; cross-tenant, so the platform's global handle). */
export async function findTenantsWithApproved(global: GlobalDb): Promise<{ tenantId: string; timeZone: string }[]> {
  return global.tx
    .selectDistinct({ tenantId: exitRequests.tenantId, timeZone: tenants.timeZone })
    .from(exitRequests)
    .innerJoin(tenants, and(eq(tenants.id, exitRequests.tenantId), isNull(tenants.deletedAt)))
    .where(eq(exitRequests.status, 'approved'));
}

/** The organisation's working calendar between two dates: week days off and (non-optional) holidays. */
export async function findCalendar(tdb: TenantDb, from: string, to: string): Promise<{ weekDaysOff: string[] | null; holidays: string[] }> {
  const [settings] = await tdb.tx.select({ weekDaysOff: tenantSettings.weekDaysOff }).from(tenantSettings).where(eq(tenantSettings.tenantId, tdb.tenantId)).limit(1);
  const days = await tdb.tx
    .select({ date: holidays.holidayDate })
    .from(holidays)
    .where(and(eq(holidays.tenantId, tdb.tenantId), eq(holidays.isOptional, false), gte(holidays.holidayDate, from), lte(holidays.holidayDate, to)));
  return { weekDaysOff: settings?.weekDaysOff ?? null, holidays: days.map((d) => d.date) };
}

export async function findPerson(tdb: TenantDb, userId: string): Promise<{ firstName: string; lastName: string; reportingManagerId: string | null } | undefined> {
  const [row] = await tdb.tx
    .select({ firstName: users.firstName, lastName: users.lastName, reportingManagerId: users.reportingManagerId })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)))
    .limit(1);
  return row;
}

/** Active administrators: told of a resignation when the employee has no reporting manager. */
export async function findAdministratorIds(tdb: TenantDb): Promise<string[]> {
  const rows = await tdb.tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.roleId, Role.Administrator), eq(users.status, UserStatus.Active)));
  return rows.map((r) => r.id);
}
