import { computeLetOutProperty, rupeesToPaise } from '@tankha/domain';
import { SECTION_80C_LIMIT, SECTION_80D_LIMIT, type Declaration, type DeclarationInput, type DeductionOptionCategory } from '@tankha/contracts';

export interface RentRow {
  id?: string | undefined;
  rentalPeriodStart: string;
  rentalPeriodEnd: string;
  totalAmount: number;
  address: string;
  landlordName: string;
  landlordPan: string;
  urbanizationType: 'Metro' | 'NonMetro';
}
export interface LoanRow {
  principalPaidOnHomeLoan: number;
  interestPaidOnHomeLoan: number;
  lenderName: string;
  lenderPan: string;
}
export interface LetOutRow {
  id?: string | undefined;
  annualRentReceived: number;
  municipalTaxesPaid: number;
  hasHomeLoan: boolean;
  homeLoanDetail: LoanRow;
}
export interface DeductionRow {
  id?: string | undefined;
  deductionItemId: number | null;
  declaredAmount: number;
}

/** The form's state: amounts in rupees, as typed. */
export interface DeclarationFormState {
  isRentedAccomodation: boolean;
  houseRentDetails: RentRow[];
  hasLoanOnSelfOccupiedHome: boolean;
  selfOccupiedHomeLoan: LoanRow;
  isLetOutProperty: boolean;
  letOutProperties: LetOutRow[];
  incomeOtherSources: number;
  interestFromSavings: number;
  interestFromFD: number;
  interestFromNSC: number;
  deductions: Record<1 | 2 | 3, DeductionRow[]>;
  previousEmploymentIncome: number;
  previousEmploymentTaxPaid: number;
  previousEmploymentProfessionalTax: number;
  previousEmploymentEPF: number;
  previousEmploymentLeaveEncashment: number;
}

export const blankLoan = (): LoanRow => ({ principalPaidOnHomeLoan: 0, interestPaidOnHomeLoan: 0, lenderName: '', lenderPan: '' });
export const blankLetOut = (): LetOutRow => ({ annualRentReceived: 0, municipalTaxesPaid: 0, hasHomeLoan: false, homeLoanDetail: blankLoan() });
export const blankRent = (financialYearStart: number): RentRow => ({
  rentalPeriodStart: `${String(financialYearStart)}-04`,
  rentalPeriodEnd: `${String(financialYearStart + 1)}-03`,
  totalAmount: 0,
  address: '',
  landlordName: '',
  landlordPan: '',
  urbanizationType: 'NonMetro',
});
export const blankDeduction = (): DeductionRow => ({ deductionItemId: null, declaredAmount: 0 });

/** A new declaration, or a saved one to update (payroll spec §8: the forms start with one blank row each). */
export function formStateOf(declaration: Declaration | null, financialYearStart: number): DeclarationFormState {
  const byCategory = (id: number): DeductionRow[] => {
    const rows = (declaration?.deductions ?? []).filter((d) => d.categoryId === id).map((d) => ({ id: d.id, deductionItemId: d.deductionItemId, declaredAmount: d.declaredAmount }));
    return rows.length > 0 ? rows : [blankDeduction()];
  };
  const loan = (l: Declaration['selfOccupiedHomeLoan']): LoanRow =>
    l ? { principalPaidOnHomeLoan: l.principalPaidOnHomeLoan, interestPaidOnHomeLoan: l.interestPaidOnHomeLoan, lenderName: l.lenderName ?? '', lenderPan: l.lenderPan ?? '' } : blankLoan();
  return {
    isRentedAccomodation: declaration?.isRentedAccomodation ?? false,
    houseRentDetails: declaration?.houseRentDetails.length
      ? declaration.houseRentDetails.map((r) => ({
          id: r.id,
          rentalPeriodStart: r.rentalPeriodStart,
          rentalPeriodEnd: r.rentalPeriodEnd,
          totalAmount: r.totalAmount,
          address: r.address ?? '',
          landlordName: r.landlordName ?? '',
          landlordPan: r.landlordPan ?? '',
          urbanizationType: r.urbanizationType,
        }))
      : [blankRent(financialYearStart)],
    hasLoanOnSelfOccupiedHome: declaration?.hasLoanOnSelfOccupiedHome ?? false,
    selfOccupiedHomeLoan: loan(declaration?.selfOccupiedHomeLoan ?? null),
    isLetOutProperty: declaration?.isLetOutProperty ?? false,
    letOutProperties: declaration?.letOutProperties.length
      ? declaration.letOutProperties.map((p) => ({ id: p.id, annualRentReceived: p.annualRentReceived, municipalTaxesPaid: p.municipalTaxesPaid, hasHomeLoan: p.hasHomeLoan, homeLoanDetail: loan(p.homeLoanDetail) }))
      : [],
    incomeOtherSources: declaration?.incomeOtherSources ?? 0,
    interestFromSavings: declaration?.interestFromSavings ?? 0,
    interestFromFD: declaration?.interestFromFD ?? 0,
    interestFromNSC: declaration?.interestFromNSC ?? 0,
    deductions: { 1: byCategory(1), 2: byCategory(2), 3: byCategory(3) },
    previousEmploymentIncome: declaration?.previousEmploymentIncome ?? 0,
    previousEmploymentTaxPaid: declaration?.previousEmploymentTaxPaid ?? 0,
    previousEmploymentProfessionalTax: declaration?.previousEmploymentProfessionalTax ?? 0,
    previousEmploymentEPF: declaration?.previousEmploymentEPF ?? 0,
    previousEmploymentLeaveEncashment: declaration?.previousEmploymentLeaveEncashment ?? 0,
  };
}

