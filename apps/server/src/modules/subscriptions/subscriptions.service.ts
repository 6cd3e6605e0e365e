import type { Plan, TrialPlan } from '@tankha/contracts';
import type { Clock } from '../../platform/clock';
import { forbidden } from '../../platform/errors';
import type { GlobalScope, Scope } from '../../platform/tenancy';
import * as repo from './subscriptions.repo';

const DAY_MS = 86_400_000;

export class SubscriptionService {
  constructor(private readonly deps: { clock: Clock }) {}

  /**
   * The visible plans. The list is public (the pricing page works signed out), so
   * isPlanActiveForTenant is false here; the signed-in session record carries planName.
   */
  async listPlans({ global }: GlobalScope): Promise<Plan[]> {
    const rows = await repo.findVisiblePlans(global);
    return rows.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      isFree: p.isFree,
      isVisible: p.isVisible,
      isPlanActiveForTenant: false,
      monthlyPricePerUser: p.monthlyPricePerUser,
      yearlyPricePerUser: p.yearlyPricePerUser,
      maxUsers: p.maxUsers,
      features: p.features,
      featureKeys: p.featureKeys as Plan['featureKeys'],
      isMostPopular: p.isMostPopular,
      offer: p.offerDiscountPercent ? { discountPercent: p.offerDiscountPercent, razorpayOfferId: p.razorpayOfferId } : null,
      razorpayPlanId: p.razorpayPlanId,
      razorpayYearlyPlanId: p.razorpayYearlyPlanId,
      billingModel: 'per_user' as const,
    }));
  }

  async trial({ db: tdb, ctx }: Scope, tenantId: string): Promise<TrialPlan | null> {
    if (tenantId !== ctx.tenantId) throw forbidden();
    const row = await repo.findTrial(tdb);
    if (!row) return null;
    const now = this.deps.clock.now().getTime();
    const endAt = row.subscription.endAt?.getTime() ?? now;
    return {
      name: row.plan.name,
      description: row.plan.description,
      monthlyPricePerUser: row.plan.monthlyPricePerUser,
      yearlyPricePerUser: row.plan.yearlyPricePerUser,
      features: row.plan.features,
      billingModel: 'per_user',
      startAt: Math.floor(row.subscription.startAt.getTime() / 1000),
      endAt: Math.floor(endAt / 1000),
      daysLeft: Math.max(0, Math.ceil((endAt - now) / DAY_MS)),
    };
  }
}
