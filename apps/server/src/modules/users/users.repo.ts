import { and, count, desc, eq, getTableColumns, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { UserListQuery, UserListSortColumn } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { accounts, departments, files, tenantEarnings, tenants, userDeductions, userDocuments, userEarnings, userFieldOptions, userFieldValues, users, workLocations } from '../../db/schema';
import type { GlobalDb, TenantDb } from '../../platform/tenancy';

const manager = alias(users, 'manager');

export async function findProfile(tdb: TenantDb, id: string) {
  const [row] = await tdb.tx
    .select({
      ...getTableColumns(users),
      departmentName: departments.name,
      workLocationName: workLocations.name,
      managerFirstName: manager.firstName,
      managerLastName: manager.lastName,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(workLocations, and(eq(workLocations.id, users.workLocationId), eq(workLocations.tenantId, users.tenantId)))
    .leftJoin(manager, eq(manager.id, users.reportingManagerId))
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, id)))
    .limit(1);
  return row;
}

export async function findFieldValues(tdb: TenantDb, userId: string) {
  return tdb.tx
    .select({
      id: userFieldValues.id,
      userFieldId: userFieldValues.userFieldId,
      optionId: userFieldValues.optionId,
      fieldValue: userFieldValues.fieldValue,
      optionLabel: userFieldOptions.label,
    })
    .from(userFieldValues)
    .leftJoin(userFieldOptions, and(eq(userFieldOptions.id, userFieldValues.optionId), eq(userFieldOptions.tenantId, userFieldValues.tenantId)))
    .where(and(eq(userFieldValues.tenantId, tdb.tenantId), eq(userFieldValues.userId, userId)));
}

export async function findEarnings(tdb: TenantDb, userId: string) {
  return tdb.tx
    .select({
      id: userEarnings.id,
      tenantEarningId: userEarnings.tenantEarningId,
      calculationType: userEarnings.calculationType,
      calculationValue: userEarnings.calculationValue,
    })
    .from(userEarnings)
    .innerJoin(tenantEarnings, eq(tenantEarnings.id, userEarnings.tenantEarningId))
    .where(and(eq(userEarnings.tenantId, tdb.tenantId), eq(userEarnings.userId, userId)))
    .orderBy(tenantEarnings.sortOrder, tenantEarnings.earningName);
}

export async function findDeductions(tdb: TenantDb, userId: string) {
  return tdb.tx
    .select({
      id: userDeductions.id,
      tenantDeductionId: userDeductions.tenantDeductionId,
      annualPaise: userDeductions.annualPaise,
    })
    .from(userDeductions)
    .where(and(eq(userDeductions.tenantId, tdb.tenantId), eq(userDeductions.userId, userId)));
}

export async function findIdentity(tdb: TenantDb, id: string) {
  const [row] = await tdb.tx
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      accountId: users.accountId,
      tenantName: tenants.name,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, id)))
    .limit(1);
  return row;
}

export async function countByStatus(tdb: TenantDb, statuses: number[]): Promise<number> {
  const [row] = await tdb.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), sql`${users.status} = ANY(${`{${statuses.join(',')}}`}::smallint[])`));
  return row?.n ?? 0;
}

// --- The user list (people spec §2.5): filtering, sorting and paging in SQL. ----------------------

/**
 * The rows a list query reads. With a search ("contains" over name, e-mail and employee number,
 * case-insensitive) they come from tenant_users_matching() (migration 0007), which reads the
 * trigram index on users.search_text that row-level security keeps a tankha_tenant query from
 * using, and returns only this tenant's rows; a term of one or two characters has no trigram and is
 * matched by a scan instead. Without a search, the table itself (under row-level security).
 */
function usersMatching(search: string | undefined): SQL {
  return search ? sql`tenant_users_matching(${containsPattern(search)}) u` : sql`users u`;
}

/** A LIKE pattern that matches `text` literally anywhere. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterConditions(tdb: TenantDb, q: Pick<UserListQuery, 'departmentId' | 'designation' | 'roleId'>): SQL {
  const parts: SQL[] = [sql`u.tenant_id = ${tdb.tenantId}`];
  if (q.departmentId) parts.push(sql`u.department_id = ${q.departmentId}`);
  if (q.designation) parts.push(sql`u.designation ILIKE ${containsPattern(q.designation)}`);
  if (q.roleId !== undefined) parts.push(sql`u.role_id = ${q.roleId}`);
  return sql.join(parts, sql` AND `);
}

/**
 * ORDER BY for a sort column, then the name (what a person expects among equal values, and what the
 * (tenant, status, name) index serves), then the id so that pages never overlap.
 */
