import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client';
import { BACKENDS, createTestApp, rerunMigration, type TestApp } from '../testing';

/** A tenant's defaults without ids and timestamps, in a stable order. */
async function defaultsOf(db: Db, tenantId: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`
    SELECT
      (SELECT json_agg(json_build_object('code', code, 'name', earning_name, 'payslip', name_in_payslip, 'category', earning_category, 'type', calculation_type,
              'value', calculation_value, 'fixed', is_fixed_pay, 'structure', is_part_of_salary_structure, 'taxable', is_taxable_earning, 'proRate', is_pro_rate_basis,
              'epf', epf_contribution_type, 'esi', is_considered_for_esi, 'active', is_active, 'sort', sort_order) ORDER BY code)
         FROM tenant_earnings WHERE tenant_id = ${tenantId}) AS earnings,
      (SELECT json_agg(json_build_object('name', deduction_name, 'description', description, 'recurring', is_recurring, 'type', deduction_type,
              'section', pre_tax_deduction_section, 'active', is_active) ORDER BY deduction_name)
         FROM tenant_deductions WHERE tenant_id = ${tenantId}) AS deductions,
      (SELECT json_agg(json_build_object('component', component, 'enabled', is_enabled, 'settings', settings) ORDER BY component)
         FROM statutory_components WHERE tenant_id = ${tenantId}) AS statutory,
      (SELECT json_agg(json_build_object('field', f.name, 'label', o.label, 'sort', o.sort_order) ORDER BY f.name, o.sort_order)
         FROM user_fields f LEFT JOIN user_field_options o ON o.user_field_id = f.id WHERE f.tenant_id = ${tenantId}) AS fields,
      (SELECT json_agg(json_build_object('code', code, 'name', name, 'paid', is_paid, 'quota', yearly_quota::text, 'monthly', accrues_monthly,
              'carry', carry_forward, 'maxCarry', max_carry_forward::text, 'color', color, 'active', is_active) ORDER BY code)
         FROM leave_types WHERE tenant_id = ${tenantId}) AS leave_types,
      (SELECT settings FROM attendance_settings WHERE tenant_id = ${tenantId}) AS attendance,
      (SELECT json_agg(json_build_object('name', shift_name, 'start', shift_start, 'end', shift_end, 'weekends', weekends)) FROM shifts WHERE tenant_id = ${tenantId} AND is_default) AS shift`,
  );
  return row;
}

async function dropDefaults(db: Db, tenantId: string): Promise<void> {
  for (const table of ['tenant_earnings', 'tenant_deductions', 'statutory_components', 'user_fields', 'leave_types', 'attendance_settings', 'shifts']) {
    await db.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE tenant_id = ${tenantId}`);
  }
}

describe.each(BACKENDS)('migration 0013: defaults for organisations that predate them (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives an organisation without defaults exactly what a new organisation gets, once', async () => {
    const old = await t.registerOrganisation();
    const untouched = await t.registerOrganisation();
    const provisioned = await defaultsOf(t.database.db, old.tenantId);
    expect(provisioned?.earnings).toHaveLength(6);
    expect(provisioned?.leave_types).toHaveLength(4);
    const untouchedBefore = await defaultsOf(t.database.db, untouched.tenantId);

    await dropDefaults(t.database.db, old.tenantId);
    expect(await defaultsOf(t.database.db, old.tenantId)).toMatchObject({ earnings: null, leave_types: null, attendance: null, shift: null });
    await rerunMigration(t.database.db, '0013_backfill_tenant_defaults');
    await rerunMigration(t.database.db, '0013_backfill_tenant_defaults');

    // The PF/ESI wage base came later (0046): an organisation that existed then keeps its components, dated
    // that day, where a new one starts on the labour codes; everything else is what a new organisation gets.
    await rerunMigration(t.database.db, '0046_statutory_wage_base');
    const backfilled = await defaultsOf(t.database.db, old.tenantId);
    const wageBases = (row: Record<string, unknown> | undefined) =>
      (row?.statutory as { component: string; settings: Record<string, unknown> }[]).filter((c) => 'wageBase' in c.settings).map((c) => [c.component, c.settings.wageBase]);
    expect(wageBases(provisioned)).toEqual([['EPF', 'codes'], ['ESI', 'codes']]);
    expect(wageBases(backfilled)).toEqual([['EPF', 'components'], ['ESI', 'components']]);
    const withoutWageBase = (row: Record<string, unknown> | undefined) => ({
      ...row,
      statutory: (row?.statutory as { settings: Record<string, unknown> }[]).map((c) => ({ ...c, settings: Object.fromEntries(Object.entries(c.settings).filter(([k]) => !k.startsWith('wageBase'))) })),
    });
    expect(withoutWageBase(backfilled)).toEqual(withoutWageBase(provisioned));
    expect(await defaultsOf(t.database.db, untouched.tenantId)).toEqual(untouchedBefore);
  });

  it('leaves an organisation that has some leave types or earnings of its own alone', async () => {
    const tenant = await t.registerOrganisation();
    await t.database.db.execute(sql`DELETE FROM leave_types WHERE tenant_id = ${tenant.tenantId} AND code <> 'CL'`);
    await t.database.db.execute(sql`DELETE FROM tenant_earnings WHERE tenant_id = ${tenant.tenantId} AND code <> 'BASIC'`);
    await rerunMigration(t.database.db, '0013_backfill_tenant_defaults');
    const [counts] = await queryRows<{ leave: number; earnings: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM leave_types WHERE tenant_id = ${tenant.tenantId}) AS leave, (SELECT count(*)::int FROM tenant_earnings WHERE tenant_id = ${tenant.tenantId}) AS earnings`,
    );
    expect(counts).toEqual({ leave: 1, earnings: 1 });
  });
});
