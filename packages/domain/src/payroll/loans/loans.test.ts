import { describe, expect, it } from 'vitest';
import { DEFAULT_EPF_SETTINGS } from '../../statutory/epf';
import { computeEmployeeMonth } from '../month/compute-month';
import type { EmployeeMonthInput, MonthLoanInput } from '../month/types';
import { computeLoanPerquisite, isPettyAggregate } from './perquisite';
import { computeEmi, computeLoanSchedule, loanBalanceAfter, nextLoanInstalment } from './schedule';

/**
 * Loans and advances, worked by hand: the reducing-balance EMI formula
 * EMI = P·r·(1+r)^N ÷ ((1+r)^N − 1), interest each month on the balance before the instalment
 * (to the rupee, half up), the last instalment taking what is left; and the perquisite of rule
 * 3(7)(i): balance at the month's end × SBI rate ÷ 12 − interest charged, nil for loans of at most
 * ₹20,000 in aggregate and for medical treatment (rule 3A). Rupees in comments.
 */

const R = (rupees: number): number => Math.round(rupees * 100);

describe('computeLoanSchedule', () => {
  it('₹1,00,000 at 12% a year over 12 months: EMI 8,885; the 12th instalment 8,884 repays the rest', () => {
    // r = 1% a month; 1.01^12 = 1.1268250; EMI = 1,00,000 × 0.01 × 1.1268250 ÷ 0.1268250 = 8,884.88 → 8,885.
    expect(computeEmi(R(100_000), 1200, 12)).toBe(R(8_885));
    const s = computeLoanSchedule({ principalPaise: R(100_000), annualRateBps: 1200, instalments: 12 });
    expect(s).toHaveLength(12);
    // 1: interest 1,00,000 × 1% = 1,000; principal 8,885 − 1,000 = 7,885; balance 92,115.
    expect(s[0]).toEqual({ no: 1, openingPaise: R(100_000), interestPaise: R(1_000), principalPaise: R(7_885), amountPaise: R(8_885), closingPaise: R(92_115) });
    // 2: interest 92,115 × 1% = 921.15 → 921; principal 7,964; balance 84,151.
    expect(s[1]).toEqual({ no: 2, openingPaise: R(92_115), interestPaise: R(921), principalPaise: R(7_964), amountPaise: R(8_885), closingPaise: R(84_151) });
    // 12: balance 8,796; interest 87.96 → 88; instalment 8,796 + 88 = 8,884; balance 0.
    expect(s[11]).toEqual({ no: 12, openingPaise: R(8_796), interestPaise: R(88), principalPaise: R(8_796), amountPaise: R(8_884), closingPaise: 0 });
    // Σ principal = the loan; Σ paid = 8,885 × 11 + 8,884 = 1,06,619.
    expect(s.reduce((t, i) => t + i.principalPaise, 0)).toBe(R(100_000));
    expect(s.reduce((t, i) => t + i.amountPaise, 0)).toBe(R(106_619));
  });

  it('interest-free advance of ₹50,000 in 3: 16,667 + 16,667 + 16,666 (flat, the last absorbs the rounding)', () => {
    // 50,000 ÷ 3 = 16,666.67 → 16,667; the third is 50,000 − 33,334 = 16,666.
    const s = computeLoanSchedule({ principalPaise: R(50_000), annualRateBps: 0, instalments: 3 });
    expect(s.map((i) => i.amountPaise / 100)).toEqual([16_667, 16_667, 16_666]);
    expect(s.every((i) => i.interestPaise === 0)).toBe(true);
  });

  it('EMI given: ₹30,000 interest-free at ₹7,000 a month is 4 × 7,000 + 2,000', () => {
    const s = computeLoanSchedule({ principalPaise: R(30_000), annualRateBps: 0, emiPaise: R(7_000) });
    expect(s.map((i) => i.amountPaise / 100)).toEqual([7_000, 7_000, 7_000, 7_000, 2_000]);
    expect(s.map((i) => i.closingPaise / 100)).toEqual([23_000, 16_000, 9_000, 2_000, 0]);
  });

  it('EMI given with interest: ₹20,000 at 12% and ₹10,000 a month is 10,000 + 10,200 (interest 200 then 102)', () => {
    // 1: interest 200, principal 9,800, balance 10,200. 2: interest 102; 10,200 + 102 = 10,302 > 10,000, so
    // a third month: principal 9,898, balance 302; 3: interest 3.02 → 3; 302 + 3 = 305.
    const s = computeLoanSchedule({ principalPaise: R(20_000), annualRateBps: 1200, emiPaise: R(10_000) });
    expect(s.map((i) => [i.interestPaise / 100, i.principalPaise / 100, i.amountPaise / 100])).toEqual([
      [200, 9_800, 10_000],
      [102, 9_898, 10_000],
      [3, 302, 305],
    ]);
  });

  it('refuses an EMI that does not cover the interest, and wrong terms', () => {
    // 1,00,000 at 12%: the first month's interest is 1,000, so an EMI of 1,000 never repays anything.
    expect(() => computeLoanSchedule({ principalPaise: R(100_000), annualRateBps: 1200, emiPaise: R(1_000) })).toThrow(/does not cover the interest/);
    expect(() => computeLoanSchedule({ principalPaise: R(100_000), annualRateBps: 0, emiPaise: R(100) })).toThrow(/within 240 instalments/);
    expect(() => computeLoanSchedule({ principalPaise: R(1_000), annualRateBps: 0 })).toThrow(/either instalments or emiPaise/);
    expect(() => computeLoanSchedule({ principalPaise: 0, annualRateBps: 0, instalments: 2 })).toThrow(RangeError);
    expect(() => computeLoanSchedule({ principalPaise: R(1_000), annualRateBps: -1, instalments: 2 })).toThrow(RangeError);
  });

  it('the next instalment and the balance follow the recoveries so far', () => {
    const s = computeLoanSchedule({ principalPaise: R(30_000), annualRateBps: 0, emiPaise: R(7_000) });
    expect(nextLoanInstalment(s, 0)?.no).toBe(1);
    expect(nextLoanInstalment(s, 4)?.amountPaise).toBe(R(2_000));
    expect(nextLoanInstalment(s, 5)).toBeNull();
    expect([0, 1, 4, 5].map((n) => loanBalanceAfter(R(30_000), s, n) / 100)).toEqual([30_000, 23_000, 2_000, 0]);
  });
});

