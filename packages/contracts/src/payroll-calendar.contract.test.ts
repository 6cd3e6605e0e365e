import { describe, expect, it } from 'vitest';
import { PAYROLL_BANK_MSG, bankPaymentPaidInputSchema } from './payroll-bank.contract';
import { PAYROLL_LOCK_MSG } from './attendance.contract';
import { PAYROLL_MSG, paidOnProblem, payrollMonthHasBegun, payrollSettingsInputSchema } from './payroll.contract';

/** The payroll calendar's rules and words shared by the server and the web. */
describe('payroll calendar', () => {
  it('a month has begun on its pay period’s first day', () => {
    expect(payrollMonthHasBegun({ periodStart: '2026-12-01', today: '2026-11-30' })).toBe(false);
    expect(payrollMonthHasBegun({ periodStart: '2026-12-01', today: '2026-12-01' })).toBe(true);
    // A fixed range 26–25: December's period starts on 26 November.
    expect(payrollMonthHasBegun({ periodStart: '2026-11-26', today: '2026-11-29' })).toBe(true);
  });

  it('says which month has not begun and from when', () => {
    expect(PAYROLL_MSG.monthNotBegun('2026-12', '2026-12-01')).toBe('December 2026 has not begun yet: its payroll can be processed and finalized from 01 Dec 2026');
    expect(PAYROLL_MSG.monthNotBegun('2027-01', '2026-12-26')).toBe('January 2027 has not begun yet: its payroll can be processed and finalized from 26 Dec 2026');
    expect(PAYROLL_LOCK_MSG.monthFinalizedThrough('2026-11', '2026-11-28')).toBe('Payroll for November 2026 is finalized; attendance up to 28 Nov 2026 can no longer change.');
  });

  it('paid on: from the finalize date to today', () => {
    expect(paidOnProblem('2026-11-29', '2026-11-29', '2026-11-30')).toBeNull();
    expect(paidOnProblem('2026-11-30', '2026-11-29', '2026-11-30')).toBeNull();
    expect(paidOnProblem('2026-11-28', '2026-11-29', '2026-11-30')).toBe('Paid on cannot be before 29 Nov 2026, the day the payroll was finalized');
    expect(paidOnProblem('2030-01-01', '2026-11-29', '2026-11-30')).toBe(PAYROLL_MSG.paidOnInFuture);
    expect(PAYROLL_MSG.paidOnInFuture).toBe('Paid on cannot be after today');
  });

  it('pay day type 2 is the next month; a type outside 0–2 is refused with the three named', () => {
    const base = { payPeriodType: 1, lastPayrollRunMonth: 10, lastPayrollYear: 2026 };
    expect(payrollSettingsInputSchema.parse({ ...base, payDayType: 2, payDay: 7 })).toMatchObject({ payDayType: 2, payDay: 7 });
    const bad = payrollSettingsInputSchema.safeParse({ ...base, payDayType: 3, payDay: 7 });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(['payDayType must be 0 (last working day), 1 (day of month) or 2 (day of next month)']);
  });

  it('one payment marked paid needs a date and a UTR or reference of at most 35 characters', () => {
    const issues = (body: object) => {
      const r = bankPaymentPaidInputSchema.safeParse(body);
      return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(bankPaymentPaidInputSchema.parse({ paidOn: '2026-11-30', reference: ' UTR1 ' })).toEqual({ paidOn: '2026-11-30', reference: 'UTR1' });
    expect(issues({ paidOn: '2026-11-31', reference: 'UTR1' })).toEqual([['paidOn', 'Paid on must be a date (YYYY-MM-DD)']]);
    expect(issues({ paidOn: '2026-11-30', reference: '  ' })).toEqual([['reference', PAYROLL_BANK_MSG.paymentReferenceRequired]]);
    expect(issues({ paidOn: '2026-11-30', reference: 'X'.repeat(36) })).toEqual([['reference', PAYROLL_BANK_MSG.paymentReferenceTooLong]]);
    expect(issues({ reference: 'UTR1' })).toEqual([['paidOn', 'Paid on is required']]);
  });
});
