import { amountInWords } from '../money/words';
import { formatRupees } from '../money/inr';
import type { Form16PartB } from './form16-part-b';

/**
 * The printed layout of Form No. 16 Part B and Form No. 12BA: which figure goes in which numbered
 * row, under the label the form as notified gives it, and the employer's verification. Pure data
 * and functions; the server draws them (form16-part-b-pdf.ts).
 *
 * Sources:
 * - Form No. 16 [rule 31(1)(a)], Part B (Annexure) "Details of Salary Paid and any other income and
 *   tax deducted", as substituted by the Income-tax (Fourth Amendment) Rules 2019 (Notification
 *   No. 36/2019, G.S.R. 289(E) of 12 April 2019), rows 1–19 and the Verification; the line "Whether
 *   opting out of taxation u/s 115BAC(1A)?" for the new regime as the default from FY 2023-24
 *   (s.115BAC(1A), Finance Act 2023). Text as reproduced at
 *   https://scribd.com/document/463228028/Form-16-part-B-pdf and
 *   https://www.formsbank.com/template/117705/ (Verification).
 * - Form No. 12BA [rule 26A(2)(b)] as substituted by Notification No. 15/2021 of 11 March 2021
 *   (w.e.f. 1 April 2021), item 8 "Valuation of Perquisites" rows 1–22 and the Declaration by
 *   employer (https://www.taxtmi.com/tmi_blog_details?id=328866;
 *   https://www.scribd.com/doc/53719348/itr62form12ba for the earlier text).
 */

/** One printed row: its number as the form prints it ('1', '(a)'), its label, the amount (null: none printed). */
export interface Form16Row {
  num: string;
  label: string;
  amountPaise: number | null;
  /** Printed in the amount column instead of an amount (a figure shown in another row). */
  note?: string;
  bold?: boolean;
  indent?: boolean;
}

/** The form's question at the head of Part B. */
export const FORM16_OPTING_OUT_LABEL = 'Whether opting out of taxation u/s 115BAC(1A)?';

/** The s.VI-A sections of the payroll's tax lines (form16-part-b.ts SECTION_OF) by the row of 10 they print in. */
function chapterVIARows(b: Form16PartB): Form16Row[] {
  const of = (section: string) => b.chapterVIA.filter((r) => r.section === section).reduce((s, r) => s + r.amountPaise, 0);
  const other = of('80TTB') + of('Others');
  const limit = of('Limit');
  const rows: Form16Row[] = [
    { num: '(a)', label: 'Deduction in respect of life insurance premia, contributions to provident fund etc. under section 80C', amountPaise: null, note: 'in 10(d)', indent: true },
    { num: '(b)', label: 'Deduction in respect of contribution to certain pension funds under section 80CCC', amountPaise: null, note: 'in 10(d)', indent: true },
    { num: '(c)', label: 'Deduction in respect of contribution by taxpayer to pension scheme under section 80CCD (1)', amountPaise: null, note: 'in 10(d)', indent: true },
    { num: '(d)', label: 'Total deduction under section 80C, 80CCC and 80CCD(1)', amountPaise: of('80C'), indent: true, bold: true },
    { num: '(e)', label: 'Deductions in respect of amount paid/deposited to notified pension scheme under section 80CCD (1B)', amountPaise: of('80CCD(1B)'), indent: true },
    { num: '(f)', label: 'Deduction in respect of contribution by Employer to pension scheme under section 80CCD (2)', amountPaise: of('80CCD(2)'), indent: true },
    { num: '(g)', label: 'Deduction in respect of health insurance premia under section 80D', amountPaise: of('80D'), indent: true },
    { num: '(h)', label: 'Deduction in respect of interest on loan taken for higher education under section 80E', amountPaise: of('80E'), indent: true },
    { num: '(i)', label: 'Total Deduction in respect of donations to certain funds, charitable institutions, etc. under section 80G', amountPaise: null, note: 'in 10(l)', indent: true },
    { num: '(j)', label: 'Deduction in respect of interest on deposits in savings account under section 80TTA', amountPaise: of('80TTA'), indent: true },
    { num: '(k)', label: 'Amount deductible under any other provision(s) of Chapter VI-A (80G, 80TTB, 80U, 80DD, 80DDB, 80EEB)', amountPaise: other, indent: true },
    { num: '(l)', label: 'Total of amount deductible under any other provision(s) of Chapter VI-A', amountPaise: other, indent: true, bold: true },
  ];
  if (limit !== 0) rows.push({ num: '', label: 'Less: limited by the overall cap of section 80D / section 80A(2)', amountPaise: limit, indent: true });
  return rows;
}

