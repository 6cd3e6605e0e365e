import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { payrollLedgerAccounts, payrollRuns, payslipLines, payslips, tenants, users, workLocations } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';
import { wageCorrectionsOf, type WageCorrection } from '@tankha/domain';

/**
 * Queries of the statutory files and the journal. Every file is read from a
 * finalized month's payslips in two queries (payslips, then their lines), whatever the number of
 * employees; people's current records (date of birth, date of leaving, gender) in one more.
 */

export type RunStatus = (typeof payrollRuns.$inferSelect)['status'];

export interface RunRow {
  id: string;
  month: string;
  periodStart: string;
  periodEnd: string;
  status: RunStatus;
}

const runColumns = { id: payrollRuns.id, month: payrollRuns.month, periodStart: payrollRuns.periodStart, periodEnd: payrollRuns.periodEnd, status: payrollRuns.status };

export async function findRun(tdb: TenantDb, runId: string): Promise<RunRow | undefined> {
  const [row] = await tdb.tx
    .select(runColumns)
    .from(payrollRuns)
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), eq(payrollRuns.id, runId)))
    .limit(1);
  return row;
}

export async function findRunOfMonth(tdb: TenantDb, month: string): Promise<RunRow | undefined> {
  const [row] = await tdb.tx
    .select(runColumns)
    .from(payrollRuns)
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), eq(payrollRuns.month, month)))
    .limit(1);
  return row;
}

/** The newest finalized or paid month (the ledger screen lists its components). */
export async function findLatestIssuedRunId(tdb: TenantDb): Promise<string | undefined> {
  const [row] = await tdb.tx
    .select({ id: payrollRuns.id })
    .from(payrollRuns)
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), inArray(payrollRuns.status, ['finalized', 'paid'])))
    .orderBy(desc(payrollRuns.month))
    .limit(1);
  return row?.id;
}

export async function findOrganisationName(tdb: TenantDb): Promise<string> {
  const [row] = await tdb.tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tdb.tenantId)).limit(1);
  return row?.name ?? '';
}

/** The part of the payslip snapshot (payslips.employee) the files print. */
export interface FilingEmployee {
  name: string;
  employeeNumber: string | null;
  uan: string | null;
  esiNumber: string | null;
}

export interface FilingWages {
  pfWagePaise: number;
  epsWagePaise: number;
  edliWagePaise: number;
  esiWagePaise: number;
  /**
   * Wages of earlier months paid on the payslip (loss of pay corrected, excluded pay brought in), by
   * month and kind, reported in this month's returns. A payslip stored before they were a list had
   * one lopCorrection total: read as a LOP correction of no named month (wageCorrectionsOf).
   */
  corrections: WageCorrection[];
}

export interface FilingLine {
  section: 'earning' | 'deduction' | 'employer';
  code: string;
  label: string;
  amountPaise: number;
  /** Only for the PT and LWF lines (they name the state); empty otherwise. */
  explanation: string[];
}

export interface FilingPayslip {
  id: string;
  userId: string;
  employee: FilingEmployee;
  daysInPeriod: number;
  payableDays: number;
  lopDays: number;
  grossPaise: number;
  deductionsPaise: number;
  netPaise: number;
  wages: FilingWages;
  lines: FilingLine[];
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const paiseOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function employeeOf(value: unknown): FilingEmployee {
  const o = (value ?? {}) as Record<string, unknown>;
  return { name: textOrNull(o.name) ?? '', employeeNumber: textOrNull(o.employeeNumber), uan: textOrNull(o.uan), esiNumber: textOrNull(o.esiNumber) };
}

function wagesOf(value: unknown): FilingWages {
  const o = (value ?? {}) as Record<string, unknown>;
  const base = (w: Record<string, unknown>) => ({ pfWagePaise: paiseOf(w.pfWagePaise), epsWagePaise: paiseOf(w.epsWagePaise), edliWagePaise: paiseOf(w.edliWagePaise), esiWagePaise: paiseOf(w.esiWagePaise) });
  const record = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';
  const corrections = Array.isArray(o.corrections)
    ? o.corrections.filter(record).map((c): WageCorrection => ({ ...base(c), month: typeof c.month === 'string' ? c.month : null, kind: c.kind === 'excluded' ? 'excluded' : 'lop' }))
    : undefined;
  return { ...base(o), corrections: wageCorrectionsOf({ corrections, lopCorrection: record(o.lopCorrection) ? base(o.lopCorrection) : undefined }) };
}

function explanationOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
}

