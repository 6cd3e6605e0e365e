import {
  BANK_EXCLUSION_LABELS,
  PAYROLL_BANK_FORMAT_MSG as FORMAT_MSG,
  PAYROLL_MSG,
  PAYROLL_BANK_MSG as MSG,
  bankFileName,
  monthLabel,
  paidOnProblem,
  type BankFileExclusion,
  type BankFileFormatDto,
  type BankFileFormatValues,
  type BankFilePreview,
  type BankFileQuery,
  type BankFileScope,
  type BankFileSettings,
  type BankPaymentRow,
  type BankPaymentPaidInput,
  type BankPayments,
  type BankReturnResult,
} from '@tankha/contracts';
import {
  BANK_FORMAT_PRESETS,
  bankTransferCsv,
  buildBankTransfer,
  formatNeedsDebitAccount,
  isBankFormatPresetKey,
  bankFileRows,
  bankFileText,
  rupeesToPaise,
  withEmails,
  type BankFileFormat,
  type BankFileProblem,
  dateInZone,
  formatInr,
  type BankDebitAccount,
  type BankExclusionReason,
  type BankPayee,
  type BankTransfer,
  type BankTransferRecord,
  paiseToRupees,
} from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { AppError, conflict, fieldError, notFound, unwrap, type Settled } from '../../platform/errors';
import { isKnownIfsc } from '../../platform/ifsc-directory';
import type { Scope } from '../../platform/tenancy';
import type { PayrollReportService } from '../payroll-reports/payroll-reports.service';
import { buildBankFormatXlsx, buildBankTransferXlsx } from './bank-file-xlsx';
import { readBankReturn, type ReturnRow } from './bank-return.sheet';
import { checkBankReturn } from './bank-return.validate';
import * as repo from './payroll-bank.repo';
import type { BankChangeService } from '../bank-changes/bank-changes.service';
import { recordAudit } from '../../platform/audit/record';

/** The bank file exists for a finalized month (payslips never change after finalize), and after it is marked paid. */
const ISSUED: readonly repo.RunStatus[] = ['finalized', 'paid'];

/** At most this many rows are listed in a refused return file's reply (the message gives the count). */
const LISTED_ROW_ERRORS = 200;

export const BANK_FILE_CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', txt: 'text/plain; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

export interface BankFileDownload {
  bytes: Buffer;
  fileName: string;
  contentType: string;
}

const masked = (account: string) => `${'X'.repeat(Math.max(0, account.length - 4))}${account.slice(-4)}`;
const plural = (n: number, one: string, many = `${one}s`) => `${String(n)} ${n === 1 ? one : many}`;

/**
 * The bank transfer of a finalized payroll month and the bank's return file.
 * A file's payments are recorded as attempts (payroll_payments) the first time a file carries them;
 * the return file sets each attempt paid or failed; failed payments are re-exported as new attempts.
 * Every file and every return file is logged in the payroll reports.
 */
export class PayrollBankService {
  constructor(private readonly deps: { clock: Clock; reports: Pick<PayrollReportService, 'record'>; bankChanges: Pick<BankChangeService, 'recentlyChanged'> }) {}

  async getSettings({ db: tdb }: Scope): Promise<BankFileSettings> {
    const row = await repo.findSettings(tdb);
    if (!row) return { template: 'plainCsv', debitAccountNumber: null, debitIfsc: null, bankFormat: null, bankFormatName: null, updatedAt: null, updatedByName: null };
    const preset = row.presetFormat && isBankFormatPresetKey(row.presetFormat) ? BANK_FORMAT_PRESETS[row.presetFormat] : null;
    return {
      template: row.template,
      debitAccountNumber: row.debitAccountNumber,
      debitIfsc: row.debitIfsc,
      bankFormat: preset ? preset.key : row.customFormatName !== null ? row.customFormatId : null,
      bankFormatName: preset ? preset.format.name : row.customFormatName,
      updatedAt: row.updatedAt.toISOString(),
      updatedByName: row.updatedByName,
    };
  }

