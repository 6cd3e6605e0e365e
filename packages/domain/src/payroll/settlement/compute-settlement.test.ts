import { describe, expect, it } from 'vitest';
import { computeSettlement, type SettlementInput } from './compute-settlement';
import { computeGratuity, computeServicePeriod, gratuityYears } from './gratuity';

/**
 * Worked by hand from the Payment of Gratuity Act 1972 (s.4(1) five years, except on death or
 * disablement; s.4(2) 15 days' wages = 15/26 of monthly basic + DA per completed year, a part year over
 * six months counting as a year; s.4(3) ₹20,00,000), s.10(10)(ii) and s.10(10AA)(ii) of the
 * Income-tax Act (₹25,00,000 from 1 April 2023, CBDT notification 31/2023), and the FY 2026-27 new-regime
 * slabs of shared/reference/india-tax-rules.md §2–§6. Never the code's own output. Amounts in rupees.
 */

const R = (rupees: number) => Math.round(rupees * 100);

describe('continuous service and the years counted (s.4(2))', () => {
  it.each([
    // joining, last working day, years, months, days, years counted
    ['2019-04-01', '2026-10-31', 7, 7, 0, 8], // 7 y 7 m: the part over six months counts
    ['2019-04-01', '2026-09-30', 7, 6, 0, 7], // exactly six months: not "in excess of six months"
    ['2019-04-01', '2026-10-01', 7, 6, 1, 8], // six months and a day: in excess
    ['2021-12-01', '2026-10-31', 4, 11, 0, 5], // 4 y 11 m counts as 5 years for the amount (eligibility is separate)
    ['2020-01-31', '2026-02-27', 6, 1, 0, 6], // month ends: a month from the 31st ends on the last day of a shorter month (31 Jan 2026 → 28 Feb 2026)
  ])('%s to %s = %i y %i m %i d → %i years', (doj, lwd, y, m, d, counted) => {
    const p = computeServicePeriod(doj, lwd);
    expect(p).toEqual({ years: y, months: m, days: d });
    expect(gratuityYears(p)).toBe(counted);
  });
});

describe('gratuity (Payment of Gratuity Act s.4; exemption s.10(10)(ii))', () => {
  it('basic ₹40,000, 7 years 7 months → 8 years → 15/26 × 40,000 × 8 = ₹1,84,615.38 → ₹1,84,615, all exempt', () => {
    const g = computeGratuity({ dateOfJoining: '2019-04-01', lastWorkingDay: '2026-10-31', reason: 'resignation', monthlyWagesPaise: R(40_000) });
    expect(g.eligible).toBe(true);
    expect(g.yearsCounted).toBe(8);
    expect(g.amountPaise).toBe(R(1_84_615));
    expect(g.exemptPaise).toBe(R(1_84_615));
    expect(g.taxablePaise).toBe(0);
    expect(g.explanation.join(' ')).toContain('15/26 × last drawn wages ₹40,000 × 8 years = ₹1,84,615');
  });

  it('basic ₹30,000 + DA ₹10,000, exactly 7 years 6 months → 7 years → 15/26 × 40,000 × 7 = ₹1,61,538.46 → ₹1,61,538', () => {
    const g = computeGratuity({ dateOfJoining: '2019-04-01', lastWorkingDay: '2026-09-30', reason: 'retirement', monthlyWagesPaise: R(40_000) });
    expect(g.amountPaise).toBe(R(1_61_538));
  });

  it('resignation after 4 years 11 months: not payable (fewer than five completed years)', () => {
    const g = computeGratuity({ dateOfJoining: '2021-12-01', lastWorkingDay: '2026-10-31', reason: 'resignation', monthlyWagesPaise: R(40_000) });
    expect(g.eligible).toBe(false);
    expect(g.amountPaise).toBe(0);
  });

  it('death after 2 years 8 months: payable without the five years, 3 years → 15/26 × 30,000 × 3 = ₹51,923.08 → ₹51,923, not taxable', () => {
    const g = computeGratuity({ dateOfJoining: '2024-03-01', lastWorkingDay: '2026-10-31', reason: 'death', monthlyWagesPaise: R(30_000) });
    expect(g.eligible).toBe(true);
    expect(g.yearsCounted).toBe(3);
    expect(g.amountPaise).toBe(R(51_923));
    expect(g.taxablePaise).toBe(0);
  });

  it('basic + DA ₹3,00,000 for 30 years: 15/26 × 3,00,000 × 30 = ₹51,92,307.69, limited to ₹20,00,000 (s.4(3))', () => {
    const g = computeGratuity({ dateOfJoining: '1996-10-01', lastWorkingDay: '2026-09-30', reason: 'retirement', monthlyWagesPaise: R(3_00_000) });
    expect(g.yearsCounted).toBe(30);
    expect(g.amountPaise).toBe(R(20_00_000));
    expect(g.exemptPaise).toBe(R(20_00_000));
  });

  it('₹5,00,000 exempted before (an earlier employer): exempt = least of ₹20,00,000 gratuity, ₹15,00,000 limit left, ₹51,92,308 → ₹15,00,000, taxable ₹5,00,000', () => {
    const g = computeGratuity({ dateOfJoining: '1996-10-01', lastWorkingDay: '2026-09-30', reason: 'retirement', monthlyWagesPaise: R(3_00_000), exemptionUsedBeforePaise: R(5_00_000) });
    expect(g.exemptPaise).toBe(R(15_00_000));
    expect(g.taxablePaise).toBe(R(5_00_000));
  });
});

