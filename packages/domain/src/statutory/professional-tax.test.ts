import { describe, expect, it } from 'vitest';
import { annualProfessionalTax, professionalTaxFor, PT_STATES, PROFESSIONAL_TAX_ANNUAL_CAP_PAISE } from './professional-tax';
import type { StatutoryGender } from './states';

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

  it('lists its states', () => {
    expect(PT_STATES.map((s) => s.code).sort()).toEqual(['AP', 'GJ', 'KA', 'KL', 'MH', 'TG', 'TN', 'WB']);
  });
});
