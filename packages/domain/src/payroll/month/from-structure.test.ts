import { describe, expect, it } from 'vitest';
import { DEFAULT_EPF_SETTINGS } from '../../statutory/epf';
import type { StatutoryGender } from '../../statutory/states';
import { computeSalaryStructure, SALARY_CALCULATION_TYPE, type SalaryEarningInput, type SalaryStructure } from '../structure/salary-structure';
import { salaryTaxEstimator } from '../structure/tax-estimate';
import { computeEmployeeMonth } from './compute-month';
import { monthDeductionsFromStructure, monthEarningsFromStructure, salaryDeductionsForYear, type MonthTenantEarning } from './from-structure';
import type { EmployeeMonthInput } from './types';

const R = (rupees: number): number => Math.round(rupees * 100);

/** The standard components every organisation starts with (server salary.defaults.ts), ids = codes. */
const TENANT_EARNINGS: (MonthTenantEarning & { calculationType: SalaryEarningInput['calculationType']; calculationValue: string })[] = [
  { id: 'BASIC', code: 'BASIC', nameInPayslip: 'Basic', earningCategory: 'basic', calculationType: SALARY_CALCULATION_TYPE.PercentOfCtc, calculationValue: '50', epfContributionType: 1, isTaxableEarning: true, isProRateBasis: true, isConsideredForEsi: true },
  { id: 'HRA', code: 'HRA', nameInPayslip: 'HRA', earningCategory: 'hra', calculationType: SALARY_CALCULATION_TYPE.PercentOfBasic, calculationValue: '50', epfContributionType: 0, isTaxableEarning: true, isProRateBasis: true, isConsideredForEsi: true },
  { id: 'CONVEYANCE', code: 'CONVEYANCE', nameInPayslip: 'Conveyance Allowance', earningCategory: 'other', calculationType: SALARY_CALCULATION_TYPE.Flat, calculationValue: '1920000', epfContributionType: 0, isTaxableEarning: true, isProRateBasis: true, isConsideredForEsi: true },
  { id: 'MEDICAL', code: 'MEDICAL', nameInPayslip: 'Medical Allowance', earningCategory: 'other', calculationType: SALARY_CALCULATION_TYPE.Flat, calculationValue: '1500000', epfContributionType: 0, isTaxableEarning: true, isProRateBasis: true, isConsideredForEsi: true },
  { id: 'FIXED_ALLOWANCE', code: 'FIXED_ALLOWANCE', nameInPayslip: 'Fixed Allowance', earningCategory: 'fixedAllowance', calculationType: SALARY_CALCULATION_TYPE.Flat, calculationValue: '0', epfContributionType: 0, isTaxableEarning: true, isProRateBasis: true, isConsideredForEsi: true },
];

interface Case {
  name: string;
  annualCtc: number;
  regime: 0 | 1;
  ptState: string | null;
  lwfState: string | null;
  gender: StatutoryGender;
  ageYears: number;
  considerAll: boolean;
  preTaxNps?: number;
  postTaxLoan?: number;
  /** Components this organisation does not count as ESI wages (e.g. a travelling allowance, ESI Act s.2(22)(b)). */
  notEsiWage?: string[];
  /** The FY month in which the preview's per-deduction PT and LWF fall due (April for monthly PT). */
  ptMonth: string;
  lwfMonth: string;
}

