import { loadConfig } from '../platform/config';
import { boot } from '../bootstrap';

/**
 * `npm run db:seed`: the demo organisation (once; a second run finds it and does nothing). It boots
 * the app without listening, since the demo's payroll writes its payslip jobs on the app's queue,
 * and runs those jobs (payslip PDFs, stored files, e-mails) before it exits, so the data folder it
 * leaves is whole (the browser tests keep it as their template). A job that fails stops it with
 * exit code 1.
 */
const config = loadConfig({ ...process.env, SEED_DEMO: 'true' }, process.env.INIT_CWD ?? process.cwd());
// No workers of its own: the jobs run here, one after another, and none is left half done at exit.
const { app, seeded } = await boot(config, undefined, { background: false });
try {
  process.stdout.write(seeded ? 'Seeded the demo organisation\n' : 'The demo organisation is already there\n');
  const { ran, failed } = await app.jobs.drain({ maxRounds: 1000 });
  process.stdout.write(`Ran ${ran.toString()} jobs\n`);
  if (failed.length > 0) {
    process.stderr.write(`${failed.length.toString()} jobs failed: ${failed.map((f) => `${f.name}: ${f.error instanceof Error ? f.error.message : String(f.error)}`).join('; ')}\n`);
    process.exitCode = 1;
  }
} finally {
  await app.close();
}
