import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_MSG } from '@tankha/contracts';
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

  it('/health/ready answers 200 while the app takes traffic and 503 from the shutdown signal on', async () => {
    const ready = await t.call('GET', '/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ statusCode: 200, message: HEALTH_MSG.ready, data: { status: 'ready' } });
    expect(ready.headers['cache-control']).toBe('no-store');
    const other = await createTestApp('pglite');
    try {
      expect((await other.call('GET', '/health/ready')).statusCode).toBe(200);
      other.app.readiness.markStopping();
      const stopping = await other.call('GET', '/health/ready');
      expect(stopping.statusCode).toBe(503);
      expect(stopping.json()).toEqual({ statusCode: 503, message: HEALTH_MSG.stopping, data: { status: 'stopping' } });
    } finally {
      await other.close();
    }
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

describe('the built web app', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-dist-'));
  const script = 'console.log("' + 'x'.repeat(2000) + '");';
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tankha</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), script);
    fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    t = await createTestApp('pglite', { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the Brotli copy to a browser that accepts it, and the plain file to one that does not', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches hashed assets for a year; the service worker and the shell are revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const shell = await t.app.inject({ method: 'GET', url: '/payroll/payslips' });
    expect(shell.headers['content-type']).toContain('text/html');
    expect(shell.headers['cache-control']).toBe('no-cache');
  });
});
