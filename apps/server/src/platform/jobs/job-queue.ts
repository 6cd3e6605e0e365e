import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BossConnection, Db } from '../../db/types';
import type { GlobalDb } from '../tenancy';
import type { PendingJob, StoredJob } from './jobs';

export interface JobDefinition {
  name: string;
  /** pg-boss retry policy; failures are retried with exponential backoff by default. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  /** A recurring job: a cron expression in a time zone. pg-boss sends it once per slot across every process. */
  cron?: { expression: string; tz?: string };
  /**
   * Sent (with an empty payload) when a process with workers starts, once per delay in seconds: work
   * that must not wait for the first cron slot after a restart (resuming what a killed process left).
   */
  runAtStartAfterSeconds?: readonly number[];
  run(job: StoredJob, meta: { id: string }): Promise<void>;
  /**
   * Work done on the enqueuing transaction right after the job is written (as the connecting role),
   * for an effect that must be visible the moment the work commits (the outbox row of an e-mail).
   */
  onEnqueue?(tx: Db, job: StoredJob, meta: { id: string }): Promise<void>;
}

export interface JobQueueOptions {
  connection: BossConnection;
  log: Pick<FastifyBaseLogger, 'error' | 'info' | 'debug'>;
  /** Poll and run jobs in this process (off in tests: they call drain()). */
  workers: boolean;
  /** Keep the cron schedules and send scheduled jobs (off in tests). */
  schedules: boolean;
  pollingIntervalSeconds?: number;
  /** How often the cron monitor looks for due schedules (pg-boss default 30 s; tests use 1). */
  cronMonitorIntervalSeconds?: number;
}

const SCHEMA = 'pgboss';

/**
 * Thrown by a stepped job asked for its next step while the queue stops (graceful shutdown): the step
 * before it committed, the job fails without running another, and pg-boss retries it (on any process)
 * from what was committed.
 */
export class JobHandedBack extends Error {
  constructor(name: string) {
    super(`job ${name} handed back at shutdown between two steps; it is retried from its committed steps`);
  }
}

/**
 * pg-boss text with $n placeholders as a drizzle query, so a job is inserted on the transaction
 * the platform opened (the driver's own client is not public in drizzle). Objects are sent as
 * JSON text; both drivers then cast them with the statement's ::jsonb. An absent value is NULL
 * (drizzle would render `undefined` as nothing).
 */
