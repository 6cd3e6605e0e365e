import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EPF_SETTINGS } from '../../statutory/epf';
import { computeEmployeeMonth } from './compute-month';
import type { EmployeeMonthInput, EmployeeMonthResult, MonthAdjustmentInput, MonthDeductionInput, MonthEarningInput } from './types';

/**
 * Worked examples computed by hand from the law and the EPFO/ESIC material summarised, with sources,
 * in shared/reference/india-tax-rules.md (§8 TDS, §10 EPF, §11 ESI, §12 PT, §13 LWF) — never from
 * this code's output. Amounts in the comments are rupees.
 */

const R = (rupees: number): number => Math.round(rupees * 100);

const APRIL_2026 = { start: '2026-04-01', end: '2026-04-30', days: 30 };
const OCTOBER_2026 = { start: '2026-10-01', end: '2026-10-31', days: 31 };
const FEBRUARY_2027 = { start: '2027-02-01', end: '2027-02-28', days: 28 };
const JUNE_2026 = { start: '2026-06-01', end: '2026-06-30', days: 30 };
const DECEMBER_2026 = { start: '2026-12-01', end: '2026-12-31', days: 31 };

function earning(code: string, name: string, rupees: number, flags: Partial<MonthEarningInput> = {}): MonthEarningInput {
  return { code, name, monthlyPaise: R(rupees), proRata: true, epfContributionType: 0, esiWage: true, taxable: true, ...flags };
}
const basic = (rupees: number, flags: Partial<MonthEarningInput> = {}) => earning('BASIC', 'Basic', rupees, { epfContributionType: 1, ...flags });

/** A full month unless payableDays is given. */
function monthInput(overrides: Partial<EmployeeMonthInput> = {}): EmployeeMonthInput {
  return {
    month: '2026-04',
    period: APRIL_2026,
    payableDays: overrides.period?.days ?? APRIL_2026.days,
    lopDays: 0,
    earnings: [],
    deductions: [],
    adjustments: [],
    epf: { enabled: true, settings: DEFAULT_EPF_SETTINGS },
    esi: { enabled: true },
    professionalTax: { enabled: false, stateCode: null },
    lwf: { enabled: false, stateCode: null },
    gender: 'Male',
    ageYears: 30,
    tds: { enabled: false, financialYear: '2026-27', regime: 1, ageBand: 'below60', grossSoFarPaise: 0, tdsSoFarPaise: 0, remainingMonths: 12 },
    ...overrides,
  };
}

function amounts(result: EmployeeMonthResult): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of result.lines) out[line.code] = (out[line.code] ?? 0) + line.amountPaise / 100;
  return out;
}
const explanationOf = (result: EmployeeMonthResult, code: string): string => result.lines.filter((l) => l.code === code).flatMap((l) => l.explanation).join('\n');

describe('computeEmployeeMonth: EPF, EPS, EDLI (india-tax-rules §10)', () => {
  it('Basic 15,000, full month: EPF 1,800; employer 1,800 = EPS 1,250 + EPF 550; EDLI 75, admin 75', () => {
    // 15,000 × 12% = 1,800. EPS 8.33% × 15,000 = 1,249.50 → 1,250 (half up, §10); EPF 1,800 − 1,250 = 550.
    // EDLI and admin 0.5% × 15,000 = 75. ESI (covered, 15,000 ≤ 21,000): 0.75% = 112.50 ↑ 113; 3.25% = 487.50 ↑ 488.
    const r = computeEmployeeMonth(monthInput({ earnings: [basic(15_000)] }));
    expect(amounts(r)).toEqual({ BASIC: 15_000, EPF_EE: 1_800, ESI_EE: 113, EPF_ER: 550, EPS_ER: 1_250, EDLI: 75, EPF_ADMIN: 75, ESI_ER: 488 });
    expect(r.grossPaise).toBe(R(15_000));
    // 15,000 − 1,800 − 113.
    expect(r.netPaise).toBe(R(13_087));
    // 15,000 + 550 + 1,250 + 75 + 75 + 488.
    expect(r.employerCostPaise).toBe(R(17_438));
    expect(r.wages).toEqual({ pfWagePaise: R(15_000), epsWagePaise: R(15_000), edliWagePaise: R(15_000), esiWagePaise: R(15_000) });
    expect(r.lines.map((l) => l.section)).toEqual(['earning', 'deduction', 'deduction', 'employer', 'employer', 'employer', 'employer', 'employer']);
    expect(explanationOf(r, 'EPS_ER')).toContain('₹1,249.50, rounded half up to ₹1,250');
  });

  it('Basic 30,000 restricted to the 15,000 ceiling (§10 example): 1,800 / 1,250 / 550 / 75 / 75', () => {
    const r = computeEmployeeMonth(monthInput({ earnings: [basic(30_000)] }));
    expect(amounts(r)).toMatchObject({ EPF_EE: 1_800, EPS_ER: 1_250, EPF_ER: 550, EDLI: 75, EPF_ADMIN: 75 });
    expect(explanationOf(r, 'EPF_EE')).toContain('restricted to the ₹15,000 ceiling');
    expect(r.esi?.applicable).toBe(false);
  });

  it('PF on actual wages of 20,000 (§10, citehr 515560): 2,400 each; EPS 1,250, EPF 1,150; EDLI 75; admin 100', () => {
    const r = computeEmployeeMonth(monthInput({ earnings: [basic(20_000)], epf: { enabled: true, settings: { ...DEFAULT_EPF_SETTINGS, restrictToWageCeiling: false } } }));
    expect(amounts(r)).toMatchObject({ EPF_EE: 2_400, EPS_ER: 1_250, EPF_ER: 1_150, EDLI: 75, EPF_ADMIN: 100 });
    expect(r.wages).toMatchObject({ pfWagePaise: R(20_000), epsWagePaise: R(15_000), edliWagePaise: R(15_000) });
  });

  it('no EPS from age 58: the whole 1,800 employer share to EPF, EPS wage 0', () => {
    const r = computeEmployeeMonth(monthInput({ earnings: [basic(15_000)], ageYears: 58 }));
    expect(amounts(r)).toMatchObject({ EPF_EE: 1_800, EPF_ER: 1_800 });
    expect(amounts(r).EPS_ER).toBeUndefined();
    expect(r.wages.epsWagePaise).toBe(0);
    expect(r.wages.edliWagePaise).toBe(R(15_000));
    expect(explanationOf(r, 'EPF_ER')).toContain('No EPS from age 58');
  });

  it('HRA and other earnings with epfContributionType 0 are not PF wage', () => {
    // PF wage = Basic 10,000 only: 1,200; EPS 8.33% = 833; EPF 367; EDLI/admin 50.
    const r = computeEmployeeMonth(monthInput({ earnings: [basic(10_000), earning('HRA', 'HRA', 5_000)], esi: { enabled: false } }));
    expect(amounts(r)).toMatchObject({ EPF_EE: 1_200, EPS_ER: 833, EPF_ER: 367, EDLI: 50, EPF_ADMIN: 50 });
  });

  it('epfContributionType 2 tops the PF wage up to the ceiling only while it is under it', () => {
    const special = (rupees: number) => earning('SPECIAL', 'Special Allowance', rupees, { epfContributionType: 2 });
    const noEsi = { esi: { enabled: false } };
    // 10,000 + 8,000 → wage min(18,000, 15,000) = 15,000 → 1,800.
    expect(amounts(computeEmployeeMonth(monthInput({ ...noEsi, earnings: [basic(10_000), special(8_000)] }))).EPF_EE).toBe(1_800);
    // 10,000 + 2,000 = 12,000 → 1,440.
    expect(amounts(computeEmployeeMonth(monthInput({ ...noEsi, earnings: [basic(10_000), special(2_000)] }))).EPF_EE).toBe(1_440);
    // On actual wages, Basic 16,000 is already over the ceiling: the special allowance does not count → 12% × 16,000 = 1,920.
    const actual = { enabled: true, settings: { ...DEFAULT_EPF_SETTINGS, restrictToWageCeiling: false } };
    expect(amounts(computeEmployeeMonth(monthInput({ ...noEsi, epf: actual, earnings: [basic(16_000), special(2_000)] }))).EPF_EE).toBe(1_920);
  });

  it('EPF disabled: no EPF lines and epf null', () => {
    const r = computeEmployeeMonth(monthInput({ earnings: [basic(15_000)], epf: { enabled: false, settings: DEFAULT_EPF_SETTINGS } }));
    expect(r.epf).toBeNull();
    expect(Object.keys(amounts(r))).toEqual(['BASIC', 'ESI_EE', 'ESI_ER']);
  });
});

