import type { Plan } from '@tankha/contracts';

/** A plan for tests: free when the monthly price is 0, `featureCount` numbered features. */
export function makePlan(name: string, monthly: number, yearly: number, featureCount = 8, extra: Partial<Plan> = {}): Plan {
  return {
    id: `plan-${name.toLowerCase()}`,
    name,
    description: `The ${name} plan.`,
    isFree: monthly === 0,
    isVisible: true,
    isPlanActiveForTenant: false,
    monthlyPricePerUser: monthly,
    yearlyPricePerUser: yearly,
    maxUsers: monthly === 0 ? 10 : null,
    features: Array.from({ length: featureCount }, (_, i) => `${name} feature ${(i + 1).toString()}`),
    featureKeys: [],
    isMostPopular: name === 'Professional',
    offer: null,
    razorpayPlanId: null,
    razorpayYearlyPlanId: null,
    billingModel: 'per_user',
    ...extra,
  };
}
