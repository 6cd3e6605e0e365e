import { describe, expect, it } from 'vitest';
import { DEFAULT_EPF_SETTINGS } from '../../statutory/epf';
import { computeEmployeeMonth } from '../month/compute-month';
import type { EmployeeMonthInput, MonthEarningInput } from '../month/types';
import { computeLopAdjustments, type LopMonthInput } from '../arrears/lop-adjustments';
import { buildEcr, computeNcpDays, ecrFiguresOfPayslip, type EcrMemberInput } from './ecr';

/**
 * The ECR against EPFO's published layout (payroll-rules §4; EPFO ECR file format) on worked
 * examples whose figures are computed by hand from india-tax-rules §10 — the payslip comes from
 * the one month calculation, the file is read back by the layout (split on '#~#', 11 fields, whole
 * rupees), never through the writer's own structures.
 */

const R = (rupees: number): number => Math.round(rupees * 100);
const OCTOBER_2026 = { start: '2026-10-01', end: '2026-10-31', days: 31 };
const SEPTEMBER_2026 = { start: '2026-09-01', end: '2026-09-30', days: 30 };

const basic = (rupees: number, flags: Partial<MonthEarningInput> = {}): MonthEarningInput => ({
  code: 'BASIC',
  name: 'Basic',
  monthlyPaise: R(rupees),
  proRata: true,
  epfContributionType: 1,
  esiWage: true,
  taxable: true,
  ...flags,
});
const hra = (rupees: number): MonthEarningInput => ({ code: 'HRA', name: 'HRA', monthlyPaise: R(rupees), proRata: true, epfContributionType: 0, esiWage: true, taxable: true });

function month(overrides: Partial<EmployeeMonthInput>): EmployeeMonthInput {
  const period = overrides.period ?? OCTOBER_2026;
  return {
    month: period.start.slice(0, 7),
    period,
    payableDays: period.days,
    lopDays: 0,
    earnings: [],
    deductions: [],
    adjustments: [],
    epf: { enabled: true, settings: DEFAULT_EPF_SETTINGS },
    esi: { enabled: false },
    professionalTax: { enabled: false, stateCode: null },
    lwf: { enabled: false, stateCode: null },
    gender: 'Male',
    ageYears: 30,
    tds: { enabled: false, financialYear: '2026-27', regime: 1, ageBand: 'below60', grossSoFarPaise: 0, tdsSoFarPaise: 0, remainingMonths: 6 },
    ...overrides,
  };
}

let next = 0;
/** A member as the server builds it: the payslip of the month calculation, through ecrFiguresOfPayslip. */
function member(input: EmployeeMonthInput, person: Partial<EcrMemberInput> = {}): EcrMemberInput {
  const r = computeEmployeeMonth(input);
  next += 1;
  return {
    userId: `u${String(next)}`,
    employeeNumber: `E${String(next).padStart(3, '0')}`,
    name: 'Xy',
    uan: `1004276072${String(next).padStart(2, '0')}`,
    dateOfBirth: '1990-01-01',
    ...ecrFiguresOfPayslip({ grossPaise: r.grossPaise, lopDays: r.lopDays, daysInPeriod: r.periodDays, wages: r.wages, lines: r.lines }),
    ...person,
  };
}

/** Reads an ECR file by the published layout only. */
function parseEcr(text: string) {
  return text.split('\n').map((line) => {
    const f = line.split('#~#');
    expect(f).toHaveLength(11);
    for (const n of f.slice(2)) expect(n, `${line}: whole rupees, no decimals`).toMatch(/^\d+$/);
    expect(f[0]).toMatch(/^\d{12}$/);
    expect(f[1]).toMatch(/^[A-Z. ]+$/);
    const [uan, name, gross, epf, eps, edli, ee, epsShare, er, ncp, refund] = f;
    return { uan, name, gross: Number(gross), epf: Number(epf), eps: Number(eps), edli: Number(edli), ee: Number(ee), epsShare: Number(epsShare), er: Number(er), ncp: Number(ncp), refund: Number(refund) };
  });
}

