import dayjs from 'dayjs';
import type { SessionUser, SubscriptionRow as SubscriptionRowDto, TrialPlan } from '@tankha/contracts';
import { formatDisplayDate } from '@tankha/domain';

/** One row of the My Subscriptions table (platform §2.4), as text ready to show. */
export interface SubscriptionRow {
  plan: string;
  startDate: string;
  endDate: string;
  billingType: string;
  /** Platform §3: active, pending, cancelled or another status. */
  status: string;
  seats: string;
  billingDuration: string;
}

const DASH = '—';
const DAY_SECONDS = 86_400;

/** Epoch seconds as 'dd MMM yyyy' on the viewer's calendar. */
export function epochToDisplayDate(epochSeconds: number): string {
  return formatDisplayDate(dayjs.unix(epochSeconds).format('YYYY-MM-DD'));
}

/** Whole days between two epoch-second instants. */
export function durationDays(startAt: number, endAt: number): number {
  return Math.max(0, Math.round((endAt - startAt) / DAY_SECONDS));
}

function plural(count: number, word: string): string {
  return `${count.toString()} ${word}${count === 1 ? '' : 's'}`;
}

/** Platform §4: active green, pending yellow, cancelled and anything else red. */
export function statusColor(status: string): string {
  switch (status.toLowerCase()) {
    case 'active':
      return 'green';
    case 'pending':
      return 'yellow';
    default:
      return 'red';
  }
}

/**
 * There is no subscriptions list endpoint yet, so the table shows the plan in force as one row,
 * built from the session (planName) and GET /Subscriptions/tenants/{id}/trial. Null when neither
 * gives a plan.
 */
export function currentSubscriptionRow(
  user: Pick<SessionUser, 'planName' | 'isTenantOnTrial' | 'isTenantOnFreePlan'>,
  trial: TrialPlan | null,
): SubscriptionRow | null {
  if (user.isTenantOnTrial && trial) {
    return {
      plan: trial.name,
      startDate: epochToDisplayDate(trial.startAt),
      endDate: epochToDisplayDate(trial.endAt),
      billingType: 'Trial',
      status: 'active',
      seats: DASH,
      billingDuration: plural(durationDays(trial.startAt, trial.endAt), 'day'),
    };
  }
  if (!user.planName) return null;
  return {
    plan: user.planName,
    startDate: DASH,
    endDate: DASH,
    billingType: user.isTenantOnFreePlan ? 'Free' : DASH,
    status: 'active',
    seats: DASH,
    billingDuration: DASH,
  };
}

export function daysLeftText(daysLeft: number): string {
  return `${plural(daysLeft, 'day')} left`;
}

/** The Billing Type cell: Monthly, Yearly, Trial or Free. */
export function billingTypeText(row: Pick<SubscriptionRowDto, 'billing_type'>): string {
  return row.billing_type.charAt(0).toUpperCase() + row.billing_type.slice(1);
}

/** The Billing Duration cell: the cycles the provider charges, or the trial's length. */
export function billingDurationText(row: Pick<SubscriptionRowDto, 'isTrial' | 'isFreePlan' | 'billing_type' | 'total_count' | 'startAt' | 'endAt'>): string {
  if (row.isTrial) return row.endAt === null ? DASH : plural(durationDays(row.startAt, row.endAt), 'day');
  if (row.isFreePlan || row.total_count === null) return DASH;
  return plural(row.total_count, row.billing_type === 'yearly' ? 'year' : 'month');
}
