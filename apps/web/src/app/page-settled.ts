/** What keeps a page from settling: reads in flight (the query client's), and a way to hear them change. */
export interface ReadsInFlight {
  count(): number;
  subscribe(listener: () => void): () => void;
}

let settled: Promise<void> | null = null;
/** How long after the paint that follows the page's last read nothing new may be read for the page to count as settled. */
export const QUIET_AFTER_PAINT_MS = 400;
let reads: ReadsInFlight | null = null;

/** The app's reads (main.tsx registers its query client): the page settles only once they are done. */
export function settleAfterReads(inFlight: ReadsInFlight): void {
  reads = inFlight;
}

/**
 * Resolves once the page has loaded, its reads are done, the browser has had an idle moment and painted: for work
 * the page does not need — the notification socket and the service worker's registration — so that
 * their code and requests come after the page's own content has painted (issue 29: what an employee's
 * page loads first; Lighthouse counts every request that ends before the largest paint towards it).
 * A read that starts during the idle wait (a page's second wave) is waited for too. At most `timeoutMs`
 * after the load event, whatever is still in flight. One promise for the page's life.
 */
export function pageSettled(timeoutMs = 5000): Promise<void> {
  settled ??= new Promise((resolve) => {
    let done = false;
    let stopListening = () => undefined as void;
    const finish = () => {
      done = true;
      stopListening();
      resolve();
    };
    const idle = (then: () => void) => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(then, { timeout: timeoutMs });
      else window.setTimeout(then, 200);
    };
    // The browser paints between an animation frame and the task after it; then a quiet spell, for what the
    // data renders in a second pass (deferred lists; content React reveals up to 300 ms after a fallback).
    const afterPaint = (then: () => void) => {
      const later = () => window.setTimeout(then, QUIET_AFTER_PAINT_MS);
      if (typeof window.requestAnimationFrame === 'function') window.requestAnimationFrame(later);
      else later();
    };
    const quiet = () => {
      if (done) return;
      if (!reads || reads.count() === 0) {
        idle(() =>
          afterPaint(() => {
            if (reads && reads.count() > 0) quiet();
            else finish();
          }),
        );
        return;
      }
      const unsubscribe = reads.subscribe(() => {
        if (reads?.count() !== 0) return;
        unsubscribe();
        quiet();
      });
      stopListening = unsubscribe;
    };
    const start = () => {
      window.setTimeout(() => !done && finish(), timeoutMs);
      quiet();
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  });
  return settled;
}
