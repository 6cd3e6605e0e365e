import { describe, expect, it } from 'vitest';
import { computeEsi, esiContributionPeriodOf, esiRatesFor } from './esi';

const R = (rupees: number) => Math.round(rupees * 100);
const asOf = '2025-06-01';

describe('computeEsi (india-tax-rules §11; ESIC rounding UP to the next rupee, our decision)', () => {
  it('20,000 + OT 3,000: covered on 20,000, contributes on 23,000 → 172.50 / 747.50 → 173 / 748', () => {
    const r = computeEsi({ grossWagesPaise: R(23_000), coverageWagesPaise: R(20_000), asOf });
    expect(r).toMatchObject({ applicable: true, employeePaise: R(173), employerPaise: R(748) });
  });

  // [case, gross, input extras, applicable, employee, employer]
  const cases: [string, number, object, boolean, number, number][] = [
    // 0.75% × 20,000 = 150; 3.25% = 650: whole rupees stay as they are.
    ['whole rupees unchanged', 20_000, {}, true, 150, 650],
    // Exactly 21,000 is covered ("at most 21,000", people spec §9): 157.50 → 158; 682.50 → 683.
    ['exactly 21,000 is covered', 21_000, {}, true, 158, 683],
    ['one paisa above 21,000 is not', 21_000.01, {}, false, 0, 0],
    // forceESICalc: 21,000.01 × 0.75% = 157.500075 → 158; × 3.25% = 682.500325 → 683.
    ['force calculate above the ceiling', 21_000.01, { forceCalculate: true }, true, 158, 683],
    // Disability ceiling 25,000: 24,000 × 0.75% = 180; × 3.25% = 780.
    ['person with disability up to 25,000', 24_000, { isPersonWithDisability: true }, true, 180, 780],
    ['person with disability above 25,000', 25_000.01, { isPersonWithDisability: true }, false, 0, 0],
    // Covered at the period start, wage now 22,000: 165 / 715 (continuation, §11 greytHR).
    ['continuation within the contribution period', 22_000, { coveredAtPeriodStart: true }, true, 165, 715],
    // Daily average 176 → no employee share; employer 3.25% × 4,576 = 148.72 → 149.
    ['daily average wage 176: employer only', 4_576, { dailyAverageWagePaise: 17_600 }, true, 0, 149],
    // 176.01 a day: employee pays 0.75% × 4,576.26 = 34.32195 → 35.
    ['daily average above 176: both shares', 4_576.26, { dailyAverageWagePaise: 17_601 }, true, 35, 149],
  ];
  it.each(cases)('%s', (_n, gross, extra, applicable, employee, employer) => {
    const r = computeEsi({ grossWagesPaise: R(gross), asOf, ...extra });
    expect(r.applicable).toBe(applicable);
    expect(r.employeePaise).toBe(R(employee));
    expect(r.employerPaise).toBe(R(employer));
  });

  it('uses 1.75 / 4.75 up to 30 Jun 2019 and 0.75 / 3.25 from 1 Jul 2019 (§11)', () => {
    expect(computeEsi({ grossWagesPaise: R(10_000), asOf: '2019-06-30' })).toMatchObject({ employeePaise: R(175), employerPaise: R(475) });
    expect(computeEsi({ grossWagesPaise: R(10_000), asOf: '2019-07-01' })).toMatchObject({ employeePaise: R(75), employerPaise: R(325) });
    expect(esiRatesFor('2026-11-21').coverageCeilingPaise).toBe(R(21_000));
  });
});

describe('esiContributionPeriodOf (April–September, October–March; §11)', () => {
  it.each([
    ['2025-04-01', '2025-04-01', '2025-09-30', '2026-01-01', '2026-06-30'],
    ['2025-09-30', '2025-04-01', '2025-09-30', '2026-01-01', '2026-06-30'],
    ['2025-10-01', '2025-10-01', '2026-03-31', '2026-07-01', '2026-12-31'],
    ['2026-03-31', '2025-10-01', '2026-03-31', '2026-07-01', '2026-12-31'],
    ['2026-01-15', '2025-10-01', '2026-03-31', '2026-07-01', '2026-12-31'],
  ])('%s', (date, startDate, endDate, benefitStartDate, benefitEndDate) => {
    expect(esiContributionPeriodOf(date)).toEqual({ startDate, endDate, benefitStartDate, benefitEndDate });
  });
});
