import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  annualProfessionalTax,
  leviesProfessionalTax,
  professionalTaxFor,
  PROFESSIONAL_TAX_ANNUAL_CAP_PAISE,
  PROFESSIONAL_TAX_TABLES,
  PT_NOT_LEVIED,
  PT_STATES,
} from './professional-tax';
import { INDIAN_STATE_NAMES, type StatutoryGender } from './states';

const R = (rupees: number) => Math.round(rupees * 100);

describe('professionalTaxFor: monthly states (india-tax-rules §12)', () => {
  // [case, state, month, monthly gross (rupees), gender, expected PT (rupees)]
  const cases: [string, string, string, number, StatutoryGender | undefined, number][] = [
    // Karnataka from 1 Apr 2025 (Act 33 of 2025): "25,000 and more" → 200, February 300.
    ['KA 25,000 exactly pays (Act: "25,000 and more")', 'KA', '2025-06', 25_000, undefined, 200],
    ['KA 24,999.99 is nil', 'KA', '2025-06', 24_999.99, undefined, 0],
    ['KA February 2026: 300', 'KA', '2026-02', 25_000, undefined, 300],
    // Before the 2025 amendment (threshold 25,000 since 1 Apr 2023): 200 in February too.
    ['KA February 2025 (old row): 200', 'KA', '2025-02', 30_000, undefined, 200],
    // Maharashtra men: ≤ 7,500 nil; 7,501–10,000: 175; > 10,000: 200, February 300.
    ['MH men 7,500 nil', 'MH', '2025-06', 7_500, 'Male', 0],
    ['MH men 7,500.01 → 175', 'MH', '2025-06', 7_500.01, 'Male', 175],
    ['MH men 10,000 → 175', 'MH', '2025-06', 10_000, 'Male', 175],
    ['MH men 10,000.01 → 200', 'MH', '2025-06', 10_000.01, 'Male', 200],
    ['MH men February above 10,000 → 300', 'MH', '2026-02', 40_000, 'Male', 300],
    ['MH men February in the 175 slab stays 175', 'MH', '2026-02', 9_000, 'Male', 175],
    ['MH no gender given: the general (men) table', 'MH', '2025-06', 9_000, undefined, 175],
    // Maharashtra women: ≤ 25,000 nil; > 25,000: 200, February 300.
    ['MH women 25,000 nil', 'MH', '2025-06', 25_000, 'Female', 0],
    ['MH women 9,000 nil (men would pay 175)', 'MH', '2025-06', 9_000, 'Female', 0],
    ['MH women 25,000.01 → 200', 'MH', '2025-06', 25_000.01, 'Female', 200],
    ['MH women February → 300', 'MH', '2026-02', 30_000, 'Female', 300],
    // West Bengal: ≤ 10,000 nil; 10,001–15,000: 110; 15,001–25,000: 130; 25,001–40,000: 150; > 40,000: 200.
    ['WB 10,000 nil', 'WB', '2025-06', 10_000, undefined, 0],
    ['WB 10,001 → 110', 'WB', '2025-06', 10_001, undefined, 110],
    ['WB 15,001 → 130', 'WB', '2025-06', 15_001, undefined, 130],
    ['WB 25,000 → 130', 'WB', '2025-06', 25_000, undefined, 130],
    ['WB 25,001 → 150', 'WB', '2025-06', 25_001, undefined, 150],
    ['WB 40,001 → 200', 'WB', '2025-06', 40_001, undefined, 200],
    // Telangana (G.O.Ms.No.82) and Andhra Pradesh: ≤ 15,000 nil; 15,001–20,000: 150; > 20,000: 200.
    ['TG 15,000 nil', 'TG', '2025-06', 15_000, undefined, 0],
    ['TG 15,001 → 150', 'TG', '2025-06', 15_001, undefined, 150],
    ['TG 20,001 → 200', 'TG', '2025-06', 20_001, undefined, 200],
    ['AP 20,000 → 150', 'AP', '2025-06', 20_000, undefined, 150],
    ['AP 20,000.01 → 200', 'AP', '2025-06', 20_000.01, undefined, 200],
    // Gujarat from 1 Apr 2022: ≤ 12,000 nil; > 12,000: 200.
    ['GJ 12,000 nil', 'GJ', '2025-06', 12_000, undefined, 0],
    ['GJ 12,001 → 200', 'GJ', '2025-06', 12_001, undefined, 200],
    // No professional tax in Delhi.
    ['DL none', 'DL', '2025-06', 90_000, undefined, 0],
  ];
  it.each(cases)('%s', (_n, stateCode, month, gross, gender, expected) => {
    const r = professionalTaxFor({ stateCode, month, monthlyGrossPaise: R(gross), gender, asOf: `${month}-01` });
    expect(r.amountPaise).toBe(R(expected));
    if (stateCode !== 'DL') expect(r).toMatchObject({ cycle: 'Monthly', dueThisMonth: true, applicable: true });
  });
});

