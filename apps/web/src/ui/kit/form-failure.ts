import { ApiError, errorMessage } from '../../app/api';
import { applyFieldErrors } from '../server-errors';

export interface FormFailureOptions {
  /** The form's fields: a server message for one of them goes on that field. */
  fields: readonly string[];
  setErrors: (errors: Record<string, string>) => void;
  /** Shows the general message (the form's alert, or a toast). */
  show: (message: string) => void;
  /** The message when the server gave none. */
  fallback: string;
}

/**
 * A failed submit: the server's per-field messages land on their fields, and then nothing else is
 * said; a failure the client already told the user about says nothing; anything else is shown once.
 */
export function formFailure(error: unknown, { fields, setErrors, show, fallback }: FormFailureOptions): void {
  if (error instanceof ApiError && (applyFieldErrors(fields, error.errors, setErrors) || error.handled)) return;
  show(errorMessage(error, fallback));
}