describe('computeEmployeeMonth: ESI (india-tax-rules §11)', () => {
  it('ESI wages 21,000: covered at exactly the ceiling; 0.75% = 157.50 ↑ 158, 3.25% = 682.50 ↑ 683', () => {
    const earnings = [basic(10_000), earning('HRA', 'HRA', 5_000), earning('SPECIAL', 'Special Allowance', 6_000)];
    const r = computeEmployeeMonth(monthInput({ earnings }));
    // EPF on Basic 10,000: 1,200; EPS 833; EPF 367; EDLI 50; admin 50.
    expect(amounts(r)).toEqual({ BASIC: 10_000, HRA: 5_000, SPECIAL: 6_000, EPF_EE: 1_200, ESI_EE: 158, EPF_ER: 367, EPS_ER: 833, EDLI: 50, EPF_ADMIN: 50, ESI_ER: 683 });
    // 21,000 − 1,200 − 158; 21,000 + 367 + 833 + 50 + 50 + 683.
    expect(r.netPaise).toBe(R(19_642));
    expect(r.employerCostPaise).toBe(R(22_983));
    expect(explanationOf(r, 'ESI_EE')).toContain('₹157.50, rounded up to ₹158');
    expect(explanationOf(r, 'ESI_ER')).toContain('₹682.50, rounded up to ₹683');
  });

  it('21,001 is over the ceiling: no ESI', () => {
    const r = computeEmployeeMonth(monthInput({ earnings: [basic(10_000), earning('HRA', 'HRA', 5_000), earning('SPECIAL', 'Special Allowance', 6_001)] }));
    expect(r.esi?.applicable).toBe(false);
    expect(amounts(r).ESI_EE).toBeUndefined();
    expect(r.wages.esiWagePaise).toBe(0);
  });

  it('coverage on the full-month wages: a joiner paid 16,000 of a 30,000 month is not covered', () => {
    // 30,000 × 16/30 = 16,000 paid (under 21,000) but the month's ESI wages are 30,000 (over it).
    const r = computeEmployeeMonth(monthInput({ earnings: [earning('SALARY', 'Salary', 30_000)], payableDays: 16, epf: { enabled: false, settings: DEFAULT_EPF_SETTINGS } }));
    expect(r.grossPaise).toBe(R(16_000));
    expect(r.esi?.applicable).toBe(false);
  });

  it('contribution on the prorated wages: 18,000 a month, 20 of 30 days → 12,000 × 0.75% = 90, × 3.25% = 390', () => {
    const r = computeEmployeeMonth(monthInput({ earnings: [earning('SALARY', 'Salary', 18_000)], payableDays: 20, lopDays: 10, epf: { enabled: false, settings: DEFAULT_EPF_SETTINGS } }));
    expect(amounts(r)).toEqual({ SALARY: 12_000, ESI_EE: 90, ESI_ER: 390 });
  });

  it('one-time incentive counts in ESI wages (s.2(22) "additional remuneration"), bonus does not; neither is PF wage', () => {
    const adjustments: MonthAdjustmentInput[] = [
      { kind: 'earning', category: 'incentive', label: 'Sales incentive', amountPaise: R(2_000), taxable: true },
      { kind: 'earning', category: 'bonus', label: 'Annual bonus', amountPaise: R(3_000), taxable: true },
    ];
    const r = computeEmployeeMonth(monthInput({ earnings: [basic(15_000)], adjustments }));
    // Gross 20,000. ESI wages 15,000 + 2,000 = 17,000: 127.50 ↑ 128; 552.50 ↑ 553. PF on Basic 15,000: 1,800.
    expect(amounts(r)).toMatchObject({ BASIC: 15_000, ADJ_INCENTIVE: 2_000, ADJ_BONUS: 3_000, EPF_EE: 1_800, ESI_EE: 128, ESI_ER: 553 });
    expect(r.wages.esiWagePaise).toBe(R(17_000));
    expect(r.netPaise).toBe(R(20_000 - 1_800 - 128));
  });

  it('covered at the start of the contribution period: stays covered above the ceiling and pays on actual wages', () => {
    // 23,000 × 0.75% = 172.50 ↑ 173; × 3.25% = 747.50 ↑ 748 (§11 example figures).
    const r = computeEmployeeMonth(monthInput({ earnings: [earning('SALARY', 'Salary', 23_000)], esi: { enabled: true, coveredAtPeriodStart: true }, epf: { enabled: false, settings: DEFAULT_EPF_SETTINGS } }));
    expect(amounts(r)).toMatchObject({ ESI_EE: 173, ESI_ER: 748 });
  });

  it('daily average wage at most 176: no employee share, the employer pays 3.25%', () => {
    // 5,000 ÷ 30 = 166.67 a day ≤ 176. Employer 3.25% × 5,000 = 162.50 ↑ 163.
    const r = computeEmployeeMonth(monthInput({ earnings: [earning('SALARY', 'Salary', 5_000)], epf: { enabled: false, settings: DEFAULT_EPF_SETTINGS } }));
    expect(amounts(r)).toEqual({ SALARY: 5_000, ESI_ER: 163 });
  });
});