describe('professionalTaxFor: half-yearly states, deducted in September and March', () => {
  // Tamil Nadu (Greater Chennai 2024-25), on half-year income: ≤ 21,000 nil; 21,001–30,000: 180;
  // 30,001–45,000: 425; 45,001–60,000: 930; 60,001–75,000: 1,025; > 75,000: 1,250.
  const tn: [number, number][] = [
    [21_000, 0],
    [21_001, 180],
    [30_000, 180],
    [30_001, 425],
    [45_001, 930],
    [60_001, 1_025],
    [75_000, 1_025],
    [75_001, 1_250],
  ];
  it.each(tn)('TN half-year income %d → %d', (halfYear, expected) => {
    const r = professionalTaxFor({ stateCode: 'TN', month: '2025-09', monthlyGrossPaise: 0, halfYearGrossPaise: R(halfYear), asOf: '2025-09-01' });
    expect(r).toMatchObject({ amountPaise: R(expected), cycle: 'Half-Yearly', dueThisMonth: true });
  });
  it('TN half-year income defaults to monthly × 6: 6,000 × 6 = 36,000 → 425 in March', () => {
    expect(professionalTaxFor({ stateCode: 'TN', month: '2026-03', monthlyGrossPaise: R(6_000), asOf: '2026-03-01' }).amountPaise).toBe(R(425));
  });
  it('TN in a month that is not due: nil', () => {
    expect(professionalTaxFor({ stateCode: 'TN', month: '2025-08', monthlyGrossPaise: R(50_000), asOf: '2025-08-01' })).toMatchObject({
      amountPaise: 0,
      dueThisMonth: false,
      cycle: 'Half-Yearly',
    });
  });
  // Kerala (UNCONFIRMED table): 12,000–17,999: 120; 18,000–29,999: 180; …; ≥ 1,25,000: 1,250.
  const kl: [number, number][] = [
    [11_999, 0],
    [12_000, 120],
    [17_999, 120],
    [18_000, 180],
    [30_000, 300],
    [45_000, 450],
    [60_000, 600],
    [75_000, 750],
    [99_999, 750],
    [100_000, 1_000],
    [125_000, 1_250],
  ];
  it.each(kl)('KL half-year income %d → %d', (halfYear, expected) => {
    const r = professionalTaxFor({ stateCode: 'KL', month: '2026-03', monthlyGrossPaise: 0, halfYearGrossPaise: R(halfYear), asOf: '2026-03-01' });
    expect(r.amountPaise).toBe(R(expected));
  });
});

