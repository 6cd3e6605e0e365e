import { and, asc, count, eq, sql } from 'drizzle-orm';
import { statutoryComponents, tenantDeductions, tenantEarnings, tenants, userDeductions, userEarnings, users, workLocations } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

/** Ids as one parameter (the payroll run asks for a chunk of hundreds; one bind parameter each is slower, PGlite most). */
const uuidArray = (ids: readonly string[]) => sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

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
      workLocationId: users.workLocationId,
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

// ——— Component management ———

/** One writer at a time per organisation's components: the name checks and the usage checks hold until commit. */
export async function lockComponents(tdb: TenantDb): Promise<void> {
  // raw SQL: an advisory lock function call, no table to build from.
  await tdb.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`salary-components:${tdb.tenantId}`}))`);
}

/** How many employees' structures hold each earning. */
export async function earningUsage(tdb: TenantDb): Promise<Map<string, number>> {
  const rows = await tdb.tx
    .select({ id: userEarnings.tenantEarningId, n: count() })
    .from(userEarnings)
    .where(eq(userEarnings.tenantId, tdb.tenantId))
    .groupBy(userEarnings.tenantEarningId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function deductionUsage(tdb: TenantDb): Promise<Map<string, number>> {
  const rows = await tdb.tx
    .select({ id: userDeductions.tenantDeductionId, n: count() })
    .from(userDeductions)
    .where(eq(userDeductions.tenantId, tdb.tenantId))
    .groupBy(userDeductions.tenantDeductionId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function findEarning(tdb: TenantDb, id: string): Promise<TenantEarningRow | undefined> {
  const [row] = await tdb.tx
    .select()
    .from(tenantEarnings)
    .where(and(eq(tenantEarnings.tenantId, tdb.tenantId), eq(tenantEarnings.id, id)))
    .limit(1);
  return row;
}

export type EarningValues = Pick<
  typeof tenantEarnings.$inferInsert,
  | 'earningName'
  | 'nameInPayslip'
  | 'calculationType'
  | 'calculationValue'
  | 'isFixedPay'
  | 'isPartOfSalaryStructure'
  | 'isTaxableEarning'
  | 'isProRateBasis'
  | 'epfContributionType'
  | 'isConsideredForEsi'
  | 'isActive'
>;

export async function insertEarning(tdb: TenantDb, values: EarningValues & { code: string; earningCategory: string; sortOrder: number }): Promise<string> {
  const [row] = await tdb.tx
    .insert(tenantEarnings)
    .values({ tenantId: tdb.tenantId, ...values })
    .returning({ id: tenantEarnings.id });
  if (!row) throw new Error('insert into tenant_earnings returned no row');
  return row.id;
}

export async function updateEarning(tdb: TenantDb, id: string, values: Partial<EarningValues & { sortOrder: number }>): Promise<void> {
  await tdb.tx
    .update(tenantEarnings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(tenantEarnings.tenantId, tdb.tenantId), eq(tenantEarnings.id, id)));
}

export async function deleteEarning(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(tenantEarnings).where(and(eq(tenantEarnings.tenantId, tdb.tenantId), eq(tenantEarnings.id, id)));
}

export async function findDeduction(tdb: TenantDb, id: string): Promise<TenantDeductionRow | undefined> {
  const [row] = await tdb.tx
    .select()
    .from(tenantDeductions)
    .where(and(eq(tenantDeductions.tenantId, tdb.tenantId), eq(tenantDeductions.id, id)))
    .limit(1);
  return row;
}

export type DeductionValues = Pick<typeof tenantDeductions.$inferInsert, 'deductionName' | 'description' | 'isRecurring' | 'deductionType' | 'preTaxDeductionSection' | 'isActive'>;

export async function insertDeduction(tdb: TenantDb, values: DeductionValues): Promise<string> {
  const [row] = await tdb.tx
    .insert(tenantDeductions)
    .values({ tenantId: tdb.tenantId, ...values })
    .returning({ id: tenantDeductions.id });
  if (!row) throw new Error('insert into tenant_deductions returned no row');
  return row.id;
}

export async function updateDeduction(tdb: TenantDb, id: string, values: Partial<DeductionValues>): Promise<void> {
  await tdb.tx
    .update(tenantDeductions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(tenantDeductions.tenantId, tdb.tenantId), eq(tenantDeductions.id, id)));
}

export async function deleteDeduction(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(tenantDeductions).where(and(eq(tenantDeductions.tenantId, tdb.tenantId), eq(tenantDeductions.id, id)));
}

/** Writes one statutory component's row (created if the organisation predates it). */
export async function upsertStatutory(tdb: TenantDb, component: StatutoryRow['component'], isEnabled: boolean, settings: Record<string, unknown>): Promise<void> {
  await tdb.tx
    .insert(statutoryComponents)
    .values({ tenantId: tdb.tenantId, component, isEnabled, settings })
    .onConflictDoUpdate({
      target: [statutoryComponents.tenantId, statutoryComponents.component],
      set: { isEnabled, settings, updatedAt: sql`now()` },
    });
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
      workStateCode: workLocations.stateCode,
    })
    .from(users)
    .leftJoin(workLocations, and(eq(workLocations.id, users.workLocationId), eq(workLocations.tenantId, users.tenantId)))
    .where(and(eq(users.tenantId, tdb.tenantId), sql`${users.id} = ANY(${uuidArray(userIds)})`));
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
    .where(and(eq(userEarnings.tenantId, tdb.tenantId), sql`${userEarnings.userId} = ANY(${uuidArray(userIds)})`));
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
    .where(and(eq(userDeductions.tenantId, tdb.tenantId), sql`${userDeductions.userId} = ANY(${uuidArray(userIds)})`));
}
