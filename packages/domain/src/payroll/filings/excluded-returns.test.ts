import { describe, expect, it } from 'vitest';
import { DEFAULT_EPF_SETTINGS } from '../../statutory/epf';
import { computeEmployeeMonth } from '../month/compute-month';
import type { EmployeeMonthInput, MonthEarningInput } from '../month/types';
import { computeExcludedPay, type ExcludedPayMonthInput } from '../arrears/excluded-pay';
import { computeLopAdjustments } from '../arrears/lop-adjustments';
import { wageCorrectionsOf, type WageCorrection } from '../arrears/wage-corrections';
import { buildEcr, ecrFiguresOfPayslip } from './ecr';
import { buildEsicReturn, esicCorrectionsOfWages } from './esic';

/**
 * Pay of a month the employee was excluded from, paid in a later month: its EPF and ESI wages are
 * reported in the ECR and ESIC return of the month that pays it, with the EXC_ contribution lines,
 * as loss-of-pay corrections are (docs/decisions/0160-lop-corrections-in-the-returns.md). Worked by
 * hand from india-tax-rules §10–§11, never from this code's output: EPF 12% of the PF wage capped at
 * ₹15,000, EPS 8.33% to the rupee half up, employer EPF the rest; ESI 0.75% and 3.25% of the wages
 * paid, each rounded up to the rupee, covered while full-month wages are within ₹21,000. Rupees in comments.
 */

const R = (rupees: number): number => Math.round(rupees * 100);
const OCTOBER = { start: '2026-10-01', end: '2026-10-31', days: 31 };
const NOVEMBER = { start: '2026-11-01', end: '2026-11-30', days: 30 };

const earning = (code: string, rupees: number, pf: 0 | 1): MonthEarningInput => ({ code, name: code === 'BASIC' ? 'Basic' : code, monthlyPaise: R(rupees), proRata: true, epfContributionType: pf, esiWage: true, taxable: true });

function october(earnings: MonthEarningInput[], overrides: Partial<ExcludedPayMonthInput> = {}): ExcludedPayMonthInput {
  return {
    month: '2026-10',
    paidIn: '2026-11',
    reason: 'On unpaid sabbatical',
    period: OCTOBER,
    payableDays: 31,
    lopDays: 0,
    earnings,
    adjustments: [],
    epf: { enabled: true, settings: DEFAULT_EPF_SETTINGS },
    esi: { enabled: true },
    ageYears: 30,
    gender: 'Male',
    ...overrides,
  };
}

function novemberInput(earnings: MonthEarningInput[], overrides: Partial<EmployeeMonthInput>): EmployeeMonthInput {
  return {
    month: '2026-11',
    period: NOVEMBER,
    payableDays: 30,
    lopDays: 0,
    earnings,
    deductions: [],
    adjustments: [],
    epf: { enabled: true, settings: DEFAULT_EPF_SETTINGS },
    esi: { enabled: true },
    professionalTax: { enabled: false, stateCode: null },
    lwf: { enabled: false, stateCode: null },
    gender: 'Male',
    ageYears: 30,
    tds: { enabled: false, financialYear: '2026-27', regime: 1, ageBand: 'below60', grossSoFarPaise: 0, tdsSoFarPaise: 0, remainingMonths: 5 },
    ...overrides,
  };
}

/** November's payslip as the run stores it: its own month with October's EXC_ lines, and October's wages in wages.corrections. */
function november(earnings: MonthEarningInput[], excluded: ExcludedPayMonthInput) {
  const exc = computeExcludedPay([excluded]);
  const r = computeEmployeeMonth(novemberInput(earnings, { arrears: exc.lines }));
  const sum = (code: string) => r.lines.filter((l) => l.code === code).reduce((s, l) => s + l.amountPaise, 0);
  return { r, exc, wages: { ...r.wages, corrections: exc.corrections }, sum };
}

const ecrOf = (slip: ReturnType<typeof november>) =>
  buildEcr({
    month: '2026-11',
    periodStart: NOVEMBER.start,
    members: [{ userId: 'u1', employeeNumber: 'E001', name: 'Asha Menon', uan: '100427607201', dateOfBirth: '1990-01-01', ...ecrFiguresOfPayslip({ grossPaise: slip.r.grossPaise, lopDays: slip.r.lopDays, daysInPeriod: slip.r.periodDays, wages: slip.wages, lines: slip.r.lines }) }],
  });