/** Part B rows 1–19 in the notified order and words, with this employee's figures. */
export function form16PartBRows(b: Form16PartB): Form16Row[] {
  const exempt10Total = b.otherExemptPaise;
  return [
    { num: '1', label: 'Gross Salary', amountPaise: null, bold: true },
    { num: '(a)', label: 'Salary as per provisions contained in section 17(1)', amountPaise: b.salary17_1Paise, indent: true },
    { num: '(b)', label: 'Value of perquisites under section 17(2) (as per Form No. 12BA, wherever applicable)', amountPaise: b.perquisites17_2Paise, indent: true },
    { num: '(c)', label: 'Profits in lieu of salary under section 17(3) (as per Form No. 12BA, wherever applicable)', amountPaise: b.profits17_3Paise, indent: true },
    { num: '(d)', label: 'Total', amountPaise: b.grossSalaryPaise, indent: true, bold: true },
    { num: '(e)', label: 'Reported total amount of salary received from other employer(s)', amountPaise: b.otherEmployerSalaryPaise, indent: true },
    { num: '2', label: 'Less: Allowances to the extent exempt under section 10', amountPaise: null, bold: true },
    { num: '(a)', label: 'Travel concession or assistance under section 10(5)', amountPaise: 0, indent: true },
    { num: '(b)', label: 'Death-cum-retirement gratuity under section 10(10)', amountPaise: 0, indent: true },
    { num: '(c)', label: 'Commuted value of pension under section 10(10A)', amountPaise: 0, indent: true },
    { num: '(d)', label: 'Cash equivalent of leave salary encashment under section 10(10AA)', amountPaise: 0, indent: true },
    { num: '(e)', label: 'House rent allowance under section 10(13A)', amountPaise: b.hraExemptPaise, indent: true },
    { num: '(f)', label: 'Amount of any other exemption under section 10', amountPaise: b.otherExemptPaise, indent: true },
    { num: '(g)', label: 'Total amount of any other exemption under section 10', amountPaise: exempt10Total, indent: true },
    { num: '(h)', label: 'Total amount of exemption claimed under section 10 [2(a)+2(b)+2(c)+2(d)+2(e)+2(g)]', amountPaise: b.exemptionsPaise, indent: true, bold: true },
    { num: '3', label: 'Total amount of salary received from current employer [1(d)-2(h)]', amountPaise: b.salaryFromCurrentEmployerPaise, bold: true },
    { num: '4', label: 'Less: Deductions under section 16', amountPaise: null, bold: true },
    { num: '(a)', label: 'Standard deduction under section 16(ia)', amountPaise: b.standardDeductionPaise, indent: true },
    { num: '(b)', label: 'Entertainment allowance under section 16(ii)', amountPaise: 0, indent: true },
    { num: '(c)', label: 'Tax on employment under section 16(iii)', amountPaise: b.professionalTaxPaise, indent: true },
    { num: '5', label: 'Total amount of deductions under section 16 [4(a)+4(b)+4(c)]', amountPaise: b.section16Paise, bold: true },
    { num: '6', label: 'Income chargeable under the head "Salaries" [(3+1(e)-5]', amountPaise: b.incomeFromSalaryPaise, bold: true },
    { num: '7', label: 'Add: Any other income reported by the employee under as per section 192 (2B)', amountPaise: null, bold: true },
    { num: '(a)', label: 'Income (or admissible loss) from house property reported by employee offered for TDS', amountPaise: b.housePropertyPaise, indent: true },
    { num: '(b)', label: 'Income under the head Other Sources offered for TDS', amountPaise: b.otherSourcesPaise, indent: true },
    { num: '8', label: 'Total amount of other income reported by the employee [7(a)+7(b)]', amountPaise: b.otherIncomePaise, bold: true },
    { num: '9', label: 'Gross total income (6+8)', amountPaise: b.grossTotalIncomePaise, bold: true },
    { num: '10', label: 'Deductions under Chapter VI-A', amountPaise: null, bold: true },
    ...chapterVIARows(b),
    { num: '11', label: 'Aggregate of deductible amount under Chapter VI-A [10(d)+10(e)+10(f)+10(g)+10(h)+10(i)+10(j)+10(l)]', amountPaise: b.chapterVIAPaise, bold: true },
    { num: '12', label: 'Total taxable income (9-11)', amountPaise: b.totalIncomePaise, bold: true },
    { num: '13', label: 'Tax on total income', amountPaise: b.taxOnTotalIncomePaise },
    { num: '14', label: 'Rebate under section 87A, if applicable', amountPaise: b.rebate87APaise },
    { num: '15', label: 'Surcharge, wherever applicable', amountPaise: b.surchargePaise },
    { num: '16', label: 'Health and education cess', amountPaise: b.cessPaise },
    { num: '17', label: 'Tax payable (13+15+16-14)', amountPaise: b.taxPayablePaise, bold: true },
    { num: '18', label: 'Less: Relief under section 89 (attach details)', amountPaise: b.relief89Paise },
    { num: '19', label: 'Net tax payable (17-18)', amountPaise: b.netTaxPayablePaise, bold: true },
  ];
}

/** The person responsible for deducting tax, as the verification names them. */
export interface Form16ResponsiblePerson {
  name: string;
  fatherName: string;
  designation: string;
  place: string;
}

/**
 * The Verification of Part B: the person responsible certifies the sum deducted and deposited (in
 * figures and in words, Indian style) and that the information is true.
 */