const ecrOf = (members: EcrMemberInput[], period = OCTOBER_2026) => buildEcr({ month: period.start.slice(0, 7), periodStart: period.start, members });

describe('ECR 2.0 lines (payroll-rules §4, india-tax-rules §10)', () => {
  it('the published example: 15,000 → 15000#~#15000#~#15000#~#15000#~#1800#~#1250#~#550#~#0#~#0', () => {
    const ecr = ecrOf([member(month({ earnings: [basic(15_000)] }), { uan: '100427607286', name: 'xy' })]);
    // payroll-rules §4's example line, its name in the capitals we write.
    expect(ecr.validText).toBe('100427607286#~#XY#~#15000#~#15000#~#15000#~#15000#~#1800#~#1250#~#550#~#0#~#0');
  });

  it('basic 20,000 restricted to the 15,000 ceiling: gross 20,000, EPF/EPS/EDLI wages 15,000, EE 1,800, EPS 1,250, ER 550', () => {
    // 12% × 15,000 = 1,800; 8.33% × 15,000 = 1,249.50 → 1,250; 1,800 − 1,250 = 550 (§10).
    const [line] = parseEcr(ecrOf([member(month({ earnings: [basic(20_000)] }), { name: 'Kavya Iyer' })]).validText);
    expect(line).toEqual({ uan: expect.any(String), name: 'KAVYA IYER', gross: 20_000, epf: 15_000, eps: 15_000, edli: 15_000, ee: 1_800, epsShare: 1_250, er: 550, ncp: 0, refund: 0 });
  });

  it('gross wages include what is not PF wage (HRA): basic 12,000 + HRA 6,000', () => {
    // EPF on 12,000: 1,440; EPS 8.33% = 999.60 → 1,000; ER 440.
    const [line] = parseEcr(ecrOf([member(month({ earnings: [basic(12_000), hra(6_000)] }))]).validText);
    expect(line).toMatchObject({ gross: 18_000, epf: 12_000, eps: 12_000, edli: 12_000, ee: 1_440, epsShare: 1_000, er: 440 });
  });

  it('PF on full wages of 20,000 (citehr 515560): EPF wages 20,000, EPS and EDLI wages 15,000, EE 2,400, EPS 1,250, ER 1,150', () => {
    const input = month({ earnings: [basic(20_000)], epf: { enabled: true, settings: { ...DEFAULT_EPF_SETTINGS, restrictToWageCeiling: false } } });
    const [line] = parseEcr(ecrOf([member(input)]).validText);
    expect(line).toMatchObject({ gross: 20_000, epf: 20_000, eps: 15_000, edli: 15_000, ee: 2_400, epsShare: 1_250, er: 1_150 });
  });

  it('NCP days are the loss-of-pay days, a half day counted whole: 3.5 LOP of 30 → NCP 4, wages prorated', () => {
    // Basic 15,000 × 26.5/30 = 13,250; 12% = 1,590; EPS 8.33% = 1,103.725 → 1,104; ER 486.
    // NCP: 3 whole days and a half day of loss of pay; the half day was not fully contributory → 4.
    const input = month({ period: SEPTEMBER_2026, payableDays: 26.5, lopDays: 3.5, earnings: [basic(15_000)] });
    const ecr = ecrOf([member(input)], SEPTEMBER_2026);
    expect(parseEcr(ecr.validText)[0]).toMatchObject({ gross: 13_250, epf: 13_250, eps: 13_250, edli: 13_250, ee: 1_590, epsShare: 1_104, er: 486, ncp: 4 });
    expect(ecr.lines[0]?.explanation).toContain('NCP days 4: loss of pay 3.5 days (half a day or more counts as a day)');
  });

  it('gross wages leave out reimbursements: basic 15,000 + travel claim 2,400 → gross wages 15,000, not the payslip gross 17,400', () => {
    const input = month({ earnings: [basic(15_000)], reimbursements: [{ typeName: 'Travel', amountPaise: R(2_400), claimedOn: '2026-10-05', taxable: false }] });
    const payslip = computeEmployeeMonth(input);
    // The payslip pays the claim with the salary: its gross is 17,400.
    expect(payslip.grossPaise).toBe(R(17_400));
    const ecr = ecrOf([member(input)]);
    expect(parseEcr(ecr.validText)[0]).toMatchObject({ gross: 15_000, epf: 15_000, eps: 15_000, edli: 15_000, ee: 1_800, epsShare: 1_250, er: 550, ncp: 0 });
    expect(ecr.lines[0]?.explanation[0]).toBe("Gross wages ₹15,000: the payslip's gross ₹17,400 less ₹2,400 of reimbursements and arrears of earlier months, which are not this month's wages");
    expect(ecr.totals.grossWages).toBe(15_000);
  });

  it('gross wages leave out arrears of earlier months (their EPF is not in this line either)', () => {
    // A stored payslip: basic 15,000 for October and 1,000 of September's arrears, with the arrears' own EPF line.
    const figures = ecrFiguresOfPayslip({
      grossPaise: R(16_000),
      lopDays: 0,
      daysInPeriod: 31,
      wages: { pfWagePaise: R(15_000), epsWagePaise: R(15_000), edliWagePaise: R(15_000) },
      lines: [
        { section: 'earning', code: 'BASIC', amountPaise: R(15_000) },
        { section: 'earning', code: 'ARR_BASIC', amountPaise: R(1_000) },
        { section: 'deduction', code: 'EPF_EE', amountPaise: R(1_800) },
        { section: 'deduction', code: 'ARR_EPF_EE', amountPaise: R(120) },
        { section: 'employer', code: 'EPS_ER', amountPaise: R(1_250) },
        { section: 'employer', code: 'EPF_ER', amountPaise: R(550) },
      ],
    });
    const ecr = ecrOf([{ userId: 'u-arr', employeeNumber: 'E900', name: 'Xy', uan: '100427607299', dateOfBirth: '1990-01-01', ...figures }]);
    expect(parseEcr(ecr.validText)[0]).toMatchObject({ gross: 15_000, epf: 15_000, ee: 1_800, epsShare: 1_250, er: 550 });
  });

  it('over 58: EPS wages 0 and no EPS; the whole employer 12% is the EPF difference', () => {
    // Born 12 Mar 1967: 59 on 1 Oct 2026. The month calculation already stops EPS (age 59): ER 1,800.
    const input = month({ earnings: [basic(20_000)], ageYears: 59 });
    const ecr = ecrOf([member(input, { dateOfBirth: '1967-03-12' })]);
    expect(parseEcr(ecr.validText)[0]).toMatchObject({ gross: 20_000, epf: 15_000, eps: 0, edli: 15_000, ee: 1_800, epsShare: 0, er: 1_800 });
    expect(ecr.lines[0]?.explanation.join(' ')).toContain('EPS wages 0: aged 59 on 01 Oct 2026');
    expect(ecr.warnings).toEqual([]);
  });

  it('over 58 by the date of birth even when the payslip had EPS (birth date added later): EPS moved to the employer share, remittance unchanged', () => {
    const input = month({ earnings: [basic(20_000)], ageYears: null });
    const ecr = ecrOf([member(input, { dateOfBirth: '1966-10-01' })]);
    // 60 on 1 Oct 2026: EPS 1,250 + ER 550 = 1,800 employer EPF.
    expect(parseEcr(ecr.validText)[0]).toMatchObject({ eps: 0, epsShare: 0, er: 1_800, ee: 1_800 });
    expect(ecr.warnings).toHaveLength(1);
    expect(ecr.warnings[0]).toMatchObject({ field: 'eps', message: expect.stringContaining('Aged 60 on 01 Oct 2026') });
  });

  it('58 is decided on the first day of the wage month: 58 on 1 Oct → no EPS; 58 on 2 Oct → EPS for October', () => {
    const on1st = ecrOf([member(month({ earnings: [basic(15_000)], ageYears: null }), { dateOfBirth: '1968-10-01' })]);
    const on2nd = ecrOf([member(month({ earnings: [basic(15_000)], ageYears: null }), { dateOfBirth: '1968-10-02' })]);
    expect(parseEcr(on1st.validText)[0]).toMatchObject({ eps: 0, epsShare: 0, er: 1_800 });
    expect(parseEcr(on2nd.validText)[0]).toMatchObject({ eps: 15_000, epsShare: 1_250, er: 550 });
  });

  it('leaves out payslips without EPF (not a member this month)', () => {
    const none = member(month({ earnings: [basic(20_000)], epf: { enabled: false, settings: DEFAULT_EPF_SETTINGS } }));
    const ecr = ecrOf([none, member(month({ earnings: [basic(15_000)] }))]);
    expect(ecr.lines).toHaveLength(1);
    expect(ecr.totals).toMatchObject({ members: 1, epfWages: 15_000, employeeShare: 1_800, epsShare: 1_250, employerShare: 550 });
  });
});

