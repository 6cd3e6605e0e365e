import { and, eq, sql } from 'drizzle-orm';
import { departments, userFieldOptions, userFields, users, workLocations } from '../../db/schema';
import type { TenantDb } from '../../platform/tenancy';

/** What an import row may refer to, read once per file. */
export interface ImportLookups {
  departmentIdByName: Map<string, string>;
  /** The Work Location column names a location (or the city of exactly one), lowercased. */
  workLocationIdByName: Map<string, string>;
  userIdByEmail: Map<string, { id: string; status: number }>;
  employeeNumbers: Set<string>;
  employmentType: { userFieldId: string; optionIdByLabel: Map<string, { id: string; label: string }> } | null;
}

export async function findImportLookups(tdb: TenantDb): Promise<ImportLookups> {
  const deptRows = await tdb.tx.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.tenantId, tdb.tenantId));
  const locationRows = await tdb.tx.select({ id: workLocations.id, name: workLocations.name, city: workLocations.city }).from(workLocations).where(eq(workLocations.tenantId, tdb.tenantId));
  const cities = new Map<string, string[]>();
  for (const l of locationRows) if (l.city) cities.set(l.city.trim().toLowerCase(), [...(cities.get(l.city.trim().toLowerCase()) ?? []), l.id]);
  const userRows = await tdb.tx.select({ id: users.id, email: users.email, employeeNumber: users.employeeNumber, status: users.status }).from(users).where(eq(users.tenantId, tdb.tenantId));
  const fieldRows = await tdb.tx
    .select({ fieldId: userFields.id, optionId: userFieldOptions.id, label: userFieldOptions.label })
    .from(userFields)
    .leftJoin(userFieldOptions, eq(userFieldOptions.userFieldId, userFields.id))
    .where(and(eq(userFields.tenantId, tdb.tenantId), sql`lower(${userFields.name}) = 'employment type'`));
  const fieldId = fieldRows[0]?.fieldId;
  return {
    departmentIdByName: new Map(deptRows.map((d) => [d.name.trim().toLowerCase(), d.id])),
    // A location's own name wins over another's city.
    workLocationIdByName: new Map([
      ...[...cities.entries()].flatMap(([city, ids]) => (ids.length === 1 && ids[0] ? [[city, ids[0]] as const] : [])),
      ...locationRows.map((l) => [l.name.trim().toLowerCase(), l.id] as const),
    ]),
    userIdByEmail: new Map(userRows.map((u) => [u.email.toLowerCase(), { id: u.id, status: u.status }])),
    employeeNumbers: new Set(userRows.flatMap((u) => (u.employeeNumber ? [u.employeeNumber.toLowerCase()] : []))),
    employmentType: fieldId
      ? {
          userFieldId: fieldId,
          optionIdByLabel: new Map(fieldRows.flatMap((r) => (r.optionId && r.label ? [[r.label.trim().toLowerCase(), { id: r.optionId, label: r.label }] as const] : []))),
        }
      : null,
  };
}
