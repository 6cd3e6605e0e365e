import type { Declaration, PoiSubmitInput } from '@tankha/contracts';

/** The sections of the declaration and POI forms (payroll spec §2 "IT declaration form"). */
export const POI_SECTIONS = ['Rented House', 'Home Loan', 'Let Out Property', 'Other Sources', 'Section 80C', 'Section 80D', 'Other Investments', 'Previous Employment'] as const;
export type PoiSection = (typeof POI_SECTIONS)[number];

export type AmountPart = 'allowedAmount' | 'allowedAnnualRentReceived' | 'allowedMunicipalTaxesPaid' | 'allowedPrincipalPaidOnHomeLoan' | 'allowedInterestPaidOnHomeLoan';

/** One amount of one item: a line of the POI form, the POI summary and the review screen. */
export interface PoiRow {
  /** `${itemId}:${part}`: the form's key. */
  key: string;
  itemId: string;
  part: AmountPart;
  /** The first amount of its item (comments and approval are shown there). */
  first: boolean;
  section: PoiSection;
  label: string;
  declared: number;
  actual: number | null;
  allowed: number | null;
  isPOISubmitted: boolean;
  isApproved: boolean | null;
  /** Payroll spec §3 "Proof document types". */
  documentType: number;
  /** The upload's item field (payroll spec §7), when the item is a row. */
  upload: { houseRentDetailId: string } | { letoutPropertyId: string } | { employeeDeductionId: string } | null;
}

const FIELDS: { field: keyof Declaration & string; label: string; section: PoiSection; documentType: number }[] = [
  { field: 'incomeOtherSources', label: 'Income from other sources', section: 'Other Sources', documentType: 13 },
  { field: 'interestFromSavings', label: 'Interest from savings account', section: 'Other Sources', documentType: 14 },
  { field: 'interestFromFD', label: 'Interest from fixed deposits', section: 'Other Sources', documentType: 15 },
  { field: 'interestFromNSC', label: 'Interest from NSC', section: 'Other Sources', documentType: 16 },
  { field: 'previousEmploymentIncome', label: 'Income from previous employment', section: 'Previous Employment', documentType: 8 },
  { field: 'previousEmploymentTaxPaid', label: 'Tax paid by previous employer', section: 'Previous Employment', documentType: 9 },
  { field: 'previousEmploymentProfessionalTax', label: 'Professional tax (previous employment)', section: 'Previous Employment', documentType: 10 },
  { field: 'previousEmploymentEPF', label: 'EPF (previous employment)', section: 'Previous Employment', documentType: 11 },
  { field: 'previousEmploymentLeaveEncashment', label: 'Leave encashment (previous employment)', section: 'Previous Employment', documentType: 12 },
];
const cap = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;
const SECTION_OF_CATEGORY: Record<number, PoiSection> = { 1: 'Section 80C', 2: 'Section 80D', 3: 'Other Investments' };

/** Field items are reviewed by amount alone: refused when nothing is allowed of a claim. */
function fieldApproval(declared: number, actual: number | null, allowed: number | null): boolean | null {
  if (allowed === null) return null;
  return !(allowed === 0 && (actual ?? declared) > 0);
}