describe('NCP days (EPFO ECR: whole days, at most the days of the wage month; docs/decisions/0147-payroll-master-data-and-statutory-guards.md)', () => {
  // Worked by hand from the payslip's loss of pay, which comes in half days.
  it.each([
    [0, 30, 0], // a full month worked
    [0.5, 30, 1], // one half day absent: that day was not fully contributory
    [1, 31, 1],
    [1.5, 30, 2], // a day and a half (the finding: it was written as 1)
    [2.5, 31, 3],
    [3, 30, 3],
    [29.5, 30, 30], // half a day paid in the month: no whole contributory day
    [30, 30, 30], // the whole month without pay
    [28, 28, 28], // February 2026
  ])('LOP %s of %s days → NCP %s', (lopDays, periodDays, ncp) => {
    expect(computeNcpDays(lopDays, periodDays)).toBe(ncp);
  });

  it('never more than the days of the wage month, and refuses what a payslip cannot hold', () => {
    expect(computeNcpDays(31, 30)).toBe(30);
    expect(() => computeNcpDays(-0.5, 30)).toThrow(RangeError);
    expect(() => computeNcpDays(Number.NaN, 30)).toThrow(RangeError);
    expect(() => computeNcpDays(1, 0)).toThrow(RangeError);
  });

  it('the file line carries it: 1.5 LOP in October → NCP 2', () => {
    // Basic 15,000 × 29.5/31 = 14,274.19… → 14,274 (to the rupee); 12% = 1,712.88 → 1,713.
    const input = month({ payableDays: 29.5, lopDays: 1.5, earnings: [basic(15_000)] });
    const [line] = parseEcr(ecrOf([member(input)]).validText);
    expect(line).toMatchObject({ gross: 14_274, epf: 14_274, ee: 1_713, ncp: 2 });
  });
});

