import { describe, expect, it } from 'vitest';
import { DEFAULT_EPF_SETTINGS } from '../../statutory/epf';
import type { MonthEarningInput } from '../month/types';
import { computeLopAdjustments, LOP_RECOVERY_CODE, LOP_REVERSAL_CODE, type LopMonthInput } from './lop-adjustments';

/**
 * Loss of pay changed after its month was finalized (payroll-rules §1a: LOP recovery for days paid but
 * not worked, LOP reversal for days deducted and later regularized, each its own line with its dates).
 * Worked by hand: a pro-rata earning is amount × payable ÷ period days, to the rupee half up (DESIGN §5);
 * EPF 12% of PF wages, EPS 8.33% half up to the rupee, employer EPF the rest of 12%, EDLI and admin
 * 0.5% each (india-tax-rules §10). Never from this code's output. Rupees in comments.
 */

const R = (rupees: number): number => Math.round(rupees * 100);

const earning = (code: string, name: string, rupees: number, pf: 0 | 1, proRata = true): MonthEarningInput => ({
  code,
  name,
  monthlyPaise: R(rupees),
  proRata,
  epfContributionType: pf,
  esiWage: true,
  taxable: true,
});

/** Gross ₹30,000 a month: Basic 15,000 (PF wage), HRA 7,500, Special allowance 7,500. */
const STRUCTURE = [earning('BASIC', 'Basic', 15_000, 1), earning('HRA', 'HRA', 7_500, 0), earning('SPECIAL', 'Special allowance', 7_500, 0)];
const NOV = { start: '2026-11-01', end: '2026-11-30', days: 30 };

function november(paidLop: Record<string, number>, nowLop: Record<string, number>, epf = false, earnings = STRUCTURE): LopMonthInput {
  const lopDays = Object.values(paidLop).reduce((s, d) => s + d, 0);
  return {
    month: '2026-11',
    period: NOV,
    payableDays: 30 - lopDays,
    lopDays,
    paidLop,
    nowLop,
    earnings,
    adjustments: [],
    epf: { enabled: epf, settings: DEFAULT_EPF_SETTINGS },
    esi: { covered: false },
    ageYears: 30,
    gender: 'Male',
  };
}

const line = (r: ReturnType<typeof computeLopAdjustments>, code: string) => r.lines.find((l) => l.code === code);

