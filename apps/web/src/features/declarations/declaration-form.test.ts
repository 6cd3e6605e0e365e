import { describe, expect, it } from 'vitest';
import { deductionOptionsOf } from '@tankha/contracts';
import { blankLetOut, clampAmount, formStateOf, inputOf, letOutFigures, limitViolations, sectionTotals } from './declaration-form';

describe('the declaration form’s rules (payroll spec §4, §5)', () => {
  it('a new form: one blank row per deduction section, one blank rent, no let-out property', () => {
    const f = formStateOf(null, 2026);
    expect(f.deductions[1]).toEqual([{ deductionItemId: null, declaredAmount: 0 }]);
    expect(f.houseRentDetails[0]).toMatchObject({ rentalPeriodStart: '2026-04', rentalPeriodEnd: '2027-03', urbanizationType: 'NonMetro' });
    expect(f.letOutProperties).toEqual([]);
  });

  it('clamps an item to its limit; an item with no limit keeps the amount', () => {
    const options = deductionOptionsOf();
    expect(clampAmount(options, 205, 9000)).toBe(5000);
    expect(clampAmount(options, 302, 900000)).toBe(900000);
    expect(clampAmount(options, null, -3)).toBe(0);
  });

  it('let-out figures: NAV, 30% and net after the loan interest', () => {
    const p = { ...blankLetOut(), annualRentReceived: 300000, municipalTaxesPaid: 20000, hasHomeLoan: true, homeLoanDetail: { principalPaidOnHomeLoan: 0, interestPaidOnHomeLoan: 250000, lenderName: '', lenderPan: '' } };
    expect(letOutFigures(p)).toEqual({ netAnnualValue: 280000, standardDeduction: 84000, netIncomeOrLoss: -54000 });
    expect(letOutFigures({ ...p, hasHomeLoan: false }).netIncomeOrLoss).toBe(196000);
  });

  it('section totals, the limits, and the body: sections answered No are sent empty, unchosen items dropped', () => {
    const f = formStateOf(null, 2026);
    f.isRentedAccomodation = true;
    f.houseRentDetails = [{ ...f.houseRentDetails[0]!, totalAmount: 240000, landlordPan: 'ABCPI1234K' }];
    f.deductions[1] = [
      { deductionItemId: 101, declaredAmount: 100000 },
      { deductionItemId: 103, declaredAmount: 60000 },
      { deductionItemId: null, declaredAmount: 0 },
    ];
    f.letOutProperties = [blankLetOut()];
    expect(sectionTotals(f)).toMatchObject({ rent: 240000, c80: 160000, letOut: 0, total: 400000 });
    expect(limitViolations(f)).toEqual({ sec80C: true, sec80D: false });
    const body = inputOf(f, 2026, undefined);
    expect(body.deductions).toEqual([
      { deductionItemId: 101, categoryId: 1, declaredAmount: 100000 },
      { deductionItemId: 103, categoryId: 1, declaredAmount: 60000 },
    ]);
    expect(body.letOutProperties).toEqual([]);
    expect(body).toMatchObject({ financialYearStart: 2026, financialYearEnd: 2027, isDraft: false, isSubmitted: true });
    expect(inputOf(f, 2026, 'u1')).toMatchObject({ employeeId: 'u1' });
  });
});
