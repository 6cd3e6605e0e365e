import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh module each test: the settled promise is one per page. */
async function load() {
  vi.resetModules();
  return (await import('./page-settled')).pageSettled;
}
const { QUIET_AFTER_PAINT_MS } = await import('./page-settled');

/** Reads in flight as the query client reports them: a count, and listeners told of every change. */
function fakeReads(count: number) {
  const listeners = new Set<() => void>();
  return {
    reads: { count: () => count, subscribe: (l: () => void) => (listeners.add(l), () => void listeners.delete(l)) },
    set(n: number) {
      count = n;
      for (const l of [...listeners]) l();
    },
    listeners,
  };
}

describe('pageSettled', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the load event, then for an idle moment and the paint after it', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    let idle: (() => void) | undefined;
    const requestIdleCallback = vi.fn((cb: () => void, options: { timeout: number }) => {
      idle = cb;
      expect(options.timeout).toBe(5000);
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const pageSettled = await load();
    let done = false;
    void pageSettled().then(() => (done = true));
    await Promise.resolve();
    expect(requestIdleCallback).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(done).toBe(false);
    idle?.();
    await vi.waitFor(() => expect(done).toBe(true));
  });

  it('on a page already loaded without requestIdleCallback, settles a moment later; every caller shares it', async () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    vi.stubGlobal('requestIdleCallback', undefined);
    const pageSettled = await load();
    let done = 0;
    void pageSettled().then(() => (done += 1));
    void pageSettled().then(() => (done += 1));
    await vi.advanceTimersByTimeAsync(199);
    expect(done).toBe(0);
    // 200 ms, then the next frame and a quiet spell after it.
    await vi.advanceTimersByTimeAsync(QUIET_AFTER_PAINT_MS);
    expect(done).toBe(0);
    await vi.advanceTimersByTimeAsync(40);
    expect(done).toBe(2);
    expect(pageSettled()).toBe(pageSettled());
  });

  it("waits for the page's reads, and for a read that starts during the idle wait, before the idle moment", async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const idles: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idles.push(cb));
    vi.resetModules();
    const { pageSettled, settleAfterReads } = await import('./page-settled');
    const inFlight = fakeReads(2);
    settleAfterReads(inFlight.reads);
    let done = false;
    void pageSettled().then(() => (done = true));
    expect(idles).toHaveLength(0);
    inFlight.set(1);
    expect(idles).toHaveLength(0);
    inFlight.set(0);
    expect(idles).toHaveLength(1);
    expect(inFlight.listeners.size).toBe(0);
    // The data rendered a part that reads more: the idle moment comes, but a read is in flight.
    inFlight.set(1);
    idles[0]?.();
    // After the idle moment and the next paint, it finds the read and listens again.
    await vi.waitFor(() => expect(inFlight.listeners.size).toBe(1));
    expect(done).toBe(false);
    inFlight.set(0);
    expect(idles).toHaveLength(2);
    idles[1]?.();
    await vi.waitFor(() => expect(done).toBe(true));
  });

  it('settles at the deadline after the load event whatever is still in flight, and stops listening', async () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.resetModules();
    const { pageSettled, settleAfterReads } = await import('./page-settled');
    const inFlight = fakeReads(1);
    settleAfterReads(inFlight.reads);
    let done = false;
    void pageSettled(5000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(4999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(inFlight.listeners.size).toBe(0);
  });
});
