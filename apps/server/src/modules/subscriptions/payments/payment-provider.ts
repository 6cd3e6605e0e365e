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
}

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
  /** Creates the subscription at the provider; returns its id. Throws ProviderError on failure. */
  createSubscription(input: CreateProviderSubscription): Promise<{ id: string }>;
  /** Cancels at the provider, now or at the end of the current cycle. A subscription it does not know is ProviderError('not_found'). */
  cancelSubscription(providerSubscriptionId: string, atCycleEnd: boolean): Promise<void>;
  /**
   * A downgrade at the end of the current cycle: the provider bills the new plan and users from the next cycle
   * (Razorpay: PATCH /subscriptions/{id} with schedule_change_at=cycle_end).
   */
  scheduleChange(providerSubscriptionId: string, change: { providerPlanId: string | null; quantity: number }): Promise<void>;
  /** Undo of a scheduled change (Razorpay: POST /subscriptions/{id}/cancel_scheduled_changes). */
  cancelScheduledChange(providerSubscriptionId: string): Promise<void>;
  /** The amount a payment captured (paise), when the provider can tell; null when unknown. */
  paymentAmount(paymentId: string): Promise<number | null>;
  /**
   * Refunds part of a captured payment (Razorpay: POST /payments/{id}/refund, normal speed), keyed by the credit
   * note: a retry of a request whose answer was lost returns the same refund instead of a second one. Throws
   * ProviderError.
   */
  refundPayment(paymentId: string, amountPaise: number, notes: RefundNotes): Promise<ProviderRefund>;
}

export class ProviderError extends Error {
  constructor(
    readonly reason: 'not_found' | 'failed',
    message: string,
  ) {
    super(message);
  }
}