describe('computeLoanPerquisite (s.17(2)(viii), rule 3(7)(i))', () => {
  it('interest-free ₹3,00,000 personal loan, SBI 10%: balance 2,90,000 × 10% ÷ 12 = 2,416.67 → 2,417', () => {
    const p = computeLoanPerquisite({ purpose: 'personal', principalPaise: R(300_000), sbiRateBps: 1000, balanceEndPaise: R(290_000), interestChargedPaise: 0 }, false);
    expect(p.perquisitePaise).toBe(R(2_417));
    expect(p.explanation).toContain('₹2,90,000 at the month\'s end × SBI rate 10.00% ÷ 12');
  });

  it('concessional ₹5,00,000 at 6%, SBI 9%: 4,80,340 × 9% ÷ 12 = 3,602.55, less interest 2,500 charged = 1,102.55 → 1,103', () => {
    // EMI over 24 months: 22,160.31 → 22,160; month 1 interest 5,00,000 × 0.5% = 2,500; principal 19,660; balance 4,80,340.
    const [first] = computeLoanSchedule({ principalPaise: R(500_000), annualRateBps: 600, instalments: 24 });
    expect(first).toMatchObject({ interestPaise: R(2_500), amountPaise: R(22_160), closingPaise: R(480_340) });
    const p = computeLoanPerquisite({ purpose: 'housing', principalPaise: R(500_000), sbiRateBps: 900, balanceEndPaise: first?.closingPaise ?? 0, interestChargedPaise: first?.interestPaise ?? 0 }, false);
    expect(p.perquisitePaise).toBe(R(1_103));
    expect(p.explanation).toContain('× SBI rate 9.00% ÷ 12 = ₹3,603, less interest charged ₹2,500 = ₹1,103');
  });

  it('charged at or above the SBI rate: no perquisite', () => {
    // 1,00,000 × 9% ÷ 12 = 750, less interest charged 833 (10%): below nil, so nil.
    expect(computeLoanPerquisite({ purpose: 'vehicle', principalPaise: R(100_000), sbiRateBps: 900, balanceEndPaise: R(100_000), interestChargedPaise: R(833) }, false).perquisitePaise).toBe(0);
  });

  it('medical treatment (rule 3A) and a missing SBI rate: nil, with the reason', () => {
    const medical = computeLoanPerquisite({ purpose: 'medical', principalPaise: R(200_000), sbiRateBps: 1000, balanceEndPaise: R(190_000), interestChargedPaise: 0 }, false);
    expect(medical).toEqual({ perquisitePaise: 0, explanation: expect.stringContaining('rule 3A') as string });
    expect(computeLoanPerquisite({ purpose: 'other', principalPaise: R(200_000), sbiRateBps: null, balanceEndPaise: R(190_000), interestChargedPaise: 0 }, false).perquisitePaise).toBe(0);
  });

  it('petty loans: ₹20,000 in aggregate or less carry nothing; 12,000 + 10,000 = 22,000 does', () => {
    expect(isPettyAggregate([{ principalPaise: R(20_000) }])).toBe(true);
    expect(isPettyAggregate([{ principalPaise: R(12_000) }, { principalPaise: R(10_000) }])).toBe(false);
    expect(computeLoanPerquisite({ purpose: 'personal', principalPaise: R(20_000), sbiRateBps: 1200, balanceEndPaise: R(15_000), interestChargedPaise: 0 }, true).perquisitePaise).toBe(0);
    // 11,000 × 12% ÷ 12 = 110.
    expect(computeLoanPerquisite({ purpose: 'personal', principalPaise: R(12_000), sbiRateBps: 1200, balanceEndPaise: R(11_000), interestChargedPaise: 0 }, false).perquisitePaise).toBe(R(110));
  });
});

