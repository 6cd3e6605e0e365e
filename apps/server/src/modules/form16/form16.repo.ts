import { and, asc, count, countDistinct, eq, exists, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { files, form16BulkUploads, form16Documents, users } from '../../db/schema';
import { UserStatus } from '@tankha/contracts';
import type { GlobalDb, TenantDb } from '../../platform/tenancy';

/**
 * Queries of Form 16 (payroll spec §2, §3, §7): the employees of a financial year with their forms,
 * the year's counts, one employee's forms, and the bulk upload's staging rows.
 */

export interface EmployeeRow {
  id: string;
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  email: string;
  roleId: number;
  pan: string | null;
}

const employeeColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  employeeNumber: users.employeeNumber,
  email: users.email,
  roleId: users.roleId,
  pan: users.pan,
};

export async function findEmployee(tdb: TenantDb, id: string): Promise<EmployeeRow | undefined> {
  const [row] = await tdb.tx
    .select(employeeColumns)
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, id)))
    .limit(1);
  return row;
}

const hasFormIn = (tdb: TenantDb, financialYearStart: number) =>
  exists(
    tdb.tx
      .select({ one: sql`1` })
      .from(form16Documents)
      .where(and(eq(form16Documents.tenantId, tdb.tenantId), eq(form16Documents.userId, users.id), eq(form16Documents.financialYearStart, financialYearStart))),
  );

/**
 * Who is owed a Form 16 for the year (docs/decisions/0106-form-16-who-is-counted.md): everyone employed at some point
 * of it — joined by its last day, and not deactivated before its first day (a deactivated person
 * counts when their last working day falls in or after it) — and anyone who already has a form for it.
 */
function employedIn(tdb: TenantDb, financialYearStart: number): SQL {
  const first = `${String(financialYearStart)}-04-01`;
  const last = `${String(financialYearStart + 1)}-03-31`;
  const employed = and(
    or(isNull(users.dateOfJoining), lte(users.dateOfJoining, last)),
    or(inArray(users.status, [UserStatus.Active, UserStatus.PendingEmailVerification, UserStatus.RestrictedLogin]), and(eq(users.status, UserStatus.Deactivated), gte(users.dateOfLeaving, first))),
  );
  return and(eq(users.tenantId, tdb.tenantId), or(employed, hasFormIn(tdb, financialYearStart))) as SQL;
}

