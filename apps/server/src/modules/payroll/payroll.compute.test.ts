import { describe, expect, it } from 'vitest';
import { buildMonthInput, maskAccount, monthContext, payslipIdOf, type EmployeeInputs } from './payroll.compute';
import type { RunEmployee } from './payroll.repo';

const employee: RunEmployee = {
  id: '7b4eb0b6-030b-40ea-8158-cb26e4b2959d',
  firstName: 'Asha',
  lastName: 'Rao',
  employeeNumber: 'E1',
  departmentName: null,
  designation: null,
  pan: null,
  uan: null,
  esiNumber: null,
  bankAccountNumber: null,
  bankName: null,
  dateOfJoining: '2026-06-16',
  dateOfLeaving: null,
  dateOfBirth: '1966-01-15',
  gender: 2,
  regimeType: 0,
  hasStructure: true,
  holdKind: null,
  holdReason: null,
  workStateCode: null,
};
const statutory = {
  epf: { enabled: false, considerAllSalaryComponents: true, settings: { applicability: 0 as const, employeeRatePercent: 12, employerRatePercent: 12, restrictToWageCeiling: true, proRate: false, includeEmployerShareInCtc: true }, wageBase: 'components' as const },
  esi: { enabled: false, wageBase: 'components' as const },
  professionalTax: { enabled: true, stateCode: 'KA' },
  lwf: { enabled: false, stateCode: null },
};
const inputs = (over: Partial<EmployeeInputs> = {}): EmployeeInputs => ({
  employee,
  structure: {
    regime: 0,
    monthlyGrossPaise: 5_000_000,
    forceEsi: false,
    lines: { earnings: [], preTaxDeductions: [], postTaxDeductions: [] },
    // Karnataka PT 11 × 200 + 300 = 2,500; EPF 1,800 × 12 = 21,600.
    annualProfessionalTaxPaise: 250_000,
    annualEmployeeEpfPaise: 2_160_000,
  },
  days: { '2026-06-10': 'absent', '2026-06-20': 0, '2026-06-22': 0.5 },
  adjustments: [],
  ytd: undefined,
  esiCoveredAtStart: false,
  ...over,
});

describe('the month input of one employee', () => {
  const ctx = monthContext({ id: 'run', month: '2026-06', periodStart: '2026-06-01', periodEnd: '2026-06-30' }, 30, { statutory, tenantEarnings: [], tenantDeductions: [] });

  it('June 2026 is in FY 2026-27 with 10 months left, March included', () => {
    expect(ctx).toMatchObject({ financialYear: '2026-27', remainingMonths: 10, period: { start: '2026-06-01', end: '2026-06-30', days: 30 } });
  });

  it('a joiner on the 16th: 15 employed days; LOP only inside them (an absence before joining is not LOP)', () => {
    const input = buildMonthInput(ctx, inputs());
    // 16–30 June = 15 days; the 20th lost, the 22nd half: 13.5 payable, 1.5 LOP.
    expect([input.payableDays, input.lopDays]).toEqual([13.5, 1.5]);
    expect(input.gender).toBe('Female');
    // Born 15 Jan 1966: 60 on 1 June 2026; 61 at the end of the financial year (31 March 2027).
    expect(input.ageYears).toBe(60);
    expect(input.tds).toMatchObject({ enabled: true, financialYear: '2026-27', regime: 0, ageBand: '60to80', grossSoFarPaise: 0, tdsSoFarPaise: 0, remainingMonths: 10 });
  });

  it('a leaver on the 10th: 10 employed days, and no later months projected for TDS (remaining months 1)', () => {
    const input = buildMonthInput(ctx, inputs({ employee: { ...employee, dateOfJoining: '2020-01-01', dateOfLeaving: '2026-06-10' }, days: { '2026-06-05': 'absent', '2026-06-20': 'absent' } }));
    // 1–10 June employed; the 5th lost; the 20th is after leaving (not LOP).
    expect([input.payableDays, input.lopDays]).toEqual([9, 1]);
    expect(input.tds.remainingMonths).toBe(1);
  });

  it('old regime: the year’s professional tax and EPF (80C) are known deductions; the new regime has none', () => {
    // 2,500 + 21,600 = 24,100.
    expect(buildMonthInput(ctx, inputs()).tds.deductionsForYearPaise).toBe(2_410_000);
    const newRegime = inputs();
    newRegime.structure = { ...newRegime.structure, regime: 1 };
    expect(buildMonthInput(ctx, newRegime).tds.deductionsForYearPaise).toBe(0);
  });

  it('professional tax and LWF follow the employee’s work location; without one, the organisation’s state; never when the organisation has them off', () => {
    expect(buildMonthInput(ctx, inputs()).professionalTax).toEqual({ enabled: true, stateCode: 'KA' });
    const inPune = inputs({ employee: { ...employee, workStateCode: 'MH' } });
    expect(buildMonthInput(ctx, inPune).professionalTax).toEqual({ enabled: true, stateCode: 'MH' });
    // LWF is off for the organisation: a location does not switch it on.
    expect(buildMonthInput(ctx, inPune).lwf).toEqual({ enabled: false, stateCode: null });
    const withLwf = monthContext({ id: 'run', month: '2026-06', periodStart: '2026-06-01', periodEnd: '2026-06-30' }, 30, { statutory: { ...statutory, lwf: { enabled: true, stateCode: 'KA' } }, tenantEarnings: [], tenantDeductions: [] });
    expect(buildMonthInput(withLwf, inPune).lwf).toEqual({ enabled: true, stateCode: 'MH' });
  });

  it('the year so far comes from the last finalized payslip’s year to date', () => {
    const input = buildMonthInput(ctx, inputs({ ytd: { grossPaise: 10_000_000, deductionsPaise: 0, netPaise: 10_000_000, tdsPaise: 250_000, taxableGrossPaise: 9_000_000, lines: [] } }));
    expect(input.tds).toMatchObject({ grossSoFarPaise: 9_000_000, tdsSoFarPaise: 250_000 });
  });
});

describe('payslip ids and masked accounts', () => {
  it('a payslip id is a version-5 UUID of run and employee: the same on every processing, different per employee', () => {
    const id = payslipIdOf('run-1', 'user-1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(payslipIdOf('run-1', 'user-1')).toBe(id);
    expect(payslipIdOf('run-1', 'user-2')).not.toBe(id);
    expect(payslipIdOf('run-2', 'user-1')).not.toBe(id);
  });

  it('an account number shows its last four digits only', () => {
    expect(maskAccount('001234567890')).toBe('XXXXXXXX7890');
    expect(maskAccount('1234')).toBe('1234');
    expect(maskAccount(' ')).toBeNull();
    expect(maskAccount(null)).toBeNull();
  });
});
