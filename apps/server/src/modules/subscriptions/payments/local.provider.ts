import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './payment-provider';
import { signSubscriptionPayment, signWebhook } from './signatures';

/**
 * The local test provider (DESIGN §2): used when no Razorpay keys are set. Its checkout is a page of
 * the app (Pay, Cancel); paying signs the callback and the webhook exactly as Razorpay would, with
 * secrets of its own, so the same verification code runs. Nothing leaves the machine.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly kind = 'local' as const;
  readonly keyId = null;
  constructor(
    readonly keySecret: string = randomBytes(32).toString('hex'),
    readonly webhookSecret: string = randomBytes(32).toString('hex'),
  ) {}

  createSubscription(): Promise<{ id: string }> {
    return Promise.resolve({ id: `sub_local_${randomBytes(9).toString('hex')}` });
  }

  cancelSubscription(): Promise<void> {
    return Promise.resolve();
  }

  /** The local provider bills nothing by itself: the change is applied by our period end. */
  scheduleChange(): Promise<void> {
    return Promise.resolve();
  }

  cancelScheduledChange(): Promise<void> {
    return Promise.resolve();
  }

  paymentAmount(): Promise<number | null> {
    return Promise.resolve(null);
  }

  /** A payment of the checkout: its id and the callback's signature. */
  pay(providerSubscriptionId: string): { paymentId: string; callback: { razorpay_payment_id: string; razorpay_subscription_id: string; razorpay_signature: string } } {
    const paymentId = `pay_local_${randomBytes(9).toString('hex')}`;
    return { paymentId, callback: { razorpay_payment_id: paymentId, razorpay_subscription_id: providerSubscriptionId, razorpay_signature: signSubscriptionPayment(this.keySecret, paymentId, providerSubscriptionId) } };
  }

  /** A webhook as Razorpay sends it: the raw body, its signature and its event id. */
  webhook(event: string, payload: Record<string, unknown>, createdAt: Date): { rawBody: Buffer; signature: string; eventId: string } {
    const rawBody = Buffer.from(JSON.stringify({ entity: 'event', account_id: 'acc_local', event, contains: Object.keys(payload), payload, created_at: Math.floor(createdAt.getTime() / 1000) }));
    return { rawBody, signature: signWebhook(this.webhookSecret, rawBody), eventId: `evt_local_${randomBytes(9).toString('hex')}` };
  }
}
