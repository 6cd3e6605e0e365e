import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { MSG } from '@tankha/contracts';
import { LOGO_MESSAGES } from '@tankha/domain';
import type { SessionUser } from '@tankha/contracts';
import { BACKENDS, createTestApp, makePng, multipart, type TestApp } from '../../testing';

const ORG = { tenantName: 'Kaveri Traders', address: '12 Anna Salai, Chennai', pan: 'aabck1234d' };

describe.each(BACKENDS)('organisation over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.registerOrganisation({ organizationName: 'Kaveri' });
  });
  afterAll(async () => {
    await t.close();
  });

  const putTenant = (fields: Record<string, string>, token = admin.token, file?: Parameters<typeof multipart>[1]) => {
    const form = multipart(fields, file);
    return t.call('PUT', '/Tenants', { token, body: form.body, headers: form.headers });
  };

  it('a new organisation starts incomplete: no details, no settings', async () => {
    const res = await t.call('GET', '/orgprofilecompletionstatus', { token: admin.token });
    expect(res.json().data).toEqual({ orgDetails: false, settings: false });
    expect((await t.call('GET', '/settings', { token: admin.token })).json().data).toBeNull();
  });

  it.each([
    [{ pan: '' }, 'pan', MSG.panRequired],
    [{ pan: 'ABCD1234F' }, 'pan', 'Format: ABCDE1234F'],
    [{ tan: 'ABC12345E' }, 'tan', 'Format: ABCD12345E'],
    [{ gstNumber: '22ABCDE1234F1A5' }, 'gstNumber', 'Format: 22ABCDE1234F1Z5'],
    [{ gstNumber: '22ABCDE1234F0Z5' }, 'gstNumber', 'Format: 22ABCDE1234F1Z5'],
    [{ cinNumber: 'X12345KA2020PTC123456' }, 'cinNumber', 'Format: U12345KA2020PTC123456'],
    [{ llpinNumber: 'AAA1234' }, 'llpinNumber', 'Format: AAA-1234'],
    [{ tenantName: ' ' }, 'tenantName', 'Organization name is required'],
    [{ address: '' }, 'address', 'Address is required'],
    [{ businessType: 'trust' }, 'businessType', 'Please select a business type'],
    [{ teamSize: '5000' }, 'teamSize', 'Please select a team size'],
  ])('PUT /Tenants rejects %j with the message for %s and changes nothing', async (override, field, message) => {
    const res = await putTenant({ ...ORG, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    const org = await t.call('GET', '/Tenants', { token: admin.token });
    expect(org.json().data.pan).toBeNull();
  });

  it('PUT /Tenants upper-cases identifiers and completes the organisation details', async () => {
    const res = await putTenant({
      ...ORG,
      tan: 'chen12345e',
      gstNumber: '33aabck1234d1z5',
      cinNumber: 'u12345tn2020ptc123456',
      llpinNumber: 'aaa-1234',
      businessType: 'pvtLtd',
      legalCompanyName: 'Kaveri Traders Private Limited',
      industry: 'retail',
      teamSize: '21-100',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.orgUpdated);
    expect(res.json().data).toMatchObject({ tenantName: 'Kaveri Traders', pan: 'AABCK1234D', tan: 'CHEN12345E', gstNumber: '33AABCK1234D1Z5', cinNumber: 'U12345TN2020PTC123456', llpinNumber: 'AAA-1234', industry: 'retail' });
    const status = await t.call('GET', '/orgprofilecompletionstatus', { token: admin.token });
    expect(status.json().data).toEqual({ orgDetails: true, settings: false });
  });

  it.each([
    [{ workingHours: '5', weekDaysOff: 'Sunday' }, 'workingHours', MSG.workingHoursRange],
    [{ workingHours: '15', weekDaysOff: 'Sunday' }, 'workingHours', MSG.workingHoursRange],
    [{ workingHours: '8.5', weekDaysOff: 'Sunday' }, 'workingHours', MSG.workingHoursRange],
    [{ workingHours: '9', weekDaysOff: 'Sunday,Saturday,Friday' }, 'weekDaysOff', MSG.tooManyDaysOff],
    [{ workingHours: '9', weekDaysOff: '' }, 'weekDaysOff', 'Please select at least one day off'],
    [{ workingHours: '9', weekDaysOff: 'Sunday,Funday' }, 'weekDaysOff', 'Week days off must be among Sunday, Monday, Tuesday, Wednesday, Thursday, Friday, Saturday'],
  ])('POST /settings rejects %j', async (body, field, message) => {
    const res = await t.call('POST', '/settings', { token: admin.token, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('POST /settings stores comma-joined days and completes setup; 6 and 14 hours are allowed', async () => {
    for (const hours of ['6', '14']) {
      const res = await t.call('POST', '/settings', { token: admin.token, body: { workingHours: hours, weekDaysOff: 'Sunday,Saturday' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: MSG.orgSettingsAdded, data: { workingHours: Number(hours), weekDaysOff: 'Sunday,Saturday' } });
    }
    const status = await t.call('GET', '/orgprofilecompletionstatus', { token: admin.token });
    expect(status.json().data).toEqual({ orgDetails: true, settings: true });
    const org = await t.call('GET', '/Tenants', { token: admin.token });
    expect(org.json().data).toMatchObject({ workingHours: 14, weekDaysOff: ['Sunday', 'Saturday'] });
  });

  describe('logo', () => {
    const upload = (bytes: Buffer, filename = 'logo.png', contentType = 'image/png', token = admin.token) => {
      const form = multipart({}, { field: 'logo', filename, contentType, bytes });
      return t.call('POST', '/logos', { token, body: form.body, headers: form.headers });
    };

    it('stores a valid PNG and serves it publicly by its content type', async () => {
      const res = await upload(makePng(120, 80));
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MSG.logoUploaded);
      const url = res.json().data.logoUrl as string;
      const image = await t.call('GET', url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect((await t.call('GET', '/Tenants', { token: admin.token })).json().data.logoUrl).toBe(url);
    });

    it.each([
      ['too small', () => makePng(40, 60), LOGO_MESSAGES.tooSmall(40, 60)],
      ['too large in pixels', () => makePng(2049, 100), LOGO_MESSAGES.tooBig(2049, 100)],
    ])('rejects an image %s', async (_label, bytes, message) => {
      const res = await upload(bytes());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('checks content, not the name: a text file called logo.png is refused', async () => {
      const res = await upload(Buffer.from('<script>alert(1)</script>'), 'logo.png', 'text/plain');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(LOGO_MESSAGES.badType('text/plain'));
      const disguised = await upload(Buffer.from('hello, not an image at all'), 'logo.gif', 'image/gif');
      expect(disguised.json().message).toBe(LOGO_MESSAGES.unreadable);
    });

    it('refuses a file over 5 MB with the size message', async () => {
      const res = await upload(Buffer.alloc(5_242_881, 1));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^File size \(.+\) exceeds 5MB limit\. Please upload a smaller image\.$/);
    });

    it("answers 'Please select a valid file first.' without a file", async () => {
      const form = multipart({ note: 'x' });
      const res = await t.call('POST', '/logos', { token: admin.token, body: form.body, headers: form.headers });
      expect(res.json().message).toBe(LOGO_MESSAGES.selectFirst);
    });

    it('a plan without Branding gets the spec’s feature message', async () => {
      await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'free'), is_trial = false WHERE tenant_id = ${admin.tenantId}`);
      const res = await upload(makePng(100, 100));
      await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'trial'), is_trial = true WHERE tenant_id = ${admin.tenantId}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ errorCode: 'FEATURE_ACCESS_DENIED', message: MSG.featureNotAllowed });
    });

    it('DELETE /logos removes it', async () => {
      const res = await t.call('DELETE', '/logos', { token: admin.token });
      expect(res.json().data.logoUrl).toBeNull();
      expect((await t.call('GET', '/Tenants', { token: admin.token })).json().data.logoUrl).toBeNull();
    });
  });

  it('creating another organisation with a rejected logo leaves nothing behind, however often it is tried', async () => {
    const countOf = async (name: string) => {
      const [row] = await queryRows<{ tenants: number; users: number; subscriptions: number }>(t.database.db, sql`
        SELECT (SELECT count(*)::int FROM tenants WHERE name = ${name}) AS tenants,
               (SELECT count(*)::int FROM users u JOIN tenants x ON x.id = u.tenant_id WHERE x.name = ${name}) AS users,
               (SELECT count(*)::int FROM subscriptions s JOIN tenants x ON x.id = s.tenant_id WHERE x.name = ${name}) AS subscriptions`);
      return row;
    };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const form = multipart({ tenantName: 'Tapti Textiles', address: '4 Ring Road, Surat', pan: 'aabct1234d' }, { field: 'logo', filename: 'logo.png', contentType: 'image/png', bytes: makePng(40, 60) });
      const res = await t.call('POST', '/Tenants', { token: admin.token, body: form.body, headers: form.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(LOGO_MESSAGES.tooSmall(40, 60));
    }
    expect(await countOf('Tapti Textiles')).toEqual({ tenants: 0, users: 0, subscriptions: 0 });
    expect((await t.call('GET', '/Account/tenants', { token: admin.token })).json().totalRecords).toBe(1);

    const form = multipart({ tenantName: 'Tapti Textiles', address: '4 Ring Road, Surat', pan: 'aabct1234d' }, { field: 'logo', filename: 'logo.png', contentType: 'image/png', bytes: makePng(120, 80) });
    const created = await t.call('POST', '/Tenants', { token: admin.token, body: form.body, headers: form.headers });
    expect(created.statusCode).toBe(201);
    expect(await countOf('Tapti Textiles')).toEqual({ tenants: 1, users: 1, subscriptions: 1 });
  });

  it('soft delete ends access to the organisation; reactivate restores it', async () => {
    const del = await t.call('DELETE', `/softDelete?tenantId=${admin.tenantId}`, { token: admin.token });
    expect(del.statusCode).toBe(200);
    const after = await t.call('GET', '/Tenants', { token: admin.token });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(MSG.noOrganization);
    // the account still administers it, so it can sign in elsewhere and bring it back
    await t.database.db.execute(sql`UPDATE tenants SET deleted_at = NULL WHERE id = ${admin.tenantId}`);
    const again = await t.call('PUT', `/reactivate?tenantId=${admin.tenantId}`, { token: admin.token });
    expect(again.statusCode).toBe(200);
  });

  describe('a ?tenantId call needs an ACTIVE Administrator membership of that organisation', () => {
    // Account x owns organisation B and is also invited to A as an Administrator (pending until accepted).
    let a: SessionUser;
    let x: SessionUser;
    let xInA: string;
    beforeAll(async () => {
      a = await t.registerOrganisation({ organizationName: 'Target A' });
      x = await t.registerOrganisation({ organizationName: 'Home B' });
      const invited = await t.call('POST', '/Users/invite', {
        token: a.token,
        body: { firstName: 'Xavier', lastName: 'Dsouza', email: x.email, roleId: 1, dateOfJoining: '2025-06-01', annualCTC: 600_000, experience: 2, employeeNumber: 'XA01', regimeType: 1 },
      });
      expect(invited.statusCode).toBe(200);
      xInA = invited.json().data.userId as string;
    });
    const setStatus = (status: number, roleId = 1) => t.database.db.execute(sql`UPDATE users SET status = ${status}, role_id = ${roleId} WHERE id = ${xInA}`);
    /** Every route that takes ?tenantId, in turn. */
    const callAll = async (tenantId: string) => {
      const form = multipart({}, { field: 'logo', filename: 'l.png', contentType: 'image/png', bytes: makePng(100, 100) });
      const settings = { workingHours: 8, weekDaysOff: 'Sunday' };
      return [
        await t.call('DELETE', `/softDelete?tenantId=${tenantId}`, { token: x.token }),
        await t.call('PUT', `/reactivate?tenantId=${tenantId}`, { token: x.token }),
        await t.call('GET', `/settings?tenantId=${tenantId}`, { token: x.token }),
        await t.call('POST', `/settings?tenantId=${tenantId}`, { token: x.token, body: settings }),
        await t.call('PUT', `/settings?tenantId=${tenantId}`, { token: x.token, body: settings }),
        await t.call('POST', `/logos?tenantId=${tenantId}`, { token: x.token, body: form.body, headers: form.headers }),
      ].map((r) => r.statusCode);
    };

    it.each([
      ['pending verification', 3, 1],
      ['deactivated', 2, 1],
      ['restricted login', 4, 1],
      ['active Moderator', 1, 2],
    ])('as a %s membership: every ?tenantId route answers 403 and A is untouched', async (_label, status, roleId) => {
      await setStatus(status, roleId);
      expect(await callAll(a.tenantId)).toEqual([403, 403, 403, 403, 403, 403]);
      const [row] = await queryRows<{ deleted_at: unknown }>(t.database.db, sql`SELECT deleted_at FROM tenants WHERE id = ${a.tenantId}`);
      expect(row?.deleted_at).toBeNull();
      expect((await t.call('GET', '/settings', { token: a.token })).json().data).toBeNull();
    });

    it('as an active Administrator of A the same calls are allowed', async () => {
      await setStatus(1, 1);
      expect(await callAll(a.tenantId)).toEqual([200, 200, 200, 200, 200, 200]);
      expect((await t.call('GET', '/settings', { token: a.token })).json().data).toEqual({ workingHours: 8, weekDaysOff: 'Sunday' });
    });
  });

  it('the plans list is public and marks Professional as most popular', async () => {
    const res = await t.call('GET', '/Subscriptions/plans');
    const names = (res.json().data.data as { name: string; isMostPopular: boolean; maxUsers: number | null; isFree: boolean }[]);
    expect(names.map((p) => p.name)).toEqual(['Free', 'Basic', 'Standard', 'Professional', 'Premium', 'Enterprise']);
    expect(names.filter((p) => p.isMostPopular).map((p) => p.name)).toEqual(['Professional']);
    expect(names.find((p) => p.isFree)?.maxUsers).toBe(10);
  });

  it('the trial lasts TRIAL_DAYS and only the own organisation’s trial is readable', async () => {
    const res = await t.call('GET', `/Subscriptions/tenants/${admin.tenantId}/trial`, { token: admin.token });
    expect(res.json().data).toMatchObject({ name: 'Trial', daysLeft: 14 });
    const other = await t.registerOrganisation();
    expect((await t.call('GET', `/Subscriptions/tenants/${other.tenantId}/trial`, { token: admin.token })).statusCode).toBe(403);
  });
});