/** Every payslip of a run with its lines, by employee number then name (the order of the files). */
export async function findFilingPayslips(tdb: TenantDb, runId: string): Promise<FilingPayslip[]> {
  const rows = await tdb.tx
    .select({
      id: payslips.id,
      userId: payslips.userId,
      employee: payslips.employee,
      daysInPeriod: payslips.daysInPeriod,
      payableDays: payslips.payableDays,
      lopDays: payslips.lopDays,
      grossPaise: payslips.grossPaise,
      deductionsPaise: payslips.deductionsPaise,
      netPaise: payslips.netPaise,
      wages: payslips.wages,
    })
    .from(payslips)
    .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.runId, runId)))
    .orderBy(sql`${payslips.employee}->>'employeeNumber' NULLS LAST`, sql`${payslips.employee}->>'name'`, asc(payslips.id));
  const lines = await tdb.tx
    .select({
      payslipId: payslipLines.payslipId,
      section: payslipLines.section,
      code: payslipLines.code,
      label: payslipLines.label,
      amountPaise: payslipLines.amountPaise,
      // Only the PT and LWF lines' explanations are read (they name the state): the rest stay in the database.
      explanation: sql<unknown>`CASE WHEN ${payslipLines.code} IN ('PT', 'LWF_EE', 'LWF_ER') THEN ${payslipLines.explanation} END`,
    })
    .from(payslipLines)
    .innerJoin(payslips, eq(payslips.id, payslipLines.payslipId))
    .where(and(eq(payslipLines.tenantId, tdb.tenantId), eq(payslips.runId, runId)))
    .orderBy(asc(payslipLines.payslipId), asc(payslipLines.seq));
  const byPayslip = new Map<string, FilingLine[]>();
  for (const { payslipId, explanation, ...line } of lines) {
    const list = byPayslip.get(payslipId) ?? [];
    list.push({ ...line, explanation: explanationOf(explanation) });
    byPayslip.set(payslipId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    employee: employeeOf(r.employee),
    daysInPeriod: Number(r.daysInPeriod),
    payableDays: Number(r.payableDays),
    lopDays: Number(r.lopDays),
    grossPaise: r.grossPaise,
    deductionsPaise: r.deductionsPaise,
    netPaise: r.netPaise,
    wages: wagesOf(r.wages),
    lines: byPayslip.get(r.id) ?? [],
  }));
}

export interface EsiContributor {
  userId: string;
  employee: FilingEmployee;
}

/** The employees a run charged ESI for (ESI wages or an ESI line): last month's insured persons. */
export async function findEsiContributors(tdb: TenantDb, runId: string): Promise<EsiContributor[]> {
  const rows = await tdb.tx
    .select({ id: payslips.id, userId: payslips.userId, employee: payslips.employee, wages: payslips.wages })
    .from(payslips)
    .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.runId, runId)));
  const withLine = await tdb.tx
    .selectDistinct({ payslipId: payslipLines.payslipId })
    .from(payslipLines)
    .innerJoin(payslips, eq(payslips.id, payslipLines.payslipId))
    .where(and(eq(payslipLines.tenantId, tdb.tenantId), eq(payslips.runId, runId), inArray(payslipLines.code, ['ESI_EE', 'ESI_ER'])));
  const charged = new Set(withLine.map((r) => r.payslipId));
  return rows.filter((r) => charged.has(r.id) || wagesOf(r.wages).esiWagePaise > 0).map((r) => ({ userId: r.userId, employee: employeeOf(r.employee) }));
}