describe('ECR validation: the lines EPFO would reject', () => {
  const ok = () => member(month({ earnings: [basic(15_000)] }));

  it('missing UAN, a UAN that is not 12 digits, a duplicate UAN (both lines), a name with digits or another script', () => {
    const a = ok();
    const members = [
      { ...ok(), name: 'Meena Pillai', uan: null },
      { ...ok(), name: 'Arjun Nair', uan: '10042760728' },
      { ...ok(), name: 'Ravi Kumar', uan: '100427607299' },
      { ...ok(), name: 'Ravi K.', uan: '1004 2760 7299' },
      { ...ok(), name: 'Agent 007' },
      { ...ok(), name: 'सुनील' },
      a,
    ];
    const ecr = ecrOf(members);
    expect(ecr.errors.map((e) => [e.name, e.field, e.message])).toEqual([
      ['Meena Pillai', 'uan', 'UAN is missing'],
      ['Arjun Nair', 'uan', 'UAN must be 12 digits (found 10042760728)'],
      ['Ravi Kumar', 'uan', expect.stringMatching(/^UAN 100427607299 is on 2 payslips \(E\d+ Ravi Kumar, E\d+ Ravi K\.\): EPFO refuses a member twice in one ECR$/)],
      ['Ravi K.', 'uan', expect.stringMatching(/^UAN 100427607299 is on 2 payslips/)],
      ['Agent 007', 'name', 'Name has digits (0 7): write it in English letters, spaces and dots only'],
      ['सुनील', 'name', expect.stringMatching(/^Name has letters outside A–Z/)],
    ]);
    // Only the good line is in the file, and in the totals.
    expect(ecr.lines.filter((l) => !l.rejected).map((l) => l.userId)).toEqual([a.userId]);
    expect(parseEcr(ecr.validText)).toHaveLength(1);
    expect(ecr.totals.members).toBe(1);
  });

  it('cleans names as EPFO accepts them and says so: accents, apostrophes, hyphens', () => {
    const ecr = ecrOf([{ ...ok(), name: "  José D'Souza-Pinto  " }, { ...ok(), name: 'K. R. Rao' }]);
    expect(parseEcr(ecr.validText).map((l) => l.name)).toEqual(['JOSE DSOUZA PINTO', 'K. R. RAO']);
    expect(ecr.errors).toEqual([]);
    expect(ecr.warnings.map((w) => w.message)).toEqual(['Name written as JOSE DSOUZA PINTO (EPFO accepts letters, spaces and dots only)']);
  });

  it('refuses a name longer than 85 characters and an empty one', () => {
    const ecr = ecrOf([{ ...ok(), name: 'A'.repeat(86) }, { ...ok(), name: ' - ' }]);
    expect(ecr.errors.map((e) => e.message)).toEqual(['Name is longer than 85 characters', 'Name is missing']);
    expect(ecr.validText).toBe('');
  });
});

