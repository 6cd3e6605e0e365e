import { sql, type SQL } from 'drizzle-orm';
import { entersWithFirstQuery, isEntryRefused, transactionEnteredByFirstQuery, transactionFrom, type Db } from '../db/client';
import type { LeadingStatement } from '../db/prepared-statements';
import { JobHandedBack, type JobQueue } from './jobs/job-queue';
import type { Enqueue, JobName, JobPayloads, PendingJob, StoredJob } from './jobs/jobs';
import type { GlobalDb, GlobalScope, RequestContext, Scope, TenantDb, TenantScope, TenantSteps } from './tenancy';

/*
 * The only place that makes TenantDb and GlobalDb handles (DESIGN §9). Lint keeps this file's
 * exports out of modules/: they receive the scope the platform opened, never a way to open one.
 */

function asTenantDb(tx: Db, tenantId: string): TenantDb {
  return { tx, tenantId } as TenantDb;
}

function asGlobalDb(tx: Db): GlobalDb {
  return { tx } as GlobalDb;
}

/** Sets the tenant and the role for the rest of the transaction; one row. */
function enterTenantStatement(tenantId: string): SQL {
  return sql`SELECT set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'tankha_tenant', true)`;
}

async function enterTenant(tx: Db, tenantId: string): Promise<void> {
  await tx.execute(enterTenantStatement(tenantId));
}

/** Back to the connecting role for the rest of the transaction (writing jobs, or the global scope after asTenant). */
async function leaveTenant(tx: Db): Promise<void> {
  await tx.execute(sql`RESET ROLE`);
  await tx.execute(sql`SELECT set_config('app.tenant_id', '', true)`);
}

/** The request's own entry statement found no row: its session is not what the caller remembered. */
export class TenantNotEntered extends Error {
  constructor() {
    super('the tenant transaction was not entered');
  }
}

function collector(tenantId: string | null): { enqueue: Enqueue; pending: PendingJob[] } {
  const pending: PendingJob[] = [];
  const enqueue: Enqueue = (name, data, options = {}) => {
    pending.push({ name, payload: { tenantId, data }, options });
  };
  return { enqueue, pending };
}

/**
 * One unit of work per request or job: one transaction, the scope handed to the service, and the
 * jobs it enqueued written in that same transaction just before COMMIT.
 */
