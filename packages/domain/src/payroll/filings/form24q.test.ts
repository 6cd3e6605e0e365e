import { describe, expect, it } from 'vitest';
import { PAN_NOT_AVAILABLE, buildForm24Q, checkPan, quarterMonths, type Form24QYearInput } from './form24q';

/**
 * Form 24Q on a hand-worked quarter: two employees paid in Q4 of 2025-26 (January to March 2026),
 * one without a PAN; Annexure II from the year's computation.
 */

const R = (rupees: number): number => Math.round(rupees * 100);
const asha = { userId: 'u1', employeeNumber: 'E1', name: 'Asha Menon', pan: 'ABCPM1234K' };
const ravi = { userId: 'u2', employeeNumber: 'E2', name: 'Ravi Kumar', pan: null };

describe('quarters of a financial year', () => {
  it('Q1 is April–June, Q4 is January–March of the next calendar year', () => {
    expect(quarterMonths(2025, 1)).toEqual(['2025-04', '2025-05', '2025-06']);
    expect(quarterMonths(2025, 2)).toEqual(['2025-07', '2025-08', '2025-09']);
    expect(quarterMonths(2025, 3)).toEqual(['2025-10', '2025-11', '2025-12']);
    expect(quarterMonths(2025, 4)).toEqual(['2026-01', '2026-02', '2026-03']);
  });
});

describe('PAN', () => {
  it('valid, missing and malformed', () => {
    expect(checkPan(' abcpm1234k ')).toEqual({ pan: 'ABCPM1234K', problem: null });
    expect(checkPan(null).pan).toBe(PAN_NOT_AVAILABLE);
    expect(checkPan(null).problem).toMatch(/PAN is missing/);
    expect(checkPan('ABCP1234K').problem).toMatch(/not a valid PAN/);
  });
});

describe('Annexure I', () => {
  const payments = [
    // Out of order on purpose, and one month outside the quarter (dropped).
    { ...asha, month: '2026-02', payDate: '2026-02-28', grossPaise: R(100_000), tdsPaise: R(9_000) },
    { ...asha, month: '2026-01', payDate: '2026-01-31', grossPaise: R(100_000), tdsPaise: R(9_000) },
    { ...ravi, month: '2026-01', payDate: '2026-01-31', grossPaise: R(40_000), tdsPaise: R(1_500) },
    { ...ravi, month: '2026-02', payDate: '2026-02-28', grossPaise: R(40_000), tdsPaise: R(1_500) },
    { ...asha, month: '2025-12', payDate: '2025-12-31', grossPaise: R(100_000), tdsPaise: R(9_000) },
  ];
  // January's 10,500 deposited with one challan; February's with one of 10,000 only (Ravi's 1,500 finds 1,000 of room).
  const challan = { bsrCode: '0510308', minorHead: '200' as const, surchargePaise: 0, cessPaise: 0, interestPaise: 0, feePaise: 0, othersPaise: 0 };
  const challans = [
    { ...challan, id: 'jan', depositedOn: '2026-02-07', serialNumber: '00011', taxPaise: R(10_500), months: ['2026-01'] },
    { ...challan, id: 'feb', depositedOn: '2026-03-07', serialNumber: '00012', taxPaise: R(10_000), months: ['2026-02'] },
  ];
  const q = buildForm24Q({ financialYearStart: 2025, quarter: 4, tan: 'BLRN01234C', payments, challans });

  it('one row per employee per month, by month; pay date as dates of payment and deduction; deposited from the challans', () => {
    expect(q.annexureI.map((r) => `${r.month} ${r.pan} ${r.dateOfPayment} ${String(r.challanId)}`)).toEqual(['2026-01 ABCPM1234K 31/01/2026 jan', '2026-01 PANNOTAVBL 31/01/2026 jan', '2026-02 ABCPM1234K 28/02/2026 feb', '2026-02 PANNOTAVBL 28/02/2026 feb']);
    expect(q.annexureI[0]).toMatchObject({ dateOfDeduction: '31/01/2026', amountPaidPaise: R(100_000), tdsDeductedPaise: R(9_000), tdsDepositedPaise: R(9_000) });
    expect(q.annexureI[3]).toMatchObject({ tdsDeductedPaise: R(1_500), tdsDepositedPaise: R(1_000) });
  });

  it('totals by month and for the quarter: 9,000 + 1,500 a month, twice; March empty; February 500 short', () => {
    expect(q.monthTotals).toEqual([
      { month: '2026-01', deductees: 2, amountPaidPaise: R(140_000), tdsDeductedPaise: R(10_500), tdsDepositedPaise: R(10_500) },
      { month: '2026-02', deductees: 2, amountPaidPaise: R(140_000), tdsDeductedPaise: R(10_500), tdsDepositedPaise: R(10_000) },
      { month: '2026-03', deductees: 0, amountPaidPaise: 0, tdsDeductedPaise: 0, tdsDepositedPaise: 0 },
    ]);
    expect(q.totals).toEqual({ deductees: 2, amountPaidPaise: R(280_000), tdsDeductedPaise: R(21_000), tdsDepositedPaise: R(20_500) });
    expect(q.deposits.map((d) => d.shortfallPaise)).toEqual([0, R(500), 0]);
  });

  it('without challans nothing is deposited and every row is under no challan', () => {
    const bare = buildForm24Q({ financialYearStart: 2025, quarter: 4, tan: 'BLRN01234C', payments, challans: [] });
    expect(bare.annexureI.every((r) => r.challanId === null && r.tdsDepositedPaise === 0)).toBe(true);
    expect(bare.deposits[0]?.shortfallPaise).toBe(R(10_500));
  });

  it('a missing PAN is listed once, however many months', () => {
    expect(q.errors).toEqual([{ userId: 'u2', employeeNumber: 'E2', name: 'Ravi Kumar', field: 'pan', message: expect.stringMatching(/PAN is missing/) as unknown as string }]);
    expect(q.organisationErrors).toEqual([]);
  });

  it('Annexure II only in Q4; a missing or malformed TAN is an organisation error', () => {
    const q1 = buildForm24Q({ financialYearStart: 2025, quarter: 1, tan: null, payments: [], challans: [] });
    expect(q1.annexureII).toBeNull();
    expect(q1.organisationErrors[0]).toMatch(/no TAN/);
    expect(buildForm24Q({ financialYearStart: 2025, quarter: 1, tan: 'BLR123', payments: [], challans: [] }).organisationErrors[0]).toMatch(/not a valid TAN/);
  });
});

