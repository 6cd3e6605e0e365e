import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Role, UserStatus } from '@tankha/contracts';
import { LABOUR_CODES_IN_FORCE_FROM } from '@tankha/domain';
import type { Db } from '../db/client';
import { accounts, departments, plans, subscriptions, tenantSettings, tenants, users } from '../db/schema';
import { provisionPayrollDefaults } from '../modules/salary/salary.defaults';
import { hashPassword } from '../platform/auth/passwords';
import { DEMO_PASSWORD } from './demo';

export interface BenchOrganisation {
  tenantId: string;
  /** Signs in with DEMO_PASSWORD. */
  adminEmail: string;
  /** Members who can sign in (DEMO_PASSWORD), as many as asked for. */
  memberEmails: string[];
  departmentIds: string[];
}

const BENCH_DEPARTMENTS = ['Engineering', 'Sales', 'Finance', 'Human Resources'] as const;

/**
 * A new organisation of its own for one benchmark (no result may depend on which
 * benchmarks ran before it on the same database): an enterprise subscription, Karnataka payroll
 * defaults, four departments and one administrator who can sign in. Employees are the benchmark's
 * to add.
 */
export async function seedBenchOrganisation(db: Db, label: string, options: { members?: number } = {}): Promise<BenchOrganisation> {
  const suffix = randomUUID().slice(0, 8);
  const adminEmail = `admin@${label}-${suffix}.bench`;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [enterprise] = await db.select().from(plans).where(sql`${plans.code} = 'enterprise'`).limit(1);
  if (!enterprise) throw new Error('reference data missing: enterprise plan');
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [tenant] = await tx
      .insert(tenants)
      .values({
        name: `Bench ${label} ${suffix}`,
        address: 'Outer Ring Road, Bengaluru, Karnataka 560103',
        businessType: 'pvtLtd',
        legalCompanyName: `Bench ${label} ${suffix} Private Limited`,
        industry: 'technology',
        teamSize: '1000+',
        orgDetailsCompletedAt: new Date(),
        isDemo: false,
      })
      .returning({ id: tenants.id });
    if (!tenant) throw new Error('bench tenant insert failed');
    await tx.insert(tenantSettings).values({ tenantId: tenant.id, workingHours: 9, weekDaysOff: ['Sunday', 'Saturday'] });
    await tx.insert(subscriptions).values({ tenantId: tenant.id, planId: enterprise.id, status: 'active', isTrial: false, billingType: 'yearly', quantity: 100_000, startAt: new Date(), endAt: null });
    const departmentIds: string[] = [];
    for (const name of BENCH_DEPARTMENTS) {
      const [row] = await tx.insert(departments).values({ tenantId: tenant.id, name, code: name.slice(0, 3).toUpperCase() }).returning({ id: departments.id });
      if (row) departmentIds.push(row.id);
    }
    const [account] = await tx
      .insert(accounts)
      .values({ email: adminEmail, passwordHash, firstName: 'Bench', lastName: 'Administrator', emailVerifiedAt: new Date() })
      .returning({ id: accounts.id });
    await tx.insert(users).values({
      tenantId: tenant.id,
      accountId: account?.id ?? null,
      email: adminEmail,
      employeeNumber: 'ADM0001',
      firstName: 'Bench',
      lastName: 'Administrator',
      roleId: Role.Administrator,
      status: UserStatus.Active,
      designation: 'Administrator',
      departmentId: departmentIds[0] ?? null,
      dateOfJoining: '2020-01-01',
      regimeType: 1,
    });
    const memberEmails: string[] = [];
    for (let i = 1; i <= (options.members ?? 0); i += 1) {
      const email = `member${String(i)}@${label}-${suffix}.bench`;
      const [member] = await tx
        .insert(accounts)
        .values({ email, passwordHash, firstName: 'Bench', lastName: `Member ${String(i)}`, emailVerifiedAt: new Date() })
        .returning({ id: accounts.id });
      await tx.insert(users).values({
        tenantId: tenant.id,
        accountId: member?.id ?? null,
        email,
        employeeNumber: `MEM${String(i).padStart(4, '0')}`,
        firstName: 'Bench',
        lastName: `Member ${String(i)}`,
        roleId: Role.Member,
        status: UserStatus.Active,
        designation: 'Engineer',
        departmentId: departmentIds[i % departmentIds.length] ?? null,
        dateOfJoining: '2020-01-01',
        regimeType: 1,
      });
      memberEmails.push(email);
    }
    await provisionPayrollDefaults(tx, tenant.id, { professionalTaxState: 'KA', wageBase: { wageBase: 'components', wageBaseSince: LABOUR_CODES_IN_FORCE_FROM } });
    return { tenantId: tenant.id, adminEmail, memberEmails, departmentIds };
  });
}
