import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '../money/rupees';
import { computeIncomeTax, roundTaxToTenRupees, type IncomeTaxInput, type IncomeTaxResult } from './income-tax';
import { TAX_FINANCIAL_YEARS, TaxInputError, taxRulesFor } from './rules';
import type { TaxFinancialYear } from './types';

/**
 * Golden cases worked by hand from the law (shared/reference/india-tax-rules.md, "ref §n") and the
 * published examples it cites. Amounts in the table are rupees; the arithmetic is in the comments.
 */
const rp = (rupees: number): number => rupeesToPaise(rupees);

type Expected = Partial<Record<keyof Omit<IncomeTaxResult, 'lines' | 'financialYear' | 'regime' | 'ageBand'>, number>>;

interface GoldenCase {
  name: string;
  input: Omit<IncomeTaxInput, 'grossSalaryPaise'> & { grossSalaryPaise: number };
  /** Rupees. */
  expected: Expected;
}

/** Input with the gross in rupees. */
function salary(financialYear: TaxFinancialYear, regime: 0 | 1, grossRupees: number, rest: Partial<IncomeTaxInput> = {}): IncomeTaxInput {
  return { financialYear, regime, grossSalaryPaise: rp(grossRupees), ...rest };
}

const GOLDEN: GoldenCase[] = [
  // --- s.87A, new regime FY 2025-26 (ref §4; Finance Act 2025) ---
  {
    // Gross 12,00,000 − 75,000 = TI 11,25,000. Tax 4–8L 20,000 + 8–11.25L 32,500 = 52,500 ≤ 60,000: fully rebated.
    name: 'FY25-26 new: gross 12,00,000 pays nil',
    input: salary('2025-26', 1, 12_00_000),
    expected: { standardDeductionPaise: 75_000, taxableIncomePaise: 11_25_000, baseTaxPaise: 52_500, rebate87APaise: 52_500, totalTaxPaise: 0 },
  },
  {
    // Gross 12,75,000 → TI 12,00,000; tax 20,000 + 40,000 = 60,000 = the maximum rebate.
    name: 'FY25-26 new: gross 12,75,000 pays nil',
    input: salary('2025-26', 1, 12_75_000),
    expected: { taxableIncomePaise: 12_00_000, baseTaxPaise: 60_000, rebate87APaise: 60_000, taxAfterRebatePaise: 0, totalTaxPaise: 0 },
  },
  {
    // studycafe.in/marginal-relief-benefit-on-income-tax-rebate-u-s-87a-budget-2025-365102.html:
    // TI 12,10,000: tax 60,000 + 10,000 × 15% = 61,500; capped at 12,10,000 − 12,00,000 = 10,000 → rebate 51,500;
    // cess 4% = 400; total 10,400.
    name: 'FY25-26 new: TI 12,10,000 → 10,400 (87A marginal relief)',
    input: salary('2025-26', 1, 12_85_000),
    expected: { taxableIncomePaise: 12_10_000, baseTaxPaise: 61_500, rebate87APaise: 51_500, taxAfterRebatePaise: 10_000, cessPaise: 400, totalTaxPaise: 10_400 },
  },
  {
    // ref §4: TI 12,70,580: tax 60,000 + 70,580 × 15% = 70,587; income above 12L = 70,580 → rebate 7.
    // Cess 4% × 70,580 = 2,823.20; exact 73,403.20; s.288B: 73,403 → 73,400.
    name: 'FY25-26 new: TI 12,70,580 → rebate 7',
    input: salary('2025-26', 1, 13_45_580),
    expected: { taxableIncomePaise: 12_70_580, baseTaxPaise: 70_587, rebate87APaise: 7, taxAfterRebatePaise: 70_580, cessPaise: 2_823.2, totalTaxExactPaise: 73_403.2, totalTaxPaise: 73_400 },
  },
  {
    // ref §4: TI 12,70,590: tax 60,000 + 70,590 × 15% = 70,588.50 < 70,590 → no rebate.
    // Cess 4% × 70,588.50 = 2,823.54; exact 73,412.04; s.288B: 73,412 → 73,410.
    name: 'FY25-26 new: TI 12,70,590 → rebate 0',
    input: salary('2025-26', 1, 13_45_590),
    expected: { taxableIncomePaise: 12_70_590, baseTaxPaise: 70_588.5, rebate87APaise: 0, cessPaise: 2_823.54, totalTaxExactPaise: 73_412.04, totalTaxPaise: 73_410 },
  },
  {
    // ref §14 (the law, against a calculator that gave 66,300): gross 13,00,000 → TI 12,25,000;
    // tax 60,000 + 25,000 × 15% = 63,750; limited to 25,000 → rebate 38,750; cess 1,000; total 26,000.
    name: 'FY25-26 new: gross 13,00,000 → 26,000',
    input: salary('2025-26', 1, 13_00_000),
    expected: { taxableIncomePaise: 12_25_000, baseTaxPaise: 63_750, rebate87APaise: 38_750, cessPaise: 1_000, totalTaxPaise: 26_000 },
  },
  {
    // ref §1: Budget 2026 kept the FY 2025-26 slabs and rebate; same working as above.
    name: 'FY26-27 new: gross 13,00,000 → 26,000 (unchanged by Budget 2026)',
    input: salary('2026-27', 1, 13_00_000),
    expected: { taxableIncomePaise: 12_25_000, baseTaxPaise: 63_750, rebate87APaise: 38_750, totalTaxPaise: 26_000 },
  },
  {
    // s.115BAC(1A): the new regime's slabs do not depend on age; same as the case above.
    name: 'FY25-26 new: age 80+ changes nothing',
    input: salary('2025-26', 1, 13_00_000, { ageBand: 'above80' }),
    expected: { baseTaxPaise: 63_750, totalTaxPaise: 26_000 },
  },
  {
    // FY26-27: gross 12,75,000 → TI 12,00,000 → 60,000 fully rebated (ref §1: "nil tax up to 12L new").
    name: 'FY26-27 new: TI 12,00,000 pays nil',
    input: salary('2026-27', 1, 12_75_000),
    expected: { taxableIncomePaise: 12_00_000, baseTaxPaise: 60_000, totalTaxPaise: 0 },
  },

  // --- s.87A, new regime FY 2024-25 (ref §4; Finance Act 2023 first proviso) ---
  {
    // Gross 7,75,000 − 75,000 = 7,00,000; tax 3–7L 5% = 20,000 ≤ 25,000: rebated.
    name: 'FY24-25 new: TI 7,00,000 pays nil',
    input: salary('2024-25', 1, 7_75_000),
    expected: { standardDeductionPaise: 75_000, taxableIncomePaise: 7_00_000, baseTaxPaise: 20_000, rebate87APaise: 20_000, totalTaxPaise: 0 },
  },
  {
    // TI 7,10,000: tax 20,000 + 10,000 × 10% = 21,000; limited to 10,000 → rebate 11,000; cess 400.
    name: 'FY24-25 new: TI 7,10,000 → 10,000 + cess',
    input: salary('2024-25', 1, 7_85_000),
    expected: { taxableIncomePaise: 7_10_000, baseTaxPaise: 21_000, rebate87APaise: 11_000, taxAfterRebatePaise: 10_000, cessPaise: 400, totalTaxPaise: 10_400 },
  },
  {
    // Relief ends where 20,000 + 10%·x = x, x ≈ 22,222. TI 7,22,220: tax 22,222, limit 22,220 → rebate 2;
    // cess 888.80; exact 23,108.80 → s.288B 23,110.
    name: 'FY24-25 new: TI 7,22,220 → rebate 2',
    input: salary('2024-25', 1, 7_97_220),
    expected: { baseTaxPaise: 22_222, rebate87APaise: 2, taxAfterRebatePaise: 22_220, cessPaise: 888.8, totalTaxExactPaise: 23_108.8, totalTaxPaise: 23_110 },
  },
  {
    // TI 7,22,230: tax 22,223 < 22,230 → no rebate; cess 888.92; exact 23,111.92 → 23,110.
    name: 'FY24-25 new: TI 7,22,230 → rebate 0',
    input: salary('2024-25', 1, 7_97_230),
    expected: { baseTaxPaise: 22_223, rebate87APaise: 0, cessPaise: 888.92, totalTaxExactPaise: 23_111.92, totalTaxPaise: 23_110 },
  },
  {
    // FY 2024-25 slabs 3/7/10/12/15L; TI 17,85,000 (20,00,000 − 75,000 − 80CCD(2) 1,40,000 = 14% of basic 10,00,000, every employer, ref §7):
    // 20,000 + 30,000 + 30,000 + 60,000 + 2,85,000 × 30% = 85,500 → 2,25,500; cess 9,020; total 2,34,520.
    name: 'FY24-25 new: 80CCD(2) at 14% for a private employer',
    input: salary('2024-25', 1, 20_00_000, { basicPlusDaPaise: rp(10_00_000), deductions: { sec80CCD2Paise: rp(1_60_000) } }),
    expected: { otherChapterVIAPaise: 1_40_000, taxableIncomePaise: 17_85_000, baseTaxPaise: 2_25_500, cessPaise: 9_020, totalTaxPaise: 2_34_520 },
  },

  // --- Old regime: slabs by age and 87A without marginal relief (ref §2, §4) ---
  {
    // Gross 5,50,000 − 50,000 = 5,00,000; tax 2.5–5L 5% = 12,500 → rebate 12,500.
    name: 'old: TI 5,00,000 pays nil',
    input: salary('2025-26', 0, 5_50_000),
    expected: { standardDeductionPaise: 50_000, taxableIncomePaise: 5_00_000, baseTaxPaise: 12_500, rebate87APaise: 12_500, totalTaxPaise: 0 },
  },
  {
    // ref §4: TI 5,00,010 pays full tax: 12,500 + 10 × 20% = 12,502; cess 500.08; exact 13,002.08 → 13,000.
    name: 'old: TI 5,00,010 pays full tax',
    input: salary('2025-26', 0, 5_50_010),
    expected: { taxableIncomePaise: 5_00_010, baseTaxPaise: 12_502, rebate87APaise: 0, cessPaise: 500.08, totalTaxExactPaise: 13_002.08, totalTaxPaise: 13_000 },
  },
  {
    // Below 60, TI 10,00,000: 12,500 + 1,00,000 = 1,12,500; cess 4,500; total 1,17,000.
    name: 'old below 60: TI 10,00,000',
    input: salary('2024-25', 0, 10_50_000),
    expected: { baseTaxPaise: 1_12_500, cessPaise: 4_500, totalTaxPaise: 1_17_000 },
  },
  {
    // Senior (ref §2, 3L exemption): TI 10,00,000: 3–5L 10,000 + 5–10L 1,00,000 = 1,10,000; cess 4,400.
    name: 'old senior: TI 10,00,000',
    input: salary('2025-26', 0, 10_50_000, { ageBand: '60to80' }),
    expected: { baseTaxPaise: 1_10_000, cessPaise: 4_400, totalTaxPaise: 1_14_400 },
  },
  {
    // Senior TI 5,00,000: tax 10,000 ≤ 12,500 → rebated.
    name: 'old senior: TI 5,00,000 pays nil',
    input: salary('2025-26', 0, 5_50_000, { ageBand: '60to80' }),
    expected: { baseTaxPaise: 10_000, rebate87APaise: 10_000, totalTaxPaise: 0 },
  },
  {
    // Super senior (5L exemption): TI 12,00,000: 5–10L 1,00,000 + 10–12L 60,000 = 1,60,000; cess 6,400.
    name: 'old super senior: TI 12,00,000',
    input: salary('2026-27', 0, 12_50_000, { ageBand: 'above80' }),
    expected: { baseTaxPaise: 1_60_000, cessPaise: 6_400, totalTaxPaise: 1_66_400 },
  },
  {
    name: 'old super senior: TI 5,00,000 has no tax at all',
    input: salary('2025-26', 0, 5_50_000, { ageBand: 'above80' }),
    expected: { baseTaxPaise: 0, rebate87APaise: 0, totalTaxPaise: 0 },
  },

  // --- Surcharge and its marginal relief (ref §5) ---
  {
    // gstguntur.com/marginal-relief-on-surcharge: TI 51L: tax 12,500 + 1,00,000 + 41L × 30% = 13,42,500;
    // 10% = 1,34,250. Limit: tax at 50L 13,12,500 + 1,00,000 = 14,12,500 → surcharge 70,000, relief 64,250.
    // Cess 4% × 14,12,500 = 56,500; total 14,69,000.
    name: 'old: TI 51,00,000, marginal relief at 50L',
    input: salary('2025-26', 0, 51_50_000),
    expected: { taxableIncomePaise: 51_00_000, baseTaxPaise: 13_42_500, surchargePaise: 70_000, marginalReliefPaise: 64_250, cessPaise: 56_500, totalTaxPaise: 14_69_000 },
  },
  {
    // Same page: TI 1.01Cr: tax 1,12,500 + 91L × 30% = 28,42,500; 15% = 4,26,375. Limit 28,12,500 × 1.10 +
    // 1,00,000 = 31,93,750 → surcharge 3,51,250, relief 75,125. Cess 1,27,750; total 33,21,500.
    name: 'old: TI 1,01,00,000, marginal relief at 1 crore',
    input: salary('2024-25', 0, 1_01_50_000),
    expected: { baseTaxPaise: 28_42_500, surchargePaise: 3_51_250, marginalReliefPaise: 75_125, cessPaise: 1_27_750, totalTaxPaise: 33_21_500 },
  },
  {
    // support.kdksoftware.com (marginal relief above 2 crore): TI 2,02,61,550: tax 1,12,500 + 1,92,61,550 × 30% =
    // 58,90,965; 25% = 14,72,741.25. Limit 58,12,500 × 1.15 + 2,61,550 = 69,45,925 → surcharge 10,54,960,
    // relief 4,17,781.25. Cess 4% × 69,45,925 = 2,77,837; exact 72,23,762 → s.288B 72,23,760.
    name: 'old: TI 2,02,61,550, marginal relief at 2 crore',
    input: salary('2025-26', 0, 2_03_11_550),
    expected: {
      taxableIncomePaise: 2_02_61_550,
      baseTaxPaise: 58_90_965,
      surchargePaise: 10_54_960,
      marginalReliefPaise: 4_17_781.25,
      cessPaise: 2_77_837,
      totalTaxExactPaise: 72_23_762,
      totalTaxPaise: 72_23_760,
    },
  },
  {
    // Old TI 5,10,00,000: tax 1,12,500 + 5Cr × 30% = 1,51,12,500; 37% = 55,91,625. Limit: tax at 5Cr 1,48,12,500
    // × 1.25 + 10,00,000 = 1,95,15,625 → surcharge 44,03,125, relief 11,88,500. Cess 7,80,625; total 2,02,96,250.
    name: 'old: TI 5,10,00,000, 37% with marginal relief at 5 crore',
    input: salary('2025-26', 0, 5_10_50_000),
    expected: { baseTaxPaise: 1_51_12_500, surchargePaise: 44_03_125, marginalReliefPaise: 11_88_500, cessPaise: 7_80_625, totalTaxPaise: 2_02_96_250 },
  },
  {
    // New regime caps surcharge at 25% (ref §5, Finance Act 2023): TI 5,10,00,000: tax 3,00,000 + 4,86,00,000 × 30%
    // = 1,48,80,000; 25% = 37,20,000 (no 5Cr step, so no relief); cess 7,44,000; total 1,93,44,000.
    name: 'FY25-26 new: TI 5,10,00,000, surcharge capped at 25%',
    input: salary('2025-26', 1, 5_10_75_000),
    expected: { baseTaxPaise: 1_48_80_000, surchargePaise: 37_20_000, marginalReliefPaise: 0, cessPaise: 7_44_000, totalTaxPaise: 1_93_44_000 },
  },
  {
    // New FY25-26, TI 50,10,000: tax at 50L = 3,00,000 (to 24L) + 26L × 30% = 10,80,000; at 50,10,000 = 10,83,000;
    // 10% = 1,08,300. Limit 10,80,000 + 10,000 = 10,90,000 → surcharge 7,000, relief 1,01,300. Cess 43,600; total 11,33,600.
    name: 'FY25-26 new: TI 50,10,000, marginal relief at 50L',
    input: salary('2025-26', 1, 50_85_000),
    expected: { baseTaxPaise: 10_83_000, surchargePaise: 7_000, marginalReliefPaise: 1_01_300, cessPaise: 43_600, totalTaxPaise: 11_33_600 },
  },
  {
    // Fractional paise: TI 60,00,010: tax 3,00,000 + 36,00,010 × 30% = 13,80,003; 10% = 1,38,000.30 (limit
    // 10,80,000 + 10,00,010 does not bind). Cess 4% × 15,18,003.30 = 60,720.132 → 60,720.13 (paisa, half up);
    // exact 15,78,723.43 → s.288B 15,78,720.
    name: 'FY25-26 new: TI 60,00,010, surcharge and cess to the paisa',
    input: salary('2025-26', 1, 60_75_010),
    expected: { baseTaxPaise: 13_80_003, surchargePaise: 1_38_000.3, marginalReliefPaise: 0, cessPaise: 60_720.13, totalTaxExactPaise: 15_78_723.43, totalTaxPaise: 15_78_720 },
  },

  // --- s.16: standard deduction and professional tax (ref §3) ---
  {
    // s.16(ia): 50,000 or the salary, whichever is less.
    name: 'old: standard deduction limited to a salary of 40,000',
    input: salary('2025-26', 0, 40_000),
    expected: { standardDeductionPaise: 40_000, incomeFromSalaryPaise: 0, totalTaxPaise: 0 },
  },
  {
    name: 'FY24-25 new: standard deduction limited to a salary of 60,000',
    input: salary('2024-25', 1, 60_000),
    expected: { standardDeductionPaise: 60_000, section16Paise: 60_000, incomeFromSalaryPaise: 0 },
  },
  {
    // s.115BAC(2): no 16(iii). Gross 15,00,000 − 75,000 = TI 14,25,000: 60,000 + 2,25,000 × 15% = 93,750 (income above
    // 12L, 2,25,000, exceeds the tax: no rebate); cess 3,750; total 97,500.
    name: 'FY25-26 new: professional tax not allowed',
    input: salary('2025-26', 1, 15_00_000, { professionalTaxPaise: rp(2_500) }),
    expected: { professionalTaxPaise: 0, section16Paise: 75_000, taxableIncomePaise: 14_25_000, baseTaxPaise: 93_750, totalTaxPaise: 97_500 },
  },
  {
    // Old: 15,00,000 − 50,000 − 2,500 = 14,47,500: 1,12,500 + 4,47,500 × 30% = 2,46,750; cess 9,870; total 2,56,620.
    name: 'old: professional tax allowed under s.16(iii)',
    input: salary('2025-26', 0, 15_00_000, { professionalTaxPaise: rp(2_500) }),
    expected: { professionalTaxPaise: 2_500, section16Paise: 52_500, taxableIncomePaise: 14_47_500, baseTaxPaise: 2_46_750, cessPaise: 9_870, totalTaxPaise: 2_56_620 },
  },

  // --- s.288A / s.288B rounding edges (ref §6) ---
  {
    // TI 10,00,004.99: paise ignored → 10,00,004 → last digit 4 → 10,00,000. Tax 1,12,500; total 1,17,000.
    name: 's.288A: 10,00,004.99 rounds down to 10,00,000',
    input: salary('2025-26', 0, 10_50_004.99),
    expected: { taxableIncomePaise: 10_00_000, baseTaxPaise: 1_12_500, totalTaxPaise: 1_17_000 },
  },
  {
    // TI 10,00,005 → 10,00,010. Tax 1,12,503; cess 4,500.12; exact 1,17,003.12 → s.288B 1,17,000.
    name: 's.288A: 10,00,005 rounds up to 10,00,010',
    input: salary('2025-26', 0, 10_50_005),
    expected: { taxableIncomePaise: 10_00_010, baseTaxPaise: 1_12_503, cessPaise: 4_500.12, totalTaxExactPaise: 1_17_003.12, totalTaxPaise: 1_17_000 },
  },
  {
    // TI 10,00,050: tax 1,12,515; cess 4,500.60; exact 1,17,015.60 → 1,17,015 → last digit 5 → 1,17,020.
    name: 's.288B: last digit 5 goes up',
    input: salary('2025-26', 0, 10_50_050),
    expected: { totalTaxExactPaise: 1_17_015.6, totalTaxPaise: 1_17_020 },
  },
  {
    // TI 10,00,080: tax 1,12,524; cess 4,500.96; exact 1,17,024.96 → paise ignored 1,17,024 → 1,17,020.
    name: 's.288B: paise ignored before rounding (…24.96 goes down)',
    input: salary('2025-26', 0, 10_50_080),
    expected: { totalTaxExactPaise: 1_17_024.96, totalTaxPaise: 1_17_020 },
  },

  // --- Chapter VI-A (ref §7) ---
  {
    // 80C 2,00,000 capped at 1,50,000 (s.80CCE): TI 9,50,000 − 1,50,000 = 8,00,000: 12,500 + 60,000 = 72,500; cess 2,900.
    name: 'old: 80C capped at 1,50,000',
    input: salary('2025-26', 0, 10_00_000, { deductions: { sec80CPaise: rp(2_00_000) } }),
    expected: { section80CPaise: 1_50_000, chapterVIAPaise: 1_50_000, taxableIncomePaise: 8_00_000, baseTaxPaise: 72_500, totalTaxPaise: 75_400 },
  },
  {
    // 80D: self 30,000 → 25,000; senior parents 60,000 → 50,000; 75,000 in all. TI 9,50,000 − 75,000 = 8,75,000:
    // 12,500 + 75,000 = 87,500; cess 3,500; total 91,000.
    name: 'old: 80D self and senior parents',
    input: salary('2025-26', 0, 10_00_000, { deductions: { sec80D: { selfFamilyPaise: rp(30_000), parentsPaise: rp(60_000), parentsSenior: true } } }),
    expected: { otherChapterVIAPaise: 75_000, taxableIncomePaise: 8_75_000, totalTaxPaise: 91_000 },
  },
  {
    // Single 80D figure for a senior taxpayer: cap 50,000, so 40,000 in full. TI 9,10,000 (senior):
    // 10,000 + 4,10,000 × 20% = 92,000; cess 3,680; total 95,680.
    name: 'old senior: 80D single figure up to 50,000',
    input: salary('2025-26', 0, 10_00_000, { ageBand: '60to80', deductions: { sec80D: rp(40_000) } }),
    expected: { otherChapterVIAPaise: 40_000, baseTaxPaise: 92_000, totalTaxPaise: 95_680 },
  },
  {
    // Non-senior parents: 40,000 capped at 25,000.
    name: 'old: 80D parents below 60 capped at 25,000',
    input: salary('2025-26', 0, 10_00_000, { deductions: { sec80D: { parentsPaise: rp(40_000) } } }),
    expected: { otherChapterVIAPaise: 25_000, taxableIncomePaise: 9_25_000 },
  },
  {
    // 80CCD(2) FY25-26 new: 14% of basic 10,00,000 = 1,40,000. TI 20,00,000 − 75,000 − 1,40,000 = 17,85,000:
    // 20,000 + 40,000 + 60,000 + 1,85,000 × 20% = 37,000 → 1,57,000; cess 6,280; total 1,63,280.
    name: 'FY25-26 new: 80CCD(2) at 14% of basic + DA',
    input: salary('2025-26', 1, 20_00_000, { basicPlusDaPaise: rp(10_00_000), deductions: { sec80CCD2Paise: rp(1_60_000), sec80CPaise: rp(1_50_000) } }),
    expected: { section80CPaise: 0, otherChapterVIAPaise: 1_40_000, taxableIncomePaise: 17_85_000, baseTaxPaise: 1_57_000, totalTaxPaise: 1_63_280 },
  },
  {
    // Old, private employer: 10% = 1,00,000. TI 19,50,000 − 1,00,000 = 18,50,000: 1,12,500 + 2,55,000 = 3,67,500; cess 14,700.
    name: 'old: 80CCD(2) at 10% for a private employer',
    input: salary('2025-26', 0, 20_00_000, { basicPlusDaPaise: rp(10_00_000), deductions: { sec80CCD2Paise: rp(1_60_000) } }),
    expected: { otherChapterVIAPaise: 1_00_000, taxableIncomePaise: 18_50_000, totalTaxPaise: 3_82_200 },
  },
  {
    // Old, government employer: 14% = 1,40,000. TI 18,10,000: 1,12,500 + 2,43,000 = 3,55,500; cess 14,220.
    name: 'old: 80CCD(2) at 14% for a government employer',
    input: salary('2025-26', 0, 20_00_000, { basicPlusDaPaise: rp(10_00_000), employerType: 'government', deductions: { sec80CCD2Paise: rp(1_60_000) } }),
    expected: { otherChapterVIAPaise: 1_40_000, taxableIncomePaise: 18_10_000, totalTaxPaise: 3_69_720 },
  },
  {
    // No basic + DA given: the cap is 14% of gross 20,00,000 = 2,80,000, so 3,00,000 → 2,80,000.
    name: 'FY25-26 new: 80CCD(2) cap on gross salary when basic + DA is absent',
    input: salary('2025-26', 1, 20_00_000, { deductions: { sec80CCD2Paise: rp(3_00_000) } }),
    expected: { otherChapterVIAPaise: 2_80_000, taxableIncomePaise: 16_45_000 },
  },
  {
    // 80CCD(1B) 60,000 → 50,000; 80E in full 70,000. TI 9,50,000 − 1,20,000 = 8,30,000: 12,500 + 66,000 = 78,500.
    name: 'old: 80CCD(1B) capped, 80E in full',
    input: salary('2025-26', 0, 10_00_000, { deductions: { sec80CCD1BPaise: rp(60_000), sec80EPaise: rp(70_000) } }),
    expected: { otherChapterVIAPaise: 1_20_000, taxableIncomePaise: 8_30_000, baseTaxPaise: 78_500 },
  },
  {
    // 80TTA: 10,000 (and within the savings interest 15,000). GTI 7,50,000 + 15,000 = 7,65,000; TI 7,55,000:
    // 12,500 + 51,000 = 63,500; cess 2,540; total 66,040.
    name: 'old: 80TTA capped at 10,000',
    input: salary('2025-26', 0, 8_00_000, { otherIncome: { savingsInterestPaise: rp(15_000) }, deductions: { sec80TTAPaise: rp(15_000) } }),
    expected: { otherIncomePaise: 15_000, otherChapterVIAPaise: 10_000, taxableIncomePaise: 7_55_000, totalTaxPaise: 66_040 },
  },
  {
    // 80TTB (senior): 60,000 → 50,000. GTI 7,50,000 + 20,000 + 40,000 = 8,10,000; TI 7,60,000 (senior):
    // 10,000 + 52,000 = 62,000; cess 2,480; total 64,480.
    name: 'old senior: 80TTB capped at 50,000',
    input: salary('2025-26', 0, 8_00_000, { ageBand: '60to80', otherIncome: { savingsInterestPaise: rp(20_000), fdInterestPaise: rp(40_000) }, deductions: { sec80TTBPaise: rp(60_000) } }),
    expected: { otherIncomePaise: 60_000, otherChapterVIAPaise: 50_000, taxableIncomePaise: 7_60_000, totalTaxPaise: 64_480 },
  },
  {
    // s.80TTA(2): not for a senior citizen.
    name: 'old senior: 80TTA not allowed',
    input: salary('2025-26', 0, 8_00_000, { ageBand: '60to80', otherIncome: { savingsInterestPaise: rp(15_000) }, deductions: { sec80TTAPaise: rp(10_000) } }),
    expected: { otherChapterVIAPaise: 0, taxableIncomePaise: 7_65_000 },
  },
  {
    // s.80A(2): gross 1,00,000 − 50,000 = GTI 50,000; 80C 1,50,000 allowed only up to 50,000.
    name: 'old: Chapter VI-A limited to gross total income',
    input: salary('2025-26', 0, 1_00_000, { deductions: { sec80CPaise: rp(1_50_000) } }),
    expected: { grossTotalIncomePaise: 50_000, section80CPaise: 50_000, chapterVIAPaise: 50_000, taxableIncomePaise: 0, totalTaxPaise: 0 },
  },
  {
    // New regime: 80C, 80D, 80E, 80TTA are all outside s.115BAC(2); TI stays 11,25,000 → nil.
    name: 'FY25-26 new: old-regime deductions ignored',
    input: salary('2025-26', 1, 12_00_000, { deductions: { sec80CPaise: rp(1_50_000), sec80D: rp(25_000), sec80EPaise: rp(10_000), sec80CCD1BPaise: rp(50_000) } }),
    expected: { section80CPaise: 0, otherChapterVIAPaise: 0, taxableIncomePaise: 11_25_000, totalTaxPaise: 0 },
  },

  // --- HRA inside the engine (s.10(13A)); citehr example ×12 (ref §7) ---
  {
    // Annual HRA 1,80,000, basic 3,60,000, rent 1,44,000, Mumbai: least of 1,80,000; 1,44,000 − 36,000 = 1,08,000;
    // 1,80,000 → 1,08,000. Salary 12,00,000 − 1,08,000 − 50,000 = 10,42,000: 1,12,500 + 12,600 = 1,25,100;
    // cess 5,004; exact 1,30,104 → 1,30,100.
    name: 'old: HRA exemption from rule 2A',
    input: salary('2025-26', 0, 12_00_000, { hra: { hraReceivedPaise: rp(1_80_000), basicPlusDaPaise: rp(3_60_000), rentPaidPaise: rp(1_44_000), metro: true } }),
    expected: { exemptionsPaise: 1_08_000, incomeFromSalaryPaise: 10_42_000, baseTaxPaise: 1_25_100, totalTaxExactPaise: 1_30_104, totalTaxPaise: 1_30_100 },
  },
  {
    name: 'FY25-26 new: HRA and s.10 exemptions not allowed',
    input: salary('2025-26', 1, 12_00_000, { exemptionsPaise: rp(50_000), hra: { hraReceivedPaise: rp(1_80_000), basicPlusDaPaise: rp(3_60_000), rentPaidPaise: rp(1_44_000), metro: true } }),
    expected: { exemptionsPaise: 0, incomeFromSalaryPaise: 11_25_000, totalTaxPaise: 0 },
  },

  // --- House property (spec §4; ss.23, 24, 71(3A); ref §7) ---
  {
    // Let-out: NAV 3,00,000 − 20,000 = 2,80,000; 30% 84,000; interest 3,00,000 → −1,04,000. Self-occupied interest
    // 1,50,000. Head −2,54,000, set off up to 2,00,000. GTI 11,50,000 − 2,00,000 = 9,50,000:
    // 12,500 + 90,000 = 1,02,500; cess 4,100; total 1,06,600.
    name: 'old: house-property loss set off up to 2,00,000',
    input: salary('2025-26', 0, 12_00_000, {
      selfOccupiedInterestPaise: rp(1_50_000),
      letOutProperties: [{ annualRentPaise: rp(3_00_000), municipalTaxPaise: rp(20_000), interestPaise: rp(3_00_000) }],
    }),
    expected: { housePropertyPaise: -2_00_000, grossTotalIncomePaise: 9_50_000, baseTaxPaise: 1_02_500, totalTaxPaise: 1_06_600 },
  },
  {
    // Same in the new regime: no self-occupied interest, no set-off of the let-out loss → HP 0; TI 11,25,000 → nil.
    name: 'FY25-26 new: no house-property loss set-off',
    input: salary('2025-26', 1, 12_00_000, {
      selfOccupiedInterestPaise: rp(1_50_000),
      letOutProperties: [{ annualRentPaise: rp(3_00_000), municipalTaxPaise: rp(20_000), interestPaise: rp(3_00_000) }],
    }),
    expected: { housePropertyPaise: 0, grossTotalIncomePaise: 11_25_000, totalTaxPaise: 0 },
  },
  {
    // Self-occupied interest 2,50,000 capped at 2,00,000 (s.24(b)). GTI 9,50,000 − 2,00,000 = 7,50,000:
    // 12,500 + 50,000 = 62,500; cess 2,500; total 65,000.
    name: 'old: self-occupied interest capped at 2,00,000',
    input: salary('2025-26', 0, 10_00_000, { selfOccupiedInterestPaise: rp(2_50_000) }),
    expected: { housePropertyPaise: -2_00_000, taxableIncomePaise: 7_50_000, totalTaxPaise: 65_000 },
  },
  {
    // Let-out income in the new regime: NAV 6,00,000; 30% 1,80,000; interest 1,00,000 → 3,20,000.
    // TI 9,25,000 + 3,20,000 = 12,45,000: 60,000 + 6,750 = 66,750; limited to 45,000 → rebate 21,750; cess 1,800; total 46,800.
    name: 'FY25-26 new: let-out income with interest deducted',
    input: salary('2025-26', 1, 10_00_000, { letOutProperties: [{ annualRentPaise: rp(6_00_000), interestPaise: rp(1_00_000) }] }),
    expected: { housePropertyPaise: 3_20_000, taxableIncomePaise: 12_45_000, baseTaxPaise: 66_750, rebate87APaise: 21_750, totalTaxPaise: 46_800 },
  },
  {
    // Intra-head set-off is allowed in the new regime: +3,20,000 and −1,04,000 → 2,16,000. TI 9,25,000 + 2,16,000 =
    // 11,41,000 → tax 20,000 + 34,100 = 54,100, rebated.
    name: 'FY25-26 new: let-out loss offsets another let-out income',
    input: salary('2025-26', 1, 10_00_000, {
      letOutProperties: [
        { annualRentPaise: rp(6_00_000), interestPaise: rp(1_00_000) },
        { annualRentPaise: rp(3_00_000), municipalTaxPaise: rp(20_000), interestPaise: rp(3_00_000) },
      ],
    }),
    expected: { housePropertyPaise: 2_16_000, taxableIncomePaise: 11_41_000, baseTaxPaise: 54_100, totalTaxPaise: 0 },
  },

  // --- Previous employment (Form 12B) ---
  {
    // Gross 6,00,000 + 4,00,000 = 10,00,000; s.16 50,000 + PT 1,500 + 1,000 = 52,500; 80C 1,40,000 + EPF 20,000 →
    // 1,50,000. TI 7,97,500: 12,500 + 59,500 = 72,000; cess 2,880; total 74,880. TDS 30,000 only reported.
    name: 'old: previous employment income, PT, EPF and TDS',
    input: salary('2025-26', 0, 6_00_000, {
      professionalTaxPaise: rp(1_500),
      previousEmployment: { incomePaise: rp(4_00_000), professionalTaxPaise: rp(1_000), epfPaise: rp(20_000), taxPaidPaise: rp(30_000) },
      deductions: { sec80CPaise: rp(1_40_000) },
    }),
    expected: {
      grossSalaryPaise: 10_00_000,
      section16Paise: 52_500,
      section80CPaise: 1_50_000,
      taxableIncomePaise: 7_97_500,
      baseTaxPaise: 72_000,
      totalTaxPaise: 74_880,
      previousEmploymentTdsPaise: 30_000,
    },
  },
  {
    // Other sources are taxed in both regimes: 11,25,000 + 1,00,000 = 12,25,000 → 26,000 as above.
    name: 'FY25-26 new: other income counted',
    input: salary('2025-26', 1, 12_00_000, { otherIncome: { savingsInterestPaise: rp(10_000), fdInterestPaise: rp(50_000), nscInterestPaise: rp(15_000), otherPaise: rp(25_000) } }),
    expected: { otherIncomePaise: 1_00_000, taxableIncomePaise: 12_25_000, totalTaxPaise: 26_000 },
  },
];

