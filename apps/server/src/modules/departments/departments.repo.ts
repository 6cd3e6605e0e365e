import { and, asc, count, eq, exists, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { departments, users } from '../../db/schema';
import { queryRows } from '../../db/client';
import type { TenantDb } from '../../platform/tenancy';

/**
 * Users who count as members of a department: every status the product knows (Active,
 * Deactivated, Pending Verification, Restricted Login). A deleted user is gone or, if the users
 * module ever keeps a tombstone row, carries another status and is not counted.
 */
const MEMBER_STATUSES = [1, 2, 3, 4];

const head = alias(users, 'h');
const parent = alias(departments, 'p');
const member = alias(users, 'm');

export interface DepartmentRow {
  id: string;
  name: string;
  code: string | null;
  description: string | null;
  status: number;
  headId: string | null;
  headName: string | null;
  parentId: string | null;
  parentName: string | null;
  totalEmployees: number;
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

const isMemberOf = (tdb: TenantDb) => and(eq(member.tenantId, tdb.tenantId), eq(member.departmentId, departments.id), inArray(member.status, MEMBER_STATUSES));

function whereOf(tdb: TenantDb, filters: DepartmentFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(departments.tenantId, tdb.tenantId)];
  if (filters.status !== undefined) parts.push(eq(departments.status, filters.status));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    parts.push(or(ilike(departments.name, pattern), ilike(departments.code, pattern)));
  }
  if (filters.withMembers) {
    parts.push(exists(tdb.tx.select({ one: sql`1` }).from(member).where(isMemberOf(tdb))));
  }
  return and(...parts);
}

const rowColumns = (tdb: TenantDb) => ({
  id: departments.id,
  name: departments.name,
  code: departments.code,
  description: departments.description,
  status: departments.status,
  headId: head.id,
  headName: sql<string | null>`CASE WHEN ${head.id} IS NULL THEN NULL ELSE ${head.firstName} || ' ' || ${head.lastName} END`,
  parentId: parent.id,
  parentName: parent.name,
  totalEmployees: sql<number>`(${tdb.tx.select({ n: sql`count(*)::int` }).from(member).where(isMemberOf(tdb))})`.mapWith(Number),
});

function selectRows(tdb: TenantDb) {
  return tdb.tx
    .select(rowColumns(tdb))
    .from(departments)
    .leftJoin(head, and(eq(head.id, departments.headUserId), eq(head.tenantId, departments.tenantId)))
    .leftJoin(parent, and(eq(parent.id, departments.parentDepartmentId), eq(parent.tenantId, departments.tenantId)));
}

export async function countDepartments(tdb: TenantDb, filters: DepartmentFilters): Promise<number> {
  const [row] = await tdb.tx.select({ n: count() }).from(departments).where(whereOf(tdb, filters));
  return row?.n ?? 0;
}

/** A page of departments by name (case-insensitive), id breaking ties so pages never overlap. */
export async function findDepartments(tdb: TenantDb, filters: DepartmentFilters, limit: number, offset: number): Promise<DepartmentRow[]> {
  return selectRows(tdb)
    .where(whereOf(tdb, filters))
    .orderBy(asc(sql`lower(${departments.name})`), asc(departments.id))
    .limit(limit)
    .offset(offset);
}

export async function findShortDepartments(tdb: TenantDb, filters: DepartmentFilters, limit: number, offset: number): Promise<{ id: string; name: string; parentDepartmentId: string | null }[]> {
  return tdb.tx
    .select({ id: departments.id, name: departments.name, parentDepartmentId: departments.parentDepartmentId })
    .from(departments)
    .where(whereOf(tdb, filters))
    .orderBy(asc(sql`lower(${departments.name})`), asc(departments.id))
    .limit(limit)
    .offset(offset);
}

export async function findDepartment(tdb: TenantDb, id: string): Promise<DepartmentRow | undefined> {
  const [row] = await selectRows(tdb).where(and(eq(departments.tenantId, tdb.tenantId), eq(departments.id, id)));
  return row;
}

