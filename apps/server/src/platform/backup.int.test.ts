import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, queryRows } from '../db/client';
import { ONCE } from '../testing';

/**
 * `npm run backup` and `npm run restore` of the embedded data folder, run as the commands are (the
 * CLI in its own process): a row written before the backup is read back from a fresh folder restored
 * from it, with the uploaded files and the JWT secret; an open database and a non-empty target are refused.
 */
const CLI = path.resolve(import.meta.dirname, '../backup.cli.ts');
const run = promisify(execFile);

async function cli(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' } as NodeJS.ProcessEnv;
  delete env.DATABASE_URL;
  delete env.INIT_CWD;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe.runIf(ONCE)('backup and restore of the embedded data folder', () => { // once per run, on PGlite: it backs up the embedded database's own folder
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-backup-'));
  const dataDir = path.join(root, 'data');
  const restored = path.join(root, 'restored');
  const backup = path.join(root, 'backup-1');

  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('backs up, restores into a fresh folder, and the known row, files and secret come back', async () => {
    const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    let tenantId: string;
    try {
      await database.migrate();
      const [row] = await queryRows<{ id: string }>(database.db, sql`INSERT INTO tenants (name) VALUES ('Backup Probe Pvt Ltd') RETURNING id::text AS id`);
      tenantId = row?.id ?? '';
      // While a process has the database open, the backup refuses (the server must be stopped).
      const refused = await cli(['backup', '--out', backup], dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('is open (postmaster.pid is there): stop the server first');
      expect(fs.existsSync(backup)).toBe(false);
    } finally {
      await database.close();
    }
    fs.mkdirSync(path.join(dataDir, 'files', 'tenant-x'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', 'tenant-x', 'proof.pdf'), '%PDF-1.7 probe');
    fs.writeFileSync(path.join(dataDir, '.jwt-secret'), 'a-secret-of-this-installation-0123456789');

    const done = await cli(['backup', '--out', backup], dataDir);
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(`Backed up ${dataDir} to ${backup}`);
    expect(fs.statSync(backup).mode & 0o777).toBe(0o700);

    // A restore never overwrites: the original folder is refused.
    const overwrite = await cli(['restore', backup], dataDir);
    expect(overwrite.code).toBe(1);
    expect(overwrite.stderr).toContain('is not empty: restore into a new DATA_DIR');

    const back = await cli(['restore', backup], restored);
    expect(back.stderr).toBe('');
    expect(back.code).toBe(0);
    expect(fs.readFileSync(path.join(restored, 'files', 'tenant-x', 'proof.pdf'), 'utf8')).toBe('%PDF-1.7 probe');
    expect(fs.readFileSync(path.join(restored, '.jwt-secret'), 'utf8')).toBe('a-secret-of-this-installation-0123456789');
    const copy = await openPglite({ dataDir: path.join(restored, 'pglite') });
    try {
      const rows = await queryRows<{ name: string }>(copy.db, sql`SELECT name FROM tenants WHERE id = ${tenantId}::uuid`);
      expect(rows).toEqual([{ name: 'Backup Probe Pvt Ltd' }]);
    } finally {
      await copy.close();
    }
  }, 180_000);

  it('refuses a folder that is not a backup, and DATABASE_URL (pg_dump is the way there)', async () => {
    fs.mkdirSync(path.join(root, 'not-a-backup'));
    const wrong = await cli(['restore', path.join(root, 'not-a-backup')], path.join(root, 'fresh'));
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('is not a Tankha backup');
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const pg = await run(process.execPath, ['--import', 'tsx', CLI, 'backup'], { env }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code?: number; stderr?: string }) => ({ code: error.code ?? -1, stderr: error.stderr ?? '' }),
    );
    expect(pg.code).toBe(1);
    expect(pg.stderr).toContain('back up PostgreSQL with pg_dump');
  }, 60_000);
});