  /**
   * The input is checked by its contract (the control-total layout needs the debit account and IFSC);
   * a chosen format must be a preset or one of the organisation's own, and one that writes the debit
   * account (or pays within the bank) needs it.
   */
  async saveSettings(scope: Scope, input: { template: BankFileSettings['template']; debitAccountNumber: string | null; debitIfsc: string | null; bankFormat?: string | null }): Promise<BankFileSettings> {
    const chosen = input.bankFormat ?? null;
    let format: BankFileFormat | null = null;
    let presetFormat: string | null = null;
    let customFormatId: string | null = null;
    if (chosen !== null && isBankFormatPresetKey(chosen)) {
      format = BANK_FORMAT_PRESETS[chosen].format;
      presetFormat = chosen;
    } else if (chosen !== null) {
      const own = await repo.findFormat(scope.db, chosen);
      if (!own) throw fieldError('bankFormat', MSG.bankFormatInvalid);
      format = own.definition;
      customFormatId = own.id;
    }
    if (format && formatNeedsDebitAccount(format)) {
      if (input.debitAccountNumber === null) throw fieldError('debitAccountNumber', FORMAT_MSG.debitAccountRequired);
      if (input.debitIfsc === null) throw fieldError('debitIfsc', FORMAT_MSG.debitAccountRequired);
    }
    const before = await repo.findSettings(scope.db);
    await repo.upsertSettings(scope.db, {
      template: input.template,
      debitAccountNumber: input.debitAccountNumber,
      debitIfsc: input.debitIfsc,
      presetFormat,
      customFormatId,
      updatedBy: scope.ctx.userId,
      updatedAt: this.deps.clock.now(),
    });
    await recordAudit(scope, {
      entity: 'PayrollSettings',
      entityId: 'bank-file',
      action: 'Update',
      before: before ? { template: before.template, debitAccountNumber: before.debitAccountNumber, debitIfsc: before.debitIfsc, presetFormat: before.presetFormat, customFormatId: before.customFormatId } : null,
      after: { template: input.template, debitAccountNumber: input.debitAccountNumber, debitIfsc: input.debitIfsc, presetFormat, customFormatId },
    });
    return this.getSettings(scope);
  }

  /** GET /PayrollBankFormats: the organisation's own formats. */
  async listFormats(scope: Scope): Promise<BankFileFormatDto[]> {
    return (await repo.listFormats(scope.db)).map(formatDto);
  }

  async createFormat(scope: Scope, input: BankFileFormatValues): Promise<BankFileFormatDto> {
    return formatDto(await repo.insertFormat(scope.db, formatOf(input), scope.ctx.userId, this.deps.clock.now()));
  }

  async updateFormat(scope: Scope, id: string, input: BankFileFormatValues): Promise<BankFileFormatDto> {
    const row = await repo.updateFormat(scope.db, id, formatOf(input), scope.ctx.userId, this.deps.clock.now());
    if (!row) throw notFound(FORMAT_MSG.notFound);
    return formatDto(row);
  }

  async deleteFormat(scope: Scope, id: string): Promise<void> {
    if (!(await repo.deleteFormat(scope.db, id))) throw notFound(FORMAT_MSG.notFound);
  }

  /** GET /PayrollRuns/:id/bank-file/preview: who the file pays, who is left out and why, and the control figures. */
  async preview(scope: Scope, runId: string, query: BankFileQuery): Promise<BankFilePreview> {
    const prepared = await this.prepare(scope, runId, query);
    const { run, transfer, settings, payees, format, emails } = prepared;
    const debit: BankDebitAccount | null = settings.debitAccountNumber && settings.debitIfsc ? { accountNumber: settings.debitAccountNumber, ifsc: settings.debitIfsc } : null;
    const excludedPaise = transfer.excluded.reduce((s, e) => s + e.netPaise, 0);
    return {
      runId: run.id,
      month: run.month,
      template: settings.template,
      formatName: format?.name ?? null,
      scope: transfer.scope,
      valueDate: transfer.valueDate,
      fileName: bankFileName(run.month, settings.template, transfer.scope, format?.extension),
      employees: transfer.records.length,
      total: paiseToRupees(transfer.totalPaise),
      runNetPay: paiseToRupees(run.netPaise),
      excludedNetPay: paiseToRupees(excludedPaise),
      explanation: explain(run, transfer, payees.length),
      debitAccount: settings.debitAccountNumber && settings.debitIfsc ? { accountNumber: masked(settings.debitAccountNumber), ifsc: settings.debitIfsc } : null,
      records: transfer.records.map((r) => ({
        payslipId: r.payslipId,
        employeeNumber: r.employeeNumber,
        name: r.employeeName,
        beneficiaryName: r.beneficiaryName,
        reference: r.reference,
        accountNumber: masked(r.accountNumber),
        ifsc: r.ifsc,
        amount: paiseToRupees(r.amountPaise),
        attempt: r.attempt,
        accountChangedRecently: r.accountChangedRecently,
      })),
      excluded: transfer.excluded.map(exclusionOf),
      failedCount: payees.filter((p) => p.latestPayment?.status === 'failed').length,
      formatProblems: format ? formatProblems(format, transfer, emails, debit) : [],
    };
  }

