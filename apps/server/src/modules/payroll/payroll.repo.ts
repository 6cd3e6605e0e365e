import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { reimbursementsPaiseOf } from '@tankha/domain';
import { queryRows } from '../../db/client';
import { fromJsonColumn } from '../../db/json';
import { payrollAdjustments, payrollExcludedPay, payrollHolds, payrollPayoutReleases, payrollRemarks, payrollRunChunks, payrollRuns, payrollSettings, payslipDocuments, payslipLines, payslips, users } from '../../db/schema';
import type { GlobalDb, TenantDb } from '../../platform/tenancy';
import type { WarningFacts } from './payroll-warnings';

/** Ids as one parameter (a chunk has hundreds; one bind parameter each is slower, and PGlite and pg agree on JSON). */
const uuidArray = (ids: readonly string[]) => sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

export type SettingsRow = typeof payrollSettings.$inferSelect;
export type SettingsWrite = Partial<Omit<SettingsRow, 'tenantId' | 'updatedAt'>>;
export type RunRow = typeof payrollRuns.$inferSelect;
export type RunStatus = RunRow['status'];
export type AdjustmentRow = typeof payrollAdjustments.$inferSelect;

const CLOSED: RunStatus[] = ['finalized', 'paid'];

// ------------------------------------------------------------------------------------------ settings

export async function findSettings(tdb: TenantDb): Promise<SettingsRow | undefined> {
  const [row] = await tdb.tx.select().from(payrollSettings).where(eq(payrollSettings.tenantId, tdb.tenantId)).limit(1);
  return row;
}

/** Creates the organisation's row on first save, else changes the given columns. */
export async function saveSettings(tdb: TenantDb, values: SettingsWrite, now: Date): Promise<SettingsRow> {
  const [row] = await tdb.tx
    .insert(payrollSettings)
    .values({ tenantId: tdb.tenantId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: payrollSettings.tenantId, set: { ...values, updatedAt: now } })
    .returning();
  if (!row) throw new Error('payroll settings were not saved');
  return row;
}

// ------------------------------------------------------------------------------------------ runs

/**
 * `lock`: the row locked until the transaction ends, so changes to one run take turns. FOR NO KEY
 * UPDATE, the lock an UPDATE of the row takes anyway: it does not wait for transactions that merely
 * insert rows referencing the run (their foreign-key check holds FOR KEY SHARE).
 */
export async function findRun(tdb: TenantDb, id: string, lock = false): Promise<RunRow | undefined> {
  const query = tdb.tx
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), eq(payrollRuns.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('no key update') : await query;
  return row;
}

export async function findLatestRun(tdb: TenantDb): Promise<RunRow | undefined> {
  const [row] = await tdb.tx.select().from(payrollRuns).where(eq(payrollRuns.tenantId, tdb.tenantId)).orderBy(desc(payrollRuns.month)).limit(1);
  return row;
}

export async function findRunByMonth(tdb: TenantDb, month: string): Promise<RunRow | undefined> {
  const [row] = await tdb.tx
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), eq(payrollRuns.month, month)))
    .limit(1);
  return row;
}

/** A month's run; a second caller (or a concurrent one) finds the row the first inserted (unique tenant, month). */
export async function insertRunIfAbsent(tdb: TenantDb, values: { month: string; periodStart: string; periodEnd: string; payDate: string }): Promise<RunRow> {
  await tdb.tx
    .insert(payrollRuns)
    .values({ tenantId: tdb.tenantId, ...values })
    .onConflictDoNothing();
  const row = await findRunByMonth(tdb, values.month);
  if (!row) throw new Error(`payroll run ${values.month} was not created`);
  return row;
}

export interface RunListRow extends RunRow {
  finalizedByName: string | null;
}

/** Every run, newest month first, with the name of whoever finalized it. */
export async function listRuns(tdb: TenantDb): Promise<RunListRow[]> {
  const rows = await tdb.tx
    .select({ run: payrollRuns, firstName: users.firstName, lastName: users.lastName })
    .from(payrollRuns)
    .leftJoin(users, eq(users.id, payrollRuns.finalizedBy))
    .where(eq(payrollRuns.tenantId, tdb.tenantId))
    .orderBy(desc(payrollRuns.month));
  return rows.map((r) => ({ ...r.run, finalizedByName: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim() }));
}

