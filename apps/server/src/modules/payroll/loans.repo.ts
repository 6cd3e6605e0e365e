import { and, asc, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { loanRecoveries, loans, payrollRuns, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

export type LoanRow = typeof loans.$inferSelect;
export type LoanWrite = Omit<typeof loans.$inferInsert, 'id' | 'tenantId'>;
export type RecoveryRow = typeof loanRecoveries.$inferSelect;
export type RecoveryWrite = Omit<typeof loanRecoveries.$inferInsert, 'id' | 'tenantId' | 'createdAt'>;

export interface LoanListRow extends LoanRow {
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
}

const CLOSED_RUN = ['finalized', 'paid'] as const;

function selectLoans(tdb: TenantDb) {
  return tdb.tx
    .select({ l: loans, firstName: users.firstName, lastName: users.lastName, employeeNumber: users.employeeNumber })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .$dynamic();
}

const flatten = (r: { l: LoanRow; firstName: string; lastName: string; employeeNumber: string | null }): LoanListRow => ({ ...r.l, firstName: r.firstName, lastName: r.lastName, employeeNumber: r.employeeNumber });

/** The organisation's loans (or one employee's), the newest first. */
export async function listLoans(tdb: TenantDb, userId?: string): Promise<LoanListRow[]> {
  const rows = await selectLoans(tdb)
    .where(and(eq(loans.tenantId, tdb.tenantId), userId ? eq(loans.userId, userId) : undefined))
    .orderBy(desc(loans.createdAt));
  return rows.map(flatten);
}

export async function findLoan(tdb: TenantDb, id: string, lock = false): Promise<LoanListRow | undefined> {
  const query = selectLoans(tdb)
    .where(and(eq(loans.tenantId, tdb.tenantId), eq(loans.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('no key update', { of: loans }) : await query;
  return row ? flatten(row) : undefined;
}

export async function findEmployee(tdb: TenantDb, userId: string): Promise<{ id: string } | undefined> {
  const [row] = await tdb.tx.select({ id: users.id }).from(users).where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId))).limit(1);
  return row;
}

export async function insertLoan(tdb: TenantDb, values: LoanWrite): Promise<string> {
  const [row] = await tdb.tx.insert(loans).values({ ...values, tenantId: tdb.tenantId }).returning({ id: loans.id });
  if (!row) throw new Error('loan not inserted');
  return row.id;
}

export async function updateLoan(tdb: TenantDb, id: string, patch: Partial<LoanWrite>, now: Date): Promise<void> {
  await tdb.tx
    .update(loans)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(loans.tenantId, tdb.tenantId), eq(loans.id, id)));
}

/** Every month that did something with these loans (recovered or deferred), with whether the month is finalized. */
export async function findRecoveries(tdb: TenantDb, loanIds: readonly string[]): Promise<(RecoveryRow & { final: boolean })[]> {
  if (loanIds.length === 0) return [];
  const rows = await tdb.tx
    .select({ r: loanRecoveries, runStatus: payrollRuns.status })
    .from(loanRecoveries)
    .innerJoin(payrollRuns, eq(payrollRuns.id, loanRecoveries.runId))
    .where(and(eq(loanRecoveries.tenantId, tdb.tenantId), inArray(loanRecoveries.loanId, [...loanIds])))
    .orderBy(asc(loanRecoveries.month));
  return rows.map(({ r, runStatus }) => ({ ...r, final: (CLOSED_RUN as readonly string[]).includes(runStatus) }));
}

/** A loan the run repays, with the instalments recovered in the months before the run's. */
export interface LoanForRun extends LoanRow {
  recoveredCount: number;
}

/**
 * The payroll chunk's one read of loans (DESIGN §10): the active loans of these employees whose
 * first instalment month has come, each with the count of instalments recovered before this month
 * (every earlier month is finalized: the run is the open month).
 */
export async function findLoansForRun(tdb: TenantDb, userIds: readonly string[], month: string): Promise<Map<string, LoanForRun[]>> {
  const out = new Map<string, LoanForRun[]>();
  if (userIds.length === 0) return out;
  const recovered = tdb.tx
    .select({ loanId: loanRecoveries.loanId, n: sql<number>`count(*)::int`.as('n') })
    .from(loanRecoveries)
    .where(and(eq(loanRecoveries.tenantId, tdb.tenantId), eq(loanRecoveries.status, 'recovered'), lt(loanRecoveries.month, month)))
    .groupBy(loanRecoveries.loanId)
    .as('recovered');
  const rows = await tdb.tx
    .select({ l: loans, n: recovered.n })
    .from(loans)
    .leftJoin(recovered, eq(recovered.loanId, loans.id))
    .where(and(eq(loans.tenantId, tdb.tenantId), eq(loans.status, 'active'), lte(loans.startMonth, month), sql`${loans.userId} = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::uuid))`))
    .orderBy(asc(loans.createdAt), asc(loans.id));
  for (const { l, n } of rows) out.set(l.userId, [...(out.get(l.userId) ?? []), { ...l, recoveredCount: n ?? 0 }]);
  return out;
}

/** The chunk's recoveries in one insert (written with the payslips; removed with them by the cascade). */
export async function insertRecoveries(tdb: TenantDb, rows: readonly RecoveryWrite[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await tdb.tx.insert(loanRecoveries).values(rows.slice(i, i + 1000).map((r) => ({ ...r, tenantId: tdb.tenantId })));
  }
}

/** After a month is finalized: the loans whose every instalment is now recovered are closed. */
export async function closeRepaidLoans(tdb: TenantDb, now: Date): Promise<void> {
  await tdb.tx
    .update(loans)
    .set({ status: 'closed', closedAt: now, updatedAt: now })
    .where(
      and(
        eq(loans.tenantId, tdb.tenantId),
        eq(loans.status, 'active'),
        sql`(SELECT count(*) FROM ${loanRecoveries} r JOIN ${payrollRuns} p ON p.id = r.run_id
              WHERE r.loan_id = ${loans.id} AND r.status = 'recovered' AND p.status IN ('finalized', 'paid')) >= ${loans.instalments}`,
      ),
    );
}

/** Whether a finalized month recovered an instalment of the loan (its terms are then fixed). */
export async function hasFinalRecoveries(tdb: TenantDb, loanId: string): Promise<boolean> {
  const [row] = await tdb.tx
    .select({ id: loanRecoveries.id })
    .from(loanRecoveries)
    .innerJoin(payrollRuns, eq(payrollRuns.id, loanRecoveries.runId))
    .where(and(eq(loanRecoveries.tenantId, tdb.tenantId), eq(loanRecoveries.loanId, loanId), eq(loanRecoveries.status, 'recovered'), inArray(payrollRuns.status, [...CLOSED_RUN])))
    .limit(1);
  return row !== undefined;
}
