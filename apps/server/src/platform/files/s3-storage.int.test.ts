import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MSG, type SessionUser } from '@tankha/contracts';
import { BACKENDS, createTestApp, makePdfOfSize, makePng, multipart, type TestApp } from '../../testing';
import { startS3Server, type TestS3Server } from '../../testing/s3-server';
import { S3FileStorage } from './s3-file-storage';
import { SWEEP_AFTER_MS } from './file-storage';

/**
 * Issue 31: with S3_BUCKET set the server keeps its files in the bucket (a real S3-protocol server
 * here, s3rver over HTTP), not in DATA_DIR: an upload through the API is pending in the bucket until
 * its commit's job promotes it, downloads stream from the bucket, and the hourly sweep lists it.
 */
describe.each(BACKENDS)('files in an S3 bucket through the HTTP API (%s)', (backend) => {
  let s3: TestS3Server;
  let t: TestApp;
  let bucket: S3FileStorage;
  let admin: SessionUser;
  let member: SessionUser;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(backend, s3.env, { demo: true });
    // A second client on the same bucket: what another server process would see.
    bucket = new S3FileStorage(s3.options);
    admin = await t.login('anita.rao@nilgiri.demo');
    member = await t.login('aditi.agarwal@nilgiri.demo');
  }, 60_000);
  afterAll(async () => {
    bucket.close();
    await t.close();
    await s3.close();
  });

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, options: { token?: string; body?: Buffer; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method, url: `/backend/api${url}`, headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers }, ...(options.body ? { payload: options.body } : {}) });
  const localFiles = () => {
    const root = path.join(t.config.dataDir, 'files');
    return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).length : 0;
  };

  it('an uploaded document is pending in the bucket until its commit, streams back from either name, and goes with its row', async () => {
    // Over a megabyte, so the download arrives in many pieces.
    const pdf = makePdfOfSize(1_500_000);
    const form = multipart({ documentType: '1' }, { field: 'file', filename: 'pan.pdf', contentType: 'application/pdf', bytes: pdf });
    const res = await inject('POST', `/Users/${member.id}/documents`, { token: admin.token, body: form.body, headers: form.headers });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(DOCUMENT_MSG.uploaded);
    const id = res.json().data.id as string;
    const folder = `documents/${admin.tenantId}/`;

    // Committed, not yet promoted: the bytes are under pending/ in the bucket, and readable.
    const pending = (await bucket.list(folder)).filter((e) => e.pending);
    expect(pending).toHaveLength(1);
    const early = await inject('GET', `/Users/${member.id}/documents/${id}/download`, { token: admin.token });
    expect(early.statusCode).toBe(200);
    expect(early.headers['content-type']).toBe('application/pdf');
    expect(early.headers['content-length']).toBe(String(pdf.length));
    expect(early.headers['x-content-type-options']).toBe('nosniff');
    expect(early.rawPayload.equals(pdf)).toBe(true);

    // The commit's job promotes them: final key, no pending object left.
    await t.drainJobs();
    const stored = await bucket.list(folder);
    expect(stored.map((e) => [e.key, e.pending])).toEqual([[pending[0]?.key, false]]);
    const later = await t.call('GET', `/Users/${member.id}/documents/${id}/download`, { token: admin.token });
    expect(later.statusCode).toBe(200);
    expect(later.rawPayload.equals(pdf)).toBe(true);
    // Nothing went to the local folder.
    expect(localFiles()).toBe(0);

    // Another organisation cannot read it.
    const outsider = await t.registerOrganisation({ organizationName: 'Elsewhere S3' });
    expect((await t.call('GET', `/Users/${member.id}/documents/${id}/download`, { token: outsider.token })).statusCode).toBe(404);

    const removed = await t.call('DELETE', `/Users/${member.id}/documents/${id}`, { token: admin.token });
    expect(removed.statusCode).toBe(200);
    expect(await bucket.list(folder)).toEqual([]);
    const gone = await t.call('GET', `/Users/${member.id}/documents/${id}/download`, { token: admin.token });
    expect(gone.statusCode).toBe(404);
  });

  it('an organisation logo is served from the bucket', async () => {
    const png = makePng(120, 80);
    const form = multipart({}, { field: 'logo', filename: 'logo.png', contentType: 'image/png', bytes: png });
    const res = await t.call('POST', '/logos', { token: admin.token, body: form.body, headers: form.headers });
    expect(res.statusCode).toBe(200);
    const name = (res.json().data.logoUrl as string).split('/').pop() ?? '';
    expect((await bucket.list(`logos/${name}`)).map((e) => e.pending)).toEqual([false]);
    const served = await t.call('GET', `/files/logos/${name}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBeGreaterThan(0);
  });

  it('the hourly sweep lists the bucket: an hour on, an object no row names goes and a committed one stays', async () => {
    const form = multipart({ documentType: '1' }, { field: 'file', filename: 'kept.pdf', contentType: 'application/pdf', bytes: makePdfOfSize(2000) });
    const kept = await t.call('POST', `/Users/${member.id}/documents`, { token: admin.token, body: form.body, headers: form.headers });
    expect(kept.statusCode).toBe(201);
    const orphan = `documents/${admin.tenantId}/${randomUUID()}.pdf`;
    await bucket.putPending(orphan, Buffer.from('left by a crash'));
    const sweep = async () => {
      await t.app.jobs.send('files.sweep', { tenantId: null, data: {} });
      await t.drainJobs();
    };

    await sweep();
    expect(await bucket.get(orphan)).not.toBeNull();
    t.clock.advance(SWEEP_AFTER_MS + 60_000);
    await sweep();
    expect(await bucket.get(orphan)).toBeNull();
    const download = await t.call('GET', `/Users/${member.id}/documents/${kept.json().data.id as string}/download`, { token: admin.token });
    expect(download.statusCode).toBe(200);
  });
});
