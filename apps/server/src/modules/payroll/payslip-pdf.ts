import type { Payslip, PayslipEmployee } from '@tankha/contracts';
import { amountInWords, financialYearOf, formatDisplayDate, formatInr, rupeesToPaise, sumPaise } from '@tankha/domain';
import { daysLabel, monthLabel } from './payroll-format';
import { preparePayslipLogo, type PayslipLogo } from './payslip-logo';
import {
  ACCENT,
  ACCENT_SOFT,
  CONTENT_WIDTH,
  DASH,
  documentHeader,
  INK,
  keyValueBox,
  Layout,
  MARGIN,
  MUTED,
  noteBox,
  openPdf,
  orDash,
  pageFooters,
  PANEL,
  RIGHT,
  RULE,
  type TextStyle,
} from '../../platform/pdf/layout';

/**
 * The payslip PDF: rendered once per payslip after finalize, by a job, with pdfkit
 * and the layout kit (platform/pdf/layout.ts: fonts, page, cursor, footer).
 */

export interface PayslipOrganisation {
  name: string;
  /** Postal address as printed under the name; may hold several lines. */
  address: string | null;
  /**
   * PNG or JPEG bytes; anything else (GIF, WebP, a broken file) is left out rather than failing the
   * payslip. Pass the same Buffer for every payslip of a run: it is prepared once per Buffer.
   */
  logo?: Buffer | null;
}

export interface PayslipDocumentLine {
  section: 'earning' | 'deduction' | 'employer';
  code: string;
  label: string;
  amountPaise: number;
}

/** Everything printed on one payslip. Money in paise. */
export interface PayslipDocument {
  organisation: PayslipOrganisation;
  /** 'YYYY-MM'. */
  month: string;
  periodStart: string;
  periodEnd: string;
  employee: PayslipEmployee;
  daysInPeriod: number;
  payableDays: number;
  lopDays: number;
  /** In print order. */
  lines: readonly PayslipDocumentLine[];
  grossPaise: number;
  deductionsPaise: number;
  netPaise: number;
  /** Gross plus the employer's contributions. */
  employerCostPaise: number;
  /** 0 old, 1 new. */
  taxRegime: 0 | 1;
  holdKind: 'payout' | null;
  /** A held payout's dates (YYYY-MM-DD) and reason, when known: the note then says held on / released on / paid on. */
  payout?: { heldOn: string | null; holdReason: string | null; releasedOn: string | null; releasedByName?: string | null; paidOn: string | null } | undefined;
  /** Financial-year totals including this month. */
  ytd: {
    grossPaise: number;
    deductionsPaise: number;
    netPaise: number;
    tdsPaise: number;
    lines: readonly { code: string; label: string; amountPaise: number }[];
  };
}

/** The document for a payslip as the API returns it (rupees on the wire, paise here). */
export function payslipDocumentFrom(payslip: Payslip, organisation: PayslipOrganisation): PayslipDocument {
  return {
    organisation,
    month: payslip.month,
    periodStart: payslip.periodStart,
    periodEnd: payslip.periodEnd,
    employee: payslip.employee,
    daysInPeriod: payslip.daysInPeriod,
    payableDays: payslip.payableDays,
    lopDays: payslip.lopDays,
    lines: payslip.lines.map((l) => ({ section: l.section, code: l.code, label: l.label, amountPaise: rupeesToPaise(l.amount) })),
    grossPaise: rupeesToPaise(payslip.grossEarnings),
    deductionsPaise: rupeesToPaise(payslip.totalDeductions),
    netPaise: rupeesToPaise(payslip.netPay),
    employerCostPaise: rupeesToPaise(payslip.employerCost),
    taxRegime: payslip.taxRegime,
    holdKind: payslip.holdKind,
    payout: payslip.payout,
    ytd: {
      grossPaise: rupeesToPaise(payslip.ytd.grossEarnings),
      deductionsPaise: rupeesToPaise(payslip.ytd.totalDeductions),
      netPaise: rupeesToPaise(payslip.ytd.netPay),
      tdsPaise: rupeesToPaise(payslip.ytd.tds),
      lines: payslip.ytd.lines.map((l) => ({ code: l.code, label: l.label, amountPaise: rupeesToPaise(l.amount) })),
    },
  };
}