// ----------------------------------------------------------------------------------- through the month

const APRIL_2026 = { start: '2026-04-01', end: '2026-04-30', days: 30 };

function month(salaryRupees: number, loans: MonthLoanInput[], overrides: Partial<EmployeeMonthInput> = {}): EmployeeMonthInput {
  return {
    month: '2026-04',
    period: APRIL_2026,
    payableDays: 30,
    lopDays: 0,
    earnings: [{ code: 'SALARY', name: 'Salary', monthlyPaise: R(salaryRupees), proRata: true, epfContributionType: 0, esiWage: false, taxable: true }],
    deductions: [],
    adjustments: [],
    loans,
    epf: { enabled: false, settings: DEFAULT_EPF_SETTINGS },
    esi: { enabled: false },
    professionalTax: { enabled: false, stateCode: null },
    lwf: { enabled: false, stateCode: null },
    gender: 'Male',
    ageYears: 30,
    tds: { enabled: false, financialYear: '2026-27', regime: 1, ageBand: 'below60', grossSoFarPaise: 0, tdsSoFarPaise: 0, remainingMonths: 12 },
    ...overrides,
  };
}

function loan(id: string, principalRupees: number, rateBps: number, terms: { instalments?: number; emi?: number }, extra: Partial<MonthLoanInput> = {}): MonthLoanInput {
  return {
    loanId: id,
    label: 'Loan recovery',
    purpose: 'personal',
    principalPaise: R(principalRupees),
    annualRateBps: rateBps,
    sbiRateBps: null,
    schedule: computeLoanSchedule({ principalPaise: R(principalRupees), annualRateBps: rateBps, instalments: terms.instalments, emiPaise: terms.emi === undefined ? undefined : R(terms.emi) }),
    recoveredCount: 0,
    ...extra,
  };
}