describe('annualProfessionalTax (never above 2,500, Art. 276(2))', () => {
  it.each([
    // KA FY 2025-26: 11 × 200 + 300 = 2,500.
    ['KA', 30_000, undefined, '2025-04-01', 2_500],
    // KA FY 2024-25: 12 × 200 = 2,400.
    ['KA', 30_000, undefined, '2024-06-01', 2_400],
    // MH men 50,000: 11 × 200 + 300 = 2,500; 9,000: 12 × 175 = 2,100; women 20,000: nil.
    ['MH', 50_000, 'Male', '2025-04-01', 2_500],
    ['MH', 9_000, 'Male', '2025-04-01', 2_100],
    ['MH', 20_000, 'Female', '2025-04-01', 0],
    // TN 15,000 a month: half year 90,000 → 1,250 twice = 2,500; 6,000 → 425 twice = 850.
    ['TN', 15_000, undefined, '2025-04-01', 2_500],
    ['TN', 6_000, undefined, '2025-04-01', 850],
    // WB 50,000: 12 × 200 = 2,400. TG 18,000: 12 × 150 = 1,800.
    ['WB', 50_000, undefined, '2025-04-01', 2_400],
    ['TG', 18_000, undefined, '2025-04-01', 1_800],
  ] as const)('%s at %d a month (%s, FY of %s) → %d', (stateCode, gross, gender, asOf, expected) => {
    expect(annualProfessionalTax({ stateCode, monthlyGrossPaise: R(gross), gender, asOf }).annualPaise).toBe(R(expected));
  });

  it('no state table yields more than 2,500 a year at any salary', () => {
    for (const { code } of PT_STATES) {
      for (const gross of [R(5_000), R(20_000), R(1_00_000), R(10_00_000)]) {
        for (const gender of ['Male', 'Female'] as const) {
          const r = annualProfessionalTax({ stateCode: code, monthlyGrossPaise: gross, gender, asOf: '2025-04-01' });
          expect(r.annualPaise).toBeLessThanOrEqual(PROFESSIONAL_TAX_ANNUAL_CAP_PAISE);
          expect(r.months.reduce((s, m) => s + m.amountPaise, 0)).toBe(r.annualPaise);
        }
      }
    }
  });

  it('lists its states: twenty states and Puducherry', () => {
    expect(PT_STATES.map((s) => s.code).sort()).toEqual(
      ['AP', 'AS', 'BR', 'GJ', 'JH', 'KA', 'KL', 'MH', 'ML', 'MN', 'MP', 'MZ', 'NL', 'OD', 'PB', 'PY', 'SK', 'TG', 'TN', 'TR', 'WB'],
    );
  });
});