const logos = new WeakMap<Buffer, PayslipLogo | null>();
function preparedLogo(bytes: Buffer): PayslipLogo | null {
  let logo = logos.get(bytes);
  if (logo === undefined) {
    logo = preparePayslipLogo(bytes);
    logos.set(bytes, logo);
  }
  return logo;
}

function header(l: Layout, data: PayslipDocument): void {
  documentHeader(l, {
    name: data.organisation.name,
    address: data.organisation.address,
    logo: data.organisation.logo ? preparedLogo(data.organisation.logo) : null,
    rightWidth: 150,
    label: 'PAYSLIP',
    title: monthLabel(data.month),
    titleSize: 14,
    subtitle: `Pay period ${formatDisplayDate(data.periodStart)} – ${formatDisplayDate(data.periodEnd)}`,
  });
}

function employeeDetails(l: Layout, data: PayslipDocument): void {
  const e = data.employee;
  const bank = e.bankAccount ? [e.bankName?.trim(), e.bankAccount].filter(Boolean).join(' · ') : null;
  const left: [string, string][] = [
    ['Employee name', orDash(e.name)],
    ['Employee number', orDash(e.employeeNumber)],
    ['Designation', orDash(e.designation)],
    ['Department', orDash(e.department)],
    ['Date of joining', e.dateOfJoining ? formatDisplayDate(e.dateOfJoining) : DASH],
  ];
  const right: [string, string][] = [
    ['PAN', orDash(e.pan)],
    ['UAN', orDash(e.uan)],
    ['ESI number', orDash(e.esiNumber)],
    ['Bank account', orDash(bank)],
    ['Tax regime', data.taxRegime === 1 ? 'New regime' : 'Old regime'],
  ];
  keyValueBox(l, left, right, { labelWidth: 86, gapAfter: 10 });
}

/** A strip of equal cells, each a small label over a bold value. */
function strip(l: Layout, cells: [string, string][], fill = PANEL): void {
  const gap = 8;
  const width = (CONTENT_WIDTH - gap * (cells.length - 1)) / cells.length;
  const height = 34;
  l.ensure(height);
  cells.forEach(([label, value], i) => {
    const x = MARGIN + i * (width + gap);
    l.box(x, l.y, width, height, fill, RULE);
    l.text(label, x + 8, l.y + 5, width - 16, { size: 7.5, color: MUTED });
    l.line(value, x + 8, l.y + 16, width - 16, { face: 'bold', size: 10 });
  });
  l.y += height + 10;
}

/** The hold note: what happened to the held net pay, with the dates known when the document is made. */
export function holdNoteText(payout: PayslipDocument['payout']): string {
  const statutory = 'Provident fund, ESI, professional tax and TDS have been deducted as usual.';
  const held = payout?.heldOn ? ` on ${formatDisplayDate(payout.heldOn)}` : '';
  const reason = payout?.holdReason ? ` (${payout.holdReason})` : '';
  if (!payout?.releasedOn) return `Payout on hold${held}${reason}: this month’s net pay is held and will be paid when the hold is released. ${statutory}`;
  const by = payout.releasedByName ? ` by ${payout.releasedByName}` : '';
  const paid = payout.paidOn ? `, paid on ${formatDisplayDate(payout.paidOn)}` : ', payment awaiting the bank';
  return `Payout held${held}${reason}, released on ${formatDisplayDate(payout.releasedOn)}${by}${paid}. ${statutory}`;
}

interface Column {
  x: number;
  width: number;
}
interface TableHalf {
  label: Column;
  amount: Column;
  ytd: Column;
}

const AMOUNT_WIDTH = 64;
const CELL_PAD = 6;

function half(x: number, width: number): TableHalf {
  return {
    label: { x: x + CELL_PAD, width: width - 2 * AMOUNT_WIDTH - 2 * CELL_PAD },
    amount: { x: x + width - 2 * AMOUNT_WIDTH - CELL_PAD, width: AMOUNT_WIDTH },
    ytd: { x: x + width - AMOUNT_WIDTH - CELL_PAD, width: AMOUNT_WIDTH },
  };
}

