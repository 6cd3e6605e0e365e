import ExcelJS from 'exceljs';
import { PAYROLL_HOLD_LABELS, PAYROLL_RUN_STATUS_LABELS, type PayrollRunStatus } from '@tankha/contracts';
import { LOAN_RECOVERY_CODE, componentLabelOf, formatDisplayDate, sumPaise, paiseToRupees } from '@tankha/domain';
import { ADVANCE_RECOVERY_LABEL } from './payroll.compute';
import { monthLabel } from './payroll-format';
import type { PayslipDocumentLine } from './payslip-pdf';

/**
 * The payroll register: one row per payslip of a run, one column per component
 * — per kind of deduction: loan EMIs and salary advance recoveries share the payslip code
 * LOAN_RECOVERY and get a column each — and a totals row. Money arrives in paise and is written in
 * rupees; totals are summed in paise, so the totals row is exact whatever the number of rows.
 * Employees the run left out (a processing hold, no salary structure) have no payslip: they follow
 * the payslips with no amounts, and the Status column says why (as it says a payout is on hold or
 * was released, and where excluded pay was brought).
 */

/** The header of the loan instalments' column (an advance's instalments have ADVANCE_RECOVERY_LABEL's). */
export const LOAN_EMI_LABEL = 'Loan EMI';
const ONE_TIME_RECOVERY_CODE = 'ADJ_LOAN_RECOVERY';
export const ONE_TIME_RECOVERY_LABEL = 'Loan or advance recovery (one-time)';

export interface PayrollRegisterRun {
  organisationName: string;
  /** 'YYYY-MM'. */
  month: string;
  periodStart: string;
  periodEnd: string;
  status: PayrollRunStatus;
}

export interface PayrollRegisterRow {
  employeeNumber: string | null;
  name: string;
  department: string | null;
  daysInPeriod: number;
  payableDays: number;
  lopDays: number;
  /** The payslip's lines; a code that appears twice in one payslip is added up in its column. */
  lines: readonly PayslipDocumentLine[];
  grossPaise: number;
  deductionsPaise: number;
  netPaise: number;
  employerCostPaise: number;
  holdKind: 'payout' | null;
  /** Payout hold only: the hold's reason, and when it was released after finalize ('YYYY-MM-DD'). */
  holdReason?: string | null;
  releasedOn?: string | null;
}

/**
 * An employee of the month the run left out — a processing hold, no salary structure, or not
 * processed for another reason — in the register with why, not in its totals.
 */
export interface PayrollRegisterExcluded {
  employeeNumber: string | null;
  name: string;
  department: string | null;
  /** processing: a processing hold (reason typed with it); noStructure: no CTC; notProcessed: eligible, no payslip, no hold. */
  kind?: 'processing' | 'noStructure' | 'notProcessed';
  reason: string | null;
  /** A processing hold's pay brought into a later month ('YYYY-MM'). */
  broughtIntoMonth?: string | null;
}

/** The Status column of an employee the run left out. */
export function leftOutStatusOf(e: PayrollRegisterExcluded): string {
  if (e.kind === 'noStructure') return 'Not processed: no salary structure (annual CTC not set)';
  if (e.kind === 'notProcessed') return 'Not processed: no payslip in this run';
  const brought = e.broughtIntoMonth ? `; pay brought into ${monthLabel(e.broughtIntoMonth)}` : '';
  return `${PAYROLL_HOLD_LABELS.processing}${e.reason ? `: ${e.reason}` : ''}${brought}`;
}

const SECTIONS = ['earning', 'deduction', 'employer'] as const;
type Section = (typeof SECTIONS)[number];
const SECTION_TITLES: Record<Section, string> = { earning: 'Earnings', deduction: 'Deductions', employer: 'Employer contributions' };

interface ComponentColumn {
  section: Section;
  code: string;
  label: string;
  /** The earliest place the component takes on any payslip: payslips print in structure order. */
  rank: number;
}

