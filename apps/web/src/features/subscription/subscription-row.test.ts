import { describe, expect, it } from 'vitest';
import type { TrialPlan } from '@tankha/contracts';
import { currentSubscriptionRow, daysLeftText, durationDays, epochToDisplayDate, statusColor } from './subscription-row';

/** Noon UTC, so the calendar date is the same in every zone from UTC−11 to UTC+11. */
const noonUtc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 12) / 1000;

const trial: TrialPlan = {
  name: 'Trial',
  description: 'Every feature free for the trial period.',
  monthlyPricePerUser: 0,
  yearlyPricePerUser: 0,
  features: ['Every feature of Enterprise'],
  billingModel: 'per_user',
  startAt: noonUtc(2025, 6, 1),
  endAt: noonUtc(2025, 6, 15),
  daysLeft: 9,
};

const onTrial = { planName: 'Trial', isTenantOnTrial: true, isTenantOnFreePlan: false };

describe('the current subscription row', () => {
  it('shows a trial with its dates, 14 days and an active status', () => {
    expect(currentSubscriptionRow(onTrial, trial)).toEqual({
      plan: 'Trial',
      startDate: '01 Jun 2025',
      endDate: '15 Jun 2025',
      billingType: 'Trial',
      status: 'active',
      seats: '—',
      billingDuration: '14 days',
    });
  });

  it('shows a paid plan from the session without the dates it does not know', () => {
    expect(currentSubscriptionRow({ planName: 'Enterprise', isTenantOnTrial: false, isTenantOnFreePlan: false }, null)).toEqual({
      plan: 'Enterprise',
      startDate: '—',
      endDate: '—',
      billingType: '—',
      status: 'active',
      seats: '—',
      billingDuration: '—',
    });
  });

  it('calls the free plan Free', () => {
    expect(currentSubscriptionRow({ planName: 'Free', isTenantOnTrial: false, isTenantOnFreePlan: true }, null)?.billingType).toBe('Free');
  });

  it('has no row without a plan or a trial', () => {
    expect(currentSubscriptionRow({ planName: null, isTenantOnTrial: false, isTenantOnFreePlan: false }, null)).toBeNull();
    expect(currentSubscriptionRow({ planName: null, isTenantOnTrial: true, isTenantOnFreePlan: false }, null)).toBeNull();
  });

  it('ignores trial data once the tenant is no longer on trial', () => {
    expect(currentSubscriptionRow({ planName: 'Basic', isTenantOnTrial: false, isTenantOnFreePlan: false }, trial)?.plan).toBe('Basic');
  });
});

describe('dates and durations', () => {
  it('formats epoch seconds as dd MMM yyyy', () => {
    expect(epochToDisplayDate(noonUtc(2026, 1, 5))).toBe('05 Jan 2026');
  });

  it('counts whole days: 14 × 86400 s is 14 days, 30 × 86400 s is 30', () => {
    expect(durationDays(0, 14 * 86_400)).toBe(14);
    expect(durationDays(noonUtc(2025, 1, 1), noonUtc(2025, 1, 31))).toBe(30);
    expect(durationDays(100, 50)).toBe(0);
  });

  it('says day or days', () => {
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(0)).toBe('0 days left');
    expect(daysLeftText(14)).toBe('14 days left');
  });
});

describe('status colours', () => {
  it('is green for active, yellow for pending, red for cancelled and anything else', () => {
    expect(statusColor('active')).toBe('green');
    expect(statusColor('pending')).toBe('yellow');
    expect(statusColor('cancelled')).toBe('red');
    expect(statusColor('halted')).toBe('red');
  });
});
