import type { TaxYearRules } from '../types';
import { TAX_RULES_FY2025_26 } from './fy2025-26';

/**
 * Tax year 2026-27 under the Income-tax Act, 2025 (in force 1 April 2026). Union Budget 2026 made no
 * change to personal income-tax rates or slabs in either regime (reference §1: inshorts, outlookmoney),
 * so the numbers are FY 2025-26's. Surcharge, cess and deduction caps are assumed unchanged: no source
 * states them separately (reference §1). New-Act numbering (s.202 for 115BAC, s.156 for 87A, s.516 for
 * 288A/288B) comes from secondary sources on the Bill; explanation lines keep the 1961 Act numbers.
 */
export const TAX_RULES_FY2026_27: TaxYearRules = {
  ...TAX_RULES_FY2025_26,
  financialYear: '2026-27',
  assessmentYear: null,
  sources: [
    'Income-tax Act 2025, tax year 2026-27; Budget 2026: no change to slabs or rates (reference §1)',
    'Surcharge, cess, caps and the 75,000 standard deduction: assumed as FY 2025-26 (reference §1, §3)',
  ],
};
