import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/client';
import { seedDemoOrganisation } from './db/seed/demo';
import { backfillPayrollDefaults } from './modules/salary/salary.defaults';
import { backfillLeaveDefaults } from './modules/leave/leave.defaults';
import { backfillAttendanceDefaults } from './modules/attendance-settings/attendance.defaults';
import { upsertPlanCatalogue } from './modules/subscriptions/subscriptions.repo';
import { systemClock, type Clock } from './platform/clock';
import type { Config } from './platform/config';
import { JobQueue } from './platform/jobs/job-queue';

/** Database ready for the app: migrated, reference data in place. */
export async function prepareDatabase(database: Database): Promise<void> {
  await database.migrate();
  await installJobSchema(database);
  await upsertPlanCatalogue(database.db);
  await backfillPayrollDefaults(database.db);
  await backfillLeaveDefaults(database.db);
  await backfillAttendanceDefaults(database.db);
}

export interface Running {
  app: FastifyInstance;
  database: Database;
  seeded: boolean;
}

/** boot: config → database → migrations → reference data → demo seed → app (STYLE "main.ts"). */
export async function boot(config: Config, clock: Clock = systemClock): Promise<Running> {
  const database = await openDatabase(config);
  await prepareDatabase(database);
  const seeded = config.SEED_DEMO ? await seedDemoOrganisation(database.db, clock.now()) : false;
  const app = await buildApp({ config, database, clock });
  app.addHook('onClose', async () => database.close());
  return { app, database, seeded };
}

/** pg-boss creates (or upgrades) its own schema on start; doing it here keeps it out of the request path and in test snapshots. */
async function installJobSchema(database: Database): Promise<void> {
  const queue = new JobQueue({ connection: database.bossConnection, log: { error: () => undefined, info: () => undefined, debug: () => undefined }, workers: false, schedules: false });
  await queue.start();
  await queue.stop();
}
