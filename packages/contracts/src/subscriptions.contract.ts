import { z } from 'zod';
import { monthSchema } from './dates';
import { envelope } from './envelope';
import { FEATURES } from './access';

/** Plan (platform §3). Prices are whole rupees per user. */
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  isFree: z.boolean(),
  isVisible: z.boolean(),
  isPlanActiveForTenant: z.boolean(),
  monthlyPricePerUser: z.number().int(),
  yearlyPricePerUser: z.number().int(),
  maxUsers: z.number().int().nullable(),
  features: z.array(z.string()),
  featureKeys: z.array(z.enum(FEATURES)),
  isMostPopular: z.boolean(),
  offer: z.object({ discountPercent: z.number(), razorpayOfferId: z.string().nullable() }).nullable(),
  razorpayPlanId: z.string().nullable(),
  razorpayYearlyPlanId: z.string().nullable(),
  billingModel: z.literal('per_user'),
});
export type Plan = z.infer<typeof planSchema>;
/** The spec's client reads the list at data.data. */
export const plansReplySchema = envelope(z.object({ data: z.array(planSchema) }));

export const trialPlanSchema = z.object({
  name: z.string(),
  description: z.string(),
  monthlyPricePerUser: z.number().int(),
  yearlyPricePerUser: z.number().int(),
  features: z.array(z.string()),
  billingModel: z.literal('per_user'),
  startAt: z.number().int(),
  endAt: z.number().int(),
  daysLeft: z.number().int(),
});
export type TrialPlan = z.infer<typeof trialPlanSchema>;
export const trialReplySchema = envelope(trialPlanSchema.nullable());
export const tenantPathSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });

/* Purchase: platform §7.1. Ids are ours unless named provider…/razorpay…. */
export const BILLING_TYPES = ['monthly', 'yearly'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];
export const SCHEDULE_CHANGES_AT = ['now', 'cycle_end'] as const;
export type ScheduleChangesAt = (typeof SCHEDULE_CHANGES_AT)[number];
/** Platform §9: at most 10,000 users on a plan. */
export const PLAN_USERS_MAX = 10_000;
/** Platform §9: billing cycles the provider charges. */
export const TOTAL_COUNT = { monthly: 100, yearly: 10 } as const;

const uuid = (field: string) => z.uuid({ error: `${field} must be a valid id` });
const providerId = (field: string) => z.string({ error: `${field} is required` }).trim().min(1, { error: `${field} is required` }).max(100, { error: `${field} is too long` });

/**
 * POST /Subscriptions. The spec's client also sends supaBasePlanId, customerId, customerNotify, offerId,
 * notifyInfo, addons, notes, totalCount and startAt; the server takes them from the plan and the
 * organisation instead (a client cannot choose its price, offer or customer): unknown keys are dropped.
 */
export const createSubscriptionSchema = z.object({
  planId: uuid('planId'),
  quantity: z
    .number({ error: 'quantity must be a whole number' })
    .int({ error: 'quantity must be a whole number' })
    .min(1, { error: 'quantity must be at least 1' })
    .max(PLAN_USERS_MAX, { error: 'Number of users cannot be more than 10000.' }),
  billingType: z.enum(BILLING_TYPES, { error: 'billingType must be monthly or yearly' }),
  scheduleChangesAt: z.enum(SCHEDULE_CHANGES_AT, { error: 'scheduleChangesAt must be now or cycle_end' }).optional(),
  startImmediately: z.boolean().optional(),
});
export type CreateSubscription = z.infer<typeof createSubscriptionSchema>;

/** What the browser needs to open the checkout (Razorpay Checkout or the local test checkout). */
export const checkoutSchema = z.object({
  /** The provider's subscription id (Razorpay's subscription_id). */
  id: z.string(),
  subscriptionId: z.string(),
  provider: z.enum(['razorpay', 'local']),
  /** Razorpay's public key id (null for the local provider). */
  keyId: z.string().nullable(),
  planName: z.string(),
  billingType: z.enum(BILLING_TYPES),
  quantity: z.number().int(),
  /** Price × users × 100 before GST, and the charge with GST (paise). */
  taxablePaise: z.number().int(),
  amountPaise: z.number().int(),
  /**
   * An upgrade: the credit with GST for the unused days of the plan it replaces. The local provider takes it off
   * amountPaise; Razorpay charges its plan's full amount (amountPaise) and the credit is refunded on that payment.
   */
  creditPaise: z.number().int(),
  /** A downgrade: nothing is charged now; the plan changes at the end of the paid period (epoch seconds). No checkout opens. */
  scheduledAt: z.number().int().nullable(),
  currency: z.literal('INR'),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  organizationName: z.string(),
});
export type Checkout = z.infer<typeof checkoutSchema>;
export const checkoutReplySchema = envelope(checkoutSchema);

/** POST /Subscriptions/create (free plans). numberOfUsers, planName and the rest of the spec's payload (unknown keys are dropped) are ignored. */
export const createFreeSubscriptionSchema = z.object({
  planId: uuid('planId'),
  billingType: z.enum(BILLING_TYPES).optional(),
  scheduleChangesAt: z.enum(SCHEDULE_CHANGES_AT).optional(),
  quantity: z.number().int().optional(),
  numberOfUsers: z.number().int().optional(),
  planName: z.string().max(100).optional(),
});
export type CreateFreeSubscription = z.infer<typeof createFreeSubscriptionSchema>;

