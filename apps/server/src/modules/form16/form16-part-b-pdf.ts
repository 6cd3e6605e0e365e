import type { PayslipEmployee } from '@tankha/contracts';
import {
  form12BADeclaration,
  form12BARows,
  FORM16_OPTING_OUT_LABEL,
  form16PartBRows,
  form16Period,
  form16Verification,
  formatInr,
  formatSlashDate,
  type Form12BAPerquisite,
  type Form16PartB,
  type Form16ResponsiblePerson,
} from '@tankha/domain';
import { ACCENT, ACCENT_SOFT, BOTTOM, CONTENT_WIDTH, DASH, Layout, MARGIN, MUTED, openPdf, orDash, pageFooters, PANEL, RIGHT, RULE } from '../../platform/pdf/layout';

/**
 * Form 16 Part B as a PDF, in the rows, numbering and words of the form as notified (Income-tax
 * Rules, rule 31(1)(a), Form No. 16 Part B "Details of Salary Paid and any other income and tax
 * deducted"; the rows are the domain's form16PartBRows), closed by the Verification signed by the
 * person responsible for deducting tax, with the place and the date. When the employee had valued
 * perquisites, Form No. 12BA (rule 26A(2)(b)) follows on its own page. pdfkit and the bundled Noto
 * Sans like the payslip; dates as the form writes them, DD/MM/YYYY.
 */

export interface Form16PartBEmployer {
  name: string;
  address: string | null;
  pan: string | null;
  tan: string | null;
}

/** Who signs the verification, and on which day ('YYYY-MM-DD'). */
export interface Form16Signatory {
  person: Form16ResponsiblePerson;
  signedOn: string;
}

export interface Form16PartBDocument {
  employer: Form16PartBEmployer;
  employee: Pick<PayslipEmployee, 'name' | 'employeeNumber' | 'designation' | 'pan'>;
  /** '2025-2026'. */
  financialYear: string;
  /** 'YYYY-MM' of the first and last finalized month. */
  firstMonth: string;
  lastMonth: string;
  figures: Form16PartB;
  /** Valued perquisites for Form 12BA; none: no 12BA page. */
  perquisites: readonly Form12BAPerquisite[];
  signatory: Form16Signatory;
  /** When generated, 'YYYY-MM-DD'. */
  generatedOn: string;
}

const assessmentYear = (fy: string) => {
  const start = Number(fy.slice(0, 4)) + 1;
  return `${String(start)}-${String(start + 1).slice(2)}`;
};

/** The file name of a generated Part B. */
export function partBFileName(employee: { name: string; employeeNumber: string | null }, financialYear: string): string {
  const who = (employee.employeeNumber ?? employee.name).replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return `Form16-PartB-${who || 'employee'}-${financialYear}.pdf`;
}

const money = (paise: number) => formatInr(paise, { zero: '₹0.00' });

/** The form's title block: form number, rule, and the lines under it. */
function title(l: Layout, form: string, rule: string, lines: readonly string[], heading: string) {
  l.y += l.text(form, MARGIN, l.y, CONTENT_WIDTH, { face: 'bold', size: 14, align: 'center' });
  l.y += l.text(rule, MARGIN, l.y, CONTENT_WIDTH, { size: 8, color: MUTED, align: 'center' });
  for (const line of lines) l.y += 2 + l.text(line, MARGIN + 30, l.y + 2, CONTENT_WIDTH - 60, { size: 8, align: 'center' });
  l.y += 4 + l.text(heading, MARGIN, l.y + 4, CONTENT_WIDTH, { face: 'bold', size: 10.5, color: ACCENT, align: 'center' });
  l.y += 6;
}

/** Label and value pairs, two a row, in a panel. */
function pairsBox(l: Layout, pairs: readonly [string, string, string, string][]) {
  const pad = 8;
  const col = (CONTENT_WIDTH - 2 * pad - 12) / 2;
  const labelW = 100;
  const heights = pairs.map((p) => Math.max(l.height(p[1], col - labelW, { size: 8.5 }), l.height(p[3], col - labelW, { size: 8.5 }), l.height(p[0], labelW - 6, { size: 7.5 }), l.height(p[2], labelW - 6, { size: 7.5 })));
  const boxH = heights.reduce((s, h) => s + h + 4, 0) - 4 + 2 * pad;
  l.ensure(boxH);
  l.box(MARGIN, l.y, CONTENT_WIDTH, boxH, PANEL, RULE);
  let y = l.y + pad;
  pairs.forEach((p, i) => {
    const x2 = MARGIN + pad + col + 12;
    l.text(p[0], MARGIN + pad, y + 0.5, labelW - 6, { size: 7.5, color: MUTED });
    l.text(p[1], MARGIN + pad + labelW, y, col - labelW, { size: 8.5, face: i === 0 ? 'bold' : 'regular' });
    l.text(p[2], x2, y + 0.5, labelW - 6, { size: 7.5, color: MUTED });
    l.text(p[3], x2 + labelW, y, col - labelW, { size: 8.5, face: i === 0 ? 'bold' : 'regular' });
    y += (heights[i] ?? 0) + 4;
  });
  l.y += boxH + 8;
}

