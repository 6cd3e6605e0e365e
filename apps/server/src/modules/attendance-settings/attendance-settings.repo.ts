import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { TenantDb } from '../../platform/tenancy';

export async function findSettings(tdb: TenantDb): Promise<unknown> {
  const [row] = await queryRows<{ settings: unknown }>(tdb.tx, sql`SELECT settings FROM attendance_settings WHERE tenant_id = ${tdb.tenantId}`);
  return row?.settings;
}

export async function upsertSettings(tdb: TenantDb, settings: object, now: Date): Promise<void> {
  await tdb.tx.execute(sql`
    INSERT INTO attendance_settings (tenant_id, settings, updated_at) VALUES (${tdb.tenantId}, ${JSON.stringify(settings)}::jsonb, ${now})
    ON CONFLICT (tenant_id) DO UPDATE SET settings = EXCLUDED.settings, updated_at = EXCLUDED.updated_at`);
}

export async function tenantTimeZone(tdb: TenantDb): Promise<string> {
  const [row] = await queryRows<{ time_zone: string }>(tdb.tx, sql`SELECT time_zone FROM tenants WHERE id = ${tdb.tenantId}`);
  return row?.time_zone ?? 'Asia/Kolkata';
}
