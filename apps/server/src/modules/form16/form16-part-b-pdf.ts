import type { PayslipEmployee } from '@tankha/contracts';
import { formatInr, type Form16PartB } from '@tankha/domain';
import { ACCENT, ACCENT_SOFT, CONTENT_WIDTH, Layout, MARGIN, MUTED, openPdf, orDash, pageFooters, PANEL, RIGHT, RULE } from '../../platform/pdf/layout';

/**
 * Form 16 Part B as a PDF, in the rows and numbering of the form as notified
 * (Income-tax Rules, Appendix II, Form No. 16, Part B "Details of Salary Paid and any other income
 * and tax deducted"), with pdfkit and the bundled Noto Sans like the payslip. Row 10 lists each
 * Chapter VI-A section the employee was allowed; sections with nothing allowed are left out.
 */

export interface Form16PartBEmployer {
  name: string;
  address: string | null;
  pan: string | null;
  tan: string | null;
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
  /** When generated, 'YYYY-MM-DD'. */
  generatedOn: string;
}

const assessmentYear = (fy: string) => {
  const start = Number(fy.slice(0, 4)) + 1;
  return `${String(start)}-${String(start + 1).slice(2)}`;
};

type Row = [number: string, label: string, amount: number | null, options?: { bold?: boolean; indent?: boolean }];

function rows(b: Form16PartB): Row[] {
  const out: Row[] = [
    ['1', 'Gross Salary', null, { bold: true }],
    ['(a)', 'Salary as per provisions contained in section 17(1)', b.salary17_1Paise, { indent: true }],
    ['(b)', 'Value of perquisites under section 17(2) (as per Form No. 12BA, wherever applicable)', b.perquisites17_2Paise, { indent: true }],
    ['(c)', 'Profits in lieu of salary under section 17(3) (as per Form No. 12BA, wherever applicable)', b.profits17_3Paise, { indent: true }],
    ['(d)', 'Total', b.grossSalaryPaise, { indent: true, bold: true }],
    ['(e)', 'Reported total amount of salary received from other employer(s)', b.otherEmployerSalaryPaise, { indent: true }],
    ['2', 'Less: Allowances to the extent exempt under section 10', null, { bold: true }],
    ['(e)', 'House rent allowance under section 10(13A)', b.hraExemptPaise, { indent: true }],
    ['(f)', 'Amount of any other exemption under section 10', b.otherExemptPaise, { indent: true }],
    ['(h)', 'Total amount of exemption claimed under section 10', b.exemptionsPaise, { indent: true, bold: true }],
    ['3', 'Total amount of salary received from current employer [1(d) - 2(h)]', b.salaryFromCurrentEmployerPaise, { bold: true }],
    ['4', 'Less: Deductions under section 16', null, { bold: true }],
    ['(a)', 'Standard deduction under section 16(ia)', b.standardDeductionPaise, { indent: true }],
    ['(b)', 'Entertainment allowance under section 16(ii)', 0, { indent: true }],
    ['(c)', 'Tax on employment under section 16(iii)', b.professionalTaxPaise, { indent: true }],
    ['5', 'Total amount of deductions under section 16 [4(a) + 4(b) + 4(c)]', b.section16Paise, { bold: true }],
    ['6', 'Income chargeable under the head "Salaries" [3 + 1(e) - 5]', b.incomeFromSalaryPaise, { bold: true }],
    ['7', 'Add: Any other income reported by the employee under section 192(2B)', null, { bold: true }],
    ['(a)', 'Income (or admissible loss) from house property reported by the employee offered for TDS', b.housePropertyPaise, { indent: true }],
    ['(b)', 'Income under the head Other Sources offered for TDS', b.otherSourcesPaise, { indent: true }],
    ['8', 'Total amount of other income reported by the employee [7(a) + 7(b)]', b.otherIncomePaise, { bold: true }],
    ['9', 'Gross total income (6 + 8)', b.grossTotalIncomePaise, { bold: true }],
    ['10', 'Deductions under Chapter VI-A', null, { bold: true }],
  ];
  if (b.chapterVIA.length === 0) out.push(['', 'None allowed', 0, { indent: true }]);
  b.chapterVIA.forEach((r, i) => out.push([`(${String.fromCharCode(97 + i)})`, r.label, r.amountPaise, { indent: true }]));
  out.push(
    ['11', 'Aggregate of deductible amount under Chapter VI-A', b.chapterVIAPaise, { bold: true }],
    ['12', 'Total taxable income (9 - 11)', b.totalIncomePaise, { bold: true }],
    ['13', 'Tax on total income', b.taxOnTotalIncomePaise],
    ['14', 'Rebate under section 87A, if applicable', b.rebate87APaise],
    ['15', 'Surcharge, wherever applicable', b.surchargePaise],
    ['16', 'Health and education cess', b.cessPaise],
    ['17', 'Tax payable (13 + 15 + 16 - 14)', b.taxPayablePaise, { bold: true }],
    ['18', 'Less: Relief under section 89 (attach details)', b.relief89Paise],
    ['19', 'Net tax payable (17 - 18)', b.netTaxPayablePaise, { bold: true }],
  );
  return out;
}

/** The file name of a generated Part B. */
export function partBFileName(employee: { name: string; employeeNumber: string | null }, financialYear: string): string {
  const who = (employee.employeeNumber ?? employee.name).replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return `Form16-PartB-${who || 'employee'}-${financialYear}.pdf`;
}

