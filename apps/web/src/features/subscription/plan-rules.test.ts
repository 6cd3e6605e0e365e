import { describe, expect, it } from 'vitest';
import { makePlan } from './test-plans';
import {
  cardState,
  changeDirection,
  currentPlanOf,
  displayedPrice,
  offerPrice,
  orderPlans,
  planWeightInTenths,
  yearlySavingPercent,
} from './plan-rules';

const plan = makePlan;

const free = plan('Free', 0, 0);
const basic = plan('Basic', 49, 499);
const standard = plan('Standard', 79, 799);
const professional = plan('Professional', 99, 999);
const premium = plan('Premium', 149, 1499);
const enterprise = plan('Enterprise', 199, 1999);

describe('yearlySavingPercent = round((1 − yearly ÷ (12 × monthly)) × 100)', () => {
  it('Basic 49/499: 1 − 499/588 = 0.1514 → 15', () => {
    expect(yearlySavingPercent(basic)).toBe(15);
  });

  it('Standard 79/799: 1 − 799/948 = 0.1572 → 16', () => {
    expect(yearlySavingPercent(standard)).toBe(16);
  });

  it('Enterprise 199/1999: 1 − 1999/2388 = 0.1629 → 16', () => {
    expect(yearlySavingPercent(enterprise)).toBe(16);
  });

  it('is 0 when yearly is exactly 12 months (100/1200) and for a free plan', () => {
    expect(yearlySavingPercent(plan('Even', 100, 1200))).toBe(0);
    expect(yearlySavingPercent(free)).toBe(0);
  });

  it('is negative when yearly costs more: 10/130 → 1 − 130/120 = −0.083 → −8', () => {
    expect(yearlySavingPercent(plan('Dear', 10, 130))).toBe(-8);
  });
});

describe('offer price', () => {
  it('reduces by the discount percent and rounds', () => {
    expect(offerPrice(99, 20)).toBe(79); // 79.2
    expect(offerPrice(49, 15)).toBe(42); // 41.65
    expect(offerPrice(999, 10)).toBe(899); // 899.1
    expect(offerPrice(49, 50)).toBe(25); // 24.5 rounds up
  });

  it('leaves the price alone without an offer', () => {
    expect(offerPrice(99, null)).toBe(99);
    expect(offerPrice(99, undefined)).toBe(99);
    expect(offerPrice(99, 0)).toBe(99);
  });

  it('shows the cycle price, reduced by the plan offer', () => {
    const offered = plan('Professional', 99, 999, 8, { offer: { discountPercent: 20, razorpayOfferId: null } });
    expect(displayedPrice(offered, 'monthly')).toBe(79); // 99 × 0.8 = 79.2
    expect(displayedPrice(offered, 'yearly')).toBe(799); // 999 × 0.8 = 799.2
    expect(displayedPrice(basic, 'yearly')).toBe(499);
  });
});

