import { describe, expect, it } from 'vitest';
import { DEFAULT_EPF_SETTINGS } from '../../statutory/epf';
import { computeEmployeeMonth } from '../month/compute-month';
import type { EmployeeMonthInput, MonthEarningInput } from '../month/types';
import { computeArrears, earningsInForce, type ArrearsMonthInput, type ArrearsPaidLine, type ArrearsRevision } from './arrears';

/**
 * Salary revision arrears, worked by hand from the law summarised in shared/reference/india-tax-rules.md
 * (§10 EPF: 12% employee, EPS 8.33% of min(wage, 15,000) half up, EDLI and admin 0.5% of the ceiling
 * wage; §11 ESI: 0.75% / 3.25% rounded UP to the rupee, coverage kept for the contribution period;
 * §12 Karnataka PT: under 25,000 nil, from 25,000 200 a month) and payroll-rules §1 (arrears: per
 * component difference, statutory on the difference). Never from this code's output. Rupees in comments.
 */

const R = (rupees: number): number => Math.round(rupees * 100);

const earning = (code: string, name: string, rupees: number, pf: 0 | 1): MonthEarningInput => ({
  code,
  name,
  monthlyPaise: R(rupees),
  proRata: true,
  epfContributionType: pf,
  esiWage: true,
  taxable: true,
});
const OLD = [earning('BASIC', 'Basic', 14_000, 1), earning('HRA', 'HRA', 5_000, 0)];
const NEW = [earning('BASIC', 'Basic', 18_000, 1), earning('HRA', 'HRA', 5_000, 0)];

/**
 * What the old structure paid in a full month (stored payslip lines), by hand:
 *   Basic 14,000, HRA 5,000 (gross 19,000)
 *   EPF employee 12% × 14,000 = 1,680
 *   EPS 8.33% × 14,000 = 1,166.20 → 1,166; employer EPF 1,680 − 1,166 = 514
 *   EDLI 0.5% × 14,000 = 70; admin 0.5% × 14,000 = 70
 *   ESI (19,000 ≤ 21,000, covered): 0.75% × 19,000 = 142.50 ↑ 143; 3.25% × 19,000 = 617.50 ↑ 618
 *   PT Karnataka on 19,000: nil.
 */
const paidFullMonth: ArrearsPaidLine[] = [
  { section: 'earning', code: 'BASIC', label: 'Basic', amountPaise: R(14_000) },
  { section: 'earning', code: 'HRA', label: 'HRA', amountPaise: R(5_000) },
  { section: 'deduction', code: 'EPF_EE', label: 'Provident Fund (EPF)', amountPaise: R(1_680) },
  { section: 'deduction', code: 'ESI_EE', label: 'ESI', amountPaise: R(143) },
  { section: 'employer', code: 'EPF_ER', label: 'EPF (employer)', amountPaise: R(514) },
  { section: 'employer', code: 'EPS_ER', label: 'EPS (employer)', amountPaise: R(1_166) },
  { section: 'employer', code: 'EDLI', label: 'EDLI', amountPaise: R(70) },
  { section: 'employer', code: 'EPF_ADMIN', label: 'EPF admin charges', amountPaise: R(70) },
  { section: 'employer', code: 'ESI_ER', label: 'ESI (employer)', amountPaise: R(618) },
];

function finalized(month: string, period: { start: string; end: string; days: number }, paid = paidFullMonth, days?: { payable: number; lop: number }): ArrearsMonthInput {
  return {
    month,
    period,
    payableDays: days?.payable ?? period.days,
    lopDays: days?.lop ?? 0,
    paid,
    adjustments: [],
    epf: { enabled: true, settings: DEFAULT_EPF_SETTINGS },
    esi: { covered: true },
    ageYears: 30,
    gender: 'Male',
  };
}
const APRIL = { start: '2026-04-01', end: '2026-04-30', days: 30 };
const MAY = { start: '2026-05-01', end: '2026-05-31', days: 31 };
const JUNE = { start: '2026-06-01', end: '2026-06-30', days: 30 };
const JULY = { start: '2026-07-01', end: '2026-07-31', days: 31 };

const raise: ArrearsRevision = { effectiveFrom: '2026-04-01', before: OLD, after: NEW };
const amounts = (lines: readonly { code: string; amountPaise: number }[]) => Object.fromEntries(lines.map((l) => [l.code, l.amountPaise / 100]));

