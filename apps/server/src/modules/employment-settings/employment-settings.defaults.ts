import { and, eq } from 'drizzle-orm';
import { SETTINGS_CATALOGUE } from '@tankha/contracts';
import type { Db } from '../../db/client';
import { employmentTypeSettingValues, userFieldOptions, userFields } from '../../db/schema';
import { EMPLOYMENT_TYPE_FIELD } from '../salary/salary.defaults';

/**
 * The seeded employment-type settings of a new organisation (docs/decisions/0142-employment-type-settings.md): the catalogue's default values, by the labels of the Employment Type field's options
 * (provisionPayrollDefaults creates them first). Runs inside the caller's transaction; an
 * organisation that already has values keeps them. Organisations that predate this got the same
 * values from migration 0030; a change here needs a data migration too.
 */
export async function provisionEmploymentSettingDefaults(db: Db, tenantId: string): Promise<void> {
  const [existing] = await db.select({ id: employmentTypeSettingValues.id }).from(employmentTypeSettingValues).where(eq(employmentTypeSettingValues.tenantId, tenantId)).limit(1);
  if (existing) return;
  const options = await db
    .select({ id: userFieldOptions.id, label: userFieldOptions.label })
    .from(userFieldOptions)
    .innerJoin(userFields, and(eq(userFields.id, userFieldOptions.userFieldId), eq(userFields.name, EMPLOYMENT_TYPE_FIELD)))
    .where(eq(userFieldOptions.tenantId, tenantId))
    .orderBy(userFieldOptions.sortOrder);
  const idOf = new Map(options.map((o) => [o.label, o.id]));
  const rows = SETTINGS_CATALOGUE.flatMap((s) =>
    s.defaults.map((d, i) => ({
      tenantId,
      settingId: s.employmentTypeSettingId,
      employmentTypeIds: d.employmentTypes.map((label) => idOf.get(label)).filter((id): id is string => id !== undefined),
      value: d.value,
      sortOrder: i,
    })),
  ).filter((r) => r.employmentTypeIds.length > 0);
  if (rows.length > 0) await db.insert(employmentTypeSettingValues).values(rows);
}
