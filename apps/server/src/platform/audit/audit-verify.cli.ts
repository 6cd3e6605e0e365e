import { loadConfig } from '../config';
import { openDatabase } from '../../db/client';
import { auditVerifyCommand } from './audit-verify';

/** `npm run audit:verify -w @tankha/server -- [--org <id>]`: recomputes the audit chains; exit code 1 when one is broken. */
const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
const database = await openDatabase(config);
try {
  const valid = await auditVerifyCommand(database.db, process.argv.slice(2), (line) => process.stdout.write(`${line}\n`));
  process.exitCode = valid ? 0 : 1;
} finally {
  await database.close();
}
