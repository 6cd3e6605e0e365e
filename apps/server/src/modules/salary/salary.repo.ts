import { and, asc, eq, inArray } from 'drizzle-orm';
import { statutoryComponents, tenantDeductions, tenantEarnings, tenants, userDeductions, userEarnings, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

export type TenantEarningRow = typeof tenantEarnings.$inferSelect;
export type TenantDeductionRow = typeof tenantDeductions.$inferSelect;
export type StatutoryRow = typeof statutoryComponents.$inferSelect;

export async function listEarnings(tdb: TenantDb): Promise<TenantEarningRow[]> {
  return tdb.tx.select().from(tenantEarnings).where(eq(tenantEarnings.tenantId, tdb.tenantId)).orderBy(asc(tenantEarnings.sortOrder), asc(tenantEarnings.earningName));
}

export async function listDeductions(tdb: TenantDb): Promise<TenantDeductionRow[]> {
  return tdb.tx.select().from(tenantDeductions).where(eq(tenantDeductions.tenantId, tdb.tenantId)).orderBy(asc(tenantDeductions.deductionName));
}

export async function listStatutory(tdb: TenantDb): Promise<StatutoryRow[]> {
  return tdb.tx.select().from(statutoryComponents).where(eq(statutoryComponents.tenantId, tdb.tenantId));
}

export async function tenantTimeZone(tdb: TenantDb): Promise<string> {
  const [row] = await tdb.tx.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tdb.tenantId)).limit(1);
  return row?.timeZone ?? 'Asia/Kolkata';
}

/** What a stored employee's structure needs: CTC, regime, ESI flag, birth date, gender. */
export async function findSalaryPerson(tdb: TenantDb, userId: string) {
  const [row] = await tdb.tx
    .select({
      id: users.id,
      annualCtcPaise: users.annualCtcPaise,
      regimeType: users.regimeType,
      forceEsiCalc: users.forceEsiCalc,
      dateOfBirth: users.dateOfBirth,
      gender: users.gender,
    })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)))
    .limit(1);
  return row;
}

export async function listUserEarnings(tdb: TenantDb, userId: string) {
  return tdb.tx
    .select({
      id: userEarnings.id,
      tenantEarningId: userEarnings.tenantEarningId,
      calculationType: userEarnings.calculationType,
      calculationValue: userEarnings.calculationValue,
    })
    .from(userEarnings)
    .where(and(eq(userEarnings.tenantId, tdb.tenantId), eq(userEarnings.userId, userId)));
}

export async function listUserDeductions(tdb: TenantDb, userId: string) {
  return tdb.tx
    .select({
      id: userDeductions.id,
      tenantDeductionId: userDeductions.tenantDeductionId,
      annualPaise: userDeductions.annualPaise,
    })
    .from(userDeductions)
    .where(and(eq(userDeductions.tenantId, tdb.tenantId), eq(userDeductions.userId, userId)));
}

/** findSalaryPerson for many employees at once (the payroll run reads a chunk in one query). */
export async function findSalaryPeople(tdb: TenantDb, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return tdb.tx
    .select({
      id: users.id,
      annualCtcPaise: users.annualCtcPaise,
      regimeType: users.regimeType,
      forceEsiCalc: users.forceEsiCalc,
      dateOfBirth: users.dateOfBirth,
      gender: users.gender,
    })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), inArray(users.id, [...userIds])));
}

export async function listUsersEarnings(tdb: TenantDb, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return tdb.tx
    .select({
      userId: userEarnings.userId,
      tenantEarningId: userEarnings.tenantEarningId,
      calculationType: userEarnings.calculationType,
      calculationValue: userEarnings.calculationValue,
    })
    .from(userEarnings)
    .where(and(eq(userEarnings.tenantId, tdb.tenantId), inArray(userEarnings.userId, [...userIds])));
}

export async function listUsersDeductions(tdb: TenantDb, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return tdb.tx
    .select({
      userId: userDeductions.userId,
      tenantDeductionId: userDeductions.tenantDeductionId,
      annualPaise: userDeductions.annualPaise,
    })
    .from(userDeductions)
    .where(and(eq(userDeductions.tenantId, tdb.tenantId), inArray(userDeductions.userId, [...userIds])));
}
