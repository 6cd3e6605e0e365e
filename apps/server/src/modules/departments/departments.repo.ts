import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { TenantDb } from '../../platform/tenancy';

/**
 * Users who count as members of a department: every status the product knows (Active,
 * Deactivated, Pending Verification, Restricted Login). A deleted user is gone or, if the users
 * module ever keeps a tombstone row, carries another status and is not counted.
 */
const MEMBER_STATUSES = sql`(1, 2, 3, 4)`;

export interface DepartmentRow extends Record<string, unknown> {
  id: string;
  name: string;
  code: string | null;
  description: string | null;
  status: number;
  head_id: string | null;
  head_name: string | null;
  parent_id: string | null;
  parent_name: string | null;
  total_employees: number;
}

export interface DepartmentFilters {
  status?: 0 | 1;
  search?: string;
  /** Only departments with at least one member. */
  withMembers?: boolean;
}

/** `%` and `_` in the user's text are literals, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(tdb: TenantDb, filters: DepartmentFilters): SQL {
  const parts: SQL[] = [sql`d.tenant_id = ${tdb.tenantId}`];
  if (filters.status !== undefined) parts.push(sql`d.status = ${filters.status}`);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    parts.push(sql`(d.name ILIKE ${pattern} OR d.code ILIKE ${pattern})`);
  }
  if (filters.withMembers) {
    parts.push(sql`EXISTS (SELECT 1 FROM users m WHERE m.tenant_id = d.tenant_id AND m.department_id = d.id AND m.status IN ${MEMBER_STATUSES})`);
  }
  return sql.join(parts, sql` AND `);
}

const ROW_COLUMNS = (tdb: TenantDb) => sql`
  d.id, d.name, d.code, d.description, d.status::int AS status,
  h.id AS head_id, CASE WHEN h.id IS NULL THEN NULL ELSE h.first_name || ' ' || h.last_name END AS head_name,
  p.id AS parent_id, p.name AS parent_name,
  (SELECT count(*)::int FROM users m WHERE m.tenant_id = ${tdb.tenantId} AND m.department_id = d.id AND m.status IN ${MEMBER_STATUSES}) AS total_employees`;

const ROW_JOINS = sql`
  LEFT JOIN users h ON h.id = d.head_user_id AND h.tenant_id = d.tenant_id
  LEFT JOIN departments p ON p.id = d.parent_department_id AND p.tenant_id = d.tenant_id`;

export async function countDepartments(tdb: TenantDb, filters: DepartmentFilters): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`SELECT count(*)::int AS n FROM departments d WHERE ${whereOf(tdb, filters)}`);
  return row?.n ?? 0;
}

/** A page of departments by name (case-insensitive), id breaking ties so pages never overlap. */
export async function findDepartments(tdb: TenantDb, filters: DepartmentFilters, limit: number, offset: number): Promise<DepartmentRow[]> {
  return queryRows<DepartmentRow>(tdb.tx, sql`
    SELECT ${ROW_COLUMNS(tdb)}
      FROM departments d ${ROW_JOINS}
     WHERE ${whereOf(tdb, filters)}
     ORDER BY lower(d.name), d.id
     LIMIT ${limit} OFFSET ${offset}`);
}

export async function findShortDepartments(tdb: TenantDb, filters: DepartmentFilters, limit: number, offset: number) {
  return queryRows<{ id: string; name: string; parent_department_id: string | null }>(tdb.tx, sql`
    SELECT d.id, d.name, d.parent_department_id
      FROM departments d
     WHERE ${whereOf(tdb, filters)}
     ORDER BY lower(d.name), d.id
     LIMIT ${limit} OFFSET ${offset}`);
}

export async function findDepartment(tdb: TenantDb, id: string): Promise<DepartmentRow | undefined> {
  const [row] = await queryRows<DepartmentRow>(tdb.tx, sql`
    SELECT ${ROW_COLUMNS(tdb)}
      FROM departments d ${ROW_JOINS}
     WHERE d.tenant_id = ${tdb.tenantId} AND d.id = ${id}`);
  return row;
}

export interface DepartmentEmployeeRow extends Record<string, unknown> {
  id: string;
  first_name: string;
  last_name: string;
  designation: string | null;
  email: string;
  regime_type: number;
  status: number;
}

export async function findMembers(tdb: TenantDb, departmentId: string, limit: number, offset: number): Promise<DepartmentEmployeeRow[]> {
  return queryRows<DepartmentEmployeeRow>(tdb.tx, sql`
    SELECT id, first_name, last_name, designation, email, regime_type::int AS regime_type, status::int AS status
      FROM users
     WHERE tenant_id = ${tdb.tenantId} AND department_id = ${departmentId} AND status IN ${MEMBER_STATUSES}
     ORDER BY lower(first_name), lower(last_name), id
     LIMIT ${limit} OFFSET ${offset}`);
}

