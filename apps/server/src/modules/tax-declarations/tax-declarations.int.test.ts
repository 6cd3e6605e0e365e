import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_IT_REMINDER_SUBJECT, SENDER_EMAIL_MSG, TAX_WINDOW_MSG, type ItDeclarationConfig, type PoiConfig, type SessionUser } from '@tankha/contracts';
import { buildApp } from '../../app';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/** Tuesday 10 June 2025, 10:00 in Kolkata: the financial year 2025-26, June's lock dates. */
const JUNE_10 = new Date('2025-06-10T04:30:00Z');
/** 25 June 2025, five days before a 30 June lock date: 05:59 and 06:00 in Kolkata (UTC+5:30). */
const JUNE_25_0559 = new Date('2025-06-25T00:29:00Z');
const JUNE_25_0600 = new Date('2025-06-25T00:30:00Z');
const JUNE_25_1500 = new Date('2025-06-25T09:30:00Z');
/** 1 July 2025 at 06:30 in Kolkata: the day after the lock date. */
const JULY_1_0630 = new Date('2025-07-01T01:00:00Z');

interface Mail {
  to_address: string;
  subject: string;
  html_body: string;
  text_body: string;
  from_name: string | null;
  reply_to: string | null;
}

const itBody = (overrides: Record<string, unknown> = {}) => ({
  endDate: '2025-06-30',
  status: 1,
  financialYearStart: 2025,
  financialYearEnd: 2026,
  allowRegimeSwitch: true,
  allowTdsModificationExceedCalculatedAmount: false,
  notifyOnRelease: false,
  enableReminderEmails: true,
  notifyOnLock: false,
  ...overrides,
});

const poiBody = (overrides: Record<string, unknown> = {}) => ({
  endDate: '2025-06-30',
  financialYearStart: 2025,
  financialYearEnd: 2026,
  allowRegimeSwitch: false,
  allowTdsModificationDuringPayroll: false,
  mandateInvestmentProofAttachments: true,
  mandateReviewerCommentsForPartialApproval: true,
  canTdsExceedAnnualLimit: true,
  processPayrollFromMonth: '04',
  notifyOnRelease: false,
  enableReminderEmails: true,
  notifyOnLock: false,
  ...overrides,
});

const EVIL_BODY =
  '<p>Dear <strong>%EmployeeName%</strong>,</p><script>alert("stolen")</script><img src=x onerror="alert(document.cookie)"><p onclick="steal()">Click</p>' +
  '<a href="javascript:alert(1)">bad link</a><a href="https://tankha.example/help">help</a><span style="font-family: Georgia; color: red; background:url(x)">styled</span><iframe src="https://evil.example"></iframe>';