  /**
   * GET /PayrollRuns/:id/bank-file: the file in the organisation's template. The payments it starts
   * are recorded (a download again carries the same references), and the download is logged.
   */
  async download(scope: Scope, runId: string, query: BankFileQuery): Promise<BankFileDownload> {
    const { run, transfer, settings, format, emails } = await this.prepare(scope, runId, query);
    if (transfer.records.length === 0) throw conflict(transfer.scope === 'failed' ? MSG.noFailedPayments : transfer.scope === 'released' ? MSG.noReleasedPayouts : MSG.nobodyToPay);
    const debit: BankDebitAccount | null = settings.debitAccountNumber && settings.debitIfsc ? { accountNumber: settings.debitAccountNumber, ifsc: settings.debitIfsc } : null;
    if (!format && settings.template === 'controlCsv' && !debit) throw conflict(MSG.debitAccountRequired);
    // A format's file is written before any payment is recorded: a value that does not fit stops it all.
    let formatted: Buffer | null = null;
    if (format) {
      if (formatNeedsDebitAccount(format) && !debit) throw conflict(FORMAT_MSG.debitAccountRequired);
      const rendered = bankFileRows(format, transfer, withEmails(transfer.records, emails), debit);
      if (!rendered.ok) {
        const listed = rendered.problems.slice(0, LISTED_ROW_ERRORS);
        throw new AppError(409, 'BANK_FILE_FORMAT_REFUSED', FORMAT_MSG.renderRefused(rendered.problems.length), Object.fromEntries(listed.map((p, i) => [`value ${String(i + 1)}`, problemText(p)])));
      }
      formatted = format.layout === 'sheet' ? await buildBankFormatXlsx(format, rendered) : Buffer.from(bankFileText(format, rendered), 'utf8');
    }

    const fresh = transfer.records.filter((r) => r.newAttempt);
    await repo.insertPayments(
      scope.db,
      run.id,
      fresh.map(newPayment),
      scope.ctx.userId,
      this.deps.clock.now(),
    );

    const fileName = bankFileName(run.month, settings.template, transfer.scope, format?.extension);
    const bytes =
      formatted ??
      (settings.template === 'xlsx'
          ? await buildBankTransferXlsx(transfer, debit, monthLabel(run.month))
          : Buffer.from(bankTransferCsv(transfer, settings.template, debit), 'utf8'));
    await this.deps.reports.record(scope, {
      runId: run.id,
      month: run.month,
      kind: 'bank',
      fileName,
      summary: {
        employees: transfer.records.length,
        total: paiseToRupees(transfer.totalPaise),
        leftOut: transfer.excluded.length,
        leftOutNetPay: paiseToRupees(transfer.excluded.reduce((s, e) => s + e.netPaise, 0)),
        template: format ? format.name : settings.template,
        scope: transfer.scope,
        valueDate: transfer.valueDate,
        newPayments: fresh.length,
      },
    });
    const contentType = BANK_FILE_CONTENT_TYPES[format ? format.extension : settings.template === 'xlsx' ? 'xlsx' : 'csv'];
    await recordAudit(scope, { entity: 'PayrollRun', entityId: run.id, action: 'BankFileDownload', after: { month: run.month, fileName, scope: transfer.scope, employees: transfer.records.length, totalPaise: transfer.totalPaise } });
    return { bytes, fileName, contentType };
  }

  /** A return file's rows, read before the request's unit of work opens (CSV or XLSX by content, within the limits). */
  readReturnFile(bytes: Buffer): Promise<ReturnRow[]> {
    return readBankReturn(bytes);
  }

