import type { CreateProviderSubscription, PaymentProvider, ProviderPayment, ProviderRefund, ProviderSubscription, RefundNotes } from './payment-provider';
import { ProviderError, mandateMethodOf } from './payment-provider';

export const RAZORPAY_API = 'https://api.razorpay.com/v1';

/**
 * The X-Refund-Idempotency key of a credit note's refund: Razorpay answers a repeated request with this key
 * with the refund it already made (https://razorpay.com/docs/api/refunds/normal-refunds-idempotent: at least 10
 * characters, letters, digits, hyphens and underscores; no maximum is documented, so the suffix is short). The
 * payment id (unique at Razorpay) and the credit note number (unique in this installation's series) make it unique
 * to this refund. Generation 0 keeps the key every earlier request used; a later generation (a new request after a
 * refund Razorpay accepted and then failed, which the old key would only answer again) ends in `-r<generation>`.
 */
export function refundIdempotencyKey(paymentId: string, creditNoteNumber: string, generation = 0): string {
  const key = `${paymentId}-${creditNoteNumber}`.replace(/[^A-Za-z0-9_-]/g, '-');
  return generation === 0 ? key : `${key}-r${String(generation)}`;
}

const REFUND_STATUSES = new Set(['pending', 'processed', 'failed']);

/** Razorpay's error body: { error: { code, description, … } } (https://razorpay.com/docs/errors/). */
function errorOf(text: string): { code: string | null; description: string } {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; description?: unknown } };
    return { code: typeof body.error?.code === 'string' ? body.error.code : null, description: typeof body.error?.description === 'string' ? body.error.description : '' };
  } catch {
    return { code: null, description: '' };
  }
}

/**
 * Razorpay's refusal to change a subscription's plan because of its mandate: a 400 BAD_REQUEST_ERROR whose description
 * names the payment mode. Documented for UPI as "subscriptions cannot be updated when payment mode is UPI"
 * (https://razorpay.com/docs/api/payments/subscriptions/update-subscription); for a domestic card the guide says only
 * the offer can be updated (https://razorpay.com/docs/payments/subscriptions/update/) without quoting the message, so a
 * description that names the card or the offer-only rule counts too. Any other 400 (a subscription in the created or
 * halted state, a bad plan id) stays an ordinary failure.
 */
export function isPlanChangeRefusal(status: number, text: string): boolean {
  if (status !== 400) return false;
  const { code, description } = errorOf(text);
  return code === 'BAD_REQUEST_ERROR' && /\b(upi|payment mode|card|mandate|only (the )?offer)\b/i.test(description) && /cannot|can not|not allowed|only/i.test(description);
}

interface RawSubscription {
  id?: unknown;
  short_url?: unknown;
  notes?: unknown;
}

function subscriptionOf(raw: RawSubscription, what: string): ProviderSubscription {
  if (typeof raw.id !== 'string') throw new ProviderError('failed', `Razorpay ${what}: an answer without a subscription id`);
  return { id: raw.id, authorisationUrl: typeof raw.short_url === 'string' ? raw.short_url : null };
}
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
    if (method === 'PATCH' && isPlanChangeRefusal(response.status, text)) throw new ProviderError('refused', `Razorpay ${method} ${path} refused: ${text.slice(0, 200)}`);
    if (!response.ok) throw new ProviderError('failed', `Razorpay ${method} ${path} answered ${response.status.toString()}: ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ProviderError('failed', `Razorpay ${method} ${path} answered ${response.status.toString()} with a body that is not JSON`);
    }
  }

  /**
   * POST /subscriptions (https://razorpay.com/docs/api/payments/subscriptions/create-subscription): with start_at the
   * first charge waits for that date and the customer only authorises now, at the answer's short_url; customer_notify 1
   * has Razorpay send that link to the customer too.
   */
  async createSubscription(input: CreateProviderSubscription): Promise<ProviderSubscription> {
    if (!input.providerPlanId) throw new ProviderError('failed', `no Razorpay plan id for the ${input.billingType} cycle`);
    const created = await this.call<RawSubscription>('POST', '/subscriptions', {
      plan_id: input.providerPlanId,
      total_count: input.totalCount,
      quantity: input.quantity,
      customer_notify: 1,
      ...(input.startAt ? { start_at: Math.floor(input.startAt.getTime() / 1000) } : {}),
      ...(input.offerId ? { offer_id: input.offerId } : {}),
      notes: input.notes,
    });
    return subscriptionOf(created, 'POST /subscriptions');
  }

  /**
   * GET /subscriptions?plan_id=…&from=… (https://razorpay.com/docs/api/payments/subscriptions/fetch-subscriptions:
   * plan_id, from, to, count up to 100, skip), searched for our id in the notes. Razorpay documents no idempotency key
   * for creating a subscription, so this look-up is what keeps a retried creation single.
   */
  async findSubscriptionByNotes(providerPlanId: string, subscriptionId: string, createdFrom: Date): Promise<ProviderSubscription | null> {
    const from = Math.floor(createdFrom.getTime() / 1000) - 60;
    for (let skip = 0; skip < 1000; skip += 100) {
      const page = await this.call<{ items?: RawSubscription[] }>('GET', `/subscriptions?plan_id=${encodeURIComponent(providerPlanId)}&from=${from.toString()}&count=100&skip=${skip.toString()}`);
      const items = Array.isArray(page.items) ? page.items : [];
      const mine = items.find((item) => typeof item.notes === 'object' && item.notes !== null && !Array.isArray(item.notes) && (item.notes as { subscriptionId?: unknown }).subscriptionId === subscriptionId);
      if (mine) return subscriptionOf(mine, 'GET /subscriptions');
      if (items.length < 100) return null;
    }
    return null;
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

  /** GET /payments/{id}: amount (paise), method and, for a card, whether it is international (the payment entity). */
  async paymentDetails(paymentId: string): Promise<ProviderPayment> {
    const payment = await this.call<{ amount?: unknown; method?: unknown; international?: unknown }>('GET', `/payments/${encodeURIComponent(paymentId)}`);
    return {
      amountPaise: typeof payment.amount === 'number' ? payment.amount : null,
      mandateMethod: mandateMethodOf(typeof payment.method === 'string' ? payment.method : null, typeof payment.international === 'boolean' ? payment.international : null),
    };
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
      {
        amount: amountPaise,
        speed: 'normal',
        receipt: notes.creditNoteNumber,
        // Generation 0's body stays as every earlier request sent it: a repeat with the same key must be the same request.
        notes: { creditNoteNumber: notes.creditNoteNumber, subscriptionId: notes.subscriptionId, ...(notes.refundGeneration > 0 ? { refundGeneration: String(notes.refundGeneration) } : {}) },
      },
      { 'x-refund-idempotency': refundIdempotencyKey(paymentId, notes.creditNoteNumber, notes.refundGeneration) },
    );
    if (typeof refund.id !== 'string' || typeof refund.amount !== 'number' || typeof refund.status !== 'string' || !REFUND_STATUSES.has(refund.status)) {
      throw new ProviderError('failed', `Razorpay refund of ${paymentId}: an answer without id, amount or a known status`);
    }
    return { id: refund.id, amountPaise: refund.amount, status: refund.status as ProviderRefund['status'] };
  }
}