const CASES: Case[] = [
  { name: 'CTC 12,00,000, new regime, Karnataka', annualCtc: 1_200_000, regime: 1, ptState: 'KA', lwfState: 'KA', gender: 'Male', ageYears: 30, considerAll: true, ptMonth: '2026-04', lwfMonth: '2026-12' },
  { name: 'CTC 2,40,000 (ESI covered), new regime, Maharashtra', annualCtc: 240_000, regime: 1, ptState: 'MH', lwfState: 'MH', gender: 'Male', ageYears: 25, considerAll: true, ptMonth: '2026-04', lwfMonth: '2026-06' },
  { name: 'CTC 6,00,000, old regime, Maharashtra woman', annualCtc: 600_000, regime: 0, ptState: 'MH', lwfState: 'MH', gender: 'Female', ageYears: 35, considerAll: true, ptMonth: '2026-04', lwfMonth: '2026-06' },
  { name: 'CTC 18,00,000, old regime, NPS and loan, Tamil Nadu', annualCtc: 1_800_000, regime: 0, ptState: 'TN', lwfState: 'TN', gender: 'Male', ageYears: 45, considerAll: true, preTaxNps: 60_000, postTaxLoan: 24_000, ptMonth: '2026-09', lwfMonth: '2026-12' },
  { name: 'CTC 30,00,000, new regime, age 59, only Basic as PF wage, West Bengal', annualCtc: 3_000_000, regime: 1, ptState: 'WB', lwfState: null, gender: 'Male', ageYears: 59, considerAll: false, ptMonth: '2026-04', lwfMonth: '2026-12' },
  { name: 'CTC 2,85,600 with Conveyance outside ESI wages: gross over 21,000, ESI wages under it, Gujarat', annualCtc: 285_600, regime: 1, ptState: 'GJ', lwfState: 'GJ', gender: 'Male', ageYears: 28, considerAll: true, notEsiWage: ['CONVEYANCE'], ptMonth: '2026-04', lwfMonth: '2026-06' },
  { name: 'CTC 3,60,000, new regime, Telangana, NPS', annualCtc: 360_000, regime: 1, ptState: 'TG', lwfState: null, gender: 'Other', ageYears: 22, considerAll: false, preTaxNps: 12_000, ptMonth: '2026-04', lwfMonth: '2026-12' },
];

function tenantEarningsOf(c: Case): typeof TENANT_EARNINGS {
  return TENANT_EARNINGS.map((e) => ({ ...e, isConsideredForEsi: !(c.notEsiWage ?? []).includes(e.code) }));
}

