import { MARKETING_PAGE_PATHS } from '@tankha/contracts';

const MARKETING_PAGES = new Set<string>(MARKETING_PAGE_PATHS);

/**
 * Platform §2.1: "On hosts of the marketing domain, the browser is redirected to the app host."
 * A page of the web app asked for on a marketing host (MARKETING_HOSTS): the marketing pages are
 * served there; its root goes to /pricing on the same host; every other page (login, the app) goes
 * to the same path and query on the app host (APP_URL). Null: serve the page here.
 */
export function marketingRedirect(hostname: string, url: string, marketingHosts: readonly string[], appUrl: string): string | null {
  if (marketingHosts.length === 0 || !marketingHosts.includes(hostname.toLowerCase())) return null;
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (MARKETING_PAGES.has(trimmed)) return null;
  if (trimmed === '/' || trimmed === '') return MARKETING_PAGE_PATHS[0];
  return `${appUrl}${url.startsWith('/') ? url : `/${url}`}`;
}
