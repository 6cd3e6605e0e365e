import path from 'node:path';
import { ConfigError, loadConfig } from './platform/config';
import { BackupError, backupDataDir, restoreDataDir } from './platform/backup';

/**
 * `npm run backup [-- --out <folder>]`: a consistent copy of the embedded DATA_DIR (stop the server first).
 * `npm run restore -- <backup folder>`: into DATA_DIR, which must be new or empty. docs/deploy.md.
 */
const [command, ...args] = process.argv.slice(2);
const cwd = process.env.INIT_CWD ?? process.cwd();
process.umask(0o077);
try {
  const config = loadConfig(process.env, cwd);
  if (config.database === 'postgres') {
    throw new BackupError('DATABASE_URL is set: back up PostgreSQL with pg_dump and the files with bucket versioning or a copy of DATA_DIR/files (docs/deploy.md).');
  }
  if (command === 'backup') {
    const outIndex = args.indexOf('--out');
    const out = outIndex >= 0 ? args[outIndex + 1] : undefined;
    if (outIndex >= 0 && !out) throw new BackupError('--out needs a folder');
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const outDir = path.resolve(cwd, out ?? path.join('backups', `tankha-${stamp}`));
    const { bytes } = await backupDataDir(config.dataDir, outDir);
    process.stdout.write(`Backed up ${config.dataDir} to ${outDir} (database ${(bytes / 1_048_576).toFixed(1)} MB compressed)\n`);
  } else if (command === 'restore') {
    const from = args[0];
    if (!from) throw new BackupError('Usage: npm run restore -- <backup folder>  (restores into DATA_DIR, which must be new or empty)');
    await restoreDataDir(path.resolve(cwd, from), config.dataDir);
    process.stdout.write(`Restored ${path.resolve(cwd, from)} into ${config.dataDir}\n`);
  } else {
    throw new BackupError('Usage: backup.cli.ts backup [--out <folder>] | restore <backup folder>');
  }
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) {
    process.stderr.write(error.message + '\n');
    process.exit(1);
  }
  throw error;
}