export class UnitOfWork {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
  ) {}

  /**
   * A signed-in request of one organisation: the tenant transaction, opened once. `enter`, when
   * given, replaces the plain entry: a statement that sets app.tenant_id and the role and returns
   * one row only if the request may go on (the session re-check of SessionGate, in the same round trip).
   * `enterWithFirstQuery`, when given and the database is PostgreSQL, is used instead: the same check
   * as a statement that raises when it refuses, sent with BEGIN in front of the work's first query
   * (transactionEnteredByFirstQuery) — for read-only requests, whose work before their first query
   * has no effect.
   */
  tenant<T>(ctx: RequestContext, fn: (scope: Scope) => Promise<T>, enter?: () => SQL, enterWithFirstQuery?: () => LeadingStatement): Promise<T> {
    const work = (scope: TenantScope) => fn({ ...scope, ctx });
    if (enterWithFirstQuery && entersWithFirstQuery(this.db)) {
      return transactionEnteredByFirstQuery(this.db, enterWithFirstQuery(), (tx) => this.work(tx, ctx.tenantId, work)).catch((error: unknown) => {
        throw isEntryRefused(error) ? new TenantNotEntered() : error;
      });
    }
    return this.inTenant(ctx.tenantId, work, enter?.());
  }

  /** A job (or platform code) working on one organisation's data. */
  tenantJob<T>(tenantId: string, fn: (scope: TenantScope) => Promise<T>): Promise<T> {
    return this.inTenant(tenantId, fn);
  }

  private inTenant<T>(tenantId: string, fn: (scope: TenantScope) => Promise<T>, enter?: SQL): Promise<T> {
    // BEGIN and the entry statement travel together (transactionFrom): one round trip fewer per request.
    return transactionFrom(this.db, enter ?? enterTenantStatement(tenantId), async (tx, entered) => {
      if (entered.length !== 1) throw new TenantNotEntered();
      return this.work(tx, tenantId, fn);
    });
  }

  /** The work of a tenant transaction once entered: the scope, then its jobs written before COMMIT. */
  private async work<T>(tx: Db, tenantId: string, fn: (scope: TenantScope) => Promise<T>): Promise<T> {
    const { enqueue, pending } = collector(tenantId);
    const result = await fn({ db: asTenantDb(tx, tenantId), tenantId, enqueue });
    await this.flush(tx, pending, true);
    return result;
  }

  /** A public or account-level request, or a platform-wide job: the global transaction. */
  global<T>(ctx: RequestContext | null, fn: (scope: GlobalScope) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const { enqueue, pending } = collector(ctx?.tenantId ?? null);
      const scope: GlobalScope = {
        global: asGlobalDb(tx),
        ctx,
        enqueue,
        asTenant: async (tenantId, inner) => {
          await enterTenant(tx, tenantId);
          const own = collector(tenantId);
          try {
            return await inner({ db: asTenantDb(tx, tenantId), tenantId, enqueue: own.enqueue });
          } finally {
            await leaveTenant(tx);
            pending.push(...own.pending);
          }
        },
      };
      const result = await fn(scope);
      await this.flush(tx, pending, false);
      return result;
    });
  }

  private async flush(tx: Db, pending: readonly PendingJob[], inTenant: boolean): Promise<void> {
    if (pending.length === 0) return;
    // Jobs and the outbox are global tables the tenant role cannot touch: write them as the
    // connecting role, still inside this transaction.
    if (inTenant) await leaveTenant(tx);
    await this.jobs.sendIn(tx, pending);
  }

  /** Registers a job that works on one organisation: it runs in that organisation's transaction. */
  defineTenantJob<N extends JobName>(
    queue: JobQueue,
    name: N,
    run: (scope: TenantScope, data: JobPayloads[N]) => Promise<void>,
    options: { retryLimit?: number; cron?: { expression: string; tz?: string } } = {},
  ): void {
    queue.define({
      name,
      ...options,
      run: async (job: StoredJob) => {
        if (!job.tenantId) throw new Error(`job ${name} has no tenant`);
        await this.tenantJob(job.tenantId, (scope) => run(scope, job.data as JobPayloads[N]));
      },
    });
  }

  /**
   * Registers a long job of one organisation done in steps (payroll processing, DESIGN §10): each
   * call of `steps` is its own tenant transaction, so a crash or a failure loses at most the step
   * in flight and every step before it stays committed for the retry to build on. With
   * handBackAtShutdown (a job whose every step is resumable on its own), when the queue stops the step
   * in flight commits and the next one hands the job back to be retried.
   */
  defineSteppedTenantJob<N extends JobName>(
    queue: JobQueue,
    name: N,
    run: (steps: TenantSteps, data: JobPayloads[N]) => Promise<void>,
    options: { retryLimit?: number; retryDelaySeconds?: number; expireInSeconds?: number; handBackAtShutdown?: boolean } = {},
  ): void {
    const { handBackAtShutdown = false, ...queueOptions } = options;
    queue.define({
      name,
      ...queueOptions,
      run: async (job: StoredJob) => {
        const tenantId = job.tenantId;
        if (!tenantId) throw new Error(`job ${name} has no tenant`);
        // handBackAtShutdown: the step in flight commits and no further step begins, the job is handed back.
        await run((fn) => (handBackAtShutdown && queue.stopping ? Promise.reject(new JobHandedBack(name)) : this.tenantJob(tenantId, fn)), job.data as JobPayloads[N]);
      },
    });
  }

  /** Registers a platform-wide job (schedules that visit every organisation, mail delivery). */
  defineGlobalJob<N extends JobName>(
    queue: JobQueue,
    name: N,
    run: (scope: GlobalScope, data: JobPayloads[N], meta: { id: string }) => Promise<void>,
    options: { retryLimit?: number; retryDelaySeconds?: number; cron?: { expression: string; tz?: string }; runAtStartAfterSeconds?: readonly number[] } = {},
  ): void {
    queue.define({
      name,
      ...options,
      run: async (job: StoredJob, meta) => {
        await this.global(null, (scope) => run(scope, job.data as JobPayloads[N], meta));
      },
    });
  }
}

/**
 * A tenant transaction outside a request: seeds, benchmarks and tests that prepare data. Platform,
 * seed/ and testing code only (lint).
 */
export function withTenant<T>(db: Db, tenantId: string, fn: (tdb: TenantDb) => Promise<T>): Promise<T> {
  return transactionFrom(db, enterTenantStatement(tenantId), (tx) => fn(asTenantDb(tx, tenantId)));
}
