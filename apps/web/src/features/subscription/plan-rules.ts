import type { Plan } from '@tankha/contracts';

/**
 * The pure rules of the plans tab (platform §2.4, §4 "Plan card state" and "Upgrade versus
 * downgrade", §9 "Subscriptions"). Prices are whole rupees per user.
 */

export type BillingCycle = 'monthly' | 'yearly';

/** Platform §9: cards in this name order; any other plan follows, by price. */
export const PLAN_NAME_ORDER = ['Free', 'Basic', 'Standard', 'Professional', 'Premium', 'Enterprise'] as const;
/** Platform §2.4: cards list the first 8 features, the trial banner the first 6. */
export const CARD_FEATURE_COUNT = 8;
export const TRIAL_FEATURE_COUNT = 6;
/** Platform §9: each listed feature weighs 0.1 rupee in the upgrade comparison. */
export const FEATURE_WEIGHT = 0.1;

type Priced = Pick<Plan, 'monthlyPricePerUser' | 'yearlyPricePerUser'>;
type Comparable = Pick<Plan, 'name' | 'isFree' | 'monthlyPricePerUser' | 'yearlyPricePerUser' | 'features'>;

/** The list price per user for the cycle (per month, or per year). */
export function listPrice(plan: Priced, cycle: BillingCycle): number {
  return cycle === 'yearly' ? plan.yearlyPricePerUser : plan.monthlyPricePerUser;
}

/** round((1 − yearly ÷ (12 × monthly)) × 100); 0 when there is no monthly price to compare with. */
export function yearlySavingPercent(plan: Priced): number {
  if (plan.monthlyPricePerUser <= 0) return 0;
  return Math.round((1 - plan.yearlyPricePerUser / (12 * plan.monthlyPricePerUser)) * 100);
}

/** The price after an offer's discount percent, rounded to whole rupees (never below zero). */
export function offerPrice(price: number, discountPercent: number | null | undefined): number {
  if (!discountPercent) return price;
  return Math.max(0, Math.round(price * (1 - discountPercent / 100)));
}

/** The price a card shows for the cycle: the list price, reduced by the plan's offer if any. */
export function displayedPrice(plan: Priced & Pick<Plan, 'offer'>, cycle: BillingCycle): number {
  return offerPrice(listPrice(plan, cycle), plan.offer?.discountPercent);
}

/**
 * Price per user plus 0.1 per listed feature, for the cycle. Kept in tenths (price × 10 + features)
 * so that the comparison is exact integer arithmetic.
 */
export function planWeightInTenths(plan: Comparable, cycle: BillingCycle): number {
  return listPrice(plan, cycle) * 10 + plan.features.length * (FEATURE_WEIGHT * 10);
}

export type ChangeDirection = 'upgrade' | 'downgrade';

/**
 * Platform §4: with no current plan, moving onto a plan is an upgrade; paid → free is a downgrade;
 * otherwise a heavier plan is an upgrade and an equal or lighter one a downgrade.
 */
export function changeDirection(current: Comparable | null, target: Comparable, cycle: BillingCycle): ChangeDirection {
  if (!current) return 'upgrade';
  if (!current.isFree && target.isFree) return 'downgrade';
  return planWeightInTenths(target, cycle) > planWeightInTenths(current, cycle) ? 'upgrade' : 'downgrade';
}

export type CardState = 'current' | 'getStartedFree' | 'choosePlan' | 'upgrade' | 'downgrade';

export const CARD_STATE_LABELS: Record<CardState, string> = {
  current: 'Current Plan',
  getStartedFree: 'Get Started Free',
  choosePlan: 'Choose Plan',
  upgrade: 'Upgrade',
  downgrade: 'Downgrade',
};

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The plan in force: the session's planName among the plans, unless the tenant is on trial. */
export function currentPlanOf<P extends Pick<Plan, 'name'>>(plans: readonly P[], user: { planName: string | null; isTenantOnTrial: boolean }): P | null {
  if (user.isTenantOnTrial || !user.planName) return null;
  const { planName } = user;
  return plans.find((plan) => sameName(plan.name, planName)) ?? null;
}

/**
 * Platform §4 "Plan card state": the current plan is disabled; to a paying customer a free plan is a
 * Downgrade ("moving from paid to free is a downgrade"), to everyone else Get Started Free; with no
 * current paid plan (trial, none, or the free plan) a paid plan offers Choose Plan; otherwise
 * Upgrade or Downgrade by `changeDirection`.
 */
export function cardState(plan: Comparable, current: Comparable | null, cycle: BillingCycle): CardState {
  if (current && sameName(current.name, plan.name)) return 'current';
  if (plan.isFree) return current && !current.isFree ? 'downgrade' : 'getStartedFree';
  if (!current || current.isFree) return 'choosePlan';
  return changeDirection(current, plan, cycle);
}

function nameRank(name: string): number {
  const index = PLAN_NAME_ORDER.findIndex((known) => sameName(known, name));
  return index === -1 ? PLAN_NAME_ORDER.length : index;
}

/** Platform §9: Free, Basic, Standard, Professional, Premium, Enterprise, then others by monthly price (then name). */
export function orderPlans<P extends Pick<Plan, 'name' | 'monthlyPricePerUser'>>(plans: readonly P[]): P[] {
  return [...plans].sort(
    (a, b) => nameRank(a.name) - nameRank(b.name) || a.monthlyPricePerUser - b.monthlyPricePerUser || a.name.localeCompare(b.name),
  );
}