describe('excluded pay in the ECR of the month that pays it', () => {
  it('Basic 20,000 both months: each month’s EPF at the ₹15,000 ceiling; November reports 30,000 of EPF wages and what both payslip lines deducted', () => {
    // October excluded, all 31 days: PF wage 20,000 capped at 15,000: EE 12% = 1,800; EPS 8.33% = 1,249.50 → 1,250; ER 1,800 − 1,250 = 550.
    // November's own: the same 15,000 / 1,800 / 1,250 / 550. ECR of November: gross 20,000 + 20,000 = 40,000; EPF, EPS, EDLI
    // wages 15,000 + 15,000 = 30,000; EE 3,600 (= 12% of 30,000), EPS 2,500, ER 1,100; NCP 0.
    const slip = november([earning('BASIC', 20_000, 1)], october([earning('BASIC', 20_000, 1)]));
    // 20,000 is within the ESI ceiling: October's ESI wages are kept too (for the ESIC return).
    expect(slip.exc.corrections).toEqual([{ month: '2026-10', kind: 'excluded', pfWagePaise: R(15_000), epsWagePaise: R(15_000), edliWagePaise: R(15_000), esiWagePaise: R(20_000) }]);
    const ecr = ecrOf(slip);
    expect(ecr.errors).toEqual([]);
    expect(ecr.validText).toBe('100427607201#~#ASHA MENON#~#40000#~#30000#~#30000#~#30000#~#3600#~#2500#~#1100#~#0#~#0');
    // Reconciles with the payslip: what it deducted (EPF_EE + EXC_EPF_EE) is the ECR's employee share.
    expect((slip.sum('EPF_EE') + slip.sum('EXC_EPF_EE')) / 100).toBe(ecr.totals.employeeShare);
    expect((slip.sum('EPS_ER') + slip.sum('EXC_EPS_ER')) / 100).toBe(ecr.totals.epsShare);
    expect((slip.sum('EPF_ER') + slip.sum('EXC_EPF_ER')) / 100).toBe(ecr.totals.employerShare);
    expect(ecr.lines[0]?.explanation[0]).toBe(
      "Pay for Oct 2026 excluded from processing, paid on this payslip: EPF wages +₹15,000, EPS wages +₹15,000, EDLI wages +₹15,000; employee share +₹1,800, EPS +₹1,250, employer EPF +₹550, added to this month's own (NCP days stay this month's)",
    );
    // Two months of EPS and EDLI wages on one line are above the monthly ceiling: reported, with a warning.
    expect(ecr.warnings.map((w) => w.message)).toEqual([
      'EPS wages ₹30,000 include ₹15,000 of pay of earlier months excluded from processing, above the ₹15,000 ceiling: EPFO may ask for it in an arrear ECR of those months',
      'EDLI wages ₹30,000 include ₹15,000 of pay of earlier months excluded from processing, above the ₹15,000 ceiling: EPFO may ask for it in an arrear ECR of those months',
    ]);
  });

  it('Basic 12,000, October 30 of 31 days: 11,613 + 12,000 of EPF wages, contributions 1,394 + 1,440', () => {
    // October: 12,000 × 30/31 = 11,612.90 → 11,613; EE 12% = 1,393.56 → 1,394; EPS 8.33% = 967.36 → 967; ER 427.
    // November: 12,000; EE 1,440; EPS 999.60 → 1,000; ER 440. ECR: wages 23,613; EE 2,834; EPS 1,967; ER 867.
    const slip = november([earning('BASIC', 12_000, 1)], october([earning('BASIC', 12_000, 1)], { payableDays: 30, lopDays: 1 }));
    const ecr = ecrOf(slip);
    expect(ecr.errors).toEqual([]);
    // EPS and EDLI wages of two months (23,613) are above one month's ceiling: the same warning as above.
    expect(ecr.warnings.map((w) => w.field)).toEqual(['excludedPay', 'excludedPay']);
    expect(ecr.lines[0]).toMatchObject({ grossWages: 23_613, epfWages: 23_613, epsWages: 23_613, edliWages: 23_613, employeeShare: 2_834, epsShare: 1_967, employerShare: 867, ncpDays: 0 });
  });

  it('an excluded month without EPF adds nothing to the ECR’s EPF figures', () => {
    const slip = november([earning('BASIC', 12_000, 1)], october([earning('BASIC', 12_000, 1)], { epf: { enabled: false, settings: DEFAULT_EPF_SETTINGS } }));
    expect(slip.exc.corrections).toEqual([{ month: '2026-10', kind: 'excluded', pfWagePaise: 0, epsWagePaise: 0, edliWagePaise: 0, esiWagePaise: R(12_000) }]);
    expect(ecrOf(slip).lines[0]).toMatchObject({ epfWages: 12_000, employeeShare: 1_440, epsShare: 1_000, employerShare: 440 });
  });
});

