import { useState } from 'react';

/**
 * Unit tests' stand-in for vite-plugin-pwa's `virtual:pwa-register/react` (aliased in vitest.config.ts):
 * no service worker, nothing waiting. A test that needs an update waiting mocks this module.
 */
export function useRegisterSW() {
  const needRefresh = useState(false);
  const offlineReady = useState(false);
  return { needRefresh, offlineReady, updateServiceWorker: (_reload?: boolean) => Promise.resolve() };
}
