/**
 * Shapes of the per-year income-tax rules. A financial year's rules are data (DESIGN §5): one
 * `years/fyYYYY-YY.ts` file per year, read by a small generic engine (`income-tax.ts`).
 * All amounts are integer paise; rates are whole or decimal percents.
 */

/** Wire and storage code of a tax regime (DESIGN §5): 0 = Old, 1 = New (the default, s.115BAC(1A)). */
export type TaxRegimeCode = 0 | 1;

/** Age of a resident individual at any time in the year; only the old regime's slabs depend on it. */
export type TaxAgeBand = 'below60' | '60to80' | 'above80';

/** Financial years the engine has rules for ('2026-27' is "tax year 2026-27" under the Income-tax Act, 2025). */
export type TaxFinancialYear = '2024-25' | '2025-26' | '2026-27';

/** One slab: the rate applies to the part of total income above `fromPaise` up to the next slab's `fromPaise`. */
export interface TaxSlab {
  readonly fromPaise: number;
  readonly ratePercent: number;
}

/** s.87A: full rebate up to `maxRebatePaise` when total income ≤ `maxIncomePaise`. */
export interface TaxRebate87ARule {
  readonly maxIncomePaise: number;
  readonly maxRebatePaise: number;
  /** First proviso (new regime only): tax payable never exceeds the income above `maxIncomePaise`. */
  readonly marginalRelief: boolean;
}

/** Surcharge on income-tax when total income exceeds `aboveIncomePaise` (First Schedule / Finance Act Part I). */
export interface TaxSurchargeSlab {
  readonly aboveIncomePaise: number;
  readonly ratePercent: number;
}

/** What a regime lets the employee claim. The new regime's exclusions are s.115BAC(2). */
export interface TaxRegimeAllowances {
  /** s.10 exemptions, including HRA under s.10(13A). */
  readonly section10Exemptions: boolean;
  /** s.16(iii). */
  readonly professionalTax: boolean;
  /** s.24(b) interest on a self-occupied property. */
  readonly selfOccupiedInterest: boolean;
  /** Set-off of a house-property loss against other heads (s.71(3A)). */
  readonly housePropertyLossSetOff: boolean;
  readonly sec80C: boolean;
  readonly sec80CCD1B: boolean;
  readonly sec80CCD2: boolean;
  readonly sec80D: boolean;
  readonly sec80E: boolean;
  readonly sec80TTA: boolean;
  readonly sec80TTB: boolean;
  /** Other Chapter VI-A deductions already limited by their own sections (80G, 80U, 80DD, 80DDB, 80EEB). */
  readonly otherChapterVIA: boolean;
}

export interface TaxRegimeRules {
  /** 'Old regime' or 'New regime'; used in explanation lines. */
  readonly label: string;
  /** The provision that disallows what `allows` switches off, cited in explanation lines. */
  readonly disallowedBy: string;
  readonly slabs: Readonly<Record<TaxAgeBand, readonly TaxSlab[]>>;
  /** s.16(ia): this amount or the salary, whichever is less. */
  readonly standardDeductionPaise: number;
  readonly rebate87A: TaxRebate87ARule;
  /** Highest surcharge rate in this regime (new regime 25%, Finance Act 2023). */
  readonly surchargeCapPercent: number;
  /** s.80CCD(2): employer NPS contribution allowed up to this % of salary (basic + DA). */
  readonly employerNpsPercent: Readonly<Record<TaxEmployerType, number>>;
  readonly allows: TaxRegimeAllowances;
}

export type TaxEmployerType = 'government' | 'other';

/** Caps that do not change between the regimes (a regime either allows the deduction or not). */
export interface TaxDeductionCaps {
  /** s.80C + 80CCC + 80CCD(1) together, s.80CCE. */
  readonly sec80CPaise: number;
  /** s.80CCD(1B), over and above the 80CCE cap. */
  readonly sec80CCD1BPaise: number;
  /** s.80D self, spouse and children; the senior figure when the taxpayer is 60 or over. */
  readonly sec80DSelfPaise: number;
  readonly sec80DSelfSeniorPaise: number;
  /** s.80D parents; the senior figure when a parent is 60 or over. */
  readonly sec80DParentsPaise: number;
  readonly sec80DParentsSeniorPaise: number;
  /** s.80D overall (spec §9 "80D limit 100000"). */
  readonly sec80DTotalPaise: number;
  /** s.80TTA savings-account interest, not for senior citizens (s.80TTA(2)). */
  readonly sec80TTAPaise: number;
  /** s.80TTB deposit interest, senior citizens only. */
  readonly sec80TTBPaise: number;
  /** s.24(b) second proviso: interest on self-occupied property. */
  readonly selfOccupiedInterestPaise: number;
  /** s.71(3A): house-property loss set off against other heads in a year. */
  readonly housePropertyLossSetOffPaise: number;
}

export interface TaxYearRules {
  readonly financialYear: TaxFinancialYear;
  /** null from 2026-27: the Income-tax Act 2025 has a single "tax year" (reference §1). */
  readonly assessmentYear: string | null;
  /** Where each number came from (see shared/reference/india-tax-rules.md). */
  readonly sources: readonly string[];
  /** Indexed by TaxRegimeCode: [old, new]. */
  readonly regimes: readonly [TaxRegimeRules, TaxRegimeRules];
  /** Uncapped schedule; each regime applies its `surchargeCapPercent`. */
  readonly surchargeSlabs: readonly TaxSurchargeSlab[];
  /** Health and education cess on income-tax plus surcharge. */
  readonly cessPercent: number;
  readonly caps: TaxDeductionCaps;
}