export interface DepartmentEmployeeRow {
  id: string;
  firstName: string;
  lastName: string;
  designation: string | null;
  email: string;
  regimeType: number;
  status: number;
}

export async function findMembers(tdb: TenantDb, departmentId: string, limit: number, offset: number): Promise<DepartmentEmployeeRow[]> {
  return tdb.tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, designation: users.designation, email: users.email, regimeType: users.regimeType, status: users.status })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.departmentId, departmentId), inArray(users.status, MEMBER_STATUSES)))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id))
    .limit(limit)
    .offset(offset);
}

/**
 * Serialises department writes within one organisation for the rest of the transaction, so two
 * concurrent moves cannot build a cycle between them and the name checks see each other's rows.
 */
export async function lockDepartments(tdb: TenantDb): Promise<void> {
  // raw SQL: an advisory lock function call, no table to build from.
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`departments:${tdb.tenantId}`}))`);
}

export async function departmentExists(tdb: TenantDb, id: string): Promise<boolean> {
  const [row] = await tdb.tx.select({ id: departments.id }).from(departments).where(and(eq(departments.tenantId, tdb.tenantId), eq(departments.id, id)));
  return row !== undefined;
}

export async function userExists(tdb: TenantDb, id: string): Promise<boolean> {
  const [row] = await tdb.tx.select({ id: users.id }).from(users).where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, id)));
  return row !== undefined;
}

/** Another department of the organisation with this name or code, compared case-insensitively. */
export async function findClash(tdb: TenantDb, column: 'name' | 'code', value: string, exceptId: string | null): Promise<boolean> {
  const target = column === 'name' ? departments.name : departments.code;
  const [row] = await tdb.tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.tenantId, tdb.tenantId), sql`lower(${target}) = lower(${value})`, exceptId ? ne(departments.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

/** Whether `ancestorId` is `departmentId` itself or above it in the parent chain. */
export async function isAncestorOrSelf(tdb: TenantDb, ancestorId: string, departmentId: string): Promise<boolean> {
  // Walks up from the proposed parent; the depth bound guards against a cycle that should not exist.
  // raw SQL: a recursive CTE (the parent chain), which the query builder cannot express.
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
  const [row] = await tdb.tx
    .insert(departments)
    .values({ tenantId: tdb.tenantId, ...values })
    .returning({ id: departments.id });
  if (!row) throw new Error('department insert returned nothing');
  return row.id;
}

export async function updateDepartment(tdb: TenantDb, id: string, values: DepartmentValues): Promise<void> {
  await tdb.tx
    .update(departments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(departments.tenantId, tdb.tenantId), eq(departments.id, id)));
}

/** The department's members, the number its row shows as Assigned Users (deactivated people included: they may come back). */
export async function countAssignedUsers(tdb: TenantDb, departmentId: string): Promise<number> {
  const [row] = await tdb.tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.departmentId, departmentId), inArray(users.status, MEMBER_STATUSES)));
  return row?.n ?? 0;
}

export async function countSubDepartments(tdb: TenantDb, departmentId: string): Promise<number> {
  const [row] = await tdb.tx
    .select({ n: count() })
    .from(departments)
    .where(and(eq(departments.tenantId, tdb.tenantId), eq(departments.parentDepartmentId, departmentId)));
  return row?.n ?? 0;
}

export async function moveUsers(tdb: TenantDb, fromId: string, toId: string): Promise<void> {
  await tdb.tx
    .update(users)
    .set({ departmentId: toId, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.departmentId, fromId)));
}

/**
 * Deletes a department; the service has emptied it first. Were a user or sub-department added by a
 * path that skips the service, the foreign keys (ON DELETE SET NULL) would still keep their rows.
 */
export async function deleteDepartment(tdb: TenantDb, id: string): Promise<boolean> {
  const rows = await tdb.tx
    .delete(departments)
    .where(and(eq(departments.tenantId, tdb.tenantId), eq(departments.id, id)))
    .returning({ id: departments.id });
  return rows.length > 0;
}
