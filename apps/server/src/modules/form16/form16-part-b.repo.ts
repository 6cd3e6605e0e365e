import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { form16Documents, form16Settings, files, loanRecoveries, payrollRuns, payslipLines, payslips, tenantEarnings, tenants, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

/**
 * Reads of Form 16 Part B: a financial year's finalized payslips (runs finalized
 * or paid), the lines Part B needs (basic, HRA, professional tax, employee EPF), loan perquisites,
 * and the generated Part B a new one replaces.
 */

const FINAL = ['finalized', 'paid'] as const;

export interface YearPayslipRow {
  id: string;
  userId: string;
  month: string;
  tdsPaise: number;
  taxRegime: number;
  employee: unknown;
  ytd: unknown;
}

/** Employees with a finalized payslip in the year (all, or these), in name order. */
export async function findYearEmployees(tdb: TenantDb, financialYearStart: number, userIds?: readonly string[]): Promise<{ id: string; dateOfBirth: string | null }[]> {
  const rows = await tdb.tx
    .selectDistinct({ id: users.id, dateOfBirth: users.dateOfBirth, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(payslips, and(eq(payslips.userId, users.id), eq(payslips.tenantId, users.tenantId)))
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.runId))
    .where(
      and(
        eq(users.tenantId, tdb.tenantId),
        inArray(payrollRuns.status, [...FINAL]),
        gte(payslips.month, `${String(financialYearStart)}-04`),
        lte(payslips.month, `${String(financialYearStart + 1)}-03`),
        userIds ? inArray(users.id, [...userIds]) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((r) => ({ id: r.id, dateOfBirth: r.dateOfBirth }));
}

/** The year's finalized payslips of these employees, oldest month first. */
export async function findYearPayslips(tdb: TenantDb, financialYearStart: number, userIds: readonly string[]): Promise<YearPayslipRow[]> {
  if (userIds.length === 0) return [];
  return tdb.tx
    .select({ id: payslips.id, userId: payslips.userId, month: payslips.month, tdsPaise: payslips.tdsPaise, taxRegime: payslips.taxRegime, employee: payslips.employee, ytd: payslips.ytd })
    .from(payslips)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.runId))
    .where(
      and(
        eq(payslips.tenantId, tdb.tenantId),
        inArray(payslips.userId, [...userIds]),
        inArray(payrollRuns.status, [...FINAL]),
        gte(payslips.month, `${String(financialYearStart)}-04`),
        lte(payslips.month, `${String(financialYearStart + 1)}-03`),
      ),
    )
    .orderBy(asc(payslips.userId), asc(payslips.month), asc(payslips.createdAt));
}

/** The codes of the organisation's basic and HRA earnings (rule 2A). */
export async function findEarningCodes(tdb: TenantDb): Promise<{ basic: Set<string>; hra: Set<string> }> {
  const rows = await tdb.tx
    .select({ code: tenantEarnings.code, category: tenantEarnings.earningCategory })
    .from(tenantEarnings)
    .where(and(eq(tenantEarnings.tenantId, tdb.tenantId), inArray(tenantEarnings.earningCategory, ['basic', 'hra'])));
  return { basic: new Set(rows.filter((r) => r.category === 'basic').map((r) => r.code)), hra: new Set(rows.filter((r) => r.category === 'hra').map((r) => r.code)) };
}

/** The lines of these payslips that Part B reads: the basic and HRA earnings, PT and employee EPF. */
export async function findPartBLines(tdb: TenantDb, payslipIds: readonly string[], earningCodes: readonly string[]): Promise<{ payslipId: string; section: string; code: string; amountPaise: number }[]> {
  if (payslipIds.length === 0) return [];
  return tdb.tx
    .select({ payslipId: payslipLines.payslipId, section: payslipLines.section, code: payslipLines.code, amountPaise: payslipLines.amountPaise })
    .from(payslipLines)
    .where(
      and(
        eq(payslipLines.tenantId, tdb.tenantId),
        inArray(payslipLines.payslipId, [...payslipIds]),
        or(
          and(eq(payslipLines.section, 'deduction'), inArray(payslipLines.code, ['PT', 'EPF_EE'])),
          earningCodes.length > 0 ? and(eq(payslipLines.section, 'earning'), inArray(payslipLines.code, [...earningCodes])) : undefined,
        ),
      ),
    );
}

/** Σ loan perquisite (s.17(2)(viii)) of these payslips, by employee. */
/**
 * The loan perquisites of these payslips by employee: the taxable value (s.17(2)(viii)) and the
 * interest charged to the employee in the months valued, which Form 12BA shows as recovered.
 */
export async function sumPerquisites(tdb: TenantDb, payslipIds: readonly string[]): Promise<Map<string, { perquisitePaise: number; recoveredPaise: number }>> {
  if (payslipIds.length === 0) return new Map();
  const rows = await tdb.tx
    .select({
      userId: loanRecoveries.userId,
      amountPaise: sql<string>`sum(${loanRecoveries.perquisitePaise})`,
      recoveredPaise: sql<string>`coalesce(sum(${loanRecoveries.interestPaise}) FILTER (WHERE ${loanRecoveries.perquisitePaise} > 0), 0)`,
    })
    .from(loanRecoveries)
    .where(and(eq(loanRecoveries.tenantId, tdb.tenantId), inArray(loanRecoveries.payslipId, [...payslipIds])))
    .groupBy(loanRecoveries.userId);
  return new Map(rows.map((r) => [r.userId, { perquisitePaise: Number(r.amountPaise), recoveredPaise: Number(r.recoveredPaise) }]));
}

/** The person responsible for deducting tax and the place, as saved; undefined before the first save. */
export async function findResponsiblePerson(tdb: TenantDb): Promise<{ name: string; fatherName: string; designation: string; place: string } | undefined> {
  const [row] = await tdb.tx
    .select({ name: form16Settings.responsibleName, fatherName: form16Settings.responsibleFatherName, designation: form16Settings.responsibleDesignation, place: form16Settings.place })
    .from(form16Settings)
    .where(eq(form16Settings.tenantId, tdb.tenantId))
    .limit(1);
  return row;
}

export async function upsertResponsiblePerson(tdb: TenantDb, values: { name: string; fatherName: string; designation: string; place: string }, by: string, at: Date): Promise<void> {
  const set = { responsibleName: values.name, responsibleFatherName: values.fatherName, responsibleDesignation: values.designation, place: values.place, updatedBy: by, updatedAt: at };
  await tdb.tx
    .insert(form16Settings)
    .values({ tenantId: tdb.tenantId, ...set })
    .onConflictDoUpdate({ target: form16Settings.tenantId, set });
}

export async function findEmployer(tdb: TenantDb): Promise<{ name: string; address: string | null; pan: string | null; tan: string | null } | undefined> {
  const [row] = await tdb.tx.select({ name: tenants.name, address: tenants.address, pan: tenants.pan, tan: tenants.tan }).from(tenants).where(eq(tenants.id, tdb.tenantId)).limit(1);
  return row;
}

/** The Part B of these employees and year, whichever its kind. */
export async function findPartBs(tdb: TenantDb, financialYearStart: number, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return tdb.tx
    .select({ id: form16Documents.id, userId: form16Documents.userId, kind: form16Documents.kind, fileId: form16Documents.fileId, storageKey: files.storageKey })
    .from(form16Documents)
    .innerJoin(files, eq(files.id, form16Documents.fileId))
    .where(and(eq(form16Documents.tenantId, tdb.tenantId), eq(form16Documents.financialYearStart, financialYearStart), eq(form16Documents.formType, 2), inArray(form16Documents.userId, [...userIds])));
}
