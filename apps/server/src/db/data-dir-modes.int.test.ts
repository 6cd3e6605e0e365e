import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { resolveJwtSecret } from '../platform/auth/tokens';
import { LocalFileStorage } from '../platform/files/file-storage';
import { restrictToOwner } from '../platform/private-files';

/** Every entry under `dir` (itself included) whose mode is not 0700 for a directory or 0600 for a file. */
function loose(dir: string): string[] {
  const found: string[] = [];
  const walk = (p: string): void => {
    const stat = fs.lstatSync(p);
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600)) found.push(`${path.relative(dir, p) || '.'} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return found;
}

describe('DATA_DIR is private to the owner', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-modes-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('a PGlite database opened in a new directory: directories 0700, files 0600, open and closed', async () => {
    const dataDir = path.join(root, 'data');
    const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    try {
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(loose(dataDir)).toEqual([]);
      await database.migrate();
    } finally {
      await database.close();
    }
    expect(loose(dataDir)).toEqual([]);
  }, 120_000);

  it('the generated JWT secret and uploaded files are owner-only', async () => {
    const dataDir = path.join(root, 'app');
    resolveJwtSecret(undefined, dataDir);
    const storage = new LocalFileStorage(path.join(dataDir, 'files'));
    await storage.putPending('tenant-1/logo/abc.png', Buffer.from('png'));
    expect(loose(dataDir)).toEqual([]);
    await storage.promote('tenant-1/logo/abc.png');
    expect(loose(dataDir)).toEqual([]);
  });

  it('restrictToOwner tightens what an older version left world-readable', () => {
    const dir = path.join(root, 'old');
    fs.mkdirSync(path.join(dir, 'files'), { recursive: true, mode: 0o777 });
    fs.writeFileSync(path.join(dir, 'files', 'a.pdf'), 'x', { mode: 0o666 });
    fs.chmodSync(dir, 0o777);
    fs.chmodSync(path.join(dir, 'files', 'a.pdf'), 0o666);
    restrictToOwner(dir);
    expect(loose(dir)).toEqual([]);
  });
});
