import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  computeSalaryStructure,
  SALARY_COMPONENT_AMOUNT_ERROR,
  type SalaryEarningInput,
  type SalaryStructureInput,
  type SalaryStructure,
} from './salary-structure';
import { DEFAULT_EPF_SETTINGS } from '../../statutory/epf';
import { rupeesToPaise } from '../../money/rupees';
import { computeEmployeeMonth } from '../month/compute-month';

const R = (rupees: number) => Math.round(rupees * 100);

const earning = (over: Partial<SalaryEarningInput> & Pick<SalaryEarningInput, 'id' | 'code' | 'calculationType' | 'calculationValue'>): SalaryEarningInput => ({
  name: over.code,
  isTaxable: true,
  isProRata: true,
  isPartOfPfWage: false,
  isConsideredForEsi: true,
  ...over,
});
const BASIC_50_CTC = earning({ id: 'basic', code: 'BASIC', calculationType: 1, calculationValue: 50, isBasic: true, isPartOfPfWage: true });
const HRA_50_BASIC = earning({ id: 'hra', code: 'HRA', calculationType: 2, calculationValue: 50 });

function input(over: Partial<SalaryStructureInput> = {}): SalaryStructureInput {
  return {
    annualCtcPaise: R(12_00_000),
    regime: 1,
    earnings: [BASIC_50_CTC, HRA_50_BASIC],
    statutory: {
      epf: { ...DEFAULT_EPF_SETTINGS, considerAllSalaryComponents: false },
      esi: { enabled: true, includeEmployerShareInCtc: true, forceCalculate: false },
      professionalTaxStateCode: 'KA',
      lwfStateCode: 'KA',
      gender: 'Male',
    },
    asOf: '2025-04-01',
    ...over,
  };
}

function ok(i: SalaryStructureInput): SalaryStructure {
  const r = computeSalaryStructure(i);
  if (!r.ok) throw new Error(r.error.message);
  return r.structure;
}
const line = (s: SalaryStructure, code: string) => s.earnings.find((e) => e.code === code);
const stat = (s: SalaryStructure, name: string) => s.statutoryComponents.find((c) => c.name === name);
const annualParts = (s: SalaryStructure) =>
  s.earnings.reduce((t, e) => t + e.annualPaise, 0) + s.statutoryComponents.reduce((t, c) => t + 12 * c.employerInCtcMonthlyPaise, 0);

