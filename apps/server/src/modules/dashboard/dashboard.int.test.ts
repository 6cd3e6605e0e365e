import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@tankha/contracts';
import { eq } from 'drizzle-orm';
import { departments, users } from '../../db/schema';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';
import { withTenant } from '../../platform/unit-of-work';

const DAY_MS = 86_400_000;

/** The whole dashboard reply for a small organisation whose every row is known. */
describe.each(BACKENDS)('dashboard (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    t.clock.set(new Date('2026-02-20T06:30:00Z'));
    admin = await t.registerOrganisation({ organizationName: 'Dash Works', firstName: 'Kiran', lastName: 'Das' });
    // Three days into the trial: the reply counts the days left from now.
    t.clock.advance(3 * DAY_MS + 3_600_000);
    admin = await t.login(admin.email, 'Secret123');
    ids = await withTenant(t.database.db, admin.tenantId, async ({ tx }) => {
      const [eng, ops, closed] = await tx
        .insert(departments)
        .values([
          { tenantId: admin.tenantId, name: 'Engineering' },
          { tenantId: admin.tenantId, name: 'Operations' },
          { tenantId: admin.tenantId, name: 'Closed', status: 2 },
        ])
        .returning({ id: departments.id });
      const person = (email: string, firstName: string, values: Partial<typeof users.$inferInsert>) => ({ tenantId: admin.tenantId, email, firstName, lastName: 'Test', status: 1, ...values });
      const [manager] = await tx
        .insert(users)
        .values(person('mira@dash.in', 'Mira', { departmentId: eng!.id, designation: 'Lead', dateOfJoining: '2025-11-02', dateOfBirth: '1990-03-01' }))
        .returning({ id: users.id });
      const rows = await tx
        .insert(users)
        .values([
          person('ravi@dash.in', 'Ravi', { departmentId: eng!.id, reportingManagerId: manager!.id, dateOfJoining: '2026-02-03', dateOfBirth: '1995-02-23' }),
          person('sana@dash.in', 'Sana', { departmentId: ops!.id, status: 3, reportingManagerId: manager!.id, dateOfJoining: '2026-02-15', designation: 'Analyst' }),
          person('omar@dash.in', 'Omar', { departmentId: ops!.id, status: 4, reportingManagerId: manager!.id, dateOfJoining: '2026-01-05', dateOfBirth: '1988-02-22' }),
          person('lata@dash.in', 'Lata', { departmentId: eng!.id, status: 2, dateOfJoining: '2026-02-10', dateOfBirth: '1992-02-24' }),
          person('noor@dash.in', 'Noor', { departmentId: closed!.id, dateOfBirth: '2000-02-29' }),
        ])
        .returning({ id: users.id, email: users.email });
      const byEmail = Object.fromEntries(rows.map((r) => [r.email.split('@')[0]!, r.id]));
      await tx.update(users).set({ departmentId: ops!.id, dateOfJoining: '2025-12-31' }).where(eqId(admin.id));
      return { ...byEmail, mira: manager!.id, eng: eng!.id, ops: ops!.id };
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('an administrator sees the organisation, counts, headcounts, recent joiners and birthdays', async () => {
    const res = await t.call('GET', '/dashboard', { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      organization: { id: admin.tenantId, tenantName: 'Dash Works', logoUrl: null, address: null, planName: 'Trial', isTenantOnTrial: true, trialDaysLeft: 11 },
      me: { id: admin.id, firstName: 'Kiran', lastName: 'Das', designation: null, departmentName: 'Operations', dateOfJoining: '2025-12-31', reportingManagerName: null, reporteeCount: 0 },
      counts: { activeUsers: 4, pendingUsers: 1, inactiveUsers: 1, restrictedUsers: 1, departments: 2, joinedThisMonth: 2 },
      departments: [
        { id: ids.ops, name: 'Operations', employees: 3 },
        { id: ids.eng, name: 'Engineering', employees: 2 },
      ],
      recentJoiners: [
        { id: ids.sana, name: 'Sana Test', designation: 'Analyst', dateOfJoining: '2026-02-15' },
        { id: ids.ravi, name: 'Ravi Test', designation: null, dateOfJoining: '2026-02-03' },
        { id: ids.omar, name: 'Omar Test', designation: null, dateOfJoining: '2026-01-05' },
        { id: admin.id, name: 'Kiran Das', designation: null, dateOfJoining: '2025-12-31' },
        { id: ids.mira, name: 'Mira Test', designation: 'Lead', dateOfJoining: '2025-11-02' },
      ],
      // Active people only; 29 February falls on the 28th in a common year; next year's 22 February is past the window.
      upcomingBirthdays: [
        { id: ids.ravi, name: 'Ravi Test', date: '2026-02-23' },
        { id: ids.noor, name: 'Noor Test', date: '2026-02-28' },
        { id: ids.mira, name: 'Mira Test', date: '2026-03-01' },
      ],
    });
  });

  it('the own card counts active and restricted reportees', async () => {
    const res = await t.call('GET', '/dashboard', { token: admin.token });
    expect(res.json().data.me.reporteeCount).toBe(0);
    await withTenant(t.database.db, admin.tenantId, ({ tx }) => tx.update(users).set({ reportingManagerId: admin.id }).where(eqId(ids.mira!)));
    const after = await t.call('GET', '/dashboard', { token: admin.token });
    expect(after.json().data.me.reporteeCount).toBe(1);
    await withTenant(t.database.db, admin.tenantId, ({ tx }) => tx.update(users).set({ reportingManagerId: null }).where(eqId(ids.mira!)));
  });
});

function eqId(id: string) {
  return eq(users.id, id);
}