/**
 * Serialises department writes within one organisation for the rest of the transaction, so two
 * concurrent moves cannot build a cycle between them and the name checks see each other's rows.
 */
export async function lockDepartments(tdb: TenantDb): Promise<void> {
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`departments:${tdb.tenantId}`}))`);
}

export async function departmentExists(tdb: TenantDb, id: string): Promise<boolean> {
  const [row] = await queryRows<{ id: string }>(tdb.tx, sql`SELECT id FROM departments WHERE tenant_id = ${tdb.tenantId} AND id = ${id}`);
  return row !== undefined;
}

export async function userExists(tdb: TenantDb, id: string): Promise<boolean> {
  const [row] = await queryRows<{ id: string }>(tdb.tx, sql`SELECT id FROM users WHERE tenant_id = ${tdb.tenantId} AND id = ${id}`);
  return row !== undefined;
}

/** Another department of the organisation with this name or code, compared case-insensitively. */
export async function findClash(tdb: TenantDb, column: 'name' | 'code', value: string, exceptId: string | null): Promise<boolean> {
  const target = column === 'name' ? sql`lower(name)` : sql`lower(code)`;
  const [row] = await queryRows<{ id: string }>(tdb.tx, sql`
    SELECT id FROM departments
     WHERE tenant_id = ${tdb.tenantId} AND ${target} = lower(${value}) ${exceptId ? sql`AND id <> ${exceptId}` : sql``}
     LIMIT 1`);
  return row !== undefined;
}

/** Whether `ancestorId` is `departmentId` itself or above it in the parent chain. */
export async function isAncestorOrSelf(tdb: TenantDb, ancestorId: string, departmentId: string): Promise<boolean> {
  // Walks up from the proposed parent; the depth bound guards against a cycle that should not exist.
  const [row] = await queryRows<{ found: boolean }>(tdb.tx, sql`
    WITH RECURSIVE chain(id, parent_id, depth) AS (
      SELECT id, parent_department_id, 0 FROM departments WHERE tenant_id = ${tdb.tenantId} AND id = ${departmentId}
      UNION ALL
      SELECT d.id, d.parent_department_id, c.depth + 1
        FROM departments d JOIN chain c ON d.id = c.parent_id
       WHERE d.tenant_id = ${tdb.tenantId} AND c.depth < 10000)
    SELECT EXISTS (SELECT 1 FROM chain WHERE id = ${ancestorId}) AS found`);
  return row?.found === true;
}

export interface DepartmentValues {
  name: string;
  code: string | null;
  description: string | null;
  headUserId: string | null;
  parentDepartmentId: string | null;
  status: 0 | 1;
}

export async function insertDepartment(tdb: TenantDb, values: DepartmentValues): Promise<string> {
  const [row] = await queryRows<{ id: string }>(tdb.tx, sql`
    INSERT INTO departments (tenant_id, name, code, description, head_user_id, parent_department_id, status)
    VALUES (${tdb.tenantId}, ${values.name}, ${values.code}, ${values.description}, ${values.headUserId}, ${values.parentDepartmentId}, ${values.status})
    RETURNING id`);
  if (!row) throw new Error('department insert returned nothing');
  return row.id;
}

export async function updateDepartment(tdb: TenantDb, id: string, values: DepartmentValues): Promise<void> {
  await tdb.tx.execute(sql`
    UPDATE departments
       SET name = ${values.name}, code = ${values.code}, description = ${values.description}, head_user_id = ${values.headUserId},
           parent_department_id = ${values.parentDepartmentId}, status = ${values.status}, updated_at = now()
     WHERE tenant_id = ${tdb.tenantId} AND id = ${id}`);
}

/** The department's members, the number its row shows as Assigned Users (deactivated people included: they may come back). */
export async function countAssignedUsers(tdb: TenantDb, departmentId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`SELECT count(*)::int AS n FROM users WHERE tenant_id = ${tdb.tenantId} AND department_id = ${departmentId} AND status IN ${MEMBER_STATUSES}`);
  return row?.n ?? 0;
}

export async function countSubDepartments(tdb: TenantDb, departmentId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`SELECT count(*)::int AS n FROM departments WHERE tenant_id = ${tdb.tenantId} AND parent_department_id = ${departmentId}`);
  return row?.n ?? 0;
}

export async function moveUsers(tdb: TenantDb, fromId: string, toId: string): Promise<void> {
  await tdb.tx.execute(sql`UPDATE users SET department_id = ${toId}, updated_at = now() WHERE tenant_id = ${tdb.tenantId} AND department_id = ${fromId}`);
}

/**
 * Deletes a department; the service has emptied it first. Were a user or sub-department added by a
 * path that skips the service, the foreign keys (ON DELETE SET NULL) would still keep their rows.
 */
export async function deleteDepartment(tdb: TenantDb, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(tdb.tx, sql`DELETE FROM departments WHERE tenant_id = ${tdb.tenantId} AND id = ${id} RETURNING id`);
  return rows.length > 0;
}
