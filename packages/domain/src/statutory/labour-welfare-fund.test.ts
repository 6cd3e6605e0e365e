import { describe, expect, it } from 'vitest';
import { annualLabourWelfareFund, labourWelfareFundFor, LWF_STATES } from './labour-welfare-fund';

const R = (rupees: number) => Math.round(rupees * 100);

describe('labourWelfareFundFor (india-tax-rules §13)', () => {
  // [case, state, month, monthly gross, employee, employer, cycle, due]
  const cases: [string, string, string, number, number, number, string, boolean][] = [
    // Karnataka: annual on the 31 Dec roll, 50 / 100 (KLWF Amendment Act 2024; was 20/40).
    ['KA December 2025', 'KA', '2025-12', 30_000, 50, 100, 'Annual', true],
    ['KA November: not due', 'KA', '2025-11', 30_000, 0, 0, 'Annual', false],
    ['KA December 2023 (old 20/40)', 'KA', '2023-12', 30_000, 20, 40, 'Annual', true],
    // Maharashtra: June and December; 6/18 if wages ≤ 3,000, 12/36 above.
    ['MH June, 3,000 → 6/18', 'MH', '2025-06', 3_000, 6, 18, 'Half-Yearly', true],
    ['MH June, 3,000.01 → 12/36', 'MH', '2025-06', 3_000.01, 12, 36, 'Half-Yearly', true],
    ['MH December', 'MH', '2025-12', 50_000, 12, 36, 'Half-Yearly', true],
    ['MH July: not due', 'MH', '2025-07', 50_000, 0, 0, 'Half-Yearly', false],
    // Tamil Nadu: annual in December, 10/20 (unconfirmed).
    ['TN December', 'TN', '2025-12', 30_000, 10, 20, 'Annual', true],
    ['TN June: not due', 'TN', '2025-06', 30_000, 0, 0, 'Annual', false],
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
    expect(labourWelfareFundFor({ stateCode: 'WB', month: '2025-12', monthlyGrossPaise: R(30_000), asOf: '2025-12-01' }).applicable).toBe(false);
    expect(labourWelfareFundFor({ stateCode: null, month: '2025-12', monthlyGrossPaise: R(30_000), asOf: '2025-12-01' }).employeePaise).toBe(0);
  });

  it('covers the seven states of the brief', () => {
    expect(LWF_STATES.map((s) => s.code).sort()).toEqual(['AP', 'CT', 'DL', 'GJ', 'KA', 'MH', 'TN']);
  });
});

describe('annualLabourWelfareFund', () => {
  it.each([
    // MH: 12/36 in June and December → 24 / 72 a year.
    ['MH', 24, 72, 12, 36, 'Half-Yearly'],
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
