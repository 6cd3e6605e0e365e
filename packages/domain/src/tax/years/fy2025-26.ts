import type { TaxYearRules } from '../types';
import { DEDUCTION_CAPS_FY2024_TO_2027, NEW_REGIME_ALLOWANCES, OLD_REGIME_FY2024_TO_2027, SURCHARGE_SLABS_FY2024_TO_2027 } from './common';

/** FY 2025-26 (AY 2026-27), Income-tax Act 1961 as amended by the Finance Act 2025. */
export const TAX_RULES_FY2025_26: TaxYearRules = {
  financialYear: '2025-26',
  assessmentYear: '2026-27',
  sources: [
    'New-regime slabs: s.115BAC(1A)(iii), Finance Act 2025 (reference §2)',
    'Standard deduction 75,000 (new): the s.16(ia) proviso names only AY 2025-26 (drafting defect); BusinessToday 13 Aug 2025 reports the amendment restoring 75,000, and the reference vectors use it (reference §3)',
    's.87A: new 12,00,000 / 60,000 with marginal relief (Finance Act 2025); old 5,00,000 / 12,500 (reference §4)',
    'Surcharge 10/15/25/37%, new regime capped at 25%; cess 4% (reference §5)',
    's.80CCD(2): 14% in the new regime, 10% / 14% (government) in the old (reference §7)',
  ],
  regimes: [
    OLD_REGIME_FY2024_TO_2027,
    {
      label: 'New regime',
      disallowedBy: 's.115BAC(2)',
      // s.115BAC(1A)(iii): the same slabs at every age.
      slabs: {
        below60: newSlabs(),
        '60to80': newSlabs(),
        above80: newSlabs(),
      },
      standardDeductionPaise: 75_000_00,
      rebate87A: { maxIncomePaise: 12_00_000_00, maxRebatePaise: 60_000_00, marginalRelief: true },
      surchargeCapPercent: 25,
      employerNpsPercent: { government: 14, other: 14 },
      allows: NEW_REGIME_ALLOWANCES,
    },
  ],
  surchargeSlabs: SURCHARGE_SLABS_FY2024_TO_2027,
  cessPercent: 4,
  caps: DEDUCTION_CAPS_FY2024_TO_2027,
};

function newSlabs() {
  return [
    { fromPaise: 0, ratePercent: 0 },
    { fromPaise: 4_00_000_00, ratePercent: 5 },
    { fromPaise: 8_00_000_00, ratePercent: 10 },
    { fromPaise: 12_00_000_00, ratePercent: 15 },
    { fromPaise: 16_00_000_00, ratePercent: 20 },
    { fromPaise: 20_00_000_00, ratePercent: 25 },
    { fromPaise: 24_00_000_00, ratePercent: 30 },
  ];
}
