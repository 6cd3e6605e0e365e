import type { TaxYearRules } from '../types';
import { DEDUCTION_CAPS_FY2024_TO_2027, NEW_REGIME_ALLOWANCES, OLD_REGIME_FY2024_TO_2027, SURCHARGE_SLABS_FY2024_TO_2027 } from './common';

/** FY 2024-25 (AY 2025-26), Income-tax Act 1961 as amended by the Finance (No.2) Act 2024. */
export const TAX_RULES_FY2024_25: TaxYearRules = {
  financialYear: '2024-25',
  assessmentYear: '2025-26',
  sources: [
    'New-regime slabs: s.115BAC(1A)(ii) (reference §2)',
    'Standard deduction 75,000 (new) / 50,000 (old): s.16(ia), Finance (No.2) Act 2024 (reference §3)',
    's.87A: new 7,00,000 / 25,000 with marginal relief (first proviso, Finance Act 2023); old 5,00,000 / 12,500 (reference §4)',
    'Surcharge 10/15/25/37%, new regime capped at 25%; cess 4% (reference §5)',
    's.80CCD(2): 14% of salary for every employer in the new regime from AY 2025-26 (Act 15 of 2024; reference §7)',
  ],
  regimes: [
    OLD_REGIME_FY2024_TO_2027,
    {
      label: 'New regime',
      disallowedBy: 's.115BAC(2)',
      // s.115BAC(1A)(ii): the same slabs at every age.
      slabs: {
        below60: newSlabs(),
        '60to80': newSlabs(),
        above80: newSlabs(),
      },
      standardDeductionPaise: 75_000_00,
      rebate87A: { maxIncomePaise: 7_00_000_00, maxRebatePaise: 25_000_00, marginalRelief: true },
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
    { fromPaise: 3_00_000_00, ratePercent: 5 },
    { fromPaise: 7_00_000_00, ratePercent: 10 },
    { fromPaise: 10_00_000_00, ratePercent: 15 },
    { fromPaise: 12_00_000_00, ratePercent: 20 },
    { fromPaise: 15_00_000_00, ratePercent: 30 },
  ];
}