describe('computeIncomeTax golden cases', () => {
  it.each(GOLDEN)('$name', ({ input, expected }) => {
    const result = computeIncomeTax(input);
    const actual: Record<string, number> = {};
    const wanted: Record<string, number> = {};
    for (const [key, rupees] of Object.entries(expected)) {
      actual[key] = result[key as keyof Expected];
      wanted[key] = rp(rupees);
    }
    expect(actual).toEqual(wanted);
    // Every result adds up: total = base − rebate + surcharge + cess, then s.288B.
    expect(result.totalTaxExactPaise).toBe(result.baseTaxPaise - result.rebate87APaise + result.surchargePaise + result.cessPaise);
  });
});

describe('explanation lines', () => {
  const text = (r: IncomeTaxResult) => r.lines.map((l) => l.text);

  it('names the slabs, the rebate with marginal relief and the cess', () => {
    const r = computeIncomeTax(salary('2025-26', 1, 12_85_000));
    expect(text(r)).toContain('Slab ₹8,00,000–₹12,00,000 at 10%: ₹4,00,000 taxed ₹40,000');
    expect(text(r)).toContain('Slab ₹12,00,000–₹16,00,000 at 15%: ₹10,000 taxed ₹1,500');
    expect(r.lines.find((l) => l.code === 'rebate87A')).toEqual({
      code: 'rebate87A',
      text: '87A rebate with marginal relief: tax limited to the income above ₹12,00,000, i.e. ₹10,000',
      amountPaise: rp(51_500),
    });
    expect(r.lines.at(-1)).toEqual({ code: 'total', text: 'Total tax', amountPaise: rp(10_400) });
  });

  it('says which cap applied to 80C', () => {
    const r = computeIncomeTax(salary('2025-26', 0, 10_00_000, { deductions: { sec80CPaise: rp(2_00_000) } }));
    expect(text(r)).toContain('80C: declared ₹2,00,000, capped at ₹1,50,000 (s.80C/80CCE)');
  });

  it('says what the new regime does not allow', () => {
    const r = computeIncomeTax(
      salary('2025-26', 1, 12_00_000, {
        professionalTaxPaise: rp(2_500),
        hra: { hraReceivedPaise: rp(1_80_000), basicPlusDaPaise: rp(3_60_000), rentPaidPaise: rp(1_44_000), metro: true },
        deductions: { sec80CPaise: rp(50_000) },
      }),
    );
    expect(text(r)).toContain('Not allowed in the new regime (s.115BAC(2)): HRA exemption, s.10(13A) ₹1,08,000');
    expect(text(r)).toContain('Not allowed in the new regime (s.115BAC(2)): professional tax, s.16(iii) ₹2,500');
    expect(text(r)).toContain('Not allowed in the new regime (s.115BAC(2)): 80C/80CCC/80CCD(1) ₹50,000');
  });

  it('explains surcharge marginal relief and the s.288A/288B rounding', () => {
    const r = computeIncomeTax(salary('2025-26', 0, 2_03_11_550));
    expect(text(r)).toContain('Surcharge 25% (total income above ₹2,00,00,000) on ₹58,90,965');
    expect(r.lines.find((l) => l.code === 'surcharge.marginalRelief')?.amountPaise).toBe(-rp(4_17_781.25));
    expect(text(r)).toContain('Total tax ₹72,23,762 rounded to the nearest ₹10 (s.288B)');
    const rounded = computeIncomeTax(salary('2025-26', 0, 10_50_004.99));
    expect(text(rounded)).toContain('Total income ₹10,00,004.99 rounded to the nearest ₹10 (s.288A)');
  });

  it('says the 80CCD(2) cap fell back to gross salary', () => {
    const r = computeIncomeTax(salary('2025-26', 1, 20_00_000, { deductions: { sec80CCD2Paise: rp(3_00_000) } }));
    expect(r.lines.some((l) => l.code === 'deduction.80CCD2.base' && l.text.includes('gross salary ₹20,00,000'))).toBe(true);
  });

  it('reports the set-off cap on a house-property loss', () => {
    const r = computeIncomeTax(
      salary('2025-26', 0, 12_00_000, {
        selfOccupiedInterestPaise: rp(1_50_000),
        letOutProperties: [{ annualRentPaise: rp(3_00_000), municipalTaxPaise: rp(20_000), interestPaise: rp(3_00_000) }],
      }),
    );
    expect(text(r)).toContain('House-property loss ₹2,54,000 set off up to ₹2,00,000 (s.71(3A)); ₹54,000 carried forward (s.71B)');
  });
});