export interface PersonRecord {
  /** First, middle and last name as the record has them now. */
  name: string;
  uan: string | null;
  esiNumber: string | null;
  dateOfBirth: string | null;
  dateOfLeaving: string | null;
  /** users.gender: 1 Male, 2 Female, 4 Other, 0 unknown. */
  gender: number;
  /** Their work location today: its state and the PT and LWF registrations its statements go under. */
  location: { stateCode: string; ptRegistrationNumber: string | null; lwfRegistrationNumber: string | null } | null;
}

/**
 * Today's records of these people: the identity the portals check (name, UAN, ESI number; fixed in
 * the employee's record after a month is finalized) and what the payslip snapshot lacks (birth and
 * leaving dates, gender).
 */
export async function findPeople(tdb: TenantDb, userIds: readonly string[]): Promise<Map<string, PersonRecord>> {
  if (userIds.length === 0) return new Map();
  const rows = await tdb.tx
    .select({
      id: users.id,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      uan: users.uan,
      esiNumber: users.esiNumber,
      dateOfBirth: users.dateOfBirth,
      dateOfLeaving: users.dateOfLeaving,
      gender: users.gender,
      stateCode: workLocations.stateCode,
      ptRegistrationNumber: workLocations.ptRegistrationNumber,
      lwfRegistrationNumber: workLocations.lwfRegistrationNumber,
    })
    .from(users)
    .leftJoin(workLocations, and(eq(workLocations.id, users.workLocationId), eq(workLocations.tenantId, users.tenantId)))
    .where(and(eq(users.tenantId, tdb.tenantId), inArray(users.id, [...new Set(userIds)])));
  return new Map(
    rows.map(({ id, firstName, middleName, lastName, uan, esiNumber, stateCode, ptRegistrationNumber, lwfRegistrationNumber, ...r }) => [
      id,
      {
        ...r,
        location: stateCode === null ? null : { stateCode, ptRegistrationNumber, lwfRegistrationNumber },
        name: [firstName, middleName, lastName].map((x) => x?.trim() ?? '').filter((x) => x !== '').join(' '), uan: textOrNull(uan), esiNumber: textOrNull(esiNumber) },
    ]),
  );
}

/** The distinct components (section, code, label) on a run's payslips, in first-seen order. */
export async function findRunComponents(tdb: TenantDb, runId: string): Promise<{ section: 'earning' | 'deduction' | 'employer'; code: string; label: string }[]> {
  const rows = await tdb.tx
    .select({ section: payslipLines.section, code: payslipLines.code, label: sql<string>`min(${payslipLines.label})`, seq: sql<number>`min(${payslipLines.seq})` })
    .from(payslipLines)
    .innerJoin(payslips, eq(payslips.id, payslipLines.payslipId))
    .where(and(eq(payslipLines.tenantId, tdb.tenantId), eq(payslips.runId, runId)))
    .groupBy(payslipLines.section, payslipLines.code)
    .orderBy(sql`min(${payslipLines.seq})`, payslipLines.code);
  return rows.map(({ section, code, label }) => ({ section, code, label }));
}

export interface LedgerAccountRow {
  section: 'earning' | 'deduction' | 'employer' | 'total';
  code: string;
  accountCode: string;
  accountName: string;
}

export async function listLedgerAccounts(tdb: TenantDb): Promise<LedgerAccountRow[]> {
  return tdb.tx
    .select({ section: payrollLedgerAccounts.section, code: payrollLedgerAccounts.code, accountCode: payrollLedgerAccounts.accountCode, accountName: payrollLedgerAccounts.accountName })
    .from(payrollLedgerAccounts)
    .where(eq(payrollLedgerAccounts.tenantId, tdb.tenantId))
    .orderBy(asc(payrollLedgerAccounts.section), asc(payrollLedgerAccounts.code));
}

/**
 * The whole mapping replaced in one transaction: what the screen shows is what is stored. One writer
 * at a time per organisation (an advisory lock until commit): a second save at the same moment
 * deletes what the first inserted rather than inserting the same keys beside it.
 */
