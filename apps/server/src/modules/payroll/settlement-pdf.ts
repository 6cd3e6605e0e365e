import PDFDocument from 'pdfkit';
import { EXIT_REASON_LABELS, type ExitSettlement } from '@tankha/contracts';
import { amountInWords, formatDisplayDate, formatInr, rupeesToPaise } from '@tankha/domain';
import { FONT_BOLD, FONT_REGULAR, Layout, type PayslipOrganisation } from './payslip-pdf';
import { preparePayslipLogo } from './payslip-logo';

/**
 * The full-and-final settlement statement, with pdfkit and the bundled Noto Sans
 * like the payslip. Every amount is followed by the lines that explain it, so the statement stands
 * on its own: the employee can check each figure without asking.
 */

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 40;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const RIGHT = PAGE_WIDTH - MARGIN;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const PANEL = '#f8f9fc';
const ACCENT = '#3b5bdb';
const ACCENT_SOFT = '#eef2ff';
const DRAFT_INK = '#92400e';
const DRAFT_FILL = '#fffbeb';
const DASH = '—';

const money = (rupees: number) => formatInr(rupeesToPaise(rupees));
/** The bundled Latin subset has no U+2212 minus sign: print a hyphen-minus instead. */
const printable = (text: string) => text.replace(/\u2212/g, '-');
const orDash = (v: string | null | undefined) => (v?.trim() ? v.trim() : DASH);
const STATUS_TEXT: Record<ExitSettlement['status'], string> = { draft: 'Draft', approved: 'Approved', settled: 'Settled' };

function header(l: Layout, org: PayslipOrganisation, s: ExitSettlement): void {
  const top = l.y;
  const rightWidth = 170;
  let textX = MARGIN;
  let logoBottom = top;
  const logo = org.logo ? preparePayslipLogo(org.logo) : null;
  if (logo) {
    const scale = Math.min(90 / logo.width, 48 / logo.height);
    l.doc.image(logo.png, MARGIN, top, { width: logo.width * scale, height: logo.height * scale });
    textX = MARGIN + logo.width * scale + 14;
    logoBottom = top + logo.height * scale;
  }
  const leftWidth = RIGHT - rightWidth - 12 - textX;
  let y = top;
  y += l.text(org.name, textX, y, leftWidth, { face: 'bold', size: 15 });
  if (org.address?.trim()) y += 2 + l.text(org.address.trim(), textX, y + 2, leftWidth, { size: 8.5, color: MUTED });
  const rx = RIGHT - rightWidth;
  let ry = top;
  ry += l.text('FULL AND FINAL SETTLEMENT', rx, ry, rightWidth, { face: 'bold', size: 8, color: ACCENT, align: 'right' });
  ry += l.text(s.employeeName, rx, ry, rightWidth, { face: 'bold', size: 13, align: 'right' });
  ry += l.text(`Last working day ${formatDisplayDate(s.lastWorkingDay)} · ${STATUS_TEXT[s.status]}`, rx, ry, rightWidth, { size: 8, color: MUTED, align: 'right' });
  l.y = Math.max(y, ry, logoBottom) + 12;
  l.rule(l.y, MARGIN, RIGHT, ACCENT);
  l.y += 14;
}

function note(l: Layout, text: string, ink: string, fill: string): void {
  const pad = 8;
  const height = l.height(text, CONTENT_WIDTH - 2 * pad, { face: 'bold', size: 8.5 }) + 2 * pad;
  l.ensure(height);
  l.box(MARGIN, l.y, CONTENT_WIDTH, height, fill, ink);
  l.text(text, MARGIN + pad, l.y + pad, CONTENT_WIDTH - 2 * pad, { face: 'bold', size: 8.5, color: ink });
  l.y += height + 10;
}

function details(l: Layout, s: ExitSettlement): void {
  const left: [string, string][] = [
    ['Employee name', s.employeeName],
    ['Employee number', orDash(s.employeeNumber)],
    ['Designation', orDash(s.designation)],
    ['Department', orDash(s.department)],
    ['Date of joining', formatDisplayDate(s.dateOfJoining)],
  ];
  const right: [string, string][] = [
    ['Reason for leaving', EXIT_REASON_LABELS[s.reason]],
    ['Resignation date', s.resignationDate ? formatDisplayDate(s.resignationDate) : DASH],
    ['Last working day', formatDisplayDate(s.lastWorkingDay)],
    ['Notice period', `${String(s.noticeRequiredDays)} days required, ${String(s.noticeServedDays)} served`],
    ['Service', s.servicePeriod],
  ];
  const pad = 10;
  const colWidth = (CONTENT_WIDTH - 2 * pad - 16) / 2;
  const labelWidth = 92;
  const valueWidth = colWidth - labelWidth;
  const heights = left.map((row, i) => Math.max(l.height(row[1], valueWidth, { size: 9 }), l.height(right[i]?.[1] ?? '', valueWidth, { size: 9 })));
  const boxHeight = heights.reduce((a, h) => a + h + 5, 0) - 5 + 2 * pad;
  l.ensure(boxHeight);
  l.box(MARGIN, l.y, CONTENT_WIDTH, boxHeight, PANEL, RULE);
  let y = l.y + pad;
  left.forEach((row, i) => {
    const other = right[i] ?? ['', ''];
    const x1 = MARGIN + pad;
    const x2 = MARGIN + pad + colWidth + 16;
    l.text(row[0], x1, y + 0.5, labelWidth - 6, { size: 8, color: MUTED });
    l.text(row[1], x1 + labelWidth, y, valueWidth, { face: i === 0 ? 'bold' : 'regular', size: 9 });
    l.text(other[0], x2, y + 0.5, labelWidth - 6, { size: 8, color: MUTED });
    l.text(other[1], x2 + labelWidth, y, valueWidth, { size: 9 });
    y += (heights[i] ?? 0) + 5;
  });
  l.y += boxHeight + 12;
}

