import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { departments, tenants, userDeductions, userEarnings, userFieldOptions, userFieldValues, userFields, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

export type NewUser = typeof users.$inferInsert;

export async function findTenant(tdb: TenantDb) {
  const [row] = await tdb.tx.select({ name: tenants.name, isEmailEnabled: tenants.isEmailEnabled }).from(tenants).where(eq(tenants.id, tdb.tenantId)).limit(1);
  return row;
}

export async function findUserIdByEmail(tdb: TenantDb, email: string): Promise<string | undefined> {
  const [row] = await tdb.tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.email, email)))
    .limit(1);
  return row?.id;
}

export async function employeeNumberTaken(tdb: TenantDb, employeeNumber: string, exceptUserId?: string): Promise<boolean> {
  const conditions = [eq(users.tenantId, tdb.tenantId), sql`lower(${users.employeeNumber}) = lower(${employeeNumber})`];
  if (exceptUserId) conditions.push(ne(users.id, exceptUserId));
  const [row] = await tdb.tx
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export async function findTarget(tdb: TenantDb, id: string) {
  const [row] = await tdb.tx
    .select({
      id: users.id,
      roleId: users.roleId,
      status: users.status,
      accountId: users.accountId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, id)))
    .limit(1);
  return row;
}

export async function departmentExists(tdb: TenantDb, id: string): Promise<boolean> {
  const [row] = await tdb.tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.tenantId, tdb.tenantId), eq(departments.id, id)))
    .limit(1);
  return row !== undefined;
}

export async function insertUser(tdb: TenantDb, values: Omit<NewUser, 'tenantId'>): Promise<string> {
  const [row] = await tdb.tx
    .insert(users)
    .values({ ...values, tenantId: tdb.tenantId })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function updateUser(tdb: TenantDb, id: string, values: Partial<Omit<NewUser, 'tenantId' | 'id'>>): Promise<void> {
  await tdb.tx
    .update(users)
    .set(values)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, id)));
}

export async function replaceEarnings(
  tdb: TenantDb,
  userId: string,
  rows: {
    tenantEarningId: string;
    calculationType: number;
    calculationValue: string;
  }[],
): Promise<void> {
  await tdb.tx.delete(userEarnings).where(and(eq(userEarnings.tenantId, tdb.tenantId), eq(userEarnings.userId, userId)));
  if (rows.length > 0) await tdb.tx.insert(userEarnings).values(rows.map((r) => ({ ...r, tenantId: tdb.tenantId, userId })));
}

export async function replaceDeductions(tdb: TenantDb, userId: string, rows: { tenantDeductionId: string; annualPaise: number }[]): Promise<void> {
  await tdb.tx.delete(userDeductions).where(and(eq(userDeductions.tenantId, tdb.tenantId), eq(userDeductions.userId, userId)));
  if (rows.length > 0) await tdb.tx.insert(userDeductions).values(rows.map((r) => ({ ...r, tenantId: tdb.tenantId, userId })));
}

export async function findFieldByName(tdb: TenantDb, name: string) {
  const [row] = await tdb.tx
    .select({ id: userFields.id, name: userFields.name })
    .from(userFields)
    .where(and(eq(userFields.tenantId, tdb.tenantId), sql`lower(${userFields.name}) = lower(${name})`))
    .limit(1);
  return row;
}

export async function listOptions(tdb: TenantDb, userFieldId: string) {
  return tdb.tx
    .select({ id: userFieldOptions.id, label: userFieldOptions.label })
    .from(userFieldOptions)
    .where(and(eq(userFieldOptions.tenantId, tdb.tenantId), eq(userFieldOptions.userFieldId, userFieldId)))
    .orderBy(asc(userFieldOptions.sortOrder), asc(userFieldOptions.label));
}

/** Every field of the tenant with its option ids, to check submitted values against. */
export async function listFieldsWithOptions(tdb: TenantDb) {
  return tdb.tx
    .select({ fieldId: userFields.id, optionId: userFieldOptions.id })
    .from(userFields)
    .leftJoin(userFieldOptions, eq(userFieldOptions.userFieldId, userFields.id))
    .where(eq(userFields.tenantId, tdb.tenantId));
}

export async function replaceFieldValues(
  tdb: TenantDb,
  userId: string,
  values: {
    userFieldId: string;
    optionId: string | null;
    fieldValue: string | null;
  }[],
): Promise<void> {
  await tdb.tx.delete(userFieldValues).where(and(eq(userFieldValues.tenantId, tdb.tenantId), eq(userFieldValues.userId, userId)));
  if (values.length > 0) await tdb.tx.insert(userFieldValues).values(values.map((v) => ({ ...v, tenantId: tdb.tenantId, userId })));
}

// --- Accounts and invitation links (global identities, no tenant column). ------------------------
// Invitations are issued inside the inviting tenant's transaction, as the tenant role, which has no
// privilege on accounts or auth_tokens: these go through SECURITY DEFINER functions confined to the
// tenant in scope (migration 0012).

/** The global account id for an invited e-mail: the existing account's, else a new one without a password. */
export async function inviteAccountId(tdb: TenantDb, email: string, firstName: string, lastName: string): Promise<string> {
  // raw SQL: a SECURITY DEFINER function (the tenant role has no privilege on accounts), no table to build from.
  const [row] = await queryRows<{ id: string }>(tdb.tx, sql`SELECT tenant_invite_account(${email}, ${firstName}, ${lastName}) AS id`);
  if (!row) throw new Error('tenant_invite_account returned nothing');
  return row.id;
}

/** Stores an invite link's hash for a member's account (retiring older ones); answers whether the account has a password. */
export async function insertInviteToken(tdb: TenantDb, values: { accountId: string; tokenHash: string; expiresAt: Date }): Promise<{ hasPassword: boolean }> {
  // raw SQL: a SECURITY DEFINER function (the tenant role has no privilege on auth_tokens), no table to build from.
  const [row] = await queryRows<{ hasPassword: boolean }>(
    tdb.tx,
    sql`SELECT tenant_issue_invite_token(${values.accountId}, ${values.tokenHash}, ${values.expiresAt.toISOString()}::timestamptz) AS "hasPassword"`,
  );
  return { hasPassword: row?.hasPassword === true };
}

/** What of a person's record payroll reads besides the salary structure: the identifiers and the joining date. */
export async function findPayDetails(tdb: TenantDb, id: string) {
  const [row] = await tdb.tx
    .select({
      bankAccountNumber: users.bankAccountNumber,
      ifscCode: users.ifscCode,
      pan: users.pan,
      uan: users.uan,
      esiNumber: users.esiNumber,
      dateOfJoining: users.dateOfJoining,
      dateOfBirth: users.dateOfBirth,
      workLocationId: users.workLocationId,
    })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, id)));
  return row;
}
