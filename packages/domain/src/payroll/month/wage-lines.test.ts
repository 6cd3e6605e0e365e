import { describe, expect, it } from 'vitest';
import { DEFAULT_EPF_SETTINGS } from '../../statutory/epf';
import { computeEmployeeMonth } from './compute-month';
import type { EmployeeMonthInput } from './types';
import { arrearsEarningsPaiseOf, computeDeductionShare, reimbursementsPaiseOf } from './wage-lines';

/**
 * Code on Wages 2019 s.18(2) (in force since 21 November 2025): all deductions in a wage period at
 * most 50% of the wages. The figures are worked by hand; the first is the case the issue found
 * (₹11,680 deducted of a ₹17,874 gross).
 */
const R = (rupees: number): number => Math.round(rupees * 100);
const line = (section: string, code: string, rupees: number) => ({ section, code, amountPaise: R(rupees) });

describe('deductions against 50% of wages (Code on Wages 2019 s.18(2))', () => {
  it('₹11,680 of ₹17,874: 65.35%, over the limit', () => {
    // 11,680 ÷ 17,874 = 0.653463… → 65.35%; half of 17,874 is 8,937 < 11,680.
    const share = computeDeductionShare({ grossPaise: R(17_874), deductionsPaise: R(11_680), lines: [line('earning', 'BASIC', 17_874)] });
    expect(share).toMatchObject({ wagesPaise: R(17_874), deductionsPaise: R(11_680), percent: 65.35, exceedsLimit: true });
    expect(share.explanation).toBe('Deductions ₹11,680 are 65.35% of wages ₹17,874: more than the 50% the Code on Wages 2019 (s.18(2)) allows in a wage period');
  });

  it('exactly half is allowed ("shall not exceed"); a rupee more is not, and never reads as 50.00%', () => {
    expect(computeDeductionShare({ grossPaise: R(20_000), deductionsPaise: R(10_000), lines: [] })).toMatchObject({ percent: 50, exceedsLimit: false });
    // 10,001 ÷ 20,000 = 50.005% → shown rounded up: 50.01%.
    expect(computeDeductionShare({ grossPaise: R(20_000), deductionsPaise: R(10_001), lines: [] })).toMatchObject({ percent: 50.01, exceedsLimit: true });
    // One paisa over: 1,000,001 ÷ 2,000,000 paise = 50.00005% → 50.01%.
    expect(computeDeductionShare({ grossPaise: 2_000_000, deductionsPaise: 1_000_001, lines: [] })).toMatchObject({ percent: 50.01, exceedsLimit: true });
  });

  it('reimbursements are not wages: gross ₹20,000 with ₹6,000 of claims paid, ₹8,000 deducted → over half of ₹14,000', () => {
    // 8,000 ÷ 14,000 = 0.571428… → 57.15% rounded up (over the limit); of the gross it would be 40%.
    const lines = [line('earning', 'BASIC', 14_000), line('earning', 'REIMBURSEMENT', 4_000), line('earning', 'REIMBURSEMENT_TAXABLE', 2_000)];
    expect(reimbursementsPaiseOf(lines)).toBe(R(6_000));
    expect(computeDeductionShare({ grossPaise: R(20_000), deductionsPaise: R(8_000), lines })).toMatchObject({ wagesPaise: R(14_000), percent: 57.15, exceedsLimit: true });
  });

  it('arrears paid in the wage period are wages of it; a deduction line coded like a reimbursement is not an earning', () => {
    const lines = [line('earning', 'BASIC', 10_000), line('earning', 'ARR_BASIC', 2_000), line('deduction', 'ARR_EPF_EE', 240), line('deduction', 'REIMBURSEMENT', 100)];
    expect(arrearsEarningsPaiseOf(lines)).toBe(R(2_000));
    expect(reimbursementsPaiseOf(lines)).toBe(0);
    // 5,500 ÷ 12,000 = 45.83%.
    expect(computeDeductionShare({ grossPaise: R(12_000), deductionsPaise: R(5_500), lines })).toMatchObject({ wagesPaise: R(12_000), percent: 45.83, exceedsLimit: false });
  });

  it('no wages: anything deducted is over the limit; nothing deducted is not', () => {
    expect(computeDeductionShare({ grossPaise: 0, deductionsPaise: R(200), lines: [] })).toMatchObject({ percent: null, exceedsLimit: true });
    expect(computeDeductionShare({ grossPaise: 0, deductionsPaise: 0, lines: [] })).toMatchObject({ percent: null, exceedsLimit: false });
    expect(computeDeductionShare({ grossPaise: 0, deductionsPaise: R(200), lines: [] }).explanation).toBe(
      'Deductions ₹200 are with no wages: more than the 50% the Code on Wages 2019 (s.18(2)) allows in a wage period',
    );
  });

  it('a month of the one calculation: basic 17,874 with a ₹9,000 loan-type deduction on top of EPF', () => {
    // EPF 12% × 15,000 (ceiling) = 1,800; other deduction 9,000 → 10,800 of 17,874 = 60.4229…% → 60.43% (over: rounded up).
    const input: EmployeeMonthInput = {
      month: '2026-10',
      period: { start: '2026-10-01', end: '2026-10-31', days: 31 },
      payableDays: 31,
      lopDays: 0,
      earnings: [{ code: 'BASIC', name: 'Basic', monthlyPaise: R(17_874), proRata: true, epfContributionType: 1, esiWage: false, taxable: true }],
      deductions: [{ code: 'DED_ADVANCE', name: 'Advance recovery', monthlyPaise: R(9_000), preTax: false }],
      adjustments: [],
      epf: { enabled: true, settings: DEFAULT_EPF_SETTINGS },
      esi: { enabled: false },
      professionalTax: { enabled: false, stateCode: null },
      lwf: { enabled: false, stateCode: null },
      gender: 'Male',
      ageYears: 30,
      tds: { enabled: false, financialYear: '2026-27', regime: 1, ageBand: 'below60', grossSoFarPaise: 0, tdsSoFarPaise: 0, remainingMonths: 6 },
    };
    const month = computeEmployeeMonth(input);
    expect(month.totalDeductionsPaise).toBe(R(10_800));
    expect(computeDeductionShare({ grossPaise: month.grossPaise, deductionsPaise: month.totalDeductionsPaise, lines: month.lines })).toMatchObject({ percent: 60.43, exceedsLimit: true });
  });
});
