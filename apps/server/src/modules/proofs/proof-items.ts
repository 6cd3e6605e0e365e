import { DECLARATION_FIELD_ITEMS, type DeclarationIncomeField } from '@tankha/contracts';
import type { DeclarationService } from '../declarations/declarations.service';

/** A declaration with its sections, as the declarations module hands it out. */
export type DeclarationAggregate = NonNullable<Awaited<ReturnType<DeclarationService['aggregateById']>>>;
type DeclarationRow = DeclarationAggregate['declaration'];

/** The paise columns of a field item on the declaration row: declared, actual, allowed. */
const FIELD_COLUMNS: Record<DeclarationIncomeField, { declared: keyof DeclarationRow; actual: keyof DeclarationRow; allowed: keyof DeclarationRow }> = {
  incomeOtherSources: { declared: 'incomeOtherSourcesPaise', actual: 'actualIncomeOtherSourcesPaise', allowed: 'allowedIncomeOtherSourcesPaise' },
  interestFromSavings: { declared: 'interestFromSavingsPaise', actual: 'actualInterestFromSavingsPaise', allowed: 'allowedInterestFromSavingsPaise' },
  interestFromFD: { declared: 'interestFromFdPaise', actual: 'actualInterestFromFdPaise', allowed: 'allowedInterestFromFdPaise' },
  interestFromNSC: { declared: 'interestFromNscPaise', actual: 'actualInterestFromNscPaise', allowed: 'allowedInterestFromNscPaise' },
  previousEmploymentIncome: { declared: 'previousEmploymentIncomePaise', actual: 'actualPreviousEmploymentIncomePaise', allowed: 'allowedPreviousEmploymentIncomePaise' },
  previousEmploymentTaxPaid: { declared: 'previousEmploymentTaxPaidPaise', actual: 'actualPreviousEmploymentTaxPaidPaise', allowed: 'allowedPreviousEmploymentTaxPaidPaise' },
  previousEmploymentProfessionalTax: { declared: 'previousEmploymentProfessionalTaxPaise', actual: 'actualPreviousEmploymentProfessionalTaxPaise', allowed: 'allowedPreviousEmploymentProfessionalTaxPaise' },
  previousEmploymentEPF: { declared: 'previousEmploymentEpfPaise', actual: 'actualPreviousEmploymentEpfPaise', allowed: 'allowedPreviousEmploymentEpfPaise' },
  previousEmploymentLeaveEncashment: { declared: 'previousEmploymentLeaveEncashmentPaise', actual: 'actualPreviousEmploymentLeaveEncashmentPaise', allowed: 'allowedPreviousEmploymentLeaveEncashmentPaise' },
};

export function fieldColumns(field: DeclarationIncomeField) {
  return FIELD_COLUMNS[field];
}

/** One amount of an item: what was declared, proved (null: not entered) and allowed (null: not reviewed). */
export interface ItemAmount {
  /** The review input's and the allowed column's name for it. */
  part: 'allowedAmount' | 'allowedAnnualRentReceived' | 'allowedMunicipalTaxesPaid' | 'allowedPrincipalPaidOnHomeLoan' | 'allowedInterestPaidOnHomeLoan';
  declaredPaise: number;
  actualPaise: number | null;
  allowedPaise: number | null;
}

/** An item of a declaration: a row (rent, let-out, home loan, deduction) or a field of the declaration. */
export type DeclarationItem =
  | { kind: 'rent' | 'letOut' | 'loan' | 'deduction'; id: string; amounts: ItemAmount[]; isApproved: boolean | null; letOutId?: string | null }
  | { kind: 'field'; id: DeclarationIncomeField; amounts: ItemAmount[]; isApproved: boolean | null };

const isField = (id: string): id is DeclarationIncomeField => (DECLARATION_FIELD_ITEMS as readonly string[]).includes(id);

/** Review state of a field item, which has no flag column: refused when nothing is allowed of a claim, else approved once allowed. */
function fieldApproval(a: ItemAmount): boolean | null {
  if (a.allowedPaise === null) return null;
  const claimed = a.actualPaise ?? a.declaredPaise;
  return !(a.allowedPaise === 0 && claimed > 0);
}

