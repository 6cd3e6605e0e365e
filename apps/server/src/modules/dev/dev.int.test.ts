import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing';

const JSON_URL = '/backend/api/dev/mailbox?limit=1';
const HTML_URL = '/dev/mailbox';
/** What an absent route answers (app.ts's not-found handler): the refused mailbox must look the same. */
const absent = (path: string) => ({ statusCode: 404, errorCode: 'NOT_FOUND', message: `Route GET ${path} not found` });

/** Both mailbox pages as one client sees them: its TCP peer address and its headers. */
async function visit(t: TestApp, client: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: client.remoteAddress ?? '127.0.0.1', headers: client.headers ?? {} });
  const [json, html] = [await get(JSON_URL), await get(HTML_URL)];
  return { json, html, statuses: [json.statusCode, html.statusCode] };
}

/** The 404 of an absent route, on both pages, with no link in it. */
function expectAbsent({ json, html }: Awaited<ReturnType<typeof visit>>) {
  expect(json.statusCode).toBe(404);
  expect(json.json()).toEqual(absent('/backend/api/dev/mailbox'));
  expect(html.statusCode).toBe(404);
  expect(html.json()).toEqual(absent('/dev/mailbox'));
  expect(json.body + html.body).not.toContain('verify-user');
}

/**
 * The dev mailbox shows every organisation's verification, invite and reset links: served only with
 * the stored outbox, not in production, not behind a proxy, on a loopback HOST or with DEV_MAILBOX=1
 * (config.test.ts has the whole matrix), and then only to a direct loopback connection.
 */
describe('dev mailbox: which servers have it', () => {
  it.each([
    ['served on a loopback HOST (the npm start default)', { HOST: '127.0.0.1' }, true],
    ['served on HOST=::1', { HOST: '::1' }, true],
    ['not served on HOST=0.0.0.0', { HOST: '0.0.0.0' }, false],
    ['served on HOST=0.0.0.0 with DEV_MAILBOX=1 (to this machine only, below)', { HOST: '0.0.0.0', DEV_MAILBOX: '1' }, true],
    ['not served with DEV_MAILBOX=0 on loopback', { HOST: '127.0.0.1', DEV_MAILBOX: '0' }, false],
    ['never served with NODE_ENV=production', { HOST: '127.0.0.1', NODE_ENV: 'production' }, false],
    // The finding: the defaults behind a reverse proxy on the same host.
    ['never served behind a proxy on this machine (TRUST_PROXY=loopback)', { HOST: '127.0.0.1', TRUST_PROXY: 'loopback' }, false],
    ['never served behind a proxy elsewhere (TRUST_PROXY=10.0.0.5)', { HOST: '127.0.0.1', TRUST_PROXY: '10.0.0.5' }, false],
    ['never served with SMTP_URL (no mail is stored for it)', { HOST: '127.0.0.1', SMTP_URL: 'smtp://127.0.0.1:2525' }, false],
  ])('%s', async (_label, env, served) => {
    const t = await createTestApp('pglite', env);
    try {
      // A verification link in the outbox (none under SMTP_URL, which would try to send it).
      if (!('SMTP_URL' in env)) await t.registerOrganisation({ email: 'owner@kaveri.in' });
      const seen = await visit(t);
      if (served) {
        expect(seen.statuses).toEqual([200, 200]);
        expect(seen.json.body).toContain('verify-user');
        expect(seen.html.body).toContain('verify-user');
      } else {
        expectAbsent(seen);
      }
    } finally {
      await t.close();
    }
  });
});

describe('dev mailbox: which requests it answers', () => {
  let t: TestApp;
  let wide: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.registerOrganisation({ email: 'reader@kaveri.in' });
    wide = await createTestApp('pglite', { HOST: '0.0.0.0', DEV_MAILBOX: '1' });
    await wide.registerOrganisation({ email: 'reader@kaveri.in' });
  });
  afterAll(async () => {
    await t.close();
    await wide.close();
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('a direct connection from %s without forwarding headers: served', async (remoteAddress) => {
    const seen = await visit(t, { remoteAddress });
    expect(seen.statuses).toEqual([200, 200]);
    expect(seen.json.json<{ data: { links: string[] }[] }>().data[0]?.links.some((l) => l.includes('/verify-user/'))).toBe(true);
  });

  it.each(['192.168.1.20', '203.0.113.9', '2001:db8::1', '::ffff:10.0.0.5'])('a connection from another machine (%s): 404 as if absent', async (remoteAddress) => {
    expectAbsent(await visit(t, { remoteAddress }));
  });

  it.each([
    ['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.9' }],
    ['X-Forwarded-For naming loopback', { 'x-forwarded-for': '127.0.0.1' }],
    ['X-Forwarded-Host', { 'x-forwarded-host': 'tankha.example.in' }],
    ['X-Forwarded-Proto', { 'x-forwarded-proto': 'https' }],
    ['Forwarded', { forwarded: 'for=203.0.113.9;proto=https' }],
    ['X-Real-IP', { 'x-real-ip': '203.0.113.9' }],
    ['Via', { via: '1.1 proxy.example.in' }],
    ['True-Client-IP', { 'true-client-ip': '203.0.113.9' }],
    ['CF-Connecting-IP', { 'cf-connecting-ip': '203.0.113.9' }],
  ])('from loopback but forwarded (%s): 404 as if absent', async (_label, headers) => {
    expectAbsent(await visit(t, { headers }));
  });

  it('DEV_MAILBOX=1 on HOST=0.0.0.0 serves this machine only', async () => {
    expect((await visit(wide)).statuses).toEqual([200, 200]);
    expectAbsent(await visit(wide, { remoteAddress: '192.168.1.20' }));
    expectAbsent(await visit(wide, { headers: { 'x-forwarded-for': '192.168.1.20' } }));
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
