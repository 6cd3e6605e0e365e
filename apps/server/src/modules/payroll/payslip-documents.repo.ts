import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PayslipEmployee } from '@tankha/contracts';
import { files, payrollRuns, payrollSettings, payslipDocuments, payslipLines, payslips, tenants, users } from '../../db/schema';
import { queryRows } from '../../db/client';
import type { GlobalDb, TenantDb } from '../../platform/tenancy';

/**
 * Queries of the payslip documents: the stored PDF of each payslip of a
 * finalized run, its e-mail, and the payroll register. Every read is one query for a whole chunk
 * of payslips; nothing here is called once per payslip.
 */

export type RunStatus = (typeof payrollRuns.$inferSelect)['status'];

export interface RunRow {
  id: string;
  month: string;
  periodStart: string;
  periodEnd: string;
  status: RunStatus;
}

export async function findRun(tdb: TenantDb, runId: string): Promise<RunRow | undefined> {
  const [row] = await tdb.tx
    .select({ id: payrollRuns.id, month: payrollRuns.month, periodStart: payrollRuns.periodStart, periodEnd: payrollRuns.periodEnd, status: payrollRuns.status })
    .from(payrollRuns)
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), eq(payrollRuns.id, runId)))
    .limit(1);
  return row;
}

export interface OrganisationRow {
  name: string;
  address: string | null;
  logoKey: string | null;
  isEmailEnabled: boolean;
  timeZone: string;
}

export async function findOrganisation(tdb: TenantDb): Promise<OrganisationRow | undefined> {
  const [row] = await tdb.tx
    .select({ name: tenants.name, address: tenants.address, logoKey: tenants.logoKey, isEmailEnabled: tenants.isEmailEnabled, timeZone: tenants.timeZone })
    .from(tenants)
    .where(eq(tenants.id, tdb.tenantId))
    .limit(1);
  return row;
}

/** Whether the organisation protects payslip PDFs with the employee's password (off until set). */
export async function findProtectsPayslips(tdb: TenantDb): Promise<boolean> {
  const [row] = await tdb.tx.select({ on: payrollSettings.protectPayslipPdfs }).from(payrollSettings).where(eq(payrollSettings.tenantId, tdb.tenantId)).limit(1);
  return row?.on ?? false;
}

/** What each employee's payslip password is made of: their PAN and date of birth as they are now. */
export async function findPasswordSources(tdb: TenantDb, userIds: readonly string[]): Promise<Map<string, { pan: string | null; dateOfBirth: string | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await tdb.tx
    .select({ id: users.id, pan: users.pan, dateOfBirth: users.dateOfBirth })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), inArray(users.id, [...new Set(userIds)])));
  return new Map(rows.map((r) => [r.id, { pan: r.pan, dateOfBirth: r.dateOfBirth }]));
}

/**
 * The rendered payslips of issued months (of these employees, or of everyone when `userIds` is
 * undefined); `onlyProtected`: only those whose stored PDF is password-protected.
 */
export async function findIssuedDocuments(tdb: TenantDb, options: { userIds?: readonly string[]; onlyProtected: boolean }): Promise<{ runId: string; payslipId: string }[]> {
  const { userIds, onlyProtected } = options;
  if (userIds?.length === 0) return [];
  return tdb.tx
    .select({ runId: payslipDocuments.runId, payslipId: payslipDocuments.payslipId })
    .from(payslipDocuments)
    .innerJoin(payslips, eq(payslips.id, payslipDocuments.payslipId))
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslipDocuments.runId))
    .where(
      and(
        eq(payslipDocuments.tenantId, tdb.tenantId),
        inArray(payrollRuns.status, ['finalized', 'paid']),
        userIds ? inArray(payslips.userId, [...userIds]) : undefined,
        onlyProtected ? eq(payslipDocuments.passwordProtected, true) : undefined,
      ),
    )
    .orderBy(asc(payslipDocuments.payslipId));
}

/** The run's payslips that have no stored PDF yet, in id order (the order chunks are cut in). */
export async function findPayslipIdsWithoutDocument(tdb: TenantDb, runId: string): Promise<string[]> {
  const rows = await tdb.tx
    .select({ id: payslips.id })
    .from(payslips)
    .leftJoin(payslipDocuments, eq(payslipDocuments.payslipId, payslips.id))
    .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.runId, runId), isNull(payslipDocuments.payslipId)))
    .orderBy(asc(payslips.id));
  return rows.map((r) => r.id);
}