/**
 * Component columns in a stable order: earnings, then deductions, then employer contributions;
 * within a section by where the component first appears on a payslip, then by code. The order does
 * not depend on the order of the rows.
 */
/**
 * The column a line is added up in: its section and code, except a loan instalment, whose kind (EMI
 * of a loan, or recovery of a salary advance) is its own column with a fixed header.
 */
function columnOf(line: PayslipDocumentLine): { key: string; code: string; label: string | null } {
  if (line.section === 'deduction' && line.code === LOAN_RECOVERY_CODE) {
    const advance = line.label === ADVANCE_RECOVERY_LABEL;
    const code = advance ? `${LOAN_RECOVERY_CODE}:advance` : `${LOAN_RECOVERY_CODE}:loan`;
    return { key: `${line.section}\u0000${code}`, code, label: advance ? ADVANCE_RECOVERY_LABEL : LOAN_EMI_LABEL };
  }
  // A one-time recovery's label is typed per employee ("Salary advance recovery", "Advance recovery"):
  // one column under a fixed header, never a second column headed like the advances' own.
  if (line.section === 'deduction' && line.code === ONE_TIME_RECOVERY_CODE) return { key: `${line.section}\u0000${line.code}`, code: line.code, label: ONE_TIME_RECOVERY_LABEL };
  // A loss-of-pay correction's label names its dates per employee: one column under a fixed header,
  // each cell noting the employee's own line (componentLabelOf).
  const fixed = componentLabelOf(line);
  return { key: `${line.section}\u0000${line.code}`, code: line.code, label: fixed === line.label ? null : fixed };
}