/**
 * Loss of pay of November changed after November was finalized and corrected in December's payslip
 *: the corrected wages and the LOP_ contribution lines are reported in December's ECR,
 * the month they are paid in (docs/decisions/0160-lop-corrections-in-the-returns.md); NCP days stay
 * December's own. By hand from india-tax-rules §10: EPF 12%, EPS 8.33% half up to the rupee, ER the rest.
 */
describe('ECR of the month a loss-of-pay correction is paid in', () => {
  const NOVEMBER_2026 = { start: '2026-11-01', end: '2026-11-30', days: 30 };
  const DECEMBER_2026 = { start: '2026-12-01', end: '2026-12-31', days: 31 };
  const novemberPaid = (paidLop: Record<string, number>, nowLop: Record<string, number>): LopMonthInput => {
    const lopDays = Object.values(paidLop).reduce((s, d) => s + d, 0);
    return { month: '2026-11', period: NOVEMBER_2026, payableDays: 30 - lopDays, lopDays, paidLop, nowLop, earnings: [basic(15_000)], adjustments: [], epf: { enabled: true, settings: DEFAULT_EPF_SETTINGS }, esi: { covered: false }, ageYears: 30, gender: 'Male' };
  };
  /** December's payslip as the run stores it: its own month with the correction's lines, and the correction's wages. */
  const december = (correction: LopMonthInput, overrides: Partial<EmployeeMonthInput> = {}) => {
    const lop = computeLopAdjustments([correction]);
    const r = computeEmployeeMonth(month({ period: DECEMBER_2026, earnings: [basic(15_000)], arrears: lop.lines, ...overrides }));
    return { userId: 'u-dec', employeeNumber: 'E900', name: 'Asha Menon', uan: '100427607299', dateOfBirth: '1990-01-01', ...ecrFiguresOfPayslip({ grossPaise: r.grossPaise, lopDays: r.lopDays, daysInPeriod: r.periodDays, wages: { ...r.wages, lopCorrection: lop.wages }, lines: r.lines }) };
  };

  it('a day of November recovered: December reports 15,000 − 500 of wages and its contributions less November’s difference', () => {
    // November paid Basic 15,000 (EE 1,800, EPS 1,250, ER 550); 26 Nov turned LOP: 14,500 → EE 1,740, EPS 1,207.85 → 1,208, ER 532
    // (differences −60, −42, −18). December's own: 15,000 → 1,800 / 1,250 / 550. Reported: wages 15,000 − 500 = 14,500,
    // EE 1,800 − 60 = 1,740, EPS 1,250 − 42 = 1,208, ER 550 − 18 = 532 — the same as 12% and 8.33% of 14,500, as EPFO checks.
    // December had no loss of pay: NCP 0 (November's day is not December's).
    const ecr = ecrOf([december(novemberPaid({}, { '2026-11-26': 1 }))], DECEMBER_2026);
    expect(ecr.errors).toEqual([]);
    expect(parseEcr(ecr.validText)[0]).toMatchObject({ gross: 14_500, epf: 14_500, eps: 14_500, edli: 14_500, ee: 1_740, epsShare: 1_208, er: 532, ncp: 0 });
    expect(ecr.lines[0]?.explanation[0]).toBe(
      "Loss of pay of earlier months corrected on this payslip: EPF wages −₹500, EPS wages −₹500, EDLI wages −₹500; employee share −₹60, EPS −₹42, employer EPF −₹18, added to this month's own (NCP days stay this month's)",
    );
    expect(ecr.totals).toMatchObject({ epfWages: 14_500, employeeShare: 1_740, epsShare: 1_208, employerShare: 532 });
  });

  it('a day of November paid back above December’s ceiling: wages 15,500 reported with a warning; NCP days are December’s own', () => {
    // November paid 29 of 30 days (12 Nov LOP): 14,500, EE 1,740, EPS 1,208, ER 532. Regularized: 15,000 → +500, +60, +42, +18.
    // December: 2 days LOP of 31: Basic 15,000 × 29/31 = 14,032.26 → 14,032; EE 12% = 1,683.84 → 1,684;
    // EPS 8.33% = 1,168.87 → 1,169; ER 1,684 − 1,169 = 515. Reported: 14,032 + 500 = 14,532; 1,684 + 60 = 1,744;
    // 1,169 + 42 = 1,211; 515 + 18 = 533; NCP 2 (December's). Gross 14,032 + 500 = 14,532.
    const within = ecrOf([december(novemberPaid({ '2026-11-12': 1 }, {}), { payableDays: 29, lopDays: 2 })], DECEMBER_2026);
    expect(parseEcr(within.validText)[0]).toMatchObject({ gross: 14_532, epf: 14_532, eps: 14_532, edli: 14_532, ee: 1_744, epsShare: 1_211, er: 533, ncp: 2 });
    expect(within.warnings).toEqual([]);
    // A full December (15,000 at the ceiling) with November's 500 paid back: EPS and EDLI wages 15,500, above the ceiling.
    const above = ecrOf([december(novemberPaid({ '2026-11-12': 1 }, {}))], DECEMBER_2026);
    expect(parseEcr(above.validText)[0]).toMatchObject({ gross: 15_500, epf: 15_500, eps: 15_500, edli: 15_500, ee: 1_860, epsShare: 1_292, er: 568, ncp: 0 });
    expect(above.warnings.map((w) => w.message)).toEqual([
      'EPS wages ₹15,500 include ₹500 of loss of pay reversed for earlier months, above the ₹15,000 ceiling: EPFO may ask for it in an arrear ECR of those months',
      'EDLI wages ₹15,500 include ₹500 of loss of pay reversed for earlier months, above the ₹15,000 ceiling: EPFO may ask for it in an arrear ECR of those months',
    ]);
  });

  it('a recovery larger than the month’s own wages cannot be carried: the line is rejected with the reason', () => {
    // December all loss of pay (0 of 31 payable): own EPF wages 0; November's 500 recovered would report −500.
    const ecr = ecrOf([december(novemberPaid({}, { '2026-11-26': 1 }), { payableDays: 0, lopDays: 31 })], DECEMBER_2026);
    expect(ecr.lines[0]?.rejected).toBe(true);
    expect(ecr.errors[0]?.message).toBe("The loss of pay recovered for earlier months is more than this month's EPF wages, EPS wages, EDLI wages, employee share, EPS, employer EPF: the ECR cannot carry a negative figure; file the recovery with EPFO separately");
    expect(ecr.validText).toBe('');
  });
});