/** Rendered payslips of the run whose e-mail has not gone out (a lost e-mail job is picked up again). */
export async function findDocumentIdsNotEmailed(tdb: TenantDb, runId: string): Promise<string[]> {
  const rows = await tdb.tx
    .select({ id: payslipDocuments.payslipId })
    .from(payslipDocuments)
    .where(and(eq(payslipDocuments.tenantId, tdb.tenantId), eq(payslipDocuments.runId, runId), isNull(payslipDocuments.emailedAt)))
    .orderBy(asc(payslipDocuments.payslipId));
  return rows.map((r) => r.id);
}

/**
 * Holds these payslips until the transaction ends, so two jobs given the same payslips (a second
 * start while the first one's jobs are queued) never render one twice: the second waits, then finds
 * the documents. Locks are taken in id order, so overlapping sets cannot deadlock.
 */
export async function lockPayslips(tdb: TenantDb, payslipIds: readonly string[]): Promise<void> {
  if (payslipIds.length === 0) return;
  const keys = [...payslipIds].sort().map((id) => `payslip-document:${id}`);
  // raw SQL: advisory locks are function calls on no table, one statement for the whole chunk.
  await tdb.tx.execute(sql`SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0))) FROM jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) AS t(k)`);
}

export interface StoredYtd {
  grossPaise: number;
  deductionsPaise: number;
  netPaise: number;
  tdsPaise: number;
  lines: { code: string; label: string; amountPaise: number }[];
}

export interface PayslipToRender {
  id: string;
  userId: string;
  month: string;
  holdKind: 'payout' | null;
  employee: PayslipEmployee;
  daysInPeriod: number;
  payableDays: number;
  lopDays: number;
  grossPaise: number;
  deductionsPaise: number;
  netPaise: number;
  employerCostPaise: number;
  taxRegime: 0 | 1;
  ytd: StoredYtd;
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const paiseOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The employee snapshot printed on the payslip; a field the snapshot lacks prints as a dash. */
function employeeOf(value: unknown): PayslipEmployee {
  const o = (value ?? {}) as Record<string, unknown>;
  return {
    name: textOrNull(o.name) ?? '',
    employeeNumber: textOrNull(o.employeeNumber),
    designation: textOrNull(o.designation),
    department: textOrNull(o.department),
    pan: textOrNull(o.pan),
    uan: textOrNull(o.uan),
    esiNumber: textOrNull(o.esiNumber),
    bankAccount: textOrNull(o.bankAccount),
    bankName: textOrNull(o.bankName),
    dateOfJoining: textOrNull(o.dateOfJoining),
  };
}

/** The stored year-to-date totals (payslips.ytd, written by the run in paise). */
function ytdOf(value: unknown): StoredYtd {
  const o = (value ?? {}) as Record<string, unknown>;
  const lines = Array.isArray(o.lines) ? (o.lines as Record<string, unknown>[]) : [];
  return {
    grossPaise: paiseOf(o.grossPaise),
    deductionsPaise: paiseOf(o.deductionsPaise),
    netPaise: paiseOf(o.netPaise),
    tdsPaise: paiseOf(o.tdsPaise),
    lines: lines.map((l) => ({ code: String(l.code), label: String(l.label), amountPaise: paiseOf(l.amountPaise) })),
  };
}

const payslipColumns = {
  id: payslips.id,
  userId: payslips.userId,
  month: payslips.month,
  holdKind: payslips.holdKind,
  employee: payslips.employee,
  daysInPeriod: payslips.daysInPeriod,
  payableDays: payslips.payableDays,
  lopDays: payslips.lopDays,
  grossPaise: payslips.grossPaise,
  deductionsPaise: payslips.deductionsPaise,
  netPaise: payslips.netPaise,
  employerCostPaise: payslips.employerCostPaise,
  taxRegime: payslips.taxRegime,
  ytd: payslips.ytd,
};

function toPayslip(r: Pick<typeof payslips.$inferSelect, keyof typeof payslipColumns>): PayslipToRender {
  return {
    id: r.id,
    userId: r.userId,
    month: r.month,
    holdKind: r.holdKind,
    employee: employeeOf(r.employee),
    daysInPeriod: Number(r.daysInPeriod),
    payableDays: Number(r.payableDays),
    lopDays: Number(r.lopDays),
    grossPaise: r.grossPaise,
    deductionsPaise: r.deductionsPaise,
    netPaise: r.netPaise,
    employerCostPaise: r.employerCostPaise,
    taxRegime: r.taxRegime === 0 ? 0 : 1,
    ytd: ytdOf(r.ytd),
  };
}

/** Of these payslips of the run, those without a stored PDF, with everything the PDF prints. */
export async function findPayslipsToRender(tdb: TenantDb, runId: string, payslipIds: readonly string[]): Promise<PayslipToRender[]> {
  if (payslipIds.length === 0) return [];
  const rows = await tdb.tx
    .select(payslipColumns)
    .from(payslips)
    .leftJoin(payslipDocuments, eq(payslipDocuments.payslipId, payslips.id))
    .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.runId, runId), inArray(payslips.id, [...payslipIds]), isNull(payslipDocuments.payslipId)))
    .orderBy(asc(payslips.id));
  return rows.map(toPayslip);
}

