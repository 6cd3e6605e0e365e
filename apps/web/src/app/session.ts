import { useSyncExternalStore } from 'react';
import { sessionUserSchema, type SessionUser } from '@tankha/contracts';
import { USER_STORAGE_KEY } from './client-keys';
import { clearMemberApiCache } from './offline-cache';

export { USER_STORAGE_KEY };
/** Set when an Administrator presses Cancel on the welcome screen; lasts for the browser session. */
export const SETUP_DEFERRED_KEY = 'tankha.setupDeferred';

const listeners = new Set<() => void>();
const clearedListeners = new Set<() => void>();
let cachedRaw: string | null = null;
/** Where the auth guard sends a signed-out user instead of /login, with the navigation state. */
export interface SignOutDestination {
  pathname: string;
  state?: unknown;
}
let signOutDestination: SignOutDestination | null = null;
let cachedUser: SessionUser | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored user, or null. The parsed object is reused while the stored text is unchanged. */
export function getSessionUser(): SessionUser | null {
  const raw = localStorage.getItem(USER_STORAGE_KEY);
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = null;
  if (raw) {
    try {
      const parsed = sessionUserSchema.safeParse(JSON.parse(raw));
      cachedUser = parsed.success ? parsed.data : null;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

export function setSessionUser(user: SessionUser): void {
  signOutDestination = null;
  // Another person or organisation on this browser: the payslips and attendance kept for offline reading are not theirs.
  const previous = getSessionUser();
  if (previous?.id !== user.id || previous.tenantId !== user.tenantId) void clearMemberApiCache();
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  notify();
}

/**
 * Signs out locally: forgets the user, the per-session flags and (through listeners) cached server
 * data. `destination` is where the auth guard sends the signed-out user instead of /login (a
 * deactivated account goes to /403-Restricted).
 */
export function clearSession(options: { destination?: SignOutDestination } = {}): void {
  signOutDestination = options.destination ?? null;
  localStorage.removeItem(USER_STORAGE_KEY);
  sessionStorage.removeItem(SETUP_DEFERRED_KEY);
  void clearMemberApiCache();
  for (const listener of clearedListeners) listener();
  notify();
}

export function getSignOutDestination(): SignOutDestination | null {
  return signOutDestination;
}

/** The login page forgets it: from there on, signed-out visitors go to /login again. */
export function forgetSignOutDestination(): void {
  signOutDestination = null;
}

export function onSessionCleared(listener: () => void): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab signed in or out.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === USER_STORAGE_KEY) notify();
  });
}

export function useSession(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, getSessionUser, () => null);
}
