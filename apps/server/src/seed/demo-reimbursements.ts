import { ReimbursementStatus, Role, reimbursementTypeInputSchema, type ReimbursementTypeInput } from '@tankha/contracts';
import type { Scope } from '../platform/tenancy';
import type { ReimbursementService } from '../modules/reimbursements/reimbursements.service';

/**
 * The demo's reimbursements: types (with and without a limit, one taxable, one inactive) and
 * claims in every state — paid by each finalized month, approved and waiting for this month's run,
 * pending and rejected. Made through the reimbursements service as the employee and the administrator
 * would, on the seed's clock.
 */
export const DEMO_REIMBURSEMENT_TYPES: ReimbursementTypeInput[] = [
  { name: 'Travel', description: 'Client visits and official travel: tickets, cabs, hotel stays', maxLimit: 25_000, isActive: true, isTaxable: false },
  { name: 'Internet & Phone', description: 'Home broadband and mobile bills for work', maxLimit: 12_000, isActive: true, isTaxable: false },
  { name: 'Meals', description: 'Working meals with customers and late-night meals', maxLimit: 0, isActive: true, isTaxable: false },
  { name: 'Fuel', description: 'Own vehicle used for work (paid as taxable salary: no log book kept)', maxLimit: 30_000, isActive: true, isTaxable: true },
  { name: 'Books & Learning', description: 'Replaced by the learning budget from this year', maxLimit: 5_000, isActive: false, isTaxable: false },
].map((t) => reimbursementTypeInputSchema.parse(t));

export interface DemoClaim {
  userId: string | undefined;
  type: string;
  amount: number;
  reason: string;
  decision?: { status: 2 | 3; remarks: string | null };
}

export async function seedDemoReimbursementTypes(scope: Scope, service: ReimbursementService): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const type of DEMO_REIMBURSEMENT_TYPES) ids.set(type.name, (await service.createType(scope, type)).id);
  return ids;
}

/** Each claim sent by its employee, then decided by the administrator when it has a decision. */
export async function seedDemoClaims(request: <T>(fn: (scope: Scope) => Promise<T>) => Promise<T>, service: ReimbursementService, types: Map<string, string>, claims: readonly DemoClaim[]): Promise<void> {
  for (const claim of claims) {
    const { userId } = claim;
    if (!userId) continue;
    const created = await request((scope) =>
      service.createRequest(
        { ...scope, ctx: { ...scope.ctx, userId, roleId: Role.Member } },
        { amount: String(claim.amount), reimbursementTypeId: types.get(claim.type) ?? '', reason: claim.reason, status: String(ReimbursementStatus.Pending) },
        null,
      ),
    );
    const { decision } = claim;
    if (decision) await request((scope) => service.decide(scope, created.id, decision));
  }
}
