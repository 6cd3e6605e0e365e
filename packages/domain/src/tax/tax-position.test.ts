import { describe, expect, it } from 'vitest';
import { clampToItemLimit, deductionLimitViolations, taxDeductionItem } from './deduction-catalogue';
import { EMPTY_TAX_DECLARATION, computeHraForYear, computeTaxPosition, paidMonthsBefore, projectTaxSalaryYear, type TaxDeclarationFigures, type TaxSalaryMonth } from './tax-position';

/** Amounts are written as rupees_00 paise. Worked by hand; the comments show the arithmetic. */
const FY_MONTHS = ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];
const months = (basic: number, hra: number): TaxSalaryMonth[] => FY_MONTHS.map((month) => ({ month, basicPlusDaPaise: basic, hraPaise: hra }));
const wholeYear = { fromMonth: '2025-04', toMonth: '2026-03' };

describe('computeHraForYear: s.10(13A) with rule 2A, month by month', () => {
  it.each([
    // Reference §7 (citehr): HRA 15,000, basic 30,000, rent 12,000, Mumbai → least(15,000; 12,000 − 3,000; 15,000) = 9,000 a month.
    ['metro, rent over 10% binds', 30_000_00, 15_000_00, 12_000_00, true, 9_000_00 * 12],
    // Non-metro, 40% binds: least(15,000; 20,000 − 3,000 = 17,000; 12,000) = 12,000.
    ['non-metro, 40% of salary binds', 30_000_00, 15_000_00, 20_000_00, false, 12_000_00 * 12],
    // The same in a metro: least(15,000; 17,000; 15,000) = 15,000 (HRA received binds first on the tie).
    ['metro, 50% of salary and HRA received tie', 30_000_00, 15_000_00, 20_000_00, true, 15_000_00 * 12],
    // Basic 50,000, HRA 20,000, rent 22,000, non-metro: least(20,000; 17,000; 20,000) = 17,000.
    ['non-metro, rent over 10% binds', 50_000_00, 20_000_00, 22_000_00, false, 17_000_00 * 12],
    // Rent below 10% of salary: nothing exempt.
    ['rent below 10% of salary', 50_000_00, 20_000_00, 4_000_00, false, 0],
  ])('%s', (_, basic, hra, monthlyRent, metro, exempt) => {
    const r = computeHraForYear(months(basic, hra), [{ ...wholeYear, amountPaise: monthlyRent * 12, metro }]);
    expect(r.exemptPaise).toBe(exempt);
    expect(r.rentPaidPaise).toBe(monthlyRent * 12);
    expect(r.months).toHaveLength(12);
  });

  it('a rent for part of the year exempts only those months (rule 2A: the period of occupation)', () => {
    // July–March, ₹1,80,000 = ₹20,000 a month for 9 months; basic 30,000, HRA 15,000, non-metro → 12,000 × 9.
    const r = computeHraForYear(months(30_000_00, 15_000_00), [{ fromMonth: '2025-07', toMonth: '2026-03', amountPaise: 1_80_000_00, metro: false }]);
    expect(r.exemptPaise).toBe(1_08_000_00);
    expect(r.hraReceivedPaise).toBe(15_000_00 * 9);
    expect(r.months.map((m) => m.month)).toEqual(FY_MONTHS.slice(3));
  });

  it('two houses in the year: non-metro April–September, then metro October–March', () => {
    // Basic 30,000, HRA 15,000, rent 20,000: non-metro 12,000 × 6 + metro 15,000 × 6 = 1,62,000.
    const r = computeHraForYear(months(30_000_00, 15_000_00), [
      { fromMonth: '2025-04', toMonth: '2025-09', amountPaise: 1_20_000_00, metro: false },
      { fromMonth: '2025-10', toMonth: '2026-03', amountPaise: 1_20_000_00, metro: true },
    ]);
    expect(r.exemptPaise).toBe(1_62_000_00);
  });

  it('a period amount that does not divide evenly: the paise left over go to its first months', () => {
    const r = computeHraForYear(months(30_000_00, 15_000_00), [{ fromMonth: '2025-04', toMonth: '2025-06', amountPaise: 1_00_001, metro: false }]);
    expect(r.months.map((m) => m.rentPaise)).toEqual([33_334, 33_334, 33_333]);
    expect(r.rentPaidPaise).toBe(1_00_001);
  });

  it('months without salary exempt nothing; a period ending before it starts is refused', () => {
    expect(computeHraForYear([], [{ ...wholeYear, amountPaise: 2_40_000_00, metro: true }]).exemptPaise).toBe(0);
    expect(() => computeHraForYear(months(1, 1), [{ fromMonth: '2025-09', toMonth: '2025-06', amountPaise: 1, metro: false }])).toThrow(/end on or after/);
  });
});

