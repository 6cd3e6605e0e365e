import { eq } from 'drizzle-orm';
import { attendanceSettings, tenants } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

export async function findSettings(tdb: TenantDb): Promise<unknown> {
  const [row] = await tdb.tx.select({ settings: attendanceSettings.settings }).from(attendanceSettings).where(eq(attendanceSettings.tenantId, tdb.tenantId));
  return row?.settings;
}

export async function upsertSettings(tdb: TenantDb, settings: object, now: Date): Promise<void> {
  await tdb.tx
    .insert(attendanceSettings)
    .values({ tenantId: tdb.tenantId, settings, updatedAt: now })
    .onConflictDoUpdate({ target: attendanceSettings.tenantId, set: { settings, updatedAt: now } });
}

export async function tenantTimeZone(tdb: TenantDb): Promise<string> {
  const [row] = await tdb.tx.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tdb.tenantId));
  return row?.timeZone ?? 'Asia/Kolkata';
}
