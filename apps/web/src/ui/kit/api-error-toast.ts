import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';

// The error toasts of calls a page makes itself. Apart from useApiMutation, so that a page showing one
// (a download button) does not load TanStack Query's mutation code with it.

/** True when the API client already told the user (redirect, access screen, session notice, offline). */
export function isHandledError(error: unknown): boolean {
  return error instanceof ApiError && error.handled;
}

/**
 * The error toast of a call the page reports itself (one made with `quiet`): the server's message,
 * or `fallback` when it gave none; nothing when the client already told the user.
 */
export function toastApiError(error: unknown, fallback: string): void {
  if (!isHandledError(error)) toast.error(errorMessage(error, fallback));
}

/** A fixed failure text (the page's own words, whatever the server said), unless the client already told the user. */
export function toastUnlessHandled(error: unknown, text: string): void {
  if (!isHandledError(error)) toast.error(text);
}
