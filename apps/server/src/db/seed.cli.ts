import { loadConfig } from '../platform/config';
import { openDatabase } from './client';
import { prepareDatabase } from '../bootstrap';
import { seedDemoOrganisation } from './seed/demo';

/** `npm run db:seed`: the demo organisation (once; a second run finds it and does nothing). */
const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
const database = await openDatabase(config);
try {
  await prepareDatabase(database);
  const seeded = await seedDemoOrganisation(database.db, new Date());
  process.stdout.write(seeded ? 'Seeded the demo organisation\n' : 'The demo organisation is already there\n');
} finally {
  await database.close();
}
