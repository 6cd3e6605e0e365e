import ExcelJS from 'exceljs';
import { ESIC_TEMPLATE_HEADERS, FORM24Q_ANNEXURE_I_HEADERS, FORM24Q_ANNEXURE_II_HEADERS, type Form24Q, type EsicRow, type LwfStateStatement, type PayrollJournal, type PtStateStatement, paiseToRupees } from '@tankha/domain';
import { monthLabel } from '@tankha/contracts';

/**
 * The workbooks of the statutory files and the journal. Money arrives in paise and
 * is written in rupees; totals are summed in paise by the domain, never by formulas (a formula's
 * cached 0 reads as a blank in programs that do not recalculate).
 */

/** ₹ with Indian digit grouping (12,34,567.00), as the payroll register writes it. */
const RUPEES_FORMAT = '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"#,##0.00';
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEEF2FF' } };

function styleHeader(row: ExcelJS.Row, moneyFrom = Number.POSITIVE_INFINITY): void {
  row.font = { bold: true };
  row.alignment = { vertical: 'middle', wrapText: true };
  row.eachCell((cell, col) => {
    cell.fill = HEADER_FILL;
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF9CA3AF' } } };
    if (col >= moneyFrom) cell.alignment = { vertical: 'middle', horizontal: 'right', wrapText: true };
  });
}

function boldTotals(row: ExcelJS.Row): void {
  row.font = { bold: true };
  row.eachCell({ includeEmpty: true }, (cell) => {
    cell.border = { top: { style: 'thin', color: { argb: 'FF1F2937' } } };
  });
}

async function bytesOf(book: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await book.xlsx.writeBuffer());
}

function newBook(): ExcelJS.Workbook {
  const book = new ExcelJS.Workbook();
  book.creator = 'Tankha';
  return book;
}

/**
 * ESIC's monthly contribution upload: one sheet, the template's six headers in row 1, one row per
 * IP from row 2, nothing else (the portal reads the sheet as it is). The IP number is text so a
 * leading digit pattern is never turned into a number in scientific notation.
 */
export async function buildEsicXlsx(rows: readonly EsicRow[]): Promise<Buffer> {
  const book = newBook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.columns = [
    { header: ESIC_TEMPLATE_HEADERS[0], width: 16 },
    { header: ESIC_TEMPLATE_HEADERS[1], width: 32 },
    { header: ESIC_TEMPLATE_HEADERS[2], width: 18 },
    { header: ESIC_TEMPLATE_HEADERS[3], width: 16 },
    { header: ESIC_TEMPLATE_HEADERS[4], width: 22 },
    { header: ESIC_TEMPLATE_HEADERS[5], width: 20 },
  ];
  sheet.getColumn(1).numFmt = '@';
  sheet.getColumn(6).numFmt = '@';
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).alignment = { wrapText: true, vertical: 'top' };
  for (const r of rows) sheet.addRow([r.ipNumber, r.ipName, r.days, paiseToRupees(r.wagesPaise), r.reasonCode, r.lastWorkingDay]);
  return bytesOf(book);
}

interface StatementHeading {
  organisationName: string;
  month: string;
}

function titled(sheet: ExcelJS.Worksheet, title: string, subtitle: string): void {
  sheet.getCell(1, 1).value = title;
  sheet.getCell(1, 1).font = { bold: true, size: 14 };
  sheet.getCell(2, 1).value = subtitle;
  sheet.getCell(2, 1).font = { color: { argb: 'FF6B7280' } };
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);
/** A state's sheet, named by its registration too when it has one; a workbook's sheet names must differ. */
function statementSheet(book: ReturnType<typeof newBook>, state: { stateName: string; registrationNumber: string | null }) {
  const base = sheetName(state.registrationNumber ? `${state.stateName} ${state.registrationNumber}` : state.stateName);
  let name = base;
  for (let n = 2; book.getWorksheet(name) !== undefined; n += 1) name = `${base.slice(0, 27)} (${String(n)})`;
  return book.addWorksheet(name);
}
const registrationText = (reg: string | null) => (reg ? ` (registration ${reg})` : '');

export const PT_EMPLOYEE_HEADERS = ['Employee Number', 'Employee Name', 'Gender', 'Gross Salary', 'Slab', 'Slab Amount', 'PT Deducted', 'Note'] as const;
export const PT_SLAB_HEADERS = ['Slab', 'Employees', 'PT per Employee', 'PT Total'] as const;

