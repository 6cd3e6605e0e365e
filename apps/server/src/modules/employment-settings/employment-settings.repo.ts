import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { employmentTypeSettingValues, userFieldOptions, userFieldValues, userFields, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';
import { EMPLOYMENT_TYPE_FIELD } from '../salary/salary.defaults';

export interface SettingValueRow {
  id: string;
  settingId: number;
  employmentTypeIds: string[];
  value: string;
}

export async function findValues(tdb: TenantDb, settingIds?: readonly number[]): Promise<SettingValueRow[]> {
  return tdb.tx
    .select({ id: employmentTypeSettingValues.id, settingId: employmentTypeSettingValues.settingId, employmentTypeIds: employmentTypeSettingValues.employmentTypeIds, value: employmentTypeSettingValues.value })
    .from(employmentTypeSettingValues)
    .where(and(eq(employmentTypeSettingValues.tenantId, tdb.tenantId), settingIds ? inArray(employmentTypeSettingValues.settingId, [...settingIds]) : undefined))
    .orderBy(asc(employmentTypeSettingValues.settingId), asc(employmentTypeSettingValues.sortOrder), asc(employmentTypeSettingValues.id));
}

export async function hasValues(tdb: TenantDb): Promise<boolean> {
  const [row] = await tdb.tx.select({ id: employmentTypeSettingValues.id }).from(employmentTypeSettingValues).where(eq(employmentTypeSettingValues.tenantId, tdb.tenantId)).limit(1);
  return row !== undefined;
}

/**
 * One writer of an organisation's values at a time, until commit: the values have no
 * unique key, so two saves at once, each deleting and inserting, would otherwise both insert and
 * leave every value twice; and two first saves would both find none.
 */
export async function lockValues(tdb: TenantDb): Promise<void> {
  // raw SQL: an advisory lock function call, no table to build from.
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`employment-type-settings:${tdb.tenantId}`}))`);
}

/** Replaces the values of the given settings with `rows` (one statement each: delete, then a multi-row insert); the caller holds lockValues. */
export async function replaceValues(tdb: TenantDb, settingIds: readonly number[], rows: readonly { settingId: number; employmentTypeIds: string[]; value: string; sortOrder: number }[], userId: string, at: Date): Promise<void> {
  if (settingIds.length > 0) await tdb.tx.delete(employmentTypeSettingValues).where(and(eq(employmentTypeSettingValues.tenantId, tdb.tenantId), inArray(employmentTypeSettingValues.settingId, [...settingIds])));
  if (rows.length > 0) await tdb.tx.insert(employmentTypeSettingValues).values(rows.map((r) => ({ tenantId: tdb.tenantId, ...r, updatedBy: userId, updatedAt: at })));
}

/** The options of the Employment Type field (the employment types of platform §3). */
export async function findEmploymentTypes(tdb: TenantDb): Promise<{ id: string; name: string }[]> {
  return tdb.tx
    .select({ id: userFieldOptions.id, name: userFieldOptions.label })
    .from(userFieldOptions)
    .innerJoin(userFields, and(eq(userFields.id, userFieldOptions.userFieldId), eq(userFields.name, EMPLOYMENT_TYPE_FIELD)))
    .where(eq(userFieldOptions.tenantId, tdb.tenantId))
    .orderBy(asc(userFieldOptions.sortOrder), asc(userFieldOptions.label));
}

/** An employee's employment type (the option chosen in the Employment Type field), with their date of joining. */
export async function findEmployeeEmployment(tdb: TenantDb, userId: string): Promise<{ employmentTypeId: string | null; employmentType: string | null; dateOfJoining: string | null } | undefined> {
  const [user] = await tdb.tx.select({ dateOfJoining: users.dateOfJoining }).from(users).where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId))).limit(1);
  if (!user) return undefined;
  const [type] = await tdb.tx
    .select({ id: userFieldOptions.id, label: userFieldOptions.label })
    .from(userFieldValues)
    .innerJoin(userFields, and(eq(userFields.id, userFieldValues.userFieldId), eq(userFields.name, EMPLOYMENT_TYPE_FIELD)))
    .innerJoin(userFieldOptions, eq(userFieldOptions.id, userFieldValues.optionId))
    .where(and(eq(userFieldValues.tenantId, tdb.tenantId), eq(userFieldValues.userId, userId)))
    .limit(1);
  return { employmentTypeId: type?.id ?? null, employmentType: type?.label ?? null, dateOfJoining: user.dateOfJoining };
}
