import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';

/** A failed call the page reports itself: the server's message, unless the client already told the user. */
export function toastFailure(error: unknown, fallback: string): void {
  if (error instanceof ApiError && error.handled) return;
  toast.error(errorMessage(error, fallback));
}