function structureOf(c: Case): SalaryStructure {
  const result = computeSalaryStructure({
    annualCtcPaise: R(c.annualCtc),
    regime: c.regime,
    earnings: tenantEarningsOf(c).map((e) => ({
      id: e.id,
      name: e.nameInPayslip,
      code: e.code,
      calculationType: e.calculationType,
      calculationValue: e.calculationType === SALARY_CALCULATION_TYPE.Flat ? Number(e.calculationValue) : e.calculationValue,
      isBasic: e.earningCategory === 'basic',
      isFixedAllowance: e.earningCategory === 'fixedAllowance',
      isHouseRentAllowance: e.earningCategory === 'hra',
      isTaxable: e.isTaxableEarning,
      isProRata: e.isProRateBasis,
      isPartOfPfWage: e.epfContributionType !== 0,
      isConsideredForEsi: e.isConsideredForEsi,
    })),
    preTaxDeductions: c.preTaxNps ? [{ id: 'NPS', name: 'NPS Employee Contribution', annualPaise: R(c.preTaxNps) }] : [],
    postTaxDeductions: c.postTaxLoan ? [{ id: 'LOAN', name: 'Loan Recovery', annualPaise: R(c.postTaxLoan) }] : [],
    statutory: {
      epf: { ...DEFAULT_EPF_SETTINGS, considerAllSalaryComponents: c.considerAll },
      esi: { enabled: true, includeEmployerShareInCtc: true, forceCalculate: false },
      professionalTaxStateCode: c.ptState,
      lwfStateCode: c.lwfState,
      gender: c.gender,
      ageYears: c.ageYears,
    },
    asOf: '2026-04-01',
    estimateAnnualTax: salaryTaxEstimator({ financialYear: '2026-27', ageBand: 'below60' }),
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.structure;
}

/** The month input the run builds, at full payable days, for `month` of FY 2026-27. */
function monthOf(c: Case, s: SalaryStructure, month: string, deductionsForYearPaise: number): EmployeeMonthInput {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const remainingMonths = m >= 4 ? 16 - m : 4 - m;
  return {
    month,
    period: { start: `${month}-01`, end: `${month}-${String(days)}`, days },
    payableDays: days,
    lopDays: 0,
    earnings: monthEarningsFromStructure(s, tenantEarningsOf(c), { considerAllSalaryComponents: c.considerAll }),
    deductions: monthDeductionsFromStructure(s, [
      { id: 'NPS', isRecurring: true },
      { id: 'LOAN', isRecurring: true },
    ]),
    adjustments: [],
    epf: { enabled: true, settings: DEFAULT_EPF_SETTINGS },
    esi: { enabled: true },
    professionalTax: { enabled: c.ptState !== null, stateCode: c.ptState },
    lwf: { enabled: c.lwfState !== null, stateCode: c.lwfState },
    gender: c.gender,
    ageYears: c.ageYears,
    tds: { enabled: true, financialYear: '2026-27', regime: c.regime, ageBand: 'below60', grossSoFarPaise: 0, tdsSoFarPaise: 0, remainingMonths, deductionsForYearPaise },
  };
}

describe('the salary-structure preview and computeEmployeeMonth agree at full payable days', () => {
  it.each(CASES)('$name', (c) => {
    const s = structureOf(c);
    // Annual figures add up to the CTC exactly only when the CTC is a multiple of 12 rupees; these are,
    // so the structure's annual taxable salary is 12 × its monthly one, as the month projects it.
    expect(s.fixedAllowanceAnnualRemainderPaise).toBe(0);
    const pt = s.statutoryComponents.find((x) => x.name === 'ProfessionalTax');
    const lwf = s.statutoryComponents.find((x) => x.name === 'LWF');
    // Old regime: what the run passes as known for the year — professional tax (s.16(iii)) and the
    // employee's EPF under 80C (capped at 1,50,000), as the structure's estimate counts them.
    const deductionsForYearPaise = salaryDeductionsForYear({ financialYear: '2026-27', regime: c.regime, annualProfessionalTaxPaise: pt?.employeeAnnualPaise ?? 0, annualEmployeeEpfPaise: s.epf.employeePaise * 12 });
    expect(deductionsForYearPaise).toBe(c.regime === 0 ? (pt?.employeeAnnualPaise ?? 0) + Math.min(s.epf.employeePaise * 12, R(150_000)) : 0);

    const april = computeEmployeeMonth(monthOf(c, s, '2026-04', deductionsForYearPaise));
    expect(april.grossPaise).toBe(s.monthlyGrossPaise);
    expect(april.epf?.employeePaise).toBe(s.epf.employeePaise);
    expect(april.epf?.employerPaise).toBe(s.epf.employerPaise);
    expect(april.epf?.epsPaise).toBe(s.epf.epsPaise);
    expect(april.esi?.applicable).toBe(s.esi.applicable);
    expect(april.esi?.employeePaise).toBe(s.esi.employeePaise);
    expect(april.esi?.employerPaise).toBe(s.esi.employerPaise);
    // April, 12 months left, nothing paid yet: (annual tax − 0) ÷ 12, the preview's monthly TDS.
    expect(april.tdsPaise).toBe(s.monthlyTdsPaise);
    expect(april.tdsPaise * 12 - s.annualTdsPaise).toBeLessThanOrEqual(600);

    const ptMonth = computeEmployeeMonth(monthOf(c, s, c.ptMonth, deductionsForYearPaise));
    expect(ptMonth.professionalTaxPaise).toBe(pt?.employeeMonthlyPaise ?? 0);
    const lwfMonth = computeEmployeeMonth(monthOf(c, s, c.lwfMonth, deductionsForYearPaise));
    expect(lwfMonth.lwfEmployeePaise).toBe(lwf?.employeeMonthlyPaise ?? 0);
    expect(lwfMonth.lwfEmployerPaise).toBe(lwf?.employerMonthlyPaise ?? 0);
  });

  it('covers the statutory figures it claims to: ESI applies in one case, TDS is non-zero in another, PT and LWF both fall due', () => {
    const structures = CASES.map(structureOf);
    expect(structures.some((s) => s.esi.applicable)).toBe(true);
    expect(structures.some((s) => s.monthlyTdsPaise > 0)).toBe(true);
    expect(structures.some((s) => (s.statutoryComponents.find((x) => x.name === 'LWF')?.employeeMonthlyPaise ?? 0) > 0)).toBe(true);
  });
});

describe('monthEarningsFromStructure / monthDeductionsFromStructure', () => {
  const s = structureOf(CASES[0] as Case);

  it('keeps the full-month amounts and takes the flags from the tenant components; HRA is never PF wage', () => {
    const all = monthEarningsFromStructure(s, TENANT_EARNINGS, { considerAllSalaryComponents: true });
    expect(all.map((e) => [e.code, e.epfContributionType])).toEqual([
      ['BASIC', 1],
      ['HRA', 0],
      ['CONVEYANCE', 1],
      ['MEDICAL', 1],
      ['FIXED_ALLOWANCE', 1],
    ]);
    // 12,00,000 ÷ 12 = 1,00,000 a month; Basic 50% = 50,000; HRA 50% of basic = 25,000.
    expect(all.slice(0, 2).map((e) => e.monthlyPaise)).toEqual([R(50_000), R(25_000)]);
    const declared = monthEarningsFromStructure(s, TENANT_EARNINGS, { considerAllSalaryComponents: false });
    expect(declared.map((e) => e.epfContributionType)).toEqual([1, 0, 0, 0, 0]);
    expect(declared.every((e) => e.proRata && e.esiWage && e.taxable)).toBe(true);
  });

  it('an earning without its tenant component keeps the structure line’s flags', () => {
    const [first] = monthEarningsFromStructure(s, [], { considerAllSalaryComponents: false });
    expect(first).toMatchObject({ code: 'BASIC', name: 'Basic', proRata: true, taxable: true, esiWage: true, epfContributionType: 0 });
  });

  it('pre-tax first, then post-tax, monthly = annual ÷ 12; non-recurring ones left to one-time adjustments', () => {
    const withDeductions = structureOf(CASES[3] as Case);
    expect(monthDeductionsFromStructure(withDeductions, [])).toEqual([
      { code: 'DED_NPS', name: 'NPS Employee Contribution', monthlyPaise: R(5_000), preTax: true },
      { code: 'DED_LOAN', name: 'Loan Recovery', monthlyPaise: R(2_000), preTax: false },
    ]);
    expect(monthDeductionsFromStructure(withDeductions, [{ id: 'LOAN', isRecurring: false }]).map((d) => d.code)).toEqual(['DED_NPS']);
  });
});

describe('salaryDeductionsForYear: what the old regime knows before any declaration', () => {
  it('professional tax (s.16(iii)) plus the employee EPF for the year under 80C', () => {
    // Karnataka PT 11 × 200 + 300 (February) = 2,500; EPF 12% of the 15,000 ceiling = 1,800 × 12 = 21,600.
    expect(salaryDeductionsForYear({ financialYear: '2026-27', regime: 0, annualProfessionalTaxPaise: R(2_500), annualEmployeeEpfPaise: R(21_600) })).toBe(R(24_100));
  });

  it('caps the EPF at the s.80CCE 1,50,000', () => {
    // EPF 12% of an uncapped basic of 1,50,000 a month = 18,000 × 12 = 2,16,000; 80C allows 1,50,000.
    expect(salaryDeductionsForYear({ financialYear: '2026-27', regime: 0, annualProfessionalTaxPaise: R(2_500), annualEmployeeEpfPaise: R(216_000) })).toBe(R(152_500));
  });

  it('nothing in the new regime (s.115BAC(2)) or a year without tax rules', () => {
    expect(salaryDeductionsForYear({ financialYear: '2026-27', regime: 1, annualProfessionalTaxPaise: R(2_500), annualEmployeeEpfPaise: R(21_600) })).toBe(0);
    expect(salaryDeductionsForYear({ financialYear: '2031-32', regime: 0, annualProfessionalTaxPaise: R(2_500), annualEmployeeEpfPaise: R(21_600) })).toBe(0);
  });
});

describe('monthEarningsFromStructure: wages under the labour codes', () => {
  it('marks basic and the dearness allowance (code DA) as wages, every other earning as excluded (Code on Wages s.2(y))', () => {
    const earnings = monthEarningsFromStructure(
      {
        earnings: [
          { id: 'BASIC', code: 'BASIC', name: 'Basic', monthlyPaise: R(20_000), isBasic: true, isProRata: true, isTaxable: true } as SalaryStructure['earnings'][number],
          { id: 'DA', code: 'DA', name: 'Dearness Allowance', monthlyPaise: R(2_000), isBasic: false, isProRata: true, isTaxable: true } as SalaryStructure['earnings'][number],
          { id: 'HRA', code: 'HRA', name: 'HRA', monthlyPaise: R(10_000), isBasic: false, isProRata: true, isTaxable: true } as SalaryStructure['earnings'][number],
          { id: 'FIXED_ALLOWANCE', code: 'FIXED_ALLOWANCE', name: 'Fixed Allowance', monthlyPaise: R(8_000), isBasic: false, isProRata: true, isTaxable: true } as SalaryStructure['earnings'][number],
        ],
      },
      TENANT_EARNINGS,
      { considerAllSalaryComponents: false },
    );
    expect(earnings.map((e) => [e.code, e.codeWage])).toEqual([
      ['BASIC', true],
      ['DA', true],
      ['HRA', false],
      ['FIXED_ALLOWANCE', false],
    ]);
  });
});