/** Place and date on the left; the signature line, full name and designation on the right. */
function signatureBlock(l: Layout, signatory: Form16Signatory, signatureCaption: string) {
  const rightX = MARGIN + CONTENT_WIDTH / 2 + 20;
  const rightW = RIGHT - rightX;
  l.ensure(72);
  const top = l.y;
  l.text(`Place: ${signatory.person.place}`, MARGIN, top + 24, 200, { size: 9 });
  l.text(`Date: ${formatSlashDate(signatory.signedOn)}`, MARGIN, top + 38, 200, { size: 9 });
  l.rule(top + 28, rightX, RIGHT, '#9ca3af');
  let y = top + 31;
  y += l.text(signatureCaption, rightX, y, rightW, { size: 7.5, color: MUTED, align: 'center' });
  y += 4 + l.text(`Full Name: ${signatory.person.name}`, rightX, y + 4, rightW, { size: 9, face: 'bold' });
  y += 2 + l.text(`Designation: ${signatory.person.designation}`, rightX, y + 2, rightW, { size: 9 });
  l.y = Math.max(y, top + 52) + 6;
}

/** Renders Part B (and Form 12BA when there are perquisites) to an A4 PDF. */
export function renderForm16PartBPdf(d: Form16PartBDocument): Promise<Buffer> {
  const { doc, done } = openPdf({ title: `Form 16 Part B ${d.financialYear} - ${d.employee.name}`, author: d.employer.name, bufferPages: true });
  const l = new Layout(doc);
  const b = d.figures;
  const period = form16Period(d.firstMonth, d.lastMonth);

  title(l, 'FORM NO. 16', '[See rule 31(1)(a)]', ['Certificate under section 203 of the Income-tax Act, 1961 for tax deducted at source on salary paid to an employee under section 192'], 'PART B (Annexure) — Details of Salary Paid and any other income and tax deducted');
  pairsBox(l, [
    ['Name and address of the Employer', [d.employer.name, d.employer.address?.trim()].filter(Boolean).join(', '), 'Name and designation of the Employee', [d.employee.name, d.employee.designation?.trim()].filter(Boolean).join(', ')],
    ['PAN of the Deductor', orDash(d.employer.pan), 'PAN of the Employee', orDash(d.employee.pan)],
    ['TAN of the Deductor', orDash(d.employer.tan), 'Employee Reference No. provided by the Employer', orDash(d.employee.employeeNumber)],
    ['Assessment Year', assessmentYear(d.financialYear), 'Period with the Employer', period],
    [FORM16_OPTING_OUT_LABEL, b.optingOut115BAC ? 'Yes' : 'No', 'Regime applied', b.regime === 0 ? 'Old regime' : 'New regime (s.115BAC)'],
  ]);

  // The numbered rows.
  const amountW = 110;
  const numW = 26;
  const header = () => {
    l.box(MARGIN, l.y, CONTENT_WIDTH, 18, ACCENT_SOFT);
    l.text('Particulars', MARGIN + 6, l.y + 4.5, CONTENT_WIDTH - amountW - 20, { face: 'bold', size: 8.5, color: ACCENT });
    l.text('Amount (Rs.)', RIGHT - amountW - 6, l.y + 4.5, amountW, { face: 'bold', size: 8.5, color: ACCENT, align: 'right' });
    l.y += 22;
  };
  header();
  for (const row of form16PartBRows(b)) {
    const indent = row.indent ? 14 : 0;
    const labelW2 = CONTENT_WIDTH - numW - amountW - 20 - indent;
    const style = { size: 8, face: row.bold ? ('bold' as const) : ('regular' as const) };
    const h = l.height(row.label, labelW2, style);
    if (l.ensure(h + 4)) header();
    l.text(row.num, MARGIN + 6 + indent, l.y, numW, style);
    l.text(row.label, MARGIN + 6 + indent + numW, l.y, labelW2, style);
    if (row.amountPaise !== null) l.line(money(row.amountPaise), RIGHT - amountW - 6, l.y, amountW, { ...style, align: 'right' });
    else if (row.note) l.line(row.note, RIGHT - amountW - 6, l.y, amountW, { size: 7.5, color: MUTED, align: 'right' });
    l.y += h + 2.5;
    l.rule(l.y - 1.25);
  }

  // Tax deducted and the balance.
  l.y += 6;
  const tail: [string, number][] = [
    ['Tax deducted at source by this employer (total of the payslips of the year; deposited as per Part A)', b.tdsDeductedPaise],
    ['Tax deducted by previous employer(s), as reported (Form 12B)', b.previousEmployerTdsPaise],
    [b.balancePaise >= 0 ? 'Balance tax payable (19 - tax deducted)' : 'Tax deducted in excess (tax deducted - 19)', Math.abs(b.balancePaise)],
  ];
  l.ensure(tail.length * 14 + 16);
  l.box(MARGIN, l.y, CONTENT_WIDTH, tail.length * 14 + 10, ACCENT_SOFT, ACCENT);
  let ty = l.y + 5;
  tail.forEach(([label, amount], i) => {
    const style = { size: 9, face: i === tail.length - 1 ? ('bold' as const) : ('regular' as const) };
    l.line(label, MARGIN + 10, ty, CONTENT_WIDTH - amountW - 30, style);
    l.line(money(amount), RIGHT - amountW - 10, ty, amountW, { ...style, align: 'right' });
    ty += 14;
  });
  l.y += tail.length * 14 + 18;

  // Verification.
  const verification = form16Verification(d.signatory.person, b.tdsDeductedPaise);
  l.ensure(l.height(verification, CONTENT_WIDTH, { size: 9 }) + 120);
  l.y += 4 + l.text('Verification', MARGIN, l.y, CONTENT_WIDTH, { face: 'bold', size: 10.5, color: ACCENT, align: 'center' });
  l.y += 6 + l.text(verification, MARGIN, l.y + 2, CONTENT_WIDTH, { size: 9 });
  signatureBlock(l, d.signatory, '(Signature of person responsible for deduction of tax)');
  const note = `Computed by the payroll from the finalized payslips of the year (${period}) and the employee's income-tax declaration, in the ${b.regime === 0 ? 'old regime' : 'new regime (s.115BAC)'}. Generated on ${formatSlashDate(d.generatedOn)}.`;
  if (l.y + l.height(note, CONTENT_WIDTH, { size: 7.5 }) <= BOTTOM) l.y += l.text(note, MARGIN, l.y, CONTENT_WIDTH, { size: 7.5, color: MUTED });

  if (d.perquisites.length > 0) form12BA(l, d);

  pageFooters(doc, 'Form 16 Part B generated by the payroll. Part A (TRACES) gives the tax deposited.');
  doc.end();
  return done;
}

