import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStorage, SWEEP_AFTER_MS, sweepStored, type FileStorage } from './file-storage';
import { S3FileStorage } from './s3-file-storage';
import { startS3Server, type TestS3Server } from '../../testing/s3-server';

/**
 * One contract, both stores: the local folder and an S3-compatible bucket on a real S3-protocol
 * server (s3rver over HTTP, started here). What the upload guarantee (pending → promote after the
 * commit), the downloads and the sweeper rely on holds for either.
 */
interface Store {
  files: FileStorage;
  close(): Promise<void>;
}

const STORES: [string, () => Promise<Store>][] = [
  [
    'local folder',
    () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-files-'));
      return Promise.resolve({ files: new LocalFileStorage(root), close: () => Promise.resolve(fs.rmSync(root, { recursive: true, force: true })) });
    },
  ],
  [
    'S3 bucket',
    async () => {
      const server: TestS3Server = await startS3Server();
      // Pages of 2 objects, so that every listing below goes through ListObjectsV2's continuation.
      const files = new S3FileStorage({ ...server.options, listPageSize: 2 });
      return {
        files,
        close: async () => {
          files.close();
          await server.close();
        },
      };
    },
  ],
];

const bytesOf = (text: string) => Buffer.from(text, 'utf8');
const read = async (stream: NodeJS.ReadableStream): Promise<{ bytes: Buffer; largestChunk: number }> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { bytes: Buffer.concat(chunks), largestChunk: Math.max(0, ...chunks.map((c) => c.length)) };
};

