import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows } from '../../db/client';
import { departments, users } from '../../db/schema';
import { currentPlanJoin } from '../../db/sql/current-plan';
import type { TenantDb } from '../../platform/tenancy';

/** Active, pending and restricted people: everyone still on the books. */
const ON_BOOKS = [1, 3, 4];

const fullName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string>`${u.firstName} || ' ' || ${u.lastName}`;
const countWhere = (condition: ReturnType<typeof sql>) => sql<number>`count(*) FILTER (WHERE ${condition})::int`;

export interface Counts {
  active: number;
  pending: number;
  inactive: number;
  restricted: number;
  departments: number;
  joinedThisMonth: number;
}

/** Headcounts in one pass over the tenant's users. */
export async function findCounts(tdb: TenantDb, monthStart: string): Promise<Counts> {
  const activeDepartments = tdb.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(departments)
    .where(and(eq(departments.tenantId, tdb.tenantId), eq(departments.status, 1)));
  const [row] = await tdb.tx
    .select({
      active: countWhere(sql`${users.status} = 1`),
      pending: countWhere(sql`${users.status} = 3`),
      inactive: countWhere(sql`${users.status} = 2`),
      restricted: countWhere(sql`${users.status} = 4`),
      departments: sql<number>`(${activeDepartments})`,
      joinedThisMonth: countWhere(and(inArray(users.status, ON_BOOKS), gte(users.dateOfJoining, monthStart))!),
    })
    .from(users)
    .where(eq(users.tenantId, tdb.tenantId));
  if (!row) throw new Error('count query returned nothing');
  return row;
}

export async function findDepartmentHeadcounts(tdb: TenantDb) {
  const employees = sql<number>`count(${users.id})::int`;
  return tdb.tx
    .select({ id: departments.id, name: departments.name, employees })
    .from(departments)
    .leftJoin(users, and(eq(users.departmentId, departments.id), eq(users.tenantId, departments.tenantId), inArray(users.status, ON_BOOKS)))
    .where(and(eq(departments.tenantId, tdb.tenantId), eq(departments.status, 1)))
    .groupBy(departments.id, departments.name)
    .orderBy(desc(employees), asc(departments.name));
}

export async function findRecentJoiners(tdb: TenantDb, limit: number) {
  return tdb.tx
    .select({ id: users.id, name: fullName(users), designation: users.designation, dateOfJoining: users.dateOfJoining })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), inArray(users.status, ON_BOOKS), isNotNull(users.dateOfJoining)))
    .orderBy(desc(users.dateOfJoining), asc(users.firstName))
    .limit(limit);
}

/** Birthdays in the next `days` days (month-day comparison, so the year of birth does not matter). */
export async function findUpcomingBirthdays(tdb: TenantDb, today: string, days: number) {
  // This year's birthday; 29 February falls on the 28th (every month is clamped to 28 in February).
  const thisYear = sql`make_date(extract(year FROM ${today}::date)::int, extract(month FROM ${users.dateOfBirth})::int,
    LEAST(extract(day FROM ${users.dateOfBirth})::int, CASE WHEN extract(month FROM ${users.dateOfBirth}) = 2 THEN 28 ELSE 31 END))`;
  const next = sql`(CASE WHEN ${thisYear} < ${today}::date THEN (${thisYear} + interval '1 year')::date ELSE ${thisYear} END)`;
  const birthdays = tdb.tx.$with('birthdays').as(
    tdb.tx
      .select({ id: users.id, name: fullName(users).as('name'), date: sql<string>`to_char(${next}, 'YYYY-MM-DD')`.as('date') })
      .from(users)
      .where(and(eq(users.tenantId, tdb.tenantId), eq(users.status, 1), isNotNull(users.dateOfBirth))),
  );
  return tdb.tx
    .with(birthdays)
    .select({ id: birthdays.id, name: birthdays.name, date: birthdays.date })
    .from(birthdays)
    .where(lte(birthdays.date, sql<string>`to_char(${today}::date + ${days}::int, 'YYYY-MM-DD')`))
    .orderBy(asc(birthdays.date), asc(birthdays.name))
    .limit(8);
}

export async function findMe(tdb: TenantDb, userId: string) {
  const manager = alias(users, 'manager');
  const reportees = alias(users, 'reportee');
  const reporteeCount = tdb.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(reportees)
    .where(and(eq(reportees.tenantId, users.tenantId), eq(reportees.reportingManagerId, users.id), inArray(reportees.status, [1, 4])));
  const [row] = await tdb.tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      designation: users.designation,
      departmentName: departments.name,
      dateOfJoining: users.dateOfJoining,
      managerName: sql<string | null>`CASE WHEN ${manager.id} IS NULL THEN NULL ELSE ${fullName(manager)} END`,
      reporteeCount: sql<number>`(${reporteeCount})`,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(manager, eq(manager.id, users.reportingManagerId))
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)));
  return row;
}

export async function findOrganization(tdb: TenantDb, now: Date) {
  // raw SQL: the plan in force is a LATERAL join shared with access checks (db/sql/current-plan.ts); rows mapped here.
  const [row] = await queryRows<{ id: string; name: string; logo_key: string | null; address: string | null; time_zone: string; plan_name: string | null; is_trial: boolean | null; end_at: Date | string | null }>(
    tdb.tx,
    sql`
    SELECT t.id, t.name, t.logo_key, t.address, t.time_zone, cp.plan_name, cp.is_trial, cp.end_at
      FROM tenants t
      ${currentPlanJoin(sql`t.id`, now)}
     WHERE t.id = ${tdb.tenantId}`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    logoKey: row.logo_key,
    address: row.address,
    timeZone: row.time_zone,
    planName: row.plan_name,
    isTrial: row.is_trial === true,
    trialEndAt: row.end_at === null ? null : new Date(row.end_at),
  };
}
