import { paiseToRupees } from '@tankha/domain';
import { ErrorCode, FILINGS_MSG as MSG } from '@tankha/contracts';
import { ddmmyyyy, formatInr } from '@tankha/domain';
import { AppError, conflict } from '../../../platform/errors';
import { buildJournalCsv, buildJournalXlsx } from '../filings-xlsx';
import { CONTENT_TYPES, fileMonth, type BuiltFiling, type FilingFile, type FilingFormat, type MonthFilings } from './filing-format';

export const journalFileName = (month: string, format: 'xlsx' | 'csv'): string => `Payroll-Journal-${fileMonth(month)}.${format}`;
export const journalReference = (month: string): string => `PAYROLL-${month}`;

/** The journal as XLSX or CSV: refused while a component has no ledger account. */
async function buildJournal(m: MonthFilings, format: 'xlsx' | 'csv'): Promise<BuiltFiling> {
  const journal = await m.journal();
  if (journal.unmapped.length > 0) {
    const byLabel: Record<string, string> = {};
    for (const c of journal.unmapped) {
      const why = `${c.side === 'debit' ? 'Debit' : 'Credit'} ${formatInr(c.amountPaise)}: no ledger account`;
      byLabel[c.label] = byLabel[c.label] ? `${byLabel[c.label]}; ${why}` : why;
    }
    throw new AppError(409, ErrorCode.Conflict, MSG.journalUnmapped(journal.unmapped.length), byLabel);
  }
  // Cannot happen while net pay = earnings − deductions on every payslip; checked, never assumed.
  if (journal.totalDebitPaise !== journal.totalCreditPaise) throw conflict(MSG.journalUnbalanced);
  const heading = { date: ddmmyyyy(m.periodEnd), reference: journalReference(m.month) };
  const bytes = format === 'xlsx' ? await buildJournalXlsx(heading, journal) : Buffer.from(buildJournalCsv(heading, journal), 'utf8');
  return {
    bytes,
    summary: {
      lines: journal.lines.length,
      debit: paiseToRupees(journal.totalDebitPaise),
      credit: paiseToRupees(journal.totalCreditPaise),
      netPay: paiseToRupees(journal.components.find((c) => c.code === 'NET_PAY')?.amountPaise ?? 0),
      format,
    },
  };
}

const journalFile = (format: 'xlsx' | 'csv', contentType: string): FilingFile => ({
  format: format.toUpperCase(),
  path: `journal.${format}`,
  contentType,
  fileName: (month) => journalFileName(month, format),
  build: (m) => buildJournal(m, format),
});

/** The month's payroll journal on the organisation's ledger accounts (Payroll Settings → Ledger accounts). */
export const journalFormat: FilingFormat = {
  id: 'journal',
  reportKind: 'journal',
  label: 'Payroll journal',
  description: 'Payroll journal on your ledger accounts, Excel or CSV',
  units: { one: 'ledger line', many: 'ledger lines' },
  check: false,
  status: async (m) => {
    const journal = await m.journal();
    const mapped = journal.unmapped.length === 0;
    return {
      available: mapped,
      reason: mapped ? null : MSG.journalUnmapped(journal.unmapped.length),
      rows: journal.lines.length,
      errors: journal.unmapped.length,
      warnings: 0,
    };
  },
  files: [journalFile('xlsx', CONTENT_TYPES.xlsx), journalFile('csv', CONTENT_TYPES.csv)],
};