/** A held payout's hold, release and latest paid payment (instants; the service turns them into dates). */
export interface PayoutTimelineRow {
  payslipId: string;
  heldAt: Date | string | null;
  holdReason: string | null;
  releasedAt: Date | string | null;
  releasedByName: string | null;
  paidDate: string | null;
  paidRecordedAt: Date | string | null;
}

/** The payout timelines of these payslips (held payouts only: the others have none), in one read. */
export async function findPayoutTimelines(tdb: TenantDb, payslipIds: readonly string[]): Promise<Map<string, PayoutTimelineRow>> {
  if (payslipIds.length === 0) return new Map();
  // raw SQL: hold, release and the latest paid attempt of each payslip (a lateral read per payslip).
  const rows = await queryRows<PayoutTimelineRow>(tdb.tx, sql`
    SELECT p.id AS "payslipId", h.created_at AS "heldAt", h.reason AS "holdReason", rel.released_at AS "releasedAt",
           trim(rb.first_name || ' ' || coalesce(rb.last_name, '')) AS "releasedByName",
           to_char(paid.status_date, 'YYYY-MM-DD') AS "paidDate", paid.status_recorded_at AS "paidRecordedAt"
      FROM payslips p
      LEFT JOIN payroll_holds h ON h.run_id = p.run_id AND h.user_id = p.user_id
      LEFT JOIN payroll_payout_releases rel ON rel.payslip_id = p.id
      LEFT JOIN users rb ON rb.id = rel.released_by
      LEFT JOIN LATERAL (SELECT pp.status_date, pp.status_recorded_at FROM payroll_payments pp
                          WHERE pp.payslip_id = p.id AND pp.status = 'paid' ORDER BY pp.attempt DESC LIMIT 1) paid ON true
     WHERE p.tenant_id = ${tdb.tenantId} AND p.hold_kind = 'payout' AND p.id IN ${sql`(${sql.join(payslipIds.map((id) => sql`${id}`), sql`, `)})`}`);
  return new Map(rows.map((r) => [r.payslipId, r]));
}

/** One payslip of the run with everything its PDF prints, and its stored document (if rendered). */
export async function findPayslipToRerender(tdb: TenantDb, runId: string, payslipId: string): Promise<(PayslipToRender & { fileId: string | null; storageKey: string | null }) | undefined> {
  const [row] = await tdb.tx
    .select({ ...payslipColumns, fileId: payslipDocuments.fileId, storageKey: files.storageKey })
    .from(payslips)
    .leftJoin(payslipDocuments, eq(payslipDocuments.payslipId, payslips.id))
    .leftJoin(files, eq(files.id, payslipDocuments.fileId))
    .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.runId, runId), eq(payslips.id, payslipId)))
    .limit(1);
  return row ? { ...toPayslip(row), fileId: row.fileId, storageKey: row.storageKey } : undefined;
}

/**
 * A payslip's stored PDF replaced by a new rendering (a held payout released, or paid): the document
 * row points at the new file, the old file row goes (its bytes are removed after the commit). Only
 * when the document still names `previousFileId`: a concurrent re-render that got there first wins.
 */
