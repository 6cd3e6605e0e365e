import { loadConfig } from './platform/config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './bootstrap';

/** `npm run db:migrate`: migrations, the job queue's schema and reference data, without starting the server. */
const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
const database = await openDatabase(config);
try {
  await prepareDatabase(database);
  process.stdout.write(`Migrated ${config.database === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}\n`);
} finally {
  await database.close();
}
