import { and, asc, count, desc, eq, inArray, isNull, ne, sql, sum, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { exitSettlements, files, payslips, reimbursementRequests, reimbursementTypes, users } from '../../db/schema';
import type { GlobalDb, TenantDb } from '../../platform/tenancy';

const decider = alias(users, 'decider');
const APPROVED = 2;

// ------------------------------------------------------------------------------------------ types

const typeColumns = {
  id: reimbursementTypes.id,
  tenantId: reimbursementTypes.tenantId,
  name: reimbursementTypes.name,
  description: reimbursementTypes.description,
  maxLimitPaise: reimbursementTypes.maxLimitPaise,
  isActive: reimbursementTypes.isActive,
  isTaxable: reimbursementTypes.isTaxable,
  createdBy: reimbursementTypes.createdBy,
  createdAt: reimbursementTypes.createdAt,
  updatedBy: reimbursementTypes.updatedBy,
  updatedAt: reimbursementTypes.updatedAt,
};
export type TypeRow = Awaited<ReturnType<typeof listTypes>>[number];

export async function listTypes(tdb: TenantDb, activeOnly: boolean) {
  return tdb.tx
    .select(typeColumns)
    .from(reimbursementTypes)
    .where(and(eq(reimbursementTypes.tenantId, tdb.tenantId), isNull(reimbursementTypes.deletedAt), activeOnly ? eq(reimbursementTypes.isActive, true) : undefined))
    .orderBy(asc(sql`lower(${reimbursementTypes.name})`), asc(reimbursementTypes.id));
}

export async function findType(tdb: TenantDb, id: string): Promise<TypeRow | undefined> {
  const [row] = await tdb.tx
    .select(typeColumns)
    .from(reimbursementTypes)
    .where(and(eq(reimbursementTypes.tenantId, tdb.tenantId), eq(reimbursementTypes.id, id), isNull(reimbursementTypes.deletedAt)))
    .limit(1);
  return row;
}

export async function findTypeByName(tdb: TenantDb, name: string): Promise<{ id: string } | undefined> {
  const [row] = await tdb.tx
    .select({ id: reimbursementTypes.id })
    .from(reimbursementTypes)
    .where(and(eq(reimbursementTypes.tenantId, tdb.tenantId), isNull(reimbursementTypes.deletedAt), eq(sql`lower(${reimbursementTypes.name})`, name.toLowerCase())))
    .limit(1);
  return row;
}

export interface TypeWrite {
  name: string;
  description: string | null;
  maxLimitPaise: number;
  isActive: boolean;
  isTaxable: boolean;
}

/** Null when the (case-insensitive) name is taken by a type not deleted. */
export async function insertType(tdb: TenantDb, input: TypeWrite & { createdBy: string; at: Date }): Promise<string | null> {
  const [row] = await tdb.tx
    .insert(reimbursementTypes)
    .values({ tenantId: tdb.tenantId, ...input, createdAt: input.at })
    .onConflictDoNothing()
    .returning({ id: reimbursementTypes.id });
  return row?.id ?? null;
}

export async function updateType(tdb: TenantDb, id: string, input: Partial<TypeWrite> & { updatedBy: string; at: Date }): Promise<boolean> {
  const { at, ...rest } = input;
  const rows = await tdb.tx
    .update(reimbursementTypes)
    .set({ ...rest, updatedAt: at })
    .where(and(eq(reimbursementTypes.tenantId, tdb.tenantId), eq(reimbursementTypes.id, id), isNull(reimbursementTypes.deletedAt)))
    .returning({ id: reimbursementTypes.id });
  return rows.length > 0;
}

export async function softDeleteType(tdb: TenantDb, id: string, by: string, at: Date): Promise<boolean> {
  const rows = await tdb.tx
    .update(reimbursementTypes)
    .set({ deletedAt: at, isActive: false, updatedBy: by, updatedAt: at })
    .where(and(eq(reimbursementTypes.tenantId, tdb.tenantId), eq(reimbursementTypes.id, id), isNull(reimbursementTypes.deletedAt)))
    .returning({ id: reimbursementTypes.id });
  return rows.length > 0;
}

// ------------------------------------------------------------------------------------------ requests

const requestColumns = {
  id: reimbursementRequests.id,
  userId: reimbursementRequests.userId,
  typeId: reimbursementRequests.typeId,
  typeName: reimbursementTypes.name,
  amountPaise: reimbursementRequests.amountPaise,
  reason: reimbursementRequests.reason,
  status: reimbursementRequests.status,
  claimedOn: reimbursementRequests.claimedOn,
  createdAt: reimbursementRequests.createdAt,
  remarks: reimbursementRequests.remarks,
  receiptFileId: reimbursementRequests.receiptFileId,
  paidMonth: reimbursementRequests.paidMonth,
  decidedAt: reimbursementRequests.decidedAt,
  firstName: users.firstName,
  lastName: users.lastName,
  employeeNumber: users.employeeNumber,
  departmentId: users.departmentId,
  deciderFirstName: decider.firstName,
  deciderLastName: decider.lastName,
};
export type RequestRow = Awaited<ReturnType<typeof findRequests>>[number];

function selectRequests(tdb: TenantDb) {
  return tdb.tx
    .select(requestColumns)
    .from(reimbursementRequests)
    .innerJoin(reimbursementTypes, eq(reimbursementTypes.id, reimbursementRequests.typeId))
    .innerJoin(users, eq(users.id, reimbursementRequests.userId))
    .leftJoin(decider, eq(decider.id, reimbursementRequests.decidedBy))
    .$dynamic();
}

/** Whose requests a list shows: the caller's, a manager's direct reportees or whole tree below, or everyone's. */
export type RequestScope = { kind: 'own'; userId: string } | { kind: 'direct'; managerId: string } | { kind: 'tree'; managerId: string } | { kind: 'all' };

/** The reporting tree below a manager (a recursive CTE, which the builder cannot express), as an IN subquery. */
function treeBelow(tdb: TenantDb, managerId: string): SQL {
  return sql`(WITH RECURSIVE tree(id, depth) AS (
      SELECT id, 1 FROM users WHERE tenant_id = ${tdb.tenantId} AND reporting_manager_id = ${managerId}
      UNION
      SELECT c.id, t.depth + 1 FROM users c JOIN tree t ON c.reporting_manager_id = t.id
       WHERE c.tenant_id = ${tdb.tenantId} AND t.depth < 100)
    SELECT id FROM tree)`;
}

function whereOf(tdb: TenantDb, scope: RequestScope, status: number | undefined): SQL | undefined {
  const whose =
    scope.kind === 'own'
      ? eq(reimbursementRequests.userId, scope.userId)
      : scope.kind === 'direct'
        ? and(eq(users.reportingManagerId, scope.managerId), ne(reimbursementRequests.userId, scope.managerId))
        : scope.kind === 'tree'
          ? inArray(reimbursementRequests.userId, treeBelow(tdb, scope.managerId))
          : undefined;
  return and(eq(reimbursementRequests.tenantId, tdb.tenantId), whose, status !== undefined ? eq(reimbursementRequests.status, status) : undefined);
}

export async function countRequests(tdb: TenantDb, scope: RequestScope, status?: number): Promise<number> {
  const [row] = await tdb.tx
    .select({ n: count() })
    .from(reimbursementRequests)
    .innerJoin(users, eq(users.id, reimbursementRequests.userId))
    .where(whereOf(tdb, scope, status));
  return row?.n ?? 0;
}

export async function findRequests(tdb: TenantDb, scope: RequestScope, status: number | undefined, limit: number | null, offset = 0) {
  const q = selectRequests(tdb).where(whereOf(tdb, scope, status)).orderBy(desc(reimbursementRequests.createdAt), desc(reimbursementRequests.id));
  return limit === null ? q : q.limit(limit).offset(offset);
}

export async function findRequest(tdb: TenantDb, id: string, forUpdate = false): Promise<RequestRow | undefined> {
  const q = selectRequests(tdb)
    .where(and(eq(reimbursementRequests.tenantId, tdb.tenantId), eq(reimbursementRequests.id, id)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update', { of: reimbursementRequests }) : await q;
  return row;
}

/**
 * Serialises claims of one employee and type, so that two claims sent at once cannot both pass the
 * limit (raw SQL: an advisory lock is a function call on no table).
 */
export async function lockClaims(tdb: TenantDb, userId: string, typeId: string): Promise<void> {
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`reimbursement:${tdb.tenantId}:${userId}:${typeId}`}, 0))`);
}

/** Σ pending and approved claims of an employee and type in a financial year (the limit counts both). */
export async function sumClaimed(tdb: TenantDb, userId: string, typeId: string, financialYear: string): Promise<number> {
  const [row] = await tdb.tx
    .select({ total: sum(reimbursementRequests.amountPaise) })
    .from(reimbursementRequests)
    .where(
      and(
        eq(reimbursementRequests.tenantId, tdb.tenantId),
        eq(reimbursementRequests.userId, userId),
        eq(reimbursementRequests.typeId, typeId),
        eq(reimbursementRequests.financialYear, financialYear),
        inArray(reimbursementRequests.status, [1, 2]),
      ),
    );
  return Number(row?.total ?? 0);
}

export async function insertRequest(
  tdb: TenantDb,
  input: { userId: string; typeId: string; amountPaise: number; reason: string; claimedOn: string; financialYear: string; receiptFileId: string | null; at: Date },
): Promise<string> {
  const [row] = await tdb.tx
    .insert(reimbursementRequests)
    .values({ tenantId: tdb.tenantId, ...input, status: 1, createdAt: input.at })
    .returning({ id: reimbursementRequests.id });
  if (!row) throw new Error('reimbursement request not inserted');
  return row.id;
}

export async function insertReceiptFile(tdb: TenantDb, input: { storageKey: string; mimeType: string; sizeBytes: number; sha256: string; originalName: string; at: Date }): Promise<string> {
  const [row] = await tdb.tx
    .insert(files)
    .values({ tenantId: tdb.tenantId, storageKey: input.storageKey, kind: 'reimbursement-receipt', mimeType: input.mimeType, sizeBytes: input.sizeBytes, sha256: input.sha256, originalName: input.originalName, createdAt: input.at })
    .returning({ id: files.id });
  if (!row) throw new Error('receipt file not inserted');
  return row.id;
}

export async function findFile(tdb: TenantDb, id: string) {
  const [row] = await tdb.tx
    .select({ storageKey: files.storageKey, mimeType: files.mimeType, originalName: files.originalName })
    .from(files)
    .where(and(eq(files.tenantId, tdb.tenantId), eq(files.id, id)))
    .limit(1);
  return row;
}

/** Which of these storage keys a file row names, in any organisation (the sweeper). */
export async function findKnownStorageKeys(gdb: GlobalDb, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await gdb.tx.select({ storageKey: files.storageKey }).from(files).where(inArray(files.storageKey, [...keys]));
  return new Set(rows.map((r) => r.storageKey));
}

/** Pending → approved or rejected, once (the WHERE and the database's guard). */
export async function decideRequest(tdb: TenantDb, id: string, input: { status: number; remarks: string | null; decidedBy: string; at: Date }): Promise<boolean> {
  const rows = await tdb.tx
    .update(reimbursementRequests)
    .set({ status: input.status, remarks: input.remarks, decidedBy: input.decidedBy, decidedAt: input.at })
    .where(and(eq(reimbursementRequests.tenantId, tdb.tenantId), eq(reimbursementRequests.id, id), eq(reimbursementRequests.status, 1)))
    .returning({ id: reimbursementRequests.id });
  return rows.length > 0;
}

// ------------------------------------------------------------------------------------------ the payroll run

/**
 * One statement per chunk of a run (DESIGN §10): the approved claims not paid yet of these employees are
 * claimed by the run and returned; claims this run held for them before (an earlier processing of the
 * same draft) and no longer may take are let go. Employees with an exit recorded are left out: their
 * claims go to the full-and-final settlement (docs/decisions/). Raw SQL: UPDATE … RETURNING with a
 * join to the type, which the builder cannot express in one statement.
 */
export async function claimForRun(tdb: TenantDb, runId: string, userIds: readonly string[]): Promise<RunClaim[]> {
  if (userIds.length === 0) return [];
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // Data-modifying CTEs run to completion whether or not the outer query reads them (PostgreSQL docs, 7.8.4).
  const result = (await tdb.tx.execute(sql`
    WITH candidates AS (
      SELECT r.id, NOT EXISTS (SELECT 1 FROM exit_settlements s WHERE s.tenant_id = r.tenant_id AND s.user_id = r.user_id) AS taken
        FROM reimbursement_requests r
       WHERE r.tenant_id = ${tdb.tenantId} AND r.user_id IN (${ids}) AND r.status = ${APPROVED} AND r.paid_run_id IS NULL
         AND (r.claimed_run_id IS NULL OR r.claimed_run_id = ${runId}::uuid)
         FOR UPDATE OF r
    ), claimed AS (
      UPDATE reimbursement_requests r SET claimed_run_id = CASE WHEN c.taken THEN ${runId}::uuid ELSE NULL END
        FROM candidates c
       WHERE r.id = c.id AND r.claimed_run_id IS DISTINCT FROM (CASE WHEN c.taken THEN ${runId}::uuid ELSE NULL END)
    )
    SELECT r.id, r.user_id, r.amount_paise, to_char(r.claimed_on, 'YYYY-MM-DD') AS claimed_on, t.name AS type_name, t.is_taxable
      FROM candidates c
      JOIN reimbursement_requests r ON r.id = c.id
      JOIN reimbursement_types t ON t.id = r.type_id
     WHERE c.taken
     ORDER BY r.claimed_on, r.created_at, r.id`)) as unknown as { rows: { id: string; user_id: string; amount_paise: string | number; claimed_on: string; type_name: string; is_taxable: boolean }[] };
  return result.rows.map((r) => ({ id: r.id, userId: r.user_id, amountPaise: Number(r.amount_paise), claimedOn: r.claimed_on, typeName: r.type_name, taxable: r.is_taxable }));
}

export interface RunClaim {
  id: string;
  userId: string;
  amountPaise: number;
  claimedOn: string;
  typeName: string;
  taxable: boolean;
}

/**
 * At finalize: the claims this run holds for employees it paid are recorded as paid by it; the rest it
 * held (an employee later held back or removed from the run) are let go for the next run.
 */
export async function markPaidByRun(tdb: TenantDb, run: { id: string; month: string }, at: Date): Promise<number> {
  const paid = await tdb.tx
    .update(reimbursementRequests)
    .set({ paidRunId: run.id, paidMonth: run.month, paidAt: at })
    .where(
      and(
        eq(reimbursementRequests.tenantId, tdb.tenantId),
        eq(reimbursementRequests.claimedRunId, run.id),
        isNull(reimbursementRequests.paidRunId),
        inArray(
          reimbursementRequests.userId,
          tdb.tx
            .select({ userId: payslips.userId })
            .from(payslips)
            .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.runId, run.id))),
        ),
      ),
    )
    .returning({ id: reimbursementRequests.id });
  await tdb.tx
    .update(reimbursementRequests)
    .set({ claimedRunId: null })
    .where(and(eq(reimbursementRequests.tenantId, tdb.tenantId), eq(reimbursementRequests.claimedRunId, run.id), isNull(reimbursementRequests.paidRunId)));
  return paid.length;
}

/** Approved claims of an employee that no run has paid (the full-and-final settlement). */
export async function findUnpaidApproved(tdb: TenantDb, userId: string) {
  return tdb.tx
    .select({ amountPaise: reimbursementRequests.amountPaise, claimedOn: reimbursementRequests.claimedOn, typeName: reimbursementTypes.name })
    .from(reimbursementRequests)
    .innerJoin(reimbursementTypes, eq(reimbursementTypes.id, reimbursementRequests.typeId))
    .where(
      and(
        eq(reimbursementRequests.tenantId, tdb.tenantId),
        eq(reimbursementRequests.userId, userId),
        eq(reimbursementRequests.status, APPROVED),
        isNull(reimbursementRequests.paidRunId),
      ),
    )
    .orderBy(asc(reimbursementRequests.claimedOn), asc(reimbursementRequests.id));
}

/** The employee's full-and-final settlement once its figures are frozen (approved or settled), with their name. */
export async function findFrozenSettlement(tdb: TenantDb, userId: string): Promise<{ name: string } | undefined> {
  const [row] = await tdb.tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(exitSettlements)
    .innerJoin(users, eq(users.id, exitSettlements.userId))
    .where(and(eq(exitSettlements.tenantId, tdb.tenantId), eq(exitSettlements.userId, userId), inArray(exitSettlements.status, ['approved', 'settled'])))
    .limit(1);
  return row ? { name: `${row.firstName} ${row.lastName}`.trim() } : undefined;
}