export async function replaceDocument(tdb: TenantDb, payslipId: string, previousFileId: string, document: NewDocument, at: Date): Promise<boolean> {
  const [file] = await tdb.tx
    .insert(files)
    .values({ tenantId: tdb.tenantId, storageKey: document.storageKey, kind: 'payslip', mimeType: 'application/pdf', sizeBytes: document.sizeBytes, sha256: document.sha256, originalName: document.fileName, createdAt: at })
    .returning({ id: files.id });
  if (!file) return false;
  const updated = await tdb.tx
    .update(payslipDocuments)
    .set({ fileId: file.id, renderedAt: at, passwordProtected: document.passwordProtected })
    .where(and(eq(payslipDocuments.tenantId, tdb.tenantId), eq(payslipDocuments.payslipId, payslipId), eq(payslipDocuments.fileId, previousFileId)))
    .returning({ payslipId: payslipDocuments.payslipId });
  if (updated.length === 0) {
    await tdb.tx.delete(files).where(and(eq(files.tenantId, tdb.tenantId), eq(files.id, file.id)));
    return false;
  }
  await tdb.tx.delete(files).where(and(eq(files.tenantId, tdb.tenantId), eq(files.id, previousFileId)));
  return true;
}

/** The employee's address and first name, for the mail of a re-rendered payslip. */
export async function findPayslipRecipient(tdb: TenantDb, payslipId: string): Promise<{ email: string; firstName: string } | undefined> {
  const [row] = await tdb.tx
    .select({ email: users.email, firstName: users.firstName })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.userId))
    .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.id, payslipId), sql`${users.email} <> ''`))
    .limit(1);
  return row;
}

export interface LineRow {
  section: 'earning' | 'deduction' | 'employer';
  code: string;
  label: string;
  amountPaise: number;
}

/** The lines of these payslips in print order, by payslip. */
export async function findLines(tdb: TenantDb, payslipIds: readonly string[]): Promise<Map<string, LineRow[]>> {
  const byPayslip = new Map<string, LineRow[]>();
  if (payslipIds.length === 0) return byPayslip;
  const rows = await tdb.tx
    .select({ payslipId: payslipLines.payslipId, section: payslipLines.section, code: payslipLines.code, label: payslipLines.label, amountPaise: payslipLines.amountPaise })
    .from(payslipLines)
    .where(and(eq(payslipLines.tenantId, tdb.tenantId), inArray(payslipLines.payslipId, [...payslipIds])))
    .orderBy(asc(payslipLines.payslipId), asc(payslipLines.seq));
  for (const { payslipId, ...line } of rows) {
    const list = byPayslip.get(payslipId);
    if (list) list.push(line);
    else byPayslip.set(payslipId, [line]);
  }
  return byPayslip;
}

export interface NewDocument {
  payslipId: string;
  storageKey: string;
  sizeBytes: number;
  sha256: string;
  fileName: string;
  /** Rendered with the employee's password. */
  passwordProtected: boolean;
}

/**
 * The file rows and payslip_documents rows of freshly rendered PDFs, two multi-row inserts. A
 * payslip that already has a document keeps it (ON CONFLICT DO NOTHING) and the new file row goes
 * again; the storage keys of the documents that were kept are returned, so the caller promotes those
 * and drops the others' bytes.
 */
export async function insertDocuments(tdb: TenantDb, runId: string, documents: readonly NewDocument[], at: Date): Promise<Set<string>> {
  if (documents.length === 0) return new Set();
  const fileRows = await tdb.tx
    .insert(files)
    .values(documents.map((d) => ({ tenantId: tdb.tenantId, storageKey: d.storageKey, kind: 'payslip', mimeType: 'application/pdf', sizeBytes: d.sizeBytes, sha256: d.sha256, originalName: d.fileName, createdAt: at })))
    .returning({ id: files.id, storageKey: files.storageKey });
  const fileIdByKey = new Map(fileRows.map((f) => [f.storageKey, f.id]));
  const inserted = await tdb.tx
    .insert(payslipDocuments)
    .values(documents.map((d) => ({ tenantId: tdb.tenantId, payslipId: d.payslipId, runId, fileId: fileIdByKey.get(d.storageKey) ?? '', renderedAt: at, passwordProtected: d.passwordProtected })))
    .onConflictDoNothing({ target: payslipDocuments.payslipId })
    .returning({ payslipId: payslipDocuments.payslipId });
  const kept = new Set(inserted.map((r) => r.payslipId));
  const keptKeys = new Set(documents.filter((d) => kept.has(d.payslipId)).map((d) => d.storageKey));
  const unused = fileRows.filter((f) => !keptKeys.has(f.storageKey)).map((f) => f.id);
  if (unused.length > 0) await tdb.tx.delete(files).where(and(eq(files.tenantId, tdb.tenantId), inArray(files.id, unused)));
  return keptKeys;
}