describe('computeEmployeeMonth: proration by payable days', () => {
  it('joiner on the 15th of a 30-day month: 16 payable days', () => {
    // Basic 20,000 × 16/30 = 10,666.67 → 10,667; HRA 10,000 × 16/30 = 5,333.33 → 5,333; gross 16,000.
    // PF wage 10,667: 12% = 1,280.04 → 1,280; EPS 8.33% = 888.56 → 889; EPF 391; EDLI/admin 0.5% = 53.335 → 53.
    // ESI: full-month 30,000 > 21,000, not covered. Karnataka PT on the gross paid, 16,000 < 25,000: nil.
    const r = computeEmployeeMonth(
      monthInput({
        earnings: [basic(20_000), earning('HRA', 'HRA', 10_000)],
        payableDays: 16,
        professionalTax: { enabled: true, stateCode: 'KA' },
      }),
    );
    expect(amounts(r)).toEqual({ BASIC: 10_667, HRA: 5_333, EPF_EE: 1_280, EPF_ER: 391, EPS_ER: 889, EDLI: 53, EPF_ADMIN: 53 });
    expect(r.netPaise).toBe(R(16_000 - 1_280));
    expect(r.employerCostPaise).toBe(R(16_000 + 391 + 889 + 53 + 53));
    expect(explanationOf(r, 'BASIC')).toBe('Basic ₹20,000 × 16 of 30 payable days = ₹10,667');
    expect(r.professionalTaxPaise).toBe(0);
  });

  it('two days LOP: Basic ₹30,000 × 28 of 30 = ₹28,000; a non-pro-rata allowance is paid in full; Karnataka PT 200', () => {
    // Gross 28,000 + 1,600 = 29,600. PF 15,000 ceiling: 1,800. ESI: 31,600 > 21,000. PT (KA, ≥ 25,000): 200.
    const r = computeEmployeeMonth(
      monthInput({
        earnings: [basic(30_000), earning('CONVEYANCE', 'Conveyance', 1_600, { proRata: false })],
        payableDays: 28,
        lopDays: 2,
        professionalTax: { enabled: true, stateCode: 'KA' },
      }),
    );
    expect(explanationOf(r, 'BASIC')).toBe('Basic ₹30,000 × 28 of 30 payable days = ₹28,000');
    expect(explanationOf(r, 'CONVEYANCE')).toContain('paid in full');
    expect(amounts(r)).toEqual({ BASIC: 28_000, CONVEYANCE: 1_600, EPF_EE: 1_800, PT: 200, EPF_ER: 550, EPS_ER: 1_250, EDLI: 75, EPF_ADMIN: 75 });
    expect(r.netPaise).toBe(R(27_600));
    expect(r.employerCostPaise).toBe(R(31_550));
    expect(r).toMatchObject({ periodDays: 30, payableDays: 28, lopDays: 2 });
  });

  it('half days: 30,000 × 27.5 of 30 = 27,500', () => {
    const r = computeEmployeeMonth(monthInput({ earnings: [earning('SALARY', 'Salary', 30_000)], payableDays: 27.5, lopDays: 2.5, esi: { enabled: false } }));
    expect(r.grossPaise).toBe(R(27_500));
  });

  it('February: 30,000 × 27 of 28 = 28,928.57 → 28,929 (to the rupee, half up)', () => {
    const r = computeEmployeeMonth(monthInput({ month: '2027-02', period: FEBRUARY_2027, earnings: [earning('SALARY', 'Salary', 30_000)], payableDays: 27, lopDays: 1, esi: { enabled: false } }));
    expect(r.grossPaise).toBe(R(28_929));
  });

  it('no payable days: nothing earned, no contributions', () => {
    const r = computeEmployeeMonth(monthInput({ earnings: [basic(15_000)], payableDays: 0, lopDays: 30 }));
    expect(r.grossPaise).toBe(0);
    expect(r.lines).toEqual([]);
    expect(r.netPaise).toBe(0);
  });
});

