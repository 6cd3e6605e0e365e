import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { userSettings, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

export interface UserSettingsRow {
  employeeNumberPrefix: string;
  nextEmployeeNumber: number;
  employeeNumberDigits: number;
  defaultRoleId: number;
}

export async function findSettings(tdb: TenantDb, lock = false): Promise<UserSettingsRow | null> {
  const query = tdb.tx
    .select({
      employeeNumberPrefix: userSettings.employeeNumberPrefix,
      nextEmployeeNumber: userSettings.nextEmployeeNumber,
      employeeNumberDigits: userSettings.employeeNumberDigits,
      defaultRoleId: userSettings.defaultRoleId,
    })
    .from(userSettings)
    .where(eq(userSettings.tenantId, tdb.tenantId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function upsertSettings(tdb: TenantDb, values: UserSettingsRow, now: Date): Promise<void> {
  await tdb.tx
    .insert(userSettings)
    .values({ tenantId: tdb.tenantId, ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: userSettings.tenantId,
      set: { ...values, updatedAt: now },
    });
}

export async function updateNextNumber(tdb: TenantDb, next: number, now: Date): Promise<void> {
  await tdb.tx.update(userSettings).set({ nextEmployeeNumber: next, updatedAt: now }).where(eq(userSettings.tenantId, tdb.tenantId));
}

/** The employee number with the highest numeric suffix (the one the numbering continues from). */
export async function findLatestEmployeeNumber(tdb: TenantDb): Promise<string | null> {
  const [row] = await tdb.tx
    .select({ employeeNumber: users.employeeNumber })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), isNotNull(users.employeeNumber), ne(users.employeeNumber, '')))
    .orderBy(sql`substring(${users.employeeNumber} FROM '([0-9]+)$')::numeric DESC NULLS LAST`, desc(users.createdAt), desc(users.id))
    .limit(1);
  return row?.employeeNumber ?? null;
}

/** The numeric parts ≥ `from` of employee numbers that are `prefix` + digits (case-insensitive), for finding a free one. */
export async function findTakenNumbers(tdb: TenantDb, prefix: string, from: number): Promise<Set<number>> {
  const rows = await tdb.tx
    .select({ employeeNumber: users.employeeNumber })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), sql`left(lower(${users.employeeNumber}), ${prefix.length}) = lower(${prefix})`));
  const taken = new Set<number>();
  for (const r of rows) {
    const rest = (r.employeeNumber ?? '').slice(prefix.length);
    if (/^\d+$/.test(rest) && Number(rest) >= from) taken.add(Number(rest));
  }
  return taken;
}