/** "Contains" over name, e-mail and employee number (the users' generated search text, trigram-indexed). */
function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const escaped = search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${users.searchText} LIKE ${`%${escaped}%`}`;
}

export async function findEmployeePage(tdb: TenantDb, q: { financialYearStart: number; search: string | undefined; pageNumber: number; pageSize: number }): Promise<{ rows: EmployeeRow[]; total: number }> {
  const where = and(employedIn(tdb, q.financialYearStart), matching(q.search));
  const rows = await tdb.tx
    .select(employeeColumns)
    .from(users)
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  const [total] = await tdb.tx.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The year's counts: employees owed a form, those of them with at least one, and the forms. */
export async function countYear(tdb: TenantDb, financialYearStart: number): Promise<{ employees: number; employeesWithForms: number; forms: number; partAEmployees: number; partBEmployees: number }> {
  const [employees] = await tdb.tx.select({ n: count() }).from(users).where(employedIn(tdb, financialYearStart));
  const [forms] = await tdb.tx
    .select({
      forms: count(),
      people: countDistinct(form16Documents.userId),
      partA: sql<number>`count(DISTINCT ${form16Documents.userId}) FILTER (WHERE ${form16Documents.formType} = 1)`.mapWith(Number),
      partB: sql<number>`count(DISTINCT ${form16Documents.userId}) FILTER (WHERE ${form16Documents.formType} = 2)`.mapWith(Number),
    })
    .from(form16Documents)
    .where(and(eq(form16Documents.tenantId, tdb.tenantId), eq(form16Documents.financialYearStart, financialYearStart)));
  return { employees: employees?.n ?? 0, employeesWithForms: forms?.people ?? 0, forms: forms?.forms ?? 0, partAEmployees: forms?.partA ?? 0, partBEmployees: forms?.partB ?? 0 };
}

const formColumns = {
  id: form16Documents.id,
  userId: form16Documents.userId,
  formType: form16Documents.formType,
  financialYearStart: form16Documents.financialYearStart,
  kind: form16Documents.kind,
  createdAt: form16Documents.createdAt,
  fileId: files.id,
  storageKey: files.storageKey,
  sizeBytes: files.sizeBytes,
};
export type FormRow = Awaited<ReturnType<typeof findForms>>[number];

/** Forms of these employees (all of them with no list), of one year or of every year; newest year first, 16A before 16B. */
export async function findForms(tdb: TenantDb, filter: { userIds?: readonly string[]; financialYearStart?: number }) {
  if (filter.userIds?.length === 0) return [];
  return tdb.tx
    .select(formColumns)
    .from(form16Documents)
    .innerJoin(files, eq(files.id, form16Documents.fileId))
    .where(
      and(
        eq(form16Documents.tenantId, tdb.tenantId),
        filter.userIds ? inArray(form16Documents.userId, [...filter.userIds]) : undefined,
        filter.financialYearStart === undefined ? undefined : eq(form16Documents.financialYearStart, filter.financialYearStart),
      ),
    )
    .orderBy(sql`${form16Documents.financialYearStart} DESC`, asc(form16Documents.formType));
}

export async function findForm(tdb: TenantDb, id: string): Promise<FormRow | undefined> {
  const [row] = await tdb.tx
    .select(formColumns)
    .from(form16Documents)
    .innerJoin(files, eq(files.id, form16Documents.fileId))
    .where(and(eq(form16Documents.tenantId, tdb.tenantId), eq(form16Documents.id, id)))
    .limit(1);
  return row;
}

export async function formExists(tdb: TenantDb, userId: string, financialYearStart: number, formType: number): Promise<boolean> {
  const rows = await tdb.tx
    .select({ id: form16Documents.id })
    .from(form16Documents)
    .where(and(eq(form16Documents.tenantId, tdb.tenantId), eq(form16Documents.userId, userId), eq(form16Documents.financialYearStart, financialYearStart), eq(form16Documents.formType, formType)))
    .limit(1);
  return rows.length > 0;
}

export interface NewForm {
  userId: string;
  financialYearStart: number;
  formType: number;
  kind: 'uploaded' | 'generated';
  uploadedBy: string | null;
  storageKey: string;
  sizeBytes: number;
  sha256: string;
  originalName: string;
  at: Date;
}

/** The file row and the form row (the bytes are promoted by the caller's job after the commit). */
export async function insertForm(tdb: TenantDb, input: NewForm): Promise<string> {
  const [file] = await tdb.tx
    .insert(files)
    .values({ tenantId: tdb.tenantId, storageKey: input.storageKey, kind: 'form16', mimeType: 'application/pdf', sizeBytes: input.sizeBytes, sha256: input.sha256, originalName: input.originalName, createdAt: input.at })
    .returning({ id: files.id });
  if (!file) throw new Error('file row not inserted');
  const [form] = await tdb.tx
    .insert(form16Documents)
    .values({ tenantId: tdb.tenantId, userId: input.userId, financialYearStart: input.financialYearStart, formType: input.formType, kind: input.kind, fileId: file.id, uploadedBy: input.uploadedBy, createdAt: input.at })
    .returning({ id: form16Documents.id });
  if (!form) throw new Error('form 16 row not inserted');
  return form.id;
}

/** Removes the form and its file row (the stored bytes go after the commit). */
export async function deleteForm(tdb: TenantDb, id: string, fileId: string): Promise<void> {
  await tdb.tx.delete(form16Documents).where(and(eq(form16Documents.tenantId, tdb.tenantId), eq(form16Documents.id, id)));
  await tdb.tx.delete(files).where(and(eq(files.tenantId, tdb.tenantId), eq(files.id, fileId)));
}

/** Employees by PAN (case ignored), for matching a bulk upload's file names. */
export async function findEmployeesByPan(tdb: TenantDb, pans: readonly string[]): Promise<EmployeeRow[]> {
  if (pans.length === 0) return [];
  return tdb.tx
    .select(employeeColumns)
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), inArray(sql`upper(${users.pan})`, [...pans])));
}

/** Which of these employees still exist. */
export async function findEmployeesByIds(tdb: TenantDb, ids: readonly string[]): Promise<{ id: string }[]> {
  if (ids.length === 0) return [];
  return tdb.tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), inArray(users.id, [...ids])));
}

/** Which of these employees already have which forms of the year: "userId:formType". */
export async function findTakenForms(tdb: TenantDb, financialYearStart: number, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tdb.tx
    .select({ userId: form16Documents.userId, formType: form16Documents.formType })
    .from(form16Documents)
    .where(and(eq(form16Documents.tenantId, tdb.tenantId), eq(form16Documents.financialYearStart, financialYearStart), inArray(form16Documents.userId, [...userIds])));
  return new Set(rows.map((r) => `${r.userId}:${String(r.formType)}`));
}

// --- Bulk upload staging ------------------------------------------------------------------------

export async function insertBulk(tdb: TenantDb, input: { createdBy: string; financialYearStart: number; items: unknown; at: Date; expiresAt: Date }): Promise<string> {
  const [row] = await tdb.tx
    .insert(form16BulkUploads)
    .values({ tenantId: tdb.tenantId, createdBy: input.createdBy, financialYearStart: input.financialYearStart, items: input.items, createdAt: input.at, expiresAt: input.expiresAt })
    .returning({ id: form16BulkUploads.id });
  if (!row) throw new Error('bulk upload row not inserted');
  return row.id;
}

/** A preview of this user's that has not expired, locked until the transaction ends (one confirmation wins). */
export async function takeBulk(tdb: TenantDb, id: string, createdBy: string, now: Date) {
  const [row] = await tdb.tx
    .select({ id: form16BulkUploads.id, financialYearStart: form16BulkUploads.financialYearStart, items: form16BulkUploads.items })
    .from(form16BulkUploads)
    .where(and(eq(form16BulkUploads.tenantId, tdb.tenantId), eq(form16BulkUploads.id, id), eq(form16BulkUploads.createdBy, createdBy), gte(form16BulkUploads.expiresAt, now)))
    .for('update')
    .limit(1);
  return row;
}

export async function deleteBulk(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(form16BulkUploads).where(and(eq(form16BulkUploads.tenantId, tdb.tenantId), eq(form16BulkUploads.id, id)));
}

/** Drops the organisation's expired previews and answers their items (their staged files go too). */
export async function deleteExpiredBulk(tdb: TenantDb, now: Date): Promise<unknown[]> {
  const rows = await tdb.tx
    .delete(form16BulkUploads)
    .where(and(eq(form16BulkUploads.tenantId, tdb.tenantId), lt(form16BulkUploads.expiresAt, now)))
    .returning({ items: form16BulkUploads.items });
  return rows.map((r) => r.items);
}

/** Which of these storage keys a file row names, in any organisation (the sweeper). */
export async function findKnownStorageKeys(gdb: GlobalDb, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await gdb.tx.select({ storageKey: files.storageKey }).from(files).where(inArray(files.storageKey, [...keys]));
  return new Set(rows.map((r) => r.storageKey));
}