describe('professionalTaxFor: monthly states added from their published tables', () => {
  // [state, month, monthly gross (rupees), expected PT (rupees)]
  const cases: [string, string, number, number][] = [
    // Assam from 15-10-2014 (tax.assam.gov.in): up to 10,000 nil; more than 10,000 but less than 15,000: 150;
    // 15,000 or more but less than 25,000: 180; 25,000 and more: 208.
    ['AS', '2024-06', 10_000, 0],
    ['AS', '2024-06', 10_000.01, 150],
    ['AS', '2024-06', 14_999.99, 150],
    ['AS', '2024-06', 15_000, 180],
    ['AS', '2024-06', 24_999.99, 180],
    ['AS', '2024-06', 25_000, 208],
    ['AS', '2025-03', 25_000, 208],
    // Assam from 1 Apr 2025: the 150 slab is gone (10,001–15,000 nil).
    ['AS', '2025-06', 12_000, 0],
    ['AS', '2025-06', 14_999.99, 0],
    ['AS', '2025-06', 15_000, 180],
    ['AS', '2025-06', 25_000, 208],
    // Meghalaya: ≤ 4,166 nil; 4,167–6,250: 16.50; 6,251–8,333: 25; 8,334–12,500: 41.50; 12,501–16,666: 62.50;
    // 16,667–20,833: 83.33; 20,834–25,000: 104.16; 25,001–29,166: 125; 29,167–33,333: 150; 33,334–37,500: 175;
    // 37,501–41,666: 200; 41,667 and above: 208 (212 in March).
    ['ML', '2025-06', 4_166, 0],
    ['ML', '2025-06', 4_167, 16.5],
    ['ML', '2025-06', 6_250, 16.5],
    ['ML', '2025-06', 6_251, 25],
    ['ML', '2025-06', 8_334, 41.5],
    ['ML', '2025-06', 12_501, 62.5],
    ['ML', '2025-06', 16_667, 83.33],
    ['ML', '2025-06', 20_834, 104.16],
    ['ML', '2025-06', 25_000, 104.16],
    ['ML', '2025-06', 25_001, 125],
    ['ML', '2025-06', 29_167, 150],
    ['ML', '2025-06', 33_334, 175],
    ['ML', '2025-06', 37_501, 200],
    ['ML', '2025-06', 41_666, 200],
    ['ML', '2025-06', 41_667, 208],
    ['ML', '2026-03', 41_667, 212],
    // Mizoram (greytHR): ≤ 5,000 nil; 5,001–8,000: 75; 8,001–10,000: 120; 10,001–12,000: 150; 12,001–15,000: 180; above: 208.
    ['MZ', '2025-06', 5_000, 0],
    ['MZ', '2025-06', 5_001, 75],
    ['MZ', '2025-06', 8_000, 75],
    ['MZ', '2025-06', 8_001, 120],
    ['MZ', '2025-06', 10_001, 150],
    ['MZ', '2025-06', 12_000, 150],
    ['MZ', '2025-06', 12_001, 180],
    ['MZ', '2025-06', 15_000, 180],
    ['MZ', '2025-06', 15_001, 208],
    // Nagaland: ≤ 4,000 nil; 4,001–5,000: 35; 5,001–7,000: 75; 7,001–9,000: 110; 9,001–12,000: 180; 12,001+: 208, 212 in March.
    ['NL', '2025-06', 4_000, 0],
    ['NL', '2025-06', 4_001, 35],
    ['NL', '2025-06', 5_001, 75],
    ['NL', '2025-06', 7_000, 75],
    ['NL', '2025-06', 7_001, 110],
    ['NL', '2025-06', 9_001, 180],
    ['NL', '2025-06', 12_000, 180],
    ['NL', '2025-06', 12_001, 208],
    ['NL', '2026-03', 12_001, 212],
    // Sikkim: ≤ 20,000 nil; 20,001–30,000: 125; 30,001–40,000: 150; above 40,000: 200.
    ['SK', '2025-06', 20_000, 0],
    ['SK', '2025-06', 20_001, 125],
    ['SK', '2025-06', 30_000, 125],
    ['SK', '2025-06', 30_001, 150],
    ['SK', '2025-06', 40_000, 150],
    ['SK', '2025-06', 40_001, 200],
    // Tripura from 25 Jul 2018: ≤ 7,500 nil; 7,501–15,000: 150; above 15,000: 208.
    ['TR', '2025-06', 7_500, 0],
    ['TR', '2025-06', 7_501, 150],
    ['TR', '2025-06', 15_000, 150],
    ['TR', '2025-06', 15_001, 208],
  ];
  it.each(cases)('%s %s at %d a month → %d', (stateCode, month, gross, expected) => {
    const r = professionalTaxFor({ stateCode, month, monthlyGrossPaise: R(gross), asOf: `${month}-01` });
    expect(r).toMatchObject({ amountPaise: R(expected), cycle: 'Monthly', dueThisMonth: true, applicable: true });
  });
});

