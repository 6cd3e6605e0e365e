import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareTaxRegimes } from './compare';
import { computeIncomeTax, roundTaxToTenRupees, type IncomeTaxInput } from './income-tax';
import { TAX_FINANCIAL_YEARS } from './rules';
import type { TaxAgeBand, TaxRegimeCode } from './types';

/** Properties over arbitrary declarations: the engine's invariants, not its numbers. */

const LAKH = 1_00_000_00;
/** Paise up to `maxRupees`, with paise. */
const paise = (maxRupees: number) => fc.integer({ min: 0, max: maxRupees * 100 });
const optionalPaise = (maxRupees: number) => fc.option(paise(maxRupees), { nil: undefined });

/** Gross salaries that often land near a threshold: 87A limits, slab edges, surcharge steps. */
const THRESHOLDS_PAISE = [2.5, 3, 4, 5, 7, 7.75, 8, 10, 12, 12.75, 13.45, 15, 16, 20, 24, 50, 100, 200, 500].map((l) => Math.round(l * LAKH));
const grossPaise = fc.oneof(
  paise(6_00_00_000),
  fc.tuple(fc.constantFrom(...THRESHOLDS_PAISE), fc.integer({ min: -30_000_00, max: 1_30_000_00 })).map(([t, d]) => Math.max(0, t + d)),
);

const declarations = fc.record(
  {
    financialYear: fc.constantFrom(...TAX_FINANCIAL_YEARS),
    ageBand: fc.constantFrom<TaxAgeBand>('below60', '60to80', 'above80'),
    exemptionsPaise: optionalPaise(3_00_000),
    professionalTaxPaise: optionalPaise(2_500),
    basicPlusDaPaise: optionalPaise(50_00_000),
    employerType: fc.constantFrom<'government' | 'other'>('government', 'other'),
    selfOccupiedInterestPaise: optionalPaise(4_00_000),
    letOutProperties: fc.option(
      fc.array(fc.record({ annualRentPaise: paise(10_00_000), municipalTaxPaise: optionalPaise(50_000), interestPaise: optionalPaise(6_00_000) }), { maxLength: 2 }),
      { nil: undefined },
    ),
    otherIncome: fc.option(fc.record({ savingsInterestPaise: optionalPaise(50_000), fdInterestPaise: optionalPaise(2_00_000), nscInterestPaise: optionalPaise(50_000), otherPaise: optionalPaise(5_00_000) }), {
      nil: undefined,
    }),
    previousEmployment: fc.option(fc.record({ incomePaise: optionalPaise(20_00_000), taxPaidPaise: optionalPaise(2_00_000), professionalTaxPaise: optionalPaise(2_500), epfPaise: optionalPaise(1_00_000) }), {
      nil: undefined,
    }),
    deductions: fc.option(
      fc.record({
        sec80CPaise: optionalPaise(3_00_000),
        sec80CCD1BPaise: optionalPaise(1_00_000),
        sec80CCD2Paise: optionalPaise(5_00_000),
        sec80D: fc.option(fc.oneof(paise(1_00_000), fc.record({ selfFamilyPaise: optionalPaise(1_00_000), parentsPaise: optionalPaise(1_00_000), parentsSenior: fc.boolean() })), { nil: undefined }),
        sec80EPaise: optionalPaise(3_00_000),
        sec80TTAPaise: optionalPaise(20_000),
        sec80TTBPaise: optionalPaise(80_000),
      }),
      { nil: undefined },
    ),
  },
  { requiredKeys: ['financialYear', 'ageBand'] },
);
const regime = fc.constantFrom<TaxRegimeCode>(0, 1);