describe.each(STORES)('FileStorage contract (%s)', (_name, make) => {
  let store: Store;
  let files: FileStorage;
  const key = (folder = 'documents') => `${folder}/${randomUUID()}/${randomUUID()}.pdf`;

  beforeAll(async () => {
    store = await make();
    files = store.files;
  }, 30_000);
  afterAll(async () => {
    await store.close();
  });

  it('keeps an upload pending until it is promoted, readable from either name, and promotes once', async () => {
    const k = key();
    await files.putPending(k, bytesOf('the pending bytes'));
    expect((await files.get(k))?.toString()).toBe('the pending bytes');
    expect((await files.list(k)).map((e) => [e.key, e.pending])).toEqual([[k, true]]);

    expect(await files.promote(k)).toBe(true);
    expect((await files.get(k))?.toString()).toBe('the pending bytes');
    expect((await files.list(k)).map((e) => [e.key, e.pending])).toEqual([[k, false]]);
    // Idempotent: a second run of the job finds nothing to move and leaves the final bytes.
    expect(await files.promote(k)).toBe(false);
    expect((await files.get(k))?.toString()).toBe('the pending bytes');
  });

  it('a promotion of a key never uploaded is false, and reading it is null', async () => {
    const k = key();
    expect(await files.promote(k)).toBe(false);
    expect(await files.get(k)).toBeNull();
    expect(await files.open(k)).toBeNull();
    expect(await files.list(k)).toEqual([]);
  });

  it('a newer upload under the same key replaces the final bytes when promoted', async () => {
    const k = key('logos');
    await files.putPending(k, bytesOf('first'));
    await files.promote(k);
    await files.putPending(k, bytesOf('second'));
    expect((await files.get(k))?.toString()).toBe('first');
    expect(await files.promote(k)).toBe(true);
    expect((await files.get(k))?.toString()).toBe('second');
  });

  it('streams a download in pieces with its size, pending or final, never as one whole-file buffer', async () => {
    const k = key();
    const big = randomBytes(6 * 1024 * 1024);
    await files.putPending(k, big);
    for (const stage of ['pending', 'final']) {
      if (stage === 'final') await files.promote(k);
      const opened = await files.open(k);
      if (!opened) throw new Error(`${stage}: not opened`);
      expect(opened.size).toBe(big.length);
      const { bytes, largestChunk } = await read(opened.stream);
      expect(bytes.equals(big)).toBe(true);
      expect(largestChunk).toBeLessThanOrEqual(1024 * 1024);
    }
  }, 30_000);

  it('removes the final and the pending bytes of a key, and a missing key quietly', async () => {
    const k = key();
    await files.putPending(k, bytesOf('one'));
    await files.promote(k);
    await files.putPending(k, bytesOf('two'));
    await files.remove(k);
    expect(await files.get(k)).toBeNull();
    expect(await files.list(k)).toEqual([]);
    await expect(files.remove(key())).resolves.toBeUndefined();
  });

  it('lists every final and pending object under a prefix, and nothing outside it', async () => {
    const tenant = randomUUID();
    const finals = [`receipts/${tenant}/a.pdf`, `receipts/${tenant}/b.pdf`, `receipts/${tenant}/sub/c.pdf`];
    const pendings = [`receipts/${tenant}/d.pdf`, `receipts/${tenant}/e.pdf`, `receipts/${tenant}/f.pdf`];
    for (const k of [...finals, ...pendings]) await files.putPending(k, bytesOf(k));
    for (const k of finals) await files.promote(k);
    await files.putPending(`receipts/${randomUUID()}/elsewhere.pdf`, bytesOf('x'));
    await files.putPending(`documents/${tenant}/other-folder.pdf`, bytesOf('x'));

    const listed = await files.list(`receipts/${tenant}/`);
    const byName = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
    expect(listed.map((e) => ({ key: e.key, pending: e.pending })).sort(byName)).toEqual(
      [...finals.map((k) => ({ key: k, pending: false })), ...pendings.map((k) => ({ key: k, pending: true }))].sort(byName),
    );
    for (const entry of listed) expect(Math.abs(entry.modifiedAt.getTime() - Date.now())).toBeLessThan(5 * 60_000);
  });

  it('refuses keys that climb out, are absolute or name the pending folder', async () => {
    for (const bad of ['../etc/passwd', 'documents/../../x', '/etc/passwd', 'pending/documents/x.pdf', 'a b.pdf']) {
      await expect(files.putPending(bad, bytesOf('x'))).rejects.toThrow(/unsafe storage key/);
      await expect(files.get(bad)).rejects.toThrow(/unsafe storage key/);
    }
  });

  it('the sweeper removes old objects no row names, promotes old pending ones a row names, keeps the young', async () => {
    const folder = `form16/${randomUUID()}/`;
    const orphanFinal = `${folder}orphan-final.pdf`;
    const orphanPending = `${folder}orphan-pending.pdf`;
    const committedPending = `${folder}committed-pending.pdf`;
    const committedFinal = `${folder}committed-final.pdf`;
    for (const k of [orphanFinal, orphanPending, committedPending, committedFinal]) await files.putPending(k, bytesOf(k));
    await files.promote(orphanFinal);
    await files.promote(committedFinal);
    const named = new Set([committedPending, committedFinal]);
    const known = (keys: readonly string[]) => Promise.resolve(new Set(keys.filter((k) => named.has(k))));

    // Within the hour every object may belong to a transaction still running: nothing happens.
    expect(await sweepStored(files, folder, new Date(), known)).toEqual({ removed: 0, promoted: 0 });
    expect((await files.list(folder)).length).toBe(4);

    // An hour on (the stores' own clocks stamp the objects, so the sweep's "now" moves instead).
    const later = new Date(Date.now() + SWEEP_AFTER_MS + 60_000);
    expect(await sweepStored(files, folder, later, known)).toEqual({ removed: 2, promoted: 1 });
    expect(await files.get(orphanFinal)).toBeNull();
    expect(await files.get(orphanPending)).toBeNull();
    expect((await files.get(committedPending))?.toString()).toBe(committedPending);
    expect((await files.get(committedFinal))?.toString()).toBe(committedFinal);
    expect((await files.list(folder)).map((e) => [e.key, e.pending]).sort()).toEqual([
      [committedFinal, false],
      [committedPending, false],
    ].sort());
  });
});
