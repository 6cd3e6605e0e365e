import fs from 'node:fs';
import path from 'node:path';
import { openPglite } from '../db/client';
import { restrictToOwner } from './private-files';

/**
 * A consistent backup of the embedded data folder (DATA_DIR) and its restore (docs/deploy.md).
 *
 * The embedded PGlite lives inside the one server process and no second process may open it, so the
 * backup is taken with the server stopped (stop-the-world): PGlite opens the data folder and writes
 * it out with dumpDataDir() (its own tarball of a cleanly checkpointed cluster), and everything else
 * in DATA_DIR (uploaded files, the generated JWT secret) is copied beside it. A PostgreSQL database
 * is backed up with pg_dump instead (docs/deploy.md); this module is for the embedded default only.
 */
const DATABASE_FOLDER = 'pglite';
const DATABASE_ARCHIVE = 'pglite.tar.gz';
const MANIFEST = 'tankha-backup.json';
const FORMAT = 1;

export class BackupError extends Error {}

interface Manifest {
  format: number;
  createdAt: string;
  database: 'pglite';
}

/** PGlite keeps postmaster.pid in its folder while a process has it open, and removes it on a clean close. */
function assertNotOpen(databaseDir: string): void {
  if (fs.existsSync(path.join(databaseDir, 'postmaster.pid'))) {
    throw new BackupError(
      `The embedded database in ${databaseDir} is open (postmaster.pid is there): stop the server first. ` +
        'If the server was killed rather than stopped, start it and stop it once (Ctrl+C), then back up.',
    );
  }
}

/** Writes a backup of dataDir into outDir (which must not exist yet). The server must be stopped. */
export async function backupDataDir(dataDir: string, outDir: string): Promise<{ outDir: string; bytes: number }> {
  const databaseDir = path.join(dataDir, DATABASE_FOLDER);
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${databaseDir}: is DATA_DIR right?`);
  assertNotOpen(databaseDir);
  if (fs.existsSync(outDir)) throw new BackupError(`${outDir} already exists: choose a new folder for the backup`);
  fs.mkdirSync(outDir, { recursive: true, mode: 0o700 });
  try {
    const database = await openPglite({ dataDir: databaseDir });
    if (!database.dump) throw new BackupError('The embedded database cannot be dumped');
    let archive: Blob;
    try {
      archive = await database.dump();
    } finally {
      await database.close();
    }
    const bytes = Buffer.from(await archive.arrayBuffer());
    fs.writeFileSync(path.join(outDir, DATABASE_ARCHIVE), bytes, { mode: 0o600 });
    // Uploaded and generated files, the JWT secret: everything in DATA_DIR except the database folder.
    for (const name of fs.readdirSync(dataDir)) {
      if (name === DATABASE_FOLDER) continue;
      fs.cpSync(path.join(dataDir, name), path.join(outDir, 'data', name), { recursive: true, verbatimSymlinks: true });
    }
    const manifest: Manifest = { format: FORMAT, createdAt: new Date().toISOString(), database: 'pglite' };
    fs.writeFileSync(path.join(outDir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
    restrictToOwner(outDir);
    return { outDir, bytes: bytes.length };
  } catch (error) {
    fs.rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}

/** Restores a backup into dataDir, which must not exist or be empty (a restore never overwrites data). */
export async function restoreDataDir(backupDir: string, dataDir: string): Promise<void> {
  const manifestFile = path.join(backupDir, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new BackupError(`${backupDir} is not a Tankha backup (no ${MANIFEST})`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Partial<Manifest>;
  if (manifest.format !== FORMAT || manifest.database !== 'pglite') throw new BackupError(`${backupDir}: unknown backup format ${String(manifest.format)}`);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new BackupError(`${dataDir} is not empty: restore into a new DATA_DIR (move the old one away first)`);
  }
  restrictToOwner(dataDir);
  try {
    const copied = path.join(backupDir, 'data');
    if (fs.existsSync(copied)) fs.cpSync(copied, dataDir, { recursive: true, verbatimSymlinks: true });
    const archive = fs.readFileSync(path.join(backupDir, DATABASE_ARCHIVE));
    const database = await openPglite({ dataDir: path.join(dataDir, DATABASE_FOLDER), loadDataDir: new Blob([archive]) });
    await database.close();
    restrictToOwner(dataDir);
  } catch (error) {
    for (const name of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    throw error;
  }
}
