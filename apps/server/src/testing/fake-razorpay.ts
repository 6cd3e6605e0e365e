import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';

/**
 * A fake Razorpay API (RAZORPAY_API_URL points the provider at it) that keeps its own books: the payments the test
 * makes at its checkout, refunds (honouring X-Refund-Idempotency as Razorpay documents it,
 * https://razorpay.com/docs/api/refunds/normal-refunds-idempotent), and subscriptions with the mandate they were
 * authorised with. Its answers follow Razorpay's pages:
 * - create a subscription answers the entity with short_url, the authorisation link
 *   (https://razorpay.com/docs/api/payments/subscriptions/create-subscription);
 * - fetch all subscriptions filters by plan_id and from, pages with count and skip
 *   (https://razorpay.com/docs/api/payments/subscriptions/fetch-subscriptions);
 * - update a subscription whose mandate is UPI answers 400 { error: { code: 'BAD_REQUEST_ERROR', description:
 *   'subscriptions cannot be updated when payment mode is UPI' } } (https://razorpay.com/docs/api/payments/subscriptions/update-subscription);
 *   for a domestic card the guide (https://razorpay.com/docs/payments/subscriptions/update/) says only the offer can be
 *   updated but quotes no message: the fake answers the same shape with that rule as its description (an assumption).
 */
/** The keys a test server uses with the fake (fixtures, not secrets): its environment pointed at the fake's address. */
export const FAKE_RAZORPAY_KEYS = { keyId: 'rzp_test_fixture', keySecret: 'key_secret_fixture', webhookSecret: 'whsec_fixture_0123456789' } as const;
export const fakeRazorpayEnv = (apiUrl: string) => ({
  RAZORPAY_KEY_ID: FAKE_RAZORPAY_KEYS.keyId,
  RAZORPAY_KEY_SECRET: FAKE_RAZORPAY_KEYS.keySecret,
  RAZORPAY_WEBHOOK_SECRET: FAKE_RAZORPAY_KEYS.webhookSecret,
  RAZORPAY_API_URL: apiUrl,
});

/** Razorpay bills a subscription by its plan: the catalogue's plans get the fake's plan ids (plan_fake_<code>). */
export const FAKE_PLAN_IDS = sql`UPDATE plans SET razorpay_plan_id = 'plan_fake_' || code, razorpay_yearly_plan_id = 'plan_fake_yearly_' || code`;

/**
 * What Razorpay's checkout posts back for a subscription payment: the payment and subscription ids and
 * HMAC-SHA256(key secret, "payment_id|subscription_id") in hex (Razorpay's subscription signature scheme).
 */
export const checkoutCallback = (paymentId: string, subscriptionId: string) => ({
  razorpay_payment_id: paymentId,
  razorpay_subscription_id: subscriptionId,
  razorpay_signature: createHmac('sha256', FAKE_RAZORPAY_KEYS.keySecret).update(`${paymentId}|${subscriptionId}`).digest('hex'),
});

export interface FakeRefund {
  id: string;
  paymentId: string;
  amount: number;
  receipt: unknown;
  notes: unknown;
  speed: unknown;
  key: string | undefined;
  /** failed: Razorpay accepted it and it failed later (refund.failed); a request with its key is answered with it again. */
  status: 'pending' | 'processed' | 'failed';
}

export type FakeMandate = 'upi' | 'card_domestic' | 'card_international' | 'emandate';

export interface FakeSubscription {
  id: string;
  planId: string;
  quantity: number;
  totalCount: number;
  startAt: number | null;
  customerNotify: unknown;
  notes: Record<string, unknown>;
  createdAt: number;
  shortUrl: string;
  status: 'created' | 'authenticated' | 'active' | 'cancelled';
  mandate: FakeMandate | null;
  scheduledChange: { planId: unknown; quantity: unknown } | null;
}

const PAYMENT_OF_MANDATE: Record<FakeMandate, { method: string; international?: boolean }> = {
  upi: { method: 'upi' },
  card_domestic: { method: 'card', international: false },
  card_international: { method: 'card', international: true },
  emandate: { method: 'emandate' },
};

