/**
 * The reads an employee's most used pages make first, started by index.html's first script while the app's
 * code is still downloading (issue 29: on a phone on slow 4G the page's data otherwise waited for the code,
 * then for the header's reads, then for the page's own: three round trips after the download). The app's
 * API client takes a started read instead of sending its own when the URL and the session match
 * (`takeEarlyRead`, api.ts); what it does not take is only a wasted read. A browser test checks that each
 * page takes every read started for it (e2e/tests/early-reads.spec.ts).
 *
 * This module imports only client-keys.ts and jwt.ts, which import nothing: the three are a chunk of their own
 * (vite.config.ts), so the script that starts the reads downloads on its own, not with the app's shell.
 */
import { API_BASE, USER_STORAGE_KEY } from './client-keys';
import { isTokenExpired } from './jwt';

/** Where the started reads wait for the API client (a property of window). */
export const EARLY_READS_GLOBAL = '__tankhaEarlyReads';
/** The organisation's zone is not known before GET /Tenants: the default one (DESIGN §5), UTC+5:30 all year. */
const IST_OFFSET_MS = 330 * 60_000;

interface EarlyReads {
  token: string;
  reads: Map<string, Promise<Response>>;
}

/** Every signed-in page's header and guards: the organisation, the session, the bell. */
const SHELL_READS = ['/Tenants', '/Account/me', '/Notifications/unread/count'];
/** An Administrator's setup gate reads the setup status too (setup-status.ts); Role.Administrator, which this chunk cannot import. */
export const ADMINISTRATOR_ROLE_ID = 1;
const ADMINISTRATOR_READS = ['/orgprofilecompletionstatus'];

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * The API reads (path and query, after /backend/api) the page at `pathname` makes on its first render, for
 * a member, on `today` (YYYY-MM-DD): the header's, then the page's. Empty for other pages.
 */
export function earlyReadsFor(pathname: string, today: string, roleId?: number): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  // The Indian financial year runs April to March.
  const fyStart = month >= 4 ? year : year - 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const fy = `financialYearStart=${String(fyStart)}&financialYearEnd=${String(fyStart + 1)}`;
  const page: Record<string, string[]> = {
    '/': ['/Attendances/today', '/Shifts/current-shift', '/dashboard'],
    '/payslips': [`/Payslips?year=${String(year)}`],
    '/leaves/my-leaves': ['/Leaves/balances', '/Leaves?pageSize=6&scope=mine&pageNumber=1'],
    '/my-attendance': [
      '/Attendances/today',
      '/Shifts/current-shift',
      `/Attendances?startDate=${String(year)}-${pad(month)}-01&endDate=${String(year)}-${pad(month)}-${pad(lastDay)}`,
      // Not the regularization panel's requests: it mounts once the page has settled (MyAttendancePage).
    ],
    '/payroll/taxes/employeeITDeclaration': [`/ITDeclaration/status?${fy}`, `/ITDeclaration/declarations?${fy}`],
  };
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const reads = page[trimmed];
  return reads ? [...SHELL_READS, ...(roleId === ADMINISTRATOR_ROLE_ID ? ADMINISTRATOR_READS : []), ...reads] : [];
}

/** A request URL with its query parameters in one order, so the client's and the script's URLs compare. */
export function readKey(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  params.sort();
  return `${url.slice(0, at)}?${params.toString()}`;
}

function signedInUser(): { token: string; roleId: number | undefined } | null {
  try {
    const user: unknown = JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null');
    if (user === null || typeof user !== 'object') return null;
    const { token, roleId } = user as { token?: unknown; roleId?: unknown };
    return typeof token === 'string' && token !== '' ? { token, roleId: typeof roleId === 'number' ? roleId : undefined } : null;
  } catch {
    return null;
  }
}

/** Starts the current page's reads for the signed-in user (index.html's first script). */
export function startEarlyReads(now: Date = new Date()): void {
  const user = signedInUser();
  // An expired session is signed out by the client's first request, which sends nothing (api.ts).
  if (user === null || isTokenExpired(user.token, now.getTime()) || !navigator.onLine) return;
  const { token, roleId } = user;
  const today = new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
  const reads = new Map<string, Promise<Response>>();
  for (const read of earlyReadsFor(location.pathname, today, roleId)) {
    const url = `${API_BASE}${read}`;
    const response = fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` }, credentials: 'include' });
    // Handled here so a failed read the app never takes is not an unhandled rejection; the app sees it if it takes it.
    response.catch(() => undefined);
    reads.set(readKey(url), response);
  }
  if (reads.size > 0) (window as unknown as Record<string, EarlyReads>)[EARLY_READS_GLOBAL] = { token, reads };
}

/**
 * The started read of this GET, once, if it was started for this session's token; otherwise undefined and
 * the caller sends its own.
 */
export function takeEarlyRead(url: string, token: string | undefined): Promise<Response> | undefined {
  const early = (window as unknown as Record<string, EarlyReads | undefined>)[EARLY_READS_GLOBAL];
  if (!early || token === undefined || early.token !== token) return undefined;
  const key = readKey(url);
  const read = early.reads.get(key);
  if (read) early.reads.delete(key);
  return read;
}