type Cell = [label: string, amount: string, ytd: string];
interface TableSide {
  x: number;
  width: number;
  title: string;
  rows: Cell[];
  total: Cell;
}

/**
 * A table of one or two sides (earnings | deductions): a header row, repeated on a new page for a
 * side that still has rows; body rows that grow with wrapped labels; a bold totals row.
 */
function table(l: Layout, sides: TableSide[]): void {
  const cols = sides.map((side) => half(side.x, side.width));
  const headerHeight = 18;
  const drawHeader = (fromRow: number) => {
    sides.forEach((side, i) => {
      const c = cols[i];
      if (!c || (fromRow > 0 && side.rows.length <= fromRow)) return;
      const style: TextStyle = { face: 'bold', size: 8.5, color: ACCENT };
      l.doc.rect(side.x, l.y, side.width, headerHeight).fill(ACCENT_SOFT);
      l.line(fromRow > 0 ? `${side.title} (continued)` : side.title, c.label.x, l.y + 4.5, c.label.width + AMOUNT_WIDTH / 2, style);
      l.line('Amount', c.amount.x, l.y + 4.5, c.amount.width, { ...style, align: 'right' });
      l.line('YTD', c.ytd.x, l.y + 4.5, c.ytd.width, { ...style, align: 'right' });
    });
    l.y += headerHeight;
  };
  const rowHeight = (cells: (Cell | undefined)[], style: TextStyle) =>
    Math.max(...cells.map((cell, i) => (cell ? l.height(cell[0], cols[i]?.label.width ?? 0, style) : 0)), 10) + 8;
  const drawRow = (cells: (Cell | undefined)[], style: TextStyle, height: number) => {
    cells.forEach((cell, i) => {
      const c = cols[i];
      const side = sides[i];
      if (!cell || !c || !side) return;
      l.text(cell[0], c.label.x, l.y + 4, c.label.width, style);
      l.line(cell[1], c.amount.x, l.y + 4, c.amount.width, { ...style, align: 'right' });
      l.line(cell[2], c.ytd.x, l.y + 4, c.ytd.width, { ...style, align: 'right', color: style.face === 'bold' ? INK : MUTED });
      l.rule(l.y + height, side.x, side.x + side.width);
    });
    l.y += height;
  };

  const count = Math.max(...sides.map((side) => side.rows.length));
  const bodyStyle: TextStyle = { size: 9 };
  const totalStyle: TextStyle = { face: 'bold', size: 9 };
  // The header never ends a page alone: it goes with the first row.
  const firstCells = count > 0 ? sides.map((side) => side.rows[0]) : sides.map((side) => side.total);
  l.ensure(headerHeight + rowHeight(firstCells, count > 0 ? bodyStyle : totalStyle));
  drawHeader(0);
  for (let i = 0; i < count; i++) {
    const cells = sides.map((side) => side.rows[i]);
    const height = rowHeight(cells, bodyStyle);
    if (l.ensure(height)) drawHeader(i);
    drawRow(cells, bodyStyle, height);
  }
  const totals = sides.map((side) => side.total);
  const height = rowHeight(totals, totalStyle);
  l.ensure(height);
  sides.forEach((side) => l.rule(l.y, side.x, side.x + side.width, INK));
  drawRow(totals, totalStyle, height);
  l.y += 12;
}

function netPay(l: Layout, data: PayslipDocument): void {
  const pad = 12;
  const amountWidth = 190;
  const labelWidth = CONTENT_WIDTH - 2 * pad - amountWidth;
  const words = amountInWords(data.netPaise);
  const wordsHeight = l.height(words, CONTENT_WIDTH - 2 * pad, { size: 9 });
  const height = pad + 22 + 4 + wordsHeight + pad;
  l.ensure(height);
  l.box(MARGIN, l.y, CONTENT_WIDTH, height, ACCENT_SOFT, ACCENT);
  // A held payout keeps saying so until it is released; then the note says when it was released and paid.
  const held = data.holdKind === 'payout' ? (data.payout?.paidOn ? ' (held, since paid)' : data.payout?.releasedOn ? ' (held, released)' : ' (on hold)') : '';
  const label = `Net pay for ${monthLabel(data.month)}${held}`;
  l.text(label, MARGIN + pad, l.y + pad + 4, labelWidth, { face: 'bold', size: 10.5 });
  l.line(formatInr(data.netPaise), RIGHT - pad - amountWidth, l.y + pad, amountWidth, { face: 'bold', size: 16, color: ACCENT, align: 'right' });
  l.text(words, MARGIN + pad, l.y + pad + 26, CONTENT_WIDTH - 2 * pad, { size: 9, color: INK });
  l.y += height + 14;
}

