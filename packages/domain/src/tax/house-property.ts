import { percentOfPaise } from '../money/arith';
import { checkTaxPaise } from './rules';

/** s.24(a): 30% of the net annual value, whatever the actual repairs (unchanged since 2002, not budget data). */
const LET_OUT_STANDARD_DEDUCTION_PERCENT = 30;

/** One let-out property for the year (spec §3 "Let-out property"). */
export interface TaxLetOutPropertyInput {
  annualRentPaise: number;
  /** Municipal taxes paid by the owner in the year (s.23(1) proviso). */
  municipalTaxPaise?: number;
  /** Interest on a loan for the property, s.24(b): allowed in full for a let-out property. */
  interestPaise?: number;
}

export interface TaxLetOutPropertyResult {
  /** Rent − municipal taxes (spec §4); negative only when taxes exceed the rent. */
  netAnnualValuePaise: number;
  /** 30% of the net annual value (s.24(a)); nil when the NAV is not positive. */
  standardDeductionPaise: number;
  interestPaise: number;
  /** NAV − 30% − interest: income (positive) or loss (negative) from this property. */
  netIncomePaise: number;
}

/** Spec §4 "Let-out property calculations": NAV = rent − municipal taxes; 30% of NAV; net = NAV − 30% − interest. */
export function computeLetOutProperty(property: TaxLetOutPropertyInput, field = 'letOutProperties[0]'): TaxLetOutPropertyResult {
  checkTaxPaise(property.annualRentPaise, `${field}.annualRent`);
  checkTaxPaise(property.municipalTaxPaise, `${field}.municipalTax`);
  checkTaxPaise(property.interestPaise, `${field}.interest`);
  const netAnnualValuePaise = property.annualRentPaise - (property.municipalTaxPaise ?? 0);
  // Rounding point: 30% of a NAV in paise can end in a fraction of a paisa; taken down so the
  // deduction never exceeds 30%.
  const standardDeductionPaise = netAnnualValuePaise > 0 ? percentOfPaise(netAnnualValuePaise, LET_OUT_STANDARD_DEDUCTION_PERCENT, 'down') : 0;
  const interestPaise = property.interestPaise ?? 0;
  return {
    netAnnualValuePaise,
    standardDeductionPaise,
    interestPaise,
    netIncomePaise: netAnnualValuePaise - standardDeductionPaise - interestPaise,
  };
}