/**
 * The Professional Tax statement: a sheet per state with the employees (gross, the slab from the
 * state's table, what was deducted), then the totals by slab — what the state's monthly return asks.
 */
export async function buildPtXlsx(heading: StatementHeading, states: readonly PtStateStatement[]): Promise<Buffer> {
  const book = newBook();
  for (const state of states) {
    const sheet = statementSheet(book, state);
    titled(sheet, `${heading.organisationName} — Professional Tax, ${state.stateName}${registrationText(state.registrationNumber)}, ${monthLabel(heading.month)}`, `${state.dueText}${state.dueThisMonth ? '' : ' · not due this month'} · ${String(state.totals.employees)} employees`);
    [16, 28, 10, 16, 34, 14, 14, 40].forEach((w, i) => (sheet.getColumn(i + 1).width = w));
    const header = sheet.getRow(4);
    header.values = [...PT_EMPLOYEE_HEADERS];
    styleHeader(header, 4);
    let row = 5;
    for (const r of state.rows) {
      sheet.getRow(row).values = [r.employeeNumber ?? '', r.name, r.gender, paiseToRupees(r.grossPaise), r.slabLabel, paiseToRupees(r.slabAmountPaise), paiseToRupees(r.ptPaise), r.note ?? ''];
      row += 1;
    }
    const totals = sheet.getRow(row);
    totals.values = ['', 'Total', '', paiseToRupees(state.totals.grossPaise), '', '', paiseToRupees(state.totals.ptPaise), ''];
    boldTotals(totals);
    for (const col of [4, 6, 7]) for (let r = 5; r <= row; r += 1) sheet.getCell(r, col).numFmt = RUPEES_FORMAT;

    row += 2;
    sheet.getCell(row, 1).value = 'By slab';
    sheet.getCell(row, 1).font = { bold: true, color: { argb: 'FF3B5BDB' } };
    row += 1;
    const slabHeader = sheet.getRow(row);
    slabHeader.values = ['', ...PT_SLAB_HEADERS];
    styleHeader(slabHeader, 3);
    const firstSlab = row + 1;
    for (const s of state.slabs) {
      row += 1;
      sheet.getRow(row).values = ['', s.table ? `${s.table}: ${s.label}` : s.label, s.employees, paiseToRupees(s.amountPaise), paiseToRupees(s.ptPaise)];
    }
    row += 1;
    const slabTotals = sheet.getRow(row);
    slabTotals.values = ['', 'Total', state.totals.employees, '', paiseToRupees(state.totals.ptPaise)];
    boldTotals(slabTotals);
    for (const col of [4, 5]) for (let r = firstSlab; r <= row; r += 1) sheet.getCell(r, col).numFmt = RUPEES_FORMAT;
  }
  return bytesOf(book);
}

export const LWF_HEADERS = ['Employee Number', 'Employee Name', 'Gross Salary', 'Employee Share', 'Employer Share', 'Total', 'Note'] as const;

/** The Labour Welfare Fund statement: a sheet per state where it falls due this month. */
export async function buildLwfXlsx(heading: StatementHeading, states: readonly LwfStateStatement[]): Promise<Buffer> {
  const book = newBook();
  for (const state of states) {
    const sheet = statementSheet(book, state);
    titled(sheet, `${heading.organisationName} — Labour Welfare Fund, ${state.stateName}${registrationText(state.registrationNumber)}, ${monthLabel(heading.month)}`, `${state.cycle}: ${state.dueNote} · ${String(state.totals.employees)} employees`);
    [16, 28, 16, 16, 16, 16, 40].forEach((w, i) => (sheet.getColumn(i + 1).width = w));
    const header = sheet.getRow(4);
    header.values = [...LWF_HEADERS];
    styleHeader(header, 3);
    let row = 5;
    for (const r of state.rows) {
      sheet.getRow(row).values = [r.employeeNumber ?? '', r.name, paiseToRupees(r.grossPaise), paiseToRupees(r.employeePaise), paiseToRupees(r.employerPaise), paiseToRupees(r.employeePaise + r.employerPaise), r.note ?? ''];
      row += 1;
    }
    const t = state.totals;
    const totals = sheet.getRow(row);
    totals.values = ['', 'Total', paiseToRupees(t.grossPaise), paiseToRupees(t.employeePaise), paiseToRupees(t.employerPaise), paiseToRupees(t.employeePaise + t.employerPaise), ''];
    boldTotals(totals);
    for (const col of [3, 4, 5, 6]) for (let r = 5; r <= row; r += 1) sheet.getCell(r, col).numFmt = RUPEES_FORMAT;
  }
  return bytesOf(book);
}

