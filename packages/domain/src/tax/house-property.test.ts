import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '../money/rupees';
import { computeLetOutProperty, type TaxLetOutPropertyInput } from './house-property';

const rp = (rupees: number): number => rupeesToPaise(rupees);

/** Spec §4: NAV = rent − municipal taxes; 30% of NAV (s.24(a)); net = NAV − 30% − interest (s.24(b)). */
describe('computeLetOutProperty', () => {
  it.each<[string, TaxLetOutPropertyInput, [number, number, number]]>([
    // NAV 3,00,000 − 20,000 = 2,80,000; 30% = 84,000; 2,80,000 − 84,000 − 3,00,000 = −1,04,000.
    ['loss with a home loan', { annualRentPaise: rp(3_00_000), municipalTaxPaise: rp(20_000), interestPaise: rp(3_00_000) }, [2_80_000, 84_000, -1_04_000]],
    // No loan: 1,20,000; 36,000; 84,000.
    ['income without a loan', { annualRentPaise: rp(1_20_000) }, [1_20_000, 36_000, 84_000]],
    // Rent 1,000.01: 30% = 300.003 → 300.00 (down, the deduction never exceeds 30%); net 700.01.
    ['30% taken down to the paisa', { annualRentPaise: rp(1_000.01) }, [1_000.01, 300, 700.01]],
    // Municipal taxes above the rent: NAV −2,000, no 30% on a negative NAV.
    ['municipal taxes above the rent', { annualRentPaise: rp(10_000), municipalTaxPaise: rp(12_000) }, [-2_000, 0, -2_000]],
    ['nothing', { annualRentPaise: 0 }, [0, 0, 0]],
  ])('%s', (_name, input, [nav, standard, net]) => {
    const r = computeLetOutProperty(input);
    expect(r.netAnnualValuePaise).toBe(rp(nav));
    expect(r.standardDeductionPaise).toBe(rp(standard));
    expect(r.netIncomePaise).toBe(rp(net));
    expect(r.interestPaise).toBe(input.interestPaise ?? 0);
  });

  it('names the bad field', () => {
    expect(() => computeLetOutProperty({ annualRentPaise: 1, interestPaise: 0.5 }, 'letOutProperties[2]')).toThrow(
      expect.objectContaining({ field: 'letOutProperties[2].interest' }),
    );
  });
});
