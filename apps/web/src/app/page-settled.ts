let settled: Promise<void> | null = null;

/**
 * Resolves once the page has loaded and the browser has had an idle moment (at most `timeoutMs` after
 * the load event): for work the first paint does not need — the notification socket and the service
 * worker's registration — so that their code and requests do not compete with the page's own chunks
 * and data (issue 29: what an employee's page loads first). One promise for the page's life.
 */
export function pageSettled(timeoutMs = 3000): Promise<void> {
  settled ??= new Promise((resolve) => {
    const idle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
      else window.setTimeout(resolve, 200);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return settled;
}
