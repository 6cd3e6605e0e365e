import { checkTaxPaise } from './rules';
import { computeTaxPosition, type TaxDeclarationFigures, type TaxPosition, type TaxSalaryMonth } from './tax-position';
import type { TaxAgeBand, TaxFinancialYear, TaxRegimeCode } from './types';

/**
 * Form 16 Part B (rule 31(1)(a), the form as notified: "Details of Salary Paid and any other income
 * and tax deducted") from the year as paid: the finalized payslips' totals and the declaration the
 * payroll used. The tax is the payroll's: the figures go through computeTaxPosition — the one path
 * the declaration summary and the payroll run's TDS take — and nothing here computes tax again.
 * Only the layout (which figure goes in which numbered row) and TDS deducted / balance are added.
 */

export interface Form16PartBInput {
  financialYear: TaxFinancialYear;
  /** The regime the payroll applied (the year's last finalized payslip). */
  regime: TaxRegimeCode;
  ageBand?: TaxAgeBand;
  /** Σ of the year's finalized payslips' taxable salary, perquisites left out (s.17(1)). */
  salary17_1Paise: number;
  /** Perquisites valued by the payroll (s.17(2), Form 12BA), e.g. concessional loans. */
  perquisites17_2Paise: number;
  /** Profits in lieu of salary (s.17(3)); the payroll records none. */
  profits17_3Paise: number;
  /** Month by month basic + DA and HRA as paid (rule 2A). */
  months: readonly TaxSalaryMonth[];
  /** Σ professional tax deducted (s.16(iii)). */
  professionalTaxPaise: number;
  /** Σ employee EPF (s.80C). */
  employeeEpfPaise: number;
  declaration: TaxDeclarationFigures | null;
  useAllowed: boolean;
  /** Σ TDS of the year's finalized payslips. */
  tdsDeductedPaise: number;
}

/** One Chapter VI-A row: 'section' as the form names it (80C, 80CCD(1B), 80D, …). */
export interface Form16ChapterVIARow {
  section: string;
  label: string;
  amountPaise: number;
}

export interface Form16PartB {
  financialYear: TaxFinancialYear;
  regime: TaxRegimeCode;
  /** "Whether opting out of taxation u/s 115BAC": the old regime. */
  optingOut115BAC: boolean;
  /** 1(a)–(d), 1(e) salary from other employers (Form 12B). */
  salary17_1Paise: number;
  perquisites17_2Paise: number;
  profits17_3Paise: number;
  grossSalaryPaise: number;
  otherEmployerSalaryPaise: number;
  /** 2: s.10 exemptions allowed — HRA s.10(13A), any other, total. */
  hraExemptPaise: number;
  otherExemptPaise: number;
  exemptionsPaise: number;
  /** 3: 1(d) − 2(h). */
  salaryFromCurrentEmployerPaise: number;
  /** 4(a), 4(c), 5. */
  standardDeductionPaise: number;
  professionalTaxPaise: number;
  section16Paise: number;
  /** 6: income chargeable under the head "Salaries". */
  incomeFromSalaryPaise: number;
  /** 7(a) house property (negative for a loss), 7(b) other sources, 8 their total. */
  housePropertyPaise: number;
  otherSourcesPaise: number;
  otherIncomePaise: number;
  /** 9. */
  grossTotalIncomePaise: number;
  /** 10: each section allowed; 11 their aggregate (after the s.80D and s.80A(2) limits). */
  chapterVIA: Form16ChapterVIARow[];
  chapterVIAPaise: number;
  /** 12: after s.288A rounding. */
  totalIncomePaise: number;
  /** 13–19. */
  taxOnTotalIncomePaise: number;
  rebate87APaise: number;
  surchargePaise: number;
  cessPaise: number;
  /** 17: the liability, rounded per s.288B. */
  taxPayablePaise: number;
  relief89Paise: number;
  netTaxPayablePaise: number;
  /** TDS by this employer (Σ payslip TDS) and by previous employers (declared, Form 12B). */
  tdsDeductedPaise: number;
  previousEmployerTdsPaise: number;
  /** Net tax payable − both TDS: positive still due, negative deducted in excess. */
  balancePaise: number;
  /** The computation itself, for its explanation lines. */
  position: TaxPosition;
}

