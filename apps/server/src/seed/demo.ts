import { queryRows } from '../db/client';
import { sql } from 'drizzle-orm';
import { Gender, Role, UserStatus } from '@tankha/contracts';
import { LABOUR_CODES_IN_FORCE_FROM } from '@tankha/domain';
import type { Db } from '../db/client';
import { accounts, departments, plans, subscriptions, tenantEarnings, tenantSettings, tenants, userEarnings, userFieldOptions, userFieldValues, users, workLocations } from '../db/schema';
import { seedDemoAttendance } from './demo-attendance';
import { seedDemoPayroll, type DemoPayrollDeps } from './demo-payroll';
import { seedDemoChallans } from './demo-challans';
import { demoLastYearStartMonth, seedDemoForm16, type DemoForm16Deps } from './demo-form16';
import { seedDemoInvoices } from './demo-invoices';
import type { FileStorage } from '../platform/files/file-storage';
import { seedDemoDeclarations } from './demo-declarations';
import { seedDemoExits } from './demo-exits';
import { provisionEmploymentSettingDefaults } from '../modules/employment-settings/employment-settings.defaults';
import { EMPLOYMENT_TYPE_FIELD, provisionPayrollDefaults } from '../modules/salary/salary.defaults';
import { DEMO_PASSWORD, hashPassword } from '../platform/auth/passwords';
import { DEMO_DOMAIN, DEMO_LOGINS } from './demo-logins';
import { seedDemoProofs } from './demo-proofs';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES } from './names';

/**
 * The demo organisation created on first start (so every screen has data to show): an administrator, a moderator and
 * about 40 members in 4 departments, with designations, managers, joining dates and PANs.
 * Deterministic: the same people every time, so docs and tests can name them.
 */
export { DEMO_PASSWORD };
export { DEMO_DOMAIN, DEMO_LOGINS };

interface Person {
  firstName: string;
  lastName: string;
  gender: number;
  roleId: number;
  designation: string;
  department: string;
  managerKey: string | null;
  key: string;
}

const DEPARTMENTS = [
  { name: 'Engineering', code: 'ENG', description: 'Product engineering and quality', head: 'rahul', designations: ['Software Engineer', 'Senior Software Engineer', 'QA Engineer', 'DevOps Engineer', 'Tech Lead'] },
  { name: 'Sales', code: 'SAL', description: 'Sales and customer success', head: 'priya', designations: ['Sales Executive', 'Account Manager', 'Customer Success Manager', 'Business Development Executive'] },
  { name: 'Finance', code: 'FIN', description: 'Accounts, payroll and compliance', head: 'arjun', designations: ['Accountant', 'Senior Accountant', 'Payroll Executive', 'Financial Analyst'] },
  { name: 'Human Resources', code: 'HR', description: 'People operations and talent', head: 'vikram', designations: ['HR Executive', 'Talent Acquisition Specialist', 'HR Generalist'] },
] as const;

/** A small deterministic generator (mulberry32), so the demo is the same on every machine. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function people(): Person[] {
  const list: Person[] = [
    { key: 'anita', firstName: 'Anita', lastName: 'Rao', gender: Gender.Female, roleId: Role.Administrator, designation: 'Chief Executive Officer', department: 'Human Resources', managerKey: null },
    { key: 'vikram', firstName: 'Vikram', lastName: 'Nair', gender: Gender.Male, roleId: Role.Moderator, designation: 'HR Manager', department: 'Human Resources', managerKey: 'anita' },
    { key: 'rahul', firstName: 'Rahul', lastName: 'Sharma', gender: Gender.Male, roleId: Role.Member, designation: 'Engineering Manager', department: 'Engineering', managerKey: 'anita' },
    { key: 'priya', firstName: 'Priya', lastName: 'Iyer', gender: Gender.Female, roleId: Role.Member, designation: 'Sales Manager', department: 'Sales', managerKey: 'anita' },
    { key: 'arjun', firstName: 'Arjun', lastName: 'Mehta', gender: Gender.Male, roleId: Role.Member, designation: 'Finance Manager', department: 'Finance', managerKey: 'anita' },
  ];
  // 38 more members spread over the departments: 16 engineering, 10 sales, 6 finance, 6 HR.
  const spread: [number, number][] = [[0, 16], [1, 10], [2, 6], [3, 6]];
  let n = 0;
  for (const [deptIndex, count] of spread) {
    const dept = DEPARTMENTS[deptIndex];
    if (!dept) continue;
    for (let i = 0; i < count; i += 1) {
      const female = n % 2 === 0;
      const names = female ? FEMALE_NAMES : MALE_NAMES;
      const firstName = names[Math.floor(n / 2) % names.length] ?? 'Asha';
      const lastName = SURNAMES[n % SURNAMES.length] ?? 'Kumar';
      list.push({
        key: `m${n.toString()}`,
        firstName,
        lastName,
        gender: female ? Gender.Female : Gender.Male,
        roleId: Role.Member,
        designation: dept.designations[i % dept.designations.length] ?? 'Executive',
        department: dept.name,
        managerKey: dept.head,
      });
      n += 1;
    }
  }
  return list;
}

/**
 * Where the demo's people work (issue 28). Nilgiri is in Bengaluru; its sales team works from Pune,
 * whose Maharashtra slabs give the same ₹200 a month (₹300 in February) as Karnataka's above ₹25,000,
 * so the demo's pay figures do not move. Hyderabad has nobody yet: Telangana's February is ₹200, not
 * ₹300, and the demo's finalized months would change.
 */
