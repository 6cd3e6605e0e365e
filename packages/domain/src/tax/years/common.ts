import type { TaxDeductionCaps, TaxRegimeRules, TaxSurchargeSlab } from '../types';

/**
 * Pieces that were the same in FY 2024-25, 2025-26 and 2026-27, shared so the year files differ only
 * where a budget changed something. A budget that changes one of these gets its own copy in its year file.
 * Amounts are written as rupees_00 paise: 2_50_000_00 is ₹2,50,000.
 */

/**
 * Old regime (rates in the Finance Acts; reference §2 via cleartax), s.87A 5,00,000 / 12,500 with no
 * marginal relief (reference §4), standard deduction 50,000 (s.16(ia), reference §3), 80CCD(2) 10% of
 * salary, 14% for Central/State Government employers (reference §7).
 */
export const OLD_REGIME_FY2024_TO_2027: TaxRegimeRules = {
  label: 'Old regime',
  disallowedBy: 'old regime',
  slabs: {
    below60: [
      { fromPaise: 0, ratePercent: 0 },
      { fromPaise: 2_50_000_00, ratePercent: 5 },
      { fromPaise: 5_00_000_00, ratePercent: 20 },
      { fromPaise: 10_00_000_00, ratePercent: 30 },
    ],
    '60to80': [
      { fromPaise: 0, ratePercent: 0 },
      { fromPaise: 3_00_000_00, ratePercent: 5 },
      { fromPaise: 5_00_000_00, ratePercent: 20 },
      { fromPaise: 10_00_000_00, ratePercent: 30 },
    ],
    above80: [
      { fromPaise: 0, ratePercent: 0 },
      { fromPaise: 5_00_000_00, ratePercent: 20 },
      { fromPaise: 10_00_000_00, ratePercent: 30 },
    ],
  },
  standardDeductionPaise: 50_000_00,
  rebate87A: { maxIncomePaise: 5_00_000_00, maxRebatePaise: 12_500_00, marginalRelief: false },
  surchargeCapPercent: 37,
  employerNpsPercent: { government: 14, other: 10 },
  allows: {
    section10Exemptions: true,
    professionalTax: true,
    selfOccupiedInterest: true,
    housePropertyLossSetOff: true,
    sec80C: true,
    sec80CCD1B: true,
    sec80CCD2: true,
    sec80D: true,
    sec80E: true,
    sec80TTA: true,
    sec80TTB: true,
    otherChapterVIA: true,
  },
};

/** What s.115BAC(2) leaves in the new regime: only 80CCD(2) of the deductions modelled here. */
export const NEW_REGIME_ALLOWANCES: TaxRegimeRules['allows'] = {
  section10Exemptions: false,
  professionalTax: false,
  selfOccupiedInterest: false,
  housePropertyLossSetOff: false,
  sec80C: false,
  sec80CCD1B: false,
  sec80CCD2: true,
  sec80D: false,
  sec80E: false,
  sec80TTA: false,
  sec80TTB: false,
  otherChapterVIA: false,
};

/** Surcharge by total income (reference §5: kapilinvestments, CBDT Circular 3/2025 summary). */
export const SURCHARGE_SLABS_FY2024_TO_2027: readonly TaxSurchargeSlab[] = [
  { aboveIncomePaise: 50_00_000_00, ratePercent: 10 },
  { aboveIncomePaise: 1_00_00_000_00, ratePercent: 15 },
  { aboveIncomePaise: 2_00_00_000_00, ratePercent: 25 },
  { aboveIncomePaise: 5_00_00_000_00, ratePercent: 37 },
];

/** Chapter VI-A and house-property caps (reference §7). */
export const DEDUCTION_CAPS_FY2024_TO_2027: TaxDeductionCaps = {
  sec80CPaise: 1_50_000_00,
  sec80CCD1BPaise: 50_000_00,
  sec80DSelfPaise: 25_000_00,
  sec80DSelfSeniorPaise: 50_000_00,
  sec80DParentsPaise: 25_000_00,
  sec80DParentsSeniorPaise: 50_000_00,
  sec80DTotalPaise: 1_00_000_00,
  sec80TTAPaise: 10_000_00,
  sec80TTBPaise: 50_000_00,
  selfOccupiedInterestPaise: 2_00_000_00,
  housePropertyLossSetOffPaise: 2_00_000_00,
};