describe('excluded pay in the ESIC return of the month that pays it', () => {
  const esicOf = (slip: ReturnType<typeof november>) =>
    buildEsicReturn({
      month: '2026-11',
      periodStart: NOVEMBER.start,
      periodEnd: NOVEMBER.end,
      members: [
        {
          userId: 'u1',
          employeeNumber: 'E001',
          name: 'Lakshmi Devi',
          ipNumber: '5300000001',
          payslip: { payableDays: slip.r.payableDays, esiWagePaise: slip.r.wages.esiWagePaise, esiCharged: true, corrections: esicCorrectionsOfWages(slip.wages) },
          coveredLastMonth: false,
          dateOfLeaving: null,
        },
      ],
    });

  it('gross 20,000 both months: wages 40,000 reported; 0.75% of it (300) and 3.25% (1,300) are what the payslip charged', () => {
    // October: ESI wages 20,000 (within 21,000): EE 0.75% = 150, ER 3.25% = 650. November the same. Return: 30 days, 40,000.
    const structure = [earning('BASIC', 12_000, 1), earning('HRA', 8_000, 0)];
    const slip = november(structure, october(structure));
    const f = esicOf(slip);
    expect(f.errors).toEqual([]);
    expect(f.rows.map((r) => [r.days, r.wagesPaise / 100, r.reasonCode])).toEqual([[30, 40_000, 0]]);
    expect(f.rows[0]?.explanation[1]).toBe("Wages ₹40,000: the payslip's ESI wages ₹20,000 + ₹20,000 of pay for Oct 2026 excluded from processing (paid in this month)");
    expect(slip.sum('ESI_EE') + slip.sum('EXC_ESI_EE')).toBe(R(300));
    expect(slip.sum('ESI_ER') + slip.sum('EXC_ESI_ER')).toBe(R(1_300));
    expect(R((f.totals.wagesPaise / 100) * 0.0075)).toBe(R(300));
  });

  it('an excluded month above the ₹21,000 ceiling adds no ESI wages', () => {
    const slip = november([earning('BASIC', 12_000, 1), earning('HRA', 8_000, 0)], october([earning('BASIC', 15_000, 1), earning('HRA', 10_000, 0)]));
    expect(slip.exc.corrections[0]?.esiWagePaise).toBe(0);
    expect(esicOf(slip).rows[0]?.wagesPaise).toBe(R(20_000));
  });
});

describe('payslips.wages.corrections: earlier months by month and kind', () => {
  it('a LOP correction is kept per month with its kind; an older payslip’s lopCorrection total is still read', () => {
    const november2026 = { start: '2026-11-01', end: '2026-11-30', days: 30 };
    const lop = computeLopAdjustments([
      { month: '2026-11', period: november2026, payableDays: 30, lopDays: 0, paidLop: {}, nowLop: { '2026-11-26': 1 }, earnings: [earning('BASIC', 15_000, 1)], adjustments: [], epf: { enabled: true, settings: DEFAULT_EPF_SETTINGS }, esi: { covered: false }, ageYears: 30, gender: 'Male' },
    ]);
    const expected: WageCorrection = { month: '2026-11', kind: 'lop', pfWagePaise: R(-500), epsWagePaise: R(-500), edliWagePaise: R(-500), esiWagePaise: 0 };
    expect(lop.corrections).toEqual([expected]);
    expect(wageCorrectionsOf({ corrections: lop.corrections })).toEqual([expected]);
    expect(wageCorrectionsOf({ lopCorrection: lop.wages })).toEqual([{ ...expected, month: null }]);
    expect(wageCorrectionsOf({})).toEqual([]);
  });
});