describe('computeSalaryStructure: worked examples (by hand)', () => {
  it('CTC 12,00,000; Basic 50% of CTC; HRA 50% of Basic; employer PF 1,800 inside CTC', () => {
    // Monthly CTC 1,00,000. Basic 50,000; HRA 25,000. PF wage = basic 50,000, restricted to 15,000:
    // employer 1,800 (§10). Gross = 1,00,000 − 1,800 = 98,200. Fixed allowance = 98,200 − 75,000 = 23,200.
    // Annual: 6,00,000 + 3,00,000 + 21,600 + FA 2,78,400 = 12,00,000. ESI: 98,200 > 21,000, not covered.
    // PT Karnataka FY 2025-26: 11 × 200 + 300 = 2,500. LWF Karnataka 50 (December).
    // Net: 11,78,400 − 21,600 (employee PF) − 2,500 − 50 = 11,54,250; ÷ 12 = 96,187.50 → 96,188.
    const s = ok(input());
    expect(line(s, 'BASIC')).toMatchObject({ monthlyPaise: R(50_000), annualPaise: R(6_00_000), isBasic: true });
    expect(line(s, 'HRA')).toMatchObject({ monthlyPaise: R(25_000), annualPaise: R(3_00_000) });
    expect(line(s, 'FIXED_ALLOWANCE')).toMatchObject({ monthlyPaise: R(23_200), annualPaise: R(2_78_400), isFixedAllowance: true });
    expect(stat(s, 'EPF')).toMatchObject({ employeeMonthlyPaise: R(1_800), employerMonthlyPaise: R(1_800), employerInCtcMonthlyPaise: R(1_800), employeeRatePercent: '12' });
    expect(stat(s, 'ESI')).toMatchObject({ applicable: false, employeeMonthlyPaise: 0, employerMonthlyPaise: 0 });
    expect(stat(s, 'ProfessionalTax')).toMatchObject({ employeeMonthlyPaise: R(200), employeeAnnualPaise: R(2_500), deductionCycle: 'Monthly' });
    expect(stat(s, 'LWF')).toMatchObject({ employeeAnnualPaise: R(50), employerAnnualPaise: R(100), deductionCycle: 'Annual' });
    expect(s).toMatchObject({
      monthlyCtcPaise: R(1_00_000),
      monthlyGrossPaise: R(98_200),
      annualGrossPaise: R(11_78_400),
      fixedAllowanceAnnualRemainderPaise: 0,
      monthlyTdsPaise: 0,
      annualTdsPaise: 0,
      tdsEstimated: false,
      annualNetTakeHomePaise: R(11_54_250),
      monthlyNetTakeHomePaise: R(96_188),
    });
    expect(annualParts(s)).toBe(R(12_00_000));
  });

  it('ESI-eligible low CTC: ESI employer inside CTC solved with gross', () => {
    // CTC 2,40,000 → 20,000 a month. Basic 10,000; HRA 40% of basic 4,000. PF wage 10,000 → 1,200 each.
    // Gross g must satisfy g + ⌈3.25% g⌉ = 20,000 − 1,200 = 18,800. g = 18,208: 3.25% = 591.76 → 592;
    // 18,208 + 592 = 18,800 ✓ (18,209 would give 18,801). FA = 18,208 − 14,000 = 4,208.
    // Employee ESI 0.75% × 18,208 = 136.56 → 137. PT Telangana 15,001–20,000: 150 × 12 = 1,800.
    // Annual FA = 2,40,000 − 1,20,000 − 48,000 − 12 × (1,200 + 592) = 50,496 = 12 × 4,208.
    // Net = 12 × 18,208 − 14,400 − 1,644 − 1,800 = 2,00,652; ÷ 12 = 16,721.
    const s = ok(
      input({
        annualCtcPaise: R(2_40_000),
        earnings: [BASIC_50_CTC, earning({ id: 'hra', code: 'HRA', calculationType: 2, calculationValue: '40' })],
        statutory: { ...input().statutory, professionalTaxStateCode: 'TG', lwfStateCode: null },
      }),
    );
    expect(s.monthlyGrossPaise).toBe(R(18_208));
    expect(line(s, 'FIXED_ALLOWANCE')).toMatchObject({ monthlyPaise: R(4_208), annualPaise: R(50_496) });
    expect(stat(s, 'EPF')).toMatchObject({ employeeMonthlyPaise: R(1_200), employerMonthlyPaise: R(1_200) });
    expect(s.epf).toMatchObject({ epsPaise: R(833), employerEpfPaise: R(367) });
    expect(stat(s, 'ESI')).toMatchObject({ applicable: true, employeeMonthlyPaise: R(137), employerMonthlyPaise: R(592), employerInCtcMonthlyPaise: R(592) });
    expect(stat(s, 'ProfessionalTax')).toMatchObject({ employeeAnnualPaise: R(1_800) });
    expect(s.annualNetTakeHomePaise).toBe(R(2_00_652));
    expect(s.monthlyNetTakeHomePaise).toBe(R(16_721));
    expect(annualParts(s)).toBe(R(2_40_000));
  });

  it('the fixed allowance absorbs the CTC remainder: CTC 10,00,005', () => {
    // Monthly CTC = 83,333.75 → 83,333 (down). Basic 50% of 83,333.75 = 41,666.875 → 41,667;
    // HRA 20,833.50 → 20,834; employer PF 1,800; gross 81,533; FA 81,533 − 62,501 = 19,032.
    // Annual FA = 10,00,005 − 5,00,004 − 2,50,008 − 21,600 = 2,28,393 = 12 × 19,032 + 9.
    const s = ok(input({ annualCtcPaise: R(10_00_005) }));
    expect(line(s, 'FIXED_ALLOWANCE')).toMatchObject({ monthlyPaise: R(19_032), annualPaise: R(2_28_393) });
    expect(s.fixedAllowanceAnnualRemainderPaise).toBe(R(9));
    expect(annualParts(s)).toBe(R(10_00_005));
  });

  it('% of gross, flat and custom formula components', () => {
    // CTC 6,00,000 → 50,000. Employer PF not in CTC. Gross 50,000.
    // Basic 40% of CTC = 20,000; Conveyance flat 19,200/yr = 1,600; Special 10% of gross = 5,000;
    // Bonus = min(BASIC × 0.2, 3000) = min(4,000, 3,000) = 3,000. FA = 50,000 − 29,600 = 20,400.
    const s = ok(
      input({
        annualCtcPaise: R(6_00_000),
        earnings: [
          earning({ id: 'b', code: 'BASIC', calculationType: 1, calculationValue: 40, isBasic: true, isPartOfPfWage: true }),
          earning({ id: 'c', code: 'CONV', calculationType: 3, calculationValue: R(19_200) }),
          earning({ id: 's', code: 'SPECIAL', calculationType: 5, calculationValue: '10' }),
          earning({ id: 'x', code: 'BONUS', calculationType: 4, calculationValue: 'min(BASIC * 0.2, 3000)' }),
        ],
        statutory: { ...input().statutory, epf: { ...input().statutory.epf, includeEmployerShareInCtc: false } },
      }),
    );
    expect(s.monthlyGrossPaise).toBe(R(50_000));
    expect(s.earnings.map((e) => [e.code, e.monthlyPaise])).toEqual([
      ['BASIC', R(20_000)],
      ['CONV', R(1_600)],
      ['SPECIAL', R(5_000)],
      ['BONUS', R(3_000)],
      ['FIXED_ALLOWANCE', R(20_400)],
    ]);
    expect(stat(s, 'EPF')).toMatchObject({ employerMonthlyPaise: R(1_800), employerInCtcMonthlyPaise: 0 });
  });

  it('with "consider all components", the remainder is in the PF wage (employer PF on min(wage, 15,000))', () => {
    // CTC 1,80,000 → 15,000. Basic 40% = 6,000; HRA 50% of basic = 3,000 (never PF wage).
    // PF wage = 6,000 + FA; FA = g − 9,000; g = 15,000 − 12% × (g − 3,000) → g = 15,360 / 1.12 = 13,714.29.
    // g = 13,714: PF wage 10,714 → 1,285.68 → 1,286; 13,714 + 1,286 = 15,000 ✓. FA 4,714.
    const s = ok(
      input({
        annualCtcPaise: R(1_80_000),
        earnings: [
          earning({ id: 'b', code: 'BASIC', calculationType: 1, calculationValue: 40, isBasic: true, isPartOfPfWage: true }),
          HRA_50_BASIC,
        ],
        statutory: { ...input().statutory, epf: { ...input().statutory.epf, considerAllSalaryComponents: true }, esi: { enabled: false, includeEmployerShareInCtc: false, forceCalculate: false } },
      }),
    );
    expect(s.monthlyGrossPaise).toBe(R(13_714));
    expect(line(s, 'FIXED_ALLOWANCE')?.monthlyPaise).toBe(R(4_714));
    expect(stat(s, 'EPF')?.employerMonthlyPaise).toBe(R(1_286));
    expect(annualParts(s)).toBe(R(1_80_000));
  });

  it('TDS comes from the injected estimator; monthly = annual ÷ 12 to the rupee', () => {
    let seen: unknown;
    const s = ok(
      input({
        preTaxDeductions: [{ id: 'nps', name: 'NPS', annualPaise: R(50_000) }],
        postTaxDeductions: [{ id: 'club', name: 'Club', annualPaise: R(1_000) }],
        estimateAnnualTax: (args) => {
          seen = args;
          return R(60_010);
        },
      }),
    );
    // Taxable earnings = the whole gross 11,78,400; employee EPF 21,600; PT 2,500; pre-tax 50,000.
    expect(seen).toEqual({ annualTaxableEarningsPaise: R(11_78_400), annualEmployeeEpfPaise: R(21_600), annualProfessionalTaxPaise: R(2_500), annualPreTaxDeductionsPaise: R(50_000), regime: 1 });
    // 60,010 ÷ 12 = 5,000.83 → 5,001.
    expect(s).toMatchObject({ annualTdsPaise: R(60_010), monthlyTdsPaise: R(5_001), tdsEstimated: true });
    expect(s.preTaxDeductions[0]).toMatchObject({ monthlyPaise: R(4_167) }); // 4,166.67 → 4,167
    // 11,54,250 − 50,000 − 1,000 − 60,010 = 10,43,240.
    expect(s.annualNetTakeHomePaise).toBe(R(10_43_240));
  });
});

