import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing';

describe('platform endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('health answers with the database kind', async () => {
    const res = await t.call('GET', '/health');
    expect(res.json()).toMatchObject({ statusCode: 200, data: { status: 'ok', database: 'pglite' } });
  });

  it('serves the OpenAPI document with the account and tenant paths', async () => {
    const res = await t.call('GET', '/docs');
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/backend/api/Account/login', '/backend/api/Tenants', '/backend/api/orgprofilecompletionstatus']));
  });

  it('sets security headers', async () => {
    const res = await t.call('GET', '/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('unknown API paths answer the error envelope with 404', async () => {
    const res = await t.call('GET', '/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, errorCode: 'NOT_FOUND' });
  });

  it('the mailbox page lists stored e-mails with their links as relative addresses', async () => {
    await t.registerOrganisation({ email: 'mailbox@example.in' });
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Verify your email address for Tankha');
    expect(page.body).toMatch(/href="\/verify-user\/[^"]+\/mailbox%40example\.in"/);
  });

  it('there is no mailbox in production', async () => {
    const prod = await createTestApp('pglite', { NODE_ENV: 'production' });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      expect((await prod.call('GET', '/dev/mailbox')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
