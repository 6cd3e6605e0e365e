import { conflict } from '../../../platform/errors';
import type { FilingIssue } from '@tankha/domain';
import { rejected } from './filing-format';

/**
 * The refusals of a file the portal validates line by line (ECR, ESIC): nothing to file; lines it
 * would reject, unless the valid ones alone were asked for; no valid line at all.
 */
export function refuseUnfileable(
  file: { lines: number; rejected: number; valid: number; errors: readonly FilingIssue[] },
  validOnly: boolean,
  messages: { none: string; hasErrors: (rejected: number) => string; nothingValid: string },
): void {
  if (file.lines === 0) throw conflict(messages.none);
  if (file.errors.length > 0 && !validOnly) throw rejected(messages.hasErrors(file.rejected), file.errors);
  if (file.valid === 0) throw rejected(messages.nothingValid, file.errors);
}