function sectionTitle(l: Layout, title: string, reserve: number): void {
  l.ensure(16 + reserve);
  l.text(title, MARGIN, l.y, CONTENT_WIDTH, { face: 'bold', size: 10 });
  l.y += 16;
}

/** Renders one payslip to an A4 PDF; with `userPassword`, encrypted so that it opens only with it. */
export function renderPayslipPdf(data: PayslipDocument, options: { userPassword?: string } = {}): Promise<Buffer> {
  const { doc, done } = openPdf({
    title: `Payslip ${monthLabel(data.month)} - ${data.employee.name}`,
    author: data.organisation.name,
    bufferPages: true,
    ...options,
  });

  const l = new Layout(doc);
  header(l, data);
  employeeDetails(l, data);
  strip(l, [
    ['Days in period', daysLabel(data.daysInPeriod)],
    ['Payable days', daysLabel(data.payableDays)],
    ['LOP days', daysLabel(data.lopDays)],
  ]);
  if (data.holdKind === 'payout') noteBox(l, holdNoteText(data.payout));

  const ytdByCode = new Map(data.ytd.lines.map((line) => [line.code, line.amountPaise]));
  const cell = (line: PayslipDocumentLine): Cell => [line.label, formatInr(line.amountPaise), formatInr(ytdByCode.get(line.code) ?? line.amountPaise)];
  const earnings = data.lines.filter((line) => line.section === 'earning');
  const deductions = data.lines.filter((line) => line.section === 'deduction');
  const employer = data.lines.filter((line) => line.section === 'employer');
  const halfWidth = (CONTENT_WIDTH - 12) / 2;
  table(l, [
    { x: MARGIN, width: halfWidth, title: 'Earnings', rows: earnings.map(cell), total: ['Gross earnings', formatInr(data.grossPaise), formatInr(data.ytd.grossPaise)] },
    {
      x: MARGIN + halfWidth + 12,
      width: halfWidth,
      title: 'Deductions',
      rows: deductions.map(cell),
      total: ['Total deductions', formatInr(data.deductionsPaise), formatInr(data.ytd.deductionsPaise)],
    },
  ]);

  netPay(l, data);

  if (employer.length > 0) {
    sectionTitle(l, 'Employer contributions (not deducted from your pay)', 40);
    const employerYtd = sumPaise(employer.map((line) => ytdByCode.get(line.code) ?? line.amountPaise));
    table(l, [
      {
        x: MARGIN,
        width: CONTENT_WIDTH,
        title: 'Contribution',
        rows: employer.map(cell),
        total: ['Total employer contributions', formatInr(sumPaise(employer.map((line) => line.amountPaise))), formatInr(employerYtd)],
      },
    ]);
    l.ensure(14);
    l.text(`Cost to company this month (gross earnings + employer contributions): ${formatInr(data.employerCostPaise)}`, MARGIN, l.y - 6, CONTENT_WIDTH, {
      size: 8.5,
      color: MUTED,
      align: 'right',
    });
    l.y += 14;
  }

  sectionTitle(l, `Year to date (financial year ${financialYearOf(`${data.month}-01`)})`, 34);
  strip(l, [
    ['Gross earnings', formatInr(data.ytd.grossPaise)],
    ['Total deductions', formatInr(data.ytd.deductionsPaise)],
    ['Income tax (TDS)', formatInr(data.ytd.tdsPaise)],
    ['Net pay', formatInr(data.ytd.netPaise)],
  ]);

  pageFooters(doc, 'This is a computer-generated payslip and does not require a signature.');
  doc.end();
  return done;
}