export interface PayslipMailRow {
  payslipId: string;
  email: string;
  firstName: string;
  month: string;
  holdKind: 'payout' | null;
  storageKey: string;
  passwordProtected: boolean;
}

/**
 * Marks the e-mail of these rendered payslips as sent and returns what the mails need, in one
 * UPDATE: only rows still unsent and whose employee has an address. The row lock makes a second job
 * given the same payslips wait and then find them sent, so nobody is mailed twice.
 */
export async function claimEmails(tdb: TenantDb, runId: string, payslipIds: readonly string[], at: Date): Promise<PayslipMailRow[]> {
  if (payslipIds.length === 0) return [];
  // raw SQL: UPDATE … FROM three tables with RETURNING from all of them (a join in drizzle's UPDATE … FROM cannot name the target table).
  return queryRows<PayslipMailRow>(
    tdb.tx,
    sql`UPDATE payslip_documents d SET emailed_at = ${at.toISOString()}::timestamptz
          FROM payslips p, users u, files f
         WHERE d.tenant_id = ${tdb.tenantId} AND d.run_id = ${runId} AND d.payslip_id IN ${sql`(${sql.join(payslipIds.map((id) => sql`${id}`), sql`, `)})`}
           AND d.emailed_at IS NULL AND p.id = d.payslip_id AND u.id = p.user_id AND f.id = d.file_id AND u.email <> ''
     RETURNING d.payslip_id AS "payslipId", u.email, u.first_name AS "firstName", p.month, p.hold_kind AS "holdKind", f.storage_key AS "storageKey", d.password_protected AS "passwordProtected"`,
  );
}

export interface DocumentProgress {
  /** Payslips in the run. */
  total: number;
  /** Of them, with a stored PDF. */
  rendered: number;
  /** Of them, e-mailed. */
  emailed: number;
}

/** How far the PDFs and e-mails of a run have got (GET /PayrollRuns/:id). */
export async function documentProgress(tdb: TenantDb, runId: string): Promise<DocumentProgress> {
  return (await documentProgressOfRuns(tdb, [runId])).get(runId) ?? { total: 0, rendered: 0, emailed: 0 };
}

/** The same for many runs (GET /PayrollRuns, the history): two grouped counts, whatever the number of runs. */
export async function documentProgressOfRuns(tdb: TenantDb, runIds: readonly string[]): Promise<Map<string, DocumentProgress>> {
  const progress = new Map<string, DocumentProgress>(runIds.map((id) => [id, { total: 0, rendered: 0, emailed: 0 }]));
  if (runIds.length === 0) return progress;
  const slips = await tdb.tx
    .select({ runId: payslips.runId, total: count() })
    .from(payslips)
    .where(and(eq(payslips.tenantId, tdb.tenantId), inArray(payslips.runId, [...runIds])))
    .groupBy(payslips.runId);
  const docs = await tdb.tx
    .select({ runId: payslipDocuments.runId, rendered: count(), emailed: count(payslipDocuments.emailedAt) })
    .from(payslipDocuments)
    .where(and(eq(payslipDocuments.tenantId, tdb.tenantId), inArray(payslipDocuments.runId, [...runIds])))
    .groupBy(payslipDocuments.runId);
  for (const s of slips) progress.set(s.runId, { total: s.total, rendered: 0, emailed: 0 });
  for (const d of docs) progress.set(d.runId, { total: progress.get(d.runId)?.total ?? 0, rendered: d.rendered, emailed: d.emailed });
  return progress;
}