/** Every item of a declaration that is in force (the sections answered Yes), in form order. */
export function itemsOf(agg: DeclarationAggregate): DeclarationItem[] {
  const d = agg.declaration;
  const out: DeclarationItem[] = [];
  if (d.isRentedAccommodation) {
    for (const r of agg.rents) out.push({ kind: 'rent', id: r.id, isApproved: r.isApproved, amounts: [{ part: 'allowedAmount', declaredPaise: r.declaredAmountPaise, actualPaise: r.actualAmountPaise, allowedPaise: r.allowedAmountPaise }] });
  }
  const loanItem = (l: DeclarationAggregate['loans'][number]): DeclarationItem => ({
    kind: 'loan',
    id: l.id,
    letOutId: l.letOutId,
    isApproved: l.isApproved,
    amounts: [
      { part: 'allowedPrincipalPaidOnHomeLoan', declaredPaise: l.principalPaidPaise, actualPaise: l.actualPrincipalPaidPaise, allowedPaise: l.allowedPrincipalPaidPaise },
      { part: 'allowedInterestPaidOnHomeLoan', declaredPaise: l.interestPaidPaise, actualPaise: l.actualInterestPaidPaise, allowedPaise: l.allowedInterestPaidPaise },
    ],
  });
  if (d.hasLoanOnSelfOccupiedHome) {
    const self = agg.loans.find((l) => l.letOutId === null);
    if (self) out.push(loanItem(self));
  }
  if (d.isLetOutProperty) {
    for (const p of agg.letOuts) {
      out.push({
        kind: 'letOut',
        id: p.id,
        isApproved: p.isApproved,
        amounts: [
          { part: 'allowedAnnualRentReceived', declaredPaise: p.annualRentReceivedPaise, actualPaise: p.actualAnnualRentReceivedPaise, allowedPaise: p.allowedAnnualRentReceivedPaise },
          { part: 'allowedMunicipalTaxesPaid', declaredPaise: p.municipalTaxesPaidPaise, actualPaise: p.actualMunicipalTaxesPaidPaise, allowedPaise: p.allowedMunicipalTaxesPaidPaise },
        ],
      });
      const loan = p.hasHomeLoan ? agg.loans.find((l) => l.letOutId === p.id) : undefined;
      if (loan) out.push(loanItem(loan));
    }
  }
  for (const field of DECLARATION_FIELD_ITEMS) {
    const c = FIELD_COLUMNS[field];
    const amount: ItemAmount = { part: 'allowedAmount', declaredPaise: d[c.declared] as number, actualPaise: d[c.actual] as number | null, allowedPaise: d[c.allowed] as number | null };
    out.push({ kind: 'field', id: field, isApproved: fieldApproval(amount), amounts: [amount] });
  }
  for (const x of agg.deductions) out.push({ kind: 'deduction', id: x.id, isApproved: x.isApproved, amounts: [{ part: 'allowedAmount', declaredPaise: x.declaredAmountPaise, actualPaise: x.actualAmountPaise, allowedPaise: x.allowedAmountPaise }] });
  return out;
}

/** The item `itemId` names in the declaration, or undefined. */
export function findItem(agg: DeclarationAggregate, itemId: string): DeclarationItem | undefined {
  if (isField(itemId)) return itemsOf(agg).find((i) => i.kind === 'field' && i.id === itemId);
  return itemsOf(agg).find((i) => i.id === itemId);
}

/** An item with something to review: an amount declared or proved. */
export function isClaimed(item: DeclarationItem): boolean {
  return item.amounts.some((a) => a.declaredPaise > 0 || (a.actualPaise ?? 0) > 0);
}

/** What a reviewer may allow of an amount: the amount proved, or the one declared when no actual amount was entered. */
export function claimedPaise(a: ItemAmount): number {
  return a.actualPaise ?? a.declaredPaise;
}
