import type { Db } from '../db/client';
import { seedDemoLeave } from './demo-leave';
import { seedDemoRequests } from './demo-requests';
import { seedDemoShifts } from './demo-shifts';
import { seedDemoTimeLogs } from './demo-time-logs';

/**
 * The demo organisation's attendance, in dependency order: shifts, then holidays and leave, then two
 * months of time logs (which recompute the days), then open regularization requests.
 */
export async function seedDemoAttendance(db: Db, tenantId: string, now: Date): Promise<void> {
  await seedDemoShifts(db, tenantId, now);
  await seedDemoLeave(db, tenantId, now);
  await seedDemoTimeLogs(db, tenantId, now);
  await seedDemoRequests(db, tenantId, now);
}
