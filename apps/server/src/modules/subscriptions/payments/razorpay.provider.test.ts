import { describe, expect, it } from 'vitest';
import { ProviderError } from './payment-provider';
import { RazorpayProvider, isPlanChangeRefusal } from './razorpay.provider';

/**
 * The refund request against an injected fetch. The expected request and answers are Razorpay's documented
 * ones (https://razorpay.com/docs/api/refunds/create-normal: POST /v1/payments/:id/refund with amount in paise,
 * speed, receipt and notes, answered with the refund entity; .../normal-refunds-idempotent: the
 * X-Refund-Idempotency header, at least 10 characters of letters, digits, hyphens and underscores).
 */
describe('RazorpayProvider.refundPayment', () => {
  const calls: { url: string; init: RequestInit }[] = [];
  const answering = (status: number, body: string) =>
    (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(body, { status });
    }) as typeof fetch;
  const provider = (fetchFn: typeof fetch) => new RazorpayProvider('rzp_test_abc', 'secret123', 'whsec123', fetchFn);
  const notes = { creditNoteNumber: 'TK/CN/26-27/0001', subscriptionId: '6f1c1a52-7a0e-4d2c-9a51-3c1f0e5b9d10', refundGeneration: 0 };
  // The documented answer of a normal refund (amount and ids ours).
  const processed = { id: 'rfnd_FP8QHiV938haTz', entity: 'refund', amount: 1934, currency: 'INR', payment_id: 'pay_29QQoUBi66xm2f', notes, receipt: notes.creditNoteNumber, acquirer_data: { arn: null }, created_at: 1597078866, batch_id: null, status: 'processed', speed_processed: 'normal', speed_requested: 'normal' };

  it('posts amount, normal speed, the credit note as receipt and notes, with basic auth and the idempotency key', async () => {
    calls.length = 0;
    const refund = await provider(answering(200, JSON.stringify(processed))).refundPayment('pay_29QQoUBi66xm2f', 1934, notes);
    expect(refund).toEqual({ id: 'rfnd_FP8QHiV938haTz', amountPaise: 1934, status: 'processed' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://api.razorpay.com/v1/payments/pay_29QQoUBi66xm2f/refund');
    expect(calls[0]?.init.method).toBe('POST');
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from('rzp_test_abc:secret123').toString('base64')}`);
    expect(headers['content-type']).toBe('application/json');
    // The key: the payment id and the credit note number, '/' (not allowed) as '-'.
    expect(headers['x-refund-idempotency']).toBe('pay_29QQoUBi66xm2f-TK-CN-26-27-0001');
    expect(headers['x-refund-idempotency']).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    // Generation 0: the body every request before refund generations sent (a repeat with the key must be the same request).
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ amount: 1934, speed: 'normal', receipt: 'TK/CN/26-27/0001', notes: { creditNoteNumber: 'TK/CN/26-27/0001', subscriptionId: notes.subscriptionId } });
  });

  it('a later refund generation (a new request after a refund that failed): a key of its own, the generation in the notes', async () => {
    calls.length = 0;
    await provider(answering(200, JSON.stringify(processed))).refundPayment('pay_29QQoUBi66xm2f', 1934, { ...notes, refundGeneration: 1 });
    await provider(answering(200, JSON.stringify(processed))).refundPayment('pay_29QQoUBi66xm2f', 1934, { ...notes, refundGeneration: 2 });
    const keys = calls.map((c) => (c.init.headers as Record<string, string>)['x-refund-idempotency']);
    expect(keys).toEqual(['pay_29QQoUBi66xm2f-TK-CN-26-27-0001-r1', 'pay_29QQoUBi66xm2f-TK-CN-26-27-0001-r2']);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ amount: 1934, speed: 'normal', receipt: 'TK/CN/26-27/0001', notes: { creditNoteNumber: 'TK/CN/26-27/0001', subscriptionId: notes.subscriptionId, refundGeneration: '1' } });
  });

  it('the same credit note sends the same key and body again (what makes a retry safe)', async () => {
    calls.length = 0;
    const p = provider(answering(200, JSON.stringify(processed)));
    await p.refundPayment('pay_29QQoUBi66xm2f', 1934, notes);
    await p.refundPayment('pay_29QQoUBi66xm2f', 1934, notes);
    const [first, second] = calls;
    expect((second?.init.headers as Record<string, string>)['x-refund-idempotency']).toBe((first?.init.headers as Record<string, string>)['x-refund-idempotency']);
    expect(second?.init.body).toBe(first?.init.body);
  });

  it('a pending refund is reported as pending', async () => {
    const refund = await provider(answering(200, JSON.stringify({ ...processed, status: 'pending' }))).refundPayment('pay_29QQoUBi66xm2f', 1934, notes);
    expect(refund.status).toBe('pending');
  });

  it('Razorpay refusals are ProviderError: a 400 with its error body, a 409 (same key in flight), a 5xx', async () => {
    // The documented refusal of an amount under ₹1.
    const tooSmall = JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be at least INR 1.00', source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, field: 'amount' } });
    const refused = provider(answering(400, tooSmall)).refundPayment('pay_29QQoUBi66xm2f', 1934, notes);
    await expect(refused).rejects.toBeInstanceOf(ProviderError);
    await expect(refused).rejects.toMatchObject({ reason: 'failed', message: expect.stringContaining('The amount must be at least INR 1.00') as unknown });
    await expect(provider(answering(409, '{"error":{"code":"BAD_REQUEST_ERROR"}}')).refundPayment('pay_29QQoUBi66xm2f', 1934, notes)).rejects.toMatchObject({ reason: 'failed' });
    await expect(provider(answering(502, 'Bad Gateway')).refundPayment('pay_29QQoUBi66xm2f', 1934, notes)).rejects.toBeInstanceOf(ProviderError);
  });

  it('a payment Razorpay does not know is not_found', async () => {
    const unknown = JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
    await expect(provider(answering(400, unknown)).refundPayment('pay_missing000000', 1934, notes)).rejects.toMatchObject({ reason: 'not_found' });
  });

  it('no answer (network failure, timeout), a body that is not JSON or not a refund: ProviderError, never another error', async () => {
    const offline = (async () => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;
    await expect(provider(offline).refundPayment('pay_29QQoUBi66xm2f', 1934, notes)).rejects.toMatchObject({ reason: 'failed', message: expect.stringContaining('no answer') as unknown });
    await expect(provider(answering(200, '<html>maintenance</html>')).refundPayment('pay_29QQoUBi66xm2f', 1934, notes)).rejects.toBeInstanceOf(ProviderError);
    await expect(provider(answering(200, JSON.stringify({ entity: 'refund', amount: 1934 }))).refundPayment('pay_29QQoUBi66xm2f', 1934, notes)).rejects.toBeInstanceOf(ProviderError);
    await expect(provider(answering(200, JSON.stringify({ ...processed, status: 'created' }))).refundPayment('pay_29QQoUBi66xm2f', 1934, notes)).rejects.toBeInstanceOf(ProviderError);
  });

  it('sends nothing for an amount Razorpay would refuse (under ₹1, or not whole paise)', async () => {
    calls.length = 0;
    const p = provider(answering(200, JSON.stringify(processed)));
    await expect(p.refundPayment('pay_29QQoUBi66xm2f', 99, notes)).rejects.toBeInstanceOf(ProviderError);
    await expect(p.refundPayment('pay_29QQoUBi66xm2f', 1934.5, notes)).rejects.toBeInstanceOf(ProviderError);
    expect(calls).toHaveLength(0);
  });

  it('the API base is configurable (RAZORPAY_API_URL: a fake Razorpay in tests)', async () => {
    calls.length = 0;
    await new RazorpayProvider('rzp_test_abc', 's', 'w', answering(200, JSON.stringify(processed)), 'http://127.0.0.1:9/v1').refundPayment('pay_1', 1934, notes);
    expect(calls[0]?.url).toBe('http://127.0.0.1:9/v1/payments/pay_1/refund');
  });
});

/**
 * A plan change Razorpay will not make, and the subscription that replaces it. Razorpay's documented failure of
 * PATCH /v1/subscriptions/:id for a UPI mandate is { error: { code: 'BAD_REQUEST_ERROR', description: 'subscriptions
 * cannot be updated when payment mode is UPI' } } (https://razorpay.com/docs/api/payments/subscriptions/update-subscription);
 * create takes start_at as a Unix timestamp and answers short_url, the authorisation link
 * (https://razorpay.com/docs/api/payments/subscriptions/create-subscription).
 */
describe('RazorpayProvider: a refused plan change and its replacement', () => {
  const calls: { url: string; init: RequestInit }[] = [];
  const answering = (status: number, body: unknown) =>
    (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(JSON.stringify(body), { status });
    }) as typeof fetch;
  const provider = (fetchFn: typeof fetch) => new RazorpayProvider('rzp_test_abc', 'secret123', 'whsec123', fetchFn);

  it('the documented UPI refusal is ProviderError refused; other 400s and 5xx are failed', async () => {
    const upi = provider(answering(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'subscriptions cannot be updated when payment mode is UPI' } }));
    await expect(upi.scheduleChange('sub_U', { providerPlanId: 'plan_B', quantity: 1 })).rejects.toMatchObject({ reason: 'refused' });
    const halted = provider(answering(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'Subscription in halted state cannot be updated' } }));
    await expect(halted.scheduleChange('sub_H', { providerPlanId: 'plan_B', quantity: 1 })).rejects.toMatchObject({ reason: 'failed' });
    const down = provider(answering(502, { error: { code: 'SERVER_ERROR', description: 'subscriptions cannot be updated when payment mode is UPI' } }));
    await expect(down.scheduleChange('sub_U', { providerPlanId: 'plan_B', quantity: 1 })).rejects.toMatchObject({ reason: 'failed' });
    expect(isPlanChangeRefusal(400, JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'For subscriptions created using domestic cards, only the offer can be updated' } }))).toBe(true);
    expect(isPlanChangeRefusal(400, 'not json')).toBe(false);
  });

  it('creates with start_at in seconds and answers the short_url to authorise', async () => {
    calls.length = 0;
    const created = await provider(answering(200, { id: 'sub_N', status: 'created', short_url: 'https://rzp.io/i/z3b1R61A9' })).createSubscription({
      providerPlanId: 'plan_B',
      billingType: 'monthly',
      quantity: 2,
      totalCount: 100,
      offerId: null,
      notes: { subscriptionId: 's2', tenantId: 't1' },
      startAt: new Date('2027-01-29T00:00:00Z'),
    });
    expect(created).toEqual({ id: 'sub_N', authorisationUrl: 'https://rzp.io/i/z3b1R61A9' });
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({ plan_id: 'plan_B', start_at: 1_801_180_800, customer_notify: 1, notes: { subscriptionId: 's2' } });
  });

  it('finds the subscription of ours by its notes among the plan’s subscriptions', async () => {
    calls.length = 0;
    const page = { entity: 'collection', count: 2, items: [{ id: 'sub_other', notes: [] }, { id: 'sub_mine', notes: { subscriptionId: 's2', tenantId: 't1' }, short_url: 'https://rzp.io/i/abc' }] };
    expect(await provider(answering(200, page)).findSubscriptionByNotes('plan_B', 's2', new Date(1_800_000_000_000))).toEqual({ id: 'sub_mine', authorisationUrl: 'https://rzp.io/i/abc' });
    expect(calls[0]?.url).toBe('https://api.razorpay.com/v1/subscriptions?plan_id=plan_B&from=1799999940&count=100&skip=0');
    expect(await provider(answering(200, page)).findSubscriptionByNotes('plan_B', 's3', new Date(1_800_000_000_000))).toBeNull();
  });

  it('reads the mandate from the payment: UPI, a domestic or an international card', async () => {
    expect(await provider(answering(200, { id: 'pay_1', amount: 5782, method: 'upi' })).paymentDetails('pay_1')).toEqual({ amountPaise: 5782, mandateMethod: 'upi' });
    expect((await provider(answering(200, { id: 'pay_2', amount: 1, method: 'card', international: false })).paymentDetails('pay_2')).mandateMethod).toBe('card_domestic');
    expect((await provider(answering(200, { id: 'pay_3', amount: 1, method: 'card', international: true })).paymentDetails('pay_3')).mandateMethod).toBe('card_international');
    expect((await provider(answering(200, { id: 'pay_4', amount: 1, method: 'emandate' })).paymentDetails('pay_4')).mandateMethod).toBe('emandate');
  });
});