const SECTION_OF: Record<string, { section: string; label: string }> = {
  'deduction.80C': { section: '80C', label: 'Section 80C, 80CCC and 80CCD(1)' },
  'deduction.80CCD1B': { section: '80CCD(1B)', label: 'Section 80CCD(1B): own NPS contribution' },
  'deduction.80CCD2': { section: '80CCD(2)', label: "Section 80CCD(2): employer's NPS contribution" },
  'deduction.80D.self': { section: '80D', label: 'Section 80D: health insurance' },
  'deduction.80D.parents': { section: '80D', label: 'Section 80D: health insurance' },
  'deduction.80E': { section: '80E', label: 'Section 80E: interest on education loan' },
  'deduction.80TTA': { section: '80TTA', label: 'Section 80TTA: savings interest' },
  'deduction.80TTB': { section: '80TTB', label: 'Section 80TTB: deposit interest' },
  'deduction.other': { section: 'Others', label: 'Other sections (80G, 80U, 80DD, 80DDB, 80EEB)' },
};

/** The Part B figures of one employee's year. */
export function computeForm16PartB(input: Form16PartBInput): Form16PartB {
  checkTaxPaise(input.salary17_1Paise, 'salary17_1');
  checkTaxPaise(input.perquisites17_2Paise, 'perquisites17_2');
  checkTaxPaise(input.profits17_3Paise, 'profits17_3');
  checkTaxPaise(input.tdsDeductedPaise, 'tdsDeducted');
  const grossSalaryPaise = input.salary17_1Paise + input.perquisites17_2Paise + input.profits17_3Paise;
  const position = computeTaxPosition({
    financialYear: input.financialYear,
    regime: input.regime,
    ...(input.ageBand ? { ageBand: input.ageBand } : {}),
    salary: { grossSalaryPaise, months: input.months, professionalTaxPaise: input.professionalTaxPaise, employeeEpfPaise: input.employeeEpfPaise },
    declaration: input.declaration,
    useAllowed: input.useAllowed,
  });
  const t = position.tax;

  // Chapter VI-A by section, in the order the engine allowed them; the two 80D limbs are one row.
  const rows = new Map<string, Form16ChapterVIARow>();
  for (const line of t.lines) {
    const where = SECTION_OF[line.code];
    if (!where || !line.amountPaise) continue;
    const row = rows.get(where.section) ?? { ...where, amountPaise: 0 };
    row.amountPaise += line.amountPaise;
    rows.set(where.section, row);
  }
  const chapterVIA = [...rows.values()];
  // s.80D's overall cap and s.80A(2) (deductions up to the gross total income) cut the sections'
  // sum down to the aggregate: shown as its own row so rows 10 add up to row 11.
  const listed = chapterVIA.reduce((s, r) => s + r.amountPaise, 0);
  if (listed > t.chapterVIAPaise) chapterVIA.push({ section: 'Limit', label: 'Less: limited by s.80D overall cap / s.80A(2)', amountPaise: t.chapterVIAPaise - listed });

  const hraExemptPaise = Math.min(position.hra?.exemptPaise ?? 0, t.exemptionsPaise);
  const otherEmployerSalaryPaise = t.grossSalaryPaise - grossSalaryPaise;
  const relief89Paise = 0;
  const netTaxPayablePaise = t.totalTaxPaise - relief89Paise;
  return {
    financialYear: input.financialYear,
    regime: input.regime,
    optingOut115BAC: input.regime === 0,
    salary17_1Paise: input.salary17_1Paise,
    perquisites17_2Paise: input.perquisites17_2Paise,
    profits17_3Paise: input.profits17_3Paise,
    grossSalaryPaise,
    otherEmployerSalaryPaise,
    hraExemptPaise,
    otherExemptPaise: t.exemptionsPaise - hraExemptPaise,
    exemptionsPaise: t.exemptionsPaise,
    salaryFromCurrentEmployerPaise: grossSalaryPaise - t.exemptionsPaise,
    standardDeductionPaise: t.standardDeductionPaise,
    professionalTaxPaise: t.professionalTaxPaise,
    section16Paise: t.section16Paise,
    incomeFromSalaryPaise: t.incomeFromSalaryPaise,
    housePropertyPaise: t.housePropertyPaise,
    otherSourcesPaise: t.otherIncomePaise,
    otherIncomePaise: t.housePropertyPaise + t.otherIncomePaise,
    grossTotalIncomePaise: t.grossTotalIncomePaise,
    chapterVIA,
    chapterVIAPaise: t.chapterVIAPaise,
    totalIncomePaise: t.taxableIncomePaise,
    taxOnTotalIncomePaise: t.baseTaxPaise,
    rebate87APaise: t.rebate87APaise,
    surchargePaise: t.surchargePaise,
    cessPaise: t.cessPaise,
    taxPayablePaise: t.totalTaxPaise,
    relief89Paise,
    netTaxPayablePaise,
    tdsDeductedPaise: input.tdsDeductedPaise,
    previousEmployerTdsPaise: t.previousEmploymentTdsPaise,
    balancePaise: netTaxPayablePaise - input.tdsDeductedPaise - t.previousEmploymentTdsPaise,
    position,
  };
}