export function form16Verification(person: Pick<Form16ResponsiblePerson, 'name' | 'fatherName' | 'designation'>, taxDeductedPaise: number): string {
  const figures = formatRupees(taxDeductedPaise, { showPaise: true }).replace('₹', '');
  return (
    `I, ${person.name}, son/daughter of ${person.fatherName} working in the capacity of ${person.designation} do hereby certify that a sum of ` +
    `Rs. ${figures} [Rs. ${amountInWords(taxDeductedPaise)}] has been deducted and deposited to the credit of the Central Government. ` +
    'I further certify that the information given above is true, complete and correct and is based on the books of account, documents, TDS statements, and other available records.'
  );
}

/** Form No. 12BA item 8: the nature of perquisites (see rule 3), rows 1–20 in the notified order. */
export const FORM_12BA_NATURES = [
  'Accommodation',
  'Cars/Other automotive',
  'Sweeper, gardener, watchman or personal attendant',
  'Gas, electricity, water',
  'Interest free or concessional loans',
  'Holiday expenses',
  'Free or concessional travel',
  'Free meals',
  'Free education',
  'Gifts, vouchers, etc.',
  'Credit card expenses',
  'Club expenses',
  'Use of movable assets by employees',
  'Transfer of assets to employees',
  'Value of any other benefit/amenity/service/privilege',
  'Stock options allotted or transferred by employer being an eligible start-up referred to in section 80-IAC',
  'Stock options (non-qualified options) other than ESOP in col 16 above',
  'Contribution by employer to fund and scheme taxable under section 17(2)(vii)',
  'Annual accretion by way of interest, dividend etc. to the balance at the credit of fund and scheme referred to in section 17(2)(vii) and taxable under section 17(2)(viia)',
  'Other benefits or amenities',
] as const;

/** The row of 12BA a valued perquisite goes in (1-based, FORM_12BA_NATURES). */
export const FORM_12BA_ROW = { loan: 5 } as const;

/** One valued perquisite: its row, value as per rules and the amount recovered from the employee. */
export interface Form12BAPerquisite {
  row: number;
  valuePaise: number;
  recoveredPaise: number;
}

export interface Form12BARow {
  num: string;
  nature: string;
  /** Col. (3), (4), (5) = (3) − (4); null on rows with nothing valued. */
  valuePaise: number | null;
  recoveredPaise: number | null;
  taxablePaise: number | null;
  bold?: boolean;
}

/** Item 8 of Form 12BA: rows 1–20, 21 the total of perquisites, 22 profits in lieu of salary (s.17(3)). */
export function form12BARows(perquisites: readonly Form12BAPerquisite[], profits17_3Paise: number): Form12BARow[] {
  const total = { value: 0, recovered: 0 };
  const rows: Form12BARow[] = FORM_12BA_NATURES.map((nature, i) => {
    const mine = perquisites.filter((p) => p.row === i + 1);
    if (mine.length === 0) return { num: String(i + 1), nature, valuePaise: null, recoveredPaise: null, taxablePaise: null };
    const value = mine.reduce((s, p) => s + p.valuePaise, 0);
    const recovered = mine.reduce((s, p) => s + p.recoveredPaise, 0);
    total.value += value;
    total.recovered += recovered;
    return { num: String(i + 1), nature, valuePaise: value, recoveredPaise: recovered, taxablePaise: value - recovered };
  });
  rows.push({ num: '21', nature: 'Total value of perquisites', valuePaise: total.value, recoveredPaise: total.recovered, taxablePaise: total.value - total.recovered, bold: true });
  rows.push({ num: '22', nature: 'Total value of profits in lieu of salary as per section 17(3)', valuePaise: profits17_3Paise, recoveredPaise: 0, taxablePaise: profits17_3Paise, bold: true });
  return rows;
}

/** The Declaration by employer of Form 12BA. */
export function form12BADeclaration(person: Pick<Form16ResponsiblePerson, 'name' | 'fatherName' | 'designation'>, employerName: string): string {
  return (
    `I, ${person.name}, s/o ${person.fatherName} working as ${person.designation} (designation) do hereby declare on behalf of ${employerName} (name of the employer) ` +
    'that the information given above is based on the books of account, documents and other relevant records or information available with us and the details of value of each such perquisite are in accordance with section 17 and rules framed thereunder and that such information is true and correct.'
  );
}

/** 'YYYY-MM-DD' as DD/MM/YYYY, the form's date style. */
export function formatSlashDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d ?? ''}/${m ?? ''}/${y ?? ''}`;
}

/** The period with the employer from the first to the last month paid ('YYYY-MM'): '01/04/2025 to 31/03/2026'. */
export function form16Period(firstMonth: string, lastMonth: string): string {
  const [y, m] = lastMonth.split('-').map(Number);
  const lastDay = new Date(Date.UTC(y ?? 1970, m ?? 1, 0)).getUTCDate();
  return `${formatSlashDate(`${firstMonth}-01`)} to ${formatSlashDate(`${lastMonth}-${String(lastDay).padStart(2, '0')}`)}`;
}