describe('income-tax properties', () => {
  it('no figure is ever negative, and the total adds up exactly', () => {
    fc.assert(
      fc.property(declarations, regime, grossPaise, (d, r, gross) => {
        const t = computeIncomeTax({ ...d, regime: r, grossSalaryPaise: gross } as IncomeTaxInput);
        for (const key of ['taxableIncomePaise', 'baseTaxPaise', 'rebate87APaise', 'taxAfterRebatePaise', 'surchargePaise', 'marginalReliefPaise', 'cessPaise', 'totalTaxExactPaise', 'totalTaxPaise'] as const) {
          expect(t[key]).toBeGreaterThanOrEqual(0);
          expect(Number.isSafeInteger(t[key])).toBe(true);
        }
        expect(t.totalTaxExactPaise).toBe(t.baseTaxPaise - t.rebate87APaise + t.surchargePaise + t.cessPaise);
        expect(t.taxAfterRebatePaise).toBe(t.baseTaxPaise - t.rebate87APaise);
        expect(t.totalTaxPaise).toBe(roundTaxToTenRupees(t.totalTaxExactPaise));
        expect(Math.abs(t.totalTaxPaise - t.totalTaxExactPaise)).toBeLessThanOrEqual(500);
        expect(t.taxableIncomePaise % 1000).toBe(0);
        expect(t.chapterVIAPaise).toBeLessThanOrEqual(Math.max(0, t.grossTotalIncomePaise));
        if (t.housePropertyPaise < 0) expect(t.housePropertyPaise).toBeGreaterThanOrEqual(-2_00_000_00);
      }),
      { numRuns: 500 },
    );
  });

  it('the total never falls as gross salary rises (87A and surcharge marginal relief included)', () => {
    fc.assert(
      fc.property(declarations, regime, grossPaise, fc.integer({ min: 0, max: 5_00_000_00 }), (d, r, gross, raise) => {
        // Other things equal, basic + DA included: without it the 80CCD(2) cap is taken on the gross,
        // and a raise absorbed by the standard deduction (salary under ₹50,000) can lift that cap and
        // lower the tax — the law's arithmetic, found by fast-check (gross 0 → 10 paise, 80CCD(2) 1 paisa).
        const held = { ...d, basicPlusDaPaise: d.basicPlusDaPaise ?? 10 * LAKH };
        const lower = computeIncomeTax({ ...held, regime: r, grossSalaryPaise: gross } as IncomeTaxInput);
        const higher = computeIncomeTax({ ...held, regime: r, grossSalaryPaise: gross + raise } as IncomeTaxInput);
        expect(higher.totalTaxExactPaise).toBeGreaterThanOrEqual(lower.totalTaxExactPaise);
        expect(higher.totalTaxPaise).toBeGreaterThanOrEqual(lower.totalTaxPaise);
      }),
      { numRuns: 1000 },
    );
  });

  it('the total never falls across each threshold, walked in small steps', () => {
    // Salary-only, so taxable income = gross − standard deduction. From ₹500 below each threshold: ₹10 steps
    // (the s.288A grain) for ₹3,000, then ₹370 steps to ₹2,50,000 above it, past the end of every marginal relief.
    const offsetsRupees: number[] = [];
    for (let r = -500; r < 2_500; r += 10) offsetsRupees.push(r);
    for (let r = 2_500; r <= 2_50_000; r += 370) offsetsRupees.push(r);
    for (const fy of TAX_FINANCIAL_YEARS) {
      for (const [r, ageBand] of [[0, 'below60'], [0, '60to80'], [0, 'above80'], [1, 'below60']] as const) {
        const standardDeductionPaise = r === 0 ? 50_000_00 : 75_000_00;
        for (const threshold of [5, 7, 12, 50, 100, 200, 500].map((l) => l * LAKH)) {
          let previous = -1;
          for (const offset of offsetsRupees) {
            const t = computeIncomeTax({ financialYear: fy, regime: r, ageBand, grossSalaryPaise: threshold + standardDeductionPaise + offset * 100 });
            expect(t.totalTaxExactPaise).toBeGreaterThanOrEqual(previous);
            previous = t.totalTaxExactPaise;
          }
        }
      }
    }
  }, 30_000);

  it('comparison rows match the two results and each column reads top to bottom', () => {
    fc.assert(
      fc.property(declarations, grossPaise, (d, gross) => {
        const c = compareTaxRegimes({ ...d, grossSalaryPaise: gross } as Omit<IncomeTaxInput, 'regime'>);
        const col = (pick: 'oldRegimePaise' | 'newRegimePaise') => Object.fromEntries(c.rows.map((row) => [row.particulars, row[pick]]));
        for (const [pick, result] of [
          ['oldRegimePaise', c.old],
          ['newRegimePaise', c.new],
        ] as const) {
          const v = col(pick);
          expect(v['Gross Salary']).toBe(result.grossSalaryPaise);
          expect(v['Exemptions under Section 10']).toBe(result.exemptionsPaise);
          expect(v['Deductions under Section 16']).toBe(result.section16Paise);
          expect(v['Deduction under section 24']).toBe(-result.housePropertyPaise || 0);
          expect(v['Income from Other Sources']).toBe(result.otherIncomePaise);
          expect(v['Deduction under Section 80C']).toBe(result.section80CPaise);
          expect(v['Other Deduction under Chapter VI-A']).toBe(result.otherChapterVIAPaise);
          expect(v['Taxable Salary']).toBe(result.taxableIncomePaise);
          expect(v.Surcharge).toBe(result.surchargePaise);
          expect(v['Education Cess']).toBe(result.cessPaise);
          expect(v['Total Tax']).toBe(result.totalTaxPaise);
          const beforeRounding =
            v['Gross Salary']! -
            v['Exemptions under Section 10']! -
            v['Deductions under Section 16']! -
            v['Deduction under section 24']! +
            v['Income from Other Sources']! -
            v['Deduction under Section 80C']! -
            v['Other Deduction under Chapter VI-A']!;
          expect(roundTaxToTenRupees(beforeRounding)).toBe(v['Taxable Salary']);
          expect(v['Base Tax']! + v.Surcharge! + v['Education Cess']!).toBe(result.totalTaxExactPaise);
        }
        expect(c.recommendedRegime).toBe(c.old.totalTaxPaise < c.new.totalTaxPaise ? 0 : 1);
        expect(c.annualSavingsPaise).toBe(Math.abs(c.old.totalTaxPaise - c.new.totalTaxPaise));
        // The new regime never allows more than the old apart from its larger standard deduction.
        expect(c.new.exemptionsPaise).toBe(0);
        expect(c.new.section80CPaise).toBe(0);
      }),
      { numRuns: 500 },
    );
  });
});