describe('computeArrears: basic 14,000 → 18,000 from 1 Apr 2026, paid in July (across the PF ceiling)', () => {
  const result = computeArrears({ revisions: [raise], months: [finalized('2026-04', APRIL), finalized('2026-05', MAY), finalized('2026-06', JUNE)] });

  it('each month: due on the new structure minus what the payslip paid, EPF limited by the 15,000 ceiling', () => {
    // Due each month with Basic 18,000, HRA 5,000 (gross 23,000):
    //   EPF 12% × min(18,000, 15,000) = 1,800 → +120 (not 12% × 4,000 = 480: the ceiling)
    //   EPS 8.33% × 15,000 = 1,249.50 → 1,250 → +84; employer EPF 1,800 − 1,250 = 550 → +36
    //   EDLI, admin 0.5% × 15,000 = 75 → +5 each
    //   ESI kept (covered that month) on 23,000: 172.50 ↑ 173 → +30; 747.50 ↑ 748 → +130
    for (const m of result.months) {
      expect(amounts(m.differences.map((d) => ({ code: d.code, amountPaise: d.differencePaise })))).toEqual({
        BASIC: 4_000,
        EPF_EE: 120,
        ESI_EE: 30,
        EPF_ER: 36,
        EPS_ER: 84,
        EDLI: 5,
        EPF_ADMIN: 5,
        ESI_ER: 130,
      });
    }
    expect(result.months.map((m) => m.month)).toEqual(['2026-04', '2026-05', '2026-06']);
  });

  it('three months of arrears as separate lines: 12,000 basic; EPF 360 / 108 / 252 / 15 / 15; ESI 90 / 390', () => {
    expect(amounts(result.lines)).toEqual({
      ARR_BASIC: 12_000,
      ARR_EPF_EE: 360,
      ARR_ESI_EE: 90,
      ARR_EPF_ER: 108,
      ARR_EPS_ER: 252,
      ARR_EDLI: 15,
      ARR_EPF_ADMIN: 15,
      ARR_ESI_ER: 390,
    });
    expect(result.earningsPaise).toBe(R(12_000));
    const basic = result.lines.find((l) => l.code === 'ARR_BASIC');
    expect(basic?.label).toBe('Basic arrears Apr 2026 – Jun 2026');
    expect(basic?.section).toBe('earning');
    expect(basic?.taxable).toBe(true);
    expect(basic?.explanation).toContain('Apr 2026: due ₹18,000 − paid ₹14,000 = ₹4,000');
    expect(basic?.explanation.at(-1)).toBe('Arrears ₹4,000 + ₹4,000 + ₹4,000 = ₹12,000');
    expect(result.lines.find((l) => l.code === 'ARR_EPF_EE')?.label).toBe('Provident Fund (EPF) arrears Apr 2026 – Jun 2026');
    expect(result.lines.find((l) => l.code === 'ARR_EPF_EE')?.explanation.join('\n')).toContain('restricted to the ₹15,000 ceiling');
    expect(result.lines.map((l) => l.section)).toEqual(['earning', 'deduction', 'deduction', 'employer', 'employer', 'employer', 'employer', 'employer']);
  });

  it('July pays them: PT on the gross with arrears crosses the Karnataka 25,000 slab; TDS takes them once', () => {
    // July on the new structure: 23,000 gross, so PT alone would be nil (< 25,000). With 12,000 arrears
    // the month's gross is 35,000 ≥ 25,000 → PT 200 (Karnataka, not February).
    // EPF 1,800 (ceiling); ESI: full-month wages 23,000 > 21,000, but covered at the start of the
    // Apr–Sep period → stays covered: 172.50 ↑ 173 (employer 748). Arrears are not this month's PF/ESI wages.
    // Deductions 1,800 + 360 + 173 + 90 + 200 = 2,623; net 35,000 − 2,623 = 32,377.
    const input: EmployeeMonthInput = {
      month: '2026-07',
      period: JULY,
      payableDays: 31,
      lopDays: 0,
      earnings: NEW,
      deductions: [],
      adjustments: [],
      arrears: result.lines,
      epf: { enabled: true, settings: DEFAULT_EPF_SETTINGS },
      esi: { enabled: true, coveredAtPeriodStart: true },
      professionalTax: { enabled: true, stateCode: 'KA' },
      lwf: { enabled: false, stateCode: null },
      gender: 'Male',
      ageYears: 30,
      // New regime; Apr–Jun paid 3 × 19,000 = 57,000 taxable.
      tds: { enabled: true, financialYear: '2026-27', regime: 1, ageBand: 'below60', grossSoFarPaise: R(57_000), tdsSoFarPaise: 0, remainingMonths: 9 },
    };
    const july = computeEmployeeMonth(input);
    const byCode = amounts(july.lines);
    expect(byCode).toMatchObject({ BASIC: 18_000, HRA: 5_000, ARR_BASIC: 12_000, EPF_EE: 1_800, ARR_EPF_EE: 360, ESI_EE: 173, ARR_ESI_EE: 90, PT: 200, TDS: 0 });
    expect(july.grossPaise).toBe(R(35_000));
    expect(july.professionalTaxPaise).toBe(R(200));
    expect(july.totalDeductionsPaise).toBe(R(2_623));
    expect(july.netPaise).toBe(R(32_377));
    // Employer: 550 + 108 + 1,250 + 252 + 75 + 15 + 75 + 15 + 748 + 390 = 3,478; cost 35,000 + 3,478.
    expect(july.employerCostPaise).toBe(R(38_478));
    // PF and ESI wages of July are July's own: 15,000 and 23,000 (the arrears' contributions are the differences).
    expect(july.wages).toMatchObject({ pfWagePaise: R(15_000), esiWagePaise: R(23_000) });
    // TDS (s.15(b), arrears are salary of the year received): this month's taxable salary is 35,000,
    // counted once; the 8 later months at the steady 23,000: 57,000 + 35,000 + 184,000 = 2,76,000.
    expect(july.taxableGrossPaise).toBe(R(35_000));
    expect(july.tdsExplanation).toContain("This month's taxable salary ₹35,000");
    expect(july.tdsExplanation).toContain('8 later months at the full-month taxable salary ₹23,000 × 8 = ₹1,84,000');
    expect(july.tdsExplanation).toContain('Projected taxable salary for the year ₹2,76,000');
    // Without the arrears the same month is under the slab: PT nil.
    expect(computeEmployeeMonth({ ...input, arrears: [] }).professionalTaxPaise).toBe(0);
  });
});