/** The checkout's callback (Razorpay's handler response), verified against the ids we stored. */
export const verifyPaymentSchema = z.object({
  razorpay_payment_id: providerId('razorpay_payment_id'),
  razorpay_subscription_id: providerId('razorpay_subscription_id'),
  razorpay_signature: providerId('razorpay_signature'),
});
export type VerifyPayment = z.infer<typeof verifyPaymentSchema>;

export const SUBSCRIPTION_STATUSES = ['active', 'pending', 'cancelled', 'expired', 'halted'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Where the refund of an upgrade's credit stands. */
export const CREDIT_NOTE_REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;

/** A subscription row (platform §3): epoch seconds, the spec's snake_case where it uses it. */
export const subscriptionRowSchema = z.object({
  subscriptionId: z.string(),
  razorPaySubscriptionId: z.string().nullable(),
  planName: z.string(),
  startAt: z.number().int(),
  endAt: z.number().int().nullable(),
  billing_type: z.enum([...BILLING_TYPES, 'trial', 'free']),
  status: z.enum(SUBSCRIPTION_STATUSES),
  quantity: z.number().int(),
  total_count: z.number().int().nullable(),
  isFreePlan: z.boolean(),
  isTrial: z.boolean(),
  created_at: z.number().int(),
  /** Cancellation asked for: the plan runs to endAt, then ends. */
  cancelRequestedAt: z.number().int().nullable(),
  /** A plan change waiting for the end of the current period. */
  changeAt: z.enum(SCHEDULE_CHANGES_AT).nullable(),
  /** A downgrade waiting for the end of the paid period: 'Changes to Standard on 29 Jan 2027' (undo: DELETE /Subscriptions/{id}/scheduled-change). */
  scheduledChange: z
    .object({
      planName: z.string(),
      billingType: z.enum([...BILLING_TYPES, 'free']),
      quantity: z.number().int(),
      at: z.number().int(),
      /**
       * The provider would not change this subscription's plan (a UPI or domestic-card mandate with Razorpay): the new
       * plan is a new subscription from `at`, which the customer authorises at authorisationUrl (null until it is
       * created); authorised once they have. Such a change cannot be undone. Null for an ordinary change.
       */
      newSubscription: z.object({ authorisationUrl: z.string().nullable(), authorised: z.boolean() }).nullable(),
    })
    .nullable(),
  /**
   * This row is the new subscription of a scheduled downgrade (see scheduledChange.newSubscription): the link where
   * the customer authorises it while that is still to do, else null.
   */
  authorisationUrl: z.string().nullable(),
  hasInvoices: z.boolean(),
  /**
   * The GST credit notes of this subscription (the unused days of a plan replaced by an upgrade), oldest
   * first; each is downloaded as a PDF from GET /Subscriptions/credit-notes/{id}/pdf.
   */
  creditNotes: z.array(
    z.object({
      id: z.string(),
      creditNoteNumber: z.string(),
      /** YYYY-MM-DD (India). */
      creditNoteDate: z.string(),
      againstInvoiceNumber: z.string().nullable(),
      /** The credit including GST, in rupees. */
      total: z.number(),
      /**
       * The credit paid back as a refund of the upgrade's payment (Razorpay, which charged the full price): pending,
       * processed ('Refunded to the original payment') or failed. Null when it was taken off the charge instead.
       */
      refundStatus: z.enum(CREDIT_NOTE_REFUND_STATUSES).nullable(),
    }),
  ),
});
export type SubscriptionRow = z.infer<typeof subscriptionRowSchema>;
export const subscriptionListReplySchema = envelope(z.object({ data: z.array(subscriptionRowSchema) }));

export const pendingSubscriptionSchema = z.object({ subscriptionId: z.string(), planName: z.string(), status: z.literal('pending'), created_at: z.number().int() });
export const pendingReplySchema = envelope(z.object({ data: pendingSubscriptionSchema.nullable() }));

export const customerPathSchema = z.object({ customerId: z.uuid({ error: 'customerId must be a valid id' }) });
export const subscriptionPathSchema = z.object({ id: uuid('id') });
export const subscriptionStatusPathSchema = z.object({ id: uuid('id'), status: z.enum(['cancelled'], { error: 'status must be cancelled' }) });
/** PATCH /Subscriptions/{subscriptionId}/{supabaseSubscriptionId}: the provider's id, then ours. */
export const cancelPathSchema = z.object({ subscriptionId: providerId('subscriptionId'), supabaseSubscriptionId: uuid('supabaseSubscriptionId') });

export const invoiceQuerySchema = z.object({
  subscriptionId: uuid('subscriptionId'),
  invoiceMonth: monthSchema('invoiceMonth must be YYYY-MM', { required: 'Please select a month.' }),
});

/** The callback the local test checkout hands back, shaped like Razorpay's. */
export const localPaymentCallbackSchema = z.object({ razorpay_payment_id: z.string(), razorpay_subscription_id: z.string(), razorpay_signature: z.string() });
export const localPaymentReplySchema = envelope(localPaymentCallbackSchema);
export const localCheckoutPathSchema = z.object({ id: providerId('id') });
export const localCheckoutReplySchema = envelope(checkoutSchema);