export const JOURNAL_HEADERS = ['Date', 'Reference', 'Account Code', 'Account Name', 'Debit', 'Credit', 'Narration'] as const;

export interface JournalHeading {
  /** dd/MM/yyyy */
  date: string;
  reference: string;
}

/**
 * The journal for an accounting import (Tally, Zoho Books): the header in row 1 and one row per
 * ledger line, nothing else on the sheet; a second sheet shows each component and its account, with
 * the totals.
 */
export async function buildJournalXlsx(heading: JournalHeading, journal: PayrollJournal): Promise<Buffer> {
  const book = newBook();
  const sheet = book.addWorksheet('Journal', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: JOURNAL_HEADERS[0], width: 12 },
    { header: JOURNAL_HEADERS[1], width: 18 },
    { header: JOURNAL_HEADERS[2], width: 14 },
    { header: JOURNAL_HEADERS[3], width: 32 },
    { header: JOURNAL_HEADERS[4], width: 16 },
    { header: JOURNAL_HEADERS[5], width: 16 },
    { header: JOURNAL_HEADERS[6], width: 60 },
  ];
  styleHeader(sheet.getRow(1), 5);
  sheet.getColumn(1).numFmt = '@';
  sheet.getColumn(3).numFmt = '@';
  for (const l of journal.lines) {
    sheet.addRow([heading.date, heading.reference, l.accountCode, l.accountName, l.debitPaise === 0 ? null : paiseToRupees(l.debitPaise), l.creditPaise === 0 ? null : paiseToRupees(l.creditPaise), l.narration]);
  }
  sheet.getColumn(5).numFmt = RUPEES_FORMAT;
  sheet.getColumn(6).numFmt = RUPEES_FORMAT;

  const detail = book.addWorksheet('Components');
  detail.columns = [
    { header: 'Component', width: 32 },
    { header: 'Code', width: 22 },
    { header: 'Side', width: 8 },
    { header: 'Amount', width: 16 },
    { header: 'Account Code', width: 14 },
    { header: 'Account Name', width: 32 },
  ];
  styleHeader(detail.getRow(1), 4);
  for (const c of journal.components) detail.addRow([c.label, c.code, c.side === 'debit' ? 'Dr' : 'Cr', paiseToRupees(c.amountPaise), c.account?.accountCode ?? '', c.account?.accountName ?? 'Not mapped']);
  const totals = detail.addRow(['Total debits', '', '', paiseToRupees(journal.totalDebitPaise)]);
  const credits = detail.addRow(['Total credits', '', '', paiseToRupees(journal.totalCreditPaise)]);
  boldTotals(totals);
  credits.font = { bold: true };
  detail.getColumn(4).numFmt = RUPEES_FORMAT;
  return bytesOf(book);
}

/**
 * RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. Text that a
 * spreadsheet would run as a formula (=, +, @ first) gets a leading apostrophe (names are typed by people).
 */
