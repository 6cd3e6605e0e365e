import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing';

/**
 * The public calculator through HTTP. Expected figures are worked by hand from the Income-tax Act
 * as summarised, with sources, in shared/reference/india-tax-rules.md (section numbers below refer to it).
 * The endpoint does no database work, so one backend is enough.
 */
describe('POST /backend/api/tax/calculate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  const calculate = (body: unknown) => t.call('POST', '/tax/calculate', { body });

  it('needs no login and answers the envelope with the six figures and explanation lines', async () => {
    // FY 2025-26 new regime (§2, §3): 15,00,000 − 75,000 = 14,25,000; 20,000 + 40,000 + 15% × 2,25,000 = 93,750;
    // no 87A (relief only while tax exceeds income over 12L); cess 4% = 3,750; total 97,500.
    const res = await calculate({ financialYear: '2025-26', regimeType: 1, grossSalary: 1_500_000 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 200,
      data: { taxableIncome: 1_425_000, baseTax: 93_750, rebate87A: 0, surcharge: 0, cess: 3_750, totalTax: 97_500 },
    });
    expect(body.data.lines.length).toBeGreaterThan(3);
    expect(body.data.lines.every((line: { text: string }) => line.text.length > 0)).toBe(true);
  });

  it.each([
    // §4: gross 12,75,000 → TI 12,00,000 → 60,000, fully rebated.
    ['FY 2025-26 new, gross 12,75,000', { financialYear: '2025-26', regimeType: 1, grossSalary: 1_275_000 }, { taxableIncome: 1_200_000, baseTax: 60_000, rebate87A: 60_000, totalTax: 0 }],
    // §4 (studycafe): TI 12,10,000 → 61,500, rebate 51,500, 10,000 + cess 400 = 10,400.
    ['FY 2025-26 new, TI 12,10,000 (87A marginal relief)', { financialYear: '2025-26', regimeType: 1, grossSalary: 1_285_000 }, { taxableIncome: 1_210_000, baseTax: 61_500, rebate87A: 51_500, cess: 400, totalTax: 10_400 }],
    // FY 2026-27 keeps FY 2025-26 slabs (§1): same answer.
    ['FY 2026-27 new, TI 12,10,000', { financialYear: '2026-27', regimeType: 1, grossSalary: 1_285_000 }, { taxableIncome: 1_210_000, rebate87A: 51_500, totalTax: 10_400 }],
    // §2 FY 2024-25 new: TI 9,25,000 → 5% × 4L + 10% × 2.25L = 42,500; above 7L, no rebate; cess 1,700.
    ['FY 2024-25 new, gross 10,00,000', { financialYear: '2024-25', regimeType: 1, grossSalary: 1_000_000 }, { taxableIncome: 925_000, baseTax: 42_500, rebate87A: 0, cess: 1_700, totalTax: 44_200 }],
    // §2 old 60–80: 6,00,000 − 50,000 = 5,50,000 → 5% × 2L + 20% × 50,000 = 20,000; over 5L so no rebate; cess 800.
    ['old regime, 60 to 80', { financialYear: '2025-26', regimeType: 0, ageBand: '60to80', grossSalary: 600_000 }, { taxableIncome: 550_000, baseTax: 20_000, totalTax: 20_800 }],
    // §2 old 80+: nil to 5L; 20% × 50,000 = 10,000; cess 400.
    ['old regime, above 80', { financialYear: '2025-26', regimeType: 0, ageBand: 'above80', grossSalary: 600_000 }, { taxableIncome: 550_000, baseTax: 10_000, totalTax: 10_400 }],
    // §4 old: TI 5,00,000 → 12,500 rebated in full.
    ['old regime, TI exactly 5,00,000', { financialYear: '2024-25', regimeType: 0, grossSalary: 550_000 }, { taxableIncome: 500_000, baseTax: 12_500, rebate87A: 12_500, totalTax: 0 }],
    // §5 (gstguntur): old TI 51L: 13,42,500 + 10% capped by marginal relief at 14,12,500 → surcharge 70,000; cess 56,500.
    ['old regime, TI 51,00,000 (surcharge marginal relief)', { financialYear: '2025-26', regimeType: 0, grossSalary: 5_150_000 }, { taxableIncome: 5_100_000, baseTax: 1_342_500, surcharge: 70_000, cess: 56_500, totalTax: 1_469_000 }],
    // §5 new regime surcharge capped at 25%: TI 5.5 Cr → 3,00,000 + 30% × 5.26 Cr = 1,60,80,000; 25% = 40,20,000; cess 8,04,000.
    ['new regime, TI 5.5 crore (25% cap)', { financialYear: '2025-26', regimeType: 1, grossSalary: 55_075_000 }, { taxableIncome: 55_000_000, baseTax: 16_080_000, surcharge: 4_020_000, cess: 804_000, totalTax: 20_904_000 }],
    // §14: the law gives 26,000 on gross 13L (TI 12,25,000: 63,750 − relief 38,750 = 25,000; cess 1,000).
    ['FY 2025-26 new, gross 13,00,000', { financialYear: '2025-26', regimeType: 1, grossSalary: 1_300_000 }, { taxableIncome: 1_225_000, baseTax: 63_750, rebate87A: 38_750, cess: 1_000, totalTax: 26_000 }],
    // §6 s.288A: TI 14,25,004 → 14,25,000; 14,25,005 → 14,25,010.
    ['s.288A rounds 4 down', { financialYear: '2025-26', regimeType: 1, grossSalary: 1_500_004 }, { taxableIncome: 1_425_000, totalTax: 97_500 }],
    // §6 s.288B on the total only: TI 14,25,010 → 93,751.50 + cess 3,750.06 = 97,501.56 → 97,500; heads shown to the rupee.
    ['s.288A rounds 5 up and s.288B rounds the total', { financialYear: '2025-26', regimeType: 1, grossSalary: 1_500_005 }, { taxableIncome: 1_425_010, baseTax: 93_752, cess: 3_750, totalTax: 97_500 }],
  ])('%s', async (_name, body, expected) => {
    const res = await calculate(body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject(expected);
  });

  it('applies caps and old-regime eligibility to declared amounts', async () => {
    const body = {
      financialYear: '2025-26',
      ageBand: 'below60',
      grossSalary: 1_500_000,
      exemptions: 100_000,
      professionalTax: 2_500,
      deductions: { '80C': 200_000, '80D': 30_000, '80CCD1B': 50_000, '80CCD2': 0, '24b': 250_000 },
      otherIncome: 20_000,
    };
    // Old: salary 15,00,000 − 1,00,000 − 50,000 − 2,500 = 13,47,500; house property −2,00,000 (24(b) cap);
    // other 20,000 → GTI 11,67,500; VI-A 1,50,000 (80C cap) + 25,000 (80D self, below 60) + 50,000 = 2,25,000;
    // TI 9,42,500 → 12,500 + 20% × 4,42,500 = 1,01,000; cess 4,040 → 1,05,040.
    const old = await calculate({ ...body, regimeType: 0 });
    expect(old.json().data).toMatchObject({ taxableIncome: 942_500, baseTax: 101_000, cess: 4_040, totalTax: 105_040 });
    const lines = old.json().data.lines.map((line: { text: string }) => line.text).join('\n');
    expect(lines).toMatch(/80C/);
    expect(lines).toMatch(/1,50,000/);
    // New: no exemptions, PT, 24(b) self-occupied or 80C/80D/80CCD(1B) (s.115BAC(2)); 15,00,000 − 75,000 + 20,000 = 14,45,000;
    // 20,000 + 40,000 + 15% × 2,45,000 = 96,750; cess 3,870 → 1,00,620.
    const neu = await calculate({ ...body, regimeType: 1 });
    expect(neu.json().data).toMatchObject({ taxableIncome: 1_445_000, baseTax: 96_750, cess: 3_870, totalTax: 100_620 });
  });

  it('defaults every optional field', async () => {
    const full = await calculate({
      financialYear: '2025-26',
      regimeType: 0,
      ageBand: 'below60',
      grossSalary: 900_000,
      exemptions: 0,
      professionalTax: 0,
      deductions: { '80C': 0, '80D': 0, '80CCD1B': 0, '80CCD2': 0, '24b': 0 },
      otherIncome: 0,
    });
    const bare = await calculate({ financialYear: '2025-26', regimeType: 0, grossSalary: 900_000 });
    expect(bare.json().data).toEqual(full.json().data);
    // 9,00,000 − 50,000 = 8,50,000 → 12,500 + 70,000 = 82,500; cess 3,300 → 85,800.
    expect(bare.json().data.totalTax).toBe(85_800);
  });

  it.each([
    ['an unknown year', { financialYear: '2023-24', regimeType: 1, grossSalary: 1 }, 'financialYear'],
    ['a missing year', { regimeType: 1, grossSalary: 1 }, 'financialYear'],
    ['a regime other than 0 or 1', { financialYear: '2025-26', regimeType: 2, grossSalary: 1 }, 'regimeType'],
    ['a regime as text', { financialYear: '2025-26', regimeType: 'new', grossSalary: 1 }, 'regimeType'],
    ['a missing gross salary', { financialYear: '2025-26', regimeType: 1 }, 'grossSalary'],
    ['a negative gross salary', { financialYear: '2025-26', regimeType: 1, grossSalary: -1 }, 'grossSalary'],
    ['a gross salary as text', { financialYear: '2025-26', regimeType: 1, grossSalary: '1500000' }, 'grossSalary'],
    ['an unknown age band', { financialYear: '2025-26', regimeType: 1, grossSalary: 1, ageBand: 'senior' }, 'ageBand'],
    ['a negative deduction', { financialYear: '2025-26', regimeType: 0, grossSalary: 1, deductions: { '80C': -5 } }, 'deductions.80C'],
    ['an unknown deduction', { financialYear: '2025-26', regimeType: 0, grossSalary: 1, deductions: { '80E': 5 } }, 'deductions'],
    ['a negative other income', { financialYear: '2025-26', regimeType: 0, grossSalary: 1, otherIncome: -10 }, 'otherIncome'],
    ['fractions of a paisa', { financialYear: '2025-26', regimeType: 0, grossSalary: 100.001 }, 'grossSalary'],
  ])('refuses %s with 400 naming the field', async (_name, body, field) => {
    const res = await calculate(body);
    expect(res.statusCode).toBe(400);
    const reply = res.json();
    expect(reply).toMatchObject({ statusCode: 400, errorCode: 'VALIDATION_ERROR' });
    expect(reply.message).toContain(field);
  });

  it('refuses a body that is not JSON object', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/backend/api/tax/calculate', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.call('GET', '/docs')).json();
    expect(Object.keys(doc.paths)).toContain('/backend/api/tax/calculate');
  });
});
