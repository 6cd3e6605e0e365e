import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { cancelAccessLock } from '../app/access-control';
import { resetApiClientState } from '../app/api';
import { clearOffline } from '../app/offline';
import { resetToastSuppression } from '../app/toast';

// findBy/waitFor wait like a person on a slow machine: 1 s is too short on a loaded 2-core CI box.
configure({ asyncUtilTimeout: 5_000 });

// Mantine reads these browser APIs, which jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
// Textarea autosize listens for web-font loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
  });
}

if (!('createObjectURL' in URL)) {
  Object.defineProperty(URL, 'createObjectURL', { writable: true, value: () => 'blob:preview' });
  Object.defineProperty(URL, 'revokeObjectURL', { writable: true, value: () => undefined });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// Client state that lives in modules, reset between tests.
afterEach(() => {
  resetApiClientState();
  resetToastSuppression();
  cancelAccessLock();
  clearOffline();
  vi.unstubAllGlobals();
});
