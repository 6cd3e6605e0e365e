import type { TaxWindowKind } from '@tankha/domain';
import type { TenantScope } from '../../platform/tenancy';

/**
 * "Has this employee submitted?" for a window and financial year: the IT declaration (isSubmitted)
 * or the proof of investment (isPOIFormSubmitted). Reminders go only to those who have not.
 *
 * Declarations and proofs are not stored yet (issue 12 items 3 and 4 build them): until their module
 * connects its own source with `TaxWindowService.connectDeclarationStatus`, nobody has submitted and
 * every active employee is reminded. Nothing is made up in between.
 */
export interface DeclarationStatusSource {
  /** Of `userIds`, the ones who have submitted for (kind, financialYearStart). */
  submittedAmong(scope: TenantScope, kind: TaxWindowKind, financialYearStart: number, userIds: readonly string[]): Promise<Set<string>>;
}

export const NO_DECLARATIONS_YET: DeclarationStatusSource = {
  submittedAmong: () => Promise.resolve(new Set<string>()),
};