export class FakeRazorpay {
  private server: Server | null = null;
  readonly payments = new Map<string, { amount: number; mandate: FakeMandate | null }>();
  readonly refunds: FakeRefund[] = [];
  readonly refundRequests: { paymentId: string; key: string | undefined }[] = [];
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** Every request on a subscription (create, update, cancel), in order, with its answer's status. */
  readonly subscriptionRequests: { method: string; path: string; body: Record<string, unknown>; status: number }[] = [];
  /** How the next refund requests are answered (fail: accepted, and answered as a refund that failed). */
  mode: 'ok' | 'pending' | 'fail' | 'refuse' | 'lose_answer_once' = 'ok';
  /** lose_answer_once: the next subscription is created, but the answer is lost (a gateway timeout on the way back). */
  createMode: 'ok' | 'lose_answer_once' = 'ok';
  /** The fake's clock for created_at (seconds); the test moves it with its own. */
  now: () => number = () => Math.floor(Date.now() / 1000);
  private seq = 0;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${String((this.server.address() as AddressInfo).port)}/v1`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private next(prefix: string): string {
    this.seq += 1;
    return `${prefix}_fake${String(this.seq).padStart(10, '0')}`;
  }

  /**
   * The customer pays at Razorpay's checkout: Razorpay captures the amount of its plan. With a subscription, its mandate
   * is the payment's method (UPI, a domestic or an international card).
   */
  capture(amount: number, options: { subscriptionId?: string; mandate?: FakeMandate } = {}): string {
    const id = this.next('pay');
    this.payments.set(id, { amount, mandate: options.mandate ?? null });
    const sub = options.subscriptionId ? this.subscriptions.get(options.subscriptionId) : undefined;
    if (sub) {
      sub.mandate = options.mandate ?? sub.mandate;
      sub.status = 'active';
    }
    return id;
  }

  /** The customer completes the authorisation transaction at the short_url (a future start_at: charged from then). */
  authorise(subscriptionId: string, mandate: FakeMandate): void {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no fake subscription ${subscriptionId}`);
    sub.mandate = mandate;
    sub.status = 'authenticated';
  }

  /** The payment entity as Razorpay's webhooks and GET /payments carry it. */
  paymentEntity(id: string) {
    const p = this.payments.get(id);
    return { id, entity: 'payment', amount: p?.amount, currency: 'INR', status: 'captured', ...(p?.mandate ? PAYMENT_OF_MANDATE[p.mandate] : {}) };
  }

  /** A webhook as Razorpay sends it, signed with the webhook secret over the raw body. */
  webhook(secret: string, event: string, payload: Record<string, unknown>, createdAt: Date): { body: Buffer; headers: Record<string, string> } {
    const body = Buffer.from(JSON.stringify({ entity: 'event', account_id: 'acc_fixture', event, contains: Object.keys(payload), payload, created_at: Math.floor(createdAt.getTime() / 1000) }));
    return { body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': createHmac('sha256', secret).update(body).digest('hex'), 'x-razorpay-event-id': this.next('evt') } };
  }

  private subscriptionEntity(s: FakeSubscription) {
    return {
      id: s.id,
      entity: 'subscription',
      plan_id: s.planId,
      status: s.status,
      quantity: s.quantity,
      total_count: s.totalCount,
      start_at: s.startAt,
      customer_notify: s.customerNotify === 1 || s.customerNotify === true,
      notes: Object.keys(s.notes).length ? s.notes : [],
      created_at: s.createdAt,
      short_url: s.shortUrl,
      has_scheduled_changes: s.scheduledChange !== null,
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
    const url = new URL(req.url ?? '', 'http://fake');
    const path = url.pathname;
    const method = req.method ?? '';
    const reply = (status: number, data: unknown) => {
      if (path.startsWith('/v1/subscriptions') && method !== 'GET') this.subscriptionRequests.push({ method, path, body, status });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    const badRequest = (description: string) => reply(400, { error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } });
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/subscriptions') {
      const id = this.next('sub');
      const sub: FakeSubscription = {
        id,
        planId: String(body.plan_id),
        quantity: Number(body.quantity ?? 1),
        totalCount: Number(body.total_count),
        startAt: typeof body.start_at === 'number' ? body.start_at : null,
        customerNotify: body.customer_notify,
        notes: (body.notes ?? {}) as Record<string, unknown>,
        createdAt: this.now(),
        shortUrl: `https://rzp.io/i/${id.slice(-8)}`,
        status: 'created',
        mandate: null,
        scheduledChange: null,
      };
      this.subscriptions.set(id, sub);
      if (this.createMode === 'lose_answer_once') {
        this.createMode = 'ok';
        return reply(504, { error: { code: 'GATEWAY_ERROR', description: 'Gateway timeout' } });
      }
      return reply(200, this.subscriptionEntity(sub));
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const planId = url.searchParams.get('plan_id');
      const from = Number(url.searchParams.get('from') ?? 0);
      const count = Math.min(Number(url.searchParams.get('count') ?? 10), 100);
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const items = [...this.subscriptions.values()].filter((s) => (!planId || s.planId === planId) && s.createdAt >= from).sort((a, b) => b.createdAt - a.createdAt);
      const page = items.slice(skip, skip + count).map((s) => this.subscriptionEntity(s));
      return reply(200, { entity: 'collection', count: page.length, items: page });
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)(\/[a-z_]+)?$/.exec(path))) {
      const sub = this.subscriptions.get(m[1] ?? '');
      if (!sub) return badRequest('The id provided does not exist');
      const action = m[2] ?? '';
      if (method === 'POST' && action === '/cancel') {
        sub.status = body.cancel_at_cycle_end === 1 ? sub.status : 'cancelled';
        return reply(200, this.subscriptionEntity(sub));
      }
      if (method === 'PATCH' && action === '') {
        if (sub.mandate === 'upi') return badRequest('subscriptions cannot be updated when payment mode is UPI');
        if (sub.mandate === 'card_domestic') return badRequest('For subscriptions created using domestic cards, only the offer can be updated');
        sub.scheduledChange = { planId: body.plan_id, quantity: body.quantity };
        return reply(200, this.subscriptionEntity(sub));
      }
      if (method === 'POST' && action === '/cancel_scheduled_changes') {
        sub.scheduledChange = null;
        return reply(200, this.subscriptionEntity(sub));
      }
    }
    if (method === 'GET' && (m = /^\/v1\/payments\/([^/]+)$/.exec(path))) {
      return this.payments.has(m[1] ?? '') ? reply(200, this.paymentEntity(m[1] ?? '')) : badRequest('The id provided does not exist');
    }
    if (method === 'POST' && (m = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path))) {
      const paymentId = m[1] ?? '';
      const key = req.headers['x-refund-idempotency'] as string | undefined;
      this.refundRequests.push({ paymentId, key });
      if (this.mode === 'refuse') return reply(500, { error: { code: 'SERVER_ERROR', description: 'The server encountered an error.' } });
      const same = key ? this.refunds.find((r) => r.key === key) : undefined;
      if (same) return reply(200, this.refundEntity(same));
      const captured = this.payments.get(paymentId)?.amount;
      if (captured === undefined) return badRequest('The id provided does not exist');
      const amount = Number(body.amount);
      // A failed refund moved no money.
      const refunded = this.refunds.filter((r) => r.paymentId === paymentId && r.status !== 'failed').reduce((s, r) => s + r.amount, 0);
      if (amount + refunded > captured) return badRequest('The refund amount provided is greater than amount captured');
      const refund: FakeRefund = { id: this.next('rfnd'), paymentId, amount, receipt: body.receipt, notes: body.notes, speed: body.speed, key, status: this.mode === 'pending' ? 'pending' : this.mode === 'fail' ? 'failed' : 'processed' };
      this.refunds.push(refund);
      if (this.mode === 'lose_answer_once') {
        // Applied, but the answer never arrives (a gateway timeout on the way back).
        this.mode = 'ok';
        return reply(504, { error: { code: 'GATEWAY_ERROR', description: 'Gateway timeout' } });
      }
      return reply(200, this.refundEntity(refund));
    }
    reply(404, { error: { code: 'BAD_REQUEST_ERROR', description: `no fake for ${method} ${path}` } });
  }

  private refundEntity(r: FakeRefund) {
    return { id: r.id, entity: 'refund', amount: r.amount, currency: 'INR', payment_id: r.paymentId, notes: r.notes, receipt: r.receipt, status: r.status, speed_requested: r.speed, speed_processed: 'normal' };
  }
}