describe('professionalTaxFor: tables stated on the year\'s income, deducted monthly', () => {
  // [state, month, annual income (rupees), expected PT (rupees)]
  const cases: [string, string, number, number][] = [
    // Madhya Pradesh (Vritti Kar Adhiniyam 1995, Schedule entry 1, from 1 Apr 2018): ≤ 2,25,000 nil;
    // to 3,00,000: 1,500 (125 a month); to 4,00,000: 2,000 (166, 174 in the twelfth month); above: 2,500 (208, 212).
    ['MP', '2025-06', 225_000, 0],
    ['MP', '2025-06', 225_001, 125],
    ['MP', '2026-03', 225_001, 125],
    ['MP', '2025-06', 300_000, 125],
    ['MP', '2025-06', 300_001, 166],
    ['MP', '2026-03', 300_001, 174],
    ['MP', '2025-06', 400_000, 166],
    ['MP', '2025-06', 400_001, 208],
    ['MP', '2026-03', 400_001, 212],
    // Jharkhand (from 01.02.2012): ≤ 3,00,000 nil; to 5,00,000: 1,200; to 8,00,000: 1,800; to 10,00,000: 2,100; above: 2,500.
    // Monthly 100 / 150 / 175 / 208 (212 in the last month).
    ['JH', '2025-06', 300_000, 0],
    ['JH', '2025-06', 300_001, 100],
    ['JH', '2025-06', 500_001, 150],
    ['JH', '2025-06', 800_000, 150],
    ['JH', '2025-06', 800_001, 175],
    ['JH', '2025-06', 1_000_001, 208],
    ['JH', '2026-03', 1_000_001, 212],
    // Bihar (Act of 2011): above 3 lakh 1,000; above 5 lakh 2,000; above 10 lakh 2,500 a year; in 12 instalments.
    ['BR', '2025-06', 300_000, 0],
    ['BR', '2025-06', 300_001, 83],
    ['BR', '2026-03', 300_001, 87],
    ['BR', '2025-06', 500_001, 166],
    ['BR', '2025-06', 1_000_001, 208],
    // Manipur: above 50,000: 1,200; above 75,000: 2,000; above 1,00,000: 2,400; above 1,25,000: 2,500 a year.
    ['MN', '2025-06', 50_000, 0],
    ['MN', '2025-06', 50_001, 100],
    ['MN', '2025-06', 75_001, 166],
    ['MN', '2025-06', 100_001, 200],
    ['MN', '2025-06', 125_000, 200],
    ['MN', '2025-06', 125_001, 208],
    ['MN', '2026-03', 125_001, 212],
    // Odisha: ≤ 1,60,000 nil; 1,60,001–3,00,000: 1,500 (125 a month); above 3,00,000: 2,500 (200, 300 in the last month).
    ['OD', '2025-06', 160_000, 0],
    ['OD', '2025-06', 160_001, 125],
    ['OD', '2025-06', 300_000, 125],
    ['OD', '2025-06', 300_001, 200],
    ['OD', '2026-03', 300_001, 300],
    // Punjab State Development Tax: 200 a month above the income-tax exemption limit (read as 2,50,000).
    ['PB', '2025-06', 250_000, 0],
    ['PB', '2025-06', 250_001, 200],
  ];
  it.each(cases)('%s %s on %d a year → %d', (stateCode, month, annual, expected) => {
    const r = professionalTaxFor({ stateCode, month, monthlyGrossPaise: 0, annualGrossPaise: R(annual), asOf: `${month}-01` });
    expect(r).toMatchObject({ amountPaise: R(expected), cycle: 'Monthly', dueThisMonth: true, applicable: true });
  });

  it("the year's income defaults to the month's gross × 12: Odisha 13,333 a month (1,59,996) nil, 13,334 (1,60,008) 125", () => {
    expect(professionalTaxFor({ stateCode: 'OD', month: '2025-06', monthlyGrossPaise: R(13_333), asOf: '2025-06-01' }).amountPaise).toBe(0);
    expect(professionalTaxFor({ stateCode: 'OD', month: '2025-06', monthlyGrossPaise: R(13_334), asOf: '2025-06-01' }).amountPaise).toBe(R(125));
  });
});