describe('computeLopAdjustments', () => {
  it('₹30,000 over 30 days, 1 LOP day approved late: ₹1,000 recovered, the line names the date and explains itself', () => {
    // 30,000 ÷ 30 = 1,000 a day. Basic 15,000 × 29/30 = 14,500 (−500); HRA and Special 7,250 each (−250 each).
    const r = computeLopAdjustments([november({}, { '2026-11-26': 1 })]);
    expect(r.lines).toHaveLength(1);
    const l = line(r, LOP_RECOVERY_CODE);
    expect(l).toMatchObject({ section: 'earning', label: 'Loss of Pay 26 Nov 2026, 1 day, recovered', amountPaise: R(-1_000), taxable: true });
    expect(l?.explanation).toEqual([
      '26 Nov 2026: loss of pay after Nov 2026 was finalized (paid, not worked)',
      'Per-day rate: ₹30,000 a month ÷ 30 days = ₹1,000 a day; 1 day recovered',
      'Basic: ₹15,000 × 29 of 30 payable days = ₹14,500, paid for 30 days ₹15,000: −₹500',
      'HRA: ₹7,500 × 29 of 30 payable days = ₹7,250, paid for 30 days ₹7,500: −₹250',
      'Special allowance: ₹7,500 × 29 of 30 payable days = ₹7,250, paid for 30 days ₹7,500: −₹250',
      'Recovered: −₹1,000',
    ]);
    expect(r.earningsPaise).toBe(R(-1_000));
    expect(r.settled).toEqual({ '2026-11': { '2026-11-26': 1 } });
  });

  it('a LOP day taken back (regularized): the day is paid back as a reversal', () => {
    // Paid 29 of 30 days (12 Nov LOP); now 30: Basic +500, HRA +250, Special +250 = +1,000.
    const r = computeLopAdjustments([november({ '2026-11-12': 1 }, {})]);
    expect(r.lines.map((l) => [l.code, l.label, l.amountPaise])).toEqual([[LOP_REVERSAL_CODE, 'Loss of Pay 12 Nov 2026, 1 day, reversed', R(1_000)]]);
    expect(line(r, LOP_REVERSAL_CODE)?.explanation.at(-1)).toBe('Reversed: ₹1,000');
    expect(r.settled).toEqual({ '2026-11': {} });
  });

  it('a half day added and a full day taken back in one month: two lines, recovery first, adding up to the whole correction', () => {
    // Paid 29 days. Recovery 29 → 28.5: Basic 14,250 (−250), HRA 7,125 (−125), Special 7,125 (−125) = −500.
    // Reversal 28.5 → 29.5: Basic 14,750 (+500), HRA 7,375 (+250), Special 7,375 (+250) = +1,000. Net +500 = 0.5 day.
    const r = computeLopAdjustments([november({ '2026-11-12': 1 }, { '2026-11-26': 0.5 })]);
    expect(r.lines.map((l) => [l.label, l.amountPaise])).toEqual([
      ['Loss of Pay 26 Nov 2026 (half day), 0.5 day, recovered', R(-500)],
      ['Loss of Pay 12 Nov 2026, 1 day, reversed', R(1_000)],
    ]);
    expect(r.earningsPaise).toBe(R(500));
  });

  it('EPF on the difference: that month recomputed on the corrected days, less what it paid', () => {
    // Basic 15,000 → 14,500. EPF employee 12%: 1,800 → 1,740 (−60). EPS 8.33%: 1,249.50 → 1,250 and
    // 1,207.85 → 1,208 (−42). Employer EPF 1,800 − 1,250 = 550 → 1,740 − 1,208 = 532 (−18).
    // EDLI 0.5%: 75 → 72.50 → 73 (−2); admin 0.5% likewise (−2).
    const r = computeLopAdjustments([november({}, { '2026-11-26': 1 }, true)]);
    const amounts = Object.fromEntries(r.lines.map((l) => [l.code, l.amountPaise]));
    expect(amounts).toEqual({ LOP_RECOVERY: R(-1_000), LOP_EPF_EE: R(-60), LOP_EPS_ER: R(-42), LOP_EPF_ER: R(-18), LOP_EDLI: R(-2), LOP_EPF_ADMIN: R(-2) });
    expect(line(r, 'LOP_EPF_EE')?.section).toBe('deduction');
    expect(line(r, 'LOP_EPS_ER')?.section).toBe('employer');
  });

  it('the corrected wages: PF/EPS/EDLI wages of an EPF month, ESI wages only of a covered month', () => {
    // EPF month: Basic (PF wage) 15,000 → 14,500: PF, EPS and EDLI wages −500 each; HRA and Special are no PF wage.
    // ESI is off for that month (not covered): no ESI wage difference although the gross fell by 1,000.
    expect(computeLopAdjustments([november({}, { '2026-11-26': 1 }, true)]).wages).toEqual({ pfWagePaise: R(-500), epsWagePaise: R(-500), edliWagePaise: R(-500), esiWagePaise: 0 });
    // A covered month of ₹20,000 (Basic 10,000 + HRA 10,000), EPF off, 12 Nov paid back: each 10,000 × 29/30 = 9,666.67 → 9,667
    // was paid (19,334), now 20,000: ESI wages +666. ESI employee 0.75%: 145.005 → 146 paid, 150 now: +4;
    // employer 3.25%: 628.355 → 629 paid, 650 now: +21 (rounded up to the rupee, india-tax-rules §11).
    const covered: LopMonthInput = { ...november({ '2026-11-12': 1 }, {}, false, [earning('BASIC', 'Basic', 10_000, 0), earning('HRA', 'HRA', 10_000, 0)]), esi: { covered: true } };
    const r = computeLopAdjustments([covered]);
    expect(r.wages).toEqual({ pfWagePaise: 0, epsWagePaise: 0, edliWagePaise: 0, esiWagePaise: R(666) });
    expect(Object.fromEntries(r.lines.map((l) => [l.code, l.amountPaise]))).toEqual({ LOP_REVERSAL: R(666), LOP_ESI_EE: R(4), LOP_ESI_ER: R(21) });
  });

  it('a 31-day month rounds each component once, like the month itself', () => {
    // December: Basic 35,000 × 30/31 = 33,870.97 → 33,871 (−1,129); per day 35,000 ÷ 31 = 1,129.03.
    const dec: LopMonthInput = { ...november({}, { '2026-12-24': 1 }, false, [earning('BASIC', 'Basic', 35_000, 0)]), month: '2026-12', period: { start: '2026-12-01', end: '2026-12-31', days: 31 }, payableDays: 31 };
    const r = computeLopAdjustments([dec]);
    expect(r.lines[0]?.amountPaise).toBe(R(-1_129));
    expect(r.lines[0]?.explanation[1]).toBe('Per-day rate: ₹35,000 a month ÷ 31 days = ₹1,129.03 a day; 1 day recovered');
  });

  it('an earning that is not pro-rata is not touched by loss of pay', () => {
    // Basic 20,000 pro-rata (−666.67 → 19,333.33 → 19,333: −667); the flat 10,000 allowance stays.
    const r = computeLopAdjustments([november({}, { '2026-11-26': 1 }, false, [earning('BASIC', 'Basic', 20_000, 0), earning('FLAT', 'Flat allowance', 10_000, 0, false)])]);
    expect(r.lines[0]?.amountPaise).toBe(R(-667));
    expect(r.lines[0]?.explanation.some((e) => e.startsWith('Flat allowance'))).toBe(false);
  });

  it('a month whose loss of pay did not change gives nothing; months are independent', () => {
    const same = computeLopAdjustments([november({ '2026-11-12': 1 }, { '2026-11-12': 1 })]);
    expect(same).toEqual({ lines: [], settled: {}, earningsPaise: 0, wages: { pfWagePaise: 0, epsWagePaise: 0, edliWagePaise: 0, esiWagePaise: 0 }, corrections: [] });
    const oct: LopMonthInput = { ...november({}, { '2026-10-05': 1 }), month: '2026-10', period: { start: '2026-10-01', end: '2026-10-31', days: 31 }, payableDays: 31 };
    const both = computeLopAdjustments([oct, november({}, { '2026-11-26': 1 })]);
    expect(both.lines.map((l) => l.label)).toEqual(['Loss of Pay 05 Oct 2026, 1 day, recovered', 'Loss of Pay 26 Nov 2026, 1 day, recovered']);
    expect(Object.keys(both.settled)).toEqual(['2026-10', '2026-11']);
  });

  it('refuses a date outside the month and a day that is not 0.5 or 1', () => {
    expect(() => computeLopAdjustments([november({}, { '2026-12-01': 1 })])).toThrow('2026-11 nowLop: 2026-12-01 is outside the period');
    expect(() => computeLopAdjustments([november({}, { '2026-11-26': 2 })])).toThrow('2026-11 nowLop: 2026-11-26 must be 0.5 or 1 day');
  });
});
