import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '../../money/rupees';
import { challanCreditablePaise, challanTotalPaise, matchChallans, type TdsChallan } from './tds-challans';

/** Rupees as a person writes them, in paise, through the one conversion. */
const R = (rupees: number) => rupeesToPaise(rupees);
const base: Omit<TdsChallan, 'id' | 'depositedOn' | 'serialNumber' | 'taxPaise' | 'months'> = { bsrCode: '0510308', minorHead: '200', surchargePaise: 0, cessPaise: 0, interestPaise: 0, feePaise: 0, othersPaise: 0 };

describe('challan amounts', () => {
  it('tax, surcharge and cess are creditable to deductees; interest, fee and others are paid too', () => {
    const c: TdsChallan = { ...base, id: 'a', depositedOn: '2025-11-07', serialNumber: '00001', taxPaise: R(10_000), surchargePaise: R(100), cessPaise: R(404), interestPaise: R(150), feePaise: R(200), othersPaise: R(50), months: ['2025-10'] };
    expect(challanCreditablePaise(c)).toBe(R(10_504));
    expect(challanTotalPaise(c)).toBe(R(10_904));
  });
});

describe('matching deductions to challans', () => {
  // October: 9,000 + 1,500 = 10,500 deducted; one challan of 10,500. November: 9,000 + 1,500, challans
  // of 6,000 (7 Dec) and 4,000 (10 Dec): Asha's 9,000 fits neither whole, so she goes under the one
  // with more room (6,000 deposited); Ravi's 1,500 fits whole under the second. Shortfall 3,000.
  const oct: TdsChallan = { ...base, id: 'oct', depositedOn: '2025-11-07', serialNumber: '00042', taxPaise: R(10_500), months: ['2025-10'] };
  const nov1: TdsChallan = { ...base, id: 'nov1', depositedOn: '2025-12-07', serialNumber: '00007', taxPaise: R(6_000), months: ['2025-11'] };
  const nov2: TdsChallan = { ...base, id: 'nov2', depositedOn: '2025-12-10', serialNumber: '00003', taxPaise: R(4_000), months: ['2025-11'] };
  const rows = [
    { key: 'asha-oct', month: '2025-10', tdsPaise: R(9_000) },
    { key: 'ravi-oct', month: '2025-10', tdsPaise: R(1_500) },
    { key: 'asha-nov', month: '2025-11', tdsPaise: R(9_000) },
    { key: 'ravi-nov', month: '2025-11', tdsPaise: R(1_500) },
    { key: 'asha-dec', month: '2025-12', tdsPaise: R(9_000) },
  ];
  const { rows: matched, months } = matchChallans(rows, [nov2, oct, nov1]);

  it('each row under a challan of its month; deposited up to the challan’s room', () => {
    expect(matched).toEqual([
      { key: 'asha-oct', challanId: 'oct', depositedPaise: R(9_000) },
      { key: 'ravi-oct', challanId: 'oct', depositedPaise: R(1_500) },
      { key: 'asha-nov', challanId: 'nov1', depositedPaise: R(6_000) },
      { key: 'ravi-nov', challanId: 'nov2', depositedPaise: R(1_500) },
      { key: 'asha-dec', challanId: null, depositedPaise: 0 },
    ]);
  });

  it('the month’s deducted, deposited and shortfall', () => {
    expect(months).toEqual([
      { month: '2025-10', deductedPaise: R(10_500), depositedPaise: R(10_500), shortfallPaise: 0 },
      { month: '2025-11', deductedPaise: R(10_500), depositedPaise: R(7_500), shortfallPaise: R(3_000) },
      { month: '2025-12', deductedPaise: R(9_000), depositedPaise: 0, shortfallPaise: R(9_000) },
    ]);
  });

  it('a challan covering two months serves both', () => {
    const both: TdsChallan = { ...base, id: 'both', depositedOn: '2025-12-07', serialNumber: '00009', taxPaise: R(3_000), months: ['2025-10', '2025-11'] };
    const r = matchChallans([{ key: 'a', month: '2025-10', tdsPaise: R(1_000) }, { key: 'b', month: '2025-11', tdsPaise: R(2_000) }], [both]);
    expect(r.rows.map((x) => x.challanId)).toEqual(['both', 'both']);
    expect(r.months.every((m) => m.shortfallPaise === 0)).toBe(true);
  });
});
