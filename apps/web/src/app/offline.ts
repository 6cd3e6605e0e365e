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
