import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness';
import { queryRows } from '../../db/client';
import { UnitOfWork } from '../unit-of-work';
import { JobQueue } from './job-queue';

const silent = { error: () => undefined, info: () => undefined, debug: () => undefined };

/**
 * Graceful shutdown of a worker (docs/decisions incoming-h31-shutdown): a stepped job that may be
 * handed back finishes the step in flight (it commits) and begins no other; its job is failed for
 * pg-boss to retry from the committed steps, not left 'active' until it expires. One that may not
 * (its steps are not resumable on their own) runs to its end before the queue stops.
 */
describe.each(BACKENDS)('a stepped job when its queue stops (%s)', (backend) => {
  let t: TestApp;
  let tenantId: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    tenantId = (await t.registerOrganisation()).tenantId;
  });
  afterAll(async () => t.close());

  async function runAndStopDuringStepTwo(name: string, handBackAtShutdown: boolean): Promise<{ committed: number[]; state: string | undefined }> {
    const queue = new JobQueue({ connection: t.database.bossConnection, log: silent, workers: true, schedules: false, pollingIntervalSeconds: 1 });
    const uow = new UnitOfWork(t.database.db, queue);
    const committed: number[] = [];
    let inStepTwo: () => void = () => undefined;
    const stepTwoStarted = new Promise<void>((resolve) => (inStepTwo = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    // A test job name: the typed names are the product's jobs, this one runs only here.
    uow.defineSteppedTenantJob(queue, name as 'payroll.process', async (steps) => {
      for (let step = 1; step <= 4; step += 1) {
        await steps(async () => {
          if (step === 2) {
            inStepTwo();
            await released;
          }
        });
        committed.push(step);
      }
    }, { retryLimit: 2, retryDelaySeconds: 60, handBackAtShutdown });
    await queue.start();
    try {
      await queue.send(name, { tenantId, data: {} });
      await stepTwoStarted;
      const stopped = queue.stop({ timeoutMs: 20_000 });
      release();
      await stopped;
    } finally {
      release();
    }
    const [job] = await queryRows<{ state: string }>(t.database.db, sql`SELECT state::text AS state FROM pgboss.job WHERE name = ${name}`);
    return { committed, state: job?.state };
  }

  it('handBackAtShutdown: the step in flight commits, no other begins, the job waits for its retry', { timeout: 60_000 }, async () => {
    expect(await runAndStopDuringStepTwo('test.stepped-hand-back', true)).toEqual({ committed: [1, 2], state: 'retry' });
  });

  it('without it: the job runs to its end within the timeout and completes', { timeout: 60_000 }, async () => {
    expect(await runAndStopDuringStepTwo('test.stepped-to-the-end', false)).toEqual({ committed: [1, 2, 3, 4], state: 'completed' });
  });
});
