import { LEAVE_MSG, leaveApplySchema, type LeaveBalanceRow, type LeavePortionValue } from '@tankha/contracts';
import { zodFieldErrors } from '../../ui/zod-form';

export interface ApplyLeaveValues {
  leaveTypeId: string | null;
  startDate: string;
  endDate: string;
  portion: LeavePortionValue;
  reason: string;
}

/** The form-wide message key (not a field). */
export const FORM_ERROR = 'form';

/**
 * The apply form's checks before anything is sent: the contract's field rules (required fields, end
 * before start, a half day on a single date, one calendar year), then, once the days are known, no
 * working days and a paid type's balance. The server checks all of these again, and overlaps.
 */
export function applyLeaveErrors(values: ApplyLeaveValues, known: { days: number | null; balance: LeaveBalanceRow | undefined }): Record<string, string> {
  const errors = zodFieldErrors(leaveApplySchema, { ...values, leaveTypeId: values.leaveTypeId ?? undefined });
  if (Object.keys(errors).length > 0) return errors;
  if (known.days === 0) return { [FORM_ERROR]: LEAVE_MSG.noWorkingDays };
  if (known.days !== null && known.balance && !known.balance.isUnlimited && known.days > known.balance.available) return { [FORM_ERROR]: LEAVE_MSG.insufficientBalance };
  return {};
}

/** A half day is for one date: a range always takes full days. */
export function portionFor(values: Pick<ApplyLeaveValues, 'startDate' | 'endDate' | 'portion'>): LeavePortionValue {
  return values.startDate !== '' && values.startDate === values.endDate ? values.portion : 'full';
}