export async function replaceLedgerAccounts(tdb: TenantDb, rows: readonly LedgerAccountRow[], updatedBy: string, now: Date): Promise<void> {
  // raw SQL: an advisory lock function call, no table to build from.
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`payroll-ledger-accounts:${tdb.tenantId}`}))`);
  await tdb.tx.delete(payrollLedgerAccounts).where(eq(payrollLedgerAccounts.tenantId, tdb.tenantId));
  if (rows.length === 0) return;
  await tdb.tx.insert(payrollLedgerAccounts).values(rows.map((r) => ({ tenantId: tdb.tenantId, ...r, updatedBy, updatedAt: now })));
}

// ——— Form 24Q ———

export interface IssuedRunRow {
  id: string;
  month: string;
  payDate: string;
}

/** The finalized or paid runs of these months. */
export async function findIssuedRuns(tdb: TenantDb, months: readonly string[]): Promise<IssuedRunRow[]> {
  if (months.length === 0) return [];
  return tdb.tx
    .select({ id: payrollRuns.id, month: payrollRuns.month, payDate: payrollRuns.payDate })
    .from(payrollRuns)
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), inArray(payrollRuns.month, [...months]), inArray(payrollRuns.status, ['finalized', 'paid'])))
    .orderBy(asc(payrollRuns.month));
}

export interface TdsPayslip {
  runId: string;
  userId: string;
  employee: FilingEmployee & { pan: string | null };
  grossPaise: number;
  tdsPaise: number;
}

/** Every payslip of these runs with its TDS (Σ of its TDS lines), in the files' order; two queries. */
export async function findTdsPayslips(tdb: TenantDb, runIds: readonly string[]): Promise<TdsPayslip[]> {
  if (runIds.length === 0) return [];
  const rows = await tdb.tx
    .select({ id: payslips.id, runId: payslips.runId, userId: payslips.userId, employee: payslips.employee, grossPaise: payslips.grossPaise })
    .from(payslips)
    .where(and(eq(payslips.tenantId, tdb.tenantId), inArray(payslips.runId, [...runIds])))
    .orderBy(sql`${payslips.employee}->>'employeeNumber' NULLS LAST`, sql`${payslips.employee}->>'name'`, asc(payslips.id));
  const tds = await tdb.tx
    .select({ payslipId: payslipLines.payslipId, amountPaise: sql<string>`sum(${payslipLines.amountPaise})` })
    .from(payslipLines)
    .innerJoin(payslips, eq(payslips.id, payslipLines.payslipId))
    .where(and(eq(payslipLines.tenantId, tdb.tenantId), inArray(payslips.runId, [...runIds]), eq(payslipLines.section, 'deduction'), eq(payslipLines.code, 'TDS')))
    .groupBy(payslipLines.payslipId);
  const tdsOf = new Map(tds.map((t) => [t.payslipId, Number(t.amountPaise)]));
  return rows.map((r) => {
    const o = (r.employee ?? {}) as Record<string, unknown>;
    return { runId: r.runId, userId: r.userId, employee: { ...employeeOf(r.employee), pan: textOrNull(o.pan) }, grossPaise: r.grossPaise, tdsPaise: tdsOf.get(r.id) ?? 0 };
  });
}

/** Today's PAN of these people (fixed in the record after a month was finalized). */
export async function findPans(tdb: TenantDb, userIds: readonly string[]): Promise<Map<string, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await tdb.tx
    .select({ id: users.id, pan: users.pan })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), inArray(users.id, [...new Set(userIds)])));
  return new Map(rows.map((r) => [r.id, textOrNull(r.pan)]));
}

export async function findOrganisationTan(tdb: TenantDb): Promise<string | null> {
  const [row] = await tdb.tx.select({ tan: tenants.tan }).from(tenants).where(eq(tenants.id, tdb.tenantId)).limit(1);
  return textOrNull(row?.tan);
}