export function toSql(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  const pattern = /\$(\d+)/g;
  let last = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    chunks.push(sql.raw(text.slice(last, m.index)));
    const value = values[Number(m[1]) - 1] ?? null;
    const param = value !== null && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value) ? JSON.stringify(value) : value;
    chunks.push(sql`${param}`);
    last = m.index + m[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

function executorOf(tx: Db): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = (await tx.execute(toSql(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * Every background job and schedule goes through pg-boss (DESIGN §2, §9): on PostgreSQL in
 * production, on the embedded PGlite through its one connection. Jobs are written in the
 * transaction of the work that caused them and retried with backoff when they fail.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private started = false;
  private bossStarted = false;
  private stopRequested = false;

  constructor(private readonly options: JobQueueOptions) {
    const connection = 'connectionString' in options.connection
      ? { connectionString: options.connection.connectionString, max: 3 }
      : { db: options.connection as PgBoss.Db };
    this.boss = new PgBoss({
      ...connection,
      schema: SCHEMA,
      supervise: options.workers,
      schedule: options.schedules,
      migrate: true,
      // Completed jobs are kept a week for support; failed ones too (pg-boss archives, then deletes).
      archiveCompletedAfterSeconds: 7 * 24 * 3600,
      ...(options.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds, cronWorkerIntervalSeconds: options.cronMonitorIntervalSeconds } : {}),
    });
    this.boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  }

  define(definition: JobDefinition): void {
    if (this.started) throw new Error(`job ${definition.name} defined after the queue started`);
    if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} defined twice`);
    this.definitions.set(definition.name, definition);
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.bossStarted = true;
    // One read of every queue: a restart (and every test app, whose database already has them) then
    // writes nothing for the queues whose settings have not changed.
    const existing = new Map((await this.boss.getQueues()).map((queue) => [queue.name, queue]));
    for (const def of this.definitions.values()) {
      await this.ensureQueue(def, existing.get(def.name));
      if (def.cron && this.options.schedules) await this.boss.schedule(def.name, def.cron.expression, { tenantId: null, data: {} } satisfies StoredJob, { tz: def.cron.tz ?? 'UTC' });
      if (this.options.workers) {
        await this.boss.work<StoredJob>(def.name, { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, batchSize: 1 }, async ([job]) => {
          if (job) await this.runOne(def, job);
        });
        for (const delay of def.runAtStartAfterSeconds ?? []) await this.boss.send(def.name, { tenantId: null, data: {} } satisfies StoredJob, delay > 0 ? { startAfter: delay } : {});
      }
    }
    this.started = true;
  }

  /**
   * Creates a queue once, and updates it when its settings changed. Several processes starting
   * together race to create the same queue (its partition): the loser sees a deadlock or a
   * duplicate and finds the queue there on a retry.
   */
  private async ensureQueue(def: JobDefinition, existing: PgBoss.QueueResult | undefined): Promise<void> {
    const options = { name: def.name, retryLimit: def.retryLimit ?? 5, retryDelay: def.retryDelaySeconds ?? 5, retryBackoff: true, expireInSeconds: def.expireInSeconds ?? 15 * 60 };
    if (existing && existing.retryLimit === options.retryLimit && existing.retryDelay === options.retryDelay && existing.retryBackoff === options.retryBackoff && existing.expireInSeconds === options.expireInSeconds) return;
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (await this.boss.getQueue(def.name)) return void (await this.boss.updateQueue(def.name, options));
        return void (await this.boss.createQueue(def.name, options));
      } catch (error) {
        if (attempt >= 6) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
    }
  }

  /** True from the start of stop(): stepped jobs then hand their job back instead of beginning another step. */
  get stopping(): boolean {
    return this.stopRequested;
  }

  private async runOne(def: JobDefinition, job: PgBoss.Job<StoredJob>): Promise<void> {
    try {
      await def.run(job.data, { id: job.id });
      this.options.log.debug({ job: def.name, id: job.id }, 'job done');
    } catch (error) {
      if (error instanceof JobHandedBack) {
        this.options.log.info({ job: def.name, id: job.id }, error.message);
        throw error;
      }
      this.options.log.error({ err: error, job: def.name, id: job.id }, 'job failed; pg-boss retries it');
      throw error;
    }
  }

  /** Writes jobs on an open transaction (the unit of work's flush). */
  async sendIn(tx: Db, jobs: readonly PendingJob[]): Promise<void> {
    const db = executorOf(tx);
    for (const job of jobs) {
      const def = this.definitions.get(job.name);
      if (!def) throw new Error(`no job named ${job.name}`);
      const id = await this.boss.send(job.name, job.payload, {
        db,
        ...(job.options.delaySeconds ? { startAfter: job.options.delaySeconds } : {}),
        ...(job.options.singletonKey ? { singletonKey: job.options.singletonKey } : {}),
      });
      if (id && def.onEnqueue) await def.onEnqueue(tx, job.payload, { id });
    }
  }

  /**
   * The jobs of a queue sent with a singletonKey that are not finished, read on an open transaction:
   * 'created' or 'retry' (waiting to run) and 'active' (taken by a worker, alive or not). The
   * payroll sweep tells a run whose job waits from one whose job died with its process.
   */
  async unfinishedJobs(db: GlobalDb, name: string): Promise<{ id: string; key: string; state: 'created' | 'retry' | 'active' }[]> {
    const { rows } = await executorOf(db.tx).executeSql(
      `SELECT id::text AS id, singleton_key AS key, state::text AS state FROM ${SCHEMA}.job WHERE name = $1 AND singleton_key IS NOT NULL AND state IN ('created', 'retry', 'active')`,
      [name],
    );
    return rows as { id: string; key: string; state: 'created' | 'retry' | 'active' }[];
  }

  /**
   * Cancels active jobs whose worker is known to be gone (on an open transaction, so it commits with
   * the work that replaced them): otherwise pg-boss retries them only when they expire.
   */
  async cancelDeadJobs(db: GlobalDb, name: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await executorOf(db.tx).executeSql(
      `UPDATE ${SCHEMA}.job SET state = 'cancelled', completed_on = now() WHERE name = $1 AND state = 'active' AND id IN (SELECT jsonb_array_elements_text($2::jsonb)::uuid)`,
      [name, JSON.stringify(ids)],
    );
  }

  /** Sends a job outside any transaction (platform code only: boot, schedules, tests). */
  async send(name: string, payload: StoredJob): Promise<void> {
    await this.boss.send(name, payload as object, {});
  }

  /**
   * Runs every job that is due, until none is left (tests and the embedded demo use it to see the
   * effects of a request without waiting for a poll). A failure is retried by pg-boss later, as in
   * production, and reported here. With `names`, only those queues: the jobs of every other queue
   * stay queued, untouched, for the workers or a later drain (the payroll benchmark times the
   * processing job alone, not the payslip documents a finalize enqueues). `batchSize` 1 takes one job
   * at a time, leaving the others queued for the workers of other processes meanwhile.
   */
  async drain(options: { maxRounds?: number; names?: readonly string[]; batchSize?: number } = {}): Promise<{ ran: number; failed: { name: string; error: unknown }[] }> {
    const unknown = options.names?.find((name) => !this.definitions.has(name));
    if (unknown) throw new Error(`no job named ${unknown}`);
    const definitions = [...this.definitions.values()].filter((def) => !options.names || options.names.includes(def.name));
    let ran = 0;
    const failed: { name: string; error: unknown }[] = [];
    let waits = 0;
    for (let round = 0; round < (options.maxRounds ?? 20); round += 1) {
      let any = false;
      let notYet = false;
      // One look at every queue instead of a fetch per queue (about 30): most drains find nothing.
      const due = await this.dueQueues();
      for (const def of definitions) {
        if (!due.has(def.name)) continue;
        const jobs = await this.boss.fetch<StoredJob>(def.name, { batchSize: options.batchSize ?? 50 });
        if (jobs.length === 0) notYet = true;
        for (const job of jobs) {
          any = true;
          ran += 1;
          try {
            await def.run(job.data, { id: job.id });
            await this.boss.complete(def.name, job.id);
          } catch (error) {
            failed.push({ name: def.name, error });
            await this.boss.fail(def.name, job.id, { message: error instanceof Error ? error.message : String(error) });
          }
        }
      }
      if (!any) {
        // A job sent in this very millisecond (PGlite's now() counts whole milliseconds) is not yet due to
        // pg-boss's fetch (start_after < now()): wait for the clock to move on rather than leave it queued.
        if (!notYet || waits >= 5) break;
        waits += 1;
        round -= 1;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    }
    return { ran, failed };
  }

  /**
   * The queues holding a job that a fetch would take now or in a moment: not yet active, start_after reached
   * (pg-boss's fetch wants it passed, so a job sent within the same clock tick waits for the next; drain waits).
   */
  private async dueQueues(): Promise<Set<string>> {
    const { rows } = await this.boss.getDb().executeSql(`SELECT DISTINCT name FROM ${SCHEMA}.job WHERE state < 'active' AND start_after <= now()`, []);
    return new Set((rows as { name: string }[]).map((row) => row.name));
  }

  /**
   * Stops fetching at once and waits up to timeoutMs (default 5 s) for the running handlers
   * (pg-boss graceful stop). A stepped job ends after its current step and is handed back (retried);
   * a handler still running at the deadline keeps its job 'active': its open transaction rolls back
   * with the process and the job is resumed like a killed process's (docs/decisions/).
   */
  async stop(options: { timeoutMs?: number } = {}): Promise<void> {
    if (!this.bossStarted) return;
    this.started = false;
    this.bossStarted = false;
    this.stopRequested = true;
    await this.boss.stop({ graceful: true, wait: true, timeout: options.timeoutMs ?? 5000, close: 'connectionString' in this.options.connection });
  }
}
