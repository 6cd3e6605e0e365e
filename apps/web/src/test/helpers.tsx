import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { Role, type Organization, type SessionUser } from '@tankha/contracts';
import { CurrentUserContext } from '../app/current-user';
import { setNavigator } from '../app/navigation';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned JWT whose expiry is `expiresInSeconds` from now (negative: already expired). */
export function makeToken(expiresInSeconds = 3600): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub: 'u1', exp })}.signature`;
}

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    firstName: 'Asha',
    lastName: 'Rao',
    email: 'asha@example.in',
    token: makeToken(),
    roleId: Role.Administrator,
    isManager: false,
    tenantId: '22222222-2222-4222-8222-222222222222',
    tenantName: 'Acme Labs',
    isTenantOnTrial: true,
    isTenantOnFreePlan: false,
    planName: null,
    accessableFeatures: [{ key: 'Dashboard' }, { key: 'Branding' }],
    isEmailEnabled: true,
    licenseCustomerId: null,
    hasAdminAccess: true,
    tenantCount: 1,
    ...overrides,
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const ok = (data: unknown, message = 'OK') => jsonResponse(200, { statusCode: 200, message, data });

export interface RecordedCall {
  method: string;
  path: string;
  search: string;
  init: RequestInit;
}

/** A reply, or a function of the call giving one (a promise of one holds the call open, to see the page wait). */
type Reply = Response | ((call: RecordedCall) => Response | Promise<Response>);

/**
 * Stubs fetch with replies keyed by "METHOD /path" (the path after /backend/api). Unlisted calls
 * get a 404. Returns the list of calls made.
 */
export function mockFetch(replies: Record<string, Reply>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: RecordedCall = { method: init.method ?? 'GET', path: url.pathname.replace('/backend/api', ''), search: url.search, init };
      calls.push(call);
      const reply = replies[`${call.method} ${call.path}`];
      if (!reply) return Promise.resolve(jsonResponse(404, { statusCode: 404, errorCode: 'NOT_FOUND', message: `Not mocked: ${call.method} ${call.path}` }));
      return Promise.resolve(typeof reply === 'function' ? reply(call) : reply.clone());
    }),
  );
  return calls;
}

/** Renders inside the app's providers (Mantine in test mode, a fresh query client). */
export function renderWithProviders(ui: ReactNode, options: { user?: SessionUser } = {}) {
  const queryClient = createQueryClient();
  const content = options.user ? <CurrentUserContext value={options.user}>{ui}</CurrentUserContext> : ui;
  return {
    queryClient,
    ...render(
      <AppProviders queryClient={queryClient} env="test">
        {content}
      </AppProviders>,
    ),
  };
}

/** Renders a route table in a memory router at `path`, wired to the API client's navigator. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, options) => router.navigate(to, options));
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, ...view };
}

export function makeOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    tenantName: 'Acme Labs',
    address: '12 MG Road, Bengaluru',
    tan: 'BLRA12345B',
    pan: 'ABCDE1234F',
    gstNumber: '29ABCDE1234F1Z5',
    cinNumber: null,
    llpinNumber: null,
    businessType: 'pvtLtd',
    legalCompanyName: 'Acme Labs Private Limited',
    industry: 'technology',
    teamSize: '21-100',
    workingHours: 9,
    weekDaysOff: ['Sunday', 'Saturday'],
    logoUrl: null,
    timeZone: 'Asia/Kolkata',
    createdAt: '2025-04-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Watches toasts; `messages()` lists the texts shown so far. Restored by vi.restoreAllMocks or `restore`. */
export function spyOnToasts() {
  const show = vi.spyOn(notifications, 'show');
  return { show, messages: () => show.mock.calls.map(([data]) => data.message), restore: () => show.mockRestore() };
}
