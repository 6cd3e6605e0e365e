import { describe, expect, it } from 'vitest';
import { DEFAULT_EPF_SETTINGS } from '../../statutory/epf';
import type { MonthEarningInput } from '../month/types';
import { computeExcludedPay, excludedPayNote, EXCLUDED_PAY_CODE_PREFIX, type ExcludedPayMonthInput } from './excluded-pay';

/**
 * Pay of a month excluded from processing, paid in a later month (payroll-rules §1: corrections of a
 * finalized month go into a later month as arrears). Worked by hand, never from this code's output:
 * a pro-rata earning is amount × payable ÷ period days to the rupee, half up (DESIGN §5); EPF 12% of
 * the PF wage, EPS 8.33%, EDLI 0.5% and admin 0.5% each to the rupee half up (EPF Scheme para 29,
 * EPS para 3, EDLI para 8; india-tax-rules §10); ESI 0.75% and 3.25% of the wages paid, each rounded
 * up to the next rupee (ESI (Central) Rules r.51; §11), covered while full-month wages are within
 * ₹21,000. Rupees in comments.
 */

const R = (rupees: number): number => Math.round(rupees * 100);

const earning = (code: string, name: string, rupees: number, pf: 0 | 1): MonthEarningInput => ({ code, name, monthlyPaise: R(rupees), proRata: true, epfContributionType: pf, esiWage: true, taxable: true });

/** ₹19,000 a month: Basic 12,000 (PF wage), HRA 4,800, Special allowance 2,200; within the ESI ceiling. */
const STRUCTURE = [earning('BASIC', 'Basic', 12_000, 1), earning('HRA', 'HRA', 4_800, 0), earning('SPECIAL', 'Special allowance', 2_200, 0)];

function october(overrides: Partial<ExcludedPayMonthInput> = {}): ExcludedPayMonthInput {
  return {
    month: '2026-10',
    paidIn: '2026-11',
    reason: 'On unpaid sabbatical',
    period: { start: '2026-10-01', end: '2026-10-31', days: 31 },
    payableDays: 30,
    lopDays: 1,
    earnings: STRUCTURE,
    adjustments: [],
    epf: { enabled: true, settings: DEFAULT_EPF_SETTINGS },
    esi: { enabled: true },
    ageYears: 30,
    gender: 'Male',
    ...overrides,
  };
}

const amounts = (r: ReturnType<typeof computeExcludedPay>) => r.lines.map((l) => [l.section, l.code, l.amountPaise]);

describe('computeExcludedPay', () => {
  it('October excluded, 30 of 31 days payable, paid in November: every component and the month’s own EPF and ESI', () => {
    // Basic 12,000 × 30/31 = 11,612.90 → 11,613; HRA 4,800 × 30/31 = 4,645.16 → 4,645; Special 2,200 × 30/31 = 2,129.03 → 2,129.
    // Gross 18,387. EPF 12% of 11,613 = 1,393.56 → 1,394; EPS 8.33% = 967.36 → 967; employer EPF 1,394 − 967 = 427;
    // EDLI 0.5% = 58.07 → 58; admin 0.5% → 58. ESI 0.75% of 18,387 = 137.90 → 138; employer 3.25% = 597.58 → 598.
    const r = computeExcludedPay([october()]);
    expect(amounts(r)).toEqual([
      ['earning', 'EXC_BASIC', R(11_613)],
      ['earning', 'EXC_HRA', R(4_645)],
      ['earning', 'EXC_SPECIAL', R(2_129)],
      ['deduction', 'EXC_EPF_EE', R(1_394)],
      ['deduction', 'EXC_ESI_EE', R(138)],
      ['employer', 'EXC_EPF_ER', R(427)],
      ['employer', 'EXC_EPS_ER', R(967)],
      ['employer', 'EXC_EDLI', R(58)],
      ['employer', 'EXC_EPF_ADMIN', R(58)],
      ['employer', 'EXC_ESI_ER', R(598)],
    ]);
    expect(r.earningsPaise).toBe(R(18_387));
    const basic = r.lines[0];
    expect(basic).toMatchObject({ label: 'Basic for Oct 2026', taxable: true });
    expect(basic?.explanation).toEqual(['Pay for Oct 2026, excluded from processing (On unpaid sabbatical), paid in Nov 2026', 'Basic ₹12,000 × 30 of 31 payable days = ₹11,613']);
    // No professional tax, LWF or TDS of the excluded month: they fall on the paying month.
    expect(r.lines.some((l) => ['EXC_PT', 'EXC_TDS', 'EXC_LWF_EE'].includes(l.code))).toBe(false);
    expect(r.lines.every((l) => l.code.startsWith(EXCLUDED_PAY_CODE_PREFIX))).toBe(true);
  });

  it('above the ESI ceiling and without EPF: earnings only; a one-time item of the month comes with its taxability', () => {
    // ₹30,000 full month > ₹21,000: not covered. 31 of 31 days: Basic 20,000, HRA 10,000. Bonus 5,000 not taxable (as entered).
    const r = computeExcludedPay([
      october({
        payableDays: 31,
        lopDays: 0,
        earnings: [earning('BASIC', 'Basic', 20_000, 1), earning('HRA', 'HRA', 10_000, 0)],
        adjustments: [
          { kind: 'earning', category: 'bonus', label: 'Diwali bonus', amountPaise: R(5_000), taxable: false },
          { kind: 'deduction', category: 'other', label: 'Canteen', amountPaise: R(300), taxable: false },
        ],
        epf: { enabled: false, settings: DEFAULT_EPF_SETTINGS },
      }),
    ]);
    expect(amounts(r)).toEqual([
      ['earning', 'EXC_BASIC', R(20_000)],
      ['earning', 'EXC_HRA', R(10_000)],
      ['earning', 'EXC_ADJ_BONUS', R(5_000)],
      ['deduction', 'EXC_ADJ_OTHER_DEDUCTION', R(300)],
    ]);
    expect(r.lines.find((l) => l.code === 'EXC_ADJ_BONUS')).toMatchObject({ label: 'Diwali bonus for Oct 2026', taxable: false });
    expect(r.earningsPaise).toBe(R(35_000));
  });

  it('two excluded months: earnings of both first, then their deductions and employer lines', () => {
    const r = computeExcludedPay([october({ month: '2026-09', period: { start: '2026-09-01', end: '2026-09-30', days: 30 }, payableDays: 30, lopDays: 0, paidIn: '2026-11' }), october()]);
    expect(r.lines.filter((l) => l.section === 'earning').map((l) => l.label)).toEqual([
      'Basic for Sep 2026',
      'HRA for Sep 2026',
      'Special allowance for Sep 2026',
      'Basic for Oct 2026',
      'HRA for Oct 2026',
      'Special allowance for Oct 2026',
    ]);
    // September in full: 12,000 + 4,800 + 2,200 = 19,000; October 18,387 (above).
    expect(r.earningsPaise).toBe(R(19_000 + 18_387));
    expect(r.lines.findIndex((l) => l.section !== 'earning')).toBe(6);
  });

  it('the note without a reason, and a paying month that is not later is refused', () => {
    expect(excludedPayNote({ month: '2026-10', paidIn: '2027-01', reason: null })).toBe('Pay for Oct 2026, excluded from processing, paid in Jan 2027');
    expect(() => computeExcludedPay([october({ paidIn: '2026-10' })])).toThrow(RangeError);
  });
});
