import type { TaxWindowKind } from '@tankha/domain';
import type { TenantScope } from '../../platform/tenancy';

/**
 * "Has this employee submitted?" for a window and financial year: the IT declaration (isSubmitted)
 * or the proof of investment (isPOIFormSubmitted). Reminders go only to those who have not.
 *
 * The windows module stores no declarations or proofs itself (that would make it depend on them): until
 * the declarations module connects its own source with `TaxWindowService.connectDeclarationStatus`, nobody has submitted and
 * every active employee is reminded. Nothing is made up in between.
 */
export interface DeclarationStatusSource {
  /** Of `userIds`, the ones who have submitted for (kind, financialYearStart). */
  submittedAmong(scope: TenantScope, kind: TaxWindowKind, financialYearStart: number, userIds: readonly string[]): Promise<Set<string>>;
}

export const NO_DECLARATIONS_YET: DeclarationStatusSource = {
  submittedAmong: () => Promise.resolve(new Set<string>()),
};