describe('deduction catalogue: limits as data, clamping, category limits', () => {
  it('clamps each item to its limit (payroll spec §5)', () => {
    expect(clampToItemLimit(205, 9_000_00)).toBe(5_000_00); // preventive check-up ₹5,000
    expect(clampToItemLimit(101, 2_00_000_00)).toBe(1_50_000_00); // PPF, s.80C ₹1,50,000
    expect(clampToItemLimit(301, 60_000_00)).toBe(50_000_00); // 80CCD(1B) ₹50,000
    expect(clampToItemLimit(302, 9_00_000_00)).toBe(9_00_000_00); // 80E has no cap
    expect(clampToItemLimit(101, -5)).toBe(0);
    expect(taxDeductionItem(999)).toBeUndefined();
  });
  it('80C over ₹1,50,000 and 80D over ₹1,00,000 are violations; exactly at the limit is not', () => {
    expect(deductionLimitViolations([{ itemId: 101, amountPaise: 1_00_000_00 }, { itemId: 102, amountPaise: 50_000_00 }])).toMatchObject({ sec80C: false, sec80D: false });
    expect(deductionLimitViolations([{ itemId: 101, amountPaise: 1_00_000_00 }, { itemId: 102, amountPaise: 50_000_01 }]).sec80C).toBe(true);
    expect(deductionLimitViolations([201, 202, 203, 204].map((itemId) => ({ itemId, amountPaise: 25_000_00 }))).sec80D).toBe(false);
    expect(deductionLimitViolations([201, 202, 203, 204].map((itemId) => ({ itemId, amountPaise: 25_000_01 }))).sec80D).toBe(true);
  });
});

const salary = { grossSalaryPaise: 12_00_000_00, months: months(50_000_00, 20_000_00), professionalTaxPaise: 2_500_00, employeeEpfPaise: 72_000_00 };
const declared = (d: Partial<TaxDeclarationFigures>): TaxDeclarationFigures => ({ ...EMPTY_TAX_DECLARATION, ...d });