function orderBy(column: UserListSortColumn | undefined, direction: 'asc' | 'desc', alias: string): SQL {
  const dir = direction === 'desc' ? 'DESC' : 'ASC';
  const cols: Record<UserListSortColumn, string[]> = {
    name: ['first_name', 'last_name'],
    email: ['email'],
    roleId: ['role_id', 'first_name', 'last_name'],
    designation: ['designation', 'first_name', 'last_name'],
    status: ['status', 'first_name', 'last_name'],
    dateOfJoining: ['date_of_joining', 'first_name', 'last_name'],
    lastLogin: ['last_login_at', 'first_name', 'last_name'],
  };
  const list = [...cols[column ?? 'name'], 'id'].map((c) => `${alias}.${c} ${dir}`);
  return sql.raw(list.join(', '));
}

export interface UserListRow {
  id: string;
  employeeNumber: string | null;
  firstName: string;
  lastName: string;
  email: string;
  roleId: number;
  phoneNumber: string | null;
  designation: string | null;
  status: number;
  dateOfJoining: string | null;
  lastLogin: string | null;
  hasAccount: boolean;
  departmentId: string | null;
  departmentName: string | null;
}

interface UserListDbRow extends Record<string, unknown> {
  id: string;
  employee_number: string | null;
  first_name: string;
  last_name: string;
  email: string;
  role_id: number;
  phone_number: string | null;
  designation: string | null;
  status: number;
  date_of_joining: string | null;
  last_login: string | null;
  has_account: boolean;
  department_id: string | null;
  department_name: string | null;
}

const PAGE_COLUMNS = sql.raw(
  'u.id, u.employee_number, u.first_name, u.last_name, u.email, u.role_id, u.phone_number, u.designation, u.status, u.date_of_joining, u.last_login_at, u.account_id, u.department_id',
);

/** The statuses of a tab, one per index range: Active is Active plus Restricted Login. */
function tabStatuses(userStatus: number | undefined): number[] {
  if (userStatus === undefined) return [1, 2, 3, 4];
  return userStatus === 1 ? [1, 4] : [userStatus];
}

/**
 * One page of the list. Each status is its own range of the (tenant, status, name) and (tenant,
 * status, joining date) indexes, so a tab of several statuses is cut as one ordered, limited scan
 * per status merged together (PostgreSQL merges ordered UNION ALL branches instead of sorting the
 * whole tab). A text search reads its rows through the trigram index (usersMatching) and a
 * designation filter reads the tab, so either is one pass over the matching rows and a top-N sort.
 * Departments are joined to the page only.
 */
export async function findUserPage(tdb: TenantDb, q: UserListQuery): Promise<UserListRow[]> {
  const filters = filterConditions(tdb, q);
  const from = usersMatching(q.search);
  const offset = (q.pageNo - 1) * q.pageSize;
  const statuses = tabStatuses(q.userStatus);
  const branch = (status: number, limit: number, skip: number) =>
    sql`SELECT ${PAGE_COLUMNS} FROM ${from} WHERE ${filters} AND u.status = ${status} ORDER BY ${orderBy(q.sortBy, q.orderBy, 'u')} LIMIT ${limit} OFFSET ${skip}`;
  const page =
    statuses.length === 1
      ? branch(statuses[0] ?? 1, q.pageSize, offset)
      : q.search || q.designation
        ? sql`SELECT ${PAGE_COLUMNS} FROM ${from} WHERE ${filters} AND u.status IN (${sql.join(
            statuses.map((st) => sql`${st}`),
            sql`, `,
          )}) ORDER BY ${orderBy(q.sortBy, q.orderBy, 'u')} LIMIT ${q.pageSize} OFFSET ${offset}`
        : sql`SELECT * FROM (${sql.join(
            statuses.map((status) => sql`(${branch(status, offset + q.pageSize, 0)})`),
            sql` UNION ALL `,
          )}) u ORDER BY ${orderBy(q.sortBy, q.orderBy, 'u')} LIMIT ${q.pageSize} OFFSET ${offset}`;
  // The rows come from the SECURITY DEFINER search function tenant_users_matching() and, for a tab
  // of several statuses, from one ordered, limited scan per status merged by UNION ALL.
  // raw SQL: the 100,000-user hot path (npm run bench -- user-list); the builder can express neither source.
  const rows = await queryRows<UserListDbRow>(
    tdb.tx,
    sql`
    SELECT p.id, p.employee_number, p.first_name, p.last_name, p.email, p.role_id, p.phone_number, p.designation, p.status,
           to_char(p.date_of_joining, 'YYYY-MM-DD') AS date_of_joining,
           to_char(p.last_login_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_login,
           p.account_id IS NOT NULL AS has_account, p.department_id, d.name AS department_name
      FROM (${page}) p
      LEFT JOIN departments d ON d.id = p.department_id AND d.tenant_id = ${tdb.tenantId}
     ORDER BY ${orderBy(q.sortBy, q.orderBy, 'p')}`,
  );
  return rows.map((r) => ({
    id: r.id,
    employeeNumber: r.employee_number,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    roleId: r.role_id,
    phoneNumber: r.phone_number,
    designation: r.designation,
    status: r.status,
    dateOfJoining: r.date_of_joining,
    lastLogin: r.last_login,
    hasAccount: r.has_account,
    departmentId: r.department_id,
    departmentName: r.department_name,
  }));
}