export interface PayslipPdfRow {
  userId: string;
  month: string;
  status: RunStatus;
  storageKey: string | null;
}

/** One payslip with its run's status and, once rendered, where its PDF is. */
export async function findPayslipPdf(tdb: TenantDb, payslipId: string): Promise<PayslipPdfRow | undefined> {
  const [row] = await tdb.tx
    .select({ userId: payslips.userId, month: payslips.month, status: payrollRuns.status, storageKey: files.storageKey })
    .from(payslips)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.runId))
    .leftJoin(payslipDocuments, eq(payslipDocuments.payslipId, payslips.id))
    .leftJoin(files, eq(files.id, payslipDocuments.fileId))
    .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.id, payslipId)))
    .limit(1);
  return row;
}

/** Every payslip of a run with its lines (the register), by employee number, then name. */
export async function findRunPayslips(tdb: TenantDb, runId: string): Promise<(PayslipToRender & { lines: LineRow[] })[]> {
  const rows = await tdb.tx
    .select(payslipColumns)
    .from(payslips)
    .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.runId, runId)))
    .orderBy(sql`${payslips.employee}->>'employeeNumber' NULLS LAST`, sql`${payslips.employee}->>'name'`, asc(payslips.id));
  const lines = await tdb.tx
    .select({ payslipId: payslipLines.payslipId, section: payslipLines.section, code: payslipLines.code, label: payslipLines.label, amountPaise: payslipLines.amountPaise })
    .from(payslipLines)
    .innerJoin(payslips, eq(payslips.id, payslipLines.payslipId))
    .where(and(eq(payslipLines.tenantId, tdb.tenantId), eq(payslips.runId, runId)))
    .orderBy(asc(payslipLines.payslipId), asc(payslipLines.seq));
  const byPayslip = new Map<string, LineRow[]>();
  for (const { payslipId, ...line } of lines) {
    const list = byPayslip.get(payslipId);
    if (list) list.push(line);
    else byPayslip.set(payslipId, [line]);
  }
  return rows.map((r) => ({ ...toPayslip(r), lines: byPayslip.get(r.id) ?? [] }));
}

export interface RegisterHoldRow {
  userId: string;
  kind: 'payout' | 'processing';
  reason: string | null;
  employeeNumber: string | null;
  name: string;
  department: string | null;
  /** A payout hold released after finalize. */
  releasedAt: Date | string | null;
  /** A processing hold whose pay was brought into a later month ('YYYY-MM'). */
  broughtIntoMonth: string | null;
}

/** The run's holds with who they are (an excluded employee has no payslip to name them) and any release. */
export async function findRegisterHolds(tdb: TenantDb, runId: string): Promise<RegisterHoldRow[]> {
  // raw SQL: holds with the employee, department, payslip and release in one read (left joins the builder says no more briefly).
  return queryRows<RegisterHoldRow>(tdb.tx, sql`
    SELECT h.user_id AS "userId", h.kind, h.reason, u.employee_number AS "employeeNumber",
           trim(u.first_name || ' ' || coalesce(u.last_name, '')) AS name, d.name AS department, rel.released_at AS "releasedAt",
           xr.month AS "broughtIntoMonth"
      FROM payroll_holds h
      JOIN users u ON u.id = h.user_id
      LEFT JOIN departments d ON d.id = u.department_id
      LEFT JOIN payslips p ON p.run_id = h.run_id AND p.user_id = h.user_id
      LEFT JOIN payroll_payout_releases rel ON rel.payslip_id = p.id
      LEFT JOIN payroll_excluded_pay xp ON xp.excluded_run_id = h.run_id AND xp.user_id = h.user_id
      LEFT JOIN payroll_runs xr ON xr.id = xp.paying_run_id
     WHERE h.tenant_id = ${tdb.tenantId} AND h.run_id = ${runId}
     ORDER BY u.employee_number NULLS LAST, u.first_name, u.id`);
}

/** Which of these storage keys a file row names, in any organisation (the sweeper). */
export async function findKnownStorageKeys(gdb: GlobalDb, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await gdb.tx.select({ storageKey: files.storageKey }).from(files).where(inArray(files.storageKey, [...keys]));
  return new Set(rows.map((r) => r.storageKey));
}
