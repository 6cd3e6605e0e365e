import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKILL_MSG, type EmployeeSkill, type SessionUser, type Skill } from '@tankha/contracts';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/** Users > Skills management through HTTP: the catalogue, levels, messages, roles, another organisation. */
describe.each(BACKENDS)('skills (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  const as = (who: SessionUser) => (method: string, url: string, body?: unknown) =>
    t.call(method, url, {
      token: who.token,
      ...(body === undefined ? {} : { body }),
    });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({
      organizationName: 'Kaveri Traders',
      email: 'owner@kaveri.example.in',
      password: 'Kaveri@12345',
    });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('adds, renames and lists skills; names are unique per organisation whatever the case', async () => {
    const created = await as(admin)('POST', '/Skills', {
      name: ' TypeScript ',
      description: 'Front and back end',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe(SKILL_MSG.created);
    const ts = data<Skill>(created);
    expect(ts).toMatchObject({
      name: 'TypeScript',
      description: 'Front and back end',
      employeeCount: 0,
    });
    const dup = await as(moderator)('POST', '/Skills', { name: 'typescript' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(`name: ${SKILL_MSG.nameTaken}`);
    const tally = data<Skill>(await as(moderator)('POST', '/Skills', { name: 'Tally' }));
    const renamed = await as(admin)('PUT', `/Skills/${tally.id}`, {
      name: 'TYPESCRIPT',
    });
    expect(renamed.json().message).toBe(`name: ${SKILL_MSG.nameTaken}`);
    expect(
      data<Skill>(
        await as(admin)('PUT', `/Skills/${tally.id}`, {
          name: 'Tally Prime',
          description: '',
        }),
      ).description,
    ).toBeNull();
    // Another organisation may use the same name.
    expect((await as(other)('POST', '/Skills', { name: 'TypeScript' })).statusCode).toBe(200);
    expect(data<Skill[]>(await as(admin)('GET', '/Skills')).map((s) => s.name)).toEqual(['Tally Prime', 'TypeScript']);
  });

  it('refuses bad input with each message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, `name: ${SKILL_MSG.nameRequired}`],
      [{ name: '   ' }, `name: ${SKILL_MSG.nameRequired}`],
      [{ name: 'x'.repeat(61) }, `name: ${SKILL_MSG.nameTooLong}`],
      [{ name: 'Ok', description: 'd'.repeat(256) }, `description: ${SKILL_MSG.descriptionTooLong}`],
    ];
    for (const [body, message] of cases) {
      const res = await as(admin)('POST', '/Skills', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it("sets employees' levels, lists them by employee and by skill, removes them, and deleting a skill removes it from everyone", async () => {
    const skills = data<Skill[]>(await as(admin)('GET', '/Skills'));
    const ts = skills.find((s) => s.name === 'TypeScript');
    if (!ts) throw new Error('no skill');
    const set = await as(admin)('PUT', '/EmployeeSkills', {
      userId: member.id,
      skillId: ts.id,
      level: 2,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(data<EmployeeSkill>(set)).toMatchObject({
      userId: member.id,
      skillName: 'TypeScript',
      level: 2,
    });
    expect(
      data<EmployeeSkill>(
        await as(moderator)('PUT', '/EmployeeSkills', {
          userId: member.id,
          skillId: ts.id,
          level: 4,
        }),
      ).level,
    ).toBe(4);
    await as(admin)('PUT', '/EmployeeSkills', {
      userId: moderator.id,
      skillId: ts.id,
      level: 1,
    });
    expect(data<EmployeeSkill[]>(await as(admin)('GET', `/EmployeeSkills?skillId=${ts.id}`))).toHaveLength(2);
    expect(data<EmployeeSkill[]>(await as(admin)('GET', `/EmployeeSkills?userId=${member.id}`)).map((r) => r.level)).toEqual([4]);
    expect(data<Skill[]>(await as(admin)('GET', '/Skills')).find((s) => s.id === ts.id)?.employeeCount).toBe(2);
    const bad: [Record<string, unknown>, string][] = [
      [{ userId: member.id, skillId: ts.id, level: 5 }, `level: ${SKILL_MSG.levelRange}`],
      [{ userId: 'nobody', skillId: ts.id, level: 1 }, `userId: ${SKILL_MSG.employeeRequired}`],
      [{ userId: member.id, level: 1 }, `skillId: ${SKILL_MSG.skillRequired}`],
      [{ userId: other.id, skillId: ts.id, level: 1 }, `userId: ${SKILL_MSG.employeeNotFound}`],
    ];
    for (const [body, message] of bad) {
      const res = await as(admin)('PUT', '/EmployeeSkills', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const removed = await as(admin)('DELETE', `/EmployeeSkills/${moderator.id}/${ts.id}`);
    expect(removed.json().message).toBe(SKILL_MSG.removed);
    expect((await as(admin)('DELETE', `/EmployeeSkills/${moderator.id}/${ts.id}`)).statusCode).toBe(404);
    expect((await as(admin)('DELETE', `/Skills/${ts.id}`)).json().message).toBe(SKILL_MSG.deleted);
    expect(data<EmployeeSkill[]>(await as(admin)('GET', `/EmployeeSkills?userId=${member.id}`))).toEqual([]);
  });

  it('is for administrators and moderators; members get 403', async () => {
    expect((await as(member)('GET', '/Skills')).statusCode).toBe(403);
    expect((await as(member)('POST', '/Skills', { name: 'Mine' })).statusCode).toBe(403);
    expect((await as(member)('GET', '/EmployeeSkills')).statusCode).toBe(403);
  });

  it("another organisation can neither see nor change this organisation's skills", async () => {
    const [skill] = data<Skill[]>(await as(admin)('GET', '/Skills'));
    if (!skill) throw new Error('no skill');
    expect(data<Skill[]>(await as(other)('GET', '/Skills')).some((s) => s.id === skill.id)).toBe(false);
    expect((await as(other)('PUT', `/Skills/${skill.id}`, { name: 'Hijacked' })).statusCode).toBe(404);
    expect((await as(other)('DELETE', `/Skills/${skill.id}`)).statusCode).toBe(404);
    const set = await as(other)('PUT', '/EmployeeSkills', {
      userId: member.id,
      skillId: skill.id,
      level: 1,
    });
    expect(set.statusCode).toBe(400);
    expect(data<Skill[]>(await as(admin)('GET', '/Skills')).find((s) => s.id === skill.id)?.name).toBe(skill.name);
  });
});