describe('gratuity under the Code on Social Security (in force 21 November 2025)', () => {
  it('a last working day before the codes: the Act\'s basic + DA and its sections', () => {
    // 1 April 2018 to 31 October 2025 = 7 y 7 m → 8 years; 15/26 × 40,000 × 8 = 1,84,615.38 → 1,84,615.
    const g = computeGratuity({ dateOfJoining: '2018-04-01', lastWorkingDay: '2025-10-31', reason: 'resignation', monthlyWagesPaise: R(40_000), fixedTerm: true });
    expect(g.amountPaise).toBe(R(1_84_615));
    expect(g.explanation.join(' ')).toContain('15/26 × last drawn basic + DA ₹40,000 × 8 years = ₹1,84,615');
    expect(g.explanation.join(' ')).toContain('Payment of Gratuity Act s.4(2)');
  });

  it('fixed-term employee after 1 year 8 months: payable (s.53(1) proviso), 2 years → 15/26 × 30,000 × 2 = ₹34,615.38 → ₹34,615', () => {
    const g = computeGratuity({ dateOfJoining: '2025-03-01', lastWorkingDay: '2026-10-31', reason: 'resignation', monthlyWagesPaise: R(30_000), fixedTerm: true });
    expect(g.eligible).toBe(true);
    expect(g.yearsCounted).toBe(2);
    expect(g.amountPaise).toBe(R(34_615));
    expect(g.explanation.join(' ')).toContain('Fixed-term employee: gratuity after 1 year of service instead of 5 (Code on Social Security s.53(1) proviso)');
  });

  it.each([
    // [case, joining, last working day, fixed term]
    ['fixed-term, 11 months: under one year', '2025-12-01', '2026-10-31', true],
    ['permanent, 1 year 8 months: under five years', '2025-03-01', '2026-10-31', false],
    // 1 March 2024 to 31 October 2025 = 1 y 8 m, before the codes: the Act's five years for everyone.
    ['fixed-term before the codes: the Act\'s five years', '2024-03-01', '2025-10-31', true],
  ] as const)('not payable: %s', (_name, doj, lwd, fixedTerm) => {
    const g = computeGratuity({ dateOfJoining: doj, lastWorkingDay: lwd, reason: 'resignation', monthlyWagesPaise: R(30_000), fixedTerm });
    expect(g.eligible).toBe(false);
    expect(g.amountPaise).toBe(0);
  });

  it('the settlement pays gratuity on the codes\' wages: excluded allowances over one-half are added back', () => {
    // Basic 20,000; HRA 10,000 + conveyance 8,000 + special 12,000 = 30,000 of 50,000; excess over 25,000 is
    // 5,000 → wages 25,000 (s.2(88)). 7 y 7 m → 8 years: 15/26 × 25,000 × 8 = 1,15,384.62 → 1,15,385.
    // Leave encashment stays on basic + DA: 20 days × 20,000 ÷ 30 = 13,333.33 → 13,333.
    const s = computeSettlement(
      input({
        monthlyBasicPaise: R(20_000),
        monthlyGrossPaise: R(50_000),
        monthlyExcludedEarnings: [
          { name: 'HRA', amountPaise: R(10_000) },
          { name: 'Conveyance', amountPaise: R(8_000) },
          { name: 'Special Allowance', amountPaise: R(12_000) },
        ],
      }),
    );
    const gratuity = s.lines.find((l) => l.code === 'GRATUITY');
    expect(gratuity?.amountPaise).toBe(R(1_15_385));
    expect(gratuity?.explanation).toContain('Wages under the Code on Wages s.2(y): Basic ₹20,000; excluded allowances ₹30,000 exceed 50% of ₹50,000 by ₹5,000, added back → ₹25,000');
    expect(gratuity?.explanation).toContain('15/26 × last drawn wages ₹25,000 × 8 years = ₹1,15,385 (to the rupee)');
    expect(s.lines.find((l) => l.code === 'LEAVE_ENCASHMENT')?.amountPaise).toBe(R(13_333));
  });

  it('the settlement of a fixed-term employee after 1 year 8 months includes gratuity', () => {
    // 15/26 × 40,000 × 2 = 46,153.85 → 46,154.
    const s = computeSettlement(input({ dateOfJoining: '2025-03-01', fixedTerm: true }));
    expect(s.gratuity.eligible).toBe(true);
    expect(s.gratuity.amountPaise).toBe(R(46_154));
    expect(computeSettlement(input({ dateOfJoining: '2025-03-01' })).gratuity.eligible).toBe(false);
  });
});