  /**
   * POST /PayrollRuns/:id/bank-return: every row is checked against the month's payments, then all
   * statuses are recorded in one statement, or — when any row is wrong — nothing is, and every wrong
   * row is listed with its row number.
   */
  async importReturn(scope: Scope, runId: string, file: { rows: Settled<ReturnRow[]>; fileName: string }): Promise<BankReturnResult> {
    const run = await this.issuedRun(scope, runId);
    const rows = unwrap(file.rows);
    const payments = await repo.findPayments(scope.db, run.id);
    const check = checkBankReturn(rows, payments);
    if (check.errors.length > 0) {
      const byRow = new Map<number, string[]>();
      for (const e of check.errors) byRow.set(e.rowNumber, [...(byRow.get(e.rowNumber) ?? []), e.message]);
      const listed = [...byRow].slice(0, LISTED_ROW_ERRORS);
      throw new AppError(400, 'BANK_RETURN_INVALID', MSG.returnRowsInvalid(byRow.size, rows.length), Object.fromEntries(listed.map(([n, messages]) => [`row ${String(n)}`, messages.join('; ')])));
    }
    const fileName = cleanFileName(file.fileName);
    await repo.updatePaymentStatuses(scope.db, check.updates, scope.ctx.userId, this.deps.clock.now(), fileName);
    // A released payout reported paid: its payslip's PDF says so after the commit.
    const paidIds = new Set(check.updates.filter((u) => u.status === 'paid').map((u) => u.paymentId));
    const released = await this.releasedPayees(scope, run.id);
    for (const p of payments) if (paidIds.has(p.id) && released.has(p.payslipId)) scope.enqueue('payroll.payslips.rerender', { runId: run.id, payslipId: p.payslipId, paid: true });
    const result: BankReturnResult = {
      fileName,
      rows: rows.length,
      paid: check.paid,
      failed: check.failed,
      unchanged: check.unchanged,
      paidAmount: paiseToRupees(check.paidPaise),
      failedAmount: paiseToRupees(check.failedPaise),
    };
    await this.deps.reports.record(scope, {
      runId: run.id,
      month: run.month,
      kind: 'bank-return',
      fileName,
      summary: { employees: rows.length, total: result.paidAmount, paid: result.paid, failed: result.failed, unchanged: result.unchanged, failedAmount: result.failedAmount },
    });
    return result;
  }

  /** GET /PayrollRuns/:id/payments: each payslip's payment state (latest attempt, or why it is left out) and the counts. */
  async payments(scope: Scope, runId: string): Promise<BankPayments> {
    const run = await this.issuedRun(scope, runId);
    const { payees, rows: payeeRows, attempts } = await this.payeesOf(scope, run.id);
    const leftOut = new Map(buildBankTransfer({ month: run.month, valueDate: run.payDate, scope: 'all', payees, isKnownIfsc }).excluded.map((e) => [e.payslipId, e.reason]));
    const counts = { notSent: 0, sent: 0, paid: 0, failed: 0, leftOut: 0 };
    let paidPaise = 0;
    const rows: BankPaymentRow[] = [...payees].sort(byNumber).map((p) => {
      const latest = p.latestPayment;
      const payment = latest ? attempts.get(latest.reference) : undefined;
      const reason = leftOut.get(p.payslipId);
      const state: BankPaymentRow['state'] = latest ? latest.status : reason ? 'leftOut' : 'notSent';
      counts[state] += 1;
      if (state === 'paid') paidPaise += payment?.amountPaise ?? 0;
      return {
        payslipId: p.payslipId,
        userId: payeeRows.get(p.payslipId)?.userId ?? '',
        employeeNumber: p.employeeNumber,
        name: p.employeeName,
        netPay: paiseToRupees(p.netPaise),
        state,
        reference: latest?.reference ?? null,
        attempts: latest?.attempt ?? 0,
        utr: payment?.utr ?? null,
        reason: state === 'failed' ? (payment?.failureReason ?? null) : state === 'leftOut' && reason ? BANK_EXCLUSION_LABELS[reason] : null,
        statusDate: payment?.statusDate ?? null,
      };
    });
    return { counts, paidAmount: paiseToRupees(paidPaise), rows };
  }

