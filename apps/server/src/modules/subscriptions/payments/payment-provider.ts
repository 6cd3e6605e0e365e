import type { BillingType } from '@tankha/contracts';

/**
 * The payment provider (DESIGN §2, §11): Razorpay when its keys are set, else the local test provider
 * with its own checkout page in the app. Both sign with the same scheme (signatures.ts), so the
 * verification code is the same for both.
 */
export interface CreateProviderSubscription {
  /** The provider's plan id for the cycle (Razorpay: plan.razorpayPlanId / razorpayYearlyPlanId). */
  providerPlanId: string | null;
  billingType: BillingType;
  quantity: number;
  totalCount: number;
  offerId: string | null;
  /** Our ids, echoed back by the provider in its webhooks. */
  notes: { subscriptionId: string; tenantId: string };
  /** When billing starts (Razorpay start_at); null: at once, with the authorisation payment. */
  startAt?: Date | null;
}

/** A subscription at the provider: its id and the page where the customer authorises it (Razorpay short_url). */
export interface ProviderSubscription {
  id: string;
  authorisationUrl: string | null;
}

/** A captured payment as the provider reports it. */
export interface ProviderPayment {
  amountPaise: number | null;
  /** The mandate's method (mandateMethodOf), null when unknown. */
  mandateMethod: string | null;
}

/**
 * How a payment's method names the mandate: 'upi', 'card_domestic' or 'card_international' (Razorpay's payment entity:
 * method, and international for a card), else the method itself. Null when the provider did not say.
 */
export function mandateMethodOf(method: string | null | undefined, international: boolean | null | undefined): string | null {
  if (!method) return null;
  if (method === 'card') return international === true ? 'card_international' : international === false ? 'card_domestic' : 'card';
  return method;
}

/**
 * Mandates whose subscription Razorpay will not move to another plan or quantity: a domestic card (only the offer can
 * be updated) and UPI ('subscriptions cannot be updated when payment mode is UPI'). Decision 0298.
 */
export const PLAN_LOCKED_MANDATES: ReadonlySet<string> = new Set(['upi', 'card_domestic']);

/** A refund as the provider answered it: its id, the amount refunded (paise) and where it stands. */
export interface ProviderRefund {
  id: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
}

/** What a refund of an upgrade's credit carries: our credit note, echoed in the provider's dashboard and webhooks. */
export interface RefundNotes {
  creditNoteNumber: string;
  subscriptionId: string;
  /**
   * The note's refund generation (0 for the first request): a later one is a new refund request after the refund
   * of an earlier one failed, with its own idempotency key (decision 0303 and its update).
   */
  refundGeneration: number;
}

export interface PaymentProvider {
  readonly kind: 'razorpay' | 'local';
  /**
   * How an upgrade's credit reaches the customer (decision 0228 and its follow-up): taken off the first charge
   * (the local provider charges what we ask), or refunded on the first payment once captured (Razorpay charges its
   * plan's full amount on a subscription's first cycle).
   */
  readonly upgradeCredit: 'reduced_charge' | 'refund';
  /** The public key id the browser's checkout needs (null for local). */
  readonly keyId: string | null;
  /** Signs the checkout callbacks (Razorpay: key_secret). */
  readonly keySecret: string;
  /** Signs the webhooks (Razorpay: the webhook secret set in its dashboard). */
  readonly webhookSecret: string;
  /** Creates the subscription at the provider; returns its id and authorisation page. Throws ProviderError on failure. */
  createSubscription(input: CreateProviderSubscription): Promise<ProviderSubscription>;
  /**
   * The subscription this installation created for our subscription `subscriptionId` (its notes), on that provider plan,
   * created at or after `createdFrom`; null when there is none. A retry whose creation's answer was lost finds it here
   * instead of creating a second one.
   */
  findSubscriptionByNotes(providerPlanId: string, subscriptionId: string, createdFrom: Date): Promise<ProviderSubscription | null>;
  /** Cancels at the provider, now or at the end of the current cycle. A subscription it does not know is ProviderError('not_found'). */
  cancelSubscription(providerSubscriptionId: string, atCycleEnd: boolean): Promise<void>;
  /**
   * A downgrade at the end of the current cycle: the provider bills the new plan and users from the next cycle
   * (Razorpay: PATCH /subscriptions/{id} with schedule_change_at=cycle_end). ProviderError('refused') when the
   * provider will not change this subscription's plan (Razorpay: a UPI or domestic-card mandate).
   */
  scheduleChange(providerSubscriptionId: string, change: { providerPlanId: string | null; quantity: number }): Promise<void>;
  /** Undo of a scheduled change (Razorpay: POST /subscriptions/{id}/cancel_scheduled_changes). */
  cancelScheduledChange(providerSubscriptionId: string): Promise<void>;
  /** The amount a payment captured (paise) and its method, when the provider can tell. */
  paymentDetails(paymentId: string): Promise<ProviderPayment>;
  /**
   * Refunds part of a captured payment (Razorpay: POST /payments/{id}/refund, normal speed), keyed by the credit
   * note: a retry of a request whose answer was lost returns the same refund instead of a second one. Throws
   * ProviderError.
   */
  refundPayment(paymentId: string, amountPaise: number, notes: RefundNotes): Promise<ProviderRefund>;
}

export class ProviderError extends Error {
  constructor(
    /** refused: the provider understood the request and will not do it for this subscription (a retry cannot help). */
    readonly reason: 'not_found' | 'failed' | 'refused',
    message: string,
  ) {
    super(message);
  }
}
