import { sql } from 'drizzle-orm';
import { DEFAULT_ATTENDANCE_SETTINGS, DEFAULT_SHIFT, DEFAULT_SHIFT_WEEKENDS } from '@tankha/contracts';
import type { Db } from '../../db/client';

/**
 * What every organisation starts with: the default attendance settings and the General
 * shift, 10:00 to 19:00, week-offs Sundays and Saturdays of every week (people spec §5, §9). Safe
 * to run again: an existing settings row or default shift is kept. Runs as the platform role inside
 * the caller's transaction (organisation provisioning, the demo seed). Organisations
 * that predate attendance got the defaults from migration 0013; a change here needs a data migration too.
 */
export async function provisionAttendanceDefaults(db: Db, tenantId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO attendance_settings (tenant_id, settings) VALUES (${tenantId}, ${JSON.stringify(DEFAULT_ATTENDANCE_SETTINGS)}::jsonb)
    ON CONFLICT (tenant_id) DO NOTHING`);
  await db.execute(sql`
    INSERT INTO shifts (tenant_id, shift_name, shift_start, shift_end, is_default, weekends)
    SELECT ${tenantId}, ${DEFAULT_SHIFT.shiftName}, ${DEFAULT_SHIFT.shiftStart}, ${DEFAULT_SHIFT.shiftEnd}, true, ${JSON.stringify(DEFAULT_SHIFT_WEEKENDS)}::jsonb
     WHERE NOT EXISTS (SELECT 1 FROM shifts WHERE tenant_id = ${tenantId} AND is_default)
    ON CONFLICT DO NOTHING`);
}
