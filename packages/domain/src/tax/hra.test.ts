import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '../money/rupees';
import { computeHraExemption, type TaxHraExemption, type TaxHraInput } from './hra';
import { TaxInputError } from './rules';

const rp = (rupees: number): number => rupeesToPaise(rupees);

/** s.10(13A) with rule 2A: least of HRA received, rent − 10% of salary, 50% (metro) / 40% of salary (ref §7). */
describe('computeHraExemption', () => {
  it.each<[string, TaxHraInput, number, TaxHraExemption['limitedBy']]>([
    // citehr.com/amp.php?t=274751: HRA 15,000, basic 30,000, rent 12,000, Mumbai:
    // least of 15,000; 12,000 − 3,000 = 9,000; 50% × 30,000 = 15,000 → 9,000 a month.
    ['citehr example, monthly', { hraReceivedPaise: rp(15_000), basicPlusDaPaise: rp(30_000), rentPaidPaise: rp(12_000), metro: true }, 9_000, 'rentInExcess'],
    // The same over a year: 1,80,000; 1,44,000 − 36,000 = 1,08,000; 1,80,000 → 1,08,000.
    ['citehr example, annual', { hraReceivedPaise: rp(1_80_000), basicPlusDaPaise: rp(3_60_000), rentPaidPaise: rp(1_44_000), metro: true }, 1_08_000, 'rentInExcess'],
    // Non-metro, rent 20,000: 15,000; 17,000; 40% × 30,000 = 12,000 → 12,000.
    ['non-metro 40% binds', { hraReceivedPaise: rp(15_000), basicPlusDaPaise: rp(30_000), rentPaidPaise: rp(20_000), metro: false }, 12_000, 'salaryPercent'],
    // Metro, rent 20,000: 15,000; 17,000; 15,000 → 15,000 (HRA received listed first on the tie).
    ['HRA received binds', { hraReceivedPaise: rp(15_000), basicPlusDaPaise: rp(30_000), rentPaidPaise: rp(20_000), metro: true }, 15_000, 'hraReceived'],
    // Rent 2,000 is below 10% of salary (3,000): nothing exempt.
    ['rent below 10% of salary', { hraReceivedPaise: rp(15_000), basicPlusDaPaise: rp(30_000), rentPaidPaise: rp(2_000), metro: true }, 0, 'rentInExcess'],
    // No rent paid, nothing exempt.
    ['no rent', { hraReceivedPaise: rp(15_000), basicPlusDaPaise: rp(30_000), rentPaidPaise: 0, metro: false }, 0, 'rentInExcess'],
    // Paise: basic 33,333.33 → 10% = 3,333.333 → rent 10,000 − 3,333.333 = 6,666.667 → down to 6,666.66.
    ['fraction of a paisa goes down', { hraReceivedPaise: rp(20_000), basicPlusDaPaise: rp(33_333.33), rentPaidPaise: rp(10_000), metro: false }, 6_666.66, 'rentInExcess'],
  ])('%s', (_name, input, exemptRupees, limitedBy) => {
    const r = computeHraExemption(input);
    expect(r.exemptPaise).toBe(rp(exemptRupees));
    expect(r.limitedBy).toBe(limitedBy);
  });

  it('reports the three limits', () => {
    expect(computeHraExemption({ hraReceivedPaise: rp(15_000), basicPlusDaPaise: rp(30_000), rentPaidPaise: rp(12_000), metro: true })).toEqual({
      exemptPaise: rp(9_000),
      hraReceivedPaise: rp(15_000),
      rentInExcessPaise: rp(9_000),
      salaryPercentPaise: rp(15_000),
      salaryPercent: 50,
      limitedBy: 'rentInExcess',
    });
  });

  it('rejects negative amounts', () => {
    expect(() => computeHraExemption({ hraReceivedPaise: -1, basicPlusDaPaise: 0, rentPaidPaise: 0, metro: true })).toThrow(TaxInputError);
  });
});