describe.each(BACKENDS)('tax declaration and POI windows (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let activeEmployees: number;

  const mails = (tenantId: string, subjectLike: string) =>
    queryRows<Mail>(t.database.db, sql`SELECT to_address, subject, html_body, text_body, from_name, reply_to FROM outbox_emails WHERE tenant_id = ${tenantId} AND subject LIKE ${subjectLike} ORDER BY to_address`);
  /** Sessions last 12 hours: after moving the clock on, everyone signs in again. */
  const relogin = async () => {
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
  };
  const itConfig = async (token: string) => (await t.call('GET', '/ITDeclaration/config', { token })).json().data as ItDeclarationConfig | null;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: JUNE_10 });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM users WHERE tenant_id = ${admin.tenantId} AND status = 1 AND (date_of_leaving IS NULL OR date_of_leaving >= '2025-06-10')`,
    );
    activeEmployees = row?.n ?? 0;
    expect(activeEmployees).toBeGreaterThan(3);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('lock date and field validation (payroll spec §5, §8)', () => {
    const expectError = async (url: string, body: Record<string, unknown>, message: string, field?: string) => {
      const res = await t.call('POST', url, { token: admin.token, body });
      expect(res.statusCode).toBe(400);
      const json = res.json() as { message: string; errors?: Record<string, string> };
      if (field) expect(json.errors?.[field]).toBe(message);
      else expect(json.message).toContain(message);
    };

    it('refuses a missing lock date, a date outside the month and a date before the picker’s minimum, writing nothing', async () => {
      await expectError('/ITDeclaration/config', itBody({ endDate: undefined }), TAX_WINDOW_MSG.lockDateRequired, 'endDate');
      await expectError('/ITDeclaration/config', itBody({ endDate: null }), TAX_WINDOW_MSG.lockDateRequired, 'endDate');
      await expectError('/ITDeclaration/config', itBody({ endDate: '2025-07-01' }), TAX_WINDOW_MSG.lockDateOutsideMonth, 'endDate');
      await expectError('/ITDeclaration/config', itBody({ endDate: '2025-05-31' }), TAX_WINDOW_MSG.lockDateOutsideMonth, 'endDate');
      await expectError('/ITDeclaration/config', itBody({ endDate: '2025-06-09' }), TAX_WINDOW_MSG.itLockDateTooEarly, 'endDate');
      await expectError('/ITDeclaration/config', itBody({ endDate: '30/06/2025' }), 'endDate must be a date (YYYY-MM-DD)', 'endDate');
      await expectError('/POI/config', poiBody({ endDate: '2025-06-10' }), TAX_WINDOW_MSG.poiLockDateTooEarly, 'endDate');
      await expectError('/POI/config', poiBody({ processPayrollFromMonth: undefined }), TAX_WINDOW_MSG.monthRequired, 'processPayrollFromMonth');
      await expectError('/POI/config', poiBody({ processPayrollFromMonth: '13' }), 'processPayrollFromMonth must be a month from 01 to 12', 'processPayrollFromMonth');
      await expectError('/ITDeclaration/config', itBody({ financialYearEnd: 2027 }), TAX_WINDOW_MSG.financialYearPair, 'financialYearEnd');
      await expectError('/ITDeclaration/config', itBody({ financialYearStart: 2023, financialYearEnd: 2024 }), TAX_WINDOW_MSG.financialYearNotOpen, 'financialYearStart');
      await expectError('/ITDeclaration/config', itBody({ status: 0 }), 'status must be 1 (Released): use the lock call to lock', 'status');
      await expectError(
        '/ITDeclaration/config',
        itBody({ reminders: [1, 2, 3, 4, 5].map((d) => ({ daysBeforeLockDate: d, isEnabled: true, subject: 's', body: '<p>b</p>' })) }),
        TAX_WINDOW_MSG.reminderLimit,
        'reminders',
      );
      expect(await itConfig(admin.token)).toBeNull();
      expect((await t.call('GET', '/POI/config', { token: admin.token })).json().data).toBeNull();
    });
  });

  describe('roles and tenancy (payroll spec §6)', () => {
    it('members read the status only; administrators and moderators manage', async () => {
      expect((await t.call('GET', '/ITDeclaration/config', { token: member.token })).statusCode).toBe(403);
      expect((await t.call('POST', '/ITDeclaration/config', { token: member.token, body: itBody() })).statusCode).toBe(403);
      expect((await t.call('POST', '/POI/config', { token: member.token, body: poiBody() })).statusCode).toBe(403);
      expect((await t.call('GET', '/POI/reminders?poiConfigId=6d0f3bd0-4b4a-4b8a-9a3e-7d2c4b1e0a11', { token: member.token })).statusCode).toBe(403);
      const status = await t.call('GET', '/ITDeclaration/status', { token: member.token });
      expect(status.statusCode).toBe(200);
      expect(status.json().data).toEqual({ status: 0, configId: null, lockDate: null, allowRegimeSwitch: false, allowTdsModificationExceedCalculatedAmount: false, financialYearStart: 2025, financialYearEnd: 2026 });
      expect((await t.call('GET', '/ITDeclaration/config', { token: moderator.token })).statusCode).toBe(200);
    });
  });

  describe('the IT declaration window', () => {
    let config: ItDeclarationConfig;

    it('a moderator releases it: saved, two default reminders (5 and 1 days, enabled), no notice unless asked', async () => {
      const res = await t.call('POST', '/ITDeclaration/config', { token: moderator.token, body: itBody() });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(TAX_WINDOW_MSG.itSaved);
      config = res.json().data as ItDeclarationConfig;
      expect(config).toMatchObject({ status: 1, startDate: '2025-06-10', endDate: '2025-06-30', allowRegimeSwitch: true, enableReminderEmails: true, financialYearStart: 2025, financialYearEnd: 2026, lockedAt: null });
      expect(config.reminders.map((r) => [r.daysBeforeLockDate, r.isEnabled, r.subject])).toEqual([
        [5, true, DEFAULT_IT_REMINDER_SUBJECT],
        [1, true, DEFAULT_IT_REMINDER_SUBJECT],
      ]);
      expect(config.reminders[0]?.body).toContain('%LockDate%');
      expect(await mails(admin.tenantId, 'Income Tax Declaration for 2025-26 is open')).toEqual([]);
      // Everyone sees it open.
      expect((await t.call('GET', '/ITDeclaration/status', { token: member.token })).json().data).toMatchObject({ status: 1, configId: config.id, lockDate: '2025-06-30', allowRegimeSwitch: true });
      // Another organisation sees its own (nothing).
      expect((await t.call('GET', '/ITDeclaration/config', { token: other.token })).json().data).toBeNull();
    });

    it('saving again updates it (the same row)', async () => {
      const res = await t.call('POST', '/ITDeclaration/config', { token: admin.token, body: itBody({ id: config.id, allowRegimeSwitch: false, allowTdsModificationExceedCalculatedAmount: true }) });
      expect(res.json().message).toBe(TAX_WINDOW_MSG.itUpdated);
      expect(res.json().data).toMatchObject({ id: config.id, allowRegimeSwitch: false, allowTdsModificationExceedCalculatedAmount: true, status: 1 });
      // A saved configuration's reminders are saved one by one.
      const withReminders = await t.call('POST', '/ITDeclaration/config', { token: admin.token, body: itBody({ id: config.id, reminders: [] }) });
      expect(withReminders.json().message).toBe(TAX_WINDOW_MSG.remindersOnlyOnCreate);
    });

    it('another organisation cannot update, lock or read it by id', async () => {
      const update = await t.call('POST', '/ITDeclaration/config', { token: other.token, body: itBody({ id: config.id }) });
      expect(update.statusCode).toBe(404);
      expect((await t.call('POST', '/ITDeclaration/config/lock', { token: other.token, body: { id: config.id } })).statusCode).toBe(404);
      expect((await t.call('GET', `/ITDeclaration/reminders?itDeclarationConfigId=${config.id}`, { token: other.token })).statusCode).toBe(404);
      const reminderId = config.reminders[0]?.id ?? '';
      expect((await t.call('DELETE', `/ITDeclaration/reminders/${reminderId}`, { token: other.token })).statusCode).toBe(404);
      expect((await t.call('POST', '/ITDeclaration/reminders', { token: other.token, body: { id: reminderId, itDeclarationConfigId: config.id, daysBeforeLockDate: 3, isEnabled: true, subject: 'x', body: '<p>x</p>' } })).statusCode).toBe(404);
      expect((await itConfig(admin.token))?.reminders).toHaveLength(2);
    });

    it('reminders: at most 4, one per number of days, 0–10 days, subject and body required', async () => {
      const save = (body: Record<string, unknown>) => t.call('POST', '/ITDeclaration/reminders', { token: admin.token, body: { itDeclarationConfigId: config.id, isEnabled: true, subject: 'Reminder', body: '<p>Hi</p>', ...body } });
      const three = await save({ daysBeforeLockDate: 3 });
      expect(three.statusCode).toBe(200);
      expect(three.json().message).toBe(TAX_WINDOW_MSG.reminderSaved);
      expect((await save({ daysBeforeLockDate: 0 })).statusCode).toBe(200);
      const fifth = await save({ daysBeforeLockDate: 7 });
      expect([fifth.statusCode, fifth.json().message]).toEqual([400, TAX_WINDOW_MSG.reminderLimit]);
      const duplicate = await save({ id: three.json().data.id, daysBeforeLockDate: 5 });
      expect(duplicate.json().errors).toEqual({ daysBeforeLockDate: 'A reminder 5 days before the lock date already exists.' });
      expect((await save({ daysBeforeLockDate: 11 })).json().errors).toEqual({ daysBeforeLockDate: TAX_WINDOW_MSG.reminderDaysRange });
      expect((await save({ daysBeforeLockDate: 2.5 })).json().errors).toEqual({ daysBeforeLockDate: TAX_WINDOW_MSG.reminderDaysRange });
      expect((await save({ daysBeforeLockDate: null })).json().errors).toEqual({ daysBeforeLockDate: TAX_WINDOW_MSG.reminderDaysRequired });
      expect((await save({ daysBeforeLockDate: undefined })).json().errors).toEqual({ daysBeforeLockDate: TAX_WINDOW_MSG.reminderDaysRequired });
      expect((await save({ daysBeforeLockDate: 4, subject: '  ' })).json().errors).toEqual({ subject: TAX_WINDOW_MSG.reminderSubjectRequired });
      expect((await save({ daysBeforeLockDate: 4, subject: 'x'.repeat(201) })).json().errors).toEqual({ subject: TAX_WINDOW_MSG.reminderSubjectTooLong });
      // A body that is only markup the allow-list drops is empty.
      expect((await save({ id: three.json().data.id, daysBeforeLockDate: 3, body: '<script>alert(1)</script><p></p>' })).json().errors).toEqual({ body: TAX_WINDOW_MSG.reminderBodyRequired });
      // Delete: by id, then gone; unknown → 404.
      const del = await t.call('DELETE', `/ITDeclaration/reminders/${three.json().data.id as string}`, { token: admin.token });
      expect([del.statusCode, del.json().message]).toEqual([200, TAX_WINDOW_MSG.reminderDeleted]);
      expect((await t.call('DELETE', `/ITDeclaration/reminders/${three.json().data.id as string}`, { token: admin.token })).statusCode).toBe(404);
      const list = await t.call('GET', `/ITDeclaration/reminders?itDeclarationConfigId=${config.id}`, { token: moderator.token });
      expect(list.json().data.map((r: { daysBeforeLockDate: number }) => r.daysBeforeLockDate)).toEqual([5, 1, 0]);
      // An IT reminder is not a POI reminder.
      expect((await t.call('DELETE', `/POI/reminders/${config.reminders[0]?.id ?? ''}`, { token: admin.token })).statusCode).toBe(404);
    });

    it('sanitises a body before it is stored: no <script>, no onerror=, no javascript: link; fonts stay', async () => {
      const res = await t.call('POST', '/ITDeclaration/reminders', {
        token: admin.token,
        body: { id: config.reminders[0]?.id, itDeclarationConfigId: config.id, daysBeforeLockDate: 5, isEnabled: true, subject: 'Reminder for %TaxYear%', body: EVIL_BODY },
      });
      expect(res.statusCode).toBe(200);
      const [stored] = await queryRows<{ body: string }>(t.database.db, sql`SELECT body FROM tax_window_reminders WHERE id = ${config.reminders[0]?.id ?? ''}`);
      const body = stored?.body ?? '';
      for (const bad of ['<script', 'stolen', 'onerror', 'onclick', 'javascript:', '<img', '<iframe', 'color', 'url(']) expect(body).not.toContain(bad);
      expect(body).toContain('<strong>%EmployeeName%</strong>');
      expect(body).toContain('<span style="font-family:Georgia">styled</span>');
      expect(body).toContain('<a href="https://tankha.example/help" target="_blank" rel="noopener noreferrer">help</a>');
      expect(res.json().data.body).toBe(body);
    });

    it('§4 enable rules: unticking disables every reminder; ticked with none enabled resets to off', async () => {
      const off = await t.call('POST', '/ITDeclaration/config', { token: admin.token, body: itBody({ id: config.id, enableReminderEmails: false }) });
      expect(off.json().data.enableReminderEmails).toBe(false);
      expect((off.json().data as ItDeclarationConfig).reminders.every((r) => !r.isEnabled)).toBe(true);
      const on = await t.call('POST', '/ITDeclaration/config', { token: admin.token, body: itBody({ id: config.id, enableReminderEmails: true }) });
      expect(on.json().data.enableReminderEmails).toBe(false);
      // Enable the 5-day and 1-day reminders, then the switch stays on.
      const reminders = (on.json().data as ItDeclarationConfig).reminders;
      for (const r of reminders.filter((x) => x.daysBeforeLockDate !== 0)) {
        await t.call('POST', '/ITDeclaration/reminders', { token: admin.token, body: { ...r, isEnabled: true } });
      }
      const again = await t.call('POST', '/ITDeclaration/config', { token: admin.token, body: itBody({ id: config.id, enableReminderEmails: true, notifyOnLock: true }) });
      expect(again.json().data.enableReminderEmails).toBe(true);
      // Disabling the last enabled reminders turns the switch off too.
      const zero = reminders.find((x) => x.daysBeforeLockDate === 0);
      expect(zero?.isEnabled).toBe(false);
    });

    it('the 06:00 schedule: nothing at 05:59; at 06:00 each active employee once, from the primary contact, placeholders filled and escaped', async () => {
      // A name with markup: stays text in the body.
      await t.database.db.execute(sql`UPDATE tenants SET name = 'Nilgiri & Sons <Pvt>' WHERE id = ${admin.tenantId}`);
      const schedule = (when: Date) => t.globalScope((scope) => t.app.services.taxWindows.scheduleWindows(scope, when));
      t.clock.set(JUNE_25_0559);
      expect(await schedule(JUNE_25_0559)).toBe(0);
      expect(await mails(admin.tenantId, 'Reminder for %')).toEqual([]);

      t.clock.set(JUNE_25_0600);
      expect(await schedule(JUNE_25_0600)).toBe(1);
      const sent = await mails(admin.tenantId, 'Reminder for %');
      expect(sent).toHaveLength(activeEmployees);
      const aditi = sent.find((m) => m.to_address === DEMO_LOGINS.member);
      expect(aditi).toMatchObject({ subject: 'Reminder for 2025-26', from_name: 'Anita Rao', reply_to: DEMO_LOGINS.administrator });
      expect(aditi?.html_body).toContain(`Dear <strong>${member.firstName} ${member.lastName}</strong>`);
      for (const bad of ['<script', 'onerror', 'javascript:', '<iframe']) expect(aditi?.html_body).not.toContain(bad);
      expect(aditi?.text_body).toContain(`Dear ${member.firstName} ${member.lastName}`);
      expect(aditi?.text_body).toContain('help (https://tankha.example/help)');
      expect(aditi?.html_body).toContain('/payroll/taxes/employeeITDeclaration');

      // Again from this process (remembered), from a second process (no memory) and two tenant jobs at once: nothing more.
      expect(await schedule(JUNE_25_1500)).toBe(0);
      const peer = await buildApp({ config: t.config, database: t.database, clock: t.clock, logger: false });
      await peer.ready();
      try {
        const peerSchedule = await t.globalScope((scope) => peer.services.taxWindows.scheduleWindows(scope, JUNE_25_1500));
        expect(peerSchedule).toBe(1);
        await Promise.all([
          t.tenantScope(admin.tenantId, (scope) => t.app.services.taxWindows.runTenantSchedule(scope, JUNE_25_1500)),
          t.tenantScope(admin.tenantId, (scope) => peer.services.taxWindows.runTenantSchedule(scope, JUNE_25_1500)),
        ]);
      } finally {
        await peer.close();
      }
      expect(await mails(admin.tenantId, 'Reminder for %')).toHaveLength(activeEmployees);
      const [deliveries] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM tax_reminder_deliveries WHERE tenant_id = ${admin.tenantId} AND due_date = '2025-06-25'`);
      expect(deliveries?.n).toBe(activeEmployees);
      // The other organisation got nothing.
      expect(await mails(other.tenantId, '%')).toHaveLength(1); // its own verification e-mail only
    });

    it('a body written around the service is sanitised again when sent', async () => {
      const oneDay = config.reminders.find((r) => r.daysBeforeLockDate === 1);
      await t.database.db.execute(sql`UPDATE tax_window_reminders SET body = ${'<p>Hi %EmployeeName%</p><script>alert(1)</script><img src=x onerror=alert(2)>'}, subject = 'Last day %TaxYear%' WHERE id = ${oneDay?.id ?? ''}`);
      const june29 = new Date('2025-06-29T01:00:00Z');
      t.clock.set(june29);
      await t.tenantScope(admin.tenantId, (scope) => t.app.services.taxWindows.runTenantSchedule(scope, june29));
      const sent = await mails(admin.tenantId, 'Last day 2025-26');
      expect(sent).toHaveLength(activeEmployees);
      for (const m of sent) {
        expect(m.html_body).not.toContain('<script');
        expect(m.html_body).not.toContain('onerror');
        expect(m.html_body).not.toContain('<img');
      }
    });

    it('lock: Locking → locked; a second lock is "already locked"; the notice goes when asked for', async () => {
      t.clock.set(new Date('2025-06-29T04:30:00Z'));
      await relogin();
      expect((await t.call('POST', '/ITDeclaration/config/lock', { token: member.token, body: { id: config.id } })).statusCode).toBe(403);
      const res = await t.call('POST', '/ITDeclaration/config/lock', { token: admin.token, body: { id: config.id } });
      expect([res.statusCode, res.json().message]).toEqual([200, TAX_WINDOW_MSG.itLocked]);
      expect(res.json().data).toMatchObject({ status: 0, lockedByName: 'Anita Rao' });
      const again = await t.call('POST', '/ITDeclaration/config/lock', { token: moderator.token, body: { id: config.id } });
      expect([again.statusCode, again.json().message]).toEqual([409, TAX_WINDOW_MSG.itAlreadyLocked]);
      expect((await t.call('GET', '/ITDeclaration/status', { token: member.token })).json().data.status).toBe(0);
      const notices = await mails(admin.tenantId, 'Income Tax Declaration for 2025-26 is locked');
      expect(notices).toHaveLength(activeEmployees);
      expect(notices[0]?.from_name).toBe('Anita Rao');
      // Locked: no reminder goes out even on its day.
      const june30 = new Date('2025-06-30T01:00:00Z');
      expect(await t.tenantScope(admin.tenantId, (scope) => t.app.services.taxWindows.runTenantSchedule(scope, june30))).toEqual({ locked: 0, sent: 0 });
    });

    it('released again after a lock: "updated", a new start date and the release notice', async () => {
      const res = await t.call('POST', '/ITDeclaration/config', { token: admin.token, body: itBody({ id: config.id, notifyOnRelease: true, notifyOnLock: true }) });
      expect(res.json().message).toBe(TAX_WINDOW_MSG.itUpdated);
      expect(res.json().data).toMatchObject({ status: 1, startDate: '2025-06-29', lockedAt: null, lockedByName: null });
      const notices = await mails(admin.tenantId, 'Income Tax Declaration for 2025-26 is open');
      expect(notices).toHaveLength(activeEmployees);
      expect(notices.find((m) => m.to_address === DEMO_LOGINS.member)?.text_body).toContain('on or before 30/06/2025');
    });

    it('the day after the lock date it reads as locked, and the 06:00 run locks it for good with the notice', async () => {
      t.clock.set(new Date('2025-06-30T23:00:00Z')); // 04:30 on 1 July in Kolkata
      await relogin();
      expect((await t.call('GET', '/ITDeclaration/status', { token: member.token })).json().data.status).toBe(0);
      t.clock.set(JULY_1_0630);
      expect(await t.globalScope((scope) => t.app.services.taxWindows.scheduleWindows(scope, JULY_1_0630))).toBe(1);
      const [row] = await queryRows<{ status: number; locked_by: string | null; locked_at: Date | null }>(t.database.db, sql`SELECT status, locked_by, locked_at FROM tax_windows WHERE id = ${config.id}`);
      expect(row).toMatchObject({ status: 0, locked_by: null });
      expect(row?.locked_at).not.toBeNull();
      expect(await mails(admin.tenantId, 'Income Tax Declaration for 2025-26 is locked')).toHaveLength(activeEmployees * 2);
      const cfg = await itConfig(admin.token);
      expect(cfg).toMatchObject({ status: 0, lockedByName: null });
      // A lock date in June is outside July: releasing again needs a new one.
      const stale = await t.call('POST', '/ITDeclaration/config', { token: admin.token, body: itBody({ id: config.id }) });
      expect(stale.json().errors).toEqual({ endDate: TAX_WINDOW_MSG.lockDateOutsideMonth });
    });
  });

  describe('the POI window', () => {
    let poi: PoiConfig;

    it('release: month padded, TDS-exceed kept only with TDS modification during payroll, default regime new', async () => {
      t.clock.set(JUNE_10);
      await relogin();
      other = await t.login(other.email, 'Secret123');
      const res = await t.call('POST', '/POI/config', { token: admin.token, body: poiBody() });
      expect([res.statusCode, res.json().message]).toEqual([200, TAX_WINDOW_MSG.poiSaved]);
      poi = res.json().data as PoiConfig;
      expect(poi).toMatchObject({
        status: 1,
        processPayrollFromMonth: '04',
        allowTdsModificationDuringPayroll: false,
        canTdsExceedAnnualLimit: false,
        mandateInvestmentProofAttachments: true,
        mandateReviewerCommentsForPartialApproval: true,
        defaultRegimeType: 1,
      });
      expect(poi.reminders.map((r) => [r.daysBeforeLockDate, r.subject])).toEqual([
        [5, 'Reminder to submit Proof of Investment for %TaxYear%'],
        [1, 'Reminder to submit Proof of Investment for %TaxYear%'],
      ]);
      const updated = await t.call('POST', '/POI/config', { token: admin.token, body: poiBody({ id: poi.id, allowTdsModificationDuringPayroll: true, processPayrollFromMonth: '12' }) });
      expect(updated.json().message).toBe(TAX_WINDOW_MSG.poiUpdated);
      expect(updated.json().data).toMatchObject({ canTdsExceedAnnualLimit: true, processPayrollFromMonth: '12' });
      const status = await t.call('GET', '/POI/status', { token: member.token });
      expect(status.json().data).toEqual({ status: 1, configId: poi.id, lockDate: '2025-06-30', allowRegimeSwitch: false, isPOIFormSubmitted: false, financialYearStart: 2025, financialYearEnd: 2026 });
    });

    it('reminders by poiReminderId; a new configuration can bring its own', async () => {
      const save = await t.call('POST', '/POI/reminders', { token: moderator.token, body: { poiConfigId: poi.id, daysBeforeLockDate: 10, isEnabled: false, subject: 'Proofs for %TaxYear%', body: '<h1>Proofs</h1><p>Due %LockDate%</p>' } });
      expect(save.statusCode).toBe(200);
      const id = save.json().data.poiReminderId as string;
      expect(save.json().data).toMatchObject({ poiConfigId: poi.id, daysBeforeLockDate: 10, isEnabled: false, body: '<h1>Proofs</h1><p>Due %LockDate%</p>' });
      const update = await t.call('POST', '/POI/reminders', { token: admin.token, body: { poiReminderId: id, poiConfigId: poi.id, daysBeforeLockDate: 9, isEnabled: true, subject: 'Proofs', body: '<p>x</p>' } });
      expect(update.json().data).toMatchObject({ poiReminderId: id, daysBeforeLockDate: 9 });
      expect((await t.call('DELETE', `/POI/reminders/${id}`, { token: admin.token })).json().message).toBe(TAX_WINDOW_MSG.reminderDeleted);
      // Another organisation's first POI release brings two reminders of its own.
      const mine = await t.call('POST', '/POI/config', {
        token: other.token,
        body: poiBody({ reminders: [{ daysBeforeLockDate: 2, isEnabled: true, subject: 'Soon', body: '<p>Soon<script>x</script></p>' }, { daysBeforeLockDate: 0, isEnabled: false, subject: 'Today', body: '<p>Today</p>' }] }),
      });
      expect((mine.json().data as PoiConfig).reminders.map((r) => [r.daysBeforeLockDate, r.isEnabled, r.body])).toEqual([
        [2, true, '<p>Soon</p>'],
        [0, false, '<p>Today</p>'],
      ]);
      // Its reminders are not ours.
      expect((await t.call('GET', `/POI/reminders?poiConfigId=${(mine.json().data as PoiConfig).id}`, { token: admin.token })).statusCode).toBe(404);
    });

    it('lock messages', async () => {
      expect((await t.call('POST', '/POI/config/lock', { token: admin.token, body: { id: poi.id } })).json().message).toBe(TAX_WINDOW_MSG.poiLocked);
      const again = await t.call('POST', '/POI/config/lock', { token: admin.token, body: { id: poi.id } });
      expect([again.statusCode, again.json().message]).toEqual([409, TAX_WINDOW_MSG.poiAlreadyLocked]);
      // An IT id is not a POI configuration.
      const it = await itConfig(admin.token);
      expect((await t.call('POST', '/POI/config/lock', { token: admin.token, body: { id: it?.id } })).statusCode).toBe(404);
    });

    it('windowState: what the declaration, proof and review modules read', async () => {
      const state = await t.tenantScope(admin.tenantId, (scope) => t.app.services.taxWindows.windowState(scope, 2025));
      expect(state).toMatchObject({
        financialYearStart: 2025,
        financialYearEnd: 2026,
        declaration: { released: false, locked: true, lockDate: '2025-06-30', allowRegimeSwitch: true },
        poi: { configId: poi.id, released: false, locked: true, processPayrollFromMonth: 12, mandateInvestmentProofAttachments: true, mandateReviewerCommentsForPartialApproval: true },
        regimeSwitchAllowed: false,
      });
      expect(await t.tenantScope(admin.tenantId, (scope) => t.app.services.taxWindows.hasSubmitted(scope, 'declaration', 2025, member.id))).toBe(false);
    });
  });

  describe('Settings > Preferences > Sender Email Preferences', () => {
    it('defaults to the longest-standing administrator; a moderator can be chosen; members and others cannot', async () => {
      const res = await t.call('GET', '/Preferences/sender-email', { token: moderator.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ isChosen: false, primaryContact: { userId: admin.id, name: 'Anita Rao', email: DEMO_LOGINS.administrator } });
      expect((res.json().data.contacts as { userId: string }[]).some((c) => c.userId === moderator.id)).toBe(true);
      expect((res.json().data.contacts as { userId: string }[]).some((c) => c.userId === member.id)).toBe(false);
      expect((await t.call('GET', '/Preferences/sender-email', { token: member.token })).statusCode).toBe(403);
      expect((await t.call('PUT', '/Preferences/sender-email', { token: member.token, body: { primaryContactUserId: moderator.id } })).statusCode).toBe(403);

      const notEligible = await t.call('PUT', '/Preferences/sender-email', { token: admin.token, body: { primaryContactUserId: member.id } });
      expect([notEligible.statusCode, notEligible.json().message]).toEqual([400, SENDER_EMAIL_MSG.contactNotEligible]);
      const required = await t.call('PUT', '/Preferences/sender-email', { token: admin.token, body: {} });
      expect(required.json().errors).toEqual({ primaryContactUserId: SENDER_EMAIL_MSG.contactRequired });
      // Another organisation naming our moderator learns nothing and changes nothing.
      const foreign = await t.call('PUT', '/Preferences/sender-email', { token: other.token, body: { primaryContactUserId: moderator.id } });
      expect([foreign.statusCode, foreign.json().message]).toEqual([400, SENDER_EMAIL_MSG.contactNotEligible]);

      const saved = await t.call('PUT', '/Preferences/sender-email', { token: admin.token, body: { primaryContactUserId: moderator.id } });
      expect([saved.statusCode, saved.json().message]).toEqual([200, SENDER_EMAIL_MSG.saved]);
      expect(saved.json().data).toMatchObject({ isChosen: true, primaryContact: { userId: moderator.id, name: `${moderator.firstName} ${moderator.lastName}` } });
      const contact = await t.tenantScope(admin.tenantId, (scope) => t.app.services.preferences.primaryContact(scope));
      expect(contact?.userId).toBe(moderator.id);
    });
  });

  describe('help documents', () => {
    it('declaration and poi as PDFs for every role; anything else is refused', async () => {
      for (const [key, token] of [
        ['declaration', admin.token],
        ['poi', member.token],
      ] as const) {
        const res = await t.call('GET', `/HelpDocuments/download-help-document?key=${key}`, { token });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      }
      const bad = await t.call('GET', '/HelpDocuments/download-help-document?key=form16', { token: admin.token });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ key: TAX_WINDOW_MSG.helpDocumentType });
    });
  });
});
