import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { WORK_LOCATION_MSG, workLocationDeleteMessages, type PayrollRun, type SessionUser, type TenantEarningRow, type WorkLocation } from '@tankha/contracts';
import { MIGRATIONS_DIR, queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, finalizeMonth, type TestApp } from '../../testing';

const MISSING_ID = '0b6f8e1c-5d2a-4c3b-9e7f-1a2b3c4d5e6f';

/**
 * Work locations (issue 28): the CRUD over HTTP on the demo organisation (each role, each validation
 * message, another organisation), then a new organisation with people in Bengaluru, Hyderabad and Pune
 * whose December 2026 professional tax follows each one's state and whose PT statement is one per
 * state and registration.
 */
describe.each(BACKENDS)('work locations over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;

  const call = (user: SessionUser | null, method: string, url: string, body?: unknown) => t.call(method, url, { ...(user ? { token: user.token } : {}), ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { data: T }).data;
  };
  const list = async (user: SessionUser) => data<WorkLocation[]>(await call(user, 'GET', '/WorkLocations'));
  const create = (body: Record<string, unknown>, user = admin) => call(user, 'POST', '/WorkLocations', body);
  const createOk = async (body: Record<string, unknown>, user = admin) => {
    const res = await create(body, user);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: WorkLocation }).data;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  describe('the locations themselves', () => {
    it('creates a location, trimming text, naming the state; lists it by name for every role', async () => {
      const res = await create({ name: '  Chennai Office ', stateCode: 'TN', city: ' Chennai ', ptRegistrationNumber: ' TNPT-77 ', lwfRegistrationNumber: '' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe(WORK_LOCATION_MSG.created);
      const created = res.json().data as WorkLocation;
      expect(created).toMatchObject({ name: 'Chennai Office', stateCode: 'TN', stateName: 'Tamil Nadu', city: 'Chennai', ptRegistrationNumber: 'TNPT-77', lwfRegistrationNumber: null, employeeCount: 0 });
      for (const user of [admin, moderator, member]) expect((await list(user)).map((l) => l.id)).toContain(created.id);
      const names = (await list(admin)).map((l) => l.name);
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    });

    it('reads older state spellings as today’s ISO codes (TS is Telangana, IN-KA Karnataka)', async () => {
      expect(await createOk({ name: 'Secunderabad', stateCode: 'TS' })).toMatchObject({ stateCode: 'TG', stateName: 'Telangana', city: null });
      expect(await createOk({ name: 'Hubballi', stateCode: 'in-ka' })).toMatchObject({ stateCode: 'KA' });
    });

    it.each([
      [{ stateCode: 'KA' }, 'name', WORK_LOCATION_MSG.nameRequired],
      [{ name: '   ', stateCode: 'KA' }, 'name', WORK_LOCATION_MSG.nameRequired],
      [{ name: 'x'.repeat(101), stateCode: 'KA' }, 'name', WORK_LOCATION_MSG.nameTooLong],
      [{ name: 'No State' }, 'stateCode', WORK_LOCATION_MSG.stateRequired],
      [{ name: 'Blank State', stateCode: '' }, 'stateCode', WORK_LOCATION_MSG.stateRequired],
      [{ name: 'Nowhere', stateCode: 'XX' }, 'stateCode', WORK_LOCATION_MSG.stateInvalid],
      [{ name: 'Long City', stateCode: 'KA', city: 'c'.repeat(101) }, 'city', WORK_LOCATION_MSG.cityTooLong],
      [{ name: 'Long PT', stateCode: 'KA', ptRegistrationNumber: '9'.repeat(31) }, 'ptRegistrationNumber', WORK_LOCATION_MSG.registrationNumberTooLong],
      [{ name: 'Long LWF', stateCode: 'KA', lwfRegistrationNumber: '9'.repeat(31) }, 'lwfRegistrationNumber', WORK_LOCATION_MSG.registrationNumberTooLong],
    ])('refuses %j with 400 and the message for %s', async (body, field, message) => {
      const before = (await list(admin)).length;
      const res = await create(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect((await list(admin)).length).toBe(before);
    });

    it('refuses a name already used in the organisation, whatever the case, with 409; another organisation may use it', async () => {
      await createOk({ name: 'Kochi Port', stateCode: 'KL' });
      const clash = await create({ name: 'KOCHI PORT', stateCode: 'KL' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toMatchObject({ message: WORK_LOCATION_MSG.nameExists, errors: { name: WORK_LOCATION_MSG.nameExists } });
      expect((await create({ name: 'Kochi Port', stateCode: 'KL' }, other)).statusCode).toBe(201);
    });

    it('updates every field (absent optional fields are cleared) and refuses another location’s name', async () => {
      const loc = await createOk({ name: 'Indore', stateCode: 'MP', city: 'Indore', ptRegistrationNumber: 'MP-1' });
      const res = await call(admin, 'PUT', `/WorkLocations/${loc.id}`, { name: 'Indore Plant', stateCode: 'MP', lwfRegistrationNumber: 'MPLWF-9' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: WORK_LOCATION_MSG.updated, data: { id: loc.id, name: 'Indore Plant', city: null, ptRegistrationNumber: null, lwfRegistrationNumber: 'MPLWF-9' } });
      expect((await call(admin, 'PUT', `/WorkLocations/${loc.id}`, { name: 'kochi port', stateCode: 'MP' })).statusCode).toBe(409);
      expect((await call(admin, 'PUT', `/WorkLocations/${MISSING_ID}`, { name: 'Ghost', stateCode: 'MP' })).statusCode).toBe(404);
    });

    it('deletes a location nobody works at; refuses one in use naming the count, and changes nothing', async () => {
      const empty = await createOk({ name: 'Empty Depot', stateCode: 'GJ' });
      const del = await call(admin, 'DELETE', `/WorkLocations/${empty.id}`);
      expect(del.statusCode).toBe(200);
      expect(del.json()).toMatchObject({ message: WORK_LOCATION_MSG.deleted, data: null });
      expect((await list(admin)).some((l) => l.id === empty.id)).toBe(false);
      expect((await call(admin, 'DELETE', `/WorkLocations/${empty.id}`)).statusCode).toBe(404);

      const busy = await createOk({ name: 'Busy Depot', stateCode: 'GJ' });
      const people = await queryRows<{ id: string }>(t.database.db, sql`SELECT id FROM users WHERE tenant_id = ${admin.tenantId} AND email IN (${DEMO_LOGINS.member}, ${DEMO_LOGINS.moderator})`);
      const before = await queryRows<{ id: string; work_location_id: string | null }>(t.database.db, sql`SELECT id, work_location_id FROM users WHERE id IN (${people[0]?.id ?? null}, ${people[1]?.id ?? null})`);
      try {
        await t.database.db.execute(sql`UPDATE users SET work_location_id = ${busy.id} WHERE id IN (${people[0]?.id ?? null}, ${people[1]?.id ?? null})`);
        const refused = await call(admin, 'DELETE', `/WorkLocations/${busy.id}`);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe('Busy Depot is the work location of 2 employees. Move them to another location before deleting it.');
        expect(refused.json().message).toBe(workLocationDeleteMessages.inUse('Busy Depot', 2));
        expect((await list(admin)).find((l) => l.id === busy.id)?.employeeCount).toBe(2);
      } finally {
        for (const p of before) await t.database.db.execute(sql`UPDATE users SET work_location_id = ${p.work_location_id} WHERE id = ${p.id}`);
      }
    });

    it('lets only the Administrator create, update and delete; a member and a moderator get 403; anonymous 401', async () => {
      const loc = await createOk({ name: 'Role Check', stateCode: 'KA' });
      for (const user of [moderator, member]) {
        expect((await create({ name: 'By Someone', stateCode: 'KA' }, user)).statusCode).toBe(403);
        expect((await call(user, 'PUT', `/WorkLocations/${loc.id}`, { name: 'Renamed', stateCode: 'KA' })).statusCode).toBe(403);
        expect((await call(user, 'DELETE', `/WorkLocations/${loc.id}`)).statusCode).toBe(403);
      }
      expect((await call(null, 'GET', '/WorkLocations')).statusCode).toBe(401);
      expect((await list(admin)).find((l) => l.id === loc.id)?.name).toBe('Role Check');
    });

    it('keeps another organisation’s locations out of reach', async () => {
      const theirs = await createOk({ name: 'Kaveri Godown', stateCode: 'KA' }, other);
      expect((await list(admin)).some((l) => l.id === theirs.id)).toBe(false);
      const ours = await list(admin);
      expect((await list(other)).some((l) => ours.some((o) => o.id === l.id))).toBe(false);
      expect((await call(admin, 'PUT', `/WorkLocations/${theirs.id}`, { name: 'Hijacked', stateCode: 'MH' })).statusCode).toBe(404);
      expect((await call(admin, 'DELETE', `/WorkLocations/${theirs.id}`)).statusCode).toBe(404);
      expect((await list(other)).find((l) => l.id === theirs.id)).toMatchObject({ name: 'Kaveri Godown', stateCode: 'KA' });
    });
  });

  describe('professional tax by each employee’s work location', () => {
    let owner: SessionUser;
    /** Registered after the clock moved (the earlier sessions have expired by then). */
    let stranger: SessionUser;
    let basicId = '';
    let run: PayrollRun;
    const ids: Record<string, string> = {};
    const loc: Record<string, WorkLocation> = {};
    const domain = 'deccanworks.example.in';

    /** Monthly gross = CTC / 12: the organisation has EPF and ESI off, so the CTC is all earnings (Basic and the fixed allowance). */
    const person = (first: string, number: string, annualCTC: number, workLocationId: string | null, gender = 1) => ({
      firstName: first,
      lastName: 'Kumar',
      email: `${first.toLowerCase()}@${domain}`,
      gender,
      dateOfJoining: '2025-01-06',
      experience: 2,
      employeeNumber: number,
      pan: `ABCP${String.fromCharCode(64 + Number(number.slice(-1)))}1234F`,
      bankAccountNumber: '001234567890',
      ifscCode: null,
      bankName: 'Canara Bank',
      annualCTC,
      regimeType: 1,
      workLocationId,
      earningAssociations: [{ tenantEarningId: basicId, calculationType: 3, calculationValue: annualCTC / 2 }],
    });
    const ptOf = async (userId: string) => {
      const rows = await queryRows<{ amount: number; explanation: string[] }>(
        t.database.db,
        sql`SELECT l.amount_paise::int AS amount, l.explanation FROM payslip_lines l JOIN payslips p ON p.id = l.payslip_id WHERE p.run_id = ${run.id} AND p.user_id = ${userId} AND l.code = 'PT'`,
      );
      return rows.reduce((s, r) => s + r.amount, 0) / 100;
    };
    const marks = () => queryRows<{ user_id: string; reason: string }>(t.database.db, sql`SELECT user_id, reason FROM payroll_stale_inputs WHERE tenant_id = ${owner.tenantId} ORDER BY marked_at, id`);

    beforeAll(async () => {
      // 31 December 2026: December's payroll may run.
      t.clock.set(new Date('2026-12-31T06:00:00Z'));
      owner = await t.registerOrganisation({ organizationName: 'Deccan Works', firstName: 'Meena', lastName: 'Rao', email: `meena@${domain}` });
      stranger = await t.registerOrganisation({ organizationName: 'Tapti Mills' });
      await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'enterprise'), is_trial = false, end_at = NULL WHERE tenant_id = ${owner.tenantId}`);
      await t.database.db.execute(sql`UPDATE statutory_components SET is_enabled = false WHERE tenant_id = ${owner.tenantId}`);
      // The organisation's own PT setting: Karnataka, for anyone without a location.
      data(await call(owner, 'PUT', '/StatutoryComponents/ProfessionalTax', { isEnabled: true, stateCode: 'KA', registrationNumber: 'KA-ORG-1' }));
      data(await call(owner, 'PUT', '/StatutoryComponents/LWF', { isEnabled: true, stateCode: 'KA', registrationNumber: 'KA-LWF-ORG' }));
      basicId = data<TenantEarningRow[]>(await call(owner, 'GET', '/SalaryComponents/earnings')).find((e) => e.earningCategory === 'basic')?.id ?? '';
      loc.bengaluru = await createOk({ name: 'Bengaluru', stateCode: 'KA', city: 'Bengaluru', ptRegistrationNumber: 'KA-PT-100', lwfRegistrationNumber: 'KA-LWF-100' }, owner);
      loc.mysuru = await createOk({ name: 'Mysuru', stateCode: 'KA', city: 'Mysuru', ptRegistrationNumber: 'KA-PT-200', lwfRegistrationNumber: 'KA-LWF-100' }, owner);
      loc.hyderabad = await createOk({ name: 'Hyderabad', stateCode: 'TG', city: 'Hyderabad', ptRegistrationNumber: 'TG-PT-300', lwfRegistrationNumber: 'TG-LWF-300' }, owner);
      loc.pune = await createOk({ name: 'Pune', stateCode: 'MH', city: 'Pune', ptRegistrationNumber: 'MH-PT-400', lwfRegistrationNumber: 'MH-LWF-400' }, owner);
      const hire = async (key: string, body: ReturnType<typeof person>) => {
        ids[key] = data<{ userId: string }>(await call(owner, 'POST', '/Users/restricted', body)).userId;
      };
      await hire('asha', person('Asha', 'DW1', 360_000, loc.bengaluru.id, 2));
      await hire('esha', person('Esha', 'DW2', 360_000, loc.mysuru.id, 2));
      await hire('bala', person('Bala', 'DW3', 216_000, loc.hyderabad.id));
      await hire('chetan', person('Chetan', 'DW4', 288_000, loc.pune.id));
      await hire('dev', person('Dev', 'DW5', 288_000, null));
      await t.database.db.execute(sql`UPDATE users SET annual_ctc_paise = NULL WHERE id = ${owner.id}`);
      await call(owner, 'PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 11, lastPayrollYear: 2026 });
      await call(owner, 'POST', '/PayrollSetup/steps/salaryComponents/complete');
      await call(owner, 'POST', '/PayrollSetup/steps/statutoryComponents/complete');
      await call(owner, 'POST', '/PayrollSettings/mark-completed');
      await call(owner, 'POST', '/PayrollSetup/complete');
      run = data<PayrollRun>(await call(owner, 'GET', '/PayrollRuns/current'));
      expect(run.month).toBe('2026-12');
      expect((await call(owner, 'POST', `/PayrollRuns/${run.id}/process`)).statusCode).toBe(202);
      run = data<PayrollRun>(await call(owner, 'GET', `/PayrollRuns/${run.id}`));
    }, 300_000);

    it('the employee form keeps the location; another organisation’s location or an unknown id is refused', async () => {
      const profile = data<{ workLocationId: string | null; workLocationName: string | null }>(await call(owner, 'GET', `/Users/${ids.bala ?? ''}`));
      expect(profile).toMatchObject({ workLocationId: loc.hyderabad?.id, workLocationName: 'Hyderabad' });
      const theirs = await createOk({ name: 'Foreign Yard', stateCode: 'KA' }, stranger);
      for (const workLocationId of [theirs.id, MISSING_ID]) {
        const res = await call(owner, 'POST', '/Users/restricted', person('Farah', 'DW9', 300_000, workLocationId));
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.workLocationId).toBe(WORK_LOCATION_MSG.employeeLocationInvalid);
      }
      const malformed = await call(owner, 'POST', '/Users/restricted', person('Farah', 'DW9', 300_000, 'not-an-id'));
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors.workLocationId).toBe(WORK_LOCATION_MSG.employeeLocationInvalid);
    });

    it('each employee pays the published slab of their location’s state for December 2026', async () => {
      expect(run).toMatchObject({ status: 'processed', employeeCount: 5 });
      // Karnataka (Act 33 of 2025; india-tax-rules §12): ₹25,000 a month and more pays ₹200 (₹300 only in February).
      // Asha, Bengaluru, ₹30,000 a month → ₹200; Esha, Mysuru, ₹30,000 → ₹200.
      expect(await ptOf(ids.asha ?? '')).toBe(200);
      expect(await ptOf(ids.esha ?? '')).toBe(200);
      // Telangana (G.O.Ms.No.82 of 4 Feb 2013): ₹15,001–20,000 pays ₹150. Bala, Hyderabad, ₹18,000 → ₹150 (Karnataka would be nil).
      expect(await ptOf(ids.bala ?? '')).toBe(150);
      // Maharashtra (mptinformation.in rates from 1 Apr 2023): a man above ₹10,000 pays ₹200 (₹300 in February).
      // Chetan, Pune, ₹24,000 → ₹200 (Karnataka would be nil below ₹25,000).
      expect(await ptOf(ids.chetan ?? '')).toBe(200);
      // Dev has no location: the organisation's Karnataka setting; ₹24,000 is below ₹25,000 → nil.
      expect(await ptOf(ids.dev ?? '')).toBe(0);
    });

    it('the structure preview takes the PT state of the work location it is given (or the employee’s), and says which', async () => {
      type Preview = { statutoryComponents: { name: string; employeeAnnual: number }[]; levyState: { stateCode: string | null; source: string; explanation: string } };
      const ptAnnual = (p: Preview) => p.statutoryComponents.find((c) => c.name === 'ProfessionalTax')?.employeeAnnual;
      const body = (workLocationId?: string | null) => ({ annualCTC: 288_000, regimeType: 1, gender: 1, earningAssociationValues: [{ tenantEarningId: basicId, calculationType: 3, calculationValue: 144_000 }], ...(workLocationId === undefined ? {} : { workLocationId }) });
      // Maharashtra (mptinformation.in, from 1 Apr 2023): a man on ₹24,000 a month pays ₹200 × 11 + ₹300 in February = ₹2,500 a year.
      const pune = data<Preview>(await call(owner, 'POST', '/SalaryStructure/calculate', body(loc.pune?.id)));
      expect(ptAnnual(pune)).toBe(2500);
      expect(pune.levyState).toEqual({ stateCode: 'MH', source: 'workLocation', explanation: 'The professional tax and LWF of Maharashtra, the state of the work location Pune.' });
      // Without a location: the organisation's Karnataka, where ₹24,000 is below the ₹25,000 slab → nil.
      for (const workLocationId of [undefined, null]) {
        const own = data<Preview>(await call(owner, 'POST', '/SalaryStructure/calculate', body(workLocationId)));
        expect(ptAnnual(own)).toBe(0);
        expect(own.levyState).toEqual({ stateCode: 'KA', source: 'organisation', explanation: "The professional tax and LWF of Karnataka, the organisation's state (no work location chosen)." });
      }
      // The stored employee's structure uses their own location: Chetan works in Pune.
      const chetan = data<Preview>(await call(owner, 'GET', `/Users/${ids.chetan ?? ''}/salary-structure`));
      expect(ptAnnual(chetan)).toBe(2500);
      expect(chetan.levyState.stateCode).toBe('MH');
      // Another organisation's location, or one that does not exist, is refused.
      const theirs = (await list(stranger))[0] ?? (await createOk({ name: 'Foreign Depot', stateCode: 'MH' }, stranger));
      for (const workLocationId of [theirs.id, MISSING_ID]) {
        const res = await call(owner, 'POST', '/SalaryStructure/calculate', body(workLocationId));
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors.workLocationId).toBe(WORK_LOCATION_MSG.employeeLocationInvalid);
      }
    });

    it('a changed work location marks the employee stale; so does a location moved to another state', async () => {
      expect(await marks()).toEqual([]);
      const res = await call(owner, 'PUT', `/Users/${ids.dev ?? ''}`, person('Dev', 'DW5', 288_000, loc.pune?.id ?? null));
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await marks()).toEqual([{ user_id: ids.dev, reason: 'Work location changed by Meena Rao' }]);
      expect(data<PayrollRun>(await call(owner, 'POST', `/PayrollRuns/${run.id}/process-stale`)).staleCount).toBe(0);
      // Now in Pune: Maharashtra's ₹200 on ₹24,000.
      expect(await ptOf(ids.dev ?? '')).toBe(200);

      const moved = await call(owner, 'PUT', `/WorkLocations/${loc.pune?.id ?? ''}`, { name: 'Pune', stateCode: 'GJ', city: 'Pune', ptRegistrationNumber: 'MH-PT-400', lwfRegistrationNumber: 'MH-LWF-400' });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await marks()).map((m) => [m.user_id, m.reason]).sort()).toEqual(
        [ids.chetan, ids.dev].map((id) => [id, 'Work location Pune moved to Gujarat by Meena Rao']).sort(),
      );
      // Renaming without a change of state marks nobody.
      await call(owner, 'PUT', `/WorkLocations/${loc.pune?.id ?? ''}`, { name: 'Pune', stateCode: 'MH', city: 'Pune', ptRegistrationNumber: 'MH-PT-400', lwfRegistrationNumber: 'MH-LWF-400' });
      await call(owner, 'POST', `/PayrollRuns/${run.id}/process-stale`);
      const before = (await marks()).length;
      await call(owner, 'PUT', `/WorkLocations/${loc.pune?.id ?? ''}`, { name: 'Pune City', stateCode: 'MH', city: 'Pune', ptRegistrationNumber: 'MH-PT-400', lwfRegistrationNumber: 'MH-LWF-400' });
      expect((await marks()).length).toBe(before);
      expect(await ptOf(ids.chetan ?? '')).toBe(200);
      // Back where the statement below expects him.
      data(await call(owner, 'PUT', `/Users/${ids.dev ?? ''}`, person('Dev', 'DW5', 288_000, null)));
      await call(owner, 'POST', `/PayrollRuns/${run.id}/process-stale`);
      expect(await ptOf(ids.dev ?? '')).toBe(0);
    });

    it('the PT statement has a sheet per state and registration, headed by the registration number', async () => {
      await finalizeMonth(t, owner, run.id);
      const res = await t.app.inject({ method: 'GET', url: `/backend/api/PayrollRuns/${run.id}/filings/professional-tax.xlsx`, headers: { authorization: `Bearer ${owner.token}` } });
      expect(res.statusCode, res.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
      // States by name; within Karnataka, by registration: the organisation's own (Dev) and one per location.
      expect(book.worksheets.map((s) => s.name)).toEqual(['Karnataka KA-ORG-1', 'Karnataka KA-PT-100', 'Karnataka KA-PT-200', 'Maharashtra MH-PT-400', 'Telangana TG-PT-300']);
      const sheet = (name: string) => {
        const s = book.getWorksheet(name);
        if (!s) throw new Error(`no sheet ${name}`);
        return s;
      };
      expect(String(sheet('Telangana TG-PT-300').getCell(1, 1).value)).toBe('Deccan Works — Professional Tax, Telangana (registration TG-PT-300), December 2026');
      const numbers = (name: string) => {
        const out: unknown[] = [];
        sheet(name).eachRow((row, n) => {
          if (n > 4 && /^DW\d$/.test(String(row.getCell(1).value))) out.push([row.getCell(1).value, row.getCell(7).value]);
        });
        return out;
      };
      expect(numbers('Karnataka KA-ORG-1')).toEqual([['DW5', 0]]);
      expect(numbers('Karnataka KA-PT-100')).toEqual([['DW1', 200]]);
      expect(numbers('Karnataka KA-PT-200')).toEqual([['DW2', 200]]);
      expect(numbers('Maharashtra MH-PT-400')).toEqual([['DW4', 200]]);
      expect(numbers('Telangana TG-PT-300')).toEqual([['DW3', 150]]);

      // LWF falls due in December in all three states; Mysuru files under Bengaluru's LWF registration.
      const lwf = await t.app.inject({ method: 'GET', url: `/backend/api/PayrollRuns/${run.id}/filings/lwf.xlsx`, headers: { authorization: `Bearer ${owner.token}` } });
      expect(lwf.statusCode, lwf.body).toBe(200);
      const lwfBook = new ExcelJS.Workbook();
      await lwfBook.xlsx.load(lwf.rawPayload as unknown as ExcelJS.Buffer);
      const shares = (sheet: ExcelJS.Worksheet) => {
        const out: unknown[] = [];
        sheet.eachRow((row, n) => {
          if (n > 4 && /^DW\d$/.test(String(row.getCell(1).value))) out.push([row.getCell(1).value, row.getCell(4).value, row.getCell(5).value]);
        });
        return out;
      };
      expect(lwfBook.worksheets.map((w) => [w.name, shares(w)])).toEqual([
        // Karnataka (KLWF (Amendment) Act 2024): ₹50 employee, ₹100 employer on the 31 December roll.
        ['Karnataka KA-LWF-100', [['DW1', 50, 100], ['DW2', 50, 100]]],
        ['Karnataka KA-LWF-ORG', [['DW5', 50, 100]]],
        // Maharashtra (Mah. Act 25 of 2024, s.6BB): ₹25 and ₹75 in June and December.
        ['Maharashtra MH-LWF-400', [['DW4', 25, 75]]],
        // Telangana (LWF Act 1987, Rules 1988): ₹2 and ₹5 on the December salary.
        ['Telangana TG-LWF-300', [['DW3', 2, 5]]],
      ]);

      // Another organisation sees none of it.
      const theirs = await t.app.inject({ method: 'GET', url: `/backend/api/PayrollRuns/${run.id}/filings/professional-tax.xlsx`, headers: { authorization: `Bearer ${stranger.token}` } });
      expect(theirs.statusCode).toBe(404);
    });
  });

  describe('the work_locations migration for organisations that existed before locations', () => {
    /** The migration's last statement: the Main office of each organisation, with its people placed there. */
    const backfill = async () => {
      // Found by name, whatever number the migration ends up with.
      const file = fs.readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_work_locations.sql'));
      if (!file) throw new Error('no work_locations migration');
      const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      await t.database.db.execute(sql.raw(text.split('--> statement-breakpoint').at(-1) ?? ''));
    };
    const locationsOf = (tenantId: string) =>
      queryRows<{ name: string; state_code: string; pt: string | null; lwf: string | null; placed: number }>(
        t.database.db,
        sql`SELECT l.name, l.state_code, l.pt_registration_number AS pt, l.lwf_registration_number AS lwf, (SELECT count(*)::int FROM users u WHERE u.work_location_id = l.id) AS placed
              FROM work_locations l WHERE l.tenant_id = ${tenantId}`,
      );

    it('one state in the PT and LWF settings: a Main office there with their registrations, everyone placed; two states: none', async () => {
      const one = await t.registerOrganisation({ organizationName: 'Sahyadri Foods' });
      data(await call(one, 'PUT', '/StatutoryComponents/ProfessionalTax', { isEnabled: true, stateCode: 'KA', registrationNumber: 'KA-PT-9' }));
      data(await call(one, 'PUT', '/StatutoryComponents/LWF', { isEnabled: true, stateCode: 'KA', registrationNumber: 'KA-LWF-9' }));
      const two = await t.registerOrganisation({ organizationName: 'Konkan Spices' });
      data(await call(two, 'PUT', '/StatutoryComponents/ProfessionalTax', { isEnabled: true, stateCode: 'KA' }));
      data(await call(two, 'PUT', '/StatutoryComponents/LWF', { isEnabled: true, stateCode: 'MH' }));
      const none = await t.registerOrganisation({ organizationName: 'Nila Textiles' });
      await backfill();
      expect(await locationsOf(one.tenantId)).toEqual([{ name: 'Main office', state_code: 'KA', pt: 'KA-PT-9', lwf: 'KA-LWF-9', placed: 1 }]);
      expect(await locationsOf(two.tenantId)).toEqual([]);
      // A new organisation's PT waits for its state: nothing to place anyone in.
      expect(await locationsOf(none.tenantId)).toEqual([]);
    });
  });
});
