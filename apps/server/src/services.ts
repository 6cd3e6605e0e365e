import type { FastifyInstance } from 'fastify';
import type { Config } from './platform/config';
import type { Clock } from './platform/clock';
import type { FileStorage } from './platform/files/file-storage';
import type { JobQueue } from './platform/jobs/job-queue';
import type { JobPayloads } from './platform/jobs/jobs';
import type { UnitOfWork } from './platform/unit-of-work';
import type { ModuleManifest, PlatformDeps, ServiceProvider, Services } from './modules/module';
import { MODULES } from './modules/index';

export type { Services };

/**
 * The composition root: every module's service, built once from the manifests in modules/index.ts,
 * each after the services it names as needs. Services hold no database handle: each call receives the
 * scope its unit of work opened (DESIGN §9). A service may call another module's service, passing its
 * scope along; side effects after commit are jobs.
 */
export function buildServices(deps: PlatformDeps, modules: readonly ModuleManifest[] = MODULES): Services {
  const providers = new Map<string, { module: string; provider: ServiceProvider<unknown> }>();
  for (const module of modules) {
    for (const [name, provider] of Object.entries(module.services ?? {}) as [string, ServiceProvider<unknown>][]) {
      const other = providers.get(name);
      if (other) throw new Error(`modules ${other.module} and ${module.name} both offer the service '${name}'`);
      providers.set(name, { module: module.name, provider });
    }
  }
  const built = new Map<string, unknown>();
  const building: string[] = [];
  const resolve = (name: string, neededBy: string): unknown => {
    if (built.has(name)) return built.get(name);
    const entry = providers.get(name);
    if (!entry) throw new Error(`${neededBy} needs the service '${name}', which no module in modules/index.ts offers`);
    if (building.includes(name)) throw new Error(`services need each other: ${[...building.slice(building.indexOf(name)), name].join(' → ')}`);
    building.push(name);
    const needs = Object.fromEntries(entry.provider.needs.map((need) => [need, resolve(need, `${entry.module}'s '${name}'`)]));
    const service = entry.provider.build({ ...deps, ...needs } as PlatformDeps & Services);
    building.pop();
    built.set(name, service);
    return service;
  };
  for (const name of providers.keys()) resolve(name, 'the composition root');
  return Object.fromEntries(built) as unknown as Services;
}

/**
 * Every job on the one queue: the stored files' (platform) and each module's. Tenant jobs run in their
 * organisation's transaction; the schedules (cron in UTC) fan out to per-organisation jobs so one
 * organisation's failure does not stop the others.
 */
export function registerJobs(uow: UnitOfWork, queue: JobQueue, services: Services, clock: Clock, log: FastifyInstance['log'], files: FileStorage, config: Config, modules: readonly ModuleManifest[] = MODULES): void {
  // Stored files: promoted after the commit that names them, removed after the one that
  // drops them; they touch no database, so they open no transaction.
  queue.define({ name: 'files.stored', run: async (job) => void (await files.promote((job.data as JobPayloads['files.stored']).storageKey)) });
  queue.define({
    name: 'files.stored.batch',
    run: async (job) => {
      for (const storageKey of (job.data as JobPayloads['files.stored.batch']).storageKeys) await files.promote(storageKey);
    },
  });
  queue.define({ name: 'files.removed', run: (job) => files.remove((job.data as JobPayloads['files.removed']).storageKey) });
  uow.defineGlobalJob(
    queue,
    'files.sweep',
    async (scope) => {
      const documents = await services.document.sweepStoredFiles(scope);
      const logos = await services.tenants.sweepLogoFiles(scope);
      const payslips = await services.payslipDocuments.sweepStoredFiles(scope);
      const receipts = await services.reimbursements.sweepStoredFiles(scope);
      const form16 = await services.form16.sweepStoredFiles(scope);
      const proofs = await services.proofs.sweepStoredFiles(scope);
      log.info({ documents, logos, payslips, receipts, form16, proofs }, 'stored files swept');
    },
    { cron: { expression: '23 * * * *', tz: 'UTC' }, retryLimit: 2 },
  );
  for (const module of modules) module.jobs?.({ uow, queue, services, clock, log, config });
}
