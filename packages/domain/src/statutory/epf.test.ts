import { describe, expect, it } from 'vitest';
import { buildPfWagePaise, computeEpf, DEFAULT_EPF_SETTINGS, epfRatesFor, type EpfSettings } from './epf';

const R = (rupees: number) => Math.round(rupees * 100);
const asOf = '2025-06-01';
const restricted: EpfSettings = { ...DEFAULT_EPF_SETTINGS, restrictToWageCeiling: true };
const actual: EpfSettings = { ...DEFAULT_EPF_SETTINGS, restrictToWageCeiling: false };

describe('computeEpf: golden cases (india-tax-rules §10)', () => {
  // [case, pf wage, settings, extra, employee, employer, EPS, employer EPF, EDLI, admin]
  const cases: [string, number, EpfSettings, object, number, number, number, number, number, number][] = [
    // §10 example: basic 30,000 capped → employee 1,800, EPS 1,250, employer EPF 550, EDLI 75, admin 75.
    ['basic 30,000 restricted to 15,000 (§10 example)', 30_000, restricted, {}, 1_800, 1_800, 1_250, 550, 75, 75],
    // §10 example (citehr 515560): PF on full 20,000 → 2,400 each; EPS 1,250; employer EPF 2,400 − 1,250 = 1,150.
    // EDLI on min(20,000, 15,000) = 75; admin 0.5% of 20,000 = 100.
    ['PF on full 20,000 (§10 example)', 20_000, actual, {}, 2_400, 2_400, 1_250, 1_150, 75, 100],
    // 10,000: 12% = 1,200; EPS 8.33% = 833.00; EPF 367; EDLI and admin 0.5% = 50.
    ['wage below the ceiling', 10_000, restricted, {}, 1_200, 1_200, 833, 367, 50, 50],
    // 12,512.50: 12% = 1,501.50 → 1,502 (half up); EPS 1,042.28125 → 1,042; EDLI/admin 62.5625 → 63.
    ['half a rupee rounds up', 12_512.5, restricted, {}, 1_502, 1_502, 1_042, 460, 63, 63],
    // Age 58+: no EPS, the whole 1,800 to EPF (§10, antworksmoney).
    ['age 58: no EPS', 30_000, restricted, { ageYears: 58 }, 1_800, 1_800, 0, 1_800, 75, 75],
    ['age 57: EPS as usual', 30_000, restricted, { ageYears: 57 }, 1_800, 1_800, 1_250, 550, 75, 75],
    // Prorated ceiling 15,000 × 15/30 = 7,500: 12% = 900; EPS 624.75 → 625; EPF 275; EDLI/admin 37.50 → 38.
    ['prorated ceiling, 15 of 30 days', 20_000, { ...restricted, proRate: true }, { payableDays: 15, periodDays: 30 }, 900, 900, 625, 275, 38, 38],
    // proRate off ignores the days.
    ['days ignored when proRate is off', 20_000, restricted, { payableDays: 15, periodDays: 30 }, 1_800, 1_800, 1_250, 550, 75, 75],
    // Employer 10% (some establishments): 1,500 on 15,000; EPS still 1,250, EPF 250.
    ['employer rate 10', 30_000, { ...restricted, employerRatePercent: 10 }, {}, 1_800, 1_500, 1_250, 250, 75, 75],
  ];
  it.each(cases)('%s', (_name, wage, settings, extra, employee, employer, eps, employerEpf, edli, admin) => {
    const r = computeEpf({ pfWagePaise: R(wage), settings, asOf, ...extra });
    expect(r.applicable).toBe(true);
    expect(r.employeePaise).toBe(R(employee));
    expect(r.employerPaise).toBe(R(employer));
    expect(r.epsPaise).toBe(R(eps));
    expect(r.employerEpfPaise).toBe(R(employerEpf));
    expect(r.edliPaise).toBe(R(edli));
    expect(r.adminChargesPaise).toBe(R(admin));
    expect(r.epsPaise + r.employerEpfPaise).toBe(r.employerPaise);
  });

  it('applicability 2 covers a PF wage of exactly 15,000 (para 2(f): excluded only when pay exceeds it)', () => {
    const only = { ...restricted, applicability: 2 as const };
    expect(computeEpf({ pfWagePaise: R(15_000), settings: only, asOf }).employeePaise).toBe(R(1_800));
    const above = computeEpf({ pfWagePaise: R(15_000) + 1, settings: only, asOf });
    expect(above.applicable).toBe(false);
    expect(above.employeePaise).toBe(0);
  });

  it('applicability 0 disables EPF', () => {
    const r = computeEpf({ pfWagePaise: R(10_000), settings: { ...restricted, applicability: 0 }, asOf });
    expect(r).toMatchObject({ applicable: false, employeePaise: 0, employerPaise: 0, employerInCtcPaise: 0 });
  });

  it('puts the employer 12% inside CTC only when set; EDLI and admin only when asked', () => {
    expect(computeEpf({ pfWagePaise: R(30_000), settings: restricted, asOf }).employerInCtcPaise).toBe(R(1_800));
    expect(computeEpf({ pfWagePaise: R(30_000), settings: { ...restricted, includeEmployerShareInCtc: false }, asOf }).employerInCtcPaise).toBe(0);
    // 1,800 + EDLI 75 + admin 75.
    expect(computeEpf({ pfWagePaise: R(30_000), settings: { ...restricted, includeEdliAndAdminInCtc: true }, asOf }).employerInCtcPaise).toBe(R(1_950));
  });

  it('is effective-dated: 15,000 ceiling in force; nothing before the first row', () => {
    expect(epfRatesFor('2026-11-21').wageCeilingPaise).toBe(R(15_000));
    expect(() => epfRatesFor('2018-05-31')).toThrow(RangeError);
  });
});

describe('buildPfWagePaise', () => {
  const parts = [
    { amountPaise: R(50_000), isPartOfPfWage: true },
    { amountPaise: R(25_000), isPartOfPfWage: false, isHouseRentAllowance: true },
    { amountPaise: R(10_000), isPartOfPfWage: false },
    { amountPaise: R(5_000), isPartOfPfWage: true },
  ];
  it('counts only flagged components when "consider all" is off (basic + DA + retaining, §10)', () => {
    expect(buildPfWagePaise(parts, { considerAllSalaryComponents: false })).toBe(R(55_000));
  });
  it('counts every component except HRA when "consider all" is on (platform spec §9 default)', () => {
    expect(buildPfWagePaise(parts, { considerAllSalaryComponents: true })).toBe(R(65_000));
  });
});