describe('upgrade versus downgrade: price per user + 0.1 per listed feature', () => {
  it('weighs Basic at 49 + 8 × 0.1 = 49.8 monthly and 499.8 yearly (in tenths)', () => {
    expect(planWeightInTenths(basic, 'monthly')).toBe(498);
    expect(planWeightInTenths(basic, 'yearly')).toBe(4998);
  });

  it('calls any plan an upgrade when there is no current plan', () => {
    expect(changeDirection(null, basic, 'monthly')).toBe('upgrade');
    expect(changeDirection(null, enterprise, 'yearly')).toBe('upgrade');
  });

  it('calls paid → free a downgrade and free → paid an upgrade', () => {
    expect(changeDirection(basic, free, 'monthly')).toBe('downgrade');
    expect(changeDirection(free, basic, 'monthly')).toBe('upgrade'); // 49.8 > 0.8
  });

  it('compares by price between paid plans', () => {
    expect(changeDirection(professional, standard, 'monthly')).toBe('downgrade'); // 79.8 < 99.8
    expect(changeDirection(professional, premium, 'monthly')).toBe('upgrade'); // 149.8 > 99.8
  });

  it('lets the features decide at the same price', () => {
    const eight = plan('Eight', 50, 500, 8); // 50.8
    const nine = plan('Nine', 50, 500, 9); // 50.9
    expect(changeDirection(eight, nine, 'monthly')).toBe('upgrade');
    expect(changeDirection(nine, eight, 'monthly')).toBe('downgrade');
  });

  it('lets many features outweigh a small price difference', () => {
    const current = plan('Lean', 50, 500, 2); // 50 + 0.2 = 50.2
    const target = plan('Rich', 49, 490, 15); // 49 + 1.5 = 50.5
    expect(changeDirection(current, target, 'monthly')).toBe('upgrade');
  });

  it('calls an equal weight a downgrade', () => {
    expect(changeDirection(plan('A', 50, 500), plan('B', 50, 500), 'monthly')).toBe('downgrade');
  });

  it('uses the chosen billing cycle', () => {
    const a = plan('A', 100, 900); // 100.8 monthly, 900.8 yearly
    const b = plan('B', 90, 1000); // 90.8 monthly, 1000.8 yearly
    expect(changeDirection(a, b, 'monthly')).toBe('downgrade');
    expect(changeDirection(a, b, 'yearly')).toBe('upgrade');
  });
});

describe('card state', () => {
  const all = [free, basic, standard, professional, premium, enterprise];

  it('on Professional: Current Plan, Downgrade below (Free included: paid → free), Upgrade above', () => {
    const current = currentPlanOf(all, { planName: 'Professional', isTenantOnTrial: false });
    expect(current).toBe(professional);
    expect(all.map((p) => cardState(p, current, 'monthly'))).toEqual(['downgrade', 'downgrade', 'downgrade', 'current', 'upgrade', 'upgrade']);
  });

  it('on trial: no current plan, so Get Started Free and Choose Plan', () => {
    const current = currentPlanOf(all, { planName: 'Trial', isTenantOnTrial: true });
    expect(current).toBeNull();
    expect(all.map((p) => cardState(p, current, 'yearly'))).toEqual(['getStartedFree', 'choosePlan', 'choosePlan', 'choosePlan', 'choosePlan', 'choosePlan']);
  });

  it('on the free plan: Free is current and paid plans offer Choose Plan', () => {
    const current = currentPlanOf(all, { planName: 'Free', isTenantOnTrial: false });
    expect(all.map((p) => cardState(p, current, 'monthly'))).toEqual(['current', 'choosePlan', 'choosePlan', 'choosePlan', 'choosePlan', 'choosePlan']);
  });

  it('is never current while on trial, even when the plan name matches', () => {
    expect(currentPlanOf(all, { planName: 'Enterprise', isTenantOnTrial: true })).toBeNull();
  });

  it('matches the plan name without regard to case, and finds nothing for an unknown or missing name', () => {
    expect(currentPlanOf(all, { planName: 'professional', isTenantOnTrial: false })).toBe(professional);
    expect(currentPlanOf(all, { planName: 'Gold', isTenantOnTrial: false })).toBeNull();
    expect(currentPlanOf(all, { planName: null, isTenantOnTrial: false })).toBeNull();
  });
});

describe('plan order', () => {
  it('puts the named plans in the spec order, then the others by price, then name', () => {
    const custom = plan('Custom', 500, 5000);
    const team = plan('Team', 29, 290);
    const starter = plan('Starter', 29, 290);
    const shuffled = [custom, enterprise, team, basic, premium, free, starter, professional, standard];
    expect(orderPlans(shuffled).map((p) => p.name)).toEqual(['Free', 'Basic', 'Standard', 'Professional', 'Premium', 'Enterprise', 'Starter', 'Team', 'Custom']);
  });

  it('does not change the list it is given', () => {
    const list = [enterprise, free];
    orderPlans(list);
    expect(list.map((p) => p.name)).toEqual(['Enterprise', 'Free']);
  });
});