describe('computeArrears: days, effective dates and coverage', () => {
  it('keeps the stored payable and LOP days: May with 3 LOP days of 31', () => {
    // Paid (old, 28 of 31 days): Basic 14,000 × 28/31 = 12,645.16 → 12,645; HRA 5,000 × 28/31 = 4,516.13 → 4,516;
    // EPF 12% × 12,645 = 1,517.40 → 1,517; EPS 8.33% × 12,645 = 1,053.33 → 1,053; ER EPF 464; EDLI/admin 63.23 → 63;
    // ESI on 17,161: 128.71 ↑ 129, 557.73 ↑ 558.
    // Due (new, 28 of 31): Basic 18,000 × 28/31 = 16,258.06 → 16,258 (+3,613); PF wage capped 15,000 (no proration of
    // the ceiling by default): 1,800 (+283), EPS 1,250 (+197), ER EPF 550 (+86), EDLI/admin 75 (+12 each);
    // ESI on 20,774: 155.81 ↑ 156 (+27), 675.16 ↑ 676 (+118).
    const paid: ArrearsPaidLine[] = [
      { section: 'earning', code: 'BASIC', label: 'Basic', amountPaise: R(12_645) },
      { section: 'earning', code: 'HRA', label: 'HRA', amountPaise: R(4_516) },
      { section: 'deduction', code: 'EPF_EE', label: 'Provident Fund (EPF)', amountPaise: R(1_517) },
      { section: 'deduction', code: 'ESI_EE', label: 'ESI', amountPaise: R(129) },
      { section: 'deduction', code: 'PT', label: 'Professional Tax', amountPaise: 0 },
      { section: 'employer', code: 'EPF_ER', label: 'EPF (employer)', amountPaise: R(464) },
      { section: 'employer', code: 'EPS_ER', label: 'EPS (employer)', amountPaise: R(1_053) },
      { section: 'employer', code: 'EDLI', label: 'EDLI', amountPaise: R(63) },
      { section: 'employer', code: 'EPF_ADMIN', label: 'EPF admin charges', amountPaise: R(63) },
      { section: 'employer', code: 'ESI_ER', label: 'ESI (employer)', amountPaise: R(558) },
    ];
    const r = computeArrears({ revisions: [raise], months: [finalized('2026-05', MAY, paid, { payable: 28, lop: 3 })] });
    expect(amounts(r.lines)).toEqual({ ARR_BASIC: 3_613, ARR_EPF_EE: 283, ARR_ESI_EE: 27, ARR_EPF_ER: 86, ARR_EPS_ER: 197, ARR_EDLI: 12, ARR_EPF_ADMIN: 12, ARR_ESI_ER: 118 });
    expect(r.lines[0]?.label).toBe('Basic arrears May 2026');
  });

  it('a mid-month effective date weights each component by the days in force: from 16 Apr, April is 15 + 15 of 30 days', () => {
    // Basic (14,000 × 15 + 18,000 × 15) ÷ 30 = 16,000 → +2,000 in April; PF wage 16,000 > 15,000 ceiling → EPF 1,800 (+120);
    // ESI on 21,000: 157.50 ↑ 158 (+15), 682.50 ↑ 683 (+65). May is all new: +4,000.
    const mid: ArrearsRevision = { effectiveFrom: '2026-04-16', before: OLD, after: NEW };
    const blended = earningsInForce([mid], APRIL);
    expect(blended.earnings.find((e) => e.code === 'BASIC')?.monthlyPaise).toBe(R(16_000));
    expect(blended.notes.get('BASIC')).toBe('Basic: ₹14,000 a month 1 Apr–15 Apr (15 days), ₹18,000 a month 16 Apr–30 Apr (15 days) of 30 = ₹16,000 for the month');
    const r = computeArrears({ revisions: [mid], months: [finalized('2026-04', APRIL), finalized('2026-05', MAY)] });
    expect(amounts(r.months[0]?.differences.map((d) => ({ code: d.code, amountPaise: d.differencePaise })) ?? [])).toMatchObject({ BASIC: 2_000, EPF_EE: 120, ESI_EE: 15, ESI_ER: 65 });
    expect(amounts(r.lines)).toMatchObject({ ARR_BASIC: 6_000, ARR_EPF_EE: 240 });
    expect(r.lines[0]?.explanation).toContain('  Basic: ₹14,000 a month 1 Apr–15 Apr (15 days), ₹18,000 a month 16 Apr–30 Apr (15 days) of 30 = ₹16,000 for the month');
  });

  it('no ESI on the arrears of a month the employee was not covered in', () => {
    const notCovered = { ...finalized('2026-04', APRIL, paidFullMonth.filter((l) => !l.code.startsWith('ESI'))), esi: { covered: false } };
    const r = computeArrears({ revisions: [raise], months: [notCovered] });
    expect(r.lines.map((l) => l.code)).not.toContain('ARR_ESI_EE');
    expect(r.lines.map((l) => l.code)).not.toContain('ARR_ESI_ER');
    expect(amounts(r.lines)).toMatchObject({ ARR_BASIC: 4_000, ARR_EPF_EE: 120 });
  });

  it('a month the structure did not change gives nothing; months before the effective date are skipped', () => {
    const later: ArrearsRevision = { effectiveFrom: '2026-06-01', before: OLD, after: NEW };
    const r = computeArrears({ revisions: [later], months: [finalized('2026-04', APRIL), finalized('2026-05', MAY), finalized('2026-06', JUNE)] });
    expect(r.months.map((m) => m.month)).toEqual(['2026-06']);
    expect(r.lines.find((l) => l.code === 'ARR_BASIC')?.label).toBe('Basic arrears Jun 2026');
    const same = computeArrears({ revisions: [{ effectiveFrom: '2026-04-01', before: OLD, after: OLD }], months: [finalized('2026-04', APRIL)] });
    expect(same.lines).toEqual([]);
  });

  it("the stored month's one-time earnings and earlier arrears lines are not differenced", () => {
    // An incentive of 1,000 was paid in April: ESI wages were 20,000 (150 / 650). Due on 24,000: 180 / 780.
    const paid: ArrearsPaidLine[] = [
      ...paidFullMonth.filter((l) => !l.code.startsWith('ESI')),
      { section: 'earning', code: 'ADJ_INCENTIVE', label: 'Incentive', amountPaise: R(1_000) },
      { section: 'earning', code: 'ARR_BASIC', label: 'Basic arrears Jan 2026', amountPaise: R(500) },
      { section: 'deduction', code: 'ESI_EE', label: 'ESI', amountPaise: R(150) },
      { section: 'employer', code: 'ESI_ER', label: 'ESI (employer)', amountPaise: R(650) },
    ];
    const month = { ...finalized('2026-04', APRIL, paid), adjustments: [{ kind: 'earning' as const, category: 'incentive' as const, label: 'Incentive', amountPaise: R(1_000), taxable: true }] };
    const r = computeArrears({ revisions: [raise], months: [month] });
    expect(amounts(r.lines)).toMatchObject({ ARR_BASIC: 4_000, ARR_ESI_EE: 30, ARR_ESI_ER: 130 });
    expect(r.lines.map((l) => l.code)).not.toContain('ARR_ADJ_INCENTIVE');
  });

  it('two revisions: each day takes the latest in force', () => {
    // 14,000 → 16,000 from 1 Apr, → 18,000 from 1 May: April +2,000, May +4,000.
    const mid = [earning('BASIC', 'Basic', 16_000, 1), earning('HRA', 'HRA', 5_000, 0)];
    const r = computeArrears({
      revisions: [
        { effectiveFrom: '2026-04-01', before: OLD, after: mid },
        { effectiveFrom: '2026-05-01', before: mid, after: NEW },
      ],
      months: [finalized('2026-04', APRIL), finalized('2026-05', MAY)],
    });
    expect(r.months.map((m) => m.differences.find((d) => d.code === 'BASIC')?.differencePaise)).toEqual([R(2_000), R(4_000)]);
    expect(() => computeArrears({ revisions: [{ effectiveFrom: '2026-05-01', before: OLD, after: NEW }, { effectiveFrom: '2026-04-01', before: OLD, after: NEW }], months: [] })).toThrow(RangeError);
  });
});
