import { describe, expect, it } from 'vitest';
import { annualLabourWelfareFund, LABOUR_WELFARE_FUND_TABLES, labourWelfareFundFor, leviesLabourWelfareFund, LWF_NOT_LEVIED, LWF_STATES } from './labour-welfare-fund';

const R = (rupees: number) => Math.round(rupees * 100);

describe('labourWelfareFundFor (india-tax-rules §13)', () => {
  // [case, state, month, monthly gross, employee, employer, cycle, due]
  const cases: [string, string, string, number, number, number, string, boolean][] = [
    // Karnataka: annual on the 31 Dec roll, 50 / 100 (KLWF Amendment Act 2024; was 20/40).
    ['KA December 2025', 'KA', '2025-12', 30_000, 50, 100, 'Annual', true],
    ['KA November: not due', 'KA', '2025-11', 30_000, 0, 0, 'Annual', false],
    ['KA December 2023 (old 20/40)', 'KA', '2023-12', 30_000, 20, 40, 'Annual', true],
    // Maharashtra until May 2024: June and December; 6/18 if wages ≤ 3,000, 12/36 above.
    ['MH December 2023, 3,000 → 6/18', 'MH', '2023-12', 3_000, 6, 18, 'Half-Yearly', true],
    ['MH December 2023, 3,000.01 → 12/36', 'MH', '2023-12', 3_000.01, 12, 36, 'Half-Yearly', true],
    // From June 2024 (Maharashtra LWF (Amendment) Act 2024): 25 / 75 whatever the wages.
    ['MH June 2024, 3,000 → 25/75', 'MH', '2024-06', 3_000, 25, 75, 'Half-Yearly', true],
    ['MH December 2025', 'MH', '2025-12', 50_000, 25, 75, 'Half-Yearly', true],
    ['MH July: not due', 'MH', '2025-07', 50_000, 0, 0, 'Half-Yearly', false],
    // Tamil Nadu: annual in December; 10/20 to 2021, 20/40 from the 2022 roll (Rules amended 2 Dec 2022).
    ['TN December 2021', 'TN', '2021-12', 30_000, 10, 20, 'Annual', true],
    ['TN December 2022', 'TN', '2022-12', 30_000, 20, 40, 'Annual', true],
    ['TN December 2025', 'TN', '2025-12', 30_000, 20, 40, 'Annual', true],
    ['TN June: not due', 'TN', '2025-06', 30_000, 0, 0, 'Annual', false],
    // Chandigarh: every month, 5 / 20, for wages up to 15,000 only.
    ['CH 15,000 → 5/20', 'CH', '2025-05', 15_000, 5, 20, 'Monthly', true],
    ['CH 15,000.01 → nil', 'CH', '2025-05', 15_000.01, 0, 0, 'Monthly', true],
    // Goa (unconfirmed): 60 / 120 in June and December.
    ['GA June', 'GA', '2025-06', 30_000, 60, 120, 'Half-Yearly', true],
    // Haryana: 0.2% of wages, at most 31; employer twice. 10,000 → 20 / 40; 15,500 → 31 / 62; 50,000 → 31 / 62.
    ['HR 10,000 → 20/40', 'HR', '2025-05', 10_000, 20, 40, 'Monthly', true],
    ['HR 12,345.67 → 24.69/49.38', 'HR', '2025-05', 12_345.67, 24.69, 49.38, 'Monthly', true],
    ['HR 15,500 → 31/62', 'HR', '2025-05', 15_500, 31, 62, 'Monthly', true],
    ['HR 50,000 → capped 31/62', 'HR', '2025-05', 50_000, 31, 62, 'Monthly', true],
    // Kerala (unconfirmed): 45 / 45 half-yearly.
    ['KL December', 'KL', '2025-12', 30_000, 45, 45, 'Half-Yearly', true],
    // Madhya Pradesh: 10 / 30 in June and December.
    ['MP June', 'MP', '2025-06', 30_000, 10, 30, 'Half-Yearly', true],
    ['MP May: not due', 'MP', '2025-05', 30_000, 0, 0, 'Half-Yearly', false],
    // Odisha (sources conflict): 10 / 20 in June and December.
    ['OD December', 'OD', '2025-12', 30_000, 10, 20, 'Half-Yearly', true],
    // Punjab (unconfirmed): 5 / 20 every month.
    ['PB any month', 'PB', '2025-08', 30_000, 5, 20, 'Monthly', true],
    // Telangana: 2 / 5 on the December roll.
    ['TG December', 'TG', '2025-12', 30_000, 2, 5, 'Annual', true],
    // West Bengal (the Board): 3 / 15 in June and December.
    ['WB June', 'WB', '2025-06', 30_000, 3, 15, 'Half-Yearly', true],
    ['WB December', 'WB', '2025-12', 30_000, 3, 15, 'Half-Yearly', true],
    // Andhra Pradesh: annual in December, 30/70.
    ['AP December', 'AP', '2025-12', 30_000, 30, 70, 'Annual', true],
    // Delhi: June and December, 0.75 / 2.25.
    ['DL June', 'DL', '2025-06', 30_000, 0.75, 2.25, 'Half-Yearly', true],
    ['DL December', 'DL', '2025-12', 30_000, 0.75, 2.25, 'Half-Yearly', true],
    // Chhattisgarh: half-yearly 15/45 (June and December: our choice).
    ['CT June', 'CT', '2025-06', 30_000, 15, 45, 'Half-Yearly', true],
    // Gujarat: June and December, 6/12.
    ['GJ December', 'GJ', '2025-12', 30_000, 6, 12, 'Half-Yearly', true],
    ['GJ March: not due', 'GJ', '2026-03', 30_000, 0, 0, 'Half-Yearly', false],
  ];
  it.each(cases)('%s', (_n, stateCode, month, gross, employee, employer, cycle, due) => {
    const r = labourWelfareFundFor({ stateCode, month, monthlyGrossPaise: R(gross), asOf: `${month}-01` });
    expect(r).toEqual({ employeePaise: R(employee), employerPaise: R(employer), cycle, dueThisMonth: due, applicable: true });
  });

  it('a state without a table (or none) has no LWF', () => {
    expect(labourWelfareFundFor({ stateCode: 'RJ', month: '2025-12', monthlyGrossPaise: R(30_000), asOf: '2025-12-01' }).applicable).toBe(false);
    expect(labourWelfareFundFor({ stateCode: null, month: '2025-12', monthlyGrossPaise: R(30_000), asOf: '2025-12-01' }).employeePaise).toBe(0);
  });

  it('covers sixteen states and union territories; every other code has none', () => {
    expect(LWF_STATES.map((s) => s.code).sort()).toEqual(['AP', 'CH', 'CT', 'DL', 'GA', 'GJ', 'HR', 'KA', 'KL', 'MH', 'MP', 'OD', 'PB', 'TG', 'TN', 'WB']);
    expect(LWF_NOT_LEVIED).toHaveLength(36 - 16);
    for (const code of LWF_NOT_LEVIED) expect(leviesLabourWelfareFund(code, '2025-06-01')).toBe(false);
  });

  it('every table is in force from January 2024 on and has a source line', () => {
    for (const [code, rows] of Object.entries(LABOUR_WELFARE_FUND_TABLES)) {
      expect(leviesLabourWelfareFund(code, '2024-01-01'), code).toBe(true);
      for (const row of rows) expect(row.source.length, code).toBeGreaterThan(10);
    }
  });
});

describe('annualLabourWelfareFund', () => {
  it.each([
    // MH: 25/75 in June and December → 50 / 150 a year.
    ['MH', 50, 150, 25, 75, 'Half-Yearly'],
    // HR: 31 / 62 every month at 50,000 → 372 / 744.
    ['HR', 372, 744, 31, 62, 'Monthly'],
    // KA: once a year → 50 / 100.
    ['KA', 50, 100, 50, 100, 'Annual'],
    // DL: 0.75 × 2 = 1.50; 2.25 × 2 = 4.50.
    ['DL', 1.5, 4.5, 0.75, 2.25, 'Half-Yearly'],
  ] as const)('%s', (stateCode, employeeAnnual, employerAnnual, employeeEach, employerEach, cycle) => {
    expect(annualLabourWelfareFund({ stateCode, monthlyGrossPaise: R(50_000), asOf: '2025-04-01' })).toEqual({
      employeeAnnualPaise: R(employeeAnnual),
      employerAnnualPaise: R(employerAnnual),
      employeePerDeductionPaise: R(employeeEach),
      employerPerDeductionPaise: R(employerEach),
      cycle,
      applicable: true,
    });
  });
});
