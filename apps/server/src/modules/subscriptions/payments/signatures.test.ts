import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureMatches, verifyOrderPayment, verifySubscriptionPayment, verifyWebhook } from './signatures';
import { RazorpayProvider } from './razorpay.provider';
import { ProviderError } from './payment-provider';

/**
 * Fixtures computed independently of the code under test (node:crypto's HMAC over the string
 * Razorpay's documentation gives), so a change in how we build the message fails here.
 */
const KEY_SECRET = 'test_key_secret_EsK9pqX';
const WEBHOOK_SECRET = 'whsec_local_fixture';
const hmac = (secret: string, message: string | Buffer) => createHmac('sha256', secret).update(message).digest('hex');

describe('checkout signatures (Razorpay)', () => {
  const orderId = 'order_IluGWxBm9U8zJ8';
  const subscriptionId = 'sub_00000000000001';
  const paymentId = 'pay_IH4NVgf4Dreq1l';

  it('order payment: HMAC(key_secret, order_id|payment_id) with the stored order id', () => {
    const signature = hmac(KEY_SECRET, `${orderId}|${paymentId}`);
    expect(verifyOrderPayment(KEY_SECRET, orderId, paymentId, signature)).toBe(true);
    expect(verifyOrderPayment(KEY_SECRET, 'order_someoneElse', paymentId, signature)).toBe(false);
  });

  it('subscription payment: HMAC(key_secret, payment_id|subscription_id); the reversed order is refused', () => {
    const signature = hmac(KEY_SECRET, `${paymentId}|${subscriptionId}`);
    expect(verifySubscriptionPayment(KEY_SECRET, paymentId, subscriptionId, signature)).toBe(true);
    expect(verifySubscriptionPayment(KEY_SECRET, paymentId, subscriptionId, hmac(KEY_SECRET, `${subscriptionId}|${paymentId}`))).toBe(false);
  });

  it('a tampered byte of the signature, the payment id or a wrong secret is refused', () => {
    const signature = hmac(KEY_SECRET, `${paymentId}|${subscriptionId}`);
    const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    expect(verifySubscriptionPayment(KEY_SECRET, paymentId, subscriptionId, flipped)).toBe(false);
    expect(verifySubscriptionPayment(KEY_SECRET, `${paymentId}x`, subscriptionId, signature)).toBe(false);
    expect(verifySubscriptionPayment('wrong_secret', paymentId, subscriptionId, signature)).toBe(false);
  });

  it('malformed signatures are refused without throwing (length, non-hex, empty, missing)', () => {
    const signature = hmac(KEY_SECRET, 'x');
    expect(signatureMatches(signature, signature.slice(0, 62))).toBe(false);
    expect(signatureMatches(signature, `${signature}00`)).toBe(false);
    expect(signatureMatches(signature, 'zz'.repeat(32))).toBe(false);
    expect(signatureMatches(signature, '')).toBe(false);
    expect(signatureMatches(signature, undefined)).toBe(false);
    expect(signatureMatches(signature, signature.toUpperCase())).toBe(true);
  });
});

describe('webhook signatures (Razorpay)', () => {
  const body = Buffer.from('{"entity":"event","event":"subscription.charged","payload":{"payment":{"entity":{"id":"pay_1","amount":5782}}},"created_at":1767225600}');

  it('HMAC(webhook_secret, raw body) verifies', () => {
    expect(verifyWebhook(WEBHOOK_SECRET, body, hmac(WEBHOOK_SECRET, body))).toBe(true);
  });

  it('a tampered byte of the body is refused', () => {
    const tampered = Buffer.from(body);
    tampered[body.indexOf('5782')] = '6'.charCodeAt(0);
    expect(verifyWebhook(WEBHOOK_SECRET, tampered, hmac(WEBHOOK_SECRET, body))).toBe(false);
  });

  it('the same JSON re-serialised (other whitespace) is refused: only the raw bytes count', () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1));
    expect(verifyWebhook(WEBHOOK_SECRET, reserialised, hmac(WEBHOOK_SECRET, body))).toBe(false);
  });

  it('a wrong secret (the key secret instead of the webhook secret) is refused', () => {
    expect(verifyWebhook(WEBHOOK_SECRET, body, hmac(KEY_SECRET, body))).toBe(false);
  });
});

describe('RazorpayProvider over fetch', () => {
  const calls: { url: string; init: RequestInit }[] = [];
  const fakeFetch = (status: number, reply: unknown) =>
    (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(JSON.stringify(reply), { status });
    }) as typeof fetch;

  it('creates a subscription with the plan id, count, quantity and our notes, with basic auth', async () => {
    calls.length = 0;
    const p = new RazorpayProvider('rzp_test_abc', 'secret123', 'whsec123', fakeFetch(200, { id: 'sub_ABC', status: 'created' }));
    const created = await p.createSubscription({ providerPlanId: 'plan_M', billingType: 'monthly', quantity: 3, totalCount: 100, offerId: null, notes: { subscriptionId: 's1', tenantId: 't1' } });
    expect(created.id).toBe('sub_ABC');
    expect(calls[0]?.url).toBe('https://api.razorpay.com/v1/subscriptions');
    expect((calls[0]?.init.headers as Record<string, string>).authorization).toBe(`Basic ${Buffer.from('rzp_test_abc:secret123').toString('base64')}`);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ plan_id: 'plan_M', total_count: 100, quantity: 3, customer_notify: 1, notes: { subscriptionId: 's1', tenantId: 't1' } });
  });

  it('cancels at the cycle end, and reports an unknown subscription as not_found', async () => {
    calls.length = 0;
    await new RazorpayProvider('rzp_test_abc', 's', 'w', fakeFetch(200, {})).cancelSubscription('sub_X', true);
    expect(calls[0]?.url).toBe('https://api.razorpay.com/v1/subscriptions/sub_X/cancel');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ cancel_at_cycle_end: 1 });
    const missing = new RazorpayProvider('rzp_test_abc', 's', 'w', fakeFetch(400, { error: { description: 'The id provided does not exist' } }));
    await expect(missing.cancelSubscription('sub_Y', false)).rejects.toMatchObject({ reason: 'not_found' });
    await expect(new RazorpayProvider('rzp_test_abc', 's', 'w', fakeFetch(500, {})).paymentDetails('pay_1')).rejects.toBeInstanceOf(ProviderError);
  });

  it('refuses to create without a Razorpay plan id for the cycle', async () => {
    const p = new RazorpayProvider('rzp_test_abc', 's', 'w', fakeFetch(200, {}));
    await expect(p.createSubscription({ providerPlanId: null, billingType: 'yearly', quantity: 1, totalCount: 10, offerId: null, notes: { subscriptionId: 's', tenantId: 't' } })).rejects.toBeInstanceOf(ProviderError);
  });
});
