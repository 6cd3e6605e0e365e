import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Checkout, Plan, SessionUser, SubscriptionRow } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness';
import { FAKE_PLAN_IDS, FAKE_RAZORPAY_KEYS, FakeRazorpay, checkoutCallback, fakeRazorpayEnv, type FakeMandate } from '../../testing/fake-razorpay';

/**
 * A downgrade at the end of the period that Razorpay will not apply to the subscription (decision 0298): Razorpay
 * refuses PATCH /v1/subscriptions/{id} when the mandate is UPI ("subscriptions cannot be updated when payment mode is
 * UPI", https://razorpay.com/docs/api/payments/subscriptions/update-subscription) or a domestic card (only the offer can
 * be updated, https://razorpay.com/docs/payments/subscriptions/update/). The downgrade becomes: the current subscription
 * cancelled at its cycle's end, and a new one for the new plan with start_at at the change date, which the customer
 * authorises at its short_url (https://razorpay.com/docs/api/payments/subscriptions/create-subscription). Razorpay is the
 * fake HTTP server of testing/fake-razorpay.ts, which answers as those pages document.
 */
describe.each(BACKENDS)('a downgrade Razorpay refuses becomes a new subscription (%s)', (backend) => {
  const WEBHOOK_SECRET = FAKE_RAZORPAY_KEYS.webhookSecret;
  const razorpay = new FakeRazorpay();
  let t: TestApp;
  let plans: Plan[];
  let orgs = 0;
  const planId = (name: string) => plans.find((p) => p.name === name)?.id ?? '';
  const json = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;
  const epoch = (d: Date) => Math.floor(d.getTime() / 1000);
  const BASIC_MONTHLY = 'plan_fake_basic';
  const DOWNGRADE = { planId: '', quantity: 1, billingType: 'monthly' };

  interface Row {
    id: string;
    status: string;
    plan: string;
    start_at: Date;
    end_at: Date | null;
    provider_subscription_id: string | null;
    scheduled_replacement: boolean;
    authorisation_url: string | null;
    authorised_at: Date | null;
    replaces_subscription_id: string | null;
    mandate_method: string | null;
    scheduled_plan_id: string | null;
  }
  // Timestamps come back as text from one driver and as Date from the other: Dates here.
  const at = (v: unknown) => (v === null ? null : new Date(v as string));
  const rowsOf = async (tenantId: string): Promise<Row[]> =>
    (
      await queryRows<Row>(
        t.database.db,
        sql`SELECT s.id, s.status, p.name AS plan, s.start_at, s.end_at, s.provider_subscription_id, s.scheduled_replacement, s.authorisation_url, s.authorised_at,
                   s.replaces_subscription_id, s.mandate_method, s.scheduled_plan_id
              FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.tenant_id = ${tenantId} AND NOT s.is_trial ORDER BY s.created_at`,
      )
    ).map((r) => ({ ...r, start_at: at(r.start_at) ?? new Date(0), end_at: at(r.end_at), authorised_at: at(r.authorised_at) }));
  const listed = async (user: SessionUser) => json<{ data: SubscriptionRow[] }>(await t.call('GET', `/Subscriptions/customers/${user.tenantId}`, { token: user.token })).data;
  const createdFor = (subscriptionId: string) => [...razorpay.subscriptions.values()].filter((s) => s.notes.subscriptionId === subscriptionId);
  const requestsOn = (providerId: string) => razorpay.subscriptionRequests.filter((r) => r.path.startsWith(`/v1/subscriptions/${providerId}`));
  const creations = () => razorpay.subscriptionRequests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions');
  const webhook = (event: string, payload: Record<string, unknown>) => {
    const hook = razorpay.webhook(WEBHOOK_SECRET, event, payload, t.clock.now());
    return t.call('POST', '/webhooks/razorpay', { body: hook.body, headers: hook.headers });
  };

  /** Professional for 2 users, paid at Razorpay's checkout with the given mandate; the callback verified. */
  async function professionalPaidWith(mandate: FakeMandate) {
    orgs += 1;
    const email = `rzp.change.${String(orgs)}.${backend}@example.in`;
    const admin = await t.registerOrganisation({ organizationName: `Narmada Mills ${String(orgs)}`, email });
    const created = await t.call('POST', '/Subscriptions', { token: admin.token, body: { planId: planId('Professional'), quantity: 2, billingType: 'monthly' } });
    expect(created.statusCode, created.body).toBe(200);
    const checkout = json<Checkout>(created);
    const paymentId = razorpay.capture(checkout.amountPaise, { subscriptionId: checkout.id, mandate });
    const verified = await t.call('POST', `/Subscriptions/${checkout.subscriptionId}/verify`, {
      token: admin.token,
      body: checkoutCallback(paymentId, checkout.id),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const [current] = await rowsOf(admin.tenantId);
    if (!current?.end_at) throw new Error('not active');
    return { admin, current, providerId: checkout.id, email };
  }

  /** The downgrade to Basic with 1 user at the end of the period (its jobs run after the commit unless told not to). */
  async function downgrade(admin: SessionUser, options: { drain: boolean } = { drain: true }) {
    const body = { ...DOWNGRADE, planId: planId('Basic') };
    const res = options.drain
      ? await t.call('POST', '/Subscriptions', { token: admin.token, body })
      : await t.app.inject({ method: 'POST', url: '/backend/api/Subscriptions', headers: { authorization: `Bearer ${admin.token}` }, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { message: string }).message).toMatch(/^Changes to Basic on \d{2} [A-Z][a-z]{2} \d{4}$/);
  }

  beforeAll(async () => {
    const apiUrl = await razorpay.start();
    t = await createTestApp(backend, fakeRazorpayEnv(apiUrl));
    await t.database.db.execute(FAKE_PLAN_IDS);
    plans = json<{ data: Plan[] }>(await t.call('GET', '/Subscriptions/plans')).data;
    const [basic] = await queryRows<{ id: string }>(t.database.db, sql`SELECT razorpay_plan_id AS id FROM plans WHERE name = 'Basic'`);
    expect(basic?.id).toBe(BASIC_MONTHLY);
  });
  afterAll(async () => {
    await t.close();
    await razorpay.stop();
  });

  it('refused by Razorpay (a UPI mandate we had not recorded): cancel at the cycle end, a new subscription from the change date to authorise; a retried job makes no second', async () => {
    const { admin, current, providerId } = await professionalPaidWith('upi');
    // A subscription bought before its mandate was recorded: we learn it from Razorpay's refusal.
    await t.database.db.execute(sql`UPDATE subscriptions SET mandate_method = NULL WHERE id = ${current.id}`);
    await downgrade(admin);

    const asked = requestsOn(providerId);
    expect(asked.map((r) => [r.method, r.path.replace(providerId, ':id'), r.status])).toEqual([
      ['PATCH', '/v1/subscriptions/:id', 400],
      ['POST', '/v1/subscriptions/:id/cancel', 200],
    ]);
    expect(asked[0]?.body).toMatchObject({ plan_id: BASIC_MONTHLY, quantity: 1, schedule_change_at: 'cycle_end' });
    expect(asked[1]?.body).toEqual({ cancel_at_cycle_end: 1 });

    const [old, replacement] = await rowsOf(admin.tenantId);
    expect(old).toMatchObject({ id: current.id, status: 'active', plan: 'Professional', scheduled_plan_id: planId('Basic') });
    expect(replacement).toMatchObject({ status: 'pending', plan: 'Basic', scheduled_replacement: true, replaces_subscription_id: current.id, start_at: current.end_at });
    const made = createdFor(replacement?.id ?? '');
    expect(made).toHaveLength(1);
    // Razorpay's create call: the new plan and users, billing from the end of the paid period, Razorpay telling the customer.
    expect(made[0]).toMatchObject({ planId: BASIC_MONTHLY, quantity: 1, totalCount: 100, startAt: epoch(current.end_at ?? new Date()), customerNotify: 1, notes: { subscriptionId: replacement?.id, tenantId: admin.tenantId } });
    expect(replacement).toMatchObject({ provider_subscription_id: made[0]?.id, authorisation_url: made[0]?.shortUrl });

    // My Subscription: the downgrade is scheduled, the new plan needs authorising, with the link.
    const rows = await listed(admin);
    const pro = rows.find((r) => r.subscriptionId === current.id);
    expect(pro?.scheduledChange).toEqual({ planName: 'Basic', billingType: 'monthly', quantity: 1, at: epoch(current.end_at ?? new Date()), newSubscription: { authorisationUrl: made[0]?.shortUrl, authorised: false } });
    expect(rows.find((r) => r.subscriptionId === replacement?.id)).toMatchObject({ status: 'pending', planName: 'Basic', authorisationUrl: made[0]?.shortUrl });
    // Not a checkout left pending: buying again is not warned about it.
    expect(json<{ data: unknown }>(await t.call('GET', `/Subscriptions/pending/${admin.tenantId}`, { token: admin.token })).data).toBeNull();
    // Razorpay cannot take back the cancellation at the cycle's end: no undo.
    const undo = await t.call('DELETE', `/Subscriptions/${current.id}/scheduled-change`, { token: admin.token });
    expect(undo.statusCode).toBe(409);
    expect((undo.json() as { message: string }).message).toContain('This change cannot be undone');

    // The job delivered again: it finds the new subscription and asks Razorpay nothing.
    const before = razorpay.subscriptionRequests.length;
    await t.app.jobs.send('subscriptions.providerScheduleChange', { tenantId: admin.tenantId, data: { providerSubscriptionId: providerId, change: { providerPlanId: BASIC_MONTHLY, quantity: 1 } } });
    expect(await t.drainJobs()).toBe(1);
    expect(razorpay.subscriptionRequests.length).toBe(before);
    expect(createdFor(replacement?.id ?? '')).toHaveLength(1);
    expect((await rowsOf(admin.tenantId)).filter((r) => r.scheduled_replacement)).toHaveLength(1);
  });

  it('a domestic card known from the payment: no update is tried; a creation whose answer was lost is found again by its notes on the retry', async () => {
    const { admin, current, providerId } = await professionalPaidWith('card_domestic');
    expect(current.mandate_method).toBe('card_domestic');
    razorpay.createMode = 'lose_answer_once';
    await downgrade(admin, { drain: false });
    const first = await t.app.jobs.drain();
    expect(first.failed.map((f) => f.name)).toEqual(['subscriptions.providerScheduleChange']);
    // Known beforehand: no PATCH at all; the cancellation went (its own job) and Razorpay did create the subscription.
    expect(requestsOn(providerId).map((r) => r.method + ' ' + r.path.replace(providerId, ':id'))).toEqual(['POST /v1/subscriptions/:id/cancel']);
    const replacement = (await rowsOf(admin.tenantId)).find((r) => r.scheduled_replacement);
    expect(replacement).toMatchObject({ status: 'pending', provider_subscription_id: null });
    expect(createdFor(replacement?.id ?? '')).toHaveLength(1);

    // pg-boss's retry (60 s later; run here directly): the one Razorpay made is found and recorded, none created.
    const creating = creations().length;
    await t.tenantSteps(admin.tenantId, (steps) => t.app.services.subscriptions.providerScheduleChange(steps, { providerSubscriptionId: providerId, change: { providerPlanId: BASIC_MONTHLY, quantity: 1 } }));
    expect(creations().length).toBe(creating);
    const made = createdFor(replacement?.id ?? '');
    expect(made).toHaveLength(1);
    expect((await rowsOf(admin.tenantId)).find((r) => r.scheduled_replacement)).toMatchObject({ provider_subscription_id: made[0]?.id, authorisation_url: made[0]?.shortUrl });
    expect(requestsOn(providerId).filter((r) => r.path.endsWith('/cancel'))).toHaveLength(1);
  });

  it('an international card: Razorpay schedules the change on the same subscription, as before', async () => {
    const { admin, providerId } = await professionalPaidWith('card_international');
    await downgrade(admin);
    expect(requestsOn(providerId).map((r) => [r.method, r.status])).toEqual([['PATCH', 200]]);
    expect(razorpay.subscriptions.get(providerId)?.scheduledChange).toEqual({ planId: BASIC_MONTHLY, quantity: 1 });
    expect((await rowsOf(admin.tenantId)).filter((r) => r.scheduled_replacement)).toHaveLength(0);
    expect((await listed(admin)).find((r) => r.razorPaySubscriptionId === providerId)?.scheduledChange?.newSubscription).toBeNull();
  });

  it('authorised (subscription.authenticated), then charged at the change date: the new subscription is the plan in force and the old one ends', async () => {
    const { admin, current } = await professionalPaidWith('upi');
    await downgrade(admin);
    const replacement = (await rowsOf(admin.tenantId)).find((r) => r.scheduled_replacement);
    const newId = replacement?.provider_subscription_id ?? '';
    razorpay.authorise(newId, 'upi');
    const authenticated = await webhook('subscription.authenticated', { subscription: { entity: { id: newId, status: 'authenticated', notes: { subscriptionId: replacement?.id } } } });
    expect(authenticated.json()).toMatchObject({ message: 'applied' });
    const rows = await listed(admin);
    expect(rows.find((r) => r.subscriptionId === current.id)?.scheduledChange?.newSubscription).toEqual({ authorisationUrl: null, authorised: true });
    expect(rows.find((r) => r.subscriptionId === replacement?.id)?.authorisationUrl).toBeNull();

    // The change date: Razorpay charges the new subscription at its start_at (Basic, 1 user: ₹49 + 18% GST), before our period-end job has run.
    t.clock.advance((current.end_at?.getTime() ?? 0) - t.clock.now().getTime() + 60_000);
    const paymentId = razorpay.capture(5782, { subscriptionId: newId, mandate: 'upi' });
    const nextEnd = epoch(current.end_at ?? new Date()) + 31 * 86_400;
    const charged = await webhook('subscription.charged', { subscription: { entity: { id: newId, status: 'active', current_end: nextEnd } }, payment: { entity: razorpay.paymentEntity(paymentId) } });
    expect(charged.json()).toMatchObject({ message: 'applied' });
    await t.globalScope((scope) => t.app.services.subscriptions.lapse(scope));
    const [old, now] = await rowsOf(admin.tenantId);
    expect(old).toMatchObject({ status: 'cancelled', plan: 'Professional', scheduled_plan_id: null, end_at: current.end_at });
    expect(now).toMatchObject({ id: replacement?.id, status: 'active', plan: 'Basic', mandate_method: 'upi', end_at: new Date(nextEnd * 1000) });
    const [invoice] = await queryRows<{ total: number }>(t.database.db, sql`SELECT (data->'gst'->>'totalPaise')::int AS total FROM plan_invoices WHERE subscription_id = ${replacement?.id ?? ''}`);
    expect(invoice?.total).toBe(5782);
    // The Professional plan is not changed in our books: its invoice stays Professional's.
    const inForce = await queryRows<{ plan: string }>(t.database.db, sql`SELECT p.name AS plan FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.tenant_id = ${admin.tenantId} AND s.status = 'active' AND s.start_at <= ${t.clock.now()} AND (s.end_at IS NULL OR s.end_at > ${t.clock.now()})`);
    expect(inForce).toEqual([{ plan: 'Basic' }]);
  });

  it('never authorised: at the change date the old plan ends and the new one is past due (halted, no plan in force) until its first charge', async () => {
    const { admin: buyer, current, email } = await professionalPaidWith('upi');
    await downgrade(buyer);
    const replacement = (await rowsOf(buyer.tenantId)).find((r) => r.scheduled_replacement);
    t.clock.advance((current.end_at?.getTime() ?? 0) - t.clock.now().getTime() + 60_000);
    // A month on, the session has expired: sign in again.
    const admin = await t.login(email, 'Secret123');
    await t.globalScope((scope) => t.app.services.subscriptions.lapse(scope));
    const [old, unpaid] = await rowsOf(admin.tenantId);
    expect(old).toMatchObject({ status: 'cancelled', plan: 'Professional', scheduled_plan_id: null });
    expect(unpaid).toMatchObject({ id: replacement?.id, status: 'halted', plan: 'Basic', start_at: current.end_at, end_at: null });
    const inForce = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM subscriptions WHERE tenant_id = ${admin.tenantId} AND status = 'active'`);
    expect(inForce[0]?.n).toBe(0);
    // My Subscription still offers the authorisation.
    expect((await listed(admin)).find((r) => r.subscriptionId === replacement?.id)).toMatchObject({ status: 'halted', authorisationUrl: replacement?.authorisation_url });

    // Authorised late: Razorpay's first charge activates it from that day.
    const newId = replacement?.provider_subscription_id ?? '';
    t.clock.advance(3 * 86_400_000);
    const paymentId = razorpay.capture(5782, { subscriptionId: newId, mandate: 'upi' });
    const charged = await webhook('subscription.charged', { subscription: { entity: { id: newId, status: 'active' } }, payment: { entity: razorpay.paymentEntity(paymentId) } });
    expect(charged.json()).toMatchObject({ message: 'applied' });
    const [, active] = await rowsOf(admin.tenantId);
    expect(active).toMatchObject({ status: 'active', plan: 'Basic' });
    // From the charge (the webhook's created_at, whole seconds), not from the change date it missed.
    expect(active?.start_at.getTime()).toBe(epoch(t.clock.now()) * 1000);
  });

  it('a cancellation drops the new subscription of a scheduled downgrade, here and at Razorpay', async () => {
    const { admin, current, providerId } = await professionalPaidWith('upi');
    await downgrade(admin);
    const replacement = (await rowsOf(admin.tenantId)).find((r) => r.scheduled_replacement);
    const res = await t.call('PATCH', `/Subscriptions/${providerId}/${current.id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowsOf(admin.tenantId)).find((r) => r.id === replacement?.id)?.status).toBe('cancelled');
    expect(requestsOn(replacement?.provider_subscription_id ?? '')).toEqual([expect.objectContaining({ method: 'POST', body: { cancel_at_cycle_end: 0 } })]);
  });
});