describe('computeEmployeeMonth: professional tax and LWF (india-tax-rules §12, §13)', () => {
  const noStatutory = { epf: { enabled: false, settings: DEFAULT_EPF_SETTINGS }, esi: { enabled: false } };
  const pt = (state: string, month: string, period: EmployeeMonthInput['period'], rupees: number, gender: EmployeeMonthInput['gender'] = 'Male') =>
    computeEmployeeMonth(monthInput({ ...noStatutory, month, period, gender, earnings: [earning('SALARY', 'Salary', rupees)], professionalTax: { enabled: true, stateCode: state } })).professionalTaxPaise / 100;

  it.each([
    // Karnataka Act 33 of 2025: ≥ 25,000 pays 200, 300 in February; below, nil.
    ['KA 25,000 in April', 'KA', '2026-04', APRIL_2026, 25_000, 'Male', 200],
    ['KA 24,999 in April', 'KA', '2026-04', APRIL_2026, 24_999, 'Male', 0],
    ['KA 25,000 in February', 'KA', '2027-02', FEBRUARY_2027, 25_000, 'Male', 300],
    // Maharashtra: men > 10,000 → 200, 300 in February; 7,501–10,000 → 175; women ≤ 25,000 nil.
    ['MH man 12,000 in February', 'MH', '2027-02', FEBRUARY_2027, 12_000, 'Male', 300],
    ['MH man 12,000 in April', 'MH', '2026-04', APRIL_2026, 12_000, 'Male', 200],
    ['MH man 9,000', 'MH', '2026-04', APRIL_2026, 9_000, 'Male', 175],
    ['MH woman 20,000 in February', 'MH', '2027-02', FEBRUARY_2027, 20_000, 'Female', 0],
    ['MH woman 30,000 in February', 'MH', '2027-02', FEBRUARY_2027, 30_000, 'Female', 300],
    // West Bengal 25,001–40,000 → 150.
    ['WB 30,000', 'WB', '2026-04', APRIL_2026, 30_000, 'Male', 150],
    // Tamil Nadu half-yearly, on the half year's income (30,000 × 6 = 1,80,000 > 75,000 → 1,250), in September and March only.
    ['TN in April (not due)', 'TN', '2026-04', APRIL_2026, 30_000, 'Male', 0],
  ] as const)('%s → %s', (_name, state, month, period, rupees, gender, expected) => {
    expect(pt(state, month, period, rupees, gender)).toBe(expected);
  });

  it("Maharashtra exempts a man of 65 (the employee's age is read); Madhya Pradesh reads the year's income", () => {
    const at = (state: string, ageYears: number | null, rupees: number) =>
      computeEmployeeMonth(monthInput({ ...noStatutory, month: '2026-04', period: APRIL_2026, ageYears, earnings: [earning('SALARY', 'Salary', rupees)], professionalTax: { enabled: true, stateCode: state } }));
    // An exempt employee has no PT line (zero lines are left out).
    const old = at('MH', 65, 40_000);
    expect(old.professionalTaxPaise).toBe(0);
    expect(old.lines.some((l) => l.code === 'PT')).toBe(false);
    expect(at('MH', 64, 40_000).professionalTaxPaise).toBe(R(200));
    // MP: 40,000 × 12 = 4,80,000 > 4,00,000 → 208 a month.
    const mp = at('MP', 30, 40_000);
    expect(mp.professionalTaxPaise).toBe(R(208));
    expect(explanationOf(mp, 'PT')).toContain("the year's income ₹4,80,000");
  });

  it('Tamil Nadu in September: 1,250 on a half-year income of 1,80,000, or on the half-year income the caller passes', () => {
    const september = { start: '2026-09-01', end: '2026-09-30', days: 30 };
    expect(pt('TN', '2026-09', september, 30_000)).toBe(1_250);
    const r = computeEmployeeMonth(
      monthInput({ ...noStatutory, month: '2026-09', period: september, earnings: [earning('SALARY', 'Salary', 30_000)], professionalTax: { enabled: true, stateCode: 'TN', halfYearGrossPaise: R(40_000) } }),
    );
    // 40,000: 30,001–45,000 → 425.
    expect(r.professionalTaxPaise).toBe(R(425));
    expect(explanationOf(r, 'PT')).toContain("half year's income ₹40,000");
  });

  it('PT is on the gross actually paid this month (prorated), not the full-month salary', () => {
    // 30,000 × 20/30 = 20,000 < 25,000: Karnataka nil.
    const r = computeEmployeeMonth(monthInput({ ...noStatutory, earnings: [earning('SALARY', 'Salary', 30_000)], payableDays: 20, lopDays: 10, professionalTax: { enabled: true, stateCode: 'KA' } }));
    expect(r.professionalTaxPaise).toBe(0);
  });

  it('PT disabled or a state without a table: nil', () => {
    const r = computeEmployeeMonth(monthInput({ ...noStatutory, earnings: [earning('SALARY', 'Salary', 30_000)], professionalTax: { enabled: false, stateCode: 'KA' } }));
    expect(r.professionalTaxPaise).toBe(0);
    const delhi = computeEmployeeMonth(monthInput({ ...noStatutory, earnings: [earning('SALARY', 'Salary', 30_000)], professionalTax: { enabled: true, stateCode: 'DL' } }));
    expect(delhi.professionalTaxPaise).toBe(0);
  });

  // Maharashtra LWF (Amendment) Act 2024: 25 / 75 from the June 2024 contribution, whatever the wages.
  it('LWF: Maharashtra June 25 / 75; nothing in April; Karnataka December 50 / 100', () => {
    const lwf = (state: string, month: string, period: EmployeeMonthInput['period']) =>
      computeEmployeeMonth(monthInput({ ...noStatutory, month, period, earnings: [earning('SALARY', 'Salary', 20_000)], lwf: { enabled: true, stateCode: state } }));
    const june = lwf('MH', '2026-06', JUNE_2026);
    expect(amounts(june)).toEqual({ SALARY: 20_000, LWF_EE: 25, LWF_ER: 75 });
    expect(june).toMatchObject({ lwfEmployeePaise: R(25), lwfEmployerPaise: R(75), netPaise: R(19_975), employerCostPaise: R(20_075) });
    expect(lwf('MH', '2026-04', APRIL_2026).lwfEmployeePaise).toBe(0);
    expect(amounts(lwf('KA', '2026-12', DECEMBER_2026))).toMatchObject({ LWF_EE: 50, LWF_ER: 100 });
  });
});