export interface TabCountsRow extends Record<string, unknown> {
  active: number;
  pending: number;
  inactive: number;
  restricted: number;
}

/** The tab counts under the same search and filters, in one pass. */
export async function countTabs(tdb: TenantDb, q: Pick<UserListQuery, 'search' | 'departmentId' | 'designation' | 'roleId'>): Promise<TabCountsRow> {
  // raw SQL: reads the SECURITY DEFINER search function tenant_users_matching(), which the builder cannot select from.
  const [row] = await queryRows<TabCountsRow>(
    tdb.tx,
    sql`
    SELECT count(*) FILTER (WHERE u.status IN (1, 4))::int AS active,
           count(*) FILTER (WHERE u.status = 3)::int AS pending,
           count(*) FILTER (WHERE u.status = 2)::int AS inactive,
           count(*) FILTER (WHERE u.status = 4)::int AS restricted
      FROM ${usersMatching(q.search)}
     WHERE ${filterConditions(tdb, q)}`,
  );
  return row ?? { active: 0, pending: 0, inactive: 0, restricted: 0 };
}

export interface SearchRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  employeeNumber: string | null;
  designation: string | null;
}

/** Employee pickers: Active and Restricted Login users by name, e-mail or number. */
export async function searchUsers(tdb: TenantDb, q: { search?: string | undefined; pageSize: number; pageNo: number }): Promise<SearchRow[]> {
  // raw SQL: reads from the SECURITY DEFINER search function tenant_users_matching(), which the builder cannot select from.
  const rows = await queryRows<{ id: string; first_name: string; last_name: string; email: string; employee_number: string | null; designation: string | null }>(
    tdb.tx,
    sql`
    SELECT u.id, u.first_name, u.last_name, u.email, u.employee_number, u.designation
      FROM ${usersMatching(q.search)}
     WHERE u.tenant_id = ${tdb.tenantId} AND u.status IN (1, 4)
     ORDER BY u.first_name, u.last_name, u.id
     LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize}`,
  );
  return rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email, employeeNumber: r.employee_number, designation: r.designation }));
}

export async function countSearch(tdb: TenantDb, search: string | undefined): Promise<number> {
  // raw SQL: counts rows of the SECURITY DEFINER search function tenant_users_matching(), which the builder cannot select from.
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`SELECT count(*)::int AS n FROM ${usersMatching(search)} WHERE u.tenant_id = ${tdb.tenantId} AND u.status IN (1, 4)`);
  return row?.n ?? 0;
}

// --- Employee numbers ---------------------------------------------------------------------------

/** The number with the highest numeric suffix; without digits anywhere, the newest one. */
export async function findLatestEmployeeNumber(tdb: TenantDb): Promise<string | null> {
  const [row] = await tdb.tx
    .select({ employeeNumber: users.employeeNumber })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), isNotNull(users.employeeNumber), ne(users.employeeNumber, '')))
    .orderBy(sql`substring(${users.employeeNumber} FROM '([0-9]+)$')::numeric DESC NULLS LAST`, desc(users.createdAt), desc(users.id))
    .limit(1);
  return row?.employeeNumber ?? null;
}

