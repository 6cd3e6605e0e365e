import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from './app';
import { openDatabase, type Database } from './db/client';
import { seedDemoOrganisation } from './seed/demo';
import { upsertPlanCatalogue } from './modules/subscriptions/subscriptions.repo';
import { systemClock, type Clock } from './platform/clock';
import { startupWarnings, type Config } from './platform/config';
import { JobQueue } from './platform/jobs/job-queue';
import { restrictToOwner } from './platform/private-files';

/**
 * Database ready for the app: migrated, reference data in place. Organisations that predate their
 * defaults got them from a data migration (0013), not here.
 */
export async function prepareDatabase(database: Database): Promise<void> {
  await database.migrate();
  await installJobSchema(database);
  await upsertPlanCatalogue(database.db);
}

export interface Running {
  app: FastifyInstance;
  database: Database;
  seeded: boolean;
}

/**
 * boot: config → database → migrations → reference data → app → demo seed (STYLE "main.ts"). The
 * app is made ready (its job queue started) before the demo seed, so that the demo's finalized
 * payroll months write their payslip jobs as a request does, in the same transaction.
 */
export async function boot(config: Config, clock: Clock = systemClock, options: Pick<AppDeps, 'background' | 'logger'> = {}): Promise<Running> {
  // Nothing the server writes under DATA_DIR is for other users: new files 0600, directories 0700,
  // and what an older version left readable is tightened (docs/decisions/).
  process.umask(0o077);
  restrictToOwner(config.dataDir);
  const database = await openDatabase(config);
  await prepareDatabase(database);
  const app = await buildApp({ config, database, clock, ...options });
  app.addHook('onClose', async () => database.close());
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  let seeded = false;
  // SEED_DEMO is off in production unless set explicitly (config.ts), and then warned about above.
  if (config.SEED_DEMO) {
    await app.ready();
    seeded = await seedDemoOrganisation(database.db, clock.now(), { jobs: app.jobs, documents: app.services.payslipDocuments, form16: app.services.form16, form16PartB: app.services.form16PartB, proofFiles: app.files });
  }
  return { app, database, seeded };
}

/** pg-boss creates (or upgrades) its own schema on start; doing it here keeps it out of the request path and in test snapshots. */
async function installJobSchema(database: Database): Promise<void> {
  const queue = new JobQueue({ connection: database.bossConnection, log: { error: () => undefined, info: () => undefined, debug: () => undefined }, workers: false, schedules: false });
  await queue.start();
  await queue.stop();
}
