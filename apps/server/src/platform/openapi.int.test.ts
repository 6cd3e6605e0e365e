import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, type SessionUser } from '@tankha/contracts';
import { BACKENDS, DEMO_LOGINS, createTestApp, type TestApp } from '../testing';
import { hashPassword } from './auth/passwords';

const DOCS = '/backend/api/docs';

/**
 * Issue 25 (Info): the OpenAPI document lists every operation with its access rules, and was public
 * in production too. In production it is now a signed-in Administrator's; while developing it stays
 * public (docs/decisions/).
 */
describe.each(BACKENDS)('the OpenAPI document in production (%s)', (backend) => {
  let t: TestApp;
  const as: Partial<Record<'administrator' | 'moderator' | 'member', SessionUser>> = {};
  const get = (token?: string) => t.app.inject({ method: 'GET', url: DOCS, headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    t = await createTestApp(backend, { NODE_ENV: 'production' }, { demo: true });
    // Production refuses the demo's public password, so the demo people get one of their own first.
    const password = 'Nilgiri2026x';
    await t.database.db.execute(sql`UPDATE accounts SET password_hash = ${await hashPassword(password)} WHERE email IN (${DEMO_LOGINS.administrator}, ${DEMO_LOGINS.moderator}, ${DEMO_LOGINS.member})`);
    for (const role of ['administrator', 'moderator', 'member'] as const) as[role] = await t.login(DEMO_LOGINS[role], password);
  });
  afterAll(async () => {
    await t.close();
  });

  it('without a token, or with one that is not: 401, and nothing of the document', async () => {
    const anonymous = await get();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ statusCode: 401, errorCode: 'TokenNotFound', message: 'Token not found.' });
    expect((await get('not.a.token')).statusCode).toBe(401);
    expect(anonymous.body).not.toContain('/backend/api/');
  });

  it.each(['moderator', 'member'] as const)('a %s: 403', async (role) => {
    const res = await get(as[role]?.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'FORBIDDEN', message: MSG.permissionDenied });
  });

  it("an Administrator: the document, each operation with its access rules", async () => {
    const res = await get(as.administrator?.token);
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, { 'x-access'?: unknown }>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/backend/api/Departments']?.post?.['x-access']).toEqual({ permission: 'departments.manage' });
  });
});

describe.each(BACKENDS)('the OpenAPI document outside production (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is public: the tools of a developer read it without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: DOCS });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json<{ paths: object }>().paths)).toContain('/backend/api/Departments');
  });
});