  /**
   * POST /PayrollRuns/:id/payments/:payslipId/mark-paid: one payment recorded paid without a return
   * file (the bank confirmed it another way), on a date from the finalize date to today. A payment
   * awaiting the bank becomes paid; one never sent — a payout released from hold included — is
   * recorded as an attempt already paid. A payment already paid, a failed one (its retry is the
   * payment to mark) and one left out of the bank transfer (payout on hold, bank details) are refused
   * with the reason.
   */
  async markPaymentPaid(scope: Scope, runId: string, payslipId: string, input: BankPaymentPaidInput): Promise<BankPaymentRow> {
    const run = await this.issuedRun(scope, runId);
    const paid = { paidOn: input.paidOn, reference: input.reference.trim() };
    this.assertPaidOn(scope, run, paid.paidOn);
    const { payees, attempts } = await this.payeesOf(scope, run.id);
    const payee = payees.find((p) => p.payslipId === payslipId);
    if (!payee) throw notFound(MSG.paymentNotFound);
    const latest = payee.latestPayment;
    const now = this.deps.clock.now();
    if (latest?.status === 'paid') throw conflict(MSG.paymentAlreadyPaid);
    if (latest?.status === 'failed') throw conflict(MSG.paymentFailedMarkPaid);
    if (latest?.status === 'sent') {
      const attempt = attempts.get(latest.reference);
      if (attempt) await repo.markPaymentsPaid(scope.db, [attempt.id], paid, scope.ctx.userId, now);
    } else {
      // Every payslip is either in a full bank file or left out of it with a reason; a payout released
      // from hold after finalize is paid by the released-payouts file instead, so it is looked for there.
      const transfer = buildBankTransfer({ month: run.month, valueDate: paid.paidOn, scope: 'all', payees, isKnownIfsc });
      const released = payee.holdKind === 'payout' && payee.holdReleased ? buildBankTransfer({ month: run.month, valueDate: paid.paidOn, scope: 'released', payees, isKnownIfsc }) : null;
      const record = (released ?? transfer).records.find((r) => r.payslipId === payslipId);
      const leftOut = (released ?? transfer).excluded.find((e) => e.payslipId === payslipId);
      if (!record) throw conflict(MSG.paymentLeftOut(leftOut ? BANK_EXCLUSION_LABELS[leftOut.reason] : 'not in the bank file'));
      await repo.insertPaidPayments(scope.db, run.id, [newPayment(record)], paid, scope.ctx.userId, now);
    }
    // A released payout recorded paid: its payslip's PDF says so after the commit.
    if (payee.holdKind === 'payout' && payee.holdReleased) scope.enqueue('payroll.payslips.rerender', { runId: run.id, payslipId, paid: true });
    await recordAudit(scope, { entity: 'PayrollRun', entityId: run.id, action: 'MarkPaid', after: { month: run.month, payslipId, ...paid } });
    const row = (await this.payments(scope, run.id)).rows.find((r) => r.payslipId === payslipId);
    if (!row) throw notFound(MSG.paymentNotFound);
    return row;
  }

  /** The run's payslips whose payout hold was released after finalize. */
  private async releasedPayees(scope: Scope, runId: string): Promise<Set<string>> {
    const rows = await repo.findPayees(scope.db, runId);
    return new Set(rows.filter((r) => r.holdKind === 'payout' && r.releasedAt !== null).map((r) => r.payslipId));
  }

  /**
   * The run's Mark as Paid (PayrollRunService.markPaid, same transaction; the run service checked the
   * date): every payment not recorded yet is recorded paid — those awaiting the bank, and those a full
   * bank file would carry that were never sent. Left out (payout on hold, bank details, nil pay) and
   * failed payments stay as they are.
   */
  async recordRunPaid(scope: Scope, runId: string, paid: { paidOn: string; reference: string }): Promise<{ recorded: number }> {
    const run = await this.issuedRun(scope, runId);
    const { payees, attempts } = await this.payeesOf(scope, run.id);
    const awaiting = payees.flatMap((p) => (p.latestPayment?.status === 'sent' ? [attempts.get(p.latestPayment.reference)?.id ?? ''] : [])).filter(Boolean);
    const fresh = buildBankTransfer({ month: run.month, valueDate: paid.paidOn, scope: 'all', payees, isKnownIfsc }).records.filter((r) => r.newAttempt);
    const now = this.deps.clock.now();
    const changed = await repo.markPaymentsPaid(scope.db, awaiting, paid, scope.ctx.userId, now);
    await repo.insertPaidPayments(scope.db, run.id, fresh.map(newPayment), paid, scope.ctx.userId, now);
    return { recorded: changed + fresh.length };
  }