function csvField(value: string): string {
  const safe = /^[=+@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Amounts in CSV: rupees with two decimals, exact from paise (no float formatting). */
function csvAmount(paise: number): string {
  if (paise === 0) return '';
  return `${String(Math.trunc(paise / 100))}.${String(paise % 100).padStart(2, '0')}`;
}

/** The same journal as CSV (CRLF, a header line), for imports that take CSV. */
export function buildJournalCsv(heading: JournalHeading, journal: PayrollJournal): string {
  const lines = [JOURNAL_HEADERS.join(',')];
  for (const l of journal.lines) {
    lines.push([heading.date, heading.reference, l.accountCode, l.accountName, csvAmount(l.debitPaise), csvAmount(l.creditPaise), l.narration].map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Form 24Q: "Annexure I" (one row per employee per month of the quarter, month
 * totals after each month), "Annexure II" in Q4 (the year per employee) and "Validation" (every
 * problem listed, or that there is none). PANs are text; money in rupees.
 */
export async function buildForm24QXlsx(heading: { organisationName: string; tan: string | null; financialYear: string; quarter: number; missingMonths: readonly string[] }, form: Form24Q): Promise<Buffer> {
  const book = newBook();
  const subtitle = `TAN ${heading.tan ?? '(not set)'} · Financial year ${heading.financialYear} · Q${String(heading.quarter)} (${form.months.map(monthLabel).join(', ')})`;

  const one = book.addWorksheet('Annexure I');
  titled(one, `${heading.organisationName} — Form 24Q Annexure I (salary paid and TDS deducted)`, subtitle);
  [8, 12, 16, 14, 30, 10, 14, 14, 18, 16, 16].forEach((w, i) => (one.getColumn(i + 1).width = w));
  one.getColumn(4).numFmt = '@';
  const header = one.getRow(4);
  header.values = [...FORM24Q_ANNEXURE_I_HEADERS];
  styleHeader(header, 9);
  let row = 5;
  let sl = 0;
  for (const month of form.monthTotals) {
    for (const r of form.annexureI.filter((x) => x.month === month.month)) {
      sl += 1;
      one.getRow(row).values = [sl, monthLabel(r.month), r.employeeNumber ?? '', r.pan, r.name, '192', r.dateOfPayment, r.dateOfDeduction, paiseToRupees(r.amountPaidPaise), paiseToRupees(r.tdsDeductedPaise), paiseToRupees(r.tdsDepositedPaise)];
      row += 1;
    }
    const t = one.getRow(row);
    t.values = ['', `Total ${monthLabel(month.month)}`, '', '', `${String(month.deductees)} employees`, '', '', '', paiseToRupees(month.amountPaidPaise), paiseToRupees(month.tdsDeductedPaise), paiseToRupees(month.tdsDepositedPaise)];
    boldTotals(t);
    row += 1;
  }
  const total = one.getRow(row);
  total.values = ['', 'Total for the quarter', '', '', `${String(form.totals.deductees)} employees`, '', '', '', paiseToRupees(form.totals.amountPaidPaise), paiseToRupees(form.totals.tdsDeductedPaise), paiseToRupees(form.totals.tdsDepositedPaise)];
  boldTotals(total);
  for (const col of [9, 10, 11]) for (let r = 5; r <= row; r += 1) one.getCell(r, col).numFmt = RUPEES_FORMAT;

  if (form.annexureII) {
    const two = book.addWorksheet('Annexure II');
    titled(two, `${heading.organisationName} — Form 24Q Annexure II (salary for the financial year ${heading.financialYear})`, subtitle);
    two.getColumn(3).numFmt = '@';
    FORM24Q_ANNEXURE_II_HEADERS.forEach((_, i) => (two.getColumn(i + 1).width = i === 3 ? 30 : i < 3 ? 14 : 16));
    const h = two.getRow(4);
    h.values = [...FORM24Q_ANNEXURE_II_HEADERS];
    styleHeader(h, 6);
    let r2 = 5;
    form.annexureII.forEach((r, i) => {
      two.getRow(r2).values = [
        i + 1,
        r.employeeNumber ?? '',
        r.pan,
        r.name,
        r.newRegime,
        ...[r.grossSalaryPaise, r.exemptionsPaise, r.standardDeductionPaise, r.professionalTaxPaise, r.incomeFromSalaryPaise, r.chapterVIAPaise, r.taxableIncomePaise, r.taxPaise, r.rebatePaise, r.surchargePaise, r.cessPaise, r.totalTaxPaise, r.tdsPaise, r.balancePaise].map(paiseToRupees),
      ];
      r2 += 1;
    });
    if (form.annexureII.length === 0) two.getCell(r2, 1).value = 'No employee was paid in this financial year';
    for (let c = 6; c <= FORM24Q_ANNEXURE_II_HEADERS.length; c += 1) for (let r = 5; r < r2; r += 1) two.getCell(r, c).numFmt = RUPEES_FORMAT;
  }

  const check = book.addWorksheet('Validation');
  check.getColumn(1).width = 16;
  check.getColumn(2).width = 30;
  check.getColumn(3).width = 16;
  check.getColumn(4).width = 90;
  const vh = check.getRow(1);
  vh.values = ['Employee reference no.', 'Name', 'Field', 'Problem'];
  styleHeader(vh);
  let r3 = 2;
  const problems: [string, string, string, string][] = [
    ...form.organisationErrors.map((m): [string, string, string, string] => ['', heading.organisationName, 'tan', m]),
    ...heading.missingMonths.map((m): [string, string, string, string] => ['', '', 'month', `${monthLabel(m)} is not finalized: its payslips are not in this export`]),
    ...form.errors.map((e): [string, string, string, string] => [e.employeeNumber ?? '', e.name, e.field, e.message]),
  ];
  for (const p of problems) {
    check.getRow(r3).values = p;
    r3 += 1;
  }
  if (problems.length === 0) check.getCell(2, 1).value = 'No problems found';
  return bytesOf(book);
}
