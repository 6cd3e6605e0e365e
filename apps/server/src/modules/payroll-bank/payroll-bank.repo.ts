import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BankFileFormat } from '@tankha/domain';
import { payrollBankFormats, payrollBankSettings, payrollPayments, payrollPayoutReleases, payrollRuns, payslips, users } from '../../db/schema';
import { queryRows } from '../../db/client';
import type { TenantDb } from '../../platform/tenancy';

/**
 * Queries of the bank transfer: the organisation's bank file settings, a finalized
 * month's payslips with the employees' bank details as they are now, and the payment attempts.
 * Every read is one query for the whole month.
 */

export type BankTemplate = (typeof payrollBankSettings.$inferSelect)['template'];
export type PaymentStatus = (typeof payrollPayments.$inferSelect)['status'];
export type RunStatus = (typeof payrollRuns.$inferSelect)['status'];

export interface SettingsRow {
  template: BankTemplate;
  debitAccountNumber: string | null;
  debitIfsc: string | null;
  presetFormat: string | null;
  customFormatId: string | null;
  customFormatName: string | null;
  updatedAt: Date;
  updatedByName: string | null;
}

export async function findSettings(tdb: TenantDb): Promise<SettingsRow | undefined> {
  const [row] = await tdb.tx
    .select({
      template: payrollBankSettings.template,
      debitAccountNumber: payrollBankSettings.debitAccountNumber,
      debitIfsc: payrollBankSettings.debitIfsc,
      presetFormat: payrollBankSettings.presetFormat,
      customFormatId: payrollBankSettings.customFormatId,
      customFormatName: payrollBankFormats.name,
      updatedAt: payrollBankSettings.updatedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(payrollBankSettings)
    .leftJoin(users, eq(users.id, payrollBankSettings.updatedBy))
    .leftJoin(payrollBankFormats, and(eq(payrollBankFormats.id, payrollBankSettings.customFormatId), eq(payrollBankFormats.tenantId, tdb.tenantId)))
    .where(eq(payrollBankSettings.tenantId, tdb.tenantId))
    .limit(1);
  if (!row) return undefined;
  const { firstName, lastName, ...rest } = row;
  return { ...rest, updatedByName: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim() };
}

export async function upsertSettings(
  tdb: TenantDb,
  values: { template: BankTemplate; debitAccountNumber: string | null; debitIfsc: string | null; presetFormat: string | null; customFormatId: string | null; updatedBy: string; updatedAt: Date },
): Promise<void> {
  await tdb.tx
    .insert(payrollBankSettings)
    .values({ tenantId: tdb.tenantId, ...values })
    .onConflictDoUpdate({ target: payrollBankSettings.tenantId, set: values });
}

export interface FormatRow {
  id: string;
  name: string;
  definition: BankFileFormat;
  updatedAt: Date;
}

const formatColumns = { id: payrollBankFormats.id, name: payrollBankFormats.name, definition: payrollBankFormats.definition, updatedAt: payrollBankFormats.updatedAt };

/** The organisation's own bank file formats, by name. */
export async function listFormats(tdb: TenantDb): Promise<FormatRow[]> {
  return tdb.tx.select(formatColumns).from(payrollBankFormats).where(eq(payrollBankFormats.tenantId, tdb.tenantId)).orderBy(asc(payrollBankFormats.name), asc(payrollBankFormats.id));
}

export async function findFormat(tdb: TenantDb, id: string): Promise<FormatRow | undefined> {
  const [row] = await tdb.tx
    .select(formatColumns)
    .from(payrollBankFormats)
    .where(and(eq(payrollBankFormats.tenantId, tdb.tenantId), eq(payrollBankFormats.id, id)))
    .limit(1);
  return row;
}

export async function insertFormat(tdb: TenantDb, definition: BankFileFormat, by: string, at: Date): Promise<FormatRow> {
  const [row] = await tdb.tx
    .insert(payrollBankFormats)
    .values({ tenantId: tdb.tenantId, name: definition.name, definition, updatedBy: by, createdAt: at, updatedAt: at })
    .returning(formatColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateFormat(tdb: TenantDb, id: string, definition: BankFileFormat, by: string, at: Date): Promise<FormatRow | undefined> {
  const [row] = await tdb.tx
    .update(payrollBankFormats)
    .set({ name: definition.name, definition, updatedBy: by, updatedAt: at })
    .where(and(eq(payrollBankFormats.tenantId, tdb.tenantId), eq(payrollBankFormats.id, id)))
    .returning(formatColumns);
  return row;
}

/** Deletes a format; the settings that chose it go back to the template (ON DELETE SET NULL). */
export async function deleteFormat(tdb: TenantDb, id: string): Promise<boolean> {
  const rows = await tdb.tx
    .delete(payrollBankFormats)
    .where(and(eq(payrollBankFormats.tenantId, tdb.tenantId), eq(payrollBankFormats.id, id)))
    .returning({ id: payrollBankFormats.id });
  return rows.length > 0;
}

export interface RunRow {
  id: string;
  month: string;
  periodStart: string;
  payDate: string;
  status: RunStatus;
  netPaise: number;
  finalizedAt: Date | null;
}

export async function findRun(tdb: TenantDb, runId: string): Promise<RunRow | undefined> {
  const [row] = await tdb.tx
    .select({
      id: payrollRuns.id,
      month: payrollRuns.month,
      periodStart: payrollRuns.periodStart,
      payDate: payrollRuns.payDate,
      status: payrollRuns.status,
      netPaise: payrollRuns.netPaise,
      finalizedAt: payrollRuns.finalizedAt,
    })
    .from(payrollRuns)
    .where(and(eq(payrollRuns.tenantId, tdb.tenantId), eq(payrollRuns.id, runId)))
    .limit(1);
  return row;
}

export interface PayslipPayeeRow {
  payslipId: string;
  userId: string;
  /** From the payslip's snapshot (what the payslip prints). */
  employeeNumber: string | null;
  employeeName: string;
  netPaise: number;
  holdKind: 'payout' | null;
  /** When a payout hold was released after finalize (payroll_payout_releases), else null. */
  releasedAt: Date | null;
  /** The employee's bank details now (a corrected account is used by the next file). */
  accountHolderName: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  /** The employee's e-mail (a format's e-mail column). */
  email: string | null;
}

/** Every payslip of the run with the employee's current bank details. */
export async function findPayees(tdb: TenantDb, runId: string): Promise<PayslipPayeeRow[]> {
  const rows = await tdb.tx
    .select({
      payslipId: payslips.id,
      userId: payslips.userId,
      employeeNumber: sql<string | null>`${payslips.employee}->>'employeeNumber'`,
      employeeName: sql<string | null>`${payslips.employee}->>'name'`,
      netPaise: payslips.netPaise,
      holdKind: payslips.holdKind,
      releasedAt: payrollPayoutReleases.releasedAt,
      accountHolderName: users.accountHolderName,
      accountNumber: users.bankAccountNumber,
      ifsc: users.ifscCode,
      email: users.email,
    })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.userId))
    .leftJoin(payrollPayoutReleases, eq(payrollPayoutReleases.payslipId, payslips.id))
    .where(and(eq(payslips.tenantId, tdb.tenantId), eq(payslips.runId, runId)))
    .orderBy(asc(payslips.id));
  return rows.map((r) => ({ ...r, employeeNumber: r.employeeNumber || null, employeeName: r.employeeName ?? '' }));
}

export interface PaymentRow {
  id: string;
  payslipId: string;
  attempt: number;
  reference: string;
  amountPaise: number;
  status: PaymentStatus;
  utr: string | null;
  failureReason: string | null;
  statusDate: string | null;
}

/** Every payment attempt of the run, by payslip and attempt. */
export async function findPayments(tdb: TenantDb, runId: string): Promise<PaymentRow[]> {
  return tdb.tx
    .select({
      id: payrollPayments.id,
      payslipId: payrollPayments.payslipId,
      attempt: payrollPayments.attempt,
      reference: payrollPayments.reference,
      amountPaise: payrollPayments.amountPaise,
      status: payrollPayments.status,
      utr: payrollPayments.utr,
      failureReason: payrollPayments.failureReason,
      statusDate: payrollPayments.statusDate,
    })
    .from(payrollPayments)
    .where(and(eq(payrollPayments.tenantId, tdb.tenantId), eq(payrollPayments.runId, runId)))
    .orderBy(asc(payrollPayments.payslipId), asc(payrollPayments.attempt));
}

export interface NewPayment {
  payslipId: string;
  attempt: number;
  reference: string;
  amountPaise: number;
  accountMasked: string;
  ifsc: string;
}

/** PostgreSQL takes at most 65,535 parameters a statement: 1,000 rows of 10 columns each. */
const INSERT_CHUNK = 1_000;

/**
 * The attempts a bank file starts. One a payslip and attempt: a second download at the same moment
 * inserts nothing (ON CONFLICT DO NOTHING) and, the reference being a function of the payslip's line
 * and the attempt, carries the same references.
 */
export async function insertPayments(tdb: TenantDb, runId: string, rows: readonly NewPayment[], sentBy: string, at: Date): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tdb.tx
      .insert(payrollPayments)
      .values(rows.slice(i, i + INSERT_CHUNK).map((r) => ({ tenantId: tdb.tenantId, runId, ...r, status: 'sent' as const, sentAt: at, sentBy })))
      .onConflictDoNothing({ target: [payrollPayments.payslipId, payrollPayments.attempt] });
  }
}

