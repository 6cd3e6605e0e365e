import type { Dirent } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

declare module '../jobs/jobs' {
  interface JobPayloads {
    /** A stored file whose row has committed: its pending bytes move to their final name. */
    'files.stored': { storageKey: string };
    /** Many stored files committed by one piece of work (a chunk of payslip PDFs): one job, not one each. */
    'files.stored.batch': { storageKeys: string[] };
    /** A file whose row has been deleted (or replaced) and committed: its bytes go. */
    'files.removed': { storageKey: string };
    /** Hourly: stored files no row names go, pending files a committed row names are promoted. */
    'files.sweep': Record<string, never>;
  }
}

/** One stored object, final or still pending, as the sweeper sees it. */
export interface StoredEntry {
  key: string;
  /** Written by an upload whose row may not have committed yet. */
  pending: boolean;
  modifiedAt: Date;
}

/** A stored object opened for streaming: its bytes as they are read, never held whole. */
export interface OpenedFile {
  stream: Readable;
  /** The size in bytes, when the store says it. */
  size: number | null;
}

/**
 * Where uploaded files live: a local folder by default (LocalFileStorage); an S3-compatible bucket
 * when S3_BUCKET is set (S3FileStorage, s3-file-storage.ts), pending objects under `pending/` there too.
 *
 * An upload never writes its final name directly: the bytes go under a pending name
 * (`putPending`), the row naming the final key is inserted in the request's transaction, and the
 * job `files.stored`, enqueued in that transaction, promotes the bytes after the commit. A crash
 * before the commit leaves only a pending file, which the hourly sweeper removes; a committed key
 * is readable at once, from its pending name until the promotion has run.
 */
export interface FileStorage {
  putPending(key: string, bytes: Buffer): Promise<void>;
  /** Moves the pending bytes to the final name. Idempotent: false when there was nothing to move. */
  promote(key: string): Promise<boolean>;
  /** The final bytes, or the pending ones of a committed key whose promotion has not run yet. */
  get(key: string): Promise<Buffer | null>;
  /** As `get`, streamed: for downloads, so no file is held whole in memory. */
  open(key: string): Promise<OpenedFile | null>;
  /** Removes the key's final and pending bytes. */
  remove(key: string): Promise<void>;
  /** Every final and pending object whose key starts with `prefix` (the sweeper). */
  list(prefix: string): Promise<StoredEntry[]>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;
/** Pending objects live under their own top-level folder, so a listing of finals never sees them. */
export const PENDING = 'pending';

/** A key the stores accept: no traversal, no absolute paths, never inside the pending folder. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.startsWith(`${PENDING}/`)) throw new Error(`unsafe storage key: ${key}`);
}

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  private resolvePending(key: string): string {
    return path.join(this.root, PENDING, path.relative(this.root, this.resolve(key)));
  }

  async putPending(key: string, bytes: Buffer): Promise<void> {
    const file = this.resolvePending(key);
    // Owner-only, whatever the umask: uploads are personal documents (DATA_DIR is 0700 too).
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await fs.writeFile(file, bytes, { mode: 0o600 });
  }

  async promote(key: string): Promise<boolean> {
    const final = this.resolve(key);
    await fs.mkdir(path.dirname(final), { recursive: true, mode: 0o700 });
    try {
      // rename(2) within one file system is atomic: the final name holds all the bytes or none.
      await fs.rename(this.resolvePending(key), final);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    for (const file of [this.resolve(key), this.resolvePending(key)]) {
      try {
        return await fs.readFile(file);
      } catch {
        // not there: try the pending name, then give up
      }
    }
    return null;
  }

  async open(key: string): Promise<OpenedFile | null> {
    for (const file of [this.resolve(key), this.resolvePending(key)]) {
      let handle: FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch {
        continue; // not there: try the pending name, then give up
      }
      // The open handle keeps the bytes readable even if a promotion renames the file meanwhile.
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    }
    return null;
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
    await fs.rm(this.resolvePending(key), { force: true });
  }

  async list(prefix: string): Promise<StoredEntry[]> {
    const entries: StoredEntry[] = [];
    for (const pending of [false, true]) {
      const base = pending ? path.join(this.root, PENDING) : this.root;
      const dir = path.join(base, prefix.slice(0, prefix.lastIndexOf('/') + 1));
      let found: Dirent[];
      try {
        found = await fs.readdir(dir, { recursive: true, withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of found) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(base, file).split(path.sep).join('/');
        if (!key.startsWith(prefix) || (!pending && key.startsWith(`${PENDING}/`))) continue;
        const stat = await fs.stat(file).catch(() => null);
        if (stat) entries.push({ key, pending, modifiedAt: stat.mtime });
      }
    }
    return entries;
  }
}

/** Stored objects older than this had their transaction end long ago: the sweeper's margin. */
export const SWEEP_AFTER_MS = 60 * 60 * 1000;

/**
 * One sweep of a prefix (the hourly job 'files.sweep'): objects older than an hour that no row
 * names are what a crash, a failed transaction or a lost deletion job left behind, and go; pending
 * objects a committed row does name (their promotion job was lost) are promoted. `known` answers
 * which keys rows name, in batches.
 */
export async function sweepStored(
  files: FileStorage,
  prefix: string,
  now: Date,
  known: (keys: readonly string[]) => Promise<Set<string>>,
): Promise<{ removed: number; promoted: number }> {
  const cutoff = now.getTime() - SWEEP_AFTER_MS;
  const old = (await files.list(prefix)).filter((e) => e.modifiedAt.getTime() < cutoff);
  let removed = 0;
  let promoted = 0;
  for (let i = 0; i < old.length; i += 1000) {
    const batch = old.slice(i, i + 1000);
    const named = await known(batch.map((e) => e.key));
    for (const entry of batch) {
      if (!named.has(entry.key)) {
        await files.remove(entry.key);
        removed += 1;
      } else if (entry.pending && (await files.promote(entry.key))) {
        promoted += 1;
      }
    }
  }
  return { removed, promoted };
}
