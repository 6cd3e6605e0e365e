import type { CreateProviderSubscription, PaymentProvider, ProviderRefund, RefundNotes } from './payment-provider';
import { ProviderError } from './payment-provider';

export const RAZORPAY_API = 'https://api.razorpay.com/v1';

/**
 * The X-Refund-Idempotency key of a credit note's refund: Razorpay answers a repeated request with this key
 * with the refund it already made (https://razorpay.com/docs/api/refunds/normal-refunds-idempotent: at least 10
 * characters, letters, digits, hyphens and underscores). The payment id (unique at Razorpay) and the credit
 * note number (unique in this installation's series) make it unique to this refund.
 */
export function refundIdempotencyKey(paymentId: string, creditNoteNumber: string): string {
  return `${paymentId}-${creditNoteNumber}`.replace(/[^A-Za-z0-9_-]/g, '-');
}

const REFUND_STATUSES = new Set(['pending', 'processed', 'failed']);

/**
 * Razorpay through its REST API with fetch (no SDK): basic auth with the key id and secret, both from
 * the environment only. https://razorpay.com/docs/api/payments/subscriptions/
 */
export class RazorpayProvider implements PaymentProvider {
  readonly kind = 'razorpay' as const;
  readonly upgradeCredit = 'refund' as const;
  constructor(
    readonly keyId: string,
    readonly keySecret: string,
    readonly webhookSecret: string,
    private readonly fetchFn: typeof fetch = fetch,
    private readonly baseUrl = RAZORPAY_API,
  ) {}

  private async call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await this.fetchFn(`${this.baseUrl}${path}`, {
        method,
        headers: { authorization: `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString('base64')}`, 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(15_000),
      });
      text = await response.text();
    } catch (error) {
      // No answer (network, timeout): the request may or may not have been applied; a retry must be safe.
      throw new ProviderError('failed', `Razorpay ${method} ${path}: no answer (${error instanceof Error ? error.message : String(error)})`);
    }
    if (response.status === 404 || (response.status === 400 && /does not exist|not found/i.test(text))) throw new ProviderError('not_found', `Razorpay ${path}: ${text.slice(0, 200)}`);
    if (!response.ok) throw new ProviderError('failed', `Razorpay ${method} ${path} answered ${response.status.toString()}: ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ProviderError('failed', `Razorpay ${method} ${path} answered ${response.status.toString()} with a body that is not JSON`);
    }
  }

  async createSubscription(input: CreateProviderSubscription): Promise<{ id: string }> {
    if (!input.providerPlanId) throw new ProviderError('failed', `no Razorpay plan id for the ${input.billingType} cycle`);
    const created = await this.call<{ id: string }>('POST', '/subscriptions', {
      plan_id: input.providerPlanId,
      total_count: input.totalCount,
      quantity: input.quantity,
      customer_notify: 1,
      ...(input.offerId ? { offer_id: input.offerId } : {}),
      notes: input.notes,
    });
    return { id: created.id };
  }

  async cancelSubscription(providerSubscriptionId: string, atCycleEnd: boolean): Promise<void> {
    await this.call('POST', `/subscriptions/${encodeURIComponent(providerSubscriptionId)}/cancel`, { cancel_at_cycle_end: atCycleEnd ? 1 : 0 });
  }

  async scheduleChange(providerSubscriptionId: string, change: { providerPlanId: string | null; quantity: number }): Promise<void> {
    await this.call('PATCH', `/subscriptions/${encodeURIComponent(providerSubscriptionId)}`, { ...(change.providerPlanId ? { plan_id: change.providerPlanId } : {}), quantity: change.quantity, schedule_change_at: 'cycle_end' });
  }

  async cancelScheduledChange(providerSubscriptionId: string): Promise<void> {
    await this.call('POST', `/subscriptions/${encodeURIComponent(providerSubscriptionId)}/cancel_scheduled_changes`);
  }

  async paymentAmount(paymentId: string): Promise<number | null> {
    const payment = await this.call<{ amount?: number }>('GET', `/payments/${encodeURIComponent(paymentId)}`);
    return typeof payment.amount === 'number' ? payment.amount : null;
  }

  /**
   * A normal refund (5–7 working days) of part of the payment, with the credit note as its receipt and notes:
   * https://razorpay.com/docs/api/refunds/create-normal. Its answer is the refund entity (id, amount, status
   * pending | processed | failed).
   */
  async refundPayment(paymentId: string, amountPaise: number, notes: RefundNotes): Promise<ProviderRefund> {
    if (!Number.isInteger(amountPaise) || amountPaise < 100) throw new ProviderError('failed', `a Razorpay refund is at least ₹1.00 in whole paise, not ${String(amountPaise)}`);
    const refund = await this.call<{ id?: unknown; amount?: unknown; status?: unknown }>(
      'POST',
      `/payments/${encodeURIComponent(paymentId)}/refund`,
      { amount: amountPaise, speed: 'normal', receipt: notes.creditNoteNumber, notes: { creditNoteNumber: notes.creditNoteNumber, subscriptionId: notes.subscriptionId } },
      { 'x-refund-idempotency': refundIdempotencyKey(paymentId, notes.creditNoteNumber) },
    );
    if (typeof refund.id !== 'string' || typeof refund.amount !== 'number' || typeof refund.status !== 'string' || !REFUND_STATUSES.has(refund.status)) {
      throw new ProviderError('failed', `Razorpay refund of ${paymentId}: an answer without id, amount or a known status`);
    }
    return { id: refund.id, amountPaise: refund.amount, status: refund.status as ProviderRefund['status'] };
  }
}