describe('professionalTaxFor: Puducherry, half-yearly in June and December', () => {
  // Pondicherry Municipalities (Profession Tax) Rules: up to 99,999 nil; 1,00,000–2,00,000: 250; 2,00,001–3,00,000: 500;
  // 3,00,001–4,00,000: 750; 4,00,001–5,00,000: 1,000; above 5,00,000: 1,250.
  const py: [number, number][] = [
    [99_999, 0],
    [100_000, 250],
    [200_000, 250],
    [200_001, 500],
    [300_001, 750],
    [400_000, 750],
    [400_001, 1_000],
    [500_000, 1_000],
    [500_001, 1_250],
  ];
  it.each(py)('half-year income %d → %d', (halfYear, expected) => {
    const r = professionalTaxFor({ stateCode: 'PY', month: '2025-12', monthlyGrossPaise: 0, halfYearGrossPaise: R(halfYear), asOf: '2025-12-01' });
    expect(r).toMatchObject({ amountPaise: R(expected), cycle: 'Half-Yearly', dueThisMonth: true });
  });
  it('nothing in September or March', () => {
    for (const month of ['2025-09', '2026-03']) {
      expect(professionalTaxFor({ stateCode: 'PY', month, monthlyGrossPaise: R(90_000), asOf: `${month}-01` })).toMatchObject({ amountPaise: 0, dueThisMonth: false });
    }
  });
});

describe('exemptions by age and disability (optional facts; none by default)', () => {
  const mh = (extra: { ageYears?: number; disabled?: boolean }) =>
    professionalTaxFor({ stateCode: 'MH', month: '2025-06', monthlyGrossPaise: R(40_000), gender: 'Male', asOf: '2025-06-01', ...extra });
  it('Maharashtra: 65 and over exempt, 64 pays 200', () => {
    expect(mh({ ageYears: 65 })).toMatchObject({ amountPaise: 0, exemption: 'Age', applicable: true });
    expect(mh({ ageYears: 64 })).toMatchObject({ amountPaise: R(200) });
    expect(mh({}).exemption).toBeUndefined();
  });
  it('Maharashtra: a recognised permanent disability exempts', () => {
    expect(mh({ disabled: true })).toMatchObject({ amountPaise: 0, exemption: 'Disability' });
    expect(mh({ disabled: false }).amountPaise).toBe(R(200));
  });
  it('Punjab exempts senior citizens (60, as the Income-tax Act)', () => {
    expect(professionalTaxFor({ stateCode: 'PB', month: '2025-06', monthlyGrossPaise: R(50_000), ageYears: 60, asOf: '2025-06-01' }).amountPaise).toBe(0);
    expect(professionalTaxFor({ stateCode: 'PB', month: '2025-06', monthlyGrossPaise: R(50_000), ageYears: 59, asOf: '2025-06-01' }).amountPaise).toBe(R(200));
  });
  it('Puducherry and Mizoram exempt 65+ and disability; a state without a recorded exemption does not', () => {
    expect(professionalTaxFor({ stateCode: 'PY', month: '2025-06', monthlyGrossPaise: R(90_000), ageYears: 70, asOf: '2025-06-01' }).amountPaise).toBe(0);
    expect(professionalTaxFor({ stateCode: 'MZ', month: '2025-06', monthlyGrossPaise: R(20_000), disabled: true, asOf: '2025-06-01' }).amountPaise).toBe(0);
    expect(professionalTaxFor({ stateCode: 'WB', month: '2025-06', monthlyGrossPaise: R(50_000), ageYears: 70, asOf: '2025-06-01' }).amountPaise).toBe(R(200));
  });
  it('Karnataka exempts a 40% permanent disability but not age', () => {
    expect(professionalTaxFor({ stateCode: 'KA', month: '2025-06', monthlyGrossPaise: R(30_000), disabled: true, asOf: '2025-06-01' }).amountPaise).toBe(0);
    expect(professionalTaxFor({ stateCode: 'KA', month: '2025-06', monthlyGrossPaise: R(30_000), ageYears: 70, asOf: '2025-06-01' }).amountPaise).toBe(R(200));
  });
  it('the yearly figure follows the exemption', () => {
    expect(annualProfessionalTax({ stateCode: 'MH', monthlyGrossPaise: R(50_000), gender: 'Male', ageYears: 70, asOf: '2025-04-01' }).annualPaise).toBe(0);
  });
});