describe('computeTaxPosition: the declaration into the year’s tax', () => {
  it('rent and 80C, old regime FY 2025-26 (worked in full)', () => {
    // Gross 12,00,000; HRA exempt 17,000 × 12 = 2,04,000 (least of 20,000; 22,000 − 5,000; 40% of 50,000);
    // − standard deduction 50,000 − PT 2,500 → salary 9,43,500; 80C = EPF 72,000 + PPF 1,00,000 = 1,72,000,
    // capped 1,50,000 → total income 7,93,500. Tax 12,500 + 20% × 2,93,500 = 71,200; cess 2,848 → 74,048 → 74,050 (s.288B).
    const p = computeTaxPosition({
      financialYear: '2025-26',
      regime: 0,
      salary,
      declaration: declared({ rents: [{ ...wholeYear, amount: { declaredPaise: 2_64_000_00 }, metro: false }], deductions: [{ itemId: 101, amount: { declaredPaise: 1_00_000_00 } }] }),
      useAllowed: false,
    });
    expect(p.hra?.exemptPaise).toBe(2_04_000_00);
    expect(p.tax.exemptionsPaise).toBe(2_04_000_00);
    expect(p.tax.section80CPaise).toBe(1_50_000_00);
    expect(p.tax.taxableIncomePaise).toBe(7_93_500_00);
    expect(p.tax.totalTaxPaise).toBe(74_050_00);
    expect(p.declarationLines[0]).toBe('IT declaration: rent ₹2,64,000 (HRA exempt ₹2,04,000); 80C ₹1,00,000');
  });

  it('the same declaration in the new regime: HRA, PT and 80C disallowed; 87A leaves nothing to pay', () => {
    // 12,00,000 − 75,000 = 11,25,000 → 20,000 + 32,500 = 52,500, fully rebated (total income ≤ 12,00,000).
    const p = computeTaxPosition({ financialYear: '2025-26', regime: 1, salary, declaration: declared({ rents: [{ ...wholeYear, amount: { declaredPaise: 2_64_000_00 }, metro: false }] }), useAllowed: false });
    expect(p.tax.exemptionsPaise).toBe(0);
    expect(p.tax.taxableIncomePaise).toBe(11_25_000_00);
    expect(p.tax.totalTaxPaise).toBe(0);
  });

  it('home loan: principal toward 80C, self-occupied interest capped at ₹2,00,000 (s.24(b))', () => {
    // Interest 2,40,000 → 2,00,000 allowed; principal 1,20,000 + EPF 72,000 = 1,92,000 → 80C 1,50,000.
    const p = computeTaxPosition({
      financialYear: '2025-26',
      regime: 0,
      salary,
      declaration: declared({ selfOccupiedLoan: { principal: { declaredPaise: 1_20_000_00 }, interest: { declaredPaise: 2_40_000_00 } } }),
      useAllowed: false,
    });
    expect(p.tax.housePropertyPaise).toBe(-2_00_000_00);
    expect(p.tax.section80CPaise).toBe(1_50_000_00);
    expect(p.used.homeLoanPrincipalPaise).toBe(1_20_000_00);
    expect(p.tax.lines.find((l) => l.code === 'houseProperty.selfOccupied')?.text).toBe('Self-occupied home-loan interest: declared ₹2,40,000, capped at ₹2,00,000 (s.24(b))');
  });

  it('let-out property: NAV, 30% and interest; with a self-occupied loan the loss set off stops at ₹2,00,000 (s.71(3A))', () => {
    // Let-out: NAV 3,00,000 − 20,000 = 2,80,000; 30% = 84,000; − interest 2,50,000 → −54,000.
    // Self-occupied interest 2,00,000 (capped) → head −2,54,000; set off 2,00,000; 54,000 carried forward.
    const p = computeTaxPosition({
      financialYear: '2025-26',
      regime: 0,
      salary,
      declaration: declared({
        selfOccupiedLoan: { principal: { declaredPaise: 0 }, interest: { declaredPaise: 2_00_000_00 } },
        letOuts: [{ annualRent: { declaredPaise: 3_00_000_00 }, municipalTax: { declaredPaise: 20_000_00 }, loan: { principal: { declaredPaise: 30_000_00 }, interest: { declaredPaise: 2_50_000_00 } } }],
      }),
      useAllowed: false,
    });
    expect(p.letOuts[0]).toEqual({ netAnnualValuePaise: 2_80_000_00, standardDeductionPaise: 84_000_00, interestPaise: 2_50_000_00, netIncomePaise: -54_000_00 });
    expect(p.tax.housePropertyPaise).toBe(-2_00_000_00);
    expect(p.tax.lines.find((l) => l.code === 'houseProperty.setOff')?.text).toBe('House-property loss ₹2,54,000 set off up to ₹2,00,000 (s.71(3A)); ₹54,000 carried forward (s.71B)');
    // The let-out loan's principal counts toward 80C too.
    expect(p.used.homeLoanPrincipalPaise).toBe(30_000_00);
  });

  it('after proof review the allowed amounts replace the declared ones, with a line per changed section', () => {
    const declaration = declared({ deductions: [{ itemId: 101, amount: { declaredPaise: 1_50_000_00, allowedPaise: 1_20_000_00 } }], otherIncome: { ...EMPTY_TAX_DECLARATION.otherIncome, savingsInterest: { declaredPaise: 8_000_00, allowedPaise: null } } });
    const before = computeTaxPosition({ financialYear: '2025-26', regime: 0, salary: { ...salary, employeeEpfPaise: 0 }, declaration, useAllowed: false });
    const after = computeTaxPosition({ financialYear: '2025-26', regime: 0, salary: { ...salary, employeeEpfPaise: 0 }, declaration, useAllowed: true });
    expect(before.tax.section80CPaise).toBe(1_50_000_00);
    expect(after.tax.section80CPaise).toBe(1_20_000_00);
    expect(before.reviewLines).toEqual([]);
    expect(after.reviewLines).toEqual(['80C: declared ₹1,50,000, allowed ₹1,20,000 after proof review']);
    // Savings interest is income under other sources and, below 60, deductible up to ₹10,000 (80TTA).
    expect(after.tax.otherIncomePaise).toBe(8_000_00);
    expect(after.tax.lines.find((l) => l.code === 'deduction.80TTA')?.amountPaise).toBe(8_000_00);
  });

  it('previous employment: its income and PT add up, its EPF counts toward 80C, its TDS is reported for s.192', () => {
    const p = computeTaxPosition({
      financialYear: '2025-26',
      regime: 0,
      salary: { ...salary, employeeEpfPaise: 0 },
      declaration: declared({ previousEmployment: { income: { declaredPaise: 3_00_000_00 }, taxPaid: { declaredPaise: 10_000_00 }, professionalTax: { declaredPaise: 600_00 }, epf: { declaredPaise: 18_000_00 }, leaveEncashment: { declaredPaise: 0 } } }),
      useAllowed: false,
    });
    expect(p.tax.grossSalaryPaise).toBe(15_00_000_00);
    expect(p.tax.professionalTaxPaise).toBe(3_100_00);
    expect(p.tax.section80CPaise).toBe(18_000_00);
    expect(p.tax.previousEmploymentTdsPaise).toBe(10_000_00);
  });
});

