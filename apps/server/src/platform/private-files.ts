import fs from 'node:fs';
import path from 'node:path';

/** Owner-only modes for everything under DATA_DIR (database files, the JWT secret, uploads). */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dir` if needed and takes group and other permissions off it and everything beneath it:
 * directories 0700, files 0600 (symbolic links are left alone). PGlite's WASM file system sets its
 * files' modes to 0666 itself, whatever the umask, so this runs after it opens and when it closes;
 * files it creates in between are still unreachable to other users behind the 0700 directory.
 */
export function restrictToOwner(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const walk = (p: string, stat: fs.Stats): void => {
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stat.mode & 0o777) !== wanted) fs.chmodSync(p, wanted);
    if (!stat.isDirectory()) return;
    for (const name of fs.readdirSync(p)) {
      const child = path.join(p, name);
      walk(child, fs.lstatSync(child));
    }
  };
  walk(dir, fs.lstatSync(dir));
}
