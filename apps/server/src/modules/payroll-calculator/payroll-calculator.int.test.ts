import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing';

/**
 * The public payslip calculator through HTTP. Expected figures are worked by hand
 * from shared/reference/india-tax-rules.md (§8 TDS, §10 EPF, §11 ESI, §12 PT, §13 LWF). The endpoint
 * does no database work, so one backend is enough. No call sends a token.
 */
describe('POST /backend/api/payroll/calculate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  const calculate = (body: unknown) => t.call('POST', '/payroll/calculate', { body });
  const lineOf = (data: { lines: { code: string; text: string; amount: number }[] }, code: string) => data.lines.find((l) => l.code === code);

  it('needs no login: Karnataka, 28 of 30 days, PF restricted to the ceiling, PT 200', async () => {
    // Basic 30,000 × 28/30 = 28,000; HRA 15,000 × 28/30 = 14,000; Special 5,000 × 28/30 = 4,666.67 → 4,667. Gross 46,667.
    // PF wage 28,000 restricted to 15,000: 1,800; EPS 8.33% = 1,249.50 → 1,250; EPF 550; EDLI 75; admin 75.
    // ESI: full-month ESI wages 50,000 > 21,000, not covered. PT Karnataka (≥ 25,000): 200. LWF Karnataka: December only.
    const res = await calculate({
      month: '2026-04',
      state: 'KA',
      daysInPeriod: 30,
      payableDays: 28,
      earnings: [
        { name: 'Basic', monthlyAmount: 30_000, pfWage: true },
        { name: 'HRA', monthlyAmount: 15_000 },
        { name: 'Special Allowance', monthlyAmount: 5_000 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 200, message: 'Success' });
    expect(body.data).toMatchObject({
      grossEarnings: 46_667,
      epfEmployee: 1_800,
      epsEmployer: 1_250,
      epfEmployer: 550,
      esiEmployee: 0,
      esiEmployer: 0,
      professionalTax: 200,
      lwfEmployee: 0,
      lwfEmployer: 0,
      tds: 0,
      totalDeductions: 2_000,
      netPay: 44_667,
      // 46,667 + 550 + 1,250 + EDLI 75 + admin 75.
      employerCost: 48_617,
    });
    expect(body.data.lines.map((l: { code: string }) => l.code)).toEqual(['BASIC', 'HRA', 'SPECIAL_ALLOWANCE', 'EPF_EE', 'PT', 'EPF_ER', 'EPS_ER', 'EDLI', 'EPF_ADMIN']);
    expect(lineOf(body.data, 'BASIC')).toEqual({ code: 'BASIC', text: 'Basic ₹30,000 × 28 of 30 payable days = ₹28,000', amount: 28_000 });
    expect(lineOf(body.data, 'EPS_ER')?.text).toContain('₹1,249.50, rounded half up to ₹1,250');
  });

  it('ESI at the 21,000 ceiling, Maharashtra in February: ESI 158 / 683, PT 300', async () => {
    // EPF on Basic 12,000: 1,440; EPS 8.33% = 999.60 → 1,000; EPF 440; EDLI 60; admin 60.
    // ESI on 21,000: 0.75% = 157.50 ↑ 158; 3.25% = 682.50 ↑ 683. PT Maharashtra, men > 10,000: 300 in February.
    const res = await calculate({
      month: '2027-02',
      state: 'MH',
      gender: 'male',
      daysInPeriod: 28,
      payableDays: 28,
      earnings: [
        { name: 'Basic', monthlyAmount: 12_000, pfWage: true },
        { name: 'HRA', monthlyAmount: 6_000 },
        { name: 'Other', monthlyAmount: 3_000 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      grossEarnings: 21_000,
      epfEmployee: 1_440,
      epsEmployer: 1_000,
      epfEmployer: 440,
      esiEmployee: 158,
      esiEmployer: 683,
      professionalTax: 300,
      totalDeductions: 1_898,
      netPay: 19_102,
      employerCost: 23_243,
    });
    expect(lineOf(res.json().data, 'ESI_EE')?.text).toContain('₹157.50, rounded up to ₹158');
  });

  it('Maharashtra woman at 20,000: no professional tax (women ≤ 25,000 nil)', async () => {
    const res = await calculate({ month: '2027-02', state: 'MH', gender: 'female', daysInPeriod: 28, payableDays: 28, earnings: [{ name: 'Salary', monthlyAmount: 20_000 }], esi: { enabled: false }, epf: { enabled: false } });
    expect(res.json().data).toMatchObject({ grossEarnings: 20_000, professionalTax: 0, netPay: 20_000 });
  });

  it('TDS, new regime FY 2026-27, October with 9,00,000 paid and 40,000 deducted: 18,467', async () => {
    // 9,00,000 + 1,50,000 + 5 × 1,50,000 = 18,00,000 − 75,000 = 17,25,000 → 20,000 + 40,000 + 60,000 + 25,000 = 1,45,000;
    // cess 5,800 → 1,50,800. (1,50,800 − 40,000) ÷ 6 = 18,466.67 → 18,467. PT Karnataka 200.
    const res = await calculate({
      month: '2026-10',
      state: 'KA',
      daysInPeriod: 31,
      payableDays: 31,
      earnings: [{ name: 'Basic', monthlyAmount: 150_000 }],
      tds: { enabled: true, regime: 1, financialYear: '2026-27', grossSoFar: 900_000, tdsSoFar: 40_000, remainingMonths: 6 },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ grossEarnings: 150_000, tds: 18_467, professionalTax: 200, totalDeductions: 18_667, netPay: 131_333, employerCost: 150_000 });
    expect(lineOf(data, 'TDS')?.text).toContain('₹1,10,800 ÷ 6 months = ₹18,467');
  });

  it('TDS at the 87A boundary: 1,06,250 a month → 12,00,000 taxable → nil, and the TDS line says why', async () => {
    // 12 × 1,06,250 = 12,75,000 − 75,000 = 12,00,000: tax 60,000, rebate 60,000 (s.87A), nothing to deduct.
    const body = {
      month: '2026-04',
      state: 'DL',
      daysInPeriod: 30,
      payableDays: 30,
      earnings: [{ name: 'Basic', monthlyAmount: 106_250 }],
      tds: { enabled: true, regime: 1, financialYear: '2026-27', grossSoFar: 0, tdsSoFar: 0, remainingMonths: 12 },
    };
    const res = await calculate(body);
    expect(res.json().data).toMatchObject({ tds: 0, netPay: 106_250 });
    expect(lineOf(res.json().data, 'TDS')).toMatchObject({ amount: 0 });
    expect(lineOf(res.json().data, 'TDS')?.text).toContain('less 87A rebate ₹60,000');
    // One rupee a month more: 12,00,012 → s.288A 12,00,010 → 60,001.50 − rebate (relief: tax limited to the 10 above 12L) = 10;
    // cess 0.40 → 10.40 → s.288B 10. 10 ÷ 12 = 0.83 → 1.
    const above = await calculate({ ...body, earnings: [{ name: 'Basic', monthlyAmount: 106_251 }] });
    expect(above.json().data.tds).toBe(1);
  });

  it('old regime with deductions known for the year: 80,000 a month, 1,52,500 known → 5,547', async () => {
    // 9,60,000 − 1,52,500 − 50,000 = 7,57,500 → 12,500 + 20% × 2,57,500 = 64,000; cess 2,560 → 66,560 ÷ 12 = 5,546.67 → 5,547.
    const res = await calculate({
      month: '2026-04',
      state: 'TG',
      daysInPeriod: 30,
      payableDays: 30,
      earnings: [{ name: 'Salary', monthlyAmount: 80_000 }],
      epf: { enabled: false },
      tds: { enabled: true, regime: 0, financialYear: '2026-27', grossSoFar: 0, tdsSoFar: 0, remainingMonths: 12, deductionsForYear: 152_500 },
    });
    // Telangana > 20,000: 200.
    expect(res.json().data).toMatchObject({ tds: 5_547, professionalTax: 200, netPay: 80_000 - 5_547 - 200 });
  });

  it('age 58: no EPS, the whole employer share to EPF; a non-pro-rata earning is paid in full', async () => {
    const res = await calculate({
      month: '2026-04',
      state: 'GJ',
      age: 58,
      daysInPeriod: 30,
      payableDays: 15,
      earnings: [
        { name: 'Basic', monthlyAmount: 40_000, pfWage: true },
        { name: 'Conveyance', monthlyAmount: 1_600, proRata: false },
      ],
    });
    // Basic 40,000 × 15/30 = 20,000 → PF 15,000 cap: 1,800 / employer 1,800 all to EPF. Gross 21,600; ESI: full-month
    // 41,600 > 21,000. PT Gujarat > 12,000: 200.
    expect(res.json().data).toMatchObject({ grossEarnings: 21_600, epfEmployee: 1_800, epsEmployer: 0, epfEmployer: 1_800, esiEmployee: 0, professionalTax: 200, netPay: 19_600 });
  });

  it("Delhi's LWF is the one amount in paise: ₹0.75 and ₹2.25 in June", async () => {
    // ESI on 20,000: 150 / 650. LWF Delhi, half-yearly: 0.75 / 2.25.
    const res = await calculate({ month: '2026-06', state: 'DL', daysInPeriod: 30, payableDays: 30, earnings: [{ name: 'Salary', monthlyAmount: 20_000 }] });
    expect(res.json().data).toMatchObject({ esiEmployee: 150, esiEmployer: 650, lwfEmployee: 0.75, lwfEmployer: 2.25, totalDeductions: 150.75, netPay: 19_849.25, employerCost: 20_652.25 });
  });

  it('fills the defaults: gender male, age 30, pro-rata, not PF wage, ESI wage, taxable, EPF and ESI on, TDS off', async () => {
    const bare = await calculate({ month: '2026-04', state: 'WB', daysInPeriod: 30, payableDays: 30, earnings: [{ name: 'Salary', monthlyAmount: 18_000 }] });
    const full = await calculate({
      month: '2026-04',
      state: 'WB',
      gender: 'male',
      age: 30,
      daysInPeriod: 30,
      payableDays: 30,
      earnings: [{ name: 'Salary', monthlyAmount: 18_000, proRata: true, pfWage: false, esiWage: true, taxable: true }],
      epf: { enabled: true, restrictToCeiling: true },
      esi: { enabled: true },
      tds: { enabled: false, deductionsForYear: 0 },
    });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().data).toEqual(full.json().data);
    // ESI 18,000: 135 / 585. PT West Bengal 15,001–25,000: 130. No TDS line.
    expect(bare.json().data).toMatchObject({ esiEmployee: 135, esiEmployer: 585, professionalTax: 130, netPay: 17_735 });
    expect(bare.json().data.lines.some((l: { code: string }) => l.code === 'TDS')).toBe(false);
  });

  it('earning codes are unique and never a statutory code', async () => {
    const res = await calculate({
      month: '2026-04',
      state: 'KA',
      daysInPeriod: 30,
      payableDays: 30,
      earnings: [
        { name: 'Bonus pay', monthlyAmount: 100 },
        { name: 'bonus-pay', monthlyAmount: 100 },
        { name: 'TDS', monthlyAmount: 100 },
        { name: '₹₹', monthlyAmount: 100 },
      ],
    });
    expect(res.json().data.lines.filter((l: { code: string }) => !l.code.startsWith('ESI')).map((l: { code: string }) => l.code)).toEqual(['BONUS_PAY', 'BONUS_PAY_2', 'TDS_EARNING', 'EARNING']);
  });

  const valid = { month: '2026-04', state: 'KA', daysInPeriod: 30, payableDays: 30, earnings: [{ name: 'Basic', monthlyAmount: 30_000 }] };
  const withTds = (tds: Record<string, unknown>) => ({ ...valid, tds: { enabled: true, regime: 1, financialYear: '2026-27', grossSoFar: 0, tdsSoFar: 0, remainingMonths: 12, ...tds } });

  it.each([
    ['payable days above the period', { ...valid, payableDays: 31 }, 'payableDays', 'must be at most daysInPeriod (30)'],
    ['payable days not a multiple of 0.5', { ...valid, payableDays: 27.25 }, 'payableDays', 'multiple of 0.5'],
    ['negative payable days', { ...valid, payableDays: -1 }, 'payableDays', 'must not be negative'],
    ['a period of 0 days', { ...valid, daysInPeriod: 0 }, 'daysInPeriod', 'from 1 to 31'],
    ['a period of 32 days', { ...valid, daysInPeriod: 32 }, 'daysInPeriod', 'from 1 to 31'],
    ['a fractional period', { ...valid, daysInPeriod: 30.5 }, 'daysInPeriod', 'whole number'],
    ['a missing period', { ...valid, daysInPeriod: undefined }, 'daysInPeriod', 'must be a number'],
    // Every ISO 3166-2:IN state and union territory (a state without PT or LWF computes nil for them).
    ['an unknown state', { ...valid, state: 'XX' }, 'state', 'must be one of AN, AP, AR, AS, BR, CH, CT, DH, DL, GA, GJ, HP, HR, JH, JK, KA, KL, LA, LD, MH, ML, MN, MP, MZ, NL, OD, PB, PY, RJ, SK, TG, TN, TR, UK, UP, WB'],
    ['a state in lower case', { ...valid, state: 'ka' }, 'state', 'must be one of'],
    ['month 13', { ...valid, month: '2026-13' }, 'month', "must be a month 'YYYY-MM'"],
    ['a date for a month', { ...valid, month: '2026-04-01' }, 'month', "must be a month 'YYYY-MM'"],
    ['a month before the statutory tables', { ...valid, month: '2024-03' }, 'month', 'must be 2024-04 or later'],
    ['an unknown gender', { ...valid, gender: 'm' }, 'gender', 'must be one of male, female, other'],
    ['an age of 10', { ...valid, age: 10 }, 'age', 'from 14 to 100'],
    ['no earnings', { ...valid, earnings: [] }, 'earnings', 'at least one earning'],
    ['an earning without a name', { ...valid, earnings: [{ name: ' ', monthlyAmount: 10 }] }, 'earnings.0.name', 'Earning name is required'],
    ['a negative amount', { ...valid, earnings: [{ name: 'Basic', monthlyAmount: -1 }] }, 'earnings.0.monthlyAmount', 'Monthly amount must be between'],
    ['more than two decimals', { ...valid, earnings: [{ name: 'Basic', monthlyAmount: 100.005 }] }, 'earnings.0.monthlyAmount', 'Monthly amount must have at most two decimal places'],
    ['an amount as text', { ...valid, earnings: [{ name: 'Basic', monthlyAmount: '100' }] }, 'earnings.0.monthlyAmount', 'Monthly amount must be a number'],
    ['an unknown earning field', { ...valid, earnings: [{ name: 'Basic', monthlyAmount: 100, amount: 5 }] }, 'earnings.0', "unknown field 'amount'"],
    ['a flag as text', { ...valid, earnings: [{ name: 'Basic', monthlyAmount: 100, pfWage: 'yes' }] }, 'earnings.0.pfWage', 'true or false'],
    ['an unknown top-level field', { ...valid, bonus: 5 }, 'body', "unknown field 'bonus'"],
    ['an unknown TDS field', withTds({ gross: 5 }), 'tds', "unknown field 'gross'"],
    ['remaining months 0', withTds({ remainingMonths: 0 }), 'tds.remainingMonths', 'from 1 to 12'],
    ['remaining months 13', withTds({ remainingMonths: 13 }), 'tds.remainingMonths', 'from 1 to 12'],
    ['a regime of 2', withTds({ regime: 2 }), 'tds.regime', 'must be 0 (Old) or 1 (New)'],
    ['TDS on without a regime', withTds({ regime: undefined }), 'tds.regime', 'is required when TDS is enabled'],
    ['TDS on without gross so far', withTds({ grossSoFar: undefined }), 'tds.grossSoFar', 'is required when TDS is enabled'],
    ['an unknown financial year', withTds({ financialYear: '2024-25' }), 'tds.financialYear', 'must be one of 2025-26, 2026-27'],
    ['a financial year that is not the month’s', withTds({ financialYear: '2025-26' }), 'tds.financialYear', 'must be the financial year of month 2026-04 (2026-27)'],
    ['a negative TDS so far', withTds({ tdsSoFar: -5 }), 'tds.tdsSoFar', 'TDS so far must be between'],
    ['negative deductions for the year', withTds({ deductionsForYear: -5 }), 'tds.deductionsForYear', 'Deductions for the year must be between'],
  ])('refuses %s with 400 naming the field', async (_name, body, field, message) => {
    const res = await calculate(body);
    expect(res.statusCode).toBe(400);
    const reply = res.json();
    expect(reply).toMatchObject({ statusCode: 400, errorCode: 'VALIDATION_ERROR' });
    expect(reply.message.startsWith(`${field}: `)).toBe(true);
    expect(reply.message).toContain(message);
  });

  it('refuses a body that is not a JSON object', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/backend/api/payroll/calculate', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.call('GET', '/docs')).json();
    expect(Object.keys(doc.paths)).toContain('/backend/api/payroll/calculate');
  });
});