describe('computeSalaryStructure: errors', () => {
  it('a negative remainder gives the spec message', () => {
    // CTC 1,20,000 → 10,000. Basic 60% = 6,000; HRA 3,000; flat 24,000/yr = 2,000; employer PF 720.
    // Gross 9,280; FA = 9,280 − 11,000 = −1,720.
    const r = computeSalaryStructure(
      input({
        annualCtcPaise: R(1_20_000),
        earnings: [
          earning({ id: 'b', code: 'BASIC', calculationType: 1, calculationValue: 60, isBasic: true, isPartOfPfWage: true }),
          HRA_50_BASIC,
          earning({ id: 'f', code: 'FLAT', calculationType: 3, calculationValue: R(24_000) }),
        ],
      }),
    );
    expect(r).toEqual({ ok: false, error: { code: 'NegativeAmount', message: SALARY_COMPONENT_AMOUNT_ERROR, componentId: 'fixed-allowance' } });
    expect(SALARY_COMPONENT_AMOUNT_ERROR).toBe("Amount must be greater than zero. Adjust the CTC or any of the component's amount.");
  });

  it('reports a formula cycle naming the components', () => {
    const r = computeSalaryStructure(
      input({
        earnings: [
          BASIC_50_CTC,
          earning({ id: 'a', code: 'A', calculationType: 4, calculationValue: 'B + 1' }),
          earning({ id: 'b2', code: 'B', calculationType: 4, calculationValue: 'A + 1' }),
        ],
      }),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('FormulaCycle');
      expect(r.error.message).toContain('A → B → A');
    }
  });

  it.each([
    ['UNKNOWN * 2', /uses unknown name 'UNKNOWN'/],
    ['FIXED_ALLOWANCE * 2', /fixed allowance is the remainder/],
    ['BASIC.constructor', /Property access/],
    ['eval(1)', /Unknown function 'eval'/],
  ])('rejects the formula %s, naming the component', (formula, message) => {
    const r = computeSalaryStructure(input({ earnings: [BASIC_50_CTC, earning({ id: 'x', code: 'X', name: 'Extra', calculationType: 4, calculationValue: formula })] }));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toMatch(message);
      expect(r.error.message).toContain("'Extra'");
      expect(r.error.componentId).toBe('x');
    }
  });

  it('rejects two remainders and a % of basic without a basic', () => {
    const fa = (id: string) => earning({ id, code: id.toUpperCase(), calculationType: 3, calculationValue: 0, isFixedAllowance: true });
    expect(computeSalaryStructure(input({ earnings: [BASIC_50_CTC, fa('f1'), fa('f2')] })).ok).toBe(false);
    expect(computeSalaryStructure(input({ earnings: [earning({ id: 'h', code: 'HRA', calculationType: 2, calculationValue: 50 })] })).ok).toBe(false);
  });
});

