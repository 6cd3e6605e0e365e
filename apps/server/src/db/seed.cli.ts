import { loadConfig } from '../platform/config';
import { boot } from '../bootstrap';

/**
 * `npm run db:seed`: the demo organisation (once; a second run finds it and does nothing). It boots
 * the app without listening, since the demo's payroll writes its payslip jobs on the app's queue;
 * what those jobs have not done when this exits, the next start does.
 */
const config = loadConfig({ ...process.env, SEED_DEMO: 'true' }, process.env.INIT_CWD ?? process.cwd());
const { app, seeded } = await boot(config);
try {
  process.stdout.write(seeded ? 'Seeded the demo organisation\n' : 'The demo organisation is already there\n');
} finally {
  await app.close();
}
