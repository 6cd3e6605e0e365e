import { and, asc, count, eq, sql } from 'drizzle-orm';
import { employeeSkills, skills, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

export interface SkillRow {
  id: string;
  name: string;
  description: string | null;
  employeeCount: number;
}

export async function findSkills(tdb: TenantDb): Promise<SkillRow[]> {
  const rows = await tdb.tx
    .select({
      id: skills.id,
      name: skills.name,
      description: skills.description,
      employeeCount: count(employeeSkills.userId),
    })
    .from(skills)
    .leftJoin(employeeSkills, eq(employeeSkills.skillId, skills.id))
    .where(eq(skills.tenantId, tdb.tenantId))
    .groupBy(skills.id)
    .orderBy(asc(sql`lower(${skills.name})`));
  return rows.map((r) => ({ ...r, employeeCount: Number(r.employeeCount) }));
}

export async function findSkill(tdb: TenantDb, id: string): Promise<SkillRow | null> {
  const [row] = await tdb.tx
    .select({
      id: skills.id,
      name: skills.name,
      description: skills.description,
      employeeCount: count(employeeSkills.userId),
    })
    .from(skills)
    .leftJoin(employeeSkills, eq(employeeSkills.skillId, skills.id))
    .where(and(eq(skills.tenantId, tdb.tenantId), eq(skills.id, id)))
    .groupBy(skills.id);
  return row ? { ...row, employeeCount: Number(row.employeeCount) } : null;
}

export async function nameTaken(tdb: TenantDb, name: string, exceptId: string | null): Promise<boolean> {
  const rows = await tdb.tx
    .select({ id: skills.id })
    .from(skills)
    .where(and(eq(skills.tenantId, tdb.tenantId), sql`lower(${skills.name}) = lower(${name})`, exceptId ? sql`${skills.id} <> ${exceptId}` : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertSkill(tdb: TenantDb, values: { name: string; description: string | null }): Promise<string> {
  const [row] = await tdb.tx
    .insert(skills)
    .values({ tenantId: tdb.tenantId, ...values })
    .returning({ id: skills.id });
  if (!row) throw new Error('skill insert returned nothing');
  return row.id;
}

export async function updateSkill(tdb: TenantDb, id: string, values: { name: string; description: string | null }, now: Date): Promise<void> {
  await tdb.tx
    .update(skills)
    .set({ ...values, updatedAt: now })
    .where(and(eq(skills.tenantId, tdb.tenantId), eq(skills.id, id)));
}

export async function deleteSkill(tdb: TenantDb, id: string): Promise<void> {
  await tdb.tx.delete(skills).where(and(eq(skills.tenantId, tdb.tenantId), eq(skills.id, id)));
}

export async function employeeExists(tdb: TenantDb, userId: string): Promise<boolean> {
  const rows = await tdb.tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), eq(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

export interface EmployeeSkillRow {
  userId: string;
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  skillId: string;
  skillName: string;
  level: number;
}

export async function findEmployeeSkills(tdb: TenantDb, filter: { userId?: string; skillId?: string }): Promise<EmployeeSkillRow[]> {
  return tdb.tx
    .select({
      userId: employeeSkills.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      employeeNumber: users.employeeNumber,
      skillId: employeeSkills.skillId,
      skillName: skills.name,
      level: employeeSkills.level,
    })
    .from(employeeSkills)
    .innerJoin(users, eq(users.id, employeeSkills.userId))
    .innerJoin(skills, eq(skills.id, employeeSkills.skillId))
    .where(
      and(
        eq(employeeSkills.tenantId, tdb.tenantId),
        filter.userId ? eq(employeeSkills.userId, filter.userId) : undefined,
        filter.skillId ? eq(employeeSkills.skillId, filter.skillId) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(sql`lower(${skills.name})`));
}

export async function upsertEmployeeSkill(tdb: TenantDb, userId: string, skillId: string, level: number, now: Date): Promise<void> {
  await tdb.tx
    .insert(employeeSkills)
    .values({ tenantId: tdb.tenantId, userId, skillId, level, updatedAt: now })
    .onConflictDoUpdate({
      target: [employeeSkills.userId, employeeSkills.skillId],
      set: { level, updatedAt: now },
    });
}

export async function deleteEmployeeSkill(tdb: TenantDb, userId: string, skillId: string): Promise<boolean> {
  const rows = await tdb.tx
    .delete(employeeSkills)
    .where(and(eq(employeeSkills.tenantId, tdb.tenantId), eq(employeeSkills.userId, userId), eq(employeeSkills.skillId, skillId)))
    .returning({ userId: employeeSkills.userId });
  return rows.length > 0;
}