describe('Annexure II', () => {
  // Asha, new regime FY 2025-26: gross 12,00,000 − standard deduction 75,000 = 11,25,000 taxable.
  // Slabs: 0–4L nil; 4–8L 5% = 20,000; 8–11.25L 10% = 32,500 → 52,500. Income > 12L? No: 11.25L ≤ 12L,
  // so the s.87A rebate (up to 60,000) wipes it out: tax 0, cess 0. TDS deducted 0.
  const ashaYear: Form24QYearInput = {
    ...asha,
    regime: 1,
    tax: {
      grossSalaryPaise: R(1_200_000),
      exemptionsPaise: 0,
      standardDeductionPaise: R(75_000),
      professionalTaxPaise: 0,
      incomeFromSalaryPaise: R(1_125_000),
      chapterVIAPaise: 0,
      taxableIncomePaise: R(1_125_000),
      baseTaxPaise: R(52_500),
      rebate87APaise: R(52_500),
      surchargePaise: 0,
      cessPaise: 0,
      totalTaxPaise: 0,
    },
    tdsForYearPaise: 0,
  };
  // Ravi, old regime with a house-property loss that takes the total below nil (a data error).
  const raviYear: Form24QYearInput = {
    ...ravi,
    regime: 0,
    tax: { ...ashaYear.tax, grossSalaryPaise: R(480_000), standardDeductionPaise: R(50_000), incomeFromSalaryPaise: R(430_000), taxableIncomePaise: R(-20_000), baseTaxPaise: 0, rebate87APaise: 0, totalTaxPaise: 0 },
    tdsForYearPaise: R(6_000),
  };
  const q = buildForm24Q({ financialYearStart: 2025, quarter: 4, tan: 'BLRN01234C', payments: [], challans: [], year: [ashaYear, raviYear] });

  it('the year per employee with the new-regime flag and the balance of tax payable less TDS', () => {
    expect(q.annexureII?.[0]).toMatchObject({ pan: 'ABCPM1234K', newRegime: 'Y', grossSalaryPaise: R(1_200_000), taxableIncomePaise: R(1_125_000), taxPaise: R(52_500), rebatePaise: R(52_500), totalTaxPaise: 0, balancePaise: 0 });
    expect(q.annexureII?.[1]).toMatchObject({ pan: PAN_NOT_AVAILABLE, newRegime: 'N', tdsPaise: R(6_000), balancePaise: R(-6_000) });
  });

  it('lists the missing PAN and the negative taxable income', () => {
    expect(q.errors.map((e) => `${e.userId} ${e.field}`)).toEqual(['u2 taxableIncome', 'u2 pan']);
    expect(q.errors[0]?.message).toMatch(/Taxable income is negative/);
  });
});