describe('computeEmployeeMonth: TDS (s.192, india-tax-rules §8; new regime FY 2026-27 = FY 2025-26 slabs, §1–§4)', () => {
  const tds = (overrides: Partial<EmployeeMonthInput['tds']> = {}): EmployeeMonthInput['tds'] => ({
    enabled: true,
    financialYear: '2026-27',
    regime: 1,
    ageBand: 'below60',
    grossSoFarPaise: 0,
    tdsSoFarPaise: 0,
    remainingMonths: 12,
    ...overrides,
  });
  const noStatutory = { epf: { enabled: false, settings: DEFAULT_EPF_SETTINGS }, esi: { enabled: false } };
  const salary = (rupees: number) => [earning('SALARY', 'Salary', rupees)];

  it('87A boundary: 1,06,250 a month → 12,75,000 − 75,000 = 12,00,000 → tax 60,000 fully rebated → TDS 0, line still printed', () => {
    const r = computeEmployeeMonth(monthInput({ ...noStatutory, earnings: salary(106_250), tds: tds() }));
    expect(r.tdsPaise).toBe(0);
    const line = r.lines.find((l) => l.code === 'TDS');
    expect(line).toMatchObject({ section: 'deduction', amountPaise: 0 });
    const text = r.tdsExplanation.join('\n');
    expect(text).toContain('Taxable income ₹12,00,000');
    expect(text).toContain('less 87A rebate ₹60,000');
    expect(text).toContain('Nothing left to deduct');
  });

  it('just over the boundary: 1,07,500 a month → TI 12,15,000 → 62,250, marginal relief to 15,000, cess 600 → 15,600 ÷ 12 = 1,300', () => {
    // Slabs: 5% × 4L = 20,000; 10% × 4L = 40,000; 15% × 15,000 = 2,250 → 62,250. 87A first proviso: tax
    // limited to the income above 12L = 15,000 (rebate 47,250). Cess 4% = 600.
    const r = computeEmployeeMonth(monthInput({ ...noStatutory, earnings: salary(107_500), tds: tds() }));
    expect(r.tdsPaise).toBe(R(1_300));
    expect(r.tdsExplanation.join('\n')).toContain('= ₹15,600');
    expect(r.netPaise).toBe(R(107_500 - 1_300));
  });

  it('a one-time bonus is added once: 1,00,000 a month + 1,00,000 bonus in April → 13,00,000 → 26,000 → 2,167 (§14 figure)', () => {
    // Without the bonus: 12,00,000 − 75,000 = 11,25,000, fully rebated. With it: 13,00,000 − 75,000 = 12,25,000 →
    // 63,750; relief to 25,000; cess 1,000 → 26,000; ÷ 12 = 2,166.67 → 2,167.
    const without = computeEmployeeMonth(monthInput({ ...noStatutory, earnings: salary(100_000), tds: tds() }));
    expect(without.tdsPaise).toBe(0);
    const bonus: MonthAdjustmentInput = { kind: 'earning', category: 'bonus', label: 'Bonus', amountPaise: R(100_000), taxable: true };
    const r = computeEmployeeMonth(monthInput({ ...noStatutory, earnings: salary(100_000), adjustments: [bonus], tds: tds() }));
    expect(r.tdsPaise).toBe(R(2_167));
    expect(r.taxableGrossPaise).toBe(R(200_000));
    // A non-taxable one-time earning changes nothing.
    const exempt = computeEmployeeMonth(monthInput({ ...noStatutory, earnings: salary(100_000), adjustments: [{ ...bonus, taxable: false }], tds: tds() }));
    expect(exempt.tdsPaise).toBe(0);
  });

  it('October with salary and TDS so far: 9,00,000 paid, 40,000 deducted, 6 months left → (1,50,800 − 40,000) ÷ 6 = 18,467', () => {
    // 9,00,000 + 1,50,000 + 5 × 1,50,000 = 18,00,000 − 75,000 = 17,25,000 → 20,000 + 40,000 + 60,000 + 20% × 1,25,000
    // = 1,45,000; cess 5,800 → 1,50,800. (1,50,800 − 40,000) ÷ 6 = 18,466.67 → 18,467.
    const r = computeEmployeeMonth(
      monthInput({ ...noStatutory, month: '2026-10', period: OCTOBER_2026, earnings: salary(150_000), tds: tds({ grossSoFarPaise: R(900_000), tdsSoFarPaise: R(40_000), remainingMonths: 6 }) }),
    );
    expect(r.tdsPaise).toBe(R(18_467));
    expect(r.tdsExplanation.join('\n')).toContain('₹1,10,800 ÷ 6 months = ₹18,467');
  });

  it('LOP this month: projection uses the prorated month and full later months (15 of 31 days)', () => {
    // 1,50,000 × 15/31 = 72,580.65 → 72,581. 9,00,000 + 72,581 + 5 × 1,50,000 = 17,22,581 − 75,000 = 16,47,581 →
    // s.288A 16,47,580. Tax 1,20,000 + 20% × 47,580 = 1,29,516; cess 5,180.64 → 1,34,696.64 → s.288B 1,34,700.
    // (1,34,700 − 40,000) ÷ 6 = 15,783.33 → 15,783.
    const r = computeEmployeeMonth(
      monthInput({
        ...noStatutory,
        month: '2026-10',
        period: OCTOBER_2026,
        payableDays: 15,
        lopDays: 16,
        earnings: salary(150_000),
        tds: tds({ grossSoFarPaise: R(900_000), tdsSoFarPaise: R(40_000), remainingMonths: 6 }),
      }),
    );
    expect(r.grossPaise).toBe(R(72_581));
    expect(r.tdsPaise).toBe(R(15_783));
    expect(r.tdsExplanation.join('\n')).toContain('(s.288A)');
  });

  it('TDS already over the year: never negative', () => {
    const r = computeEmployeeMonth(monthInput({ ...noStatutory, earnings: salary(150_000), tds: tds({ tdsSoFarPaise: R(500_000), remainingMonths: 3, grossSoFarPaise: R(1_350_000) }) }));
    expect(r.tdsPaise).toBe(0);
  });

  it('pre-tax deductions reduce taxable salary: 1,10,000 a month with NPS 5,000 → 12,60,000 − 75,000 = 11,85,000 → fully rebated', () => {
    // Without NPS: 13,20,000 − 75,000 = 12,45,000 → 66,750, relief to 45,000, cess 1,800 → 46,800 ÷ 12 = 3,900.
    const nps: MonthDeductionInput = { code: 'NPS', name: 'NPS', monthlyPaise: R(5_000), preTax: true };
    expect(computeEmployeeMonth(monthInput({ ...noStatutory, earnings: salary(110_000), tds: tds() })).tdsPaise).toBe(R(3_900));
    const r = computeEmployeeMonth(monthInput({ ...noStatutory, earnings: salary(110_000), deductions: [nps], tds: tds() }));
    expect(r.tdsPaise).toBe(0);
    expect(r.taxableGrossPaise).toBe(R(105_000));
    expect(amounts(r)).toMatchObject({ NPS: 5_000, TDS: 0 });
    expect(r.netPaise).toBe(R(105_000));
  });

  it('old regime: deductions known for the year come off; 80,000 a month, 1,52,500 known → 66,560 ÷ 12 = 5,547', () => {
    // 9,60,000 − 1,52,500 = 8,07,500 − 50,000 (old standard deduction) = 7,57,500 → 12,500 + 20% × 2,57,500 = 64,000;
    // over 5,00,000, no 87A; cess 2,560 → 66,560; ÷ 12 = 5,546.67 → 5,547.
    const r = computeEmployeeMonth(monthInput({ ...noStatutory, earnings: salary(80_000), tds: tds({ regime: 0, deductionsForYearPaise: R(152_500) }) }));
    expect(r.tdsPaise).toBe(R(5_547));
    // The new regime ignores them: 9,60,000 − 75,000 = 8,85,000 → rebated in full.
    const neu = computeEmployeeMonth(monthInput({ ...noStatutory, earnings: salary(80_000), tds: tds({ regime: 1, deductionsForYearPaise: R(152_500) }) }));
    expect(neu.tdsPaise).toBe(0);
    expect(neu.tdsExplanation.join('\n')).toContain('not allowed in the new regime');
  });

  it('TDS off: no TDS line and no explanation', () => {
    const r = computeEmployeeMonth(monthInput({ ...noStatutory, earnings: salary(150_000) }));
    expect(r.lines.some((l) => l.code === 'TDS')).toBe(false);
    expect(r.tdsExplanation).toEqual([]);
  });
});