describe('projectTaxSalaryYear and paidMonthsBefore: the year as the payroll run sees it', () => {
  it('paid so far + this month + later months at the full month, less pre-tax deductions of the months projected', () => {
    // July 2026: 9 months left. 3,00,000 + 1,00,000 + 8 × 1,00,000 − 9 × 2,000 = 11,82,000.
    const y = projectTaxSalaryYear({
      month: '2026-07',
      remainingMonths: 9,
      grossSoFarPaise: 3_00_000_00,
      basicSoFarPaise: 1_50_000_00,
      hraSoFarPaise: 60_000_00,
      paidMonths: ['2026-04', '2026-05', '2026-06'],
      thisMonth: { taxablePaise: 1_00_000_00, basicPlusDaPaise: 50_000_00, hraPaise: 20_000_00 },
      fullMonth: { taxablePaise: 1_00_000_00, basicPlusDaPaise: 50_000_00, hraPaise: 20_000_00 },
      preTaxMonthlyPaise: 2_000_00,
      professionalTaxForYearPaise: 2_500_00,
      employeeEpfForYearPaise: 72_000_00,
    });
    expect(y.grossSalaryPaise).toBe(11_82_000_00);
    expect(y.months.map((m) => m.month)).toEqual(['2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02', '2027-03']);
    expect(y.months[0]).toEqual({ month: '2026-04', basicPlusDaPaise: 50_000_00, hraPaise: 20_000_00 });
  });
  it('months paid before a month, from April or the joining month', () => {
    expect(paidMonthsBefore(2026, '2026-07', null)).toEqual(['2026-04', '2026-05', '2026-06']);
    expect(paidMonthsBefore(2026, '2026-07', '2026-05-15')).toEqual(['2026-05', '2026-06']);
    expect(paidMonthsBefore(2026, '2026-04', null)).toEqual([]);
    expect(paidMonthsBefore(2026, '2027-01', '2025-01-01')).toHaveLength(9);
  });
});
