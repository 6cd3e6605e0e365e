import { describe, expect, it } from 'vitest';
import { Readiness } from './readiness';

describe('readiness', () => {
  it('is starting, not ready, until marked ready', () => {
    const readiness = new Readiness();
    expect(readiness.state).toBe('starting');
    expect(readiness.isReady).toBe(false);
    readiness.markReady();
    expect(readiness.state).toBe('ready');
    expect(readiness.isReady).toBe(true);
  });

  it('stops being ready at the shutdown signal', () => {
    const readiness = new Readiness();
    readiness.markReady();
    readiness.markStopping();
    expect(readiness.state).toBe('stopping');
    expect(readiness.isReady).toBe(false);
  });

  it('never becomes ready again once stopping, even if start-up finishes after the signal', () => {
    const readiness = new Readiness();
    readiness.markStopping();
    readiness.markReady();
    expect(readiness.state).toBe('stopping');
    expect(readiness.isReady).toBe(false);
  });
});