describe('computeEmployeeMonth: deductions', () => {
  it('recurring and one-time deductions come off net pay; codes and labels as given', () => {
    const r = computeEmployeeMonth(
      monthInput({
        epf: { enabled: false, settings: DEFAULT_EPF_SETTINGS },
        esi: { enabled: false },
        earnings: [earning('SALARY', 'Salary', 40_000)],
        deductions: [{ code: 'DED_LOAN', name: 'Loan Recovery', monthlyPaise: R(2_000), preTax: false }],
        adjustments: [
          { kind: 'deduction', category: 'loanRecovery', label: 'Advance recovery', amountPaise: R(5_000), taxable: false },
          { kind: 'deduction', category: 'other', label: 'Canteen', amountPaise: R(300), taxable: false },
        ],
      }),
    );
    expect(amounts(r)).toEqual({ SALARY: 40_000, DED_LOAN: 2_000, ADJ_LOAN_RECOVERY: 5_000, ADJ_OTHER_DEDUCTION: 300 });
    expect(r.totalDeductionsPaise).toBe(R(7_300));
    expect(r.netPaise).toBe(R(32_700));
  });

  it('amounts given with paise are taken to the rupee, half up', () => {
    const r = computeEmployeeMonth(
      monthInput({
        epf: { enabled: false, settings: DEFAULT_EPF_SETTINGS },
        esi: { enabled: false },
        earnings: [earning('FIXED', 'Fixed', 1_000.5, { proRata: false })],
        deductions: [{ code: 'D', name: 'D', monthlyPaise: 4_949, preTax: false }],
      }),
    );
    expect(amounts(r)).toEqual({ FIXED: 1_001, D: 49 });
  });

  it('refuses input it cannot pay', () => {
    expect(() => computeEmployeeMonth(monthInput({ payableDays: 31 }))).toThrow(RangeError);
    expect(() => computeEmployeeMonth(monthInput({ payableDays: 10.25 }))).toThrow(RangeError);
    expect(() => computeEmployeeMonth(monthInput({ payableDays: 29, lopDays: 2 }))).toThrow(RangeError);
    expect(() => computeEmployeeMonth(monthInput({ month: '2026-13' }))).toThrow(RangeError);
    expect(() => computeEmployeeMonth(monthInput({ earnings: [earning('X', 'X', -1)] }))).toThrow(RangeError);
    expect(() => computeEmployeeMonth(monthInput({ tds: { ...monthInput().tds, enabled: true, remainingMonths: 13 } }))).toThrow(RangeError);
    expect(() => computeEmployeeMonth(monthInput({ tds: { ...monthInput().tds, enabled: true, financialYear: '2019-20' } }))).toThrow(RangeError);
  });
});

describe('computeEmployeeMonth: properties', () => {
  const states = [null, 'KA', 'MH', 'TN', 'KL', 'WB', 'TG', 'AP', 'GJ', 'DL', 'CT'] as const;
  const months = ['2026-04', '2026-06', '2026-09', '2026-12', '2027-02', '2027-03'] as const;
  const earningArb = fc.record({
    code: fc.constantFrom('BASIC', 'HRA', 'SPECIAL', 'CONVEYANCE'),
    name: fc.constantFrom('Basic', 'HRA', 'Special', 'Conveyance'),
    monthlyPaise: fc.integer({ min: 0, max: 50_000_000 }),
    proRata: fc.boolean(),
    epfContributionType: fc.constantFrom(0 as const, 1 as const, 2 as const),
    esiWage: fc.boolean(),
    taxable: fc.boolean(),
  });
  const deductionArb = fc.record({ code: fc.constantFrom('DED_A', 'DED_B'), name: fc.constant('Deduction'), monthlyPaise: fc.integer({ min: 0, max: 1_000_000 }), preTax: fc.boolean() });
  const adjustmentArb = fc.record({
    kind: fc.constantFrom('earning' as const, 'deduction' as const),
    category: fc.constantFrom('bonus' as const, 'incentive' as const, 'loanRecovery' as const, 'other' as const),
    label: fc.constant('One-time'),
    amountPaise: fc.integer({ min: 0, max: 10_000_000 }),
    taxable: fc.boolean(),
  });
  const inputArb = fc
    .record({
      month: fc.constantFrom(...months),
      days: fc.integer({ min: 28, max: 31 }),
      payableHalves: fc.nat(),
      earnings: fc.array(earningArb, { maxLength: 5 }),
      deductions: fc.array(deductionArb, { maxLength: 2 }),
      adjustments: fc.array(adjustmentArb, { maxLength: 3 }),
      epfEnabled: fc.boolean(),
      applicability: fc.constantFrom(0 as const, 1 as const, 2 as const),
      restrict: fc.boolean(),
      proRate: fc.boolean(),
      esiEnabled: fc.boolean(),
      force: fc.boolean(),
      ptState: fc.constantFrom(...states),
      lwfState: fc.constantFrom(...states),
      gender: fc.constantFrom('Male' as const, 'Female' as const, 'Other' as const),
      age: fc.option(fc.integer({ min: 18, max: 70 }), { nil: null }),
      tdsEnabled: fc.boolean(),
      regime: fc.constantFrom(0 as const, 1 as const),
      grossSoFarPaise: fc.integer({ min: 0, max: 500_000_000 }),
      tdsSoFarPaise: fc.integer({ min: 0, max: 50_000_000 }),
      remainingMonths: fc.integer({ min: 1, max: 12 }),
      deductionsForYearPaise: fc.integer({ min: 0, max: 50_000_000 }),
    })
    .map(
      (g): EmployeeMonthInput => {
        const payableDays = (g.payableHalves % (2 * g.days + 1)) / 2;
        return monthInput({
          month: g.month,
          period: { start: `${g.month}-01`, end: `${g.month}-${String(g.days)}`, days: g.days },
          payableDays,
          lopDays: g.days - payableDays,
          earnings: g.earnings,
          deductions: g.deductions,
          adjustments: g.adjustments,
          epf: { enabled: g.epfEnabled, settings: { ...DEFAULT_EPF_SETTINGS, applicability: g.applicability, restrictToWageCeiling: g.restrict, proRate: g.proRate } },
          esi: { enabled: g.esiEnabled, forceCalculate: g.force },
          professionalTax: { enabled: true, stateCode: g.ptState },
          lwf: { enabled: true, stateCode: g.lwfState },
          gender: g.gender,
          ageYears: g.age,
          tds: {
            enabled: g.tdsEnabled,
            financialYear: g.month < '2027-04' && g.month >= '2026-04' ? '2026-27' : '2025-26',
            regime: g.regime,
            ageBand: 'below60',
            grossSoFarPaise: g.grossSoFarPaise,
            tdsSoFarPaise: g.tdsSoFarPaise,
            remainingMonths: g.remainingMonths,
            deductionsForYearPaise: g.deductionsForYearPaise,
          },
        });
      },
    );

  it('net = gross − deductions; employer cost = gross + employer lines; lines add up to the totals; every amount a whole rupee', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = computeEmployeeMonth(input);
        const sum = (section: string) => r.lines.filter((l) => l.section === section).reduce((s, l) => s + l.amountPaise, 0);
        expect(r.netPaise).toBe(r.grossPaise - r.totalDeductionsPaise);
        expect(sum('earning')).toBe(r.grossPaise);
        expect(sum('deduction')).toBe(r.totalDeductionsPaise);
        expect(r.employerCostPaise).toBe(r.grossPaise + sum('employer'));
        // Whole rupees, except the one levy a state fixes in paise: Delhi's LWF of ₹0.75 / ₹2.25 a half
        // year (india-tax-rules §13), kept exact; the totals are whole rupees once it is taken out.
        const lwfEe = r.lwfEmployeePaise;
        const lwfEr = r.lwfEmployerPaise;
        if (input.lwf.stateCode !== 'DL') {
          expect(Math.abs(lwfEe % 100) + Math.abs(lwfEr % 100)).toBe(0);
        }
        const figures = [
          r.grossPaise,
          r.totalDeductionsPaise - lwfEe,
          r.netPaise + lwfEe,
          r.employerCostPaise - lwfEr,
          r.taxableGrossPaise,
          r.tdsPaise,
          r.professionalTaxPaise,
          ...Object.values(r.wages),
          ...r.lines.filter((l) => l.code !== 'LWF_EE' && l.code !== 'LWF_ER').map((l) => l.amountPaise),
        ];
        for (const paise of figures) {
          expect(Number.isSafeInteger(paise)).toBe(true);
          expect(Math.abs(paise % 100)).toBe(0);
        }
        for (const line of r.lines) {
          expect(line.amountPaise).toBeGreaterThanOrEqual(0);
          expect(line.explanation.length).toBeGreaterThan(0);
        }
        expect(r.tdsPaise).toBe(r.lines.find((l) => l.code === 'TDS')?.amountPaise ?? 0);
        expect(r.professionalTaxPaise).toBe(r.lines.find((l) => l.code === 'PT')?.amountPaise ?? 0);
        expect(r.payableDays + r.lopDays).toBeLessThanOrEqual(r.periodDays);
      }),
      { numRuns: 300 },
    );
  });
});