export async function employeeNumberTaken(tdb: TenantDb, employeeNumber: string, exceptUserId: string | undefined): Promise<boolean> {
  const rows = await tdb.tx
    .select({ one: sql`1` })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), sql`lower(${users.employeeNumber}) = lower(${employeeNumber})`, exceptUserId ? ne(users.id, exceptUserId) : undefined))
    .limit(1);
  return rows.length > 0;
}

// --- Lifecycle ----------------------------------------------------------------------------------

/** The target of a lifecycle action, locked for the rest of the transaction. */
export async function lockTarget(tdb: TenantDb, id: string) {
  const [row] = await tdb.tx
    .select({
      id: users.id,
      roleId: users.roleId,
      status: users.status,
      accountId: users.accountId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      imageKey: users.imageKey,
    })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, id)))
    .for('update')
    .limit(1);
  return row;
}

/** Active administrators other than `exceptUserId`. */
export async function countOtherActiveAdministrators(tdb: TenantDb, exceptUserId: string): Promise<number> {
  const [row] = await tdb.tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.roleId, 1), eq(users.status, 1), ne(users.id, exceptUserId)));
  return row?.n ?? 0;
}

export async function updateUser(tdb: TenantDb, id: string, values: Partial<Pick<typeof users.$inferInsert, 'roleId' | 'status' | 'accountId'>>, now: Date): Promise<void> {
  await tdb.tx
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, id)));
}

/*
 * Sessions are a global table the tenant role cannot touch; ending a membership's sessions belongs
 * in the tenant transaction (it commits with the status change or removal), so it goes through
 * SECURITY DEFINER functions confined to current_tenant_id() (migration 0012).
 */

/** Ends the membership's open sessions. */
export async function revokeUserSessions(tdb: TenantDb, userId: string, now: Date): Promise<void> {
  // raw SQL: a SECURITY DEFINER function (sessions are a global table the tenant role cannot touch), no table to build from.
  await tdb.tx.execute(sql`SELECT tenant_revoke_user_sessions(${userId}, ${now.toISOString()}::timestamptz)`);
}

/** Removes the membership's sessions (the user is being deleted). */
export async function deleteUserSessions(tdb: TenantDb, userId: string): Promise<void> {
  // raw SQL: a SECURITY DEFINER function (sessions are a global table the tenant role cannot touch), no table to build from.
  await tdb.tx.execute(sql`SELECT tenant_delete_user_sessions(${userId})`);
}

/** The stored files of a user's documents (removed with the user). */
export async function findDocumentFiles(tdb: TenantDb, userId: string) {
  return tdb.tx
    .select({ id: files.id, storageKey: files.storageKey })
    .from(userDocuments)
    .innerJoin(files, eq(files.id, userDocuments.fileId))
    .where(and(eq(userDocuments.tenantId, tdb.tenantId), eq(userDocuments.userId, userId)));
}

/** Departments the user headed lose their head (head_user_id has no foreign key to set it null). */
export async function clearDepartmentHead(tdb: TenantDb, userId: string): Promise<void> {
  await tdb.tx
    .update(departments)
    .set({ headUserId: null })
    .where(and(eq(departments.tenantId, tdb.tenantId), eq(departments.headUserId, userId)));
}

/** Deletes the membership; documents, field values and salary associations cascade. */
export async function deleteUser(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(users).where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, id)));
}

export async function deleteFiles(tdb: TenantDb, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tdb.tx.delete(files).where(and(eq(files.tenantId, tdb.tenantId), sql`${files.id} = ANY(${`{${ids.join(',')}}`}::uuid[])`));
}

// --- Accounts (global identities): cross-tenant by nature, hence GlobalDb. -----------------------

/**
 * Whether an account still belongs to any organisation. Row-level security would hide other
 * tenants' memberships from a tenant-scoped handle, so this must look across tenants.
 */
export async function accountHasMemberships({ tx }: GlobalDb, accountId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.accountId, accountId)).limit(1);
  return rows.length > 0;
}

/** Deletes a global account (its sessions and one-time links cascade). */
export async function deleteAccount({ tx }: GlobalDb, accountId: string): Promise<void> {
  await tx.delete(accounts).where(eq(accounts.id, accountId));
}

