import { EXIT_REASON_LABELS, type ExitSettlement } from '@tankha/contracts';
import { amountInWords, formatDisplayDate, formatInr, rupeesToPaise } from '@tankha/domain';
import type { PayslipOrganisation } from './payslip-pdf';
import { preparePayslipLogo } from './payslip-logo';
import {
  ACCENT,
  ACCENT_SOFT,
  AMBER_FILL,
  AMBER_INK,
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
  RIGHT,
} from '../../platform/pdf/layout';

/**
 * The full-and-final settlement statement, with pdfkit and the bundled Noto Sans
 * like the payslip. Every amount is followed by the lines that explain it, so the statement stands
 * on its own: the employee can check each figure without asking.
 */

/** The bundled Latin subset has no U+2212 minus sign: print a hyphen-minus instead. */
const printable = (text: string) => text.replace(/\u2212/g, '-');
const STATUS_TEXT: Record<ExitSettlement['status'], string> = { draft: 'Draft', approved: 'Approved', settled: 'Settled' };

function header(l: Layout, org: PayslipOrganisation, s: ExitSettlement): void {
  documentHeader(l, {
    name: org.name,
    address: org.address,
    logo: org.logo ? preparePayslipLogo(org.logo) : null,
    rightWidth: 170,
    label: 'FULL AND FINAL SETTLEMENT',
    title: s.employeeName,
    titleSize: 13,
    subtitle: `Last working day ${formatDisplayDate(s.lastWorkingDay)} · ${STATUS_TEXT[s.status]}`,
  });
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
  keyValueBox(l, left, right, { labelWidth: 92, gapAfter: 12 });
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
    l.line(formatInr(rupeesToPaise(line.amount)), RIGHT - 110, l.y, 102, { face: 'bold', size: 9.5, align: 'right' });
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
  l.line(formatInr(rupeesToPaise(total)), RIGHT - 110, l.y + 2, 102, { face: 'bold', size: 9.5, align: 'right' });
  l.y += 24;
}

export function settlementFileName(s: ExitSettlement): string {
  const who = (s.employeeNumber ?? s.employeeName).replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return `Full-and-Final-Settlement-${who || 'employee'}-${s.lastWorkingDay}.pdf`;
}

/** Renders the statement to an A4 PDF. */
export function renderSettlementPdf(s: ExitSettlement, org: PayslipOrganisation): Promise<Buffer> {
  const { doc, done } = openPdf({ title: `Full and final settlement - ${s.employeeName}`, author: org.name, bufferPages: true });
  const l = new Layout(doc);
  header(l, org, s);
  if (s.status === 'draft') noteBox(l, 'DRAFT: not approved yet. The figures may change until the settlement is approved.', { ink: AMBER_INK, fill: AMBER_FILL, stroke: AMBER_INK });
  details(l, s);
  section(l, 'Amounts payable', s.lines.filter((x) => x.section === 'payable'), 'Total payable', s.payable);
  section(l, 'Recoveries and deductions', s.lines.filter((x) => x.section === 'recovery'), 'Total recoveries', s.recoveries);

  // The net amount, in figures and in words.
  l.ensure(52);
  l.box(MARGIN, l.y, CONTENT_WIDTH, 46, ACCENT_SOFT, ACCENT);
  const owes = s.netPay < 0;
  l.text(owes ? 'Net amount recoverable from the employee' : 'Net amount payable to the employee', MARGIN + 10, l.y + 8, CONTENT_WIDTH - 150, { face: 'bold', size: 10.5 });
  l.line(formatInr(rupeesToPaise(Math.abs(s.netPay))), RIGHT - 140, l.y + 7, 130, { face: 'bold', size: 13, align: 'right' });
  l.text(`${formatInr(rupeesToPaise(s.payable))} payable - ${formatInr(rupeesToPaise(s.recoveries))} recovered · ${amountInWords(rupeesToPaise(Math.abs(s.netPay)))}`, MARGIN + 10, l.y + 27, CONTENT_WIDTH - 20, { size: 8, color: MUTED });
  l.y += 56;

  const tail = [
    `Income tax: taxable part of the settlement ${formatInr(rupeesToPaise(s.taxable))}, exempt ${formatInr(rupeesToPaise(s.exempt))}, TDS ${formatInr(rupeesToPaise(s.tds))}.`,
    s.finalSalaryNote,
  ];
  if (s.status === 'settled' && s.settledOn) tail.push(`Paid on ${formatDisplayDate(s.settledOn)}, reference ${orDash(s.paymentReference)}.`);
  else if (s.approvedAt) tail.push(`Approved${s.approvedByName ? ` by ${s.approvedByName}` : ''} on ${formatDisplayDate(s.approvedAt.slice(0, 10))}.`);
  for (const t of tail) {
    l.ensure(16);
    l.y += l.text(printable(t), MARGIN, l.y, CONTENT_WIDTH, { size: 8.5, color: INK }) + 4;
  }
  pageFooters(doc, 'This is a computer-generated statement and does not require a signature.');
  doc.end();
  return done;
}