/** A section of lines: each amount, then its explanation in small print under it. */
function section(l: Layout, title: string, lines: ExitSettlement['lines'], totalLabel: string, total: number): void {
  l.ensure(40);
  l.box(MARGIN, l.y, CONTENT_WIDTH, 20, ACCENT_SOFT);
  l.text(title, MARGIN + 8, l.y + 5, CONTENT_WIDTH - 120, { face: 'bold', size: 9.5, color: ACCENT });
  l.text('Amount', RIGHT - 110, l.y + 5, 102, { face: 'bold', size: 9, color: ACCENT, align: 'right' });
  l.y += 26;
  const textWidth = CONTENT_WIDTH - 140;
  for (const line of lines) {
    const explanation = line.explanation.map((e) => `• ${printable(e)}`).join('\n');
    const needed = 14 + l.height(explanation, textWidth - 10, { size: 7.5 });
    l.ensure(needed + 6);
    l.text(line.label, MARGIN + 8, l.y, textWidth, { face: 'bold', size: 9.5 });
    l.line(money(line.amount), RIGHT - 110, l.y, 102, { face: 'bold', size: 9.5, align: 'right' });
    l.y += 14;
    l.y += l.text(explanation, MARGIN + 18, l.y, textWidth - 10, { size: 7.5, color: MUTED });
    l.y += 6;
    l.rule(l.y - 2);
  }
  if (lines.length === 0) {
    l.text('None', MARGIN + 8, l.y, textWidth, { size: 9, color: MUTED });
    l.y += 16;
  }
  l.ensure(20);
  l.text(totalLabel, MARGIN + 8, l.y + 2, textWidth, { face: 'bold', size: 9.5 });
  l.line(money(total), RIGHT - 110, l.y + 2, 102, { face: 'bold', size: 9.5, align: 'right' });
  l.y += 24;
}

function footer(doc: PDFKit.PDFDocument): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = PAGE_HEIGHT - 40;
    doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.6).strokeColor(RULE).stroke();
    doc.font('regular').fontSize(7.5).fillColor(MUTED).text('This is a computer-generated statement and does not require a signature.', MARGIN, y + 6, { width: CONTENT_WIDTH - 80, lineBreak: false });
    if (range.count > 1) doc.text(`Page ${String(i - range.start + 1)} of ${String(range.count)}`, RIGHT - 80, y + 6, { width: 80, align: 'right', lineBreak: false });
  }
}

export function settlementFileName(s: ExitSettlement): string {
  const who = (s.employeeNumber ?? s.employeeName).replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return `Full-and-Final-Settlement-${who || 'employee'}-${s.lastWorkingDay}.pdf`;
}

/** Renders the statement to an A4 PDF. */
export function renderSettlementPdf(s: ExitSettlement, org: PayslipOrganisation): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    font: FONT_REGULAR as unknown as string,
    info: { Title: `Full and final settlement - ${s.employeeName}`, Author: org.name, Creator: 'Tankha' },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const l = new Layout(doc);
  header(l, org, s);
  if (s.status === 'draft') note(l, 'DRAFT: not approved yet. The figures may change until the settlement is approved.', DRAFT_INK, DRAFT_FILL);
  details(l, s);
  section(l, 'Amounts payable', s.lines.filter((x) => x.section === 'payable'), 'Total payable', s.payable);
  section(l, 'Recoveries and deductions', s.lines.filter((x) => x.section === 'recovery'), 'Total recoveries', s.recoveries);

  // The net amount, in figures and in words.
  l.ensure(52);
  l.box(MARGIN, l.y, CONTENT_WIDTH, 46, ACCENT_SOFT, ACCENT);
  const owes = s.netPay < 0;
  l.text(owes ? 'Net amount recoverable from the employee' : 'Net amount payable to the employee', MARGIN + 10, l.y + 8, CONTENT_WIDTH - 150, { face: 'bold', size: 10.5 });
  l.line(money(Math.abs(s.netPay)), RIGHT - 140, l.y + 7, 130, { face: 'bold', size: 13, align: 'right' });
  l.text(`${money(s.payable)} payable - ${money(s.recoveries)} recovered · ${amountInWords(rupeesToPaise(Math.abs(s.netPay)))}`, MARGIN + 10, l.y + 27, CONTENT_WIDTH - 20, { size: 8, color: MUTED });
  l.y += 56;

  const tail = [
    `Income tax: taxable part of the settlement ${money(s.taxable)}, exempt ${money(s.exempt)}, TDS ${money(s.tds)}.`,
    s.finalSalaryNote,
  ];
  if (s.status === 'settled' && s.settledOn) tail.push(`Paid on ${formatDisplayDate(s.settledOn)}, reference ${orDash(s.paymentReference)}.`);
  else if (s.approvedAt) tail.push(`Approved${s.approvedByName ? ` by ${s.approvedByName}` : ''} on ${formatDisplayDate(s.approvedAt.slice(0, 10))}.`);
  for (const t of tail) {
    l.ensure(16);
    l.y += l.text(printable(t), MARGIN, l.y, CONTENT_WIDTH, { size: 8.5, color: INK }) + 4;
  }
  footer(doc);
  doc.end();
  return done;
}
