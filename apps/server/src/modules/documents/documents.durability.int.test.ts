import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MSG, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { LocalFileStorage } from '../../platform/files/file-storage';
import { BACKENDS, createTestApp, makePdf, makePng, multipart, type TestApp } from '../../testing';

const PDF = makePdf('PAN card');
const TWO_HOURS_AGO = () => new Date(Date.now() - 2 * 3600_000);

/**
 * Issue 9: an upload writes its bytes under a pending name, its row in the request's transaction,
 * and the bytes reach their final name only after the commit; an Idempotency-Key makes a retry
 * answer the first document; the hourly sweeper removes what a crash leaves behind.
 */
describe.each(BACKENDS)('document uploads survive a crash and a retry (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let member: SessionUser;
  let root: string;
  let storage: LocalFileStorage;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login('anita.rao@nilgiri.demo');
    member = await t.login('aditi.agarwal@nilgiri.demo');
    root = path.join(t.config.dataDir, 'files');
    storage = new LocalFileStorage(root);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const form = (bytes = PDF) => multipart({ documentType: '1' }, { field: 'file', filename: 'pan.pdf', contentType: 'application/pdf', bytes });
  const upload = (userId: string, key?: string, token = admin.token) => {
    const f = form();
    return t.call('POST', `/Users/${userId}/documents`, { token, body: f.body, headers: { ...f.headers, ...(key ? { 'idempotency-key': key } : {}) } });
  };
  const rows = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM user_documents`))[0]?.n ?? 0;
  const keyOf = async (documentId: string) =>
    (await queryRows<{ key: string }>(t.database.db, sql`SELECT f.storage_key AS key FROM user_documents d JOIN files f ON f.id = d.file_id WHERE d.id = ${documentId}`))[0]?.key;
  const finalPath = (key: string) => path.join(root, key);
  const pendingPath = (key: string) => path.join(root, 'pending', key);
  const filesUnder = (dir: string): string[] =>
    fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : [];
  const sweep = async () => {
    await t.app.jobs.send('files.sweep', { tenantId: null, data: {} });
    await t.drainJobs();
  };

  it('the same Idempotency-Key twice makes one document and answers the same reply', async () => {
    const key = randomUUID();
    const before = await rows();
    const first = await upload(member.id, key);
    expect(first.statusCode).toBe(201);
    const again = await upload(member.id, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await rows()).toBe(before + 1);
    // A different key (a new pick of the file) is a new document.
    const other = await upload(member.id, randomUUID());
    expect(other.json().data.id).not.toBe(first.json().data.id);
    expect(await rows()).toBe(before + 2);
  });

  it('a key used for one person is refused for another, and a key that is not a UUID is a 400 naming the header', async () => {
    const key = randomUUID();
    expect((await upload(member.id, key)).statusCode).toBe(201);
    const before = await rows();
    const elsewhere = await upload(admin.id, key);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(DOCUMENT_MSG.keyReused);
    const bad = await upload(member.id, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Idempotency-Key must be a UUID/);
    expect(await rows()).toBe(before);
  });

  it('retries sent at the same time make one document', async () => {
    const key = randomUUID();
    const before = await rows();
    const f = form();
    const send = () => t.app.inject({ method: 'POST', url: `/backend/api/Users/${member.id}/documents`, headers: { authorization: `Bearer ${admin.token}`, ...f.headers, 'idempotency-key': key }, payload: f.body });
    const replies = await Promise.all([send(), send(), send()]);
    await t.drainJobs();
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(replies.map((r) => r.json().data.id)).size).toBe(1);
    expect(await rows()).toBe(before + 1);
  });

  it('the bytes are pending until the commit’s job promotes them, and readable in between', async () => {
    const f = form();
    // Straight through the app: the harness's call would run the jobs at once.
    const res = await t.app.inject({ method: 'POST', url: `/backend/api/Users/${member.id}/documents`, headers: { authorization: `Bearer ${admin.token}`, ...f.headers }, payload: f.body });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as string;
    const key = await keyOf(id);
    if (!key) throw new Error('no storage key');
    expect(fs.existsSync(pendingPath(key))).toBe(true);
    expect(fs.existsSync(finalPath(key))).toBe(false);
    const early = await t.app.inject({ method: 'GET', url: `/backend/api/Users/${member.id}/documents/${id}/download`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(early.statusCode).toBe(200);
    expect(early.rawPayload.equals(PDF)).toBe(true);

    await t.drainJobs();
    expect(fs.existsSync(finalPath(key))).toBe(true);
    expect(fs.existsSync(pendingPath(key))).toBe(false);
    const later = await t.call('GET', `/Users/${member.id}/documents/${id}/download`, { token: admin.token });
    expect(later.rawPayload.equals(PDF)).toBe(true);
  });

  it('a transaction that fails at its commit leaves no row and no final file; the sweeper removes the pending bytes', async () => {
    // A deferred check fails the COMMIT itself, after the service has returned and its job was written.
    await t.database.db.execute(sql`CREATE FUNCTION test_refuse_document() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused at commit'; END $$`);
    await t.database.db.execute(sql`CREATE CONSTRAINT TRIGGER test_refuse_document AFTER INSERT ON user_documents DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_refuse_document()`);
    const finalsBefore = filesUnder(path.join(root, 'documents')).length;
    const rowsBefore = await rows();
    const pendingBefore = new Set(filesUnder(path.join(root, 'pending', 'documents')));
    let res;
    try {
      res = await upload(member.id, randomUUID());
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER test_refuse_document ON user_documents`);
      await t.database.db.execute(sql`DROP FUNCTION test_refuse_document()`);
    }
    expect(res.statusCode).toBe(500);
    expect(await rows()).toBe(rowsBefore);
    expect(filesUnder(path.join(root, 'documents')).length).toBe(finalsBefore);
    // What a crash between the write and the commit leaves: bytes under a pending name only.
    const leftover = filesUnder(path.join(root, 'pending', 'documents')).filter((f) => !pendingBefore.has(f));
    expect(leftover).toHaveLength(1);

    // Younger than an hour, it may belong to a transaction still running: kept.
    await sweep();
    expect(fs.existsSync(leftover[0] ?? '')).toBe(true);
    fs.utimesSync(leftover[0] ?? '', TWO_HOURS_AGO(), TWO_HOURS_AGO());
    await sweep();
    expect(fs.existsSync(leftover[0] ?? '')).toBe(false);
  });

  it('a failure inside the service (before the commit) removes the pending bytes at once', async () => {
    await t.database.db.execute(sql`CREATE FUNCTION test_refuse_document() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`);
    await t.database.db.execute(sql`CREATE TRIGGER test_refuse_document BEFORE INSERT ON user_documents FOR EACH ROW EXECUTE FUNCTION test_refuse_document()`);
    const pendingBefore = filesUnder(path.join(root, 'pending')).length;
    const finalsBefore = filesUnder(path.join(root, 'documents')).length;
    const rowsBefore = await rows();
    let res;
    try {
      res = await upload(member.id);
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER test_refuse_document ON user_documents`);
      await t.database.db.execute(sql`DROP FUNCTION test_refuse_document()`);
    }
    expect(res.statusCode).toBe(500);
    expect(await rows()).toBe(rowsBefore);
    expect(filesUnder(path.join(root, 'pending')).length).toBe(pendingBefore);
    expect(filesUnder(path.join(root, 'documents')).length).toBe(finalsBefore);
  });

  it('the sweeper removes old final files no row names, promotes committed pending ones and keeps the rest', async () => {
    const tenant = admin.tenantId;
    // A final file with no row (an upload of an older version killed before its row, or a lost deletion job).
    const orphan = `documents/${tenant}/${randomUUID()}.pdf`;
    await storage.putPending(orphan, PDF);
    await storage.promote(orphan);
    fs.utimesSync(finalPath(orphan), TWO_HOURS_AGO(), TWO_HOURS_AGO());
    // The same, but recent: kept for now.
    const young = `documents/${tenant}/${randomUUID()}.pdf`;
    await storage.putPending(young, PDF);
    await storage.promote(young);
    // A committed document, old.
    const kept = await upload(member.id);
    const keptKey = (await keyOf(kept.json().data.id as string)) ?? '';
    fs.utimesSync(finalPath(keptKey), TWO_HOURS_AGO(), TWO_HOURS_AGO());
    // A committed document whose promotion job was lost: its bytes are still pending, an hour on.
    const lost = await upload(member.id);
    const lostKey = (await keyOf(lost.json().data.id as string)) ?? '';
    fs.mkdirSync(path.dirname(pendingPath(lostKey)), { recursive: true });
    fs.renameSync(finalPath(lostKey), pendingPath(lostKey));
    fs.utimesSync(pendingPath(lostKey), TWO_HOURS_AGO(), TWO_HOURS_AGO());

    await sweep();
    expect(fs.existsSync(finalPath(orphan))).toBe(false);
    expect(fs.existsSync(finalPath(young))).toBe(true);
    expect(fs.existsSync(finalPath(keptKey))).toBe(true);
    expect(fs.existsSync(finalPath(lostKey))).toBe(true);
    expect(fs.existsSync(pendingPath(lostKey))).toBe(false);
    const download = await t.call('GET', `/Users/${member.id}/documents/${lost.json().data.id as string}/download`, { token: admin.token });
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('an organisation logo is pending until its commit; the replaced one goes after it; an unnamed old logo is swept', async () => {
    const logo = () => {
      const f = multipart({}, { field: 'logo', filename: 'logo.png', contentType: 'image/png', bytes: makePng(120, 80) });
      return t.app.inject({ method: 'POST', url: '/backend/api/logos', headers: { authorization: `Bearer ${admin.token}`, ...f.headers }, payload: f.body });
    };
    const keyOfUrl = (url: string) => `logos/${url.split('/').pop() ?? ''}`;
    const first = keyOfUrl((await logo()).json().data.logoUrl as string);
    expect(fs.existsSync(pendingPath(first))).toBe(true);
    expect(fs.existsSync(finalPath(first))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/backend/api/files/${first}` })).statusCode).toBe(200);
    await t.drainJobs();
    expect(fs.existsSync(finalPath(first))).toBe(true);

    const second = keyOfUrl((await logo()).json().data.logoUrl as string);
    expect(fs.existsSync(finalPath(first))).toBe(true);
    await t.drainJobs();
    expect(fs.existsSync(finalPath(first))).toBe(false);
    expect(fs.existsSync(finalPath(second))).toBe(true);

    const stray = `logos/${admin.tenantId}-${'a'.repeat(16)}.png`;
    await storage.putPending(stray, makePng(120, 80));
    fs.utimesSync(pendingPath(stray), TWO_HOURS_AGO(), TWO_HOURS_AGO());
    fs.utimesSync(finalPath(second), TWO_HOURS_AGO(), TWO_HOURS_AGO());
    await sweep();
    expect(fs.existsSync(pendingPath(stray))).toBe(false);
    expect(fs.existsSync(finalPath(second))).toBe(true);
  });
});