/** Form No. 12BA on a page of its own. */
function form12BA(l: Layout, d: Form16PartBDocument) {
  const b = d.figures;
  l.doc.addPage();
  l.y = MARGIN - 12;
  title(l, 'FORM NO. 12BA', '[See rule 26A(2)(b)]', [], 'Statement showing particulars of perquisites, other fringe benefits or amenities and profits in lieu of salary with value thereof');
  const items: [string, string, string][] = [
    ['1.', 'Name and address of employer', [d.employer.name, d.employer.address?.trim()].filter(Boolean).join(', ')],
    ['2.', 'TAN', orDash(d.employer.tan)],
    ['3.', 'TDS Assessment Range of the employer', DASH],
    ['4.', 'Name, designation and Permanent Account Number or Aadhaar Number of employee', [d.employee.name, d.employee.designation?.trim(), d.employee.pan?.trim()].filter(Boolean).join(', ')],
    ['5.', 'Is the employee a director or a person with substantial interest in the company (where the employer is a company)', 'Not recorded by the payroll'],
    ['6.', 'Income under the head "Salaries" of the employee (other than from perquisites)', money(Math.max(0, b.incomeFromSalaryPaise - b.perquisites17_2Paise - b.profits17_3Paise))],
    ['7.', 'Financial year', d.financialYear],
  ];
  const labelW = 300;
  for (const [num, label, value] of items) {
    const h = Math.max(l.height(label, labelW, { size: 8 }), l.height(value, CONTENT_WIDTH - labelW - 30, { size: 8 }));
    l.text(num, MARGIN, l.y, 20, { size: 8 });
    l.text(label, MARGIN + 20, l.y, labelW, { size: 8 });
    l.text(value, MARGIN + labelW + 30, l.y, CONTENT_WIDTH - labelW - 30, { size: 8, face: 'bold' });
    l.y += h + 2;
  }
  l.y += 2 + l.text('8. Valuation of Perquisites', MARGIN, l.y + 3, CONTENT_WIDTH, { face: 'bold', size: 9 });
  l.y += 3;

  // Columns (1)–(5): S. No., nature, value as per rules, recovered, chargeable.
  const cols = [{ w: 28 }, { w: CONTENT_WIDTH - 28 - 3 * 84 }, { w: 84 }, { w: 84 }, { w: 84 }];
  const xs = cols.reduce<number[]>((acc, c, i) => [...acc, i === 0 ? MARGIN : (acc[i - 1] ?? MARGIN) + (cols[i - 1]?.w ?? 0)], []);
  const heads = ['S. No.', 'Nature of perquisites (see rule 3)', 'Value of perquisite as per rules (Rs.)', 'Amount, if any, recovered from the employee (Rs.)', 'Amount of perquisite chargeable to tax Col. (3) - Col. (4) (Rs.)'];
  const headH = Math.max(...heads.map((h, i) => l.height(h, (cols[i]?.w ?? 0) - 8, { size: 7, face: 'bold' }))) + 5;
  l.box(MARGIN, l.y, CONTENT_WIDTH, headH + 11, ACCENT_SOFT);
  heads.forEach((h, i) => l.text(h, (xs[i] ?? 0) + 4, l.y + 4, (cols[i]?.w ?? 0) - 8, { size: 7, face: 'bold', color: ACCENT, align: i >= 2 ? 'right' : 'left' }));
  ['(1)', '(2)', '(3)', '(4)', '(5)'].forEach((h, i) => l.text(h, (xs[i] ?? 0) + 4, l.y + headH, (cols[i]?.w ?? 0) - 8, { size: 6.5, color: MUTED, align: i >= 2 ? 'right' : 'left' }));
  l.y += headH + 14;
  for (const row of form12BARows(d.perquisites, b.profits17_3Paise)) {
    const style = { size: 7.2, face: row.bold ? ('bold' as const) : ('regular' as const) };
    const h = l.height(row.nature, (cols[1]?.w ?? 0) - 8, style) - 1;
    l.ensure(h + 4);
    l.text(row.num, (xs[0] ?? 0) + 4, l.y, 22, style);
    l.text(row.nature, (xs[1] ?? 0) + 4, l.y, (cols[1]?.w ?? 0) - 8, style);
    [row.valuePaise, row.recoveredPaise, row.taxablePaise].forEach((v, i) => {
      if (v !== null) l.line(money(v), (xs[i + 2] ?? 0) + 4, l.y, (cols[i + 2]?.w ?? 0) - 8, { ...style, align: 'right' });
    });
    l.y += h + 2;
    l.rule(l.y - 1);
  }

  l.y += 6;
  l.y += 2 + l.text('9. Details of tax,—', MARGIN, l.y, CONTENT_WIDTH, { face: 'bold', size: 9 });
  const tax: [string, string][] = [
    ['(a) Tax deducted from salary of the employee under section 192(1)', money(b.tdsDeductedPaise)],
    ['(b) Tax paid by employer on behalf of the employee under section 192(1A)', money(0)],
    ['(c) Total tax paid', money(b.tdsDeductedPaise)],
    ['(d) Date of payment into Government treasury', 'As per Part A'],
  ];
  // Two a line: (a) and (c) on the left, (b) and (d) on the right.
  const half = (CONTENT_WIDTH - 20) / 2;
  for (let i = 0; i < tax.length; i += 2) {
    l.ensure(24);
    [tax[i], tax[i + 1]].forEach((item, j) => {
      if (!item) return;
      const x = MARGIN + 10 + j * (half + 10);
      l.text(item[0], x, l.y, half - 100, { size: 8 });
      l.line(item[1], x + half - 100, l.y, 96, { size: 8, face: 'bold', align: 'right' });
    });
    l.y += 22;
  }
  l.y += 4;
  const declaration = form12BADeclaration(d.signatory.person, d.employer.name);
  l.ensure(l.height(declaration, CONTENT_WIDTH, { size: 8 }) + 74);
  l.y += 2 + l.text('DECLARATION BY EMPLOYER', MARGIN, l.y, CONTENT_WIDTH, { face: 'bold', size: 9.5, color: ACCENT, align: 'center' });
  l.y += 2 + l.text(declaration, MARGIN, l.y + 2, CONTENT_WIDTH, { size: 8 });
  signatureBlock(l, d.signatory, '(Signature of the person responsible for deduction of tax)');
}