  /** How many of the run's payments failed at the bank and were not paid since (their latest attempt failed). */
  async failedCount(scope: Scope, runId: string): Promise<number> {
    const { payees } = await this.payeesOf(scope, runId);
    return payees.filter((p) => p.latestPayment?.status === 'failed').length;
  }

  /** Money is paid once the month is finalized (its bank file exists from then), and not in the future. */
  private assertPaidOn(scope: Scope, run: repo.RunRow, paidOn: string): void {
    const today = dateInZone(this.deps.clock.now(), scope.ctx.timeZone);
    const finalizedOn = run.finalizedAt ? dateInZone(run.finalizedAt, scope.ctx.timeZone) : run.periodStart;
    const problem = paidOnProblem(paidOn, finalizedOn, today);
    if (problem) throw fieldError('paidOn', problem);
  }

  private async issuedRun(scope: Scope, runId: string): Promise<repo.RunRow> {
    const run = await repo.findRun(scope.db, runId);
    if (!run) throw notFound(PAYROLL_MSG.runNotFound);
    if (!ISSUED.includes(run.status)) throw conflict(MSG.runNotFinalized);
    return run;
  }

  private async payeesOf(scope: Scope, runId: string) {
    const payeeRows = await repo.findPayees(scope.db, runId);
    const recent = await this.deps.bankChanges.recentlyChanged(scope, [...new Set(payeeRows.map((r) => r.userId))]);
    const payments = await repo.findPayments(scope.db, runId);
    const latest = new Map<string, repo.PaymentRow>();
    for (const p of payments) {
      const seen = latest.get(p.payslipId);
      if (!seen || p.attempt > seen.attempt) latest.set(p.payslipId, p);
    }
    const payees: BankPayee[] = payeeRows.map((r) => {
      const l = latest.get(r.payslipId);
      return {
        payslipId: r.payslipId,
        employeeNumber: r.employeeNumber,
        employeeName: r.employeeName,
        accountHolderName: r.accountHolderName,
        accountNumber: r.accountNumber,
        ifsc: r.ifsc,
        netPaise: r.netPaise,
        holdKind: r.holdKind,
        holdReleased: r.releasedAt !== null,
        latestPayment: l ? { attempt: l.attempt, reference: l.reference, status: l.status } : null,
        accountChangedRecently: recent.has(r.userId),
      };
    });
    return { payees, rows: new Map(payeeRows.map((r) => [r.payslipId, r])), attempts: new Map(payments.map((p) => [p.reference, p])) };
  }

  private async prepare(scope: Scope, runId: string, query: BankFileQuery) {
    const run = await this.issuedRun(scope, runId);
    const today = dateInZone(this.deps.clock.now(), scope.ctx.timeZone);
    const valueDate = query.valueDate ?? (run.payDate >= today ? run.payDate : today);
    if (valueDate < today) throw fieldError('valueDate', MSG.valueDatePast);
    const settings = await this.getSettings(scope);
    const format = await this.chosenFormat(scope, settings);
    const { payees, rows } = await this.payeesOf(scope, run.id);
    const transfer = buildBankTransfer({ month: run.month, valueDate, scope: (query.scope ?? 'all') as BankFileScope, payees, isKnownIfsc });
    const emails = new Map([...rows].map(([id, r]) => [id, r.email]));
    return { run, transfer, settings, payees, format, emails };
  }

  /** The format the organisation chose, or null for the template. */
  private async chosenFormat(scope: Scope, settings: BankFileSettings): Promise<BankFileFormat | null> {
    if (settings.bankFormat === null) return null;
    if (isBankFormatPresetKey(settings.bankFormat)) return BANK_FORMAT_PRESETS[settings.bankFormat].format;
    return (await repo.findFormat(scope.db, settings.bankFormat))?.definition ?? null;
  }
}

const problemText = (p: BankFileProblem): string => (p.kind === 'tooWide' ? FORMAT_MSG.valueTooWide(p) : FORMAT_MSG.valueHasSeparator(p));

