import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh module each test: the settled promise is one per page. */
async function load() {
  vi.resetModules();
  return (await import('./page-settled')).pageSettled;
}

describe('pageSettled', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the load event, then for an idle moment', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    let idle: (() => void) | undefined;
    const requestIdleCallback = vi.fn((cb: () => void, options: { timeout: number }) => {
      idle = cb;
      expect(options.timeout).toBe(3000);
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
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(2);
    expect(pageSettled()).toBe(pageSettled());
  });
});