describe('computeSalaryStructure: properties', () => {
  it('parts add up to the CTC; amounts are whole; nothing is negative on success', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_00_00_000 }), // CTC up to 1 crore, in paise granularity of a rupee
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 30 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (ctcRupees, basicPct, ctcPaiseExtra, hraPct, grossPct, considerAll, esiInCtc, restrict) => {
          const s = computeSalaryStructure(
            input({
              annualCtcPaise: ctcRupees * 100 + ctcPaiseExtra,
              earnings: [
                earning({ id: 'b', code: 'BASIC', calculationType: 1, calculationValue: basicPct, isBasic: true, isPartOfPfWage: true }),
                earning({ id: 'h', code: 'HRA', calculationType: 2, calculationValue: hraPct }),
                earning({ id: 'g', code: 'SPECIAL', calculationType: 5, calculationValue: grossPct }),
              ],
              statutory: {
                ...input().statutory,
                epf: { ...DEFAULT_EPF_SETTINGS, considerAllSalaryComponents: considerAll, restrictToWageCeiling: restrict },
                esi: { enabled: true, includeEmployerShareInCtc: esiInCtc, forceCalculate: false },
              },
            }),
          );
          if (!s.ok) {
            expect(s.error.message).toBe(SALARY_COMPONENT_AMOUNT_ERROR);
            return;
          }
          const st = s.structure;
          expect(annualParts(st)).toBe(ctcRupees * 100 + ctcPaiseExtra);
          for (const e of st.earnings) {
            expect(Number.isInteger(e.monthlyPaise) && Number.isInteger(e.annualPaise)).toBe(true);
            expect(e.monthlyPaise % 100).toBe(0);
            expect(e.monthlyPaise).toBeGreaterThanOrEqual(0);
            expect(e.annualPaise).toBeGreaterThanOrEqual(0);
          }
          for (const c of st.statutoryComponents) {
            for (const v of [c.employeeMonthlyPaise, c.employerMonthlyPaise, c.employeeAnnualPaise, c.employerAnnualPaise]) {
              expect(Number.isInteger(v) && v >= 0).toBe(true);
            }
          }
          expect(st.fixedAllowanceAnnualRemainderPaise).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('computeSalaryStructure: the employer PF inside CTC on the organisation\'s PF wage base', () => {
  const P = (rupees: number) => rupeesToPaise(rupees);
  // Monthly CTC ₹40,000; Basic 25% of CTC = ₹10,000; HRA 50% of Basic = ₹5,000; the fixed allowance the rest.
  const BASIC_25 = earning({ id: 'basic', code: 'BASIC', calculationType: 1, calculationValue: 25, isBasic: true, isPartOfPfWage: true });
  const low = (wageBase: 'codes' | 'components' | undefined, over: Partial<SalaryStructureInput['statutory']['epf']> = {}) =>
    ok(
      input({
        annualCtcPaise: P(4_80_000),
        earnings: [BASIC_25, HRA_50_BASIC],
        statutory: {
          epf: { ...DEFAULT_EPF_SETTINGS, considerAllSalaryComponents: false, ...(wageBase ? { wageBase } : {}), ...over },
          esi: { enabled: false, includeEmployerShareInCtc: true, forceCalculate: false },
          professionalTaxStateCode: null,
          lwfStateCode: null,
        },
      }),
    );

  it.each([
    // Components (the practice before the codes): PF wage = Basic ₹10,000 → employer 12% = ₹1,200 inside CTC.
    // Gross = 40,000 − 1,200 = 38,800; fixed allowance = 38,800 − 10,000 − 5,000 = 23,800.
    ['components', 1_200, 38_800, 23_800],
    // No setting: the components, as before (existing callers keep their figures).
    [undefined, 1_200, 38_800, 23_800],
    // Codes (Code on Wages s.2(y), Code on Social Security s.2(88)): wages = Basic + the excluded
    // allowances' excess over half of all remuneration. At gross G: excluded = G − 10,000, half = G/2,
    // added back G/2 − 10,000, so wages = G/2. G = 38,200 → wages 19,100, restricted to the ₹15,000
    // ceiling (EPF para 26A) → employer 12% = ₹1,800; 38,200 + 1,800 = 40,000. Fixed allowance 23,200.
    ['codes', 1_800, 38_200, 23_200],
  ] as const)('wage base %s: employer PF ₹%d, gross ₹%d, fixed allowance ₹%d', (wageBase, employer, gross, fixed) => {
    const s = low(wageBase);
    expect(stat(s, 'EPF')).toMatchObject({ employerMonthlyPaise: P(employer), employerInCtcMonthlyPaise: P(employer), employeeMonthlyPaise: P(employer) });
    expect(s.monthlyGrossPaise).toBe(P(gross));
    expect(line(s, 'FIXED_ALLOWANCE')?.monthlyPaise).toBe(P(fixed));
    expect(annualParts(s)).toBe(P(4_80_000));
  });

  it('codes on actual wages (no ceiling): employer 12% of G/2 = 6% of G, solved to the rupee', () => {
    // G + 0.06 G = 40,000 → G = 37,735.85: the rupee fixed point is G = 37,736, wages 18,868,
    // employer 12% = 2,264.16 → ₹2,264 (half up); 37,736 + 2,264 = 40,000.
    const s = low('codes', { restrictToWageCeiling: false });
    expect(stat(s, 'EPF')?.employerInCtcMonthlyPaise).toBe(P(2_264));
    expect(s.monthlyGrossPaise).toBe(P(37_736));
  });

  it('the structure\'s employer PF is what the month charges on the same base (one computation of the codes\' wages)', () => {
    for (const wageBase of ['codes', 'components'] as const) {
      const s = low(wageBase);
      const month = computeEmployeeMonth({
        month: '2026-04',
        period: { start: '2026-04-01', end: '2026-04-30', days: 30 },
        payableDays: 30,
        lopDays: 0,
        earnings: s.earnings.map((e) => ({ code: e.code, name: e.name, monthlyPaise: e.monthlyPaise, proRata: true, taxable: true, epfContributionType: e.isBasic ? 1 : 0, esiWage: true, codeWage: e.isBasic })),
        deductions: [],
        adjustments: [],
        epf: { enabled: true, settings: DEFAULT_EPF_SETTINGS, wageBase },
        esi: { enabled: false },
        professionalTax: { enabled: false, stateCode: null },
        lwf: { enabled: false, stateCode: null },
        gender: 'Male',
        ageYears: 30,
        tds: { enabled: false, financialYear: '2026-27', regime: 1, ageBand: 'below60', grossSoFarPaise: 0, tdsSoFarPaise: 0, remainingMonths: 12, deductionsForYearPaise: 0 },
      });
      expect(month.epf?.employerPaise, wageBase).toBe(stat(s, 'EPF')?.employerMonthlyPaise);
    }
  });
});
