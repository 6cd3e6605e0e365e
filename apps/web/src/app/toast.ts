import { notifications } from '@mantine/notifications';

/** Platform §9: errors stay 3000 ms, other toasts 2000 ms; suppression lasts 15 s. */
export const TOAST_ERROR_MS = 3000;
export const TOAST_MS = 2000;
export const TOAST_SUPPRESS_MS = 15_000;

type ToastKind = 'success' | 'error' | 'info' | 'warning';
const COLORS: Record<ToastKind, string> = { success: 'teal', error: 'red', info: 'indigo', warning: 'yellow' };

let suppressedUntil = 0;

export function suppressToasts(durationMs: number = TOAST_SUPPRESS_MS): void {
  suppressedUntil = Math.max(suppressedUntil, Date.now() + durationMs);
}

export function resetToastSuppression(): void {
  suppressedUntil = 0;
}

export function toastsSuppressed(): boolean {
  return Date.now() < suppressedUntil;
}

interface ToastOptions {
  /** Shown even while toasts are suppressed (the session-expired notice). */
  force?: boolean;
}

function show(kind: ToastKind, message: string, options: ToastOptions = {}): void {
  if (!options.force && toastsSuppressed()) return;
  notifications.show({
    message,
    color: COLORS[kind],
    autoClose: kind === 'error' ? TOAST_ERROR_MS : TOAST_MS,
    withBorder: true,
  });
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
};