/** The rows of a declaration in form order; the sections answered No and unused fields are left out. */
export function poiRows(d: Declaration, { includeEmpty = false }: { includeEmpty?: boolean } = {}): PoiRow[] {
  const rows: PoiRow[] = [];
  if (d.isRentedAccomodation) {
    d.houseRentDetails.forEach((r, i) =>
      rows.push({
        key: `${r.id}:allowedAmount`,
        itemId: r.id,
        part: 'allowedAmount',
        first: true,
        section: 'Rented House',
        label: `Rent ${r.rentalPeriodStart} to ${r.rentalPeriodEnd}${d.houseRentDetails.length > 1 ? ` (house ${String(i + 1)})` : ''}`,
        declared: r.totalAmount,
        actual: r.actualAmount,
        allowed: r.allowedAmount,
        isPOISubmitted: r.isPOISubmitted,
        isApproved: r.isApproved,
        documentType: 7,
        upload: { houseRentDetailId: r.id },
      }),
    );
  }
  const loanRows = (l: NonNullable<Declaration['selfOccupiedHomeLoan']>, section: PoiSection, prefix: string, types: [number, number], upload: PoiRow['upload']) => {
    rows.push(
      { key: `${l.id}:allowedPrincipalPaidOnHomeLoan`, itemId: l.id, part: 'allowedPrincipalPaidOnHomeLoan', first: true, section, label: `${prefix}home loan principal`, declared: l.principalPaidOnHomeLoan, actual: l.actualPrincipalPaidOnHomeLoan, allowed: l.allowedPrincipalPaidOnHomeLoan, isPOISubmitted: l.isPOISubmitted, isApproved: l.isApproved, documentType: types[0], upload },
      { key: `${l.id}:allowedInterestPaidOnHomeLoan`, itemId: l.id, part: 'allowedInterestPaidOnHomeLoan', first: false, section, label: `${prefix}home loan interest`, declared: l.interestPaidOnHomeLoan, actual: l.actualInterestPaidOnHomeLoan, allowed: l.allowedInterestPaidOnHomeLoan, isPOISubmitted: l.isPOISubmitted, isApproved: l.isApproved, documentType: types[1], upload },
    );
  };
  if (d.hasLoanOnSelfOccupiedHome && d.selfOccupiedHomeLoan) loanRows(d.selfOccupiedHomeLoan, 'Home Loan', 'Self-occupied ', [1, 2], null);
  if (d.isLetOutProperty) {
    d.letOutProperties.forEach((p, i) => {
      const n = d.letOutProperties.length > 1 ? ` ${String(i + 1)}` : '';
      const upload = { letoutPropertyId: p.id };
      rows.push(
        { key: `${p.id}:allowedAnnualRentReceived`, itemId: p.id, part: 'allowedAnnualRentReceived', first: true, section: 'Let Out Property', label: `Property${n}: annual rent received`, declared: p.annualRentReceived, actual: p.actualAnnualRentReceived, allowed: p.allowedAnnualRentReceived, isPOISubmitted: p.isPOISubmitted, isApproved: p.isApproved, documentType: 3, upload },
        { key: `${p.id}:allowedMunicipalTaxesPaid`, itemId: p.id, part: 'allowedMunicipalTaxesPaid', first: false, section: 'Let Out Property', label: `Property${n}: municipal taxes paid`, declared: p.municipalTaxesPaid, actual: p.actualMunicipalTaxesPaid, allowed: p.allowedMunicipalTaxesPaid, isPOISubmitted: p.isPOISubmitted, isApproved: p.isApproved, documentType: 4, upload },
      );
      if (p.hasHomeLoan && p.homeLoanDetail) loanRows(p.homeLoanDetail, 'Let Out Property', `Property${n}: `, [5, 6], upload);
    });
  }
  for (const f of FIELDS.filter((x) => x.section === 'Other Sources')) pushField(f);
  for (const x of d.deductions) {
    rows.push({
      key: `${x.id}:allowedAmount`,
      itemId: x.id,
      part: 'allowedAmount',
      first: true,
      section: SECTION_OF_CATEGORY[x.categoryId] ?? 'Other Investments',
      label: x.deductionItemName,
      declared: x.declaredAmount,
      actual: x.actualAmount,
      allowed: x.allowedAmount,
      isPOISubmitted: x.isPOISubmitted,
      isApproved: x.isApproved,
      documentType: 0,
      upload: { employeeDeductionId: x.id },
    });
  }
  for (const f of FIELDS.filter((x) => x.section === 'Previous Employment')) pushField(f);
  return rows;

  function pushField(f: (typeof FIELDS)[number]) {
    const declared = d[f.field] as number;
    const actual = d[`actual${cap(f.field)}` as keyof Declaration] as number | null;
    const allowed = d[`allowed${cap(f.field)}` as keyof Declaration] as number | null;
    if (!includeEmpty && declared === 0 && (actual ?? 0) === 0) return;
    rows.push({ key: `${f.field}:allowedAmount`, itemId: f.field, part: 'allowedAmount', first: true, section: f.section, label: f.label, declared, actual, allowed, isPOISubmitted: actual !== null, isApproved: fieldApproval(declared, actual, allowed), documentType: f.documentType, upload: null });
  }
}

/** The submit body from the rows' actual amounts (payroll spec §7 "Submit POI"). */
export function poiSubmitBody(d: Declaration, actual: Record<string, number | null>): PoiSubmitInput {
  const a = (itemId: string, part: AmountPart) => actual[`${itemId}:${part}`] ?? null;
  const loan = (l: NonNullable<Declaration['selfOccupiedHomeLoan']>) => ({ actualPrincipalPaidOnHomeLoan: a(l.id, 'allowedPrincipalPaidOnHomeLoan'), actualInterestPaidOnHomeLoan: a(l.id, 'allowedInterestPaidOnHomeLoan') });
  const field = (f: string) => a(f, 'allowedAmount');
  return {
    declarationId: d.id,
    houseRentDetails: d.isRentedAccomodation ? d.houseRentDetails.map((r) => ({ id: r.id, actualAmount: a(r.id, 'allowedAmount') })) : [],
    letOutProperties: d.isLetOutProperty
      ? d.letOutProperties.map((p) => ({ id: p.id, actualAnnualRentReceived: a(p.id, 'allowedAnnualRentReceived'), actualMunicipalTaxesPaid: a(p.id, 'allowedMunicipalTaxesPaid'), homeLoanDetail: p.hasHomeLoan && p.homeLoanDetail ? loan(p.homeLoanDetail) : null }))
      : [],
    selfOccupiedHomeLoan: d.hasLoanOnSelfOccupiedHome && d.selfOccupiedHomeLoan ? loan(d.selfOccupiedHomeLoan) : null,
    deductions: d.deductions.map((x) => ({ id: x.id, deductionItemId: x.deductionItemId, actualAmount: a(x.id, 'allowedAmount') })),
    actualIncomeOtherSources: field('incomeOtherSources'),
    actualInterestFromSavings: field('interestFromSavings'),
    actualInterestFromFD: field('interestFromFD'),
    actualInterestFromNSC: field('interestFromNSC'),
    actualPreviousEmploymentIncome: field('previousEmploymentIncome'),
    actualPreviousEmploymentTaxPaid: field('previousEmploymentTaxPaid'),
    actualPreviousEmploymentProfessionalTax: field('previousEmploymentProfessionalTax'),
    actualPreviousEmploymentEPF: field('previousEmploymentEPF'),
    actualPreviousEmploymentLeaveEncashment: field('previousEmploymentLeaveEncashment'),
    isSubmitted: true,
  };
}
