import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { notifications } from '@mantine/notifications';
import { ErrorCode, MSG } from '@tankha/contracts';
import { jsonResponse, makeToken, makeUser, mockFetch, ok } from '../test/helpers';
import { registerAccessModal } from './access-control';
import { ApiError, NETWORK_ERROR, apiRequest } from './api';
import { EARLY_READS_GLOBAL } from './early-reads';
import { setNavigator, type Navigator } from './navigation';
import { isOffline } from './offline';
import { getSessionUser, setSessionUser } from './session';
import { toast } from './toast';

let navigate: ReturnType<typeof vi.fn<Navigator>>;
let show: MockInstance<typeof notifications.show>;

const shownMessages = () => show.mock.calls.map(([data]) => data.message);

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState(null, '', '/dashboard');
  navigate = vi.fn<Navigator>();
  setNavigator(navigate);
  show = vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('requests', () => {
  it('sends JSON with the bearer token of the stored user and credentials included', async () => {
    const user = makeUser();
    setSessionUser(user);
    const calls = mockFetch({ 'POST /settings': ok({ workingHours: 9, weekDaysOff: 'Sunday' }) });

    const reply = await apiRequest('/settings', { method: 'POST', body: { workingHours: '9' }, query: { tenantId: 'abc' } });

    expect(reply.data).toEqual({ workingHours: 9, weekDaysOff: 'Sunday' });
    const [call] = calls;
    expect(call?.search).toBe('?tenantId=abc');
    expect(call?.init.credentials).toBe('include');
    expect(call?.init.body).toBe('{"workingHours":"9"}');
    expect(call?.init.headers).toMatchObject({ Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' });
  });

  it('takes the read index.html started for the same URL and session instead of sending it again (early-reads.ts)', async () => {
    const user = makeUser();
    setSessionUser(user);
    const started = jsonResponse(200, { data: { name: 'Nilgiri' } });
    (window as unknown as Record<string, unknown>)[EARLY_READS_GLOBAL] = { token: user.token, reads: new Map([['/backend/api/Tenants', Promise.resolve(started)]]) };
    const calls = mockFetch({ 'GET /Tenants': ok({ name: 'sent again' }) });

    expect((await apiRequest('/Tenants')).data).toEqual({ name: 'Nilgiri' });
    expect(calls).toHaveLength(0);
    // Once: the next read of the same URL is sent.
    expect((await apiRequest('/Tenants')).data).toEqual({ name: 'sent again' });
    expect(calls).toHaveLength(1);
    delete (window as unknown as Record<string, unknown>)[EARLY_READS_GLOBAL];
  });

  it('rejects locally with TOKEN_EXPIRED and signs out when the stored token has expired', async () => {
    setSessionUser(makeUser({ token: makeToken(-60) }));
    const calls = mockFetch({ 'GET /dashboard': ok({}) });

    const error = await failure(apiRequest('/dashboard'));

    expect(error.code).toBe(ErrorCode.TokenExpired);
    expect(calls).toHaveLength(0);
    expect(getSessionUser()).toBeNull();
  });

  it('treats an unreadable token as expired', async () => {
    setSessionUser(makeUser({ token: 'not-a-jwt' }));
    const calls = mockFetch({});

    const error = await failure(apiRequest('/dashboard'));

    expect(error.code).toBe(ErrorCode.TokenExpired);
    expect(calls).toHaveLength(0);
    expect(getSessionUser()).toBeNull();
  });

  it('shows the offline screen when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));

    const error = await failure(apiRequest('/dashboard'));

    expect(error.code).toBe(NETWORK_ERROR);
    expect(isOffline()).toBe(true);
    expect(show).not.toHaveBeenCalled();
  });
});

describe('401 on a dead session', () => {
  it('shows the session notice, then after 2 s clears the user and goes to /login', async () => {
    setSessionUser(makeUser());
    mockFetch({ 'GET /dashboard': jsonResponse(401, { statusCode: 401, errorCode: 'TokenInvalid', message: 'Session ended' }) });

    const error = await failure(apiRequest('/dashboard'));

    expect(error.handled).toBe(true);
    expect(shownMessages()).toEqual([MSG.sessionExpired]);
    expect(show.mock.calls[0]?.[0].autoClose).toBe(3000);
    vi.advanceTimersByTime(1999);
    expect(getSessionUser()).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(getSessionUser()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', expect.objectContaining({ replace: true }));
  });

  it('also reacts to a message about an expired token', async () => {
    setSessionUser(makeUser());
    mockFetch({ 'GET /Tenants': jsonResponse(401, { statusCode: 401, errorCode: 'UNAUTHORIZED', message: 'IDX10223: Lifetime validation failed' }) });

    await failure(apiRequest('/Tenants'));
    vi.advanceTimersByTime(2000);

    expect(navigate).toHaveBeenCalledWith('/login', expect.anything());
  });

  it('does not sign out on /login, for premium-type paths or for suppressed requests', async () => {
    setSessionUser(makeUser());
    const reply = jsonResponse(401, { statusCode: 401, errorCode: 'TokenInvalid', message: 'Token invalid' });
    mockFetch({ 'GET /reports/payroll': reply, 'GET /dashboard': reply });

    await failure(apiRequest('/reports/payroll'));
    await failure(apiRequest('/dashboard', { suppress: true }));
    window.history.replaceState(null, '', '/login');
    await failure(apiRequest('/dashboard'));
    vi.advanceTimersByTime(5000);

    expect(navigate).not.toHaveBeenCalled();
    expect(getSessionUser()).not.toBeNull();
    expect(shownMessages()).not.toContain(MSG.sessionExpired);
  });
});

describe('403 access rules', () => {
  it('sends a subscription failure to /no-subscription without a toast', async () => {
    setSessionUser(makeUser());
    mockFetch({ 'GET /Tenants': jsonResponse(403, { statusCode: 403, errorCode: 'SUBSCRIPTION_REQUIRED', message: MSG.noActiveSubscription }) });

    const error = await failure(apiRequest('/Tenants'));

    expect(error.handled).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/no-subscription', undefined);
    expect(show).not.toHaveBeenCalled();
  });

  it('does not redirect again when already on a subscription page', async () => {
    window.history.replaceState(null, '', '/no-subscription');
    mockFetch({ 'GET /Tenants': jsonResponse(403, { statusCode: 403, errorCode: 'FORBIDDEN', message: MSG.noLicense }) });

    await failure(apiRequest('/Tenants'));

    expect(navigate).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });

  it('suppresses toasts for 15 s after FEATURE_ACCESS_DENIED', async () => {
    mockFetch({
      'POST /logos': jsonResponse(403, { statusCode: 403, errorCode: ErrorCode.FeatureDenied, message: MSG.featureNotAllowed }),
      'GET /Tenants': jsonResponse(500, { statusCode: 500, errorCode: 'INTERNAL_ERROR', message: 'Database unavailable' }),
    });

    await failure(apiRequest('/logos', { method: 'POST' }));
    vi.advanceTimersByTime(14_999);
    await failure(apiRequest('/Tenants'));
    toast.success('Saved');
    expect(show).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    await failure(apiRequest('/Tenants'));
    expect(shownMessages()).toEqual(['Database unavailable']);
  });

  it('opens the access modal when mounted, once per 10 s', async () => {
    const open = vi.fn();
    const unregister = registerAccessModal(open);
    mockFetch({ 'POST /logos': jsonResponse(403, { statusCode: 403, errorCode: ErrorCode.FeatureDenied, message: MSG.featureNotAllowed }) });

    await failure(apiRequest('/logos', { method: 'POST' }));
    await failure(apiRequest('/logos', { method: 'POST' }));
    expect(open).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(10_000);
    await failure(apiRequest('/logos', { method: 'POST' }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(navigate).not.toHaveBeenCalled();
    unregister();
  });

  it('goes to /access-denied when no access modal is mounted', async () => {
    mockFetch({ 'GET /x': jsonResponse(403, { statusCode: 403, errorCode: 'FORBIDDEN', message: MSG.featureNotAllowed }) });

    await failure(apiRequest('/x'));

    expect(navigate).toHaveBeenCalledWith('/access-denied', undefined);
  });

  it('signs a deactivated account out to /403-Restricted', async () => {
    setSessionUser(makeUser());
    mockFetch({ 'GET /dashboard': jsonResponse(403, { statusCode: 403, errorCode: ErrorCode.AccountDeactivated, message: MSG.deactivated }) });

    const error = await failure(apiRequest('/dashboard'));

    expect(error.handled).toBe(true);
    expect(getSessionUser()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/403-Restricted', { replace: true, state: { message: MSG.deactivated } });
  });
});

describe('validation messages', () => {
  it('shows a field’s own sentence without the field name, and keeps the name on a bare fragment', async () => {
    mockFetch({
      'POST /a': jsonResponse(400, { statusCode: 400, errorCode: 'VALIDATION_ERROR', message: 'email: Please enter a valid email address', errors: { email: 'Please enter a valid email address' } }),
      'POST /b': jsonResponse(400, { statusCode: 400, errorCode: 'VALIDATION_ERROR', message: 'pageSize: must be at most 100', errors: { pageSize: 'must be at most 100' } }),
    });
    expect((await failure(apiRequest('/a', { method: 'POST' }))).message).toBe('Please enter a valid email address');
    expect((await failure(apiRequest('/b', { method: 'POST' }))).message).toBe('pageSize: must be at most 100');
    expect(shownMessages()).toEqual(['Please enter a valid email address', 'pageSize: must be at most 100']);
  });
});

describe('deactivation while signed in', () => {
  const deactivated = () => jsonResponse(403, { statusCode: 403, errorCode: ErrorCode.AccountDeactivated, message: MSG.deactivated });
  const ended = () => jsonResponse(401, { statusCode: 401, errorCode: ErrorCode.TokenInvalid, message: 'Token is invalid or expired.' });

  it('keeps the restricted page when the requests after the 403 come back 401, with or without the old token', async () => {
    setSessionUser(makeUser());
    mockFetch({ 'GET /dashboard': deactivated(), 'GET /Notifications': ended(), 'GET /Tenants': ended() });

    await failure(apiRequest('/dashboard'));
    const late = await failure(apiRequest('/Notifications'));
    const afterSignOut = await failure(apiRequest('/Tenants'));
    vi.advanceTimersByTime(5000);

    expect(late.handled).toBe(true);
    expect(afterSignOut.handled).toBe(true);
    expect(shownMessages()).not.toContain(MSG.sessionExpired);
    expect(navigate.mock.calls).toEqual([['/403-Restricted', { replace: true, state: { message: MSG.deactivated } }]]);
  });

  it('a 401 that overtakes the 403 does not send the person to /login afterwards', async () => {
    const user = makeUser();
    setSessionUser(user);
    let release: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockFetch({
      // The reply to the first request arrives last.
      'GET /dashboard': (() => gate.then(deactivated)) as unknown as () => Response,
      'GET /Notifications': ended(),
    });

    const first = apiRequest('/dashboard');
    await failure(apiRequest('/Notifications'));
    release?.();
    await failure(first);
    vi.advanceTimersByTime(5000);

    expect(navigate.mock.calls).toEqual([['/403-Restricted', { replace: true, state: { message: MSG.deactivated } }]]);
    expect(getSessionUser()).toBeNull();
  });

  it('a later session of someone else still expires normally', async () => {
    setSessionUser(makeUser());
    mockFetch({ 'GET /dashboard': deactivated() });
    await failure(apiRequest('/dashboard'));
    navigate.mockClear();

    setSessionUser(makeUser({ token: makeToken(7200) }));
    mockFetch({ 'GET /Tenants': ended() });
    await failure(apiRequest('/Tenants'));
    vi.advanceTimersByTime(2000);
    expect(shownMessages()).toContain(MSG.sessionExpired);
    expect(navigate).toHaveBeenCalledWith('/login', expect.objectContaining({ replace: true }));
  });
});

describe('toasts', () => {
  it('keeps errors 3000 ms and other toasts 2000 ms', () => {
    toast.error('Broken');
    toast.success('Saved');
    toast.info('Note');

    expect(show.mock.calls.map(([data]) => [data.message, data.autoClose])).toEqual([
      ['Broken', 3000],
      ['Saved', 2000],
      ['Note', 2000],
    ]);
  });

  it('shows the server message of a failed call, else "API Error: {status}"', async () => {
    mockFetch({
      'GET /a': jsonResponse(400, { statusCode: 400, errorCode: 'VALIDATION_ERROR', message: 'tenantName is required' }),
      'GET /b': new Response('<html>Bad gateway</html>', { status: 502 }),
    });

    await failure(apiRequest('/a'));
    await failure(apiRequest('/b'));
    await failure(apiRequest('/a', { quiet: true }));

    expect(shownMessages()).toEqual(['tenantName is required', 'API Error: 502']);
    expect(show.mock.calls.every(([data]) => data.autoClose === 3000)).toBe(true);
  });
});
