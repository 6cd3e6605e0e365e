import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TestClock } from '../clock';
import { createJobRunner } from './daily-scheduler';

const log = () => ({ debug: vi.fn(), error: vi.fn() }) as unknown as FastifyInstance['log'] & { error: ReturnType<typeof vi.fn> };

describe('job runner', () => {
  it('calls each job with the clock’s now', async () => {
    const clock = new TestClock(new Date('2025-03-10T00:30:00Z'));
    const run = vi.fn(async () => undefined);
    await createJobRunner([{ name: 'a', run }], clock, log())();
    expect(run).toHaveBeenCalledWith(new Date('2025-03-10T00:30:00Z'));
  });

  it('skips a job still running from the previous tick', async () => {
    let release: () => void = () => undefined;
    const run = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const tick = createJobRunner([{ name: 'slow', run }], new TestClock(), log());
    const first = tick();
    await tick();
    expect(run).toHaveBeenCalledTimes(1);
    release();
    await first;
    void tick();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('logs a failure and keeps the other jobs going', async () => {
    const logger = log();
    const ok = vi.fn(async () => undefined);
    await createJobRunner([{ name: 'bad', run: () => Promise.reject(new Error('boom')) }, { name: 'ok', run: ok }], new TestClock(), logger)();
    expect(ok).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ job: 'bad' }), 'job failed');
  });
});
