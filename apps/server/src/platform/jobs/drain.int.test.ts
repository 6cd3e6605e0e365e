import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness';
import { JobQueue } from './job-queue';

const silent = { error: () => undefined, info: () => undefined, debug: () => undefined };

/**
 * drain() runs a job sent a moment before, even within the same tick of the database's clock: pg-boss
 * fetches only jobs whose start_after has passed, and PGlite's now() counts whole milliseconds, so a
 * send and a drain in one millisecond used to find nothing and leave the job queued (a test then saw
 * none of its effects: the documents sweeper's test failed so, about one run in ten).
 */
describe.each(BACKENDS)('drain after a send (%s)', (backend) => {
  let t: TestApp;
  let queue: JobQueue;
  let runs = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
    queue = new JobQueue({ connection: t.database.bossConnection, log: silent, workers: false, schedules: false });
    // A test job name: the typed names are the product's jobs, this one runs only here.
    queue.define({ name: 'test.drain-tick', run: () => Promise.resolve(void (runs += 1)) });
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop();
    await t.close();
  });

  it('runs every job sent just before it, each time', async () => {
    for (let i = 0; i < 60; i += 1) {
      await queue.send('test.drain-tick', { tenantId: null, data: {} });
      expect((await queue.drain()).ran).toBe(1);
    }
    expect(runs).toBe(60);
  });
});
