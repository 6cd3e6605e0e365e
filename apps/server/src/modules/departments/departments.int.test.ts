import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEPARTMENT_MSG, PEOPLE_MSG, departmentDeleteMessages, type Department, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

const MISSING_ID = '0b6f8e1c-5d2a-4c3b-9e7f-1a2b3c4d5e6f';

describe.each(BACKENDS)('departments over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  /** The demo's departments by name. */
  const demo = new Map<string, Department>();

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
    const res = await t.call('GET', '/Departments?pageSize=100', { token: admin.token });
    for (const d of res.json().data as Department[]) demo.set(d.name, d);
  });
  afterAll(async () => {
    await t.close();
  });

  const dept = (name: string): Department => {
    const d = demo.get(name);
    if (!d) throw new Error(`demo department ${name} missing`);
    return d;
  };
  const create = (body: Record<string, unknown>, token = admin.token) => t.call('POST', '/Departments', { token, body });
  const update = (id: string, body: Record<string, unknown>, token = admin.token) => t.call('PUT', `/Departments/${id}`, { token, body });
  const createOk = async (body: Record<string, unknown>, token = admin.token): Promise<Department> => {
    const res = await create(body, token);
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
    return res.json().data as Department;
  };
  const list = async (query: string, token = admin.token) => t.call('GET', `/Departments${query}`, { token });

  describe('GET /Departments', () => {
    it('lists the demo departments by name with code, head, parent and headcount', async () => {
      const res = await list('?page=1&pageSize=10&search=');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      // The demo seed: Engineering is Rahul and 16 engineers, Sales Priya and 10, Finance Arjun and 6,
      // Human Resources Anita, Vikram and 6.
      const rows = (body.data as Department[]).filter((d) => ['Engineering', 'Finance', 'Human Resources', 'Sales'].includes(d.name));
      expect(rows.map((d) => [d.name, d.code, d.departmentHeadName, d.totalEmployees, d.status, d.parentDepartmentId])).toEqual([
        ['Engineering', 'ENG', 'Rahul Sharma', 17, 1, null],
        ['Finance', 'FIN', 'Arjun Mehta', 7, 1, null],
        ['Human Resources', 'HR', 'Vikram Nair', 8, 1, null],
        ['Sales', 'SAL', 'Priya Iyer', 11, 1, null],
      ]);
      expect(rows[0]).toMatchObject({ description: 'Product engineering and quality', parentDepartmentName: null });
      expect(rows[0]?.departmentHeadId).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.totalRecords).toBeGreaterThanOrEqual(4);
    });

    it('pages by pageSize and answers 404 past the last page; an empty first page is 200', async () => {
      const first = await list('?search=a&pageSize=2&page=1');
      // Names containing "a" among the demo's: Engineering? no — Finance, Human Resources, Sales.
      expect(first.json().totalRecords).toBe(3);
      expect((first.json().data as Department[]).map((d) => d.name)).toEqual(['Finance', 'Human Resources']);
      const second = await list('?search=a&pageSize=2&page=2');
      expect((second.json().data as Department[]).map((d) => d.name)).toEqual(['Sales']);
      const third = await list('?search=a&pageSize=2&page=3');
      expect(third.statusCode).toBe(404);
      expect(third.json().message).toBe(DEPARTMENT_MSG.noMorePages);
      const none = await list('?search=zzzz&page=1');
      expect(none.statusCode).toBe(200);
      expect(none.json()).toMatchObject({ data: [], totalRecords: 0 });
    });

    it('searches name or code, case-insensitively, with % and _ taken literally', async () => {
      expect((await list('?search=FIN')).json().data.map((d: Department) => d.name)).toEqual(['Finance']);
      expect((await list('?search=sal')).json().data.map((d: Department) => d.name)).toEqual(['Sales']);
      expect((await list('?search=%25')).json().totalRecords).toBe(0);
      expect((await list('?search=_')).json().totalRecords).toBe(0);
    });

    it('filters by isActive', async () => {
      const dormant = await createOk({ name: 'Dormant Unit', status: 0 });
      const active = (await list('?isActive=true&pageSize=100')).json().data as Department[];
      const inactive = (await list('?isActive=false&pageSize=100')).json().data as Department[];
      expect(active.some((d) => d.id === dormant.id)).toBe(false);
      expect(active.every((d) => d.status === 1)).toBe(true);
      expect(inactive.map((d) => d.id)).toContain(dormant.id);
      expect(inactive.every((d) => d.status === 0)).toBe(true);
    });

    it('isFilter=true gives the short form of the departments that have users', async () => {
      const empty = await createOk({ name: 'Nobody Here' });
      const res = await list('?isFilter=true&page=1&pageSize=100');
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as Record<string, unknown>[];
      expect(rows.map((r) => r.name)).toEqual(['Engineering', 'Finance', 'Human Resources', 'Sales']);
      expect(rows.every((r) => Object.keys(r).sort().join() === 'id,name,parentDepartmentId')).toBe(true);
      expect(rows.some((r) => r.id === empty.id)).toBe(false);
      expect(res.json().totalRecords).toBe(4);
    });

    it.each([
      ['?page=0', 'page'],
      ['?pageSize=101', 'pageSize'],
      ['?pageSize=abc', 'pageSize'],
      ['?isActive=maybe', 'isActive'],
      ['?isFilter=1', 'isFilter'],
    ])('rejects the query %s naming %s', async (query, field) => {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    });
  });

  describe('GET /Departments/:id', () => {
    it('gives the department with a page of its employees', async () => {
      const eng = dept('Engineering');
      const first = await t.call('GET', `/Departments/${eng.id}?page=1&pageSize=10`, { token: admin.token });
      expect(first.statusCode).toBe(200);
      const data = first.json().data;
      expect(data).toMatchObject({ id: eng.id, name: 'Engineering', totalEmployees: 17 });
      expect(data.employees).toHaveLength(10);
      const second = (await t.call('GET', `/Departments/${eng.id}?page=2&pageSize=10`, { token: admin.token })).json().data;
      expect(second.employees).toHaveLength(7);
      const all = [...data.employees, ...second.employees] as Record<string, unknown>[];
      expect(new Set(all.map((e) => e.id)).size).toBe(17);
      const rahul = all.find((e) => e.email === 'rahul.sharma@nilgiri.demo');
      expect(rahul).toMatchObject({ firstName: 'Rahul', lastName: 'Sharma', designation: 'Engineering Manager', status: 1, userStatus: 1 });
      expect([0, 1]).toContain(rahul?.regimeType);
      const past = (await t.call('GET', `/Departments/${eng.id}?page=3&pageSize=10`, { token: admin.token })).json().data;
      expect(past).toMatchObject({ totalEmployees: 17, employees: [] });
    });

    it('shows a deactivated employee with status 0 and still counts them', async () => {
      const fin = dept('Finance');
      const [someone] = await queryRows<{ id: string }>(t.database.db, sql`SELECT id FROM users WHERE department_id = ${fin.id} AND role_id = 3 ORDER BY email LIMIT 1`);
      await t.database.db.execute(sql`UPDATE users SET status = 2 WHERE id = ${someone?.id ?? null}`);
      const data = (await t.call('GET', `/Departments/${fin.id}?pageSize=100`, { token: admin.token })).json().data;
      expect(data.totalEmployees).toBe(7);
      expect(data.employees.find((e: { id: string }) => e.id === someone?.id)).toMatchObject({ status: 0, userStatus: 2 });
      await t.database.db.execute(sql`UPDATE users SET status = 1 WHERE id = ${someone?.id ?? null}`);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await t.call('GET', `/Departments/${MISSING_ID}`, { token: admin.token })).statusCode).toBe(404);
      expect((await t.call('GET', '/Departments/not-a-uuid', { token: admin.token })).statusCode).toBe(400);
    });
  });

  describe('POST /Departments', () => {
    it('creates a department with head and parent, trimming text; status defaults to active', async () => {
      const res = await create({ name: '  Payroll Ops ', code: ' PAY ', description: 'Runs payroll', departmentHeadId: member.id, parentDepartmentId: dept('Finance').id });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(DEPARTMENT_MSG.created);
      expect(res.json().data).toMatchObject({
        name: 'Payroll Ops',
        code: 'PAY',
        description: 'Runs payroll',
        status: 1,
        departmentHeadId: member.id,
        departmentHeadName: 'Aditi Agarwal',
        parentDepartmentId: dept('Finance').id,
        parentDepartmentName: 'Finance',
        totalEmployees: 0,
      });
    });

    it('treats empty code, description, head and parent as none', async () => {
      const res = await create({ name: 'Blank Extras', code: '', description: '', departmentHeadId: '', parentDepartmentId: null });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ code: null, description: null, departmentHeadId: null, parentDepartmentId: null });
    });

    it.each([
      [{}, 'name', PEOPLE_MSG.departmentNameRequired],
      [{ name: '' }, 'name', PEOPLE_MSG.departmentNameRequired],
      [{ name: '   ' }, 'name', PEOPLE_MSG.departmentNameRequired],
      [{ name: 'x'.repeat(101) }, 'name', DEPARTMENT_MSG.nameTooLong],
      [{ name: 'Long Code', code: 'C'.repeat(21) }, 'code', DEPARTMENT_MSG.codeTooLong],
      [{ name: 'Long Text', description: 'd'.repeat(501) }, 'description', DEPARTMENT_MSG.descriptionTooLong],
      [{ name: 'Bad Head', departmentHeadId: 'abc' }, 'departmentHeadId', DEPARTMENT_MSG.headInvalid],
      [{ name: 'Missing Head', departmentHeadId: MISSING_ID }, 'departmentHeadId', DEPARTMENT_MSG.headInvalid],
      [{ name: 'Bad Parent', parentDepartmentId: 'abc' }, 'parentDepartmentId', DEPARTMENT_MSG.parentInvalid],
      [{ name: 'Missing Parent', parentDepartmentId: MISSING_ID }, 'parentDepartmentId', DEPARTMENT_MSG.parentInvalid],
      [{ name: 'Odd Status', status: 2 }, 'status', 'Status must be 1 (active) or 0 (inactive)'],
    ])('rejects %j with 400 and the message for %s', async (body, field, message) => {
      const before = (await list('?pageSize=100')).json().totalRecords;
      const res = await create(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect((await list('?pageSize=100')).json().totalRecords).toBe(before);
    });

    it('refuses a name or code already used in the organisation, whatever the case, with 409', async () => {
      const name = await create({ name: 'engineering' });
      expect(name.statusCode).toBe(409);
      expect(name.json()).toMatchObject({ message: DEPARTMENT_MSG.nameExists, errors: { name: DEPARTMENT_MSG.nameExists } });
      const code = await create({ name: 'Engineering Two', code: 'eng' });
      expect(code.statusCode).toBe(409);
      expect(code.json()).toMatchObject({ message: DEPARTMENT_MSG.codeExists, errors: { code: DEPARTMENT_MSG.codeExists } });
    });

    it('lets another organisation use the same name and code', async () => {
      const res = await create({ name: 'Engineering', code: 'ENG' }, other.token);
      expect(res.statusCode).toBe(201);
    });
  });

  describe('PUT /Departments/:id', () => {
    it('updates every field and returns the row', async () => {
      const d = await createOk({ name: 'Facilities', code: 'FAC' });
      const res = await update(d.id, { name: 'Facilities & Admin', code: 'FAD', description: 'Buildings', departmentHeadId: admin.id, parentDepartmentId: dept('Human Resources').id, status: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(DEPARTMENT_MSG.updated);
      expect(res.json().data).toMatchObject({ id: d.id, name: 'Facilities & Admin', code: 'FAD', description: 'Buildings', departmentHeadName: 'Anita Rao', parentDepartmentName: 'Human Resources' });
    });

    it('toggles status with { name, status }, keeping the other fields', async () => {
      const d = await createOk({ name: 'Toggle Me', code: 'TGL', description: 'Flip', departmentHeadId: admin.id, parentDepartmentId: dept('Sales').id });
      const off = await update(d.id, { name: d.name, status: 0 });
      expect(off.statusCode).toBe(200);
      expect(off.json().data).toMatchObject({ status: 0, code: 'TGL', description: 'Flip', departmentHeadId: admin.id, parentDepartmentId: dept('Sales').id });
      const on = await update(d.id, { name: d.name, status: 1 });
      expect(on.json().data.status).toBe(1);
    });

    it('clears optional fields with null', async () => {
      const d = await createOk({ name: 'Clear Me', code: 'CLR', description: 'x', departmentHeadId: admin.id, parentDepartmentId: dept('Sales').id });
      const res = await update(d.id, { name: d.name, code: null, description: null, departmentHeadId: null, parentDepartmentId: null });
      expect(res.json().data).toMatchObject({ code: null, description: null, departmentHeadId: null, departmentHeadName: null, parentDepartmentId: null, parentDepartmentName: null });
    });

    it('allows a change of case of its own name and refuses another department’s name', async () => {
      const sales = dept('Sales');
      const own = await update(sales.id, { name: 'SALES' });
      expect(own.statusCode).toBe(200);
      expect(own.json().data.name).toBe('SALES');
      expect((await update(sales.id, { name: 'Sales' })).statusCode).toBe(200);
      const taken = await update(sales.id, { name: 'finance' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors.name).toBe(DEPARTMENT_MSG.nameExists);
      const code = await update(sales.id, { name: 'Sales', code: 'Fin' });
      expect(code.statusCode).toBe(409);
      expect(code.json().errors.code).toBe(DEPARTMENT_MSG.codeExists);
    });

    it('requires the name with the spec message', async () => {
      const res = await update(dept('Sales').id, { status: 0 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.name).toBe(PEOPLE_MSG.departmentNameRequired);
      expect((await list('?search=sal')).json().data[0].status).toBe(1);
    });

    it('refuses its own parent and any of its descendants as parent', async () => {
      const a = await createOk({ name: 'Tree A' });
      const b = await createOk({ name: 'Tree B', parentDepartmentId: a.id });
      const c = await createOk({ name: 'Tree C', parentDepartmentId: b.id });
      const self = await update(a.id, { name: a.name, parentDepartmentId: a.id });
      expect(self.statusCode).toBe(400);
      expect(self.json().errors.parentDepartmentId).toBe(DEPARTMENT_MSG.ownParent);
      for (const below of [b, c]) {
        const res = await update(a.id, { name: a.name, parentDepartmentId: below.id });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.parentDepartmentId).toBe(DEPARTMENT_MSG.parentCycle);
      }
      const b2 = await update(b.id, { name: b.name, parentDepartmentId: c.id });
      expect(b2.json().errors.parentDepartmentId).toBe(DEPARTMENT_MSG.parentCycle);
      // Moving C up under A and then A under an unrelated department are fine.
      expect((await update(c.id, { name: c.name, parentDepartmentId: a.id })).json().data.parentDepartmentName).toBe('Tree A');
      expect((await update(a.id, { name: a.name, parentDepartmentId: dept('Engineering').id })).statusCode).toBe(200);
      // A chain that passes through the department must still be refused after those moves: B is under A.
      expect((await update(a.id, { name: a.name, parentDepartmentId: b.id })).json().errors.parentDepartmentId).toBe(DEPARTMENT_MSG.parentCycle);
    });

    it('answers 404 for an unknown id', async () => {
      expect((await update(MISSING_ID, { name: 'Nothing' })).statusCode).toBe(404);
    });
  });

  describe('DELETE /Departments/:id', () => {
    const del = (id: string, moveTo?: string, token = admin.token) => t.call('DELETE', `/Departments/${id}${moveTo === undefined ? '' : `?moveTo=${moveTo}`}`, { token });
    const departmentOf = async (ids: string[]) =>
      (await queryRows<{ department_id: string | null }>(t.database.db, sql`SELECT department_id FROM users WHERE id IN ${sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`} ORDER BY id`)).map((r) => r.department_id);
    /** Puts two demo people (one deactivated) into `departmentId`; returns their ids and a way to put them back. */
    const borrowPeople = async (departmentId: string) => {
      const rows = await queryRows<{ id: string; department_id: string | null; status: number }>(
        t.database.db,
        sql`SELECT id, department_id, status::int AS status FROM users WHERE email IN (${DEMO_LOGINS.member}, ${DEMO_LOGINS.moderator}) ORDER BY id`,
      );
      const ids = rows.map((r) => r.id);
      await t.database.db.execute(sql`UPDATE users SET department_id = ${departmentId} WHERE id IN (${ids[0] ?? null}, ${ids[1] ?? null})`);
      await t.database.db.execute(sql`UPDATE users SET status = 2 WHERE id = ${ids[1] ?? null}`);
      const restore = async () => {
        for (const r of rows) await t.database.db.execute(sql`UPDATE users SET department_id = ${r.department_id}, status = ${r.status} WHERE id = ${r.id}`);
      };
      return { ids, restore };
    };

    it('refuses to delete a department that has people, naming the count, and changes nothing', async () => {
      const res = await del(dept('Finance').id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Finance has 7 people. Move them to another department before deleting it.');
      expect(res.json().message).toBe(departmentDeleteMessages.hasPeople('Finance', 7));
      const still = await t.call('GET', `/Departments/${dept('Finance').id}`, { token: admin.token });
      expect(still.json().data.totalEmployees).toBe(7);
    });

    it('moves the people (deactivated ones too) to moveTo and deletes, in one go', async () => {
      const leaving = await createOk({ name: 'Leaving' });
      const staying = await createOk({ name: 'Staying' });
      const { ids, restore } = await borrowPeople(leaving.id);
      try {
        expect((await del(leaving.id)).json().message).toBe('Leaving has 2 people. Move them to another department before deleting it.');
        const res = await del(leaving.id, staying.id);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ message: DEPARTMENT_MSG.deleted, data: null });
        expect(await departmentOf(ids)).toEqual([staying.id, staying.id]);
        expect((await t.call('GET', `/Departments/${leaving.id}`, { token: admin.token })).statusCode).toBe(404);
        expect((await t.call('GET', `/Departments/${staying.id}`, { token: admin.token })).json().data.totalEmployees).toBe(2);
        expect((await del(leaving.id, staying.id)).statusCode).toBe(404);
      } finally {
        await restore();
      }
    });

    it('deletes an empty department without moveTo', async () => {
      const empty = await createOk({ name: 'Empty Room' });
      expect((await del(empty.id)).statusCode).toBe(200);
      expect((await t.call('GET', `/Departments/${empty.id}`, { token: admin.token })).statusCode).toBe(404);
    });

    it('refuses to delete the parent of other departments until they are moved, even with moveTo', async () => {
      const parent = await createOk({ name: 'Umbrella' });
      const child = await createOk({ name: 'Umbrella Child', parentDepartmentId: parent.id });
      await createOk({ name: 'Umbrella Child Two', parentDepartmentId: parent.id });
      const target = await createOk({ name: 'Umbrella Target' });
      const res = await del(parent.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Umbrella is the parent of 2 departments. Move them to another parent before deleting Umbrella.');
      expect((await del(parent.id, target.id)).statusCode).toBe(409);
      expect((await t.call('GET', `/Departments/${child.id}`, { token: admin.token })).statusCode).toBe(200);
      expect((await list(`?search=${encodeURIComponent('Umbrella Child')}`)).json().data[0]).toMatchObject({ parentDepartmentId: parent.id });
    });

    it('refuses as moveTo the department itself, an inactive one, an unknown one and another organisation’s, moving nobody', async () => {
      const leaving = await createOk({ name: 'Leaving Again' });
      const inactive = await createOk({ name: 'Dormant', status: 0 });
      const theirs = await createOk({ name: 'Kaveri Accounts' }, other.token);
      const { ids, restore } = await borrowPeople(leaving.id);
      try {
        for (const moveTo of [leaving.id, inactive.id, MISSING_ID, theirs.id, 'not-an-id']) {
          const res = await del(leaving.id, moveTo);
          expect(res.statusCode, moveTo).toBe(400);
          expect(res.json().errors.moveTo, moveTo).toBe(DEPARTMENT_MSG.moveToInvalid);
        }
        expect(await departmentOf(ids)).toEqual([leaving.id, leaving.id]);
        expect((await t.call('GET', `/Departments/${theirs.id}`, { token: other.token })).json().data.totalEmployees).toBe(0);
      } finally {
        await restore();
      }
    });
  });

  describe('roles', () => {
    it('lets a moderator list, create, update and delete', async () => {
      expect((await list('', moderator.token)).statusCode).toBe(200);
      expect((await t.call('GET', `/Departments/${dept('Sales').id}`, { token: moderator.token })).statusCode).toBe(200);
      const d = await createOk({ name: 'Moderated' }, moderator.token);
      expect((await update(d.id, { name: 'Moderated', status: 0 }, moderator.token)).statusCode).toBe(200);
      expect((await t.call('DELETE', `/Departments/${d.id}`, { token: moderator.token })).statusCode).toBe(200);
    });

    it('refuses a member every department call with 403', async () => {
      const id = dept('Sales').id;
      const calls: [string, string, unknown][] = [
        ['GET', '/Departments', undefined],
        ['GET', '/Departments?isFilter=true', undefined],
        ['GET', `/Departments/${id}`, undefined],
        ['POST', '/Departments', { name: 'By Member' }],
        ['PUT', `/Departments/${id}`, { name: 'Sales', status: 0 }],
        ['DELETE', `/Departments/${id}`, undefined],
      ];
      for (const [method, url, body] of calls) {
        const res = await t.call(method, url, { token: member.token, body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await list('?search=sal')).json().data[0]).toMatchObject({ name: 'Sales', status: 1 });
    });

    it('refuses an anonymous caller with 401', async () => {
      expect((await t.call('GET', '/Departments')).statusCode).toBe(401);
      expect((await t.call('POST', '/Departments', { body: { name: 'Anon' } })).statusCode).toBe(401);
    });
  });

  describe('tenancy', () => {
    it('keeps another organisation’s departments out of reach', async () => {
      const theirs = await createOk({ name: 'Kaveri Logistics' }, other.token);
      const ours = (await list('?pageSize=100')).json().data as Department[];
      expect(ours.some((d) => d.id === theirs.id)).toBe(false);
      const theirList = (await list('?pageSize=100', other.token)).json().data as Department[];
      expect(theirList.some((d) => demo.has(d.name) && d.id === dept(d.name).id)).toBe(false);

      expect((await t.call('GET', `/Departments/${theirs.id}`, { token: admin.token })).statusCode).toBe(404);
      expect((await update(theirs.id, { name: 'Hijacked' })).statusCode).toBe(404);
      expect((await t.call('DELETE', `/Departments/${theirs.id}`, { token: admin.token })).statusCode).toBe(404);
      const still = (await t.call('GET', `/Departments/${theirs.id}`, { token: other.token })).json().data;
      expect(still.name).toBe('Kaveri Logistics');
    });

    it('refuses another organisation’s user as head and department as parent with 400', async () => {
      const theirs = await createOk({ name: 'Kaveri Stores' }, other.token);
      const head = await create({ name: 'Foreign Head', departmentHeadId: other.id });
      expect(head.statusCode).toBe(400);
      expect(head.json().errors.departmentHeadId).toBe(DEPARTMENT_MSG.headInvalid);
      const parent = await update(dept('Sales').id, { name: 'Sales', parentDepartmentId: theirs.id });
      expect(parent.statusCode).toBe(400);
      expect(parent.json().errors.parentDepartmentId).toBe(DEPARTMENT_MSG.parentInvalid);
      const ownHeadElsewhere = await create({ name: 'Cross Head', departmentHeadId: admin.id }, other.token);
      expect(ownHeadElsewhere.statusCode).toBe(400);
    });
  });
});
