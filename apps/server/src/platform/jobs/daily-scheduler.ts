import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';

/**
 * A tiny in-process scheduler for the daily jobs (the attendance reminder). Every process ticks
 * every few minutes and calls each job with "now"; the job itself decides what is due (06:00 in
 * each organisation's zone) and guarantees once-a-day delivery across processes (advisory lock and
 * a per-day key in the rows it writes). No extra tables, works the same on PGlite and PostgreSQL.
 * Started when the server listens, never in tests (they call the jobs with a test clock).
 */
export interface ScheduledJob {
  name: string;
  run(now: Date): Promise<unknown>;
}

export const JOB_TICK_MS = 5 * 60_000;

export interface JobSchedulerOptions {
  clock: Clock;
  jobs: readonly ScheduledJob[];
  enabled: boolean;
  tickMs?: number;
}

/** Runs every job once; a job still running from the previous tick is skipped, a failure is logged. */
export function createJobRunner(jobs: readonly ScheduledJob[], clock: Clock, log: FastifyInstance['log']): () => Promise<void> {
  const running = new Set<string>();
  return async () => {
    await Promise.all(
      jobs.map(async (job) => {
        if (running.has(job.name)) return;
        running.add(job.name);
        try {
          const result = await job.run(clock.now());
          log.debug({ job: job.name, result }, 'job finished');
        } catch (error) {
          log.error({ err: error, job: job.name }, 'job failed');
        } finally {
          running.delete(job.name);
        }
      }),
    );
  };
}

export function scheduleJobs(app: FastifyInstance, options: JobSchedulerOptions): void {
  if (!options.enabled || options.jobs.length === 0) return;
  const tick = createJobRunner(options.jobs, options.clock, app.log);
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onListen', async () => {
    const every = setInterval(() => void tick(), options.tickMs ?? JOB_TICK_MS);
    every.unref();
    timers.push(every);
    // The first tick runs at once: a server started after 06:00 catches up before users are around
    // to see a burst of pushes (nobody is connected yet), and later ticks find nothing left to send.
    await tick();
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}