/** How a payment was recorded paid without a return file: the date and the UTR or reference the administrator gave. */
export interface ManualPaid {
  paidOn: string;
  reference: string;
}

/**
 * Payments never sent in a bank file, recorded paid at once (Mark as Paid, or one payment marked
 * paid): an attempt as the bank file would have started it, already paid. A payment a bank file
 * started meanwhile is left alone (one attempt per payslip and number).
 */
export async function insertPaidPayments(tdb: TenantDb, runId: string, rows: readonly NewPayment[], paid: ManualPaid, by: string, at: Date): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tdb.tx
      .insert(payrollPayments)
      .values(
        rows.slice(i, i + INSERT_CHUNK).map((r) => ({
          tenantId: tdb.tenantId,
          runId,
          ...r,
          status: 'paid' as const,
          utr: paid.reference,
          statusDate: paid.paidOn,
          sentAt: at,
          sentBy: by,
          statusRecordedAt: at,
          statusRecordedBy: by,
        })),
      )
      .onConflictDoNothing({ target: [payrollPayments.payslipId, payrollPayments.attempt] });
  }
}

/** Payments awaiting the bank recorded paid without a return file; only attempts still 'sent' change. */
export async function markPaymentsPaid(tdb: TenantDb, paymentIds: readonly string[], paid: ManualPaid, by: string, at: Date): Promise<number> {
  let changed = 0;
  for (let i = 0; i < paymentIds.length; i += INSERT_CHUNK) {
    const rows = await tdb.tx
      .update(payrollPayments)
      .set({ status: 'paid', utr: paid.reference, statusDate: paid.paidOn, statusRecordedAt: at, statusRecordedBy: by })
      .where(and(eq(payrollPayments.tenantId, tdb.tenantId), inArray(payrollPayments.id, paymentIds.slice(i, i + INSERT_CHUNK)), eq(payrollPayments.status, 'sent')))
      .returning({ id: payrollPayments.id });
    changed += rows.length;
  }
  return changed;
}

