import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, type Checkout, type Plan, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../../db/client';
import { loadConfig } from '../../../platform/config';
import { BACKENDS, createPeerApp, createTestApp, type TestApp } from '../../../testing/harness';
import { LOCAL_PAYMENT_SECRET_NAME, LocalPaymentProvider, resolveLocalPaymentSecret } from './local.provider';
import { verifySubscriptionPayment, verifyWebhook } from './signatures';

/**
 * Issue 31 point 3: the local payment provider signs with the installation's secret, not one drawn
 * per process, so a payment taken by one server process verifies on another (and its webhook job,
 * run by whichever process picks it up, is accepted).
 */
describe.each(BACKENDS)('the local payment provider across server processes (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.registerOrganisation({ organizationName: 'Two Process Traders', email: `two.process.${backend}@example.in` });
  });
  afterAll(async () => {
    await t.close();
  });

  const env = (extra: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', ...extra });
  const stored = async () => queryRows<{ value: string }>(t.database.db, sql`SELECT value FROM installation_secrets WHERE name = ${LOCAL_PAYMENT_SECRET_NAME}`);

  it('without LOCAL_PAYMENT_SECRET, every process reads the one secret generated once into the database', async () => {
    const rows = await stored();
    expect(rows).toHaveLength(1); // the app's start generated it
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => resolveLocalPaymentSecret(env(), t.database.db)));
    expect(a).toBe(rows[0]?.value);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(a?.length).toBeGreaterThanOrEqual(32);
    expect(await stored()).toHaveLength(1);
  });

  it('LOCAL_PAYMENT_SECRET comes first; with Razorpay configured there is no local secret; a short one is refused', async () => {
    const secret = 'e'.repeat(40);
    expect(await resolveLocalPaymentSecret(env({ LOCAL_PAYMENT_SECRET: secret }), t.database.db)).toBe(secret);
    expect(await resolveLocalPaymentSecret(env({ RAZORPAY_KEY_ID: 'rzp_test_abc', RAZORPAY_KEY_SECRET: 'secret123', RAZORPAY_WEBHOOK_SECRET: 'secret123' }), t.database.db)).toBeNull();
    expect(() => env({ LOCAL_PAYMENT_SECRET: 'short' })).toThrow(/LOCAL_PAYMENT_SECRET: must be at least 32 characters/);
  });

  it("two providers built from the same secret verify each other's callbacks and webhooks; another secret's fail", async () => {
    const secret = await resolveLocalPaymentSecret(env(), t.database.db);
    if (!secret) throw new Error('no secret');
    const one = new LocalPaymentProvider(secret);
    const two = new LocalPaymentProvider((await resolveLocalPaymentSecret(env(), t.database.db)) ?? '');
    const stranger = new LocalPaymentProvider('s'.repeat(48));

    const { paymentId, callback } = one.pay('sub_local_abc');
    expect(verifySubscriptionPayment(two.keySecret, paymentId, 'sub_local_abc', callback.razorpay_signature)).toBe(true);
    expect(verifySubscriptionPayment(stranger.keySecret, paymentId, 'sub_local_abc', callback.razorpay_signature)).toBe(false);
    const hook = two.webhook('subscription.charged', { payment: { entity: { id: paymentId } } }, new Date('2026-11-01T00:00:00Z'));
    expect(verifyWebhook(one.webhookSecret, hook.rawBody, hook.signature)).toBe(true);
    expect(verifyWebhook(stranger.webhookSecret, hook.rawBody, hook.signature)).toBe(false);
    // The callback key and the webhook key are different keys.
    expect(one.keySecret).not.toBe(one.webhookSecret);
  });

  it('paid on one server process, the webhook and the callback verify on the other', async () => {
    const peer = await createPeerApp(t);
    try {
      const plans = (((await t.call('GET', '/Subscriptions/plans')).json() as { data: { data: Plan[] } }).data.data);
      const basic = plans.find((p) => p.name === 'Basic');
      if (!basic) throw new Error('no Basic plan');
      const created = await t.call('POST', '/Subscriptions', { token: admin.token, body: { planId: basic.id, quantity: 1, billingType: 'monthly' } });
      expect(created.statusCode, created.body).toBe(200);
      const checkout = (created.json() as { data: Checkout }).data;

      // The peer takes the payment: it signs the callback and queues the signed webhook.
      const paid = await peer.call('POST', `/LocalPayments/${checkout.id}/pay`, { token: admin.token });
      expect(paid.statusCode, paid.body).toBe(200);
      // This process runs the webhook job (t.call drains the queue, failing the test on a failed job) and verifies the callback.
      const verified = await t.call('POST', `/Subscriptions/${checkout.subscriptionId}/verify`, { token: admin.token, body: (paid.json() as { data: unknown }).data });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toMatchObject({ message: MSG.paymentSuccess });
      const [payments] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM payments WHERE subscription_id = ${checkout.subscriptionId}`);
      expect(payments?.n).toBe(1);
    } finally {
      await peer.close();
    }
  });
});