describe('computeEmployeeMonth: reimbursements', () => {
  const off = { epf: { enabled: false, settings: DEFAULT_EPF_SETTINGS }, esi: { enabled: false } };
  const tdsOn = { enabled: true, financialYear: '2026-27', regime: 1 as const, ageBand: 'below60' as const, grossSoFarPaise: 0, tdsSoFarPaise: 0, remainingMonths: 12 };

  it('a non-taxable claim is paid in the net, is no PF, ESI or PT wage and no taxable salary', () => {
    // Salary 24,000 + travel 1,500 + phone 800 = gross 26,300; PT (KA from Apr 2025, "25,000 and more") is on
    // the salary 24,000 alone: nil. ESI: wages 24,000 > 21,000, not covered either way; PF on basic 24,000 capped.
    const r = computeEmployeeMonth(
      monthInput({
        earnings: [basic(24_000)],
        professionalTax: { enabled: true, stateCode: 'KA' },
        reimbursements: [
          { typeName: 'Travel', amountPaise: R(1_500), claimedOn: '2026-04-03', taxable: false },
          { typeName: 'Phone', amountPaise: R(800), claimedOn: '2026-04-10', taxable: false },
        ],
      }),
    );
    expect(amounts(r)).toMatchObject({ BASIC: 24_000, REIMBURSEMENT: 2_300, EPF_EE: 1_800 });
    expect(amounts(r).PT).toBeUndefined();
    expect(r.grossPaise).toBe(R(26_300));
    expect(r.netPaise).toBe(R(26_300 - 1_800));
    expect(r.taxableGrossPaise).toBe(R(24_000));
    expect(r.wages.pfWagePaise).toBe(R(15_000));
    expect(explanationOf(r, 'REIMBURSEMENT')).toBe(
      ['Travel ₹1,500, claimed on 03 Apr 2026, approved', 'Phone ₹800, claimed on 10 Apr 2026, approved', 'Approved claims paid with this salary: reimbursement of expenses, not taxable salary'].join('\n'),
    );
  });

  it('a taxable type counts in this month’s taxable salary once, not in the projection', () => {
    // New regime FY 2026-27: salary 1,00,000 a month → projected 12,00,000 without the claim. With a taxable
    // claim of 12,000 the year's salary is 12,12,000: standard deduction 75,000 → 11,37,000 (above 12,00,000? no:
    // the 87A rebate still makes the tax nil). So compare taxable salary only: 1,00,000 + 12,000.
    const r = computeEmployeeMonth(
      monthInput({
        ...off,
        earnings: [earning('SALARY', 'Salary', 100_000)],
        reimbursements: [{ typeName: 'Fuel', amountPaise: R(12_000), claimedOn: '2026-04-02', taxable: true }],
        tds: tdsOn,
      }),
    );
    expect(amounts(r)).toMatchObject({ SALARY: 100_000, REIMBURSEMENT_TAXABLE: 12_000 });
    expect(r.taxableGrossPaise).toBe(R(112_000));
    expect(r.tdsExplanation).toContain('This month\'s taxable salary ₹1,12,000');
    expect(r.tdsExplanation).toContain('11 later months at the full-month taxable salary ₹1,00,000 × 11 = ₹11,00,000');
  });

  it('no claims, no line; claims with paise are paid to the rupee, half up; negative paise are refused', () => {
    expect(amounts(computeEmployeeMonth(monthInput({ ...off, earnings: [earning('SALARY', 'Salary', 30_000)], reimbursements: [] }))).REIMBURSEMENT).toBeUndefined();
    const r = computeEmployeeMonth(monthInput({ ...off, earnings: [earning('SALARY', 'Salary', 30_000)], reimbursements: [{ typeName: 'Meals', amountPaise: 45_050, claimedOn: '2026-04-01', taxable: false }] }));
    // 450.50 → 451 (half up), and the line says so.
    expect(amounts(r).REIMBURSEMENT).toBe(451);
    expect(explanationOf(r, 'REIMBURSEMENT')).toContain('Claims ₹450.50 paid to the rupee: ₹451');
    expect(() => computeEmployeeMonth(monthInput({ ...off, reimbursements: [{ typeName: 'Meals', amountPaise: -1, claimedOn: '2026-04-01', taxable: false }] }))).toThrow(RangeError);
  });
});