export interface PaymentStatusUpdate {
  paymentId: string;
  status: 'paid' | 'failed';
  utr: string | null;
  failureReason: string | null;
  statusDate: string | null;
}

/** The statuses of a return file, in one statement; only attempts still 'sent' change (a trigger refuses the rest). */
export async function updatePaymentStatuses(tdb: TenantDb, updates: readonly PaymentStatusUpdate[], recordedBy: string, at: Date, fileName: string): Promise<number> {
  if (updates.length === 0) return 0;
  const values = JSON.stringify(updates.map((u) => ({ id: u.paymentId, status: u.status, utr: u.utr, reason: u.failureReason, status_date: u.statusDate })));
  // raw SQL: UPDATE … FROM a JSON record set applies every row of the file in one statement (a return file has thousands of rows).
  const rows = await queryRows<{ id: string }>(
    tdb.tx,
    sql`UPDATE payroll_payments p
           SET status = u.status, utr = u.utr, failure_reason = u.reason, status_date = u.status_date,
               status_recorded_at = ${at.toISOString()}::timestamptz, status_recorded_by = ${recordedBy}, return_file_name = ${fileName}
          FROM jsonb_to_recordset(${values}::jsonb) AS u(id uuid, status text, utr text, reason text, status_date date)
         WHERE p.tenant_id = ${tdb.tenantId} AND p.id = u.id AND p.status = 'sent'
     RETURNING p.id`,
  );
  return rows.length;
}