/** What stops the format writing this file, as the preview lists it (at most LISTED_ROW_ERRORS values). */
function formatProblems(format: BankFileFormat, transfer: BankTransfer, emails: ReadonlyMap<string, string | null>, debit: BankDebitAccount | null): string[] {
  if (formatNeedsDebitAccount(format) && !debit) return [FORMAT_MSG.debitAccountRequired];
  const rendered = bankFileRows(format, transfer, withEmails(transfer.records, emails), debit);
  return rendered.ok ? [] : rendered.problems.slice(0, LISTED_ROW_ERRORS).map(problemText);
}

/** The stored format of the builder's values (the RTGS threshold in paise). */
function formatOf(input: BankFileFormatValues): BankFileFormat {
  const { rtgsFrom, ...mode } = input.paymentMode;
  return {
    ...input,
    paymentMode: { ...mode, rtgsFromPaise: rtgsFrom === null ? null : rupeesToPaise(rtgsFrom) },
    columns: input.columns.map((c) => ({
      field: c.field,
      header: c.header,
      ...(c.field === 'constant' ? { constant: c.constant ?? '' } : {}),
      ...(c.width === undefined ? {} : { width: c.width }),
      ...(input.layout === 'fixedWidth' ? { align: c.align ?? 'left', pad: c.pad ?? 'space' } : {}),
    })),
  };
}

function formatDto(row: repo.FormatRow): BankFileFormatDto {
  const { rtgsFromPaise, ...mode } = row.definition.paymentMode;
  return { ...row.definition, id: row.id, name: row.name, paymentMode: { ...mode, rtgsFrom: paiseToRupees(rtgsFromPaise) }, updatedAt: row.updatedAt.toISOString() };
}

/** The attempt a bank file would start for a record: what the bank is (or would have been) told. */
function newPayment(r: BankTransferRecord): repo.NewPayment {
  return { payslipId: r.payslipId, attempt: r.attempt, reference: r.reference, amountPaise: r.amountPaise, accountMasked: masked(r.accountNumber), ifsc: r.ifsc };
}

const byNumber = (a: BankPayee, b: BankPayee) => (a.employeeNumber ?? '').localeCompare(b.employeeNumber ?? '') || a.payslipId.localeCompare(b.payslipId);

function exclusionOf(e: BankTransfer['excluded'][number]): BankFileExclusion {
  return { payslipId: e.payslipId, employeeNumber: e.employeeNumber, name: e.employeeName, netPay: paiseToRupees(e.netPaise), reason: e.reason, reasonText: BANK_EXCLUSION_LABELS[e.reason], reference: e.reference };
}

/** How the file's total is reached from the month's net pay (every figure explains itself). */
function explain(run: repo.RunRow, transfer: BankTransfer, payslipCount: number): string[] {
  const lines: string[] = [];
  if (transfer.scope === 'all') {
    lines.push(`Net pay of ${monthLabel(run.month)}: ${formatInr(run.netPaise, { decimals: 'auto' })} for ${plural(payslipCount, 'payslip')}`);
    const byReason = new Map<BankExclusionReason, { count: number; paise: number }>();
    for (const e of transfer.excluded) {
      const seen = byReason.get(e.reason) ?? { count: 0, paise: 0 };
      byReason.set(e.reason, { count: seen.count + 1, paise: seen.paise + e.netPaise });
    }
    for (const [reason, { count, paise }] of byReason) lines.push(`Less ${BANK_EXCLUSION_LABELS[reason].toLowerCase()}: ${formatInr(paise, { decimals: 'auto' })} (${plural(count, 'employee')})`);
  } else if (transfer.scope === 'released') {
    lines.push(`Payouts of ${monthLabel(run.month)} released from hold after finalize`);
    for (const e of transfer.excluded) lines.push(`Left out ${e.employeeName}: ${BANK_EXCLUSION_LABELS[e.reason].toLowerCase()} (${formatInr(e.netPaise, { decimals: 'auto' })})`);
  } else {
    lines.push(`Failed payments of ${monthLabel(run.month)} sent again under new references`);
    for (const e of transfer.excluded) lines.push(`Left out ${e.employeeName}: ${BANK_EXCLUSION_LABELS[e.reason].toLowerCase()} (${formatInr(e.netPaise, { decimals: 'auto' })})`);
  }
  lines.push(`File total: ${formatInr(transfer.totalPaise, { decimals: 'auto' })} for ${plural(transfer.records.length, 'payment')}`);
  return lines;
}

/** The uploaded file's name as the log keeps it: no path, no control characters, at most 120 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const plain = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 120);
  return plain || 'bank-return';
}
