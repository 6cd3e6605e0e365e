import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { departments, exitSettlements, payrollRuns, payslips, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';
import type { StoredYtd } from './payroll.repo';

export type SettlementRow = typeof exitSettlements.$inferSelect;
export type SettlementWrite = Omit<typeof exitSettlements.$inferInsert, 'id' | 'tenantId'>;

export interface SettlementListRow extends SettlementRow {
  approvedByFirstName: string | null;
  approvedByLastName: string | null;
}

function selectSettlements(tdb: TenantDb) {
  return tdb.tx
    .select({ s: exitSettlements, approvedByFirstName: users.firstName, approvedByLastName: users.lastName })
    .from(exitSettlements)
    .leftJoin(users, eq(users.id, exitSettlements.approvedBy))
    .$dynamic();
}

const flatten = (r: { s: SettlementRow; approvedByFirstName: string | null; approvedByLastName: string | null }): SettlementListRow => ({
  ...r.s,
  approvedByFirstName: r.approvedByFirstName,
  approvedByLastName: r.approvedByLastName,
});

/** Every exit of the organisation, the latest last working day first. */
export async function listSettlements(tdb: TenantDb): Promise<SettlementListRow[]> {
  const rows = await selectSettlements(tdb).where(eq(exitSettlements.tenantId, tdb.tenantId)).orderBy(desc(exitSettlements.lastWorkingDay), desc(exitSettlements.createdAt));
  return rows.map(flatten);
}

/** `lock`: the row held until the transaction ends, so two approvals (or an approval and an edit) take turns. */
export async function findSettlement(tdb: TenantDb, id: string, lock = false): Promise<SettlementListRow | undefined> {
  const query = selectSettlements(tdb)
    .where(and(eq(exitSettlements.tenantId, tdb.tenantId), eq(exitSettlements.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('no key update', { of: exitSettlements }) : await query;
  return row ? flatten(row) : undefined;
}

export async function findSettlementOfUser(tdb: TenantDb, userId: string): Promise<{ id: string } | undefined> {
  const [row] = await tdb.tx
    .select({ id: exitSettlements.id })
    .from(exitSettlements)
    .where(and(eq(exitSettlements.tenantId, tdb.tenantId), eq(exitSettlements.userId, userId)))
    .limit(1);
  return row;
}

/** Inserts a draft; undefined when the employee already has an exit (unique tenant, user). */
export async function insertSettlement(tdb: TenantDb, values: SettlementWrite): Promise<string | undefined> {
  const [row] = await tdb.tx
    .insert(exitSettlements)
    .values({ tenantId: tdb.tenantId, ...values })
    .onConflictDoNothing()
    .returning({ id: exitSettlements.id });
  return row?.id;
}

export async function updateSettlement(tdb: TenantDb, id: string, patch: Partial<SettlementWrite>, now: Date): Promise<void> {
  await tdb.tx
    .update(exitSettlements)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(exitSettlements.tenantId, tdb.tenantId), eq(exitSettlements.id, id)));
}

export async function deleteSettlement(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(exitSettlements).where(and(eq(exitSettlements.tenantId, tdb.tenantId), eq(exitSettlements.id, id), eq(exitSettlements.status, 'draft')));
}

export interface ExitingEmployee {
  id: string;
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  designation: string | null;
  departmentName: string | null;
  pan: string | null;
  dateOfJoining: string | null;
  dateOfBirth: string | null;
}

export async function findExitingEmployee(tdb: TenantDb, userId: string): Promise<ExitingEmployee | undefined> {
  const [row] = await tdb.tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      employeeNumber: users.employeeNumber,
      designation: users.designation,
      departmentName: departments.name,
      pan: users.pan,
      dateOfJoining: users.dateOfJoining,
      dateOfBirth: users.dateOfBirth,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)))
    .limit(1);
  return row;
}

/**
 * The exit takes effect on the employee record: the last working day is users.date_of_leaving, which
 * the payroll run reads (prorates that month, leaves the employee out of later ones).
 */
export async function setDateOfLeaving(tdb: TenantDb, userId: string, dateOfLeaving: string, now: Date): Promise<void> {
  await tdb.tx
    .update(users)
    .set({ dateOfLeaving, updatedAt: now })
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)));
}

/** The latest finalized (or paid) run: a last working day inside it or before it would have been paid in full. */
export async function findLatestClosedRun(tdb: TenantDb): Promise<{ month: string; periodEnd: string } | undefined> {
  const [row] = await tdb.tx
    .select({ month: payrollRuns.month, periodEnd: payrollRuns.periodEnd })
    .from(payrollRuns)
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), inArray(payrollRuns.status, ['finalized', 'paid'])))
    .orderBy(desc(payrollRuns.month))
    .limit(1);
  return row;
}

/** The first month payroll was run in Tankha (any status): salary before it was paid elsewhere. */
export async function findFirstRunMonth(tdb: TenantDb): Promise<string | undefined> {
  const [row] = await tdb.tx.select({ month: payrollRuns.month }).from(payrollRuns).where(eq(payrollRuns.tenantId, tdb.tenantId)).orderBy(payrollRuns.month).limit(1);
  return row?.month;
}

/** The open run (draft, processing or processed), if any. */
export async function findOpenRun(tdb: TenantDb): Promise<typeof payrollRuns.$inferSelect | undefined> {
  const [row] = await tdb.tx
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), inArray(payrollRuns.status, ['draft', 'processing', 'processed'])))
    .orderBy(desc(payrollRuns.month))
    .limit(1);
  return row;
}

/**
 * The employee's latest finalized (or paid) payslip of the financial year up to `toMonth`: its stored
 * year to date includes its own month. A draft's payslip is left out: it may still change (the
 * approval of this very exit prorates it).
 */
export async function findLatestPayslipYtd(tdb: TenantDb, userId: string, fromMonth: string, toMonth: string): Promise<{ month: string; ytd: StoredYtd; status: string } | undefined> {
  const [row] = await tdb.tx
    .select({ month: payslips.month, ytd: payslips.ytd, status: payrollRuns.status })
    .from(payslips)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.runId))
    .where(
      and(
        eq(payslips.tenantId, tdb.tenantId),
        eq(payslips.userId, userId),
        gte(payslips.month, fromMonth),
        lte(payslips.month, toMonth),
        inArray(payrollRuns.status, ['finalized', 'paid']),
      ),
    )
    .orderBy(desc(payslips.month))
    .limit(1);
  if (!row) return undefined;
  const ytd = row.ytd as StoredYtd;
  return { month: row.month, ytd, status: row.status };
}