const DEMO_LOCATIONS = [
  { key: 'bengaluru', values: { name: 'Bengaluru HQ', stateCode: 'KA', city: 'Bengaluru', ptRegistrationNumber: '290512345678', lwfRegistrationNumber: null } },
  { key: 'pune', values: { name: 'Pune Sales Office', stateCode: 'MH', city: 'Pune', ptRegistrationNumber: '27123456789P', lwfRegistrationNumber: null } },
  { key: 'hyderabad', values: { name: 'Hyderabad', stateCode: 'TG', city: 'Hyderabad', ptRegistrationNumber: null, lwfRegistrationNumber: null } },
] as const;
type DemoLocation = (typeof DEMO_LOCATIONS)[number]['key'];

/** Sales members earning above ₹25,000 a month work from Pune (members on ₹2,40,000 stay: Maharashtra charges a man below ₹25,000). */
function locationOf(p: Person): DemoLocation {
  const member = /^m(\d+)$/.exec(p.key);
  const n = member ? Number(member[1]) : -1;
  return p.department === 'Sales' && member && (MEMBER_CTC_LADDER[n % MEMBER_CTC_LADDER.length] ?? 0) >= 480_000 ? 'pune' : 'bengaluru';
}

function isoDate(year: number, month: number, day: number): string {
  return `${year.toString()}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Seeds the demo organisation unless one exists; returns whether it did. With `payroll` (the
 * running app's job queue), its payroll too: set up, two months finalized, this month a draft
 * (demo-payroll.ts). Without it, payroll is left to set up, as the suites that do it want.
 */
/**
 * With `payroll`, the demo's payroll months too; with its `form16`, last year's Form 16 of some
 * employees; with `form16PartB` as well, the payroll from April of the last financial year and
 * Part B generated for everyone else of that year.
 */
export async function seedDemoOrganisation(
  db: Db,
  now: Date,
  payroll?: DemoPayrollDeps & { form16?: DemoForm16Deps['form16']; form16PartB?: DemoForm16Deps['form16PartB']; proofFiles?: FileStorage },
): Promise<boolean> {
  const existing = await queryRows<{ id: string }>(db, sql`SELECT id FROM tenants WHERE is_demo LIMIT 1`);
  if (existing.length > 0) return false;
  const rnd = random(20_260_401);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [enterprise] = await db.select().from(plans).where(sql`${plans.code} = 'enterprise'`).limit(1);
  if (!enterprise) throw new Error('reference data missing: enterprise plan');

  let demoTenantId = '';
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [tenant] = await tx
      .insert(tenants)
      .values({
        name: 'Nilgiri Software Pvt Ltd',
        address: '4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru, Karnataka 560103',
        pan: 'AAFCN4821K',
        tan: 'BLRN04821E',
        gstNumber: '29AAFCN4821K1Z3',
        cinNumber: 'U72200KA2016PTC094821',
        businessType: 'pvtLtd',
        legalCompanyName: 'Nilgiri Software Private Limited',
        industry: 'technology',
        teamSize: '21-100',
        orgDetailsCompletedAt: now,
        isDemo: true,
      })
      .returning();
    if (!tenant) throw new Error('demo tenant insert failed');
    await tx.insert(tenantSettings).values({ tenantId: tenant.id, workingHours: 9, weekDaysOff: ['Sunday', 'Saturday'] });
    await tx.insert(subscriptions).values({ tenantId: tenant.id, planId: enterprise.id, status: 'active', isTrial: false, billingType: 'yearly', quantity: 50, startAt: now, endAt: null });

    const deptIds = new Map<string, string>();
    for (const d of DEPARTMENTS) {
      const [row] = await tx.insert(departments).values({ tenantId: tenant.id, name: d.name, code: d.code, description: d.description }).returning({ id: departments.id });
      if (row) deptIds.set(d.name, row.id);
    }

    const locationIds = new Map<DemoLocation, string>();
    for (const l of DEMO_LOCATIONS) {
      const [row] = await tx.insert(workLocations).values({ tenantId: tenant.id, ...l.values }).returning({ id: workLocations.id });
      if (row) locationIds.set(l.key, row.id);
    }

    const all = people();
    const userIds = new Map<string, string>();
    const currentYear = Number(now.toISOString().slice(0, 4));
    for (const [index, p] of all.entries()) {
      const email = `${p.firstName}.${p.lastName}${index > 4 && all.slice(0, index).some((q) => q.firstName === p.firstName && q.lastName === p.lastName) ? index.toString() : ''}@${DEMO_DOMAIN}`.toLowerCase();
      const [account] = await tx
        .insert(accounts)
        .values({ email, passwordHash, firstName: p.firstName, lastName: p.lastName, emailVerifiedAt: now })
        .returning({ id: accounts.id });
      const pan = `${LETTERS[Math.floor(rnd() * 26)] ?? 'A'}${LETTERS[Math.floor(rnd() * 26)] ?? 'B'}${LETTERS[Math.floor(rnd() * 26)] ?? 'C'}P${p.lastName[0] ?? 'K'}${String(1000 + Math.floor(rnd() * 9000))}${LETTERS[Math.floor(rnd() * 26)] ?? 'Z'}`;
      const joiningYear = index < 5 ? 2016 + index : currentYear - 1 - Math.floor(rnd() * 7);
      const dateOfJoining = isoDate(joiningYear, 1 + Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28));
      const dateOfBirth = isoDate(1975 + Math.floor(rnd() * 25), 1 + Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28));
      const [user] = await tx
        .insert(users)
        .values({
          tenantId: tenant.id,
          accountId: account?.id ?? null,
          email,
          employeeNumber: `NSP${String(index + 1).padStart(3, '0')}`,
          firstName: p.firstName,
          lastName: p.lastName,
          roleId: p.roleId,
          status: UserStatus.Active,
          gender: p.gender,
          phoneNumber: `+91 9${String(100_000_000 + Math.floor(rnd() * 899_999_999))}`,
          dateOfBirth,
          dateOfJoining,
          departmentId: deptIds.get(p.department) ?? null,
          designation: p.designation,
          workLocation: DEMO_LOCATIONS.find((l) => l.key === locationOf(p))?.values.city ?? null,
          workLocationId: locationIds.get(locationOf(p)) ?? null,
          pan,
          regimeType: rnd() < 0.7 ? 1 : 0,
        })
        .returning({ id: users.id });
      if (user) userIds.set(p.key, user.id);
    }
    for (const p of all) {
      if (!p.managerKey) continue;
      await tx
        .update(users)
        .set({ reportingManagerId: userIds.get(p.managerKey) ?? null })
        .where(sql`${users.id} = ${userIds.get(p.key) ?? null}`);
    }
    await seedDemoSalaries(tx, tenant.id, all, userIds);
    // Employment-type settings (notice periods by employment type, probation, exit) and two exit requests.
    await provisionEmploymentSettingDefaults(tx, tenant.id);
    await seedDemoExits(tx, tenant.id, now, { pendingUserId: userIds.get('m4'), approvedUserId: userIds.get('m17'), approverId: userIds.get('priya') });
    demoTenantId = tenant.id;
    for (const d of DEPARTMENTS) {
      await tx
        .update(departments)
        .set({ headUserId: userIds.get(d.head) ?? null })
        .where(sql`${departments.id} = ${deptIds.get(d.name) ?? null}`);
    }
  });
  await seedDemoAttendance(db, demoTenantId, now);
  if (payroll) {
    // The declarations first, so the demo's payslips show them in their TDS.
    await seedDemoDeclarations(db, demoTenantId, now);
    await seedDemoPayroll(db, demoTenantId, now, payroll, payroll.form16PartB ? { since: demoLastYearStartMonth(now) } : {});
    await seedDemoChallans(db, demoTenantId, now);
    await seedDemoInvoices(db, demoTenantId, now, payroll.jobs);
  }
  if (payroll?.form16) await seedDemoForm16(db, demoTenantId, now, { jobs: payroll.jobs, form16: payroll.form16, ...(payroll.form16PartB ? { form16PartB: payroll.form16PartB } : {}) }, DEMO_LOGINS.member);
  // Demo proofs of investment, comments and reviews, with their files.
  if (payroll?.proofFiles) await seedDemoProofs(db, demoTenantId, now, payroll.proofFiles);
  return true;
}

/** Annual CTC in rupees by person: leaders first, then members on a deterministic ladder (a few under the ESI line). */
const MEMBER_CTC_LADDER = [600_000, 840_000, 1_200_000, 480_000, 960_000, 1_500_000, 720_000, 240_000, 1_800_000, 540_000];
const LEADER_CTC: Record<string, number> = { anita: 4_800_000, vikram: 2_400_000, rahul: 3_000_000, priya: 2_600_000, arjun: 2_600_000 };

const BANKS = [
  { name: 'HDFC Bank', ifsc: 'HDFC0001753', prefix: '50100', length: 14 },
  { name: 'ICICI Bank', ifsc: 'ICIC0000409', prefix: '0409', length: 12 },
  { name: 'State Bank of India', ifsc: 'SBIN0040277', prefix: '39', length: 11 },
  { name: 'Axis Bank', ifsc: 'UTIB0000009', prefix: '91801', length: 15 },
  { name: 'Kotak Mahindra Bank', ifsc: 'KKBK0008066', prefix: '81', length: 10 },
] as const;

/**
 * What a payroll needs of an employee besides the salary (the run warns without a bank
 * account or PAN; the payslip prints the UAN, PF and ESI numbers and the masked account): a salary
 * account at one of five banks, a UAN and a PF member number under Nilgiri's EPFO establishment,
 * and an ESI number for those whose wages are within the ESI ceiling. Derived from the person's
 * place in the list, so the demo's random sequence (PANs, dates) is the same as before.
 */
function payDetails(index: number, p: Person, annualCtc: number) {
  const bank = BANKS[index % BANKS.length] ?? BANKS[0];
  const serial = String(index + 1).padStart(3, '0');
  const digits = (seed: number, length: number) => {
    let out = '';
    // MINSTD (x × 48271 mod 2³¹ − 1): exact in doubles, a digit per step.
    for (let x = seed; out.length < length; ) {
      x = (x * 48_271) % 2_147_483_647;
      out += String(Math.floor(x / 1_000) % 10);
    }
    return out;
  };
  return {
    bankName: bank.name,
    ifscCode: bank.ifsc,
    bankAccountNumber: `${bank.prefix}${digits(index + 11, bank.length - bank.prefix.length)}`,
    accountHolderName: `${p.firstName} ${p.lastName}`,
    uan: `1010${digits(index + 3_001, 8)}`,
    pfNumber: `KN/BNG/0094821/000/0000${serial}`,
    // ESI covers wages up to ₹21,000 a month: the ₹2,40,000 CTC rung of the ladder.
    esiNumber: annualCtc <= 252_000 ? `53000${digits(index + 501, 5)}` : null,
  };
}

/**
 * The people issue's payroll data for the demo: the standard components (professional tax in
 * Karnataka, where Nilgiri is), each person's CTC with the default structure as their associations,
 * their bank and statutory numbers, and an Employment Type (mostly Full Time; a few interns and
 * contractors).
 */
async function seedDemoSalaries(tx: Db, tenantId: string, all: Person[], userIds: Map<string, string>): Promise<void> {
  // The demo organisation predates the labour codes and kept the components marked for PF and ESI when they came in.
  await provisionPayrollDefaults(tx, tenantId, { professionalTaxState: 'KA', wageBase: { wageBase: 'components', wageBaseSince: LABOUR_CODES_IN_FORCE_FROM } });
  const earnings = await tx.select().from(tenantEarnings).where(sql`${tenantEarnings.tenantId} = ${tenantId} AND ${tenantEarnings.isPartOfSalaryStructure}`);
  const options = await tx
    .select({ id: userFieldOptions.id, label: userFieldOptions.label, userFieldId: userFieldOptions.userFieldId })
    .from(userFieldOptions)
    .where(sql`${userFieldOptions.tenantId} = ${tenantId} AND ${userFieldOptions.userFieldId} = (SELECT id FROM user_fields WHERE tenant_id = ${tenantId} AND name = ${EMPLOYMENT_TYPE_FIELD})`);
  const option = (label: string) => options.find((o) => o.label === label);
  let member = 0;
  for (const [index, p] of all.entries()) {
    const userId = userIds.get(p.key);
    if (!userId) continue;
    const leader = LEADER_CTC[p.key];
    const ctc = leader ?? MEMBER_CTC_LADDER[member % MEMBER_CTC_LADDER.length] ?? 600_000;
    const employmentType = leader ? 'Full Time' : member % 13 === 7 ? 'Intern' : member % 11 === 5 ? 'Contract' : 'Full Time';
    if (!leader) member += 1;
    await tx
      .update(users)
      .set({ annualCtcPaise: ctc * 100, experience: String(leader ? 12 : 1 + (member % 9)), ...payDetails(index, p, ctc) })
      .where(sql`${users.id} = ${userId}`);
    await tx.insert(userEarnings).values(earnings.map((e) => ({ tenantId, userId, tenantEarningId: e.id, calculationType: e.calculationType, calculationValue: e.calculationValue })));
    const chosen = option(employmentType);
    if (chosen) await tx.insert(userFieldValues).values({ tenantId, userId, userFieldId: chosen.userFieldId, optionId: chosen.id, fieldValue: chosen.label });
  }
}
