import type { Db } from '../../db/client';
import { leaveTypes } from '../../db/schema';

/**
 * The leave types every organisation starts with (docs/decisions/0027-leave-and-holidays.md): the
 * common Indian private-sector set. Loss of Pay is unpaid and unlimited (quota 0, no balance check);
 * taken LOP makes the day unpaid in the attendance function. Organisations that predate leave got
 * them from migration 0013; a change here needs a data migration too.
 */
export const DEFAULT_LEAVE_TYPES = [
  { name: 'Casual Leave', code: 'CL', isPaid: true, yearlyQuota: '12', accruesMonthly: false, carryForward: false, maxCarryForward: '0', isEncashable: false, color: 'blue' },
  { name: 'Sick Leave', code: 'SL', isPaid: true, yearlyQuota: '12', accruesMonthly: false, carryForward: false, maxCarryForward: '0', isEncashable: false, color: 'orange' },
  { name: 'Earned Leave', code: 'EL', isPaid: true, yearlyQuota: '15', accruesMonthly: true, carryForward: true, maxCarryForward: '30', isEncashable: true, color: 'teal' },
  { name: 'Loss of Pay', code: 'LOP', isPaid: false, yearlyQuota: '0', accruesMonthly: false, carryForward: false, maxCarryForward: '0', isEncashable: false, color: 'gray' },
] as const;

/** Inserts the default leave types; runs inside the caller's transaction (platform role). Codes already present are kept. */
export async function provisionLeaveDefaults(db: Db, tenantId: string): Promise<void> {
  await db
    .insert(leaveTypes)
    .values(DEFAULT_LEAVE_TYPES.map((t) => ({ tenantId, ...t })))
    .onConflictDoNothing();
}
