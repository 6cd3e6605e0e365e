import type { z } from 'zod';
import { ErrorCode, MSG, SUBSCRIPTION_MESSAGES, type Envelope } from '@tankha/contracts';
import { handleFeatureDenied } from './access-control';
import { API_BASE } from './client-keys';
import { takeEarlyRead } from './early-reads';
import { isTokenExpired } from './jwt';
import { currentOrigin, currentPath, navigateTo } from './navigation';
import { markOffline } from './offline';
import { isOfflineReadableApi } from './offline-cache';
import { PATHS } from './paths';
import { clearSession, getSessionUser } from './session';
import { TOAST_SUPPRESS_MS, suppressToasts, toast } from './toast';

/** The API client of platform §7 and §8. */
export { API_BASE };
/** Platform §9: the session-expired notice stays 2 s before the sign-out. */
export const SESSION_REDIRECT_MS = 2000;
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const INVALID_RESPONSE = 'INVALID_RESPONSE';

/** Premium-type requests never sign the user out (platform §8). */
const PREMIUM_PATH = /reports|analytics|premium|advanced|restricted/i;
const TOKEN_PROBLEM_MESSAGE = /token|expired|IDX10223/i;
const SUBSCRIPTION_PAGE = /subscription|access-denied/i;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** Per-field messages of a validation failure, keyed by field path. */
  readonly errors: Readonly<Record<string, string>>;
  /** True when the client already told the user (redirect, modal, session notice, offline screen). */
  readonly handled: boolean;

  constructor(init: { status: number; code: string | null; message: string; errors?: Record<string, string>; handled: boolean }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors ?? {};
    this.handled = init.handled;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  query?: QueryParams;
  /** Skip the session-expired sign-out and every toast: the caller deals with failures. */
  suppress?: boolean;
  /** No error toast from the client (the caller shows its own); access and session handling still run. */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (an upload's Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface RequestOptions extends CallOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart form data instead of JSON. */
  form?: FormData;
}

let sessionExpiring = false;
/**
 * The token whose session the server ended for deactivation. The server answers the first request
 * after deactivation with 403 ACCOUNT_DEACTIVATED and ends the session there, so requests already
 * in flight, or sent after the sign-out without a token, come back 401: those must not turn the
 * restricted page into 'Your session has expired' and /login.
 */
let deactivatedToken: string | null = null;

/** A 401 that only echoes a session already ended for deactivation. */
function echoesDeactivation(requestToken: string | null): boolean {
  if (deactivatedToken === null) return false;
  return requestToken === deactivatedToken || (requestToken === null && getSessionUser() === null);
}

/**
 * Platform §4: 'A deactivated user is logged out to the restricted page', with the server's message
 * ('Your account has been deactivated. Please contact your administrator.').
 */
export function signOutDeactivated(message: string | null, token: string | null): void {
  deactivatedToken = token ?? getSessionUser()?.token ?? deactivatedToken;
  const state = { message: message ?? MSG.deactivated };
  clearSession({ destination: { pathname: PATHS.restricted, state } });
  void navigateTo(PATHS.restricted, { replace: true, state });
}

function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

function stringField(payload: unknown, key: string): string | null {
  if (typeof payload !== 'object' || payload === null || !(key in payload)) return null;
  const value = (payload as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function fieldErrors(payload: unknown): Record<string, string> {
  if (typeof payload !== 'object' || payload === null || !('errors' in payload)) return {};
  const { errors } = payload as { errors: unknown };
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * A validation reply's message names the field ('email: Please enter a valid email address') for
 * API clients; people read the field's own sentence. A bare fragment ('is too large')
 * keeps its field name, which it needs.
 */
function withoutFieldName(message: string | null, errors: Record<string, string>): string | null {
  if (message === null) return null;
  for (const [field, text] of Object.entries(errors)) {
    if (message === `${field}: ${text}` && /^[A-Z'‘"*]/.test(text)) return text;
  }
  return message;
}

function isTokenProblem(code: string | null, message: string | null): boolean {
  if (code === ErrorCode.TokenInvalid || code === ErrorCode.TokenNotFound) return true;
  return message !== null && TOKEN_PROBLEM_MESSAGE.test(message);
}

/** 401 on a dead session: tell the user, then sign out and go to /login 2 s later. */
function expireSession(requestToken: string | null): void {
  if (sessionExpiring) return;
  sessionExpiring = true;
  toast.error(MSG.sessionExpired, { force: true });
  suppressToasts(TOAST_SUPPRESS_MS);
  setTimeout(() => {
    sessionExpiring = false;
    // The 401 overtook the 403 of the same deactivation: the restricted page has the last word.
    if (deactivatedToken !== null && (requestToken === deactivatedToken || requestToken === null)) return;
    const origin = currentOrigin();
    clearSession();
    void navigateTo(PATHS.login, { replace: true, state: origin });
  }, SESSION_REDIRECT_MS);
}

/** The access rules of platform §8. Returns true when the failure has been dealt with. */
function handleAccessFailure(status: number, code: string | null, message: string | null, path: string, options: RequestOptions, requestToken: string | null): boolean {
  if (status === 401) {
    if (echoesDeactivation(requestToken)) return true;
    if (options.suppress || PREMIUM_PATH.test(path) || currentPath() === PATHS.login) return false;
    if (!isTokenProblem(code, message)) return false;
    expireSession(requestToken);
    return true;
  }
  if (status !== 403) return false;
  if (code === ErrorCode.AccountDeactivated) {
    signOutDeactivated(message, requestToken);
    return true;
  }
  if (code === ErrorCode.FeatureDenied) suppressToasts(TOAST_SUPPRESS_MS);
  if (message !== null && SUBSCRIPTION_MESSAGES.includes(message)) {
    if (!SUBSCRIPTION_PAGE.test(currentPath())) void navigateTo(PATHS.noSubscription);
    return true;
  }
  if (message === MSG.featureNotAllowed) {
    handleFeatureDenied();
    return true;
  }
  return code === ErrorCode.FeatureDenied;
}

function networkFailure(): ApiError {
  markOffline();
  return new ApiError({ status: 0, code: NETWORK_ERROR, message: MSG.offline, handled: true });
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions & { schema: S }): Promise<z.output<S>>;
export function apiRequest(path: string, options?: RequestOptions): Promise<Envelope<unknown>>;
export async function apiRequest(path: string, options: RequestOptions & { schema?: z.ZodType } = {}): Promise<unknown> {
  const user = getSessionUser();
  if (user && isTokenExpired(user.token, Date.now())) {
    clearSession();
    throw new ApiError({ status: 401, code: ErrorCode.TokenExpired, message: MSG.sessionExpired, handled: true });
  }
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  // Offline, the service worker may still answer the member's attendance and payslip reads from its cache.
  if (typeof navigator !== 'undefined' && navigator.onLine === false && !(method === 'GET' && isOfflineReadableApi(url))) throw networkFailure();

  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (user) headers.Authorization = `Bearer ${user.token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  // A read index.html started for this page and session (early-reads.ts) is taken instead of sending it again.
  const early = method === 'GET' && options.headers === undefined && options.signal?.aborted !== true ? takeEarlyRead(url, user?.token) : undefined;
  let response: Response;
  try {
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body,
        credentials: 'include',
        signal: options.signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkFailure();
  }

  const payload = await readPayload(response);
  if (!response.ok) throw failure(response.status, payload, path, options, user?.token ?? null);

  if (!options.schema) return payload as Envelope<unknown>;
  const parsed = options.schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const message = 'Unexpected response from the server.';
  if (!options.suppress && !options.quiet) toast.error(message);
  throw new ApiError({ status: response.status, code: INVALID_RESPONSE, message, handled: false });
}

/** Short forms. `schema` validates the whole reply envelope (e.g. sessionReplySchema). */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, options?: CallOptions) => apiRequest(path, { ...options, method: 'GET', schema }),
  post: <S extends z.ZodType>(path: string, schema: S, body?: unknown, options?: CallOptions) =>
    apiRequest(path, { ...options, method: 'POST', body, schema }),
  put: <S extends z.ZodType>(path: string, schema: S, body?: unknown, options?: CallOptions) =>
    apiRequest(path, { ...options, method: 'PUT', body, schema }),
  /** A call whose reply carries nothing the caller reads. */
  send: (method: HttpMethod, path: string, body?: unknown, options?: CallOptions) => apiRequest(path, { ...options, method, body }),
  upload: <S extends z.ZodType>(method: 'POST' | 'PUT', path: string, schema: S, form: FormData, options?: CallOptions) =>
    apiRequest(path, { ...options, method, form, schema }),
};

/** Multipart text fields (an empty text clears an optional field); null and undefined are left out. */
export function toFormData(fields: Record<string, string | number | File | Blob | null | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    form.append(key, value instanceof Blob ? value : String(value));
  }
  return form;
}

/** The text to show for a failed call the caller reports itself. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.code !== INVALID_RESPONSE) return error.message;
  return fallback;
}

/** The error of a failed reply, after the access, session and toast handling of platform §8. */
function failure(status: number, payload: unknown, path: string, options: RequestOptions, requestToken: string | null): ApiError {
  const code = stringField(payload, 'errorCode');
  const message = stringField(payload, 'message');
  const handled = handleAccessFailure(status, code, message, path, options, requestToken);
  const errors = fieldErrors(payload);
  const text = withoutFieldName(message, errors) ?? stringField(payload, 'error') ?? `API Error: ${status.toString()}`;
  if (!handled && !options.suppress && !options.quiet) toast.error(text);
  return new ApiError({ status, code, message: text, errors, handled });
}

function authHeaders(): Record<string, string> {
  const user = getSessionUser();
  if (user && isTokenExpired(user.token, Date.now())) {
    clearSession();
    throw new ApiError({ status: 401, code: ErrorCode.TokenExpired, message: MSG.sessionExpired, handled: true });
  }
  return user ? { Authorization: `Bearer ${user.token}` } : {};
}

const tokenIn = (headers: Record<string, string>): string | null => headers.Authorization?.slice('Bearer '.length) ?? null;

/** The file name of a Content-Disposition header (the UTF-8 one when given), or null. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // fall back to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

/**
 * Downloads a file from the API with the session's token and saves it under `filename`; with null,
 * under the name the server's Content-Disposition gives (else the last path segment).
 */
/**
 * Downloads a file. With `body` the request is a POST of that JSON (for answers that must not be put in
 * a URL, such as a PAN); otherwise a GET.
 */
export async function apiDownload(path: string, filename: string | null, options: CallOptions & { body?: unknown } = {}): Promise<void> {
  const headers = authHeaders();
  const post = options.body !== undefined;
  if (post) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      headers,
      credentials: 'include',
      signal: options.signal,
      ...(post ? { method: 'POST', body: JSON.stringify(options.body) } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkFailure();
  }
  if (!response.ok) throw failure(response.status, await readPayload(response), path, options, tokenIn(headers));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? dispositionFileName(response.headers.get('content-disposition')) ?? path.split('/').pop() ?? 'download';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A multipart upload that reports its progress (0–1) while the bytes go up; fetch cannot, so this
 * one call uses XMLHttpRequest. Replies are handled exactly as apiRequest handles them.
 */
export function apiUploadWithProgress<S extends z.ZodType>(
  path: string,
  schema: S,
  form: FormData,
  onProgress: (fraction: number) => void,
  options: CallOptions = {},
): Promise<z.output<S>> {
  const headers = authHeaders();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, options.query));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(networkFailure());
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        payload = null;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(failure(xhr.status, payload, path, options, tokenIn(headers)));
        return;
      }
      const parsed = schema.safeParse(payload);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError({ status: xhr.status, code: INVALID_RESPONSE, message: 'Unexpected response from the server.', handled: false }));
    };
    xhr.send(form);
  });
}

/** For tests: forget in-flight client state. */
export function resetApiClientState(): void {
  sessionExpiring = false;
}