function componentColumns(rows: readonly PayrollRegisterRow[]): ComponentColumn[] {
  const byKey = new Map<string, ComponentColumn>();
  for (const row of rows) {
    row.lines.forEach((line, rank) => {
      const { key, code, label } = columnOf(line);
      const seen = byKey.get(key);
      if (!seen) byKey.set(key, { section: line.section, code, label: label ?? line.label, rank });
      else if (rank < seen.rank) Object.assign(seen, { label: label ?? line.label, rank });
    });
  }
  return [...byKey.values()].sort(
    (a, b) => SECTIONS.indexOf(a.section) - SECTIONS.indexOf(b.section) || a.rank - b.rank || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}

/** ₹ with Indian digit grouping (12,34,567.00): Excel formats allow two conditions and a default. */
const RUPEES_FORMAT = '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"#,##0.00';

const TITLE_ROW = 1;
const SUBTITLE_ROW = 2;
const GROUP_ROW = 4;
const HEADER_ROW = 5;
const FIRST_DATA_ROW = 6;


/** The register as an .xlsx workbook with one sheet. */
/** The Status column: how the month treated the employee, with the reason. */
function statusOf(row: PayrollRegisterRow): string {
  if (row.holdKind !== 'payout') return 'Paid in this run';
  const reason = row.holdReason ? `: ${row.holdReason}` : '';
  if (row.releasedOn) return `Payout released on ${formatDisplayDate(row.releasedOn)} (held${reason})`;
  return `${PAYROLL_HOLD_LABELS.payout}${reason}`;
}

export async function buildPayrollRegisterXlsx(run: PayrollRegisterRun, rows: readonly PayrollRegisterRow[], excluded: readonly PayrollRegisterExcluded[] = []): Promise<Buffer> {
  const components = componentColumns(rows);
  const book = new ExcelJS.Workbook();
  book.creator = 'Tankha';
  const sheet = book.addWorksheet('Payroll register', {
    views: [{ state: 'frozen', xSplit: 2, ySplit: HEADER_ROW }],
    // Printed: A4 landscape, all columns on one page wide, the column headers on every page.
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: `${String(GROUP_ROW)}:${String(HEADER_ROW)}` },
  });

  const fixed = [
    { header: 'Employee Number', width: 16 },
    { header: 'Employee Name', width: 28 },
    { header: 'Department', width: 20 },
    { header: 'Days in Period', width: 10 },
    { header: 'Payable Days', width: 10 },
    { header: 'LOP Days', width: 10 },
  ];
  const totalsHeaders = ['Gross Earnings', 'Total Deductions', 'Net Pay', 'Employer Cost'];
  const headers = [...fixed.map((c) => c.header), ...components.map((c) => c.label), ...totalsHeaders, 'Status / Reason'];
  const firstComponentCol = fixed.length + 1;
  const firstTotalsCol = firstComponentCol + components.length;
  const holdCol = firstTotalsCol + totalsHeaders.length;

  // Days keep the General format: 30, 28.5.
  fixed.forEach((c, i) => (sheet.getColumn(i + 1).width = c.width));
  components.forEach((c, i) => {
    const column = sheet.getColumn(firstComponentCol + i);
    column.width = Math.min(24, Math.max(14, c.label.length + 2));
    column.numFmt = RUPEES_FORMAT;
  });
  totalsHeaders.forEach((_, i) => {
    const column = sheet.getColumn(firstTotalsCol + i);
    column.width = 17;
    column.numFmt = RUPEES_FORMAT;
  });
  sheet.getColumn(holdCol).width = 44;
  sheet.getColumn(holdCol).alignment = { indent: 1 };

  const title = sheet.getCell(TITLE_ROW, 1);
  title.value = `${run.organisationName} — Payroll register, ${monthLabel(run.month)}`;
  title.font = { bold: true, size: 14 };
  sheet.getCell(SUBTITLE_ROW, 1).value =
    `Pay period ${formatDisplayDate(run.periodStart)} – ${formatDisplayDate(run.periodEnd)} · ${PAYROLL_RUN_STATUS_LABELS[run.status]} · ` +
    `${String(rows.length)} ${rows.length === 1 ? 'employee' : 'employees'}` +
    (excluded.length > 0 ? `, ${String(excluded.length)} not paid in this run (see Status / Reason)` : '');
  sheet.getCell(SUBTITLE_ROW, 1).font = { color: { argb: 'FF6B7280' } };

  // A group header over each section's component columns, and over the totals.
  const group = (from: number, to: number, text: string) => {
    if (to < from) return;
    if (to > from) sheet.mergeCells(GROUP_ROW, from, GROUP_ROW, to);
    const cell = sheet.getCell(GROUP_ROW, from);
    cell.value = text;
    cell.font = { bold: true, color: { argb: 'FF3B5BDB' } };
    cell.alignment = { horizontal: 'center' };
  };
  for (const section of SECTIONS) {
    const cols = components.flatMap((c, i) => (c.section === section ? [firstComponentCol + i] : []));
    const first = cols[0];
    const last = cols[cols.length - 1];
    if (first === undefined || last === undefined) continue;
    // A section of one narrow column still shows its whole title.
    const spanned = cols.reduce((w, col) => w + (sheet.getColumn(col).width ?? 0), 0);
    const needed = SECTION_TITLES[section].length + 4;
    if (spanned < needed) sheet.getColumn(last).width = (sheet.getColumn(last).width ?? 0) + needed - spanned;
    group(first, last, SECTION_TITLES[section]);
  }
  group(firstTotalsCol, firstTotalsCol + totalsHeaders.length - 1, 'Totals');

  const header = sheet.getRow(HEADER_ROW);
  header.values = headers;
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.height = 30;
  header.eachCell((cell, col) => {
    // Amount and day columns are numbers: their headers sit over the figures, on the right.
    if (col > 3 && col < holdCol) cell.alignment = { vertical: 'middle', horizontal: 'right', wrapText: true };
    if (col === holdCol) cell.alignment = { vertical: 'middle', indent: 1 };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEEF2FF' } };
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF9CA3AF' } } };
  });
  sheet.autoFilter = { from: { row: HEADER_ROW, column: 1 }, to: { row: HEADER_ROW, column: headers.length } };

  const columnPaise = components.map(() => [] as number[]);
  rows.forEach((row, r) => {
    const amounts = new Map<string, number>();
    // The employee's own lines of a loss-of-pay column, with their dates: noted on the cell.
    const notes = new Map<string, string[]>();
    for (const line of row.lines) {
      const { key } = columnOf(line);
      amounts.set(key, (amounts.get(key) ?? 0) + line.amountPaise);
      if (componentLabelOf(line) !== line.label) notes.set(key, [...(notes.get(key) ?? []), line.label]);
    }
    const componentPaise = components.map((c, i) => {
      const paise = amounts.get(`${c.section}\u0000${c.code}`) ?? 0;
      columnPaise[i]?.push(paise);
      return paise;
    });
    sheet.getRow(FIRST_DATA_ROW + r).values = [
      row.employeeNumber ?? '',
      row.name,
      row.department ?? '',
      row.daysInPeriod,
      row.payableDays,
      row.lopDays,
      ...componentPaise.map(paiseToRupees),
      paiseToRupees(row.grossPaise),
      paiseToRupees(row.deductionsPaise),
      paiseToRupees(row.netPaise),
      paiseToRupees(row.employerCostPaise),
      statusOf(row),
    ];
    components.forEach((c, i) => {
      const note = notes.get(`${c.section}\u0000${c.code}`);
      if (note) sheet.getCell(FIRST_DATA_ROW + r, firstComponentCol + i).note = note.join('\n');
    });
  });
  // Excluded employees: no payslip, so no figures; the totals below are the payslips' alone.
  excluded.forEach((e, i) => {
    const sheetRow = sheet.getRow(FIRST_DATA_ROW + rows.length + i);
    sheetRow.getCell(1).value = e.employeeNumber ?? '';
    sheetRow.getCell(2).value = e.name;
    sheetRow.getCell(3).value = e.department ?? '';
    sheetRow.getCell(holdCol).value = leftOutStatusOf(e);
    sheetRow.font = { italic: true, color: { argb: 'FF6B7280' } };
  });

  // Totals are values summed in paise, not formulas: exact, and read the same by every program
  // (a formula's cached result of 0 is dropped by exceljs, leaving readers that do not recalculate a blank).
  const totalsRow = sheet.getRow(FIRST_DATA_ROW + rows.length + excluded.length);
  const sum = (col: number, paise: readonly number[]) => {
    totalsRow.getCell(col).value = paiseToRupees(sumPaise(paise));
  };
  totalsRow.getCell(2).value = 'Total';
  components.forEach((_, i) => sum(firstComponentCol + i, columnPaise[i] ?? []));
  sum(firstTotalsCol, rows.map((r) => r.grossPaise));
  sum(firstTotalsCol + 1, rows.map((r) => r.deductionsPaise));
  sum(firstTotalsCol + 2, rows.map((r) => r.netPaise));
  sum(firstTotalsCol + 3, rows.map((r) => r.employerCostPaise));
  const held = rows.filter((r) => r.holdKind && !r.releasedOn).length;
  const released = rows.filter((r) => r.holdKind && r.releasedOn).length;
  totalsRow.getCell(holdCol).value = [
    held > 0 ? `${String(held)} on hold` : '',
    released > 0 ? `${String(released)} released` : '',
    excluded.length > 0 ? `${String(excluded.length)} excluded` : '',
  ]
    .filter(Boolean)
    .join(', ');
  totalsRow.font = { bold: true };
  totalsRow.eachCell({ includeEmpty: true }, (cell) => {
    cell.border = { top: { style: 'thin', color: { argb: 'FF1F2937' } } };
  });

  return Buffer.from(await book.xlsx.writeBuffer());
}
