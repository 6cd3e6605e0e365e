import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing';

/**
 * The dev mailbox shows every organisation's reset and invite links, so it is served only on a
 * loopback HOST or with DEV_MAILBOX=1, and never in production (the full matrix is in config.test.ts).
 */
describe('dev mailbox exposure', () => {
  it.each([
    ['served on a loopback HOST (the npm start default)', { HOST: '127.0.0.1' }, true],
    ['served on HOST=::1', { HOST: '::1' }, true],
    ['not served on HOST=0.0.0.0', { HOST: '0.0.0.0' }, false],
    ['served on HOST=0.0.0.0 with DEV_MAILBOX=1', { HOST: '0.0.0.0', DEV_MAILBOX: '1' }, true],
    ['not served with DEV_MAILBOX=0 on loopback', { HOST: '127.0.0.1', DEV_MAILBOX: '0' }, false],
    ['never served with NODE_ENV=production', { HOST: '127.0.0.1', NODE_ENV: 'production' }, false],
  ])('%s', async (_label, env, served) => {
    const t = await createTestApp('pglite', env);
    try {
      await t.call('POST', '/Account/forgot-password', { body: { email: 'someone@example.in' } });
      const json = await t.call('GET', '/backend/api/dev/mailbox');
      const html = await t.call('GET', '/dev/mailbox');
      expect([json.statusCode, html.statusCode]).toEqual(served ? [200, 200] : [404, 404]);
      if (!served) expect(json.body).not.toContain('reset');
    } finally {
      await t.close();
    }
  });
});

describe('dev mailbox filter', () => {
  it("finds an address's e-mails older than the newest `limit` of all (filtered in the query, not after it)", async () => {
    const t = await createTestApp('pglite');
    try {
      await t.registerOrganisation({ email: 'first@kaveri.in', organizationName: 'Kaveri One' });
      await t.registerOrganisation({ email: 'second@kaveri.in', organizationName: 'Kaveri Two' });
      const res = await t.call('GET', '/backend/api/dev/mailbox?to=FIRST@kaveri.in&limit=1');
      const { data } = res.json<{ data: { to: string }[] }>();
      expect(data.map((m) => m.to)).toEqual(['first@kaveri.in']);
    } finally {
      await t.close();
    }
  });
});
