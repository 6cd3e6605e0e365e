import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@tankha/contracts';
import type { Checkout, Plan, SessionUser, SubscriptionRow } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness';
import { FAKE_PLAN_IDS, FAKE_RAZORPAY_KEYS, FakeRazorpay, checkoutCallback, fakeRazorpayEnv, type FakeRefund } from '../../testing/fake-razorpay';
import { REFUND_ATTEMPTS } from './subscriptions.service';

/**
 * An upgrade paid through Razorpay (decision 0228's follow-up): Razorpay charges the new plan's full amount, the
 * capture issues the credit note, and a job refunds exactly the credit note's total on that payment, once.
 * Razorpay is a fake HTTP server (RAZORPAY_API_URL) that keeps its own books, charges what the test pays and honours
 * X-Refund-Idempotency as Razorpay documents it (https://razorpay.com/docs/api/refunds/normal-refunds-idempotent).
 */
describe.each(BACKENDS)('an upgrade through Razorpay refunds the credit note (%s)', (backend) => {
  const WEBHOOK_SECRET = FAKE_RAZORPAY_KEYS.webhookSecret;
  const razorpay = new FakeRazorpay();
  let t: TestApp;
  let plans: Plan[];
  let orgs = 0;
  const planId = (name: string) => plans.find((p) => p.name === name)?.id ?? '';
  const json = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

  /** Checkout at Razorpay: it charges its plan's amount; our verify gets the signed callback (Razorpay's scheme). */
  async function buy(user: SessionUser, body: Record<string, unknown>, options: { drain: boolean } = { drain: true }) {
    const created = await t.call('POST', '/Subscriptions', { token: user.token, body });
    expect(created.statusCode, created.body).toBe(200);
    const checkout = json<Checkout>(created);
    const paymentId = razorpay.capture(checkout.amountPaise);
    const callback = checkoutCallback(paymentId, checkout.id);
    const request = { method: 'POST' as const, url: `/backend/api/Subscriptions/${checkout.subscriptionId}/verify`, headers: { authorization: `Bearer ${user.token}` }, payload: callback };
    // Without draining, the capture's refund job waits for the test to run it.
    const verified = options.drain ? await t.call('POST', `/Subscriptions/${checkout.subscriptionId}/verify`, { token: user.token, body: callback }) : await t.app.inject(request);
    expect(verified.statusCode, verified.body).toBe(200);
    expect((verified.json() as { message: string }).message).toBe(MSG.paymentSuccess);
    return { checkout, paymentId };
  }

  /** A new organisation on Basic (1 user), then upgraded the same day to Professional with 2 users. */
  async function upgradedOrganisation(options: { drain: boolean }) {
    orgs += 1;
    const admin = await t.registerOrganisation({ organizationName: `Tapti Traders ${String(orgs)}`, email: `rzp.refund.${String(orgs)}.${backend}@example.in` });
    await buy(admin, { planId: planId('Basic'), quantity: 1, billingType: 'monthly' });
    const upgrade = await buy(admin, { planId: planId('Professional'), quantity: 2, billingType: 'monthly', scheduleChangesAt: 'now' }, options);
    const [note] = await queryRows<{ id: string; credit_note_number: string; total_paise: number; refund_status: string | null; refund_id: string | null; refund_paise: number | null; refund_attempts: number; refund_error: string | null; subscription_id: string }>(
      t.database.db,
      sql`SELECT id, credit_note_number, total_paise, refund_status, refund_id, refund_paise, refund_attempts, refund_error, subscription_id FROM plan_credit_notes WHERE tenant_id = ${admin.tenantId}`,
    );
    if (!note) throw new Error('no credit note');
    return { admin, ...upgrade, note };
  }

  const noteOf = async (id: string) =>
    (await queryRows<{ refund_status: string | null; refund_id: string | null; refund_paise: number | null; refund_attempts: number; refund_error: string | null }>(t.database.db, sql`SELECT refund_status, refund_id, refund_paise, refund_attempts, refund_error FROM plan_credit_notes WHERE id = ${id}`))[0];
  const refundJob = (tenantId: string, creditNoteId: string) => t.tenantSteps(tenantId, (steps) => steps((scope) => t.app.services.subscriptions.refundCreditNote(scope, { creditNoteId })));
  const listed = async (user: SessionUser) => json<{ data: SubscriptionRow[] }>(await t.call('GET', `/Subscriptions/customers/${user.tenantId}`, { token: user.token })).data;

  /** Our books against Razorpay's: what we invoiced less what we credited, and what Razorpay captured less what it refunded. */
  async function books(user: SessionUser) {
    const [row] = await queryRows<{ invoiced: number; credited: number; paid: number }>(
      t.database.db,
      sql`SELECT (SELECT coalesce(sum((data->'gst'->>'totalPaise')::int), 0) FROM plan_invoices WHERE tenant_id = ${user.tenantId})::int AS invoiced,
                 (SELECT coalesce(sum(total_paise), 0) FROM plan_credit_notes WHERE tenant_id = ${user.tenantId})::int AS credited,
                 (SELECT coalesce(sum(amount_paise), 0) FROM payments WHERE tenant_id = ${user.tenantId})::int AS paid`,
    );
    const ours = (await queryRows<{ provider_payment_id: string }>(t.database.db, sql`SELECT provider_payment_id FROM payments WHERE tenant_id = ${user.tenantId}`)).map((p) => p.provider_payment_id);
    // A failed refund moved no money.
    const refunded = razorpay.refunds.filter((r) => ours.includes(r.paymentId) && r.status !== 'failed').reduce((s, r) => s + r.amount, 0);
    const captured = ours.reduce((s, id) => s + (razorpay.payments.get(id)?.amount ?? 0), 0);
    return { invoiced: Number(row?.invoiced), credited: Number(row?.credited), paid: Number(row?.paid), captured, refunded };
  }

  beforeAll(async () => {
    const apiUrl = await razorpay.start();
    t = await createTestApp(backend, fakeRazorpayEnv(apiUrl));
    await t.database.db.execute(FAKE_PLAN_IDS);
    plans = json<{ data: Plan[] }>(await t.call('GET', '/Subscriptions/plans')).data;
    expect(t.app.services.subscriptions.provider.kind).toBe('razorpay');
  });
  afterAll(async () => {
    await t.close();
    await razorpay.stop();
  });

  it('charges the full price, issues the credit note, refunds exactly its total once; the books add up', async () => {
    const { admin, checkout, paymentId, note } = await upgradedOrganisation({ drain: true });
    // Professional 2 × ₹99 + 18% GST = ₹233.64, charged in full by Razorpay; Basic's ₹49 + GST = ₹57.82 credited
    // for all of its days (a same-day upgrade, decision 0228) and refunded.
    expect(checkout).toMatchObject({ provider: 'razorpay', taxablePaise: 19_800, amountPaise: 23_364, creditPaise: 5782 });
    expect(razorpay.payments.get(paymentId)?.amount).toBe(23_364);
    const [payment] = await queryRows<{ amount_paise: number }>(t.database.db, sql`SELECT amount_paise FROM payments WHERE provider_payment_id = ${paymentId}`);
    expect(payment?.amount_paise).toBe(23_364);
    expect(note.total_paise).toBe(5782);
    expect(note.credit_note_number).toMatch(/^TK\/CN\/\d{2}-\d{2}\/\d{4}$/);

    // One refund job, queued by the capture (the local provider's test finds none).
    const [jobs] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'subscriptions.refundCreditNote' AND data->>'tenantId' = ${admin.tenantId}`);
    expect(jobs?.n).toBe(1);
    const refunds = razorpay.refunds.filter((r) => r.paymentId === paymentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 5782, speed: 'normal', receipt: note.credit_note_number, notes: { creditNoteNumber: note.credit_note_number, subscriptionId: note.subscription_id } });
    expect(note).toMatchObject({ refund_status: 'processed', refund_id: refunds[0]?.id, refund_paise: 5782, refund_attempts: 1, refund_error: null });

    // The job again (a duplicate delivery), through the queue and directly: no second request, no second refund.
    const before = razorpay.refundRequests.length;
    await t.app.jobs.send('subscriptions.refundCreditNote', { tenantId: admin.tenantId, data: { creditNoteId: note.id } });
    expect(await t.drainJobs()).toBe(1);
    expect(await refundJob(admin.tenantId, note.id)).toBe('done');
    expect(razorpay.refundRequests.length).toBe(before);
    expect(razorpay.refunds.filter((r) => r.paymentId === paymentId)).toHaveLength(1);

    // Σ invoices − Σ credit notes = Σ payments − Σ refunds: 5,782 + 23,364 − 5,782 = 5,782 + 23,364 − 5,782.
    const b = await books(admin);
    expect(b).toEqual({ invoiced: 5782 + 23_364, credited: 5782, paid: 5782 + 23_364, captured: 5782 + 23_364, refunded: 5782 });
    expect(b.invoiced - b.credited).toBe(b.paid - b.refunded);

    const basic = (await listed(admin)).find((r) => r.planName === 'Basic');
    expect(basic?.creditNotes).toEqual([expect.objectContaining({ creditNoteNumber: note.credit_note_number, total: 57.82, refundStatus: 'processed' })]);
  });

  it('an answer lost on the way back: the retry sends the same key, Razorpay answers the same refund; one refund', async () => {
    razorpay.mode = 'lose_answer_once';
    const { admin, paymentId, note } = await upgradedOrganisation({ drain: false });
    expect(note.refund_status).toBe('pending');
    const first = await t.app.jobs.drain();
    expect(first.failed.map((f) => f.name)).toEqual(['subscriptions.refundCreditNote']);
    // The attempt was committed with the refusal; Razorpay did make the refund.
    expect(await noteOf(note.id)).toMatchObject({ refund_status: 'pending', refund_id: null, refund_attempts: 1, refund_error: expect.stringContaining('504') as unknown });
    expect(razorpay.refunds.filter((r) => r.paymentId === paymentId)).toHaveLength(1);
    // The retry (pg-boss waits 60 s; run here directly).
    expect(await refundJob(admin.tenantId, note.id)).toBe('done');
    const requests = razorpay.refundRequests.filter((r) => r.paymentId === paymentId);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.key).toBe(requests[0]?.key);
    const refunds = razorpay.refunds.filter((r) => r.paymentId === paymentId);
    expect(refunds).toHaveLength(1);
    expect(await noteOf(note.id)).toMatchObject({ refund_status: 'processed', refund_id: refunds[0]?.id, refund_paise: 5782, refund_attempts: 2, refund_error: null });
    const b = await books(admin);
    expect(b.invoiced - b.credited).toBe(b.paid - b.refunded);
  });

  /** Razorpay's refund.processed / refund.failed webhook for one of the fake's refunds, signed by the fake; the answer's message. */
  async function refundWebhook(event: 'refund.processed' | 'refund.failed', refund: FakeRefund): Promise<string> {
    const status = event === 'refund.processed' ? 'processed' : 'failed';
    const hook = razorpay.webhook(WEBHOOK_SECRET, event, { refund: { entity: { id: refund.id, entity: 'refund', amount: refund.amount, payment_id: refund.paymentId, notes: refund.notes, status } }, payment: { entity: { id: refund.paymentId, status: 'captured' } } }, new Date());
    const res = await t.call('POST', '/webhooks/razorpay', { body: hook.body, headers: hook.headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { message: string }).message;
  }

  it('a refund Razorpay answers as pending shows pending until its refund.processed webhook', async () => {
    razorpay.mode = 'pending';
    const { admin, paymentId, note } = await upgradedOrganisation({ drain: true });
    razorpay.mode = 'ok';
    const refund = razorpay.refunds.find((r) => r.paymentId === paymentId);
    if (!refund) throw new Error('no refund');
    expect(await noteOf(note.id)).toMatchObject({ refund_status: 'pending', refund_id: refund.id });
    expect((await listed(admin)).find((r) => r.planName === 'Basic')?.creditNotes[0]?.refundStatus).toBe('pending');
    expect(await refundWebhook('refund.processed', refund)).toBe('applied');
    expect(await noteOf(note.id)).toMatchObject({ refund_status: 'processed', refund_id: refund.id });
    // A late refund.failed for a processed refund changes nothing.
    expect(await refundWebhook('refund.failed', refund)).toBe('ignored');
    expect((await noteOf(note.id))?.refund_status).toBe('processed');
  });

  it(`refused on all ${String(REFUND_ATTEMPTS)} attempts: the credit note shows the refund failed, and what is owed`, async () => {
    razorpay.mode = 'refuse';
    const { admin, paymentId, note } = await upgradedOrganisation({ drain: false });
    expect((await t.app.jobs.drain()).failed.map((f) => f.name)).toEqual(['subscriptions.refundCreditNote']);
    for (let attempt = 2; attempt < REFUND_ATTEMPTS; attempt += 1) expect(await refundJob(admin.tenantId, note.id)).toMatchObject({ retry: expect.stringContaining(`attempt ${String(attempt)} of ${String(REFUND_ATTEMPTS)}`) as unknown });
    expect(await noteOf(note.id)).toMatchObject({ refund_status: 'pending', refund_attempts: REFUND_ATTEMPTS - 1 });
    expect(await refundJob(admin.tenantId, note.id)).toBe('done');
    expect(await noteOf(note.id)).toMatchObject({ refund_status: 'failed', refund_id: null, refund_attempts: REFUND_ATTEMPTS, refund_error: expect.stringContaining('500') as unknown });
    // Finished: a further run asks Razorpay nothing.
    razorpay.mode = 'ok';
    expect(await refundJob(admin.tenantId, note.id)).toBe('done');
    expect(razorpay.refundRequests.filter((r) => r.paymentId === paymentId)).toHaveLength(REFUND_ATTEMPTS);
    expect(razorpay.refunds.filter((r) => r.paymentId === paymentId)).toHaveLength(0);
    expect((await listed(admin)).find((r) => r.planName === 'Basic')?.creditNotes[0]?.refundStatus).toBe('failed');
    // What is owed to the customer is exactly the credit note's total.
    const b = await books(admin);
    expect(b.paid - b.refunded - (b.invoiced - b.credited)).toBe(5782);
  });

  /** An organisation whose credit note's refund Razorpay refused on every attempt: 'Refund failed'. */
  async function failedRefund() {
    razorpay.mode = 'refuse';
    const upgraded = await upgradedOrganisation({ drain: false });
    await t.app.jobs.drain();
    for (let attempt = 2; attempt <= REFUND_ATTEMPTS; attempt += 1) await refundJob(upgraded.admin.tenantId, upgraded.note.id);
    razorpay.mode = 'ok';
    expect((await noteOf(upgraded.note.id))?.refund_status).toBe('failed');
    return upgraded;
  }
  const retry = (user: SessionUser, creditNoteId: string) => t.call('POST', `/Subscriptions/credit-notes/${creditNoteId}/retry-refund`, { token: user.token });

  it('Retry refund: a failed refund is tried again with all its attempts and the same key; Razorpay refunds once', async () => {
    const { admin, paymentId, note } = await failedRefund();
    const res = await retry(admin, note.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.refundRetried });
    // The job ran after the commit (t.call drains): one refund, of exactly the credit note's total, with the key of every earlier attempt.
    const requests = razorpay.refundRequests.filter((r) => r.paymentId === paymentId);
    expect(requests).toHaveLength(REFUND_ATTEMPTS + 1);
    expect(new Set(requests.map((r) => r.key)).size).toBe(1);
    expect(requests[0]?.key).not.toMatch(/-r\d+$/);
    const refunds = razorpay.refunds.filter((r) => r.paymentId === paymentId);
    expect(refunds).toEqual([expect.objectContaining({ amount: 5782 })]);
    expect(await noteOf(note.id)).toMatchObject({ refund_status: 'processed', refund_id: refunds[0]?.id, refund_paise: 5782, refund_attempts: 1, refund_error: null });
    expect((await listed(admin)).find((r) => r.planName === 'Basic')?.creditNotes[0]?.refundStatus).toBe('processed');
    const b = await books(admin);
    expect(b.invoiced - b.credited).toBe(b.paid - b.refunded);

    // Processed now: a second retry is refused and asks Razorpay nothing.
    const again = await retry(admin, note.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: MSG.refundNotFailed });
    expect(razorpay.refundRequests.filter((r) => r.paymentId === paymentId)).toHaveLength(REFUND_ATTEMPTS + 1);
  });

  it('Retry refund of a refund Razorpay accepted and then failed: a new request with a new key, a second refund; the old one’s webhooks change nothing', async () => {
    razorpay.mode = 'pending';
    const { admin, paymentId, note } = await upgradedOrganisation({ drain: true });
    razorpay.mode = 'ok';
    const first = razorpay.refunds.find((r) => r.paymentId === paymentId);
    if (!first) throw new Error('no refund');
    expect(await noteOf(note.id)).toMatchObject({ refund_status: 'pending', refund_id: first.id });
    // The bank could not complete it: Razorpay's books say failed, and its refund.failed webhook tells us.
    first.status = 'failed';
    expect(await refundWebhook('refund.failed', first)).toBe('applied');
    expect(await noteOf(note.id)).toMatchObject({ refund_status: 'failed', refund_id: first.id });

    const res = await retry(admin, note.id);
    expect(res.statusCode, res.body).toBe(200);
    // The job ran after the commit: a request with a new key, so Razorpay made a second refund (the first moved no money).
    const requests = razorpay.refundRequests.filter((r) => r.paymentId === paymentId);
    expect(requests.map((r) => r.key)).toEqual([first.key, `${String(first.key)}-r1`]);
    const refunds = razorpay.refunds.filter((r) => r.paymentId === paymentId);
    expect(refunds).toHaveLength(2);
    const second = refunds[1];
    expect(second).toMatchObject({ amount: 5782, status: 'processed', receipt: note.credit_note_number, notes: { creditNoteNumber: note.credit_note_number, refundGeneration: '1' } });
    expect(await noteOf(note.id)).toMatchObject({ refund_status: 'processed', refund_id: second?.id, refund_paise: 5782, refund_attempts: 1, refund_error: null });
    expect((await listed(admin)).find((r) => r.planName === 'Basic')?.creditNotes[0]?.refundStatus).toBe('processed');

    // The old refund's webhooks again (another delivery, another event id): nothing changes.
    expect(await refundWebhook('refund.failed', first)).toBe('ignored');
    expect(await refundWebhook('refund.processed', first)).toBe('ignored');
    expect(await noteOf(note.id)).toMatchObject({ refund_status: 'processed', refund_id: second?.id });
    // Processed now: no further retry, no further request.
    expect((await retry(admin, note.id)).statusCode).toBe(409);
    expect(razorpay.refundRequests.filter((r) => r.paymentId === paymentId)).toHaveLength(2);
    const b = await books(admin);
    expect(b.refunded).toBe(5782);
    expect(b.invoiced - b.credited).toBe(b.paid - b.refunded);
  });

  it('Retry refund of a refund Razorpay answered as failed: the next generation’s key; the old refund’s late webhook before the new one is recorded changes nothing', async () => {
    razorpay.mode = 'fail';
    const { admin, paymentId, note } = await upgradedOrganisation({ drain: true });
    const first = razorpay.refunds.find((r) => r.paymentId === paymentId);
    if (!first) throw new Error('no refund');
    expect(await noteOf(note.id)).toMatchObject({ refund_status: 'failed', refund_id: first.id });
    // The retry's first attempt is refused: the note waits, pending, with no refund id yet.
    razorpay.mode = 'refuse';
    const res = await t.app.inject({ method: 'POST', url: `/backend/api/Subscriptions/credit-notes/${note.id}/retry-refund`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.jobs.drain()).failed.map((f) => f.name)).toEqual(['subscriptions.refundCreditNote']);
    expect(await noteOf(note.id)).toMatchObject({ refund_status: 'pending', refund_id: null, refund_attempts: 1 });
    // The old refund's refund.failed arrives late, matched by the credit note number in its notes: not this generation's.
    expect(await refundWebhook('refund.failed', first)).toBe('ignored');
    expect(await noteOf(note.id)).toMatchObject({ refund_status: 'pending', refund_id: null });
    // The job's next attempt: the same new key as the refused one, one new refund.
    razorpay.mode = 'ok';
    expect(await refundJob(admin.tenantId, note.id)).toBe('done');
    const keys = razorpay.refundRequests.filter((r) => r.paymentId === paymentId).map((r) => r.key);
    expect(keys).toEqual([first.key, `${String(first.key)}-r1`, `${String(first.key)}-r1`]);
    const refunds = razorpay.refunds.filter((r) => r.paymentId === paymentId);
    expect(refunds.map((r) => r.status)).toEqual(['failed', 'processed']);
    expect(await noteOf(note.id)).toMatchObject({ refund_status: 'processed', refund_id: refunds[1]?.id, refund_attempts: 2 });
    const b = await books(admin);
    expect(b.invoiced - b.credited).toBe(b.paid - b.refunded);
  });

  it('Retry refund is refused while the refund is pending, to a Member, and for another organisation’s credit note', async () => {
    razorpay.mode = 'pending';
    const pending = await upgradedOrganisation({ drain: true });
    razorpay.mode = 'ok';
    expect((await noteOf(pending.note.id))?.refund_status).toBe('pending');
    const wrongState = await retry(pending.admin, pending.note.id);
    expect(wrongState.statusCode).toBe(409);
    expect(wrongState.json()).toMatchObject({ message: MSG.refundNotFailed });
    expect((await noteOf(pending.note.id))?.refund_status).toBe('pending');

    const { admin, note } = await failedRefund();
    // Another organisation's administrator: the note is not found in their organisation, and stays failed.
    const other = await retry(pending.admin, note.id);
    expect(other.statusCode).toBe(404);
    expect((await noteOf(note.id))?.refund_status).toBe('failed');
    // A Member of the same organisation: subscription.manage is for Administrators and Moderators.
    await t.database.db.execute(sql`UPDATE users SET role_id = 3 WHERE id = ${admin.id}`);
    const member = await t.login(`rzp.refund.${String(orgs)}.${backend}@example.in`, 'Secret123');
    expect(member.roleId).toBe(3);
    const denied = await retry(member, note.id);
    expect(denied.statusCode).toBe(403);
    expect(await noteOf(note.id)).toMatchObject({ refund_status: 'failed', refund_attempts: REFUND_ATTEMPTS });
  });
});
