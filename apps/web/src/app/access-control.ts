import { currentPath, navigateTo } from './navigation';
import { PATHS } from './paths';

/** Platform §9: access-denied handling runs one at a time and resets after 10 s. */
export const ACCESS_LOCK_MS = 10_000;
export const ACCESS_DENIED_PATH = PATHS.accessDenied;

type AccessModalOpener = () => void;

let openAccessModal: AccessModalOpener | null = null;
let lockTimer: ReturnType<typeof setTimeout> | null = null;

/** The access modal registers itself while mounted; without it the client navigates to /access-denied. */
export function registerAccessModal(opener: AccessModalOpener): () => void {
  openAccessModal = opener;
  return () => {
    if (openAccessModal === opener) openAccessModal = null;
  };
}

/** A 403 'feature not allowed': one modal (or one redirect) however many requests fail together. */
export function handleFeatureDenied(): void {
  if (lockTimer !== null) return;
  lockTimer = setTimeout(() => {
    lockTimer = null;
  }, ACCESS_LOCK_MS);
  if (openAccessModal) openAccessModal();
  else if (currentPath() !== ACCESS_DENIED_PATH) void navigateTo(ACCESS_DENIED_PATH);
}

/** Navigating or hiding the page cancels a pending lock (platform §4 "Session"). */
export function cancelAccessLock(): void {
  if (lockTimer === null) return;
  clearTimeout(lockTimer);
  lockTimer = null;
}