describe('s.288A / s.288B rounding', () => {
  it.each([
    // [paise, expected rupees] — paise ignored, then last digit ≥ 5 up (ref §6).
    [rp(1_234), 1_230],
    [rp(1_235), 1_240],
    [rp(1_234.99), 1_230],
    [rp(1_239.99), 1_240],
    [rp(1_240), 1_240],
    [0, 0],
    [rp(4.99), 0],
    [rp(5), 10],
  ])('%i paise → ₹%i', (paise, rupees) => {
    expect(roundTaxToTenRupees(paise)).toBe(rp(rupees));
  });
});

describe('input validation', () => {
  const base = salary('2025-26', 1, 10_00_000);
  it.each<[string, IncomeTaxInput, string]>([
    ['unknown year', { ...base, financialYear: '2023-24' as TaxFinancialYear }, 'financialYear'],
    ['negative gross', { ...base, grossSalaryPaise: -1 }, 'grossSalary'],
    ['fractional paise', { ...base, grossSalaryPaise: 100.5 }, 'grossSalary'],
    ['NaN 80C', { ...base, deductions: { sec80CPaise: Number.NaN } }, 'deductions.80C'],
    ['non-integer 80C', { ...base, deductions: { sec80CPaise: 1.5 } }, 'deductions.80C'],
    ['negative 80D parents', { ...base, deductions: { sec80D: { parentsPaise: -5 } } }, 'deductions.80D.parents'],
    ['negative let-out rent', { ...base, letOutProperties: [{ annualRentPaise: -1 }] }, 'letOutProperties[0].annualRent'],
    ['negative savings interest', { ...base, otherIncome: { savingsInterestPaise: -1 } }, 'otherIncome.savingsInterest'],
    ['negative previous TDS', { ...base, previousEmployment: { taxPaidPaise: -1 } }, 'previousEmployment.taxPaid'],
    ['bad regime', { ...base, regime: 2 as 0 }, 'regime'],
    ['bad age band', { ...base, ageBand: 'old' as 'below60' }, 'ageBand'],
  ])('%s → TaxInputError on %s', (_name, input, field) => {
    let caught: unknown;
    try {
      computeIncomeTax(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TaxInputError);
    expect((caught as TaxInputError).field).toBe(field);
  });
});

describe('year tables', () => {
  it('lists the supported years and returns their rules', () => {
    expect(TAX_FINANCIAL_YEARS).toEqual(['2024-25', '2025-26', '2026-27']);
    for (const fy of TAX_FINANCIAL_YEARS) expect(taxRulesFor(fy).financialYear).toBe(fy);
    expect(() => taxRulesFor('2027-28')).toThrow(TaxInputError);
  });

  it('FY 2026-27 carries FY 2025-26 numbers (Budget 2026: no change, ref §1)', () => {
    const a = taxRulesFor('2025-26');
    const b = taxRulesFor('2026-27');
    expect(b.regimes).toEqual(a.regimes);
    expect(b.surchargeSlabs).toEqual(a.surchargeSlabs);
    expect(b.caps).toEqual(a.caps);
    expect(b.cessPercent).toBe(4);
  });

  it('new-regime standard deduction is 75,000 in all three years (ref §3)', () => {
    for (const fy of TAX_FINANCIAL_YEARS) {
      expect(taxRulesFor(fy).regimes[1].standardDeductionPaise).toBe(rp(75_000));
      expect(taxRulesFor(fy).regimes[0].standardDeductionPaise).toBe(rp(50_000));
    }
  });

  it('slabs start at 0 and rise', () => {
    for (const fy of TAX_FINANCIAL_YEARS) {
      for (const regime of taxRulesFor(fy).regimes) {
        for (const slabs of Object.values(regime.slabs)) {
          expect(slabs[0]?.fromPaise).toBe(0);
          for (let i = 1; i < slabs.length; i++) {
            expect(slabs[i]!.fromPaise).toBeGreaterThan(slabs[i - 1]!.fromPaise);
            expect(slabs[i]!.ratePercent).toBeGreaterThan(slabs[i - 1]!.ratePercent);
          }
        }
      }
    }
  });
});