/** Payroll spec §4 "Let-out property calculations", the domain's rule in rupees. */
export function letOutFigures(p: LetOutRow): { netAnnualValue: number; standardDeduction: number; netIncomeOrLoss: number } {
  const r = computeLetOutProperty({
    annualRentPaise: rupeesToPaise(p.annualRentReceived),
    municipalTaxPaise: rupeesToPaise(p.municipalTaxesPaid),
    interestPaise: p.hasHomeLoan ? rupeesToPaise(p.homeLoanDetail.interestPaidOnHomeLoan) : 0,
  });
  return { netAnnualValue: r.netAnnualValuePaise / 100, standardDeduction: r.standardDeductionPaise / 100, netIncomeOrLoss: r.netIncomePaise / 100 };
}

/** Payroll spec §5: each item amount clamped to the item's maxLimit. */
export function clampAmount(options: readonly DeductionOptionCategory[], itemId: number | null, amount: number): number {
  const limit = options.flatMap((c) => c.items).find((i) => i.itemId === itemId)?.maxLimit ?? null;
  const value = Math.max(0, Number.isFinite(amount) ? amount : 0);
  return limit === null ? value : Math.min(value, limit);
}

const sum = (values: readonly number[]) => Math.round(values.reduce((s, v) => s + v, 0) * 100) / 100;

/** Each section's declared total (the section header rows) and the footer's Total Declared. */
export function sectionTotals(f: DeclarationFormState): Record<'rent' | 'homeLoan' | 'letOut' | 'otherSources' | 'c80' | 'd80' | 'other' | 'previous' | 'total', number> {
  const rent = f.isRentedAccomodation ? sum(f.houseRentDetails.map((r) => r.totalAmount)) : 0;
  const homeLoan = f.hasLoanOnSelfOccupiedHome ? sum([f.selfOccupiedHomeLoan.principalPaidOnHomeLoan, f.selfOccupiedHomeLoan.interestPaidOnHomeLoan]) : 0;
  const letOut = f.isLetOutProperty ? sum(f.letOutProperties.map((p) => p.annualRentReceived)) : 0;
  const otherSources = sum([f.incomeOtherSources, f.interestFromSavings, f.interestFromFD, f.interestFromNSC]);
  const c80 = sum(f.deductions[1].map((d) => d.declaredAmount));
  const d80 = sum(f.deductions[2].map((d) => d.declaredAmount));
  const other = sum(f.deductions[3].map((d) => d.declaredAmount));
  const previous = f.previousEmploymentIncome;
  return { rent, homeLoan, letOut, otherSources, c80, d80, other, previous, total: sum([rent, homeLoan, letOut, otherSources, c80, d80, other, previous]) };
}

/** Payroll spec §5: 80C over ₹1,50,000 and 80D over ₹1,00,000 block the submit. */
export function limitViolations(f: DeclarationFormState): { sec80C: boolean; sec80D: boolean } {
  const t = sectionTotals(f);
  return { sec80C: t.c80 > SECTION_80C_LIMIT, sec80D: t.d80 > SECTION_80D_LIMIT };
}

/** The request body: sections answered No are sent empty; deductions with no item chosen are dropped. */
export function inputOf(f: DeclarationFormState, financialYearStart: number, employeeId: string | undefined): DeclarationInput {
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  const loan = (l: LoanRow) => ({ principalPaidOnHomeLoan: l.principalPaidOnHomeLoan, interestPaidOnHomeLoan: l.interestPaidOnHomeLoan, lenderName: text(l.lenderName), lenderPan: text(l.lenderPan) });
  return {
    ...(employeeId ? { employeeId } : {}),
    financialYearStart,
    financialYearEnd: financialYearStart + 1,
    isRentedAccomodation: f.isRentedAccomodation,
    houseRentDetails: f.isRentedAccomodation
      ? f.houseRentDetails.map((r) => ({ ...(r.id ? { id: r.id } : {}), rentalPeriodStart: r.rentalPeriodStart, rentalPeriodEnd: r.rentalPeriodEnd, totalAmount: r.totalAmount, address: text(r.address), landlordName: text(r.landlordName), landlordPan: text(r.landlordPan), urbanizationType: r.urbanizationType }))
      : [],
    hasLoanOnSelfOccupiedHome: f.hasLoanOnSelfOccupiedHome,
    selfOccupiedHomeLoan: f.hasLoanOnSelfOccupiedHome ? loan(f.selfOccupiedHomeLoan) : null,
    isLetOutProperty: f.isLetOutProperty,
    letOutProperties: f.isLetOutProperty
      ? f.letOutProperties.map((p) => ({ ...(p.id ? { id: p.id } : {}), annualRentReceived: p.annualRentReceived, municipalTaxesPaid: p.municipalTaxesPaid, hasHomeLoan: p.hasHomeLoan, homeLoanDetail: p.hasHomeLoan ? loan(p.homeLoanDetail) : null }))
      : [],
    deductions: ([1, 2, 3] as const).flatMap((c) =>
      f.deductions[c].flatMap((d) => (d.deductionItemId === null ? [] : [{ ...(d.id ? { id: d.id } : {}), deductionItemId: d.deductionItemId, categoryId: c, declaredAmount: d.declaredAmount }])),
    ),
    incomeOtherSources: f.incomeOtherSources,
    interestFromSavings: f.interestFromSavings,
    interestFromFD: f.interestFromFD,
    interestFromNSC: f.interestFromNSC,
    previousEmploymentIncome: f.previousEmploymentIncome,
    previousEmploymentTaxPaid: f.previousEmploymentTaxPaid,
    previousEmploymentProfessionalTax: f.previousEmploymentProfessionalTax,
    previousEmploymentEPF: f.previousEmploymentEPF,
    previousEmploymentLeaveEncashment: f.previousEmploymentLeaveEncashment,
    isDraft: false,
    isSubmitted: true,
  };
}