describe('every state and union territory', () => {
  it('36 ISO 3166-2:IN codes; those without professional tax give nil and "not applicable"', () => {
    expect(Object.keys(INDIAN_STATE_NAMES)).toHaveLength(36);
    expect([...PT_NOT_LEVIED].sort()).toEqual(['AN', 'AR', 'CH', 'CT', 'DH', 'DL', 'GA', 'HP', 'HR', 'JK', 'LA', 'LD', 'RJ', 'UK', 'UP']);
    for (const code of PT_NOT_LEVIED) {
      expect(leviesProfessionalTax(code, '2025-06-01')).toBe(false);
      expect(professionalTaxFor({ stateCode: code, month: '2025-06', monthlyGrossPaise: R(90_000), asOf: '2025-06-01' })).toEqual({
        amountPaise: 0,
        cycle: 'Monthly',
        dueThisMonth: false,
        applicable: false,
      });
    }
    for (const { code } of PT_STATES) expect(leviesProfessionalTax(code, '2025-06-01')).toBe(true);
    expect(leviesProfessionalTax('XX', '2025-06-01')).toBe(false);
  });

  it('every table is in force from April 2024 on (the calculator\'s first month) and has a source line', () => {
    for (const [code, rows] of Object.entries(PROFESSIONAL_TAX_TABLES)) {
      expect(leviesProfessionalTax(code, '2024-04-01'), code).toBe(true);
      for (const row of rows) expect(row.source.length, code).toBeGreaterThan(10);
    }
  });

  it.each([
    // Yearly totals from the published tables at the top slab.
    ['AS', 30_000, 2_496],
    ['BR', 100_000, 2_500],
    ['JH', 100_000, 2_500],
    ['MP', 40_000, 2_500],
    ['MP', 30_000, 2_000],
    ['MN', 20_000, 2_500],
    ['ML', 50_000, 2_500],
    ['MZ', 20_000, 2_496],
    ['NL', 20_000, 2_500],
    ['OD', 30_000, 2_500],
    ['OD', 20_000, 1_500],
    ['PB', 30_000, 2_400],
    ['PY', 100_000, 2_500],
    ['SK', 50_000, 2_400],
    ['TR', 20_000, 2_496],
  ] as const)('%s at %d a month: %d a year (FY 2025-26)', (stateCode, gross, expected) => {
    expect(annualProfessionalTax({ stateCode, monthlyGrossPaise: R(gross), asOf: '2025-04-01' }).annualPaise).toBe(R(expected));
  });

  it('property: no table, at any salary, month or gender, sums to more than 2,500 in a financial year', () => {
    const codes = Object.keys(PROFESSIONAL_TAX_TABLES);
    fc.assert(
      fc.property(
        fc.constantFrom(...codes),
        fc.integer({ min: 0, max: 1_00_00_000_00 }),
        fc.constantFrom<StatutoryGender>('Male', 'Female', 'Other'),
        fc.integer({ min: 2024, max: 2027 }),
        (stateCode, grossPaise, gender, year) => {
          const r = annualProfessionalTax({ stateCode, monthlyGrossPaise: grossPaise, gender, asOf: `${String(year)}-04-01` });
          // The raw sum of the months, before any cap, is itself within Art. 276(2).
          const sum = r.months.reduce((s, m) => s + m.amountPaise, 0);
          expect(sum).toBeLessThanOrEqual(PROFESSIONAL_TAX_ANNUAL_CAP_PAISE);
          expect(sum).toBe(r.annualPaise);
        },
      ),
      { numRuns: 500 },
    );
  });
});
