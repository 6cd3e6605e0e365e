import { describe, expect, it } from 'vitest';
import { LEAVE_MSG, type LeaveBalanceRow } from '@tankha/contracts';
import { FORM_ERROR, applyLeaveErrors, portionFor, type ApplyLeaveValues } from './apply-rules';

const TYPE_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const casual: LeaveBalanceRow = {
  leaveTypeId: TYPE_ID,
  leaveTypeName: 'Casual Leave',
  code: 'CL',
  color: 'blue',
  isPaid: true,
  isUnlimited: false,
  yearlyQuota: 12,
  accruesMonthly: false,
  accrualRule: 'quota',
  entitlementNote: null,
  entitled: 12,
  carriedForward: 0,
  adjustment: 0,
  used: 9,
  pending: 1,
  available: 2,
};
const lop: LeaveBalanceRow = { ...casual, leaveTypeName: 'Loss of Pay', code: 'LOP', isPaid: false, isUnlimited: true, entitled: 0, used: 5, pending: 0, available: -5 };
const valid: ApplyLeaveValues = { leaveTypeId: TYPE_ID, startDate: '2026-06-15', endDate: '2026-06-16', portion: 'full', reason: 'Wedding' };

describe('applyLeaveErrors', () => {
  it('passes a complete request within the balance', () => {
    expect(applyLeaveErrors(valid, { days: 2, balance: casual })).toEqual({});
  });
  it('requires the type, both dates and a reason', () => {
    expect(applyLeaveErrors({ leaveTypeId: null, startDate: '', endDate: '', portion: 'full', reason: ' ' }, { days: null, balance: undefined })).toEqual({
      leaveTypeId: LEAVE_MSG.leaveTypeRequired,
      startDate: LEAVE_MSG.startDateRequired,
      endDate: LEAVE_MSG.endDateRequired,
      reason: LEAVE_MSG.reasonRequired,
    });
  });
  it('refuses an end before the start', () => {
    expect(applyLeaveErrors({ ...valid, startDate: '2026-06-16', endDate: '2026-06-15' }, { days: null, balance: casual })).toEqual({ endDate: LEAVE_MSG.endBeforeStart });
  });
  it('refuses a half day over several dates and a range over two years', () => {
    expect(applyLeaveErrors({ ...valid, portion: 'firstHalf' }, { days: 2, balance: casual })).toEqual({ portion: LEAVE_MSG.halfDaySingleDate });
    expect(applyLeaveErrors({ ...valid, startDate: '2026-12-31', endDate: '2027-01-01' }, { days: 1, balance: casual })).toEqual({ endDate: LEAVE_MSG.spansYears });
  });
  it('refuses dates without working days', () => {
    expect(applyLeaveErrors(valid, { days: 0, balance: casual })).toEqual({ [FORM_ERROR]: LEAVE_MSG.noWorkingDays });
  });
  it('refuses more paid days than available (2 left, 2.5 asked), never for an unpaid type', () => {
    expect(applyLeaveErrors(valid, { days: 2.5, balance: casual })).toEqual({ [FORM_ERROR]: LEAVE_MSG.insufficientBalance });
    expect(applyLeaveErrors(valid, { days: 30, balance: lop })).toEqual({});
  });
});

describe('portionFor', () => {
  it('keeps the half for a single date and forces a full day for a range', () => {
    expect(portionFor({ startDate: '2026-06-15', endDate: '2026-06-15', portion: 'secondHalf' })).toBe('secondHalf');
    expect(portionFor({ startDate: '2026-06-15', endDate: '2026-06-16', portion: 'secondHalf' })).toBe('full');
    expect(portionFor({ startDate: '', endDate: '', portion: 'firstHalf' })).toBe('full');
  });
});
