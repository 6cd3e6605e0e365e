import { useSyncExternalStore } from 'react';

/** Set when a request cannot reach the server; the root layout then shows the offline screen. */
let offline = false;
const listeners = new Set<() => void>();

function setOffline(next: boolean): void {
  if (offline === next) return;
  offline = next;
  for (const listener of listeners) listener();
}

export const markOffline = (): void => setOffline(true);
export const clearOffline = (): void => setOffline(false);
export const isOffline = (): boolean => offline;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}

function subscribeConnection(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/** True while the browser has no network, or a request has just failed to reach the server. */
export function useNoConnection(): boolean {
  const failed = useOffline();
  const browser = useSyncExternalStore(subscribeConnection, browserOffline, () => false);
  return failed || browser;
}

if (typeof window !== 'undefined') {
  // Back online: the offline screen gives way and pages fetch again.
  window.addEventListener('online', clearOffline);
}