function input(overrides: Partial<SettlementInput> = {}): SettlementInput {
  return {
    dateOfJoining: '2019-04-01',
    lastWorkingDay: '2026-10-31',
    reason: 'resignation',
    monthlyBasicPaise: R(40_000),
    monthlyDaPaise: 0,
    monthlyGrossPaise: R(80_000),
    notice: { requiredDays: 60, servedDays: 45 },
    leave: [{ code: 'EL', name: 'Earned Leave', balanceDays: 20 }],
    pendingReimbursementsPaise: 0,
    loanBalancePaise: R(10_000),
    tax: { enabled: false, financialYear: '2026-27', regime: 1, ageBand: 'below60', salaryForYearPaise: 0 },
    ...overrides,
  };
}

describe('the settlement', () => {
  it('resignation after 7 years 7 months: the worked statement', () => {
    // Notice: 60 − 45 = 15 days short; 80,000 × 15 ÷ 30 = 40,000 recovered.
    // Leave: 20 days × 40,000 ÷ 30 = 26,666.67 → 26,667; exempt = least of 26,667, 25,00,000,
    //   10 × 40,000 = 4,00,000 and 20 days (≤ 30 × 7) = 26,667 → all exempt.
    // Gratuity: 1,84,615 (above), exempt.  Loan balance 10,000.  Nothing taxable → no TDS.
    // Payable 26,667 + 1,84,615 + 0 = 2,11,282; recoveries 40,000 + 10,000 = 50,000; net 1,61,282.
    const s = computeSettlement(input());
    const amount = (code: string) => s.lines.find((l) => l.code === code)?.amountPaise;
    expect(amount('NOTICE_RECOVERY')).toBe(R(40_000));
    expect(amount('NOTICE_PAY')).toBeUndefined();
    expect(amount('LEAVE_ENCASHMENT')).toBe(R(26_667));
    expect(amount('GRATUITY')).toBe(R(1_84_615));
    expect(amount('REIMBURSEMENTS')).toBe(0);
    expect(amount('LOAN_RECOVERY')).toBe(R(10_000));
    expect(s.leaveEncashment.exemptPaise).toBe(R(26_667));
    expect(s.taxablePaise).toBe(0);
    expect(s.payablePaise).toBe(R(2_11_282));
    expect(s.recoveriesPaise).toBe(R(50_000));
    expect(s.netPaise).toBe(R(1_61_282));
    for (const line of s.lines) expect(line.explanation.length).toBeGreaterThan(0);
  });

  it('leave encashment over 30 days per completed year: 1 year 2 months, 45 days × 30,000 ÷ 30 = 45,000; exempt only 30 days = 30,000 (s.10(10AA)(ii)); taxable 15,000', () => {
    const s = computeSettlement(input({ dateOfJoining: '2025-09-01', monthlyBasicPaise: R(30_000), monthlyGrossPaise: R(50_000), notice: { requiredDays: 30, servedDays: 30 }, leave: [{ code: 'EL', name: 'Earned Leave', balanceDays: 45 }], loanBalancePaise: 0 }));
    expect(s.leaveEncashment).toEqual({ days: 45, amountPaise: R(45_000), exemptPaise: R(30_000) });
    expect(s.taxablePaise).toBe(R(15_000));
    expect(s.gratuity.eligible).toBe(false);
    expect(s.notice.direction).toBe('none');
  });

  it('half days: 10.5 days × (25,000 + DA 5,000) ÷ 30 = 10,500', () => {
    const s = computeSettlement(input({ monthlyBasicPaise: R(25_000), monthlyDaPaise: R(5_000), leave: [{ code: 'EL', name: 'Earned Leave', balanceDays: 10.5 }] }));
    expect(s.leaveEncashment.amountPaise).toBe(R(10_500));
  });

  it('termination with 30 days short: pay in lieu of notice 1,00,000 × 30 ÷ 30 = 1,00,000, taxable; TDS = tax with it − tax without (new regime FY 2026-27)', () => {
    // Salary of the year 20,00,000: taxable income 20,00,000 − 75,000 = 19,25,000;
    //   tax 1,20,000 + 20% × 3,25,000 = 1,85,000, cess 7,400 → 1,92,400.
    // With 1,00,000 more: 20,25,000; tax 2,00,000 + 25% × 25,000 = 2,06,250, cess 8,250 → 2,14,500.
    // TDS on the settlement 2,14,500 − 1,92,400 = 22,100. Service 4 y 10 m: no gratuity.
    const s = computeSettlement(
      input({
        dateOfJoining: '2022-01-01',
        reason: 'termination',
        monthlyBasicPaise: R(50_000),
        monthlyGrossPaise: R(1_00_000),
        notice: { requiredDays: 30, servedDays: 0 },
        leave: [],
        loanBalancePaise: 0,
        tax: { enabled: true, financialYear: '2026-27', regime: 1, ageBand: 'below60', salaryForYearPaise: R(20_00_000) },
      }),
    );
    expect(s.lines.find((l) => l.code === 'NOTICE_PAY')?.amountPaise).toBe(R(1_00_000));
    expect(s.taxablePaise).toBe(R(1_00_000));
    expect(s.tdsPaise).toBe(R(22_100));
    expect(s.netPaise).toBe(R(77_900));
    expect(s.lines.find((l) => l.code === 'TDS')?.explanation.join(' ')).toContain('₹2,14,500 − ₹1,92,400 = ₹22,100');
  });

  it('a settlement under the 87A rebate: salary 8,00,000 + 45,000 taxable → taxable income under 12,00,000, no TDS', () => {
    const s = computeSettlement(
      input({ reason: 'termination', monthlyGrossPaise: R(45_000), notice: { requiredDays: 30, servedDays: 0 }, leave: [], loanBalancePaise: 0, tax: { enabled: true, financialYear: '2026-27', regime: 1, ageBand: 'below60', salaryForYearPaise: R(8_00_000) } }),
    );
    expect(s.taxablePaise).toBe(R(45_000) + 0);
    expect(s.tdsPaise).toBe(0);
  });

  it('recoveries larger than the amount payable: the net is negative (the employee owes it)', () => {
    const s = computeSettlement(input({ leave: [], dateOfJoining: '2024-01-01', loanBalancePaise: R(1_00_000) }));
    expect(s.payablePaise).toBe(0);
    expect(s.netPaise).toBe(-R(1_40_000));
  });

  it('retirement: no notice line whatever the days', () => {
    const s = computeSettlement(input({ reason: 'retirement', notice: { requiredDays: 90, servedDays: 0 } }));
    expect(s.notice.direction).toBe('none');
    expect(s.lines.some((l) => l.code === 'NOTICE_RECOVERY' || l.code === 'NOTICE_PAY')).toBe(false);
  });

  it('refuses a last working day before joining and fractional notice days', () => {
    expect(() => computeSettlement(input({ lastWorkingDay: '2019-03-31' }))).toThrow(RangeError);
    expect(() => computeSettlement(input({ notice: { requiredDays: 1.5, servedDays: 0 } }))).toThrow(RangeError);
  });
});
