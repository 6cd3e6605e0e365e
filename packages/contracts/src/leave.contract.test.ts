import { describe, expect, it } from 'vitest';
import { leaveTypeInputSchema } from './leave.contract';

describe('leaveTypeInputSchema accrualRule', () => {
  const body = { name: 'Annual Leave', code: 'anl', yearlyQuota: 10, accruesMonthly: true };
  it("defaults to 'quota' and keeps the quota", () => {
    expect(leaveTypeInputSchema.parse(body)).toMatchObject({ code: 'ANL', accrualRule: 'quota', yearlyQuota: 10, accruesMonthly: true });
  });
  it("'codes-180-days' drops the quota and monthly accrual", () => {
    expect(leaveTypeInputSchema.parse({ ...body, accrualRule: 'codes-180-days' })).toMatchObject({ accrualRule: 'codes-180-days', yearlyQuota: 0, accruesMonthly: false });
  });
  it('an unpaid type has no rule', () => {
    expect(leaveTypeInputSchema.parse({ ...body, isPaid: false, accrualRule: 'codes-180-days' })).toMatchObject({ accrualRule: 'quota', yearlyQuota: 0 });
  });
  it('refuses an unknown rule', () => {
    const r = leaveTypeInputSchema.safeParse({ ...body, accrualRule: 'after-240-days' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("Accrual rule must be 'quota' or 'codes-180-days'");
  });
});