describe('computeEmployeeMonth with loans', () => {
  it('a full month takes the instalment: 40,000 − 8,885 = 31,115, explained', () => {
    const r = computeEmployeeMonth(month(40_000, [loan('L1', 100_000, 1200, { instalments: 12 })]));
    const line = r.lines.find((l) => l.code === 'LOAN_RECOVERY');
    expect(line).toMatchObject({ section: 'deduction', label: 'Loan recovery', amountPaise: R(8_885) });
    expect(line?.explanation).toEqual(['Instalment 1 of 12: principal ₹7,885 + interest ₹1,000 at 12.00% a year on ₹1,00,000 = ₹8,885', 'Balance after this instalment ₹92,115']);
    expect(r.netPaise).toBe(R(31_115));
    expect(r.loans).toEqual([{ loanId: 'L1', instalmentNo: 1, status: 'recovered', amountPaise: R(8_885), principalPaise: R(7_885), interestPaise: R(1_000), balanceAfterPaise: R(92_115), perquisitePaise: 0 }]);
  });

  it('the second month after one recovery takes instalment 2 (7,964 + 921)', () => {
    const r = computeEmployeeMonth(month(40_000, [loan('L1', 100_000, 1200, { instalments: 12 }, { recoveredCount: 1 })]));
    expect(r.loans[0]).toMatchObject({ instalmentNo: 2, principalPaise: R(7_964), interestPaise: R(921), balanceAfterPaise: R(84_151) });
  });

  it('an LOP month whose pay cannot cover the instalment defers it whole: 6 of 30 days of 40,000 = 8,000 < 8,885', () => {
    const r = computeEmployeeMonth(month(40_000, [loan('L1', 100_000, 1200, { instalments: 12 })], { payableDays: 6, lopDays: 24 }));
    expect(r.grossPaise).toBe(R(8_000));
    expect(r.netPaise).toBe(R(8_000));
    const line = r.lines.find((l) => l.code === 'LOAN_RECOVERY');
    expect(line?.amountPaise).toBe(0);
    expect(line?.explanation[0]).toBe('Instalment 1 of 12, ₹8,885, deferred: the pay left after statutory deductions, TDS and other deductions (₹8,000) does not cover it');
    expect(r.loans[0]).toMatchObject({ instalmentNo: 1, status: 'deferred', amountPaise: 0, balanceAfterPaise: R(100_000) });
  });

  it('two loans and room for one: the first is taken, the second deferred (10,000 − 8,885 = 1,115 < 5,000)', () => {
    const r = computeEmployeeMonth(month(10_000, [loan('L1', 100_000, 1200, { instalments: 12 }), loan('A1', 10_000, 0, { instalments: 2 }, { label: 'Salary advance recovery' })]));
    expect(r.loans.map((l) => [l.loanId, l.status])).toEqual([
      ['L1', 'recovered'],
      ['A1', 'deferred'],
    ]);
    expect(r.netPaise).toBe(R(1_115));
  });

  it('a repaid loan deducts nothing', () => {
    const r = computeEmployeeMonth(month(40_000, [loan('A1', 10_000, 0, { instalments: 2 }, { recoveredCount: 2 })]));
    expect(r.lines.some((l) => l.code === 'LOAN_RECOVERY')).toBe(false);
    expect(r.loans).toEqual([]);
  });

  it('the perquisite of an interest-free loan feeds TDS: salary 1,50,000 a month, ₹3,00,000 loan, SBI 10%, April', () => {
    // Month-end balances April–March: 2,90,000 … 1,80,000 (₹10,000 a month). Perquisite each month at
    // 10% ÷ 12, to the rupee: 2,417 + 2,333 + 2,250 + 2,167 + 2,083 + 2,000 + 1,917 + 1,833 + 1,750 + 1,667
    // + 1,583 + 1,500 = 23,500 (April 2,417; the 11 later months 21,083).
    // New regime FY 2026-27: 18,00,000 + 23,500 − standard deduction 75,000 = 17,48,500.
    // Tax: 1,20,000 to 16L + 1,48,500 × 20% = 29,700 → 1,49,700; cess 4% 5,988 → 1,55,688 → 1,55,690 (s.288B).
    // April TDS: 1,55,690 ÷ 12 = 12,974.17 → 12,974 (without the loan: 1,50,800 ÷ 12 → 12,567).
    const tds = { enabled: true, financialYear: '2026-27', regime: 1 as const, ageBand: 'below60' as const, grossSoFarPaise: 0, tdsSoFarPaise: 0, remainingMonths: 12 };
    const withLoan = computeEmployeeMonth(month(150_000, [loan('L1', 300_000, 0, { instalments: 30 }, { sbiRateBps: 1000 })], { tds }));
    expect(withLoan.perquisitesPaise).toBe(R(2_417));
    expect(withLoan.tdsPaise).toBe(R(12_974));
    expect(withLoan.taxableGrossPaise).toBe(R(152_417));
    expect(withLoan.tdsExplanation).toContain('Perquisite of concessional loans this month (s.17(2)(viii), rule 3(7)(i)) ₹2,417');
    expect(withLoan.tdsExplanation).toContain('Perquisite of concessional loans in the later months, as the loans are scheduled ₹21,083');
    expect(withLoan.lines.find((l) => l.code === 'LOAN_RECOVERY')?.explanation).toContain(
      'Perquisite s.17(2)(viii), rule 3(7)(i): balance ₹2,90,000 at the month\'s end × SBI rate 10.00% ÷ 12 = ₹2,417',
    );
    // 1,50,000 − 12,974 − 10,000: the perquisite is not pay, only taxed.
    expect(withLoan.netPaise).toBe(R(127_026));
    expect(computeEmployeeMonth(month(150_000, [], { tds })).tdsPaise).toBe(R(12_567));
  });

  it('a deferred instalment leaves the whole balance outstanding at the month end, and the perquisite follows it', () => {
    // 5 of 30 days of 30,000 = 5,000 < 10,000: deferred; perquisite 3,00,000 × 10% ÷ 12 = 2,500.
    const r = computeEmployeeMonth(month(30_000, [loan('L1', 300_000, 0, { instalments: 30 }, { sbiRateBps: 1000 })], { payableDays: 5, lopDays: 25 }));
    expect(r.loans[0]).toMatchObject({ status: 'deferred', perquisitePaise: R(2_500) });
    expect(r.taxableGrossPaise).toBe(R(7_500));
  });
});
