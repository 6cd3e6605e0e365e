/**
 * What an employee can read without a connection: the payslips and attendance they last viewed. The
 * service worker (vite.config.ts) answers these API GETs network-first and keeps the last reply of each;
 * nothing else under /backend is cached. The cache is keyed by URL alone, and the same URL (/Payslips)
 * is every user's own list, so it is emptied whenever a session ends (clearMemberApiCache).
 * No browser globals at module level: vite.config.ts imports this file too.
 */
export const MEMBER_API_CACHE = 'tankha-member-api';

/** The GETs the member's attendance and payslips pages make, as a regular expression on the request URL. */
export const OFFLINE_READABLE_API = /^(?:https?:\/\/[^/]+)?\/backend\/api\/(?:Attendances(?:\/today)?|Shifts\/current-shift|Payslips(?:\/[^/?#]+)?)(?:\?[^#]*)?$/;

/** The pages whose data the service worker keeps: these stay on screen, read-only, without a connection. */
const OFFLINE_READABLE_PAGES = ['/my-attendance', '/attendance/my-attendance', '/payslips', '/payroll/payslips'];

export function isOfflineReadablePage(pathname: string): boolean {
  return OFFLINE_READABLE_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`));
}

export function isOfflineReadableApi(url: string): boolean {
  return OFFLINE_READABLE_API.test(url);
}

/** Forgets every kept reply: called when a session ends, so the next person on this browser sees none of them. */
export async function clearMemberApiCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(MEMBER_API_CACHE);
  } catch {
    // Storage disabled (private mode in some browsers): nothing was kept either.
  }
}
