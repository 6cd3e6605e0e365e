import type { CreateProviderSubscription, PaymentProvider } from './payment-provider';
import { ProviderError } from './payment-provider';

const API = 'https://api.razorpay.com/v1';

/**
 * Razorpay through its REST API with fetch (no SDK): basic auth with the key id and secret, both from
 * the environment only. https://razorpay.com/docs/api/payments/subscriptions/
 */
export class RazorpayProvider implements PaymentProvider {
  readonly kind = 'razorpay' as const;
  constructor(
    readonly keyId: string,
    readonly keySecret: string,
    readonly webhookSecret: string,
    private readonly fetchFn: typeof fetch = fetch,
    private readonly baseUrl = API,
  ) {}

  private async call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
    const response = await this.fetchFn(`${this.baseUrl}${path}`, {
      method,
      headers: { authorization: `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString('base64')}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    if (response.status === 404 || (response.status === 400 && /does not exist|not found/i.test(text))) throw new ProviderError('not_found', `Razorpay ${path}: ${text.slice(0, 200)}`);
    if (!response.ok) throw new ProviderError('failed', `Razorpay ${method} ${path} answered ${response.status.toString()}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
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
}