/** Renders Part B to an A4 PDF. */
export function renderForm16PartBPdf(d: Form16PartBDocument): Promise<Buffer> {
  // The form's amount column shows a zero as ₹0.00 (formatInr's `zero`), not the reports' bare 0.
  const { doc, done } = openPdf({ title: `Form 16 Part B ${d.financialYear} - ${d.employee.name}`, author: d.employer.name, bufferPages: true });
  const l = new Layout(doc);
  const b = d.figures;

  // Title.
  l.y += l.text('FORM NO. 16', MARGIN, l.y, CONTENT_WIDTH, { face: 'bold', size: 14, align: 'center' });
  l.y += l.text('[See rule 31(1)(a)]', MARGIN, l.y, CONTENT_WIDTH, { size: 8, color: MUTED, align: 'center' });
  l.y += 4 + l.text('PART B (Annexure) — Details of Salary Paid and any other income and tax deducted', MARGIN, l.y + 4, CONTENT_WIDTH, { face: 'bold', size: 10.5, color: ACCENT, align: 'center' });
  l.y += 6;

  // Employer and employee.
  const pairs: [string, string, string, string][] = [
    ['Employer', d.employer.name, 'Employee', d.employee.name],
    ['Address', orDash(d.employer.address), 'Employee number', orDash(d.employee.employeeNumber)],
    ['PAN of the deductor', orDash(d.employer.pan), 'PAN of the employee', orDash(d.employee.pan)],
    ['TAN of the deductor', orDash(d.employer.tan), 'Designation', orDash(d.employee.designation)],
    ['Financial year', d.financialYear, 'Assessment year', assessmentYear(d.financialYear)],
    ['Period with the employer', `${d.firstMonth} to ${d.lastMonth}`, 'Opting out of s.115BAC', b.optingOut115BAC ? 'Yes' : 'No'],
  ];
  const pad = 8;
  const col = (CONTENT_WIDTH - 2 * pad - 12) / 2;
  const labelW = 100;
  const heights = pairs.map((p) => Math.max(l.height(p[1], col - labelW, { size: 8.5 }), l.height(p[3], col - labelW, { size: 8.5 })));
  const boxH = heights.reduce((s, h) => s + h + 4, 0) - 4 + 2 * pad;
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

  // The numbered rows.
  const amountW = 110;
  const numW = 26;
  const header = () => {
    l.box(MARGIN, l.y, CONTENT_WIDTH, 18, ACCENT_SOFT);
    l.text('Particulars', MARGIN + 6, l.y + 4.5, CONTENT_WIDTH - amountW - 20, { face: 'bold', size: 8.5, color: ACCENT });
    l.text('Amount (₹)', RIGHT - amountW - 6, l.y + 4.5, amountW, { face: 'bold', size: 8.5, color: ACCENT, align: 'right' });
    l.y += 22;
  };
  header();
  for (const [num, label, amount, options] of rows(b)) {
    const indent = options?.indent ? 14 : 0;
    const labelW2 = CONTENT_WIDTH - numW - amountW - 20 - indent;
    const style = { size: 8, face: options?.bold ? ('bold' as const) : ('regular' as const) };
    const h = l.height(label, labelW2, style);
    if (l.ensure(h + 4)) header();
    l.text(num, MARGIN + 6 + indent, l.y, numW, style);
    l.text(label, MARGIN + 6 + indent + numW, l.y, labelW2, style);
    if (amount !== null) l.line(formatInr(amount, { zero: '₹0.00' }), RIGHT - amountW - 6, l.y, amountW, { ...style, align: 'right' });
    l.y += h + 2.5;
    l.rule(l.y - 1.25);
  }

  // Tax deducted and the balance.
  l.y += 4;
  l.ensure(70);
  const tail: [string, number][] = [
    ['Tax deducted at source by this employer (total of the payslips of the year)', b.tdsDeductedPaise],
    ['Tax deducted by previous employer(s), as reported (Form 12B)', b.previousEmployerTdsPaise],
    [b.balancePaise >= 0 ? 'Balance tax payable (19 - TDS)' : 'Tax deducted in excess (TDS - 19)', Math.abs(b.balancePaise)],
  ];
  l.box(MARGIN, l.y, CONTENT_WIDTH, tail.length * 14 + 10, ACCENT_SOFT, ACCENT);
  let ty = l.y + 5;
  tail.forEach(([label, amount], i) => {
    const style = { size: 9, face: i === tail.length - 1 ? ('bold' as const) : ('regular' as const) };
    l.text(label, MARGIN + 10, ty, CONTENT_WIDTH - amountW - 30, style);
    l.line(formatInr(amount, { zero: '₹0.00' }), RIGHT - amountW - 10, ty, amountW, { ...style, align: 'right' });
    ty += 14;
  });
  l.y += tail.length * 14 + 16;
  l.ensure(30);
  l.y += l.text(
    `Computed by the payroll from the finalized payslips of the year and the employee's income-tax declaration, in the ${b.regime === 0 ? 'old regime' : 'new regime (s.115BAC)'}. Generated on ${d.generatedOn}.`,
    MARGIN,
    l.y,
    CONTENT_WIDTH,
    { size: 7.5, color: MUTED },
  );

  pageFooters(doc, 'Computer-generated Form 16 Part B. Verify with Part A (TRACES) for the tax deposited.');
  doc.end();
  return done;
}