describe('computeEmployeeMonth: the PF and ESI wage base (Code on Social Security s.2(88))', () => {
  const hra = (rupees: number) => earning('HRA', 'HRA', rupees);
  const conveyance = (rupees: number) => earning('CONVEYANCE', 'Conveyance', rupees);
  const fixed = (rupees: number) => earning('FIXED_ALLOWANCE', 'Fixed Allowance', rupees);
  const codeBasic = (rupees: number) => basic(rupees, { codeWage: true });
  const salary = [codeBasic(8_000), hra(4_000), conveyance(1_600), fixed(6_400)];
  const on = (base: 'codes' | 'components') => ({ epf: { enabled: true, settings: DEFAULT_EPF_SETTINGS, wageBase: base }, esi: { enabled: true, wageBase: base } });

  it('codes: the excluded allowances over one-half are added back to the PF and ESI wages', () => {
    // All remuneration 20,000; basic 8,000; excluded 12,000 exceed one-half (10,000) by 2,000 → wages 10,000.
    // EPF 12% × 10,000 = 1,200; EPS 8.33% = 833; EPF 1,200 − 833 = 367; EDLI and admin 0.5% = 50.
    // ESI: covered on the gross 20,000 (≤ 21,000); 0.75% × 10,000 = 75, 3.25% = 325.
    const r = computeEmployeeMonth(monthInput({ earnings: salary, ...on('codes') }));
    expect(amounts(r)).toMatchObject({ EPF_EE: 1_200, EPS_ER: 833, EPF_ER: 367, EDLI: 50, EPF_ADMIN: 50, ESI_EE: 75, ESI_ER: 325 });
    expect(r.wages).toEqual({ pfWagePaise: R(10_000), epsWagePaise: R(10_000), edliWagePaise: R(10_000), esiWagePaise: R(10_000) });
    expect(r.codeWages.addedBackPaise).toBe(R(2_000));
    const epfWhy = explanationOf(r, 'EPF_EE');
    expect(epfWhy).toContain('PF wage base: wages under the labour codes (Code on Social Security s.2(88))');
    expect(epfWhy).toContain('Basic ₹8,000; excluded allowances ₹12,000 exceed 50% of ₹20,000 by ₹2,000, added back → ₹10,000');
    expect(explanationOf(r, 'ESI_EE')).toContain('ESI wage base: wages under the labour codes');
  });

  it('components: the PF wage is the basic marked for PF and ESI is on the gross, as before the codes', () => {
    // EPF 12% × 8,000 = 960; EPS 8.33% = 666.40 → 666; EPF 294; EDLI and admin 40. ESI 0.75% × 20,000 = 150, 3.25% = 650.
    const r = computeEmployeeMonth(monthInput({ earnings: salary, ...on('components') }));
    expect(amounts(r)).toMatchObject({ EPF_EE: 960, EPS_ER: 666, EPF_ER: 294, EDLI: 40, EPF_ADMIN: 40, ESI_EE: 150, ESI_ER: 650 });
    expect(explanationOf(r, 'EPF_EE')).toContain('PF wage base: the salary components counted for PF');
    // No setting given: the components, as before.
    expect(amounts(computeEmployeeMonth(monthInput({ earnings: salary })))).toMatchObject({ EPF_EE: 960, ESI_EE: 150 });
  });

  it('codes: the ₹15,000 ceiling still restricts; on actual wages the added-back part counts', () => {
    // Basic 20,000; HRA 10,000 + conveyance 8,000 + special 12,000 = 30,000 excluded of 50,000: wages 25,000.
    const earnings = [codeBasic(20_000), hra(10_000), conveyance(8_000), earning('SPECIAL', 'Special Allowance', 12_000)];
    const restricted = computeEmployeeMonth(monthInput({ earnings, ...on('codes'), esi: { enabled: false } }));
    expect(amounts(restricted)).toMatchObject({ EPF_EE: 1_800, EPS_ER: 1_250, EPF_ER: 550 });
    expect(explanationOf(restricted, 'EPF_EE')).toContain('PF wage ₹25,000, restricted to the ₹15,000 ceiling: ₹15,000');
    // Actual wages: 12% × 25,000 = 3,000 (components: 12% × 20,000 = 2,400); EPS stays 1,250; admin 0.5% × 25,000 = 125.
    const actualSettings = { ...DEFAULT_EPF_SETTINGS, restrictToWageCeiling: false };
    const actual = computeEmployeeMonth(monthInput({ earnings, epf: { enabled: true, settings: actualSettings, wageBase: 'codes' }, esi: { enabled: false } }));
    expect(amounts(actual)).toMatchObject({ EPF_EE: 3_000, EPS_ER: 1_250, EPF_ER: 1_750, EPF_ADMIN: 125 });
    const before = computeEmployeeMonth(monthInput({ earnings, epf: { enabled: true, settings: actualSettings, wageBase: 'components' }, esi: { enabled: false } }));
    expect(amounts(before).EPF_EE).toBe(2_400);
  });

  it('codes: wages are taken on the pay of the month as prorated', () => {
    // 15 of 30 days: basic 4,000; HRA 2,000 + conveyance 800 + fixed 3,200 = 6,000 of 10,000; excess over 5,000 is 1,000 → wages 5,000; EPF 600.
    const r = computeEmployeeMonth(monthInput({ earnings: salary, payableDays: 15, lopDays: 15, ...on('codes') }));
    expect(r.codeWages.wagesPaise).toBe(R(5_000));
    expect(amounts(r).EPF_EE).toBe(600);
  });

  it('codes: ESI coverage is still tested on the ESI gross', () => {
    // Gross 22,000 > 21,000: not covered, although the codes' wages are 11,000 (12,000 − 11,000 added back).
    const r = computeEmployeeMonth(monthInput({ earnings: [codeBasic(10_000), hra(12_000)], ...on('codes') }));
    expect(r.codeWages.wagesPaise).toBe(R(11_000));
    expect(r.esi?.applicable).toBe(false);
    expect(amounts(r).ESI_EE).toBeUndefined();
  });
});
