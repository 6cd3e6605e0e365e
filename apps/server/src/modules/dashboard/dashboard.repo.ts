import { queryRows } from '../../db/client';
import { currentPlanJoin } from '../../db/sql/current-plan';
import { sql } from 'drizzle-orm';
import type { TenantDb } from '../../platform/tenancy';

export interface CountsRow extends Record<string, unknown> {
  active: number;
  pending: number;
  inactive: number;
  restricted: number;
  departments: number;
  joined_this_month: number;
}

/** Headcounts in one pass over the tenant's users. */
export async function findCounts(tdb: TenantDb, monthStart: string): Promise<CountsRow> {
  const result = await queryRows<CountsRow>(tdb.tx, sql`
    SELECT count(*) FILTER (WHERE status = 1)::int AS active,
           count(*) FILTER (WHERE status = 3)::int AS pending,
           count(*) FILTER (WHERE status = 2)::int AS inactive,
           count(*) FILTER (WHERE status = 4)::int AS restricted,
           (SELECT count(*)::int FROM departments d WHERE d.tenant_id = ${tdb.tenantId} AND d.status = 1) AS departments,
           count(*) FILTER (WHERE status IN (1, 3, 4) AND date_of_joining >= ${monthStart}::date)::int AS joined_this_month
      FROM users WHERE tenant_id = ${tdb.tenantId}`);
  const row = result[0];
  if (!row) throw new Error('count query returned nothing');
  return row;
}

export async function findDepartmentHeadcounts(tdb: TenantDb) {
  const result = await queryRows<{ id: string; name: string; employees: number }>(tdb.tx, sql`
    SELECT d.id, d.name, count(u.id)::int AS employees
      FROM departments d
      LEFT JOIN users u ON u.department_id = d.id AND u.tenant_id = d.tenant_id AND u.status IN (1, 3, 4)
     WHERE d.tenant_id = ${tdb.tenantId} AND d.status = 1
     GROUP BY d.id, d.name ORDER BY employees DESC, d.name`);
  return result;
}

export async function findRecentJoiners(tdb: TenantDb, limit: number) {
  const result = await queryRows<{ id: string; name: string; designation: string | null; date_of_joining: string | null }>(tdb.tx, sql`
    SELECT id, first_name || ' ' || last_name AS name, designation, to_char(date_of_joining, 'YYYY-MM-DD') AS date_of_joining
      FROM users WHERE tenant_id = ${tdb.tenantId} AND status IN (1, 3, 4) AND date_of_joining IS NOT NULL
     ORDER BY date_of_joining DESC, first_name LIMIT ${limit}`);
  return result;
}

/** Birthdays in the next `days` days (month-day comparison, so the year of birth does not matter). */
export async function findUpcomingBirthdays(tdb: TenantDb, today: string, days: number) {
  const result = await queryRows<{ id: string; name: string; date: string }>(tdb.tx, sql`
    WITH b AS (
      SELECT id, first_name || ' ' || last_name AS name,
             make_date(extract(year FROM ${today}::date)::int, extract(month FROM date_of_birth)::int,
                       LEAST(extract(day FROM date_of_birth)::int, CASE WHEN extract(month FROM date_of_birth) = 2 THEN 28 ELSE 31 END)) AS this_year
        FROM users WHERE tenant_id = ${tdb.tenantId} AND status = 1 AND date_of_birth IS NOT NULL)
    SELECT id, name, to_char(CASE WHEN this_year < ${today}::date THEN (this_year + interval '1 year')::date ELSE this_year END, 'YYYY-MM-DD') AS date
      FROM b
     WHERE (CASE WHEN this_year < ${today}::date THEN (this_year + interval '1 year')::date ELSE this_year END) <= ${today}::date + ${days}::int
     ORDER BY date, name LIMIT 8`);
  return result;
}

export async function findMe(tdb: TenantDb, userId: string) {
  const result = await queryRows<{
    id: string;
    first_name: string;
    last_name: string;
    designation: string | null;
    department_name: string | null;
    date_of_joining: string | null;
    manager_name: string | null;
    reportee_count: number;
  }>(tdb.tx, sql`
    SELECT u.id, u.first_name, u.last_name, u.designation, d.name AS department_name,
           to_char(u.date_of_joining, 'YYYY-MM-DD') AS date_of_joining,
           CASE WHEN m.id IS NULL THEN NULL ELSE m.first_name || ' ' || m.last_name END AS manager_name,
           (SELECT count(*)::int FROM users r WHERE r.tenant_id = u.tenant_id AND r.reporting_manager_id = u.id AND r.status IN (1, 4)) AS reportee_count
      FROM users u
      LEFT JOIN departments d ON d.id = u.department_id
      LEFT JOIN users m ON m.id = u.reporting_manager_id
     WHERE u.tenant_id = ${tdb.tenantId} AND u.id = ${userId}`);
  return result[0];
}

export async function findOrganization(tdb: TenantDb, now: Date) {
  const result = await queryRows<{
    id: string;
    name: string;
    logo_key: string | null;
    address: string | null;
    time_zone: string;
    plan_name: string | null;
    is_trial: boolean | null;
    end_at: Date | string | null;
  }>(tdb.tx, sql`
    SELECT t.id, t.name, t.logo_key, t.address, t.time_zone, cp.plan_name, cp.is_trial, cp.end_at
      FROM tenants t
      ${currentPlanJoin(sql`t.id`, now)}
     WHERE t.id = ${tdb.tenantId}`);
  return result[0];
}