export async function findUserName(tdb: TenantDb, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await tdb.tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}`.trim() : null;
}

/** The last finalized (or paid) month before `month`: what variance and last month's net compare with. */
export async function findClosedRunBefore(tdb: TenantDb, month: string): Promise<{ id: string; month: string } | undefined> {
  const [row] = await tdb.tx
    .select({ id: payrollRuns.id, month: payrollRuns.month })
    .from(payrollRuns)
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), lt(payrollRuns.month, month), inArray(payrollRuns.status, CLOSED)))
    .orderBy(desc(payrollRuns.month))
    .limit(1);
  return row;
}

export async function updateRun(tdb: TenantDb, id: string, patch: Partial<Omit<RunRow, 'id' | 'tenantId'>>, now: Date): Promise<RunRow> {
  const [row] = await tdb.tx
    .update(payrollRuns)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), eq(payrollRuns.id, id)))
    .returning();
  if (!row) throw new Error(`payroll run ${id} not found`);
  return row;
}

/**
 * Processed → finalized, only from processed: of two administrators pressing Finalize at once, the
 * second waits on the row lock and then finds the status changed (no row back).
 */
export async function finalizeRun(tdb: TenantDb, id: string, userId: string, now: Date): Promise<RunRow | undefined> {
  const [row] = await tdb.tx
    .update(payrollRuns)
    .set({ status: 'finalized', finalizedBy: userId, finalizedAt: now, updatedAt: now })
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), eq(payrollRuns.id, id), eq(payrollRuns.status, 'processed')))
    .returning();
  return row;
}

export async function markRunPaid(tdb: TenantDb, id: string, paidOn: string, reference: string, now: Date): Promise<RunRow | undefined> {
  const [row] = await tdb.tx
    .update(payrollRuns)
    .set({ status: 'paid', paidOn, paymentReference: reference, updatedAt: now })
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), eq(payrollRuns.id, id), eq(payrollRuns.status, 'finalized')))
    .returning();
  return row;
}

/** A chunk committed: progress, and the job's sign of life (it got further, so its automatic resumes start again from 0). */
export async function bumpProgress(tdb: TenantDb, id: string, done: number, now: Date): Promise<void> {
  await tdb.tx
    .update(payrollRuns)
    .set({ progressDone: sql`least(${payrollRuns.progressTotal}, ${payrollRuns.progressDone} + ${done})`, heartbeatAt: now, autoResumes: 0 })
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), eq(payrollRuns.id, id)));
}

/**
 * The sweep's cross-tenant read (GlobalDb: the 'payroll.resumeStalled' schedule, not a request): runs
 * processing without an error whose job has given no sign of life since `before`.
 */
export async function findStalledRuns(global: GlobalDb, before: Date): Promise<{ tenantId: string; id: string }[]> {
  return global.tx
    .select({ tenantId: payrollRuns.tenantId, id: payrollRuns.id })
    .from(payrollRuns)
    .where(and(eq(payrollRuns.status, 'processing'), isNull(payrollRuns.lastError), or(isNull(payrollRuns.heartbeatAt), lt(payrollRuns.heartbeatAt, before))));
}

/**
 * The run locked, unless another transaction holds it: a change to the run, or a chunk's closing
 * update of the progress (a chunk in flight is seen by chunkInFlight: it holds its chunk row, not the run's).
 */
export async function lockRunIfFree(tdb: TenantDb, id: string): Promise<RunRow | undefined> {
  const [row] = await tdb.tx
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), eq(payrollRuns.id, id)))
    .for('no key update', { skipLocked: true });
  return row;
}

export interface Totals {
  employeeCount: number;
  grossPaise: number;
  deductionsPaise: number;
  netPaise: number;
  employerCostPaise: number;
}

export async function payslipTotals(tdb: TenantDb, runId: string): Promise<Totals> {
  const [row] = await tdb.tx
    .select({
      employeeCount: count(),
      grossPaise: sql<number>`coalesce(sum(${payslips.grossPaise}), 0)::float8`,
      deductionsPaise: sql<number>`coalesce(sum(${payslips.deductionsPaise}), 0)::float8`,
      netPaise: sql<number>`coalesce(sum(${payslips.netPaise}), 0)::float8`,
      employerCostPaise: sql<number>`coalesce(sum(${payslips.employerCostPaise}), 0)::float8`,
    })
    .from(payslips)
    .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.runId, runId)));
  return {
    employeeCount: row?.employeeCount ?? 0,
    grossPaise: Number(row?.grossPaise ?? 0),
    deductionsPaise: Number(row?.deductionsPaise ?? 0),
    netPaise: Number(row?.netPaise ?? 0),
    employerCostPaise: Number(row?.employerCostPaise ?? 0),
  };
}

/**
 * Removes a draft's payslips (all of the run, or those of some employees); their lines go by the
 * foreign key's ON DELETE CASCADE, whose per-payslip deletes use the lines' primary key whatever the
 * statistics say (an explicit semi-join on freshly written, unanalysed lines was measured at 7 s for
 * 50,000 lines as the tenant role; the cascade takes 0.15 s).
 */
export async function deletePayslips(tdb: TenantDb, runId: string, userIds?: readonly string[]): Promise<void> {
  const which = userIds ? and(eq(payslips.runId, runId), sql`${payslips.userId} = ANY(${uuidArray(userIds)})`) : eq(payslips.runId, runId);
  await tdb.tx.delete(payslips).where(and(eq(payslips.tenantId, tdb.tenantId), which));
}

export async function hasPayslip(tdb: TenantDb, runId: string, userId: string): Promise<boolean> {
  const [row] = await tdb.tx
    .select({ id: payslips.id })
    .from(payslips)
    .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.runId, runId), eq(payslips.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * After a run wrote its payslips: payslips' and payslip_lines' statistics brought up to date where
 * autovacuum would at its next round (tenant_analyze_payslips, migration 0056), so the reads that
 * follow (the run's page, variance, finalize) are planned on the rows the run wrote.
 */
export async function analyzePayslips(tdb: TenantDb): Promise<void> {
  // raw SQL: a call of the migration's SECURITY DEFINER function (ANALYZE needs the tables' owner); no rows.
  await tdb.tx.execute(sql`SELECT tenant_analyze_payslips()`);
}

export async function countPayslips(tdb: TenantDb, runId: string): Promise<number> {
  const [row] = await tdb.tx
    .select({ n: count() })
    .from(payslips)
    .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.runId, runId)));
  return row?.n ?? 0;
}

// ------------------------------------------------------------------------------------------ employees of a run

/**
 * Who a run pays: Active and Restricted Login employees who joined by the period's end
 * and had not left before its start (users.date_of_leaving, the last working day: the month it falls
 * in is prorated, later months leave them out). A leaver deactivated before the final month is run
 * is still paid for it.
 */
type RunPeriod = { periodStart: string; periodEnd: string };
const eligible = (tdb: TenantDb, run: RunPeriod): SQL =>
  sql`u.tenant_id = ${tdb.tenantId} AND (u.status IN (1, 4) OR (u.status = 2 AND u.date_of_leaving >= ${run.periodStart})) AND (u.date_of_joining IS NULL OR u.date_of_joining <= ${run.periodEnd}) AND (u.date_of_leaving IS NULL OR u.date_of_leaving >= ${run.periodStart})`;
const NO_STRUCTURE = sql`(u.annual_ctc_paise IS NULL OR u.annual_ctc_paise <= 0)`;

export interface RunEmployee {
  id: string;
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  departmentName: string | null;
  designation: string | null;
  pan: string | null;
  uan: string | null;
  esiNumber: string | null;
  bankAccountNumber: string | null;
  bankName: string | null;
  dateOfJoining: string | null;
  dateOfLeaving: string | null;
  dateOfBirth: string | null;
  gender: number;
  regimeType: number;
  hasStructure: boolean;
  holdKind: 'payout' | 'processing' | null;
  holdReason: string | null;
  /** The state of the employee's work location (null without one: the organisation's PT/LWF state applies). */
  workStateCode: string | null;
}

export interface RunEmployeeFilter {
  /** Keyset: employees after this id (the chunks go in id order). */
  afterUserId?: string | null;
  /** A chunk's range: employees up to this id, included. */
  throughUserId?: string | null;
  limit?: number;
  userIds?: readonly string[];
  /** The processing chunks: not excluded by a processing hold, and without a payslip in this run yet. */
  toProcess?: boolean;
}

export async function findRunEmployees(tdb: TenantDb, run: { id: string } & RunPeriod, filter: RunEmployeeFilter): Promise<RunEmployee[]> {
  const conditions: SQL[] = [eligible(tdb, run)];
  if (filter.afterUserId) conditions.push(sql`u.id > ${filter.afterUserId}`);
  if (filter.throughUserId) conditions.push(sql`u.id <= ${filter.throughUserId}`);
  if (filter.userIds) conditions.push(sql`u.id = ANY(${uuidArray(filter.userIds)})`);
  if (filter.toProcess) {
    // NOT EXISTS, not a filter on the left-joined hold (estimated at one row, so every chunk read and
    // sorted all the employees after it): the chunk walks users_tenant_id_idx in id order to its LIMIT.
    // The payslip test stays a per-employee probe of (run_id, user_id) (OFFSET 0 keeps it a subplan):
    // as an anti-join, the statistics of a run that had no payslips yet made it rescan all the run's
    // payslips for every employee, a chunk slower than the one before.
    conditions.push(sql`NOT EXISTS (SELECT 1 FROM payroll_holds ph WHERE ph.run_id = ${run.id} AND ph.user_id = u.id AND ph.kind = 'processing')`);
    conditions.push(sql`NOT EXISTS (SELECT 1 FROM payslips p WHERE p.run_id = ${run.id} AND p.user_id = u.id OFFSET 0)`);
  }
  // raw SQL: the processing chunk's employee read (a measured hot path): a keyset over users with the hold and payslip anti-join; aliased to camelCase.
  return queryRows<RunEmployee>(tdb.tx, sql`
    SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.employee_number AS "employeeNumber", d.name AS "departmentName",
           u.designation, u.pan, u.uan, u.esi_number AS "esiNumber", u.bank_account_number AS "bankAccountNumber", u.bank_name AS "bankName",
           to_char(u.date_of_joining, 'YYYY-MM-DD') AS "dateOfJoining", to_char(u.date_of_leaving, 'YYYY-MM-DD') AS "dateOfLeaving", to_char(u.date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth",
           u.gender::int AS gender, u.regime_type::int AS "regimeType", NOT ${NO_STRUCTURE} AS "hasStructure",
           h.kind AS "holdKind", h.reason AS "holdReason", wl.state_code AS "workStateCode"
      FROM users u
      LEFT JOIN departments d ON d.id = u.department_id
      LEFT JOIN payroll_holds h ON h.run_id = ${run.id} AND h.user_id = u.id
      LEFT JOIN work_locations wl ON wl.id = u.work_location_id AND wl.tenant_id = u.tenant_id
     WHERE ${sql.join(conditions, sql` AND `)}
     ORDER BY u.id
     ${filter.limit ? sql`LIMIT ${filter.limit}` : sql``}`);
}

// ------------------------------------------------------------------------------------------ processing chunks

export interface RunChunk {
  seq: number;
  afterUserId: string | null;
  throughUserId: string | null;
}

/**
 * The run's processing chunks, planned afresh: ranges of `size` employees still to process (the
 * chunk read's conditions), in id order; the last range is open-ended, so an employee added while
 * the run processes (an id past the last boundary) is still reached. Returns the number of chunks.
 */
export async function planChunks(tdb: TenantDb, run: { id: string } & RunPeriod, size: number): Promise<number> {
  await tdb.tx.delete(payrollRunChunks).where(and(eq(payrollRunChunks.tenantId, tdb.tenantId), eq(payrollRunChunks.runId, run.id)));
  // raw SQL: every size-th id of the chunk read's employees (a window over one index walk), not 100,000 ids to the client.
  const bounds = await queryRows<{ id: string }>(tdb.tx, sql`
    SELECT id FROM (
      SELECT u.id, row_number() OVER (ORDER BY u.id) AS n FROM users u
       WHERE ${eligible(tdb, run)}
         AND NOT EXISTS (SELECT 1 FROM payroll_holds ph WHERE ph.run_id = ${run.id} AND ph.user_id = u.id AND ph.kind = 'processing')
         AND NOT EXISTS (SELECT 1 FROM payslips p WHERE p.run_id = ${run.id} AND p.user_id = u.id)
    ) x WHERE n % ${size} = 0 ORDER BY id`);
  const ids = bounds.map((b) => b.id);
  const rows = [...ids, null].map((through, seq) => ({ tenantId: tdb.tenantId, runId: run.id, seq, afterUserId: seq === 0 ? null : (ids[seq - 1] ?? null), throughUserId: through }));
  for (let i = 0; i < rows.length; i += 1000) await tdb.tx.insert(payrollRunChunks).values(rows.slice(i, i + 1000));
  return rows.length;
}

/**
 * The next chunk not done, claimed for this transaction: the row stays locked until the chunk
 * commits (done) or rolls back (its process died: the row is free again). `wait`: when every chunk
 * left is claimed, wait for the first of them instead of skipping it — its process commits it (then
 * nothing is returned: look again) or dies (then it is this transaction's).
 */
export async function claimChunk(tdb: TenantDb, runId: string, wait: boolean): Promise<RunChunk | undefined> {
  const query = tdb.tx
    .select({ seq: payrollRunChunks.seq, afterUserId: payrollRunChunks.afterUserId, throughUserId: payrollRunChunks.throughUserId })
    .from(payrollRunChunks)
    .where(and(eq(payrollRunChunks.tenantId, tdb.tenantId), eq(payrollRunChunks.runId, runId), isNull(payrollRunChunks.doneAt)))
    .orderBy(asc(payrollRunChunks.seq))
    .limit(1);
  const [row] = wait ? await query.for('update') : await query.for('update', { skipLocked: true });
  return row;
}

/** The run's chunks: how many, and how many not done yet. */
export async function chunkCounts(tdb: TenantDb, runId: string): Promise<{ total: number; left: number }> {
  const [row] = await tdb.tx
    .select({ total: count(), left: sql<number>`count(*) FILTER (WHERE ${payrollRunChunks.doneAt} IS NULL)::int` })
    .from(payrollRunChunks)
    .where(and(eq(payrollRunChunks.tenantId, tdb.tenantId), eq(payrollRunChunks.runId, runId)));
  return { total: row?.total ?? 0, left: Number(row?.left ?? 0) };
}

/** Whether a chunk of the run is claimed now by a transaction in flight (its process is alive). */
export async function chunkInFlight(tdb: TenantDb, runId: string): Promise<boolean> {
  const left = and(eq(payrollRunChunks.tenantId, tdb.tenantId), eq(payrollRunChunks.runId, runId), isNull(payrollRunChunks.doneAt));
  const [all] = await tdb.tx.select({ n: count() }).from(payrollRunChunks).where(left);
  // KEY SHARE conflicts with a claim's FOR UPDATE only: the free ones are seen, the claimed ones skipped.
  const free = await tdb.tx.select({ seq: payrollRunChunks.seq }).from(payrollRunChunks).where(left).for('key share', { skipLocked: true });
  return free.length < (all?.n ?? 0);
}

/** A chunk committed by this process: done, with who did it and how many employees it went through. */
export async function finishChunk(tdb: TenantDb, runId: string, seq: number, claimedBy: string, employees: number, now: Date): Promise<void> {
  await tdb.tx
    .update(payrollRunChunks)
    .set({ doneAt: now, claimedBy, employees })
    .where(and(eq(payrollRunChunks.tenantId, tdb.tenantId), eq(payrollRunChunks.runId, runId), eq(payrollRunChunks.seq, seq)));
}

/** An employee the run should cover (eligible for its period) who has no payslip and no processing hold in it. */
export interface LeftOutEmployee {
  userId: string;
  employeeNumber: string | null;
  name: string;
  department: string | null;
  noStructure: boolean;
}

/**
 * The run's employees left out without a hold (the register lists them with the reason): eligible for
 * the period by today's records, no payslip, no processing hold. No annual CTC is the reason the run
 * gives; anything else (a structure given after processing) is "not processed".
 */
export async function findLeftOutEmployees(tdb: TenantDb, run: { id: string } & RunPeriod): Promise<LeftOutEmployee[]> {
  // raw SQL: the eligibility rule (eligible()) with the payslip and hold anti-joins, as the chunks read them.
  return queryRows<LeftOutEmployee>(tdb.tx, sql`
    SELECT u.id AS "userId", u.employee_number AS "employeeNumber", trim(u.first_name || ' ' || coalesce(u.last_name, '')) AS name,
           d.name AS department, ${NO_STRUCTURE} AS "noStructure"
      FROM users u LEFT JOIN departments d ON d.id = u.department_id
     WHERE ${eligible(tdb, run)}
       AND NOT EXISTS (SELECT 1 FROM payslips p WHERE p.run_id = ${run.id} AND p.user_id = u.id)
       AND NOT EXISTS (SELECT 1 FROM payroll_holds h WHERE h.run_id = ${run.id} AND h.user_id = u.id AND h.kind = 'processing')
     ORDER BY u.employee_number NULLS LAST, u.first_name, u.id`);
}

export interface RunCounts {
  eligible: number;
  processingHolds: number;
  payoutHolds: number;
}

/** The run's headcount before processing: employees and holds of each kind (the warnings are counted by the service). */
export async function countRunEmployees(tdb: TenantDb, run: { id: string } & RunPeriod): Promise<RunCounts> {
  // raw SQL: one pass over the run's employees with FILTER aggregates (the run page polls it while processing).
  const [row] = await queryRows<RunCounts>(tdb.tx, sql`
    SELECT count(*)::int AS eligible,
           count(*) FILTER (WHERE h.kind = 'processing')::int AS "processingHolds",
           count(*) FILTER (WHERE h.kind = 'payout')::int AS "payoutHolds"
      FROM users u LEFT JOIN payroll_holds h ON h.run_id = ${run.id} AND h.user_id = u.id
     WHERE ${eligible(tdb, run)}`);
  return row ?? { eligible: 0, processingHolds: 0, payoutHolds: 0 };
}

export interface EmployeePageQuery {
  page: number;
  pageSize: number;
  search?: string | undefined;
  filter: 'all' | 'warnings' | 'onHold' | 'variance' | 'stale';
  /** A finalized run lists the employees it paid, not today's. */
  paidOnly: boolean;
  userId?: string;
  /** The employees with a warning (the service judges them): what the 'warnings' filter keeps. */
  warnedUserIds: readonly string[];
  /** The employees whose inputs changed after processing (payroll-locks judges them): what the 'stale' filter keeps. */
  staleUserIds?: readonly string[];
}

export interface EmployeePageRow {
  userId: string;
  payslipId: string | null;
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  departmentName: string | null;
  designation: string | null;
  daysInPeriod: number | null;
  payableDays: number | null;
  lopDays: number | null;
  grossPaise: number | null;
  deductionsPaise: number | null;
  netPaise: number | null;
  tdsPaise: number | null;
  holdKind: 'payout' | 'processing' | null;
  holdReason: string | null;
  releasedAt: Date | string | null;
  adjustmentCount: number;
  lastNetPaise: number | null;
  remark: string | null;
  /** Excluded from processing in a closed month: the later month its pay was brought into. */
  broughtIntoMonth: string | null;
  broughtIntoRunId: string | null;
  broughtIntoStatus: RunStatus | null;
}

/** A LIKE pattern that matches `text` literally anywhere (the users' lowercase search_text). */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function employeePageWhere(tdb: TenantDb, run: { id: string } & RunPeriod, q: EmployeePageQuery): SQL {
  // A closed month lists the employees it paid and those it excluded from processing (with the reason).
  const parts: SQL[] = [q.paidOnly ? sql`u.tenant_id = ${tdb.tenantId} AND (p.id IS NOT NULL OR h.kind = 'processing')` : sql`((${eligible(tdb, run)}) OR p.id IS NOT NULL)`];
  if (q.userId) parts.push(sql`u.id = ${q.userId}`);
  if (q.search) parts.push(sql`u.search_text LIKE ${containsPattern(q.search)}`);
  if (q.filter === 'warnings') parts.push(sql`u.id = ANY(${uuidArray(q.warnedUserIds)})`);
  if (q.filter === 'onHold') parts.push(sql`h.user_id IS NOT NULL`);
  if (q.filter === 'variance') parts.push(sql`p.id IS NOT NULL AND p.net_paise <> coalesce(lp.net_paise, 0)`);
  if (q.filter === 'stale') parts.push(sql`p.id IS NOT NULL AND u.id = ANY(${uuidArray(q.staleUserIds ?? [])})`);
  return sql.join(parts, sql` AND `);
}

function employeePageFrom(run: { id: string }, compareRunId: string | null): SQL {
  return sql`users u
      LEFT JOIN payslips p ON p.run_id = ${run.id} AND p.user_id = u.id
      LEFT JOIN payroll_holds h ON h.run_id = ${run.id} AND h.user_id = u.id
      LEFT JOIN payslips lp ON lp.run_id = ${compareRunId} AND lp.user_id = u.id`;
}

export async function countEmployeePage(tdb: TenantDb, run: { id: string } & RunPeriod, compareRunId: string | null, q: EmployeePageQuery): Promise<number> {
  // raw SQL: the run's employee list over every employee with its payslip, hold and last month's payslip (joins the builder cannot say briefly).
  const [row] = await queryRows<{ n: number }>(tdb.tx, sql`SELECT count(*)::int AS n FROM ${employeePageFrom(run, compareRunId)} WHERE ${employeePageWhere(tdb, run, q)}`);
  return row?.n ?? 0;
}

export async function findEmployeePage(tdb: TenantDb, run: { id: string } & RunPeriod, compareRunId: string | null, q: EmployeePageQuery): Promise<EmployeePageRow[]> {
  // raw SQL: the run's employee list (see countEmployeePage), one page in name order; aliased to camelCase.
  return queryRows<EmployeePageRow>(tdb.tx, sql`
    SELECT u.id AS "userId", p.id AS "payslipId", u.first_name AS "firstName", u.last_name AS "lastName", u.employee_number AS "employeeNumber",
           d.name AS "departmentName", u.designation,
           p.days_in_period::float8 AS "daysInPeriod", p.payable_days::float8 AS "payableDays", p.lop_days::float8 AS "lopDays",
           p.gross_paise::float8 AS "grossPaise", p.deductions_paise::float8 AS "deductionsPaise", p.net_paise::float8 AS "netPaise", p.tds_paise::float8 AS "tdsPaise",
           h.kind AS "holdKind", h.reason AS "holdReason", rel.released_at AS "releasedAt",
           (SELECT count(*)::int FROM payroll_adjustments a WHERE a.run_id = ${run.id} AND a.user_id = u.id) AS "adjustmentCount",
           lp.net_paise::float8 AS "lastNetPaise", r.remark, xr.month AS "broughtIntoMonth", xr.id AS "broughtIntoRunId", xr.status AS "broughtIntoStatus"
      FROM ${employeePageFrom(run, compareRunId)}
      LEFT JOIN payroll_excluded_pay xp ON xp.excluded_run_id = ${run.id} AND xp.user_id = u.id
      LEFT JOIN payroll_runs xr ON xr.id = xp.paying_run_id
      LEFT JOIN departments d ON d.id = u.department_id
      LEFT JOIN payroll_remarks r ON r.run_id = ${run.id} AND r.user_id = u.id
      LEFT JOIN payroll_payout_releases rel ON rel.payslip_id = p.id
     WHERE ${employeePageWhere(tdb, run, q)}
     ORDER BY u.first_name, u.last_name, u.id
     LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`);
}

/** The record's facts as stored, and the payslip's figures: null until the employee is processed in this run. */
export type WarningFactsRow = Omit<WarningFacts, 'payslip'> & Record<'grossPaise' | 'deductionsPaise' | 'reimbursedPaise' | 'pfWagePaise' | 'esiWagePaise', number | null>;

/**
 * What the run's warnings are judged from (payroll-warnings.ts), for every employee of the run (as
 * the employee list shows them): the record's bank and statutory numbers, whether a structure
 * exists, and the payslip of this run with the Σ of its reimbursement lines and its PF/ESI wages.
 * The Σ is the payslip's stored reimbursed_paise: one join of the run's employees to its payslips,
 * nothing of payslip_lines (a per-payslip sum over the lines was planned, on the statistics of before
 * a first run, as a scan of the tenant's every line per payslip: 20,000 employees did not answer in
 * minutes). Only a payslip of a month finalized before the column was kept reads its lines.
 */
export async function findWarningFacts(tdb: TenantDb, run: { id: string } & RunPeriod, reimbursementCodes: readonly string[], userId?: string): Promise<WarningFactsRow[]> {
  // raw SQL: the run's employees with their payslip (and, for an old payslip without reimbursed_paise, a sum over its lines); aliased to camelCase.
  return queryRows<WarningFactsRow>(tdb.tx, sql`
    SELECT u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.employee_number AS "employeeNumber",
           ${NO_STRUCTURE} AS "noStructure", u.pan, u.uan, u.esi_number AS "esiNumber",
           u.bank_account_number AS "bankAccountNumber", u.ifsc_code AS "ifscCode", to_char(u.date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth",
           p.gross_paise::float8 AS "grossPaise", p.deductions_paise::float8 AS "deductionsPaise",
           CASE WHEN p.id IS NULL THEN NULL WHEN p.reimbursed_paise IS NOT NULL THEN p.reimbursed_paise::float8 ELSE
             (SELECT coalesce(sum(l.amount_paise), 0)::float8 FROM payslip_lines l
               WHERE l.payslip_id = p.id AND l.section = 'earning' AND l.code = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(reimbursementCodes)}::jsonb))))
           END AS "reimbursedPaise",
           (p.wages->>'pfWagePaise')::float8 AS "pfWagePaise", (p.wages->>'esiWagePaise')::float8 AS "esiWagePaise"
      FROM users u
      LEFT JOIN payslips p ON p.run_id = ${run.id} AND p.user_id = u.id
     WHERE ((${eligible(tdb, run)}) OR (u.tenant_id = ${tdb.tenantId} AND p.id IS NOT NULL)) ${userId ? sql`AND u.id = ${userId}` : sql``}
     ORDER BY u.first_name, u.last_name, u.id`);
}

// ------------------------------------------------------------------------------------------ holds, adjustments, remarks

export async function findHoldCounts(tdb: TenantDb, runIds: readonly string[]): Promise<{ runId: string; kind: string; n: number }[]> {
  if (runIds.length === 0) return [];
  return tdb.tx
    .select({ runId: payrollHolds.runId, kind: payrollHolds.kind, n: count() })
    .from(payrollHolds)
    .where(and(eq(payrollHolds.tenantId, tdb.tenantId), inArray(payrollHolds.runId, [...runIds])))
    .groupBy(payrollHolds.runId, payrollHolds.kind);
}

export async function upsertHold(tdb: TenantDb, values: { runId: string; userId: string; kind: 'payout' | 'processing'; reason: string | null; createdBy: string }): Promise<void> {
  await tdb.tx
    .insert(payrollHolds)
    .values({ tenantId: tdb.tenantId, ...values })
    .onConflictDoUpdate({ target: [payrollHolds.runId, payrollHolds.userId], set: { kind: values.kind, reason: values.reason, createdBy: values.createdBy } });
}

export async function findHoldKind(tdb: TenantDb, runId: string, userId: string): Promise<'payout' | 'processing' | null> {
  const [row] = await tdb.tx
    .select({ kind: payrollHolds.kind })
    .from(payrollHolds)
    .where(and(eq(payrollHolds.tenantId, tdb.tenantId), eq(payrollHolds.runId, runId), eq(payrollHolds.userId, userId)))
    .limit(1);
  return row?.kind ?? null;
}

export interface HeldPayslipRow {
  payslipId: string;
  holdKind: 'payout' | null;
  releasedAt: Date | null;
}

/** The employee's payslip of a closed run, with its payout hold and its release (if any). */
export async function findHeldPayslip(tdb: TenantDb, runId: string, userId: string): Promise<HeldPayslipRow | undefined> {
  const [row] = await tdb.tx
    .select({ payslipId: payslips.id, holdKind: payslips.holdKind, releasedAt: payrollPayoutReleases.releasedAt })
    .from(payslips)
    .leftJoin(payrollPayoutReleases, eq(payrollPayoutReleases.payslipId, payslips.id))
    .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.runId, runId), eq(payslips.userId, userId)))
    .limit(1);
  return row;
}

/** Records a payout hold's release; false when the payslip was released already (one release a payslip). */
export async function insertPayoutRelease(tdb: TenantDb, values: { runId: string; payslipId: string; userId: string; releasedBy: string; releasedAt: Date }): Promise<boolean> {
  const rows = await tdb.tx
    .insert(payrollPayoutReleases)
    .values({ tenantId: tdb.tenantId, ...values })
    .onConflictDoNothing({ target: payrollPayoutReleases.payslipId })
    .returning({ payslipId: payrollPayoutReleases.payslipId });
  return rows.length > 0;
}

/**
 * The payout holds of a closed run released after finalize, and how many of them the bank has not
 * reported paid (their latest payment attempt is not 'paid').
 */
export async function findReleaseCounts(tdb: TenantDb, runIds: readonly string[]): Promise<{ runId: string; released: number; unpaid: number }[]> {
  if (runIds.length === 0) return [];
  // raw SQL: the latest attempt per released payslip (DISTINCT ON), counted per run.
  return queryRows<{ runId: string; released: number; unpaid: number }>(tdb.tx, sql`
    SELECT rel.run_id AS "runId", count(*)::int AS released,
           count(*) FILTER (WHERE last.status IS DISTINCT FROM 'paid')::int AS unpaid
      FROM payroll_payout_releases rel
      LEFT JOIN LATERAL (SELECT pp.status FROM payroll_payments pp WHERE pp.payslip_id = rel.payslip_id ORDER BY pp.attempt DESC LIMIT 1) last ON true
     WHERE rel.tenant_id = ${tdb.tenantId} AND rel.run_id IN (${sql.join(runIds.map((id) => sql`${id}`), sql`, `)})
     GROUP BY rel.run_id`);
}

export interface PayoutTimelineRow {
  heldAt: Date | string | null;
  holdReason: string | null;
  releasedAt: Date | string | null;
  releasedByName: string | null;
  paidDate: string | null;
  paidRecordedAt: Date | string | null;
}

/** A payslip's hold, its release and its latest paid payment, for the payslip's "held on / released on / paid on". */
export async function findPayoutTimeline(tdb: TenantDb, payslip: { id: string; runId: string; userId: string }): Promise<PayoutTimelineRow> {
  // raw SQL: three optional facts of one payslip in one read (scalar subqueries).
  const [row] = await queryRows<PayoutTimelineRow>(tdb.tx, sql`
    SELECT (SELECT h.created_at FROM payroll_holds h WHERE h.tenant_id = ${tdb.tenantId} AND h.run_id = ${payslip.runId} AND h.user_id = ${payslip.userId}) AS "heldAt",
           (SELECT h.reason FROM payroll_holds h WHERE h.tenant_id = ${tdb.tenantId} AND h.run_id = ${payslip.runId} AND h.user_id = ${payslip.userId}) AS "holdReason",
           rel.released_at AS "releasedAt",
           (SELECT trim(u.first_name || ' ' || coalesce(u.last_name, '')) FROM users u WHERE u.id = rel.released_by) AS "releasedByName",
           (SELECT to_char(pp.status_date, 'YYYY-MM-DD') FROM payroll_payments pp WHERE pp.payslip_id = ${payslip.id} AND pp.status = 'paid' ORDER BY pp.attempt DESC LIMIT 1) AS "paidDate",
           (SELECT pp.status_recorded_at FROM payroll_payments pp WHERE pp.payslip_id = ${payslip.id} AND pp.status = 'paid' ORDER BY pp.attempt DESC LIMIT 1) AS "paidRecordedAt"
      FROM (SELECT 1) one
      LEFT JOIN payroll_payout_releases rel ON rel.tenant_id = ${tdb.tenantId} AND rel.payslip_id = ${payslip.id}`);
  return row ?? { heldAt: null, holdReason: null, releasedAt: null, releasedByName: null, paidDate: null, paidRecordedAt: null };
}

// ------------------------------------------------------------------------------------------ excluded pay brought in

/** A closed month the employee was excluded from, brought into this paying run (payroll-excluded.ts). */
export interface ExcludedPayMonth {
  userId: string;
  excludedRunId: string;
  month: string;
  periodStart: string;
  periodEnd: string;
  /** The processing hold's reason. */
  reason: string | null;
  /** The one-time items entered for the employee on the excluded month. */
  adjustments: AdjustmentRow[];
}

/** The excluded months brought into this run for these employees, oldest first, with their one-time items (two reads). */
export async function findExcludedPayForRun(tdb: TenantDb, payingRunId: string, userIds: readonly string[]): Promise<Map<string, ExcludedPayMonth[]>> {
  const out = new Map<string, ExcludedPayMonth[]>();
  if (userIds.length === 0) return out;
  const rows = await tdb.tx
    .select({ userId: payrollExcludedPay.userId, excludedRunId: payrollExcludedPay.excludedRunId, month: payrollRuns.month, periodStart: payrollRuns.periodStart, periodEnd: payrollRuns.periodEnd, reason: payrollHolds.reason })
    .from(payrollExcludedPay)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payrollExcludedPay.excludedRunId))
    .leftJoin(payrollHolds, and(eq(payrollHolds.runId, payrollExcludedPay.excludedRunId), eq(payrollHolds.userId, payrollExcludedPay.userId)))
    .where(and(eq(payrollExcludedPay.tenantId, tdb.tenantId), eq(payrollExcludedPay.payingRunId, payingRunId), sql`${payrollExcludedPay.userId} = ANY(${uuidArray(userIds)})`))
    .orderBy(asc(payrollExcludedPay.userId), asc(payrollRuns.month));
  if (rows.length === 0) return out;
  const adjustments = await tdb.tx
    .select()
    .from(payrollAdjustments)
    .where(
      and(
        eq(payrollAdjustments.tenantId, tdb.tenantId),
        sql`${payrollAdjustments.runId} = ANY(${uuidArray([...new Set(rows.map((r) => r.excludedRunId))])})`,
        sql`${payrollAdjustments.userId} = ANY(${uuidArray([...new Set(rows.map((r) => r.userId))])})`,
      ),
    )
    .orderBy(asc(payrollAdjustments.createdAt), asc(payrollAdjustments.id));
  for (const r of rows) {
    const month: ExcludedPayMonth = { ...r, adjustments: adjustments.filter((a) => a.runId === r.excludedRunId && a.userId === r.userId) };
    const list = out.get(r.userId);
    if (list) list.push(month);
    else out.set(r.userId, [month]);
  }
  return out;
}

/** Where an excluded month's pay was brought, if it was. */
export async function findExcludedPay(tdb: TenantDb, excludedRunId: string, userId: string): Promise<{ payingRunId: string; payingMonth: string } | undefined> {
  const [row] = await tdb.tx
    .select({ payingRunId: payrollExcludedPay.payingRunId, payingMonth: payrollRuns.month })
    .from(payrollExcludedPay)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payrollExcludedPay.payingRunId))
    .where(and(eq(payrollExcludedPay.tenantId, tdb.tenantId), eq(payrollExcludedPay.excludedRunId, excludedRunId), eq(payrollExcludedPay.userId, userId)))
    .limit(1);
  return row;
}

/** Records that an excluded month is paid by a later run; false when it already was (one paying run per month and employee). */
export async function insertExcludedPay(tdb: TenantDb, values: { excludedRunId: string; userId: string; payingRunId: string; createdBy: string; createdAt: Date }): Promise<boolean> {
  const rows = await tdb.tx
    .insert(payrollExcludedPay)
    .values({ tenantId: tdb.tenantId, ...values })
    .onConflictDoNothing({ target: [payrollExcludedPay.excludedRunId, payrollExcludedPay.userId] })
    .returning({ userId: payrollExcludedPay.userId });
  return rows.length > 0;
}

/** Undoes a bring-in (the paying run not finalized: the table's trigger refuses it otherwise); false when there was none. */
export async function deleteExcludedPay(tdb: TenantDb, excludedRunId: string, userId: string): Promise<boolean> {
  const rows = await tdb.tx
    .delete(payrollExcludedPay)
    .where(and(eq(payrollExcludedPay.tenantId, tdb.tenantId), eq(payrollExcludedPay.excludedRunId, excludedRunId), eq(payrollExcludedPay.userId, userId)))
    .returning({ userId: payrollExcludedPay.userId });
  return rows.length > 0;
}

/**
 * Before a run is finalized: excluded pay brought into it for an employee it does not pay (excluded
 * again, or gone) is let go, so the excluded month can be brought into a later one instead.
 */
export async function deleteUnpaidExcludedPay(tdb: TenantDb, payingRunId: string): Promise<number> {
  const rows = await tdb.tx
    .delete(payrollExcludedPay)
    .where(
      and(
        eq(payrollExcludedPay.tenantId, tdb.tenantId),
        eq(payrollExcludedPay.payingRunId, payingRunId),
        sql`NOT EXISTS (SELECT 1 FROM payslips p WHERE p.run_id = ${payingRunId} AND p.user_id = ${payrollExcludedPay.userId})`,
      ),
    )
    .returning({ userId: payrollExcludedPay.userId });
  return rows.length;
}

export async function deleteHold(tdb: TenantDb, runId: string, userId: string): Promise<boolean> {
  const rows = await tdb.tx
    .delete(payrollHolds)
    .where(and(eq(payrollHolds.tenantId, tdb.tenantId), eq(payrollHolds.runId, runId), eq(payrollHolds.userId, userId)))
    .returning({ userId: payrollHolds.userId });
  return rows.length > 0;
}

export async function listAdjustments(tdb: TenantDb, runId: string, userIds?: readonly string[]): Promise<AdjustmentRow[]> {
  return tdb.tx
    .select()
    .from(payrollAdjustments)
    .where(and(eq(payrollAdjustments.tenantId, tdb.tenantId), eq(payrollAdjustments.runId, runId), userIds ? sql`${payrollAdjustments.userId} = ANY(${uuidArray(userIds)})` : undefined))
    .orderBy(asc(payrollAdjustments.createdAt), asc(payrollAdjustments.id));
}

export async function insertAdjustment(tdb: TenantDb, values: Omit<typeof payrollAdjustments.$inferInsert, 'tenantId'>): Promise<AdjustmentRow> {
  const [row] = await tdb.tx
    .insert(payrollAdjustments)
    .values({ tenantId: tdb.tenantId, ...values })
    .returning();
  if (!row) throw new Error('adjustment was not saved');
  return row;
}

export async function deleteAdjustment(tdb: TenantDb, runId: string, id: string): Promise<AdjustmentRow | undefined> {
  const [row] = await tdb.tx
    .delete(payrollAdjustments)
    .where(and(eq(payrollAdjustments.tenantId, tdb.tenantId), eq(payrollAdjustments.runId, runId), eq(payrollAdjustments.id, id)))
    .returning();
  return row;
}

export async function saveRemark(tdb: TenantDb, values: { runId: string; userId: string; remark: string; updatedBy: string }, now: Date): Promise<void> {
  await tdb.tx
    .insert(payrollRemarks)
    .values({ tenantId: tdb.tenantId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: [payrollRemarks.runId, payrollRemarks.userId], set: { remark: values.remark, updatedBy: values.updatedBy, updatedAt: now } });
}

export async function deleteRemark(tdb: TenantDb, runId: string, userId: string): Promise<void> {
  await tdb.tx.delete(payrollRemarks).where(and(eq(payrollRemarks.tenantId, tdb.tenantId), eq(payrollRemarks.runId, runId), eq(payrollRemarks.userId, userId)));
}

// ------------------------------------------------------------------------------------------ payslips

export interface PayslipWrite {
  id: string;
  userId: string;
  holdKind: 'payout' | null;
  employee: unknown;
  daysInPeriod: number;
  payableDays: number;
  lopDays: number;
  grossPaise: number;
  deductionsPaise: number;
  netPaise: number;
  employerCostPaise: number;
  tdsPaise: number;
  taxRegime: number;
  ytd: unknown;
  tdsExplanation: string[];
  wages: unknown;
  /** The LOP per date paid for, by month (payslips.lop_by_month). */
  lopByMonth: Record<string, Record<string, number>>;
}

export interface LineWrite {
  payslipId: string;
  seq: number;
  section: 'earning' | 'deduction' | 'employer';
  code: string;
  label: string;
  amountPaise: number;
  explanation: string[];
}

/** Rows per statement: the JSON parameter stays a few MB at most. */
const WRITE_BATCH = 5000;

/**
 * A chunk's payslips and lines, each table in one multi-row INSERT whose rows travel as one JSON
 * parameter (jsonb_to_recordset): no bind-parameter limit, the same on PGlite and PostgreSQL, and
 * the statement-level immutability guard runs once per statement.
 */
export async function insertPayslips(tdb: TenantDb, run: { id: string; month: string }, rows: readonly PayslipWrite[], lines: readonly LineWrite[]): Promise<void> {
  // Each payslip's Σ of reimbursement lines, stored beside it (payslips.reimbursed_paise: what the warnings read).
  const linesOf = new Map<string, LineWrite[]>();
  for (const l of lines) {
    const own = linesOf.get(l.payslipId);
    if (own) own.push(l);
    else linesOf.set(l.payslipId, [l]);
  }
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    const batch = rows.slice(i, i + WRITE_BATCH).map((r) => ({
      id: r.id,
      u: r.userId,
      hk: r.holdKind,
      emp: r.employee,
      dip: r.daysInPeriod,
      pd: r.payableDays,
      lop: r.lopDays,
      g: r.grossPaise,
      d: r.deductionsPaise,
      n: r.netPaise,
      ec: r.employerCostPaise,
      t: r.tdsPaise,
      rg: r.taxRegime,
      y: r.ytd,
      te: r.tdsExplanation,
      w: r.wages,
      lbm: r.lopByMonth,
      rb: reimbursementsPaiseOf(linesOf.get(r.id) ?? []),
    }));
    // raw SQL: the processing chunk's bulk insert (a measured hot path): hundreds of payslips as one jsonb_to_recordset parameter.
    await tdb.tx.execute(sql`
      INSERT INTO payslips (id, tenant_id, run_id, user_id, month, hold_kind, employee, days_in_period, payable_days, lop_days, gross_paise, deductions_paise,
                            net_paise, employer_cost_paise, tds_paise, tax_regime, ytd, tds_explanation, wages, lop_by_month, reimbursed_paise)
      SELECT r.id, ${tdb.tenantId}::uuid, ${run.id}::uuid, r.u, ${run.month}, r.hk, r.emp, r.dip, r.pd, r.lop, r.g, r.d, r.n, r.ec, r.t, r.rg, r.y, r.te, r.w, r.lbm, r.rb
        FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
          AS r(id uuid, u uuid, hk text, emp jsonb, dip numeric, pd numeric, lop numeric, g bigint, d bigint, n bigint, ec bigint, t bigint, rg smallint, y jsonb, te jsonb, w jsonb, lbm jsonb, rb bigint)`);
  }
  for (let i = 0; i < lines.length; i += WRITE_BATCH) {
    const batch = lines.slice(i, i + WRITE_BATCH).map((l) => ({ p: l.payslipId, s: l.seq, sc: l.section, c: l.code, l: l.label, a: l.amountPaise, e: l.explanation }));
    // raw SQL: the processing chunk's bulk insert of lines (a measured hot path), as above.
    await tdb.tx.execute(sql`
      INSERT INTO payslip_lines (tenant_id, payslip_id, seq, section, code, label, amount_paise, explanation)
      SELECT ${tdb.tenantId}::uuid, r.p, r.s, r.sc, r.c, r.l, r.a, r.e
        FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS r(p uuid, s smallint, sc text, c text, l text, a bigint, e jsonb)`);
  }
}

/** The year-to-date figures stored on each payslip (financial-year totals including its month). */
export interface StoredYtd {
  grossPaise: number;
  deductionsPaise: number;
  netPaise: number;
  tdsPaise: number;
  /** Taxable salary of the year so far: the next month's TDS projection starts from it. */
  taxableGrossPaise: number;
  lines: { code: string; label: string; section: 'earning' | 'deduction' | 'employer'; amountPaise: number }[];
}

/**
 * Each employee's latest finalized payslip in [fromMonth, beforeMonth): its stored year-to-date
 * figures are the financial year so far (TDS: grossSoFar, tdsSoFar).
 */
export async function findYtdBefore(tdb: TenantDb, userIds: readonly string[], fromMonth: string, beforeMonth: string): Promise<Map<string, StoredYtd>> {
  if (userIds.length === 0 || fromMonth >= beforeMonth) return new Map();
  // raw SQL: DISTINCT ON over the (tenant, user, month) index for a whole chunk (a measured hot path).
  const rows = await queryRows<{ userId: string; ytd: StoredYtd }>(tdb.tx, sql`
    SELECT DISTINCT ON (p.user_id) p.user_id AS "userId", p.ytd
      FROM payslips p JOIN payroll_runs r ON r.id = p.run_id
     WHERE p.tenant_id = ${tdb.tenantId} AND p.user_id = ANY(${uuidArray(userIds)}) AND p.month >= ${fromMonth} AND p.month < ${beforeMonth}
       AND r.status IN ('finalized', 'paid')
     ORDER BY p.user_id, p.month DESC`);
  return new Map(rows.map((r) => [r.userId, fromJsonColumn<StoredYtd>(r.ytd)]));
}

/**
 * Whether ESI was deducted in each employee's first finalized month of the contribution period
 * (covered at its start: ESI then continues to the period's end whatever the wage, ESI Act s.39(4)).
 */
export async function findEsiCoveredAtStart(tdb: TenantDb, userIds: readonly string[], fromMonth: string, beforeMonth: string): Promise<Set<string>> {
  if (userIds.length === 0 || fromMonth >= beforeMonth) return new Set();
  // raw SQL: DISTINCT ON with an EXISTS over the first payslip's lines, for a whole chunk.
  const rows = await queryRows<{ userId: string; covered: boolean }>(tdb.tx, sql`
    SELECT DISTINCT ON (p.user_id) p.user_id AS "userId",
           EXISTS (SELECT 1 FROM payslip_lines l WHERE l.payslip_id = p.id AND l.code = 'ESI_EE' AND l.amount_paise > 0) AS covered
      FROM payslips p JOIN payroll_runs r ON r.id = p.run_id
     WHERE p.tenant_id = ${tdb.tenantId} AND p.user_id = ANY(${uuidArray(userIds)}) AND p.month >= ${fromMonth} AND p.month < ${beforeMonth}
       AND r.status IN ('finalized', 'paid')
     ORDER BY p.user_id, p.month ASC`);
  return new Set(rows.filter((r) => r.covered).map((r) => r.userId));
}

export interface ComponentSum {
  section: 'earning' | 'deduction' | 'employer';
  code: string;
  label: string;
  amountPaise: number;
}

/** Σ of each line code over a run's payslips (variance by component). */
export async function sumLinesByCode(tdb: TenantDb, runId: string): Promise<ComponentSum[]> {
  const rows = await tdb.tx
    .select({
      section: payslipLines.section,
      code: payslipLines.code,
      label: sql<string>`min(${payslipLines.label})`,
      amountPaise: sql<number>`sum(${payslipLines.amountPaise})::float8`,
    })
    .from(payslipLines)
    .innerJoin(payslips, eq(payslips.id, payslipLines.payslipId))
    .where(and(eq(payslipLines.tenantId, tdb.tenantId), eq(payslips.runId, runId)))
    .groupBy(payslipLines.section, payslipLines.code);
  return rows.map((r) => ({ ...r, amountPaise: Number(r.amountPaise) }));
}

export type PayslipRow = typeof payslips.$inferSelect;

export interface PayslipSummaryRow {
  id: string;
  runId: string;
  userId: string;
  month: string;
  status: RunStatus;
  grossPaise: number;
  deductionsPaise: number;
  netPaise: number;
  hasPdf: boolean;
  pdfPasswordProtected: boolean;
}

/** An employee's payslips in runs of the given statuses, newest month first. */
export async function listPayslips(tdb: TenantDb, userId: string, statuses: readonly RunStatus[], months?: { from: string; to: string }): Promise<PayslipSummaryRow[]> {
  const rows = await tdb.tx
    .select({
      id: payslips.id,
      runId: payslips.runId,
      userId: payslips.userId,
      month: payslips.month,
      status: payrollRuns.status,
      grossPaise: payslips.grossPaise,
      deductionsPaise: payslips.deductionsPaise,
      netPaise: payslips.netPaise,
      documentId: payslipDocuments.payslipId,
      pdfPasswordProtected: payslipDocuments.passwordProtected,
    })
    .from(payslips)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.runId))
    .leftJoin(payslipDocuments, eq(payslipDocuments.payslipId, payslips.id))
    .where(
      and(
        eq(payslips.tenantId, tdb.tenantId),
        eq(payslips.userId, userId),
        inArray(payrollRuns.status, [...statuses]),
        months ? sql`${payslips.month} BETWEEN ${months.from} AND ${months.to}` : undefined,
      ),
    )
    .orderBy(desc(payslips.month));
  return rows.map(({ documentId, pdfPasswordProtected, ...r }) => ({ ...r, hasPdf: documentId !== null, pdfPasswordProtected: pdfPasswordProtected === true }));
}

export async function findPayslip(tdb: TenantDb, id: string): Promise<{ payslip: PayslipRow; run: RunRow; hasPdf: boolean; pdfPasswordProtected: boolean } | undefined> {
  const [row] = await tdb.tx
    .select({ payslip: payslips, run: payrollRuns, documentId: payslipDocuments.payslipId, pdfPasswordProtected: payslipDocuments.passwordProtected })
    .from(payslips)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.runId))
    .leftJoin(payslipDocuments, eq(payslipDocuments.payslipId, payslips.id))
    .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.id, id)))
    .limit(1);
  return row ? { payslip: row.payslip, run: row.run, hasPdf: row.documentId !== null, pdfPasswordProtected: row.pdfPasswordProtected === true } : undefined;
}

export async function findPayslipLines(tdb: TenantDb, payslipId: string): Promise<(typeof payslipLines.$inferSelect)[]> {
  return tdb.tx
    .select()
    .from(payslipLines)
    .where(and(eq(payslipLines.tenantId, tdb.tenantId), eq(payslipLines.payslipId, payslipId)))
    .orderBy(asc(payslipLines.seq));
}

// ------------------------------------------------------------------------------------------ salary revision arrears

/** A finalized payslip as the arrears of a salary revision recompute it: its period, days and lines. */
export interface FinalizedMonth {
  month: string;
  periodStart: string;
  periodEnd: string;
  daysInPeriod: number;
  payableDays: number;
  lopDays: number;
  lines: { section: 'earning' | 'deduction' | 'employer'; code: string; label: string; amountPaise: number }[];
}

/** Each employee's finalized (or paid) payslips of runs ending on or after `fromDate` and before `beforeMonth`, oldest first. */
export async function findFinalizedMonths(tdb: TenantDb, userIds: readonly string[], fromDate: string, beforeMonth: string): Promise<Map<string, FinalizedMonth[]>> {
  const out = new Map<string, FinalizedMonth[]>();
  if (userIds.length === 0) return out;
  const slips = await tdb.tx
    .select({
      id: payslips.id,
      userId: payslips.userId,
      month: payslips.month,
      periodStart: payrollRuns.periodStart,
      periodEnd: payrollRuns.periodEnd,
      daysInPeriod: payslips.daysInPeriod,
      payableDays: payslips.payableDays,
      lopDays: payslips.lopDays,
    })
    .from(payslips)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.runId))
    .where(
      and(
        eq(payslips.tenantId, tdb.tenantId),
        sql`${payslips.userId} = ANY(${uuidArray(userIds)})`,
        inArray(payrollRuns.status, CLOSED),
        gte(payrollRuns.periodEnd, fromDate),
        lt(payslips.month, beforeMonth),
      ),
    )
    .orderBy(asc(payslips.userId), asc(payslips.month));
  if (slips.length === 0) return out;
  const lines = await tdb.tx
    .select({ payslipId: payslipLines.payslipId, section: payslipLines.section, code: payslipLines.code, label: payslipLines.label, amountPaise: payslipLines.amountPaise })
    .from(payslipLines)
    .where(and(eq(payslipLines.tenantId, tdb.tenantId), sql`${payslipLines.payslipId} = ANY(${uuidArray(slips.map((s) => s.id))})`))
    .orderBy(asc(payslipLines.payslipId), asc(payslipLines.seq));
  const linesOf = new Map<string, FinalizedMonth['lines']>();
  for (const { payslipId, ...line } of lines) linesOf.set(payslipId, [...(linesOf.get(payslipId) ?? []), line]);
  for (const s of slips) {
    const month: FinalizedMonth = {
      month: s.month,
      periodStart: s.periodStart,
      periodEnd: s.periodEnd,
      daysInPeriod: Number(s.daysInPeriod),
      payableDays: Number(s.payableDays),
      lopDays: Number(s.lopDays),
      lines: linesOf.get(s.id) ?? [],
    };
    out.set(s.userId, [...(out.get(s.userId) ?? []), month]);
  }
  return out;
}

/** The run's payslips of these employees with the Σ of their arrears earnings (lines ARR_…), for recording which revisions it paid. */
export async function findArrearsPaid(tdb: TenantDb, runId: string, userIds: readonly string[]): Promise<{ userId: string; arrearsPaise: number }[]> {
  if (userIds.length === 0) return [];
  const rows = await tdb.tx
    .select({
      userId: payslips.userId,
      arrearsPaise: sql<number>`coalesce(sum(${payslipLines.amountPaise}) FILTER (WHERE ${payslipLines.section} = 'earning' AND starts_with(${payslipLines.code}, 'ARR_')), 0)::float8`,
    })
    .from(payslips)
    .leftJoin(payslipLines, eq(payslipLines.payslipId, payslips.id))
    .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.runId, runId), inArray(payslips.userId, [...userIds])))
    .groupBy(payslips.userId);
  return rows.map((r) => ({ userId: r.userId, arrearsPaise: Number(r.arrearsPaise) }));
}

/** A finalized month of an employee with the loss of pay it was last paid for (payslips.lop_by_month). */
export interface LopPaidMonth extends FinalizedMonth {
  /** LOP per date as last paid: the month's own payslip, or the latest later payslip that corrected it. */
  paidLop: Record<string, number>;
}

/**
 * Each employee's finalized (or paid) months from `fromMonth` up to before `beforeMonth` whose payslip
 * kept its LOP per date, with the LOP per date as last paid (the latest finalized payslip, by month,
 * whose lop_by_month names the month), oldest first.
 */
export async function findLopPaidMonths(tdb: TenantDb, userIds: readonly string[], fromMonth: string, beforeMonth: string): Promise<Map<string, LopPaidMonth[]>> {
  const out = new Map<string, LopPaidMonth[]>();
  if (userIds.length === 0) return out;
  const slips = await tdb.tx
    .select({ userId: payslips.userId, month: payslips.month, lopByMonth: payslips.lopByMonth })
    .from(payslips)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.runId))
    .where(
      and(
        eq(payslips.tenantId, tdb.tenantId),
        sql`${payslips.userId} = ANY(${uuidArray(userIds)})`,
        inArray(payrollRuns.status, CLOSED),
        gte(payslips.month, fromMonth),
        lt(payslips.month, beforeMonth),
        isNotNull(payslips.lopByMonth),
      ),
    )
    .orderBy(asc(payslips.userId), asc(payslips.month));
  if (slips.length === 0) return out;
  // The latest record of each month wins (rows are in month order).
  const latest = new Map<string, Record<string, number>>();
  for (const s of slips) {
    for (const [month, dates] of Object.entries((s.lopByMonth ?? {}) as Record<string, Record<string, number>>)) latest.set(`${s.userId}|${month}`, dates);
  }
  const months = await findFinalizedMonths(tdb, [...new Set(slips.map((s) => s.userId))], `${fromMonth}-01`, beforeMonth);
  for (const [userId, list] of months) {
    const kept = list.flatMap((m) => {
      const paidLop = latest.get(`${userId}|${m.month}`);
      return paidLop && m.month >= fromMonth ? [{ ...m, paidLop }] : [];
    });
    if (kept.length > 0) out.set(userId, kept);
  }
  return out;
}

/** The employees among `userIds` with a payslip in the run, by name. */
export async function findPayslipPeople(tdb: TenantDb, runId: string, userIds: readonly string[]): Promise<{ userId: string; name: string }[]> {
  if (userIds.length === 0) return [];
  const rows = await tdb.tx
    .select({ userId: payslips.userId, firstName: users.firstName, lastName: users.lastName })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.userId))
    .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.runId, runId), inArray(payslips.userId, [...userIds])))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((r) => ({ userId: r.userId, name: `${r.firstName} ${r.lastName}`.trim() }));
}
