import { createHmac } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@tankha/contracts';
import type { Checkout, Plan, SessionUser, SubscriptionRow } from '@tankha/contracts';
import { dateInZone, financialYearOf, formatDisplayDate } from '@tankha/domain';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness';
import type { LocalPaymentProvider } from './payments/local.provider';
import { CREDIT_NOTE_REASON } from './plan-invoice-pdf';

/**
 * Issue 14 through HTTP with the local test provider: purchase → active → upgrade now → downgrade at
 * the period's end → cancel; the free plan; dismissal; invoices; webhooks (signature, replays, order);
 * invoice numbers under concurrent captures; another organisation.
 */
describe.each(BACKENDS)('subscriptions and payments (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let other: SessionUser;
  let plans: Plan[];
  const plan = (name: string) => {
    const p = plans.find((x) => x.name === name);
    if (!p) throw new Error(`no plan ${name}`);
    return p;
  };
  const json = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;
  const unitYearly = (name: string) => plan(name).yearlyPricePerUser * 100 * (1 - (plan(name).offer?.discountPercent ?? 0) / 100);
  const list = async (user = admin) => json<{ data: SubscriptionRow[] }>(await t.call('GET', `/Subscriptions/customers/${user.tenantId}`, { token: user.token })).data;

  /** Create, pay on the local checkout, send the callback to verify. */
  async function buy(user: SessionUser, body: Record<string, unknown>): Promise<Checkout> {
    const created = await t.call('POST', '/Subscriptions', { token: user.token, body });
    expect(created.statusCode, created.body).toBe(200);
    const checkout = json<Checkout>(created);
    const paid = await t.call('POST', `/LocalPayments/${checkout.id}/pay`, { token: user.token });
    expect(paid.statusCode, paid.body).toBe(200);
    const verified = await t.call('POST', `/Subscriptions/${checkout.subscriptionId}/verify`, { token: user.token, body: json(paid) });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((verified.json() as { message: string }).message).toBe(MSG.paymentSuccess);
    return checkout;
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.registerOrganisation({ organizationName: 'Godavari Foods', email: `subs.admin.${backend}@example.in` });
    other = await t.registerOrganisation({ organizationName: 'Krishna Mills', email: `subs.other.${backend}@example.in` });
    plans = json<{ data: Plan[] }>(await t.call('GET', '/Subscriptions/plans')).data;
  });
  afterAll(async () => {
    await t.close();
  });

  it('validates the user count: at least the active users, at most 10,000, a whole number', async () => {
    const basic = plan('Basic').id;
    const zero = await t.call('POST', '/Subscriptions', { token: admin.token, body: { planId: basic, quantity: 0, billingType: 'monthly' } });
    expect(zero.statusCode).toBe(400);
    const many = await t.call('POST', '/Subscriptions', { token: admin.token, body: { planId: basic, quantity: 10_001, billingType: 'monthly' } });
    expect(many.statusCode).toBe(400);
    expect(many.body).toContain('Number of users cannot be more than 10000.');
    const half = await t.call('POST', '/Subscriptions', { token: admin.token, body: { planId: basic, quantity: 1.5, billingType: 'monthly' } });
    expect(half.statusCode).toBe(400);
    const noPlan = await t.call('POST', '/Subscriptions', { token: admin.token, body: { planId: '00000000-0000-4000-8000-000000000000', quantity: 1, billingType: 'monthly' } });
    expect(noPlan.statusCode).toBe(404);
  });

  it('buys Basic through the local checkout: pending, then active with a GST invoice; the trial ends', async () => {
    expect(json<{ data: unknown }>(await t.call('GET', `/Subscriptions/pending/${admin.tenantId}`, { token: admin.token })).data).toBeNull();
    const created = await t.call('POST', '/Subscriptions', { token: admin.token, body: { planId: plan('Basic').id, quantity: 1, billingType: 'monthly', totalCount: 100, startAt: 0 } });
    expect(created.statusCode, created.body).toBe(200);
    const checkout = json<Checkout>(created);
    expect(checkout).toMatchObject({ provider: 'local', keyId: null, planName: 'Basic', quantity: 1, taxablePaise: 4900, amountPaise: 5782, currency: 'INR' });
    expect(checkout.prefill.email).toBe(`subs.admin.${backend}@example.in`);
    const pending = json<{ data: { planName: string; status: string } }>(await t.call('GET', `/Subscriptions/pending/${admin.tenantId}`, { token: admin.token })).data;
    expect(pending).toMatchObject({ planName: 'Basic', status: 'pending' });
    const page = await t.call('GET', `/LocalPayments/${checkout.id}`, { token: admin.token });
    expect(json<Checkout>(page).amountPaise).toBe(5782);

    // Pay: the local provider's webhook (a job after the commit) captures first; the callback then verifies.
    const paid = await t.call('POST', `/LocalPayments/${checkout.id}/pay`, { token: admin.token });
    const callback = json<{ razorpay_payment_id: string; razorpay_subscription_id: string; razorpay_signature: string }>(paid);
    const tampered = { ...callback, razorpay_signature: callback.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) };
    const bad = await t.call('POST', `/Subscriptions/${checkout.subscriptionId}/verify`, { token: admin.token, body: tampered });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MSG.paymentFailed });
    const ok = await t.call('POST', `/Subscriptions/${checkout.subscriptionId}/verify`, { token: admin.token, body: callback });
    expect(ok.statusCode, ok.body).toBe(200);

    const session = await t.login(`subs.admin.${backend}@example.in`, 'Secret123');
    expect(session).toMatchObject({ planName: 'Basic', isTenantOnTrial: false });
    const rows = await list();
    const basic = rows.find((r) => r.planName === 'Basic');
    expect(basic).toMatchObject({ status: 'active', quantity: 1, billing_type: 'monthly', total_count: 100, hasInvoices: true, razorPaySubscriptionId: checkout.id });
    expect(rows.find((r) => r.isTrial)?.status).toBe('expired');
    const [payments] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM payments WHERE subscription_id = ${checkout.subscriptionId}`);
    expect(payments?.n).toBe(1);

    const month = dateInZone(t.clock.now(), 'Asia/Kolkata').slice(0, 7);
    const pdf = await t.call('GET', `/Subscriptions/invoices/renewal?subscriptionId=${checkout.subscriptionId}&invoiceMonth=${month}`, { token: admin.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [invoice] = await queryRows<{ invoice_number: string; data: { gst: { cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number; totalInWords: string }; sac: string } }>(
      t.database.db,
      sql`SELECT invoice_number, data FROM plan_invoices WHERE subscription_id = ${checkout.subscriptionId}`,
    );
    // No GSTIN on the organisation: supplied in the seller's state, CGST 9% + SGST 9% of ₹49.
    expect(invoice?.data.gst).toMatchObject({ cgstPaise: 441, sgstPaise: 441, igstPaise: 0, totalPaise: 5782, totalInWords: 'Rupees Fifty Seven and Eighty Two Paise Only' });
    expect(invoice?.data.sac).toBe('998315');
    expect(invoice?.invoice_number).toMatch(new RegExp(`^TK/${financialYearOf(dateInZone(t.clock.now(), 'Asia/Kolkata')).slice(2)}/\\d{6}$`));
    const none = await t.call('GET', `/Subscriptions/invoices/renewal?subscriptionId=${checkout.subscriptionId}&invoiceMonth=2001-01`, { token: admin.token });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ message: MSG.noInvoiceForMonth });
  });

  it('refuses another organisation: its list, pending, checkout, payment, verify, cancel and invoices', async () => {
    const mine = (await list()).find((r) => r.planName === 'Basic');
    if (!mine?.razorPaySubscriptionId) throw new Error('no Basic');
    expect((await t.call('GET', `/Subscriptions/customers/${admin.tenantId}`, { token: other.token })).statusCode).toBe(403);
    expect((await t.call('GET', `/Subscriptions/pending/${admin.tenantId}`, { token: other.token })).statusCode).toBe(403);
    expect((await t.call('GET', `/LocalPayments/${mine.razorPaySubscriptionId}`, { token: other.token })).statusCode).toBe(404);
    expect((await t.call('POST', `/LocalPayments/${mine.razorPaySubscriptionId}/pay`, { token: other.token })).statusCode).toBe(404);
    const verify = await t.call('POST', `/Subscriptions/${mine.subscriptionId}/verify`, { token: other.token, body: { razorpay_payment_id: 'pay_x', razorpay_subscription_id: mine.razorPaySubscriptionId, razorpay_signature: 'ab' } });
    expect(verify.statusCode).toBe(404);
    expect((await t.call('PATCH', `/Subscriptions/${mine.razorPaySubscriptionId}/${mine.subscriptionId}`, { token: other.token })).statusCode).toBe(404);
    const month = dateInZone(t.clock.now(), 'Asia/Kolkata').slice(0, 7);
    expect((await t.call('GET', `/Subscriptions/invoices/renewal?subscriptionId=${mine.subscriptionId}&invoiceMonth=${month}`, { token: other.token })).statusCode).toBe(404);
    expect((await list()).find((r) => r.subscriptionId === mine.subscriptionId)?.cancelRequestedAt).toBeNull();
  });

  /** Invoices less credit notes equal what was paid, for the organisation (fair billing). */
  async function books(user: SessionUser) {
    const [row] = await queryRows<{ invoiced: number; credited: number; paid: number; notes: number }>(
      t.database.db,
      sql`SELECT (SELECT coalesce(sum((data->'gst'->>'totalPaise')::int), 0) FROM plan_invoices WHERE tenant_id = ${user.tenantId})::int AS invoiced,
                 (SELECT coalesce(sum(total_paise), 0) FROM plan_credit_notes WHERE tenant_id = ${user.tenantId})::int AS credited,
                 (SELECT count(*) FROM plan_credit_notes WHERE tenant_id = ${user.tenantId})::int AS notes,
                 (SELECT coalesce(sum(amount_paise), 0) FROM payments WHERE tenant_id = ${user.tenantId})::int AS paid`,
    );
    return { invoiced: Number(row?.invoiced), credited: Number(row?.credited), paid: Number(row?.paid), notes: Number(row?.notes) };
  }
  const epochDate = (sec: number) => dateInZone(new Date(sec * 1000), 'Asia/Kolkata');
  const dayCount = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

  it('upgrades the same day: the whole of Basic’s payment is credited; a credit note against its invoice; the books add up', async () => {
    const checkout = await buy(admin, { planId: plan('Professional').id, quantity: 2, billingType: 'monthly', scheduleChangesAt: 'now' });
    // Professional 2 × ₹99 + GST (₹233.64) less the credit for all 31/30/… days of Basic’s ₹49 + GST (₹57.82)
    expect(checkout).toMatchObject({ creditPaise: 5782, taxablePaise: 2 * 9900 - 4900, amountPaise: 2 * 9900 + 2 * 1782 - 5782, scheduledAt: null });
    const rows = await list();
    expect(rows.find((r) => r.planName === 'Professional')).toMatchObject({ status: 'active', quantity: 2 });
    expect(rows.find((r) => r.planName === 'Basic')?.status).toBe('cancelled');
    expect((await t.login(`subs.admin.${backend}@example.in`, 'Secret123')).planName).toBe('Professional');
    const [note] = await queryRows<{ credit_note_number: string; total_paise: number; against: string; basic: string }>(
      t.database.db,
      sql`SELECT n.credit_note_number, n.total_paise, i.invoice_number AS against, (SELECT invoice_number FROM plan_invoices WHERE subscription_id = n.subscription_id LIMIT 1) AS basic
            FROM plan_credit_notes n JOIN plan_invoices i ON i.id = n.invoice_id WHERE n.tenant_id = ${admin.tenantId}`,
    );
    expect(note?.credit_note_number).toMatch(/^TK\/CN\/\d{2}-\d{2}\/0001$/);
    expect(note?.credit_note_number.length).toBeLessThanOrEqual(16);
    expect(note?.total_paise).toBe(5782);
    expect(note?.against).toBe(note?.basic);
    // The local checkout took the credit off the charge: nothing to refund, and no refund job was queued.
    const [jobs] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'subscriptions.refundCreditNote'`);
    expect(jobs?.n).toBe(0);
    const b = await books(admin);
    expect(b.invoiced - b.credited).toBe(b.paid);
  });

  it('the credit note is listed under the replaced plan and downloads as a PDF with rule 53 particulars; only its organisation\'s administrator gets it', async () => {
    const basic = (await list()).find((r) => r.planName === 'Basic');
    const note = basic?.creditNotes[0];
    if (!note) throw new Error('no credit note listed');
    const [invoice] = await queryRows<{ invoice_number: string; invoice_date: string }>(t.database.db, sql`SELECT invoice_number, invoice_date FROM plan_invoices WHERE subscription_id = ${basic.subscriptionId}`);
    expect(note).toMatchObject({ creditNoteNumber: expect.stringMatching(/^TK\/CN\/\d{2}-\d{2}\/0001$/), againstInvoiceNumber: invoice?.invoice_number, total: 57.82, refundStatus: null });
    expect((await list()).find((r) => r.planName === 'Professional')?.creditNotes).toEqual([]);
    const res = await t.call('GET', `/Subscriptions/credit-notes/${note.id}/pdf`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`${note.creditNoteNumber.replaceAll('/', '-')}.pdf`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
    const words = text.replace(/\s+/g, ' ');
    for (const expected of ['CREDIT NOTE', note.creditNoteNumber, formatDisplayDate(note.creditNoteDate), invoice?.invoice_number ?? '?', formatDisplayDate(invoice?.invoice_date ?? '2000-01-01'), CREDIT_NOTE_REASON, 'Godavari Foods', '998315', '₹57.82']) {
      expect(words).toContain(expected);
    }
    // Another organisation's administrator: not found (tenancy); signed out: 401. Members and moderators: the security suite's 403 (subscription.manage).
    expect((await t.call('GET', `/Subscriptions/credit-notes/${note.id}/pdf`, { token: other.token })).statusCode).toBe(404);
    expect((await t.call('GET', '/Subscriptions/credit-notes/0b6f8e1c-5d2a-4c3b-9e7f-1a2b3c4d5e6f/pdf', { token: admin.token })).json()).toMatchObject({ message: MSG.creditNoteNotFound });
    expect((await t.call('GET', `/Subscriptions/credit-notes/${note.id}/pdf`)).statusCode).toBe(401);
  });

  it('upgrades mid-period: 3 users from the 11th day, credit for the unused days only', async () => {
    t.clock.advance(10 * 86_400_000);
    admin = await t.login(`subs.admin.${backend}@example.in`, 'Secret123');
    other = await t.login(`subs.other.${backend}@example.in`, 'Secret123');
    const pro = (await list()).find((r) => r.planName === 'Professional' && r.status === 'active');
    if (!pro?.endAt) throw new Error('no Professional');
    const start = epochDate(pro.startAt);
    const end = epochDate(pro.endAt);
    const today = dateInZone(t.clock.now(), 'Asia/Kolkata');
    const periodDays = dayCount(start, end);
    const unused = periodDays - dayCount(start, today);
    expect(dayCount(start, today)).toBe(10);
    // ₹198 × unused ÷ period, half up to the paisa; GST 18% on the credit as two halves of 9%
    const creditTaxable = Math.floor((19_800 * unused * 2 + periodDays) / (periodDays * 2));
    const half = Math.floor((creditTaxable * 900 * 2 + 10_000) / 20_000);
    const checkout = await buy(admin, { planId: plan('Professional').id, quantity: 3, billingType: 'monthly' });
    expect(checkout.creditPaise).toBe(creditTaxable + 2 * half);
    expect(checkout.amountPaise).toBe(3 * 9900 + 3 * 1782 - (creditTaxable + 2 * half));
    expect((await list()).find((r) => r.planName === 'Professional' && r.status === 'active')).toMatchObject({ quantity: 3 });
    const b = await books(admin);
    expect(b.notes).toBe(2);
    expect(b.invoiced - b.credited).toBe(b.paid);
  });

  it('downgrades at the period’s end: nothing charged now, the screen’s words, undo, then applied when the period ends', async () => {
    const before = await books(admin);
    const pendingBefore = (await list()).length;
    // A cheaper plan asked for "now" still waits: it is a downgrade.
    const res = await t.call('POST', '/Subscriptions', { token: admin.token, body: { planId: plan('Standard').id, quantity: 3, billingType: 'monthly', scheduleChangesAt: 'now' } });
    expect(res.statusCode, res.body).toBe(200);
    let pro = (await list()).find((r) => r.planName === 'Professional' && r.status === 'active');
    if (!pro?.endAt) throw new Error('no Professional');
    const on = formatDisplayDate(epochDate(pro.endAt));
    expect(res.json()).toMatchObject({ message: `Changes to Standard on ${on}`, data: { amountPaise: 0, scheduledAt: pro.endAt, id: '' } });
    expect(pro.scheduledChange).toEqual({ planName: 'Standard', billingType: 'monthly', quantity: 3, at: pro.endAt, newSubscription: null });
    expect((await list()).length).toBe(pendingBefore);
    expect(await books(admin)).toEqual(before);
    // another organisation can neither see nor undo it
    expect((await t.call('DELETE', `/Subscriptions/${pro.subscriptionId}/scheduled-change`, { token: other.token })).statusCode).toBe(404);
    const undo = await t.call('DELETE', `/Subscriptions/${pro.subscriptionId}/scheduled-change`, { token: admin.token });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({ message: 'The scheduled change was undone; Professional continues.' });
    expect((await list()).find((r) => r.subscriptionId === pro?.subscriptionId)?.scheduledChange).toBeNull();
    const none = await t.call('DELETE', `/Subscriptions/${pro.subscriptionId}/scheduled-change`, { token: admin.token });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ message: MSG.noScheduledChange });

    // Scheduled again, at the period's end as asked: Standard, 2 users, yearly.
    const again = await t.call('POST', '/Subscriptions', { token: admin.token, body: { planId: plan('Standard').id, quantity: 2, billingType: 'yearly', scheduleChangesAt: 'cycle_end' } });
    expect(again.json()).toMatchObject({ message: `Changes to Standard on ${on}` });
    expect((await t.login(`subs.admin.${backend}@example.in`, 'Secret123')).planName).toBe('Professional');

    // The period ends: the schedule applies the change; the renewal (the provider's charge) is billed as Standard.
    t.clock.advance(32 * 86_400_000);
    admin = await t.login(`subs.admin.${backend}@example.in`, 'Secret123');
    await t.globalScope((scope) => t.app.services.subscriptions.lapse(scope));
    pro = (await list()).find((r) => r.subscriptionId === pro?.subscriptionId);
    expect(pro).toMatchObject({ planName: 'Standard', quantity: 2, billing_type: 'yearly', scheduledChange: null });
    const provider = t.app.services.subscriptions.provider as LocalPaymentProvider;
    const renewal = provider.webhook('subscription.charged', { subscription: { entity: { id: pro?.razorPaySubscriptionId, status: 'active' } }, payment: { entity: { id: 'pay_renew_std', status: 'captured' } } }, t.clock.now());
    await t.globalScope((scope) => t.app.services.subscriptions.handleWebhook(scope, renewal.rawBody, renewal.signature, renewal.eventId));
    admin = await t.login(`subs.admin.${backend}@example.in`, 'Secret123');
    other = await t.login(`subs.other.${backend}@example.in`, 'Secret123');
    expect(admin.planName).toBe('Standard');
    const [inv] = await queryRows<{ taxable: number }>(t.database.db, sql`SELECT (i.data->'gst'->>'taxablePaise')::int AS taxable FROM plan_invoices i JOIN payments p ON p.id = i.payment_id WHERE p.provider_payment_id = 'pay_renew_std'`);
    expect(Number(inv?.taxable)).toBe(2 * unitYearly('Standard'));
    const b = await books(admin);
    expect(b.invoiced - b.credited).toBe(b.paid);
  });

  it('to the free plan at the period’s end: the paid plan runs out, then Free starts where it ended', async () => {
    let third = await t.registerOrganisation({ organizationName: 'Tunga Textiles', email: `subs.third.${backend}@example.in` });
    await buy(third, { planId: plan('Basic').id, quantity: 1, billingType: 'monthly' });
    const basic = (await list(third)).find((r) => r.planName === 'Basic');
    if (!basic?.endAt) throw new Error('no Basic');
    const res = await t.call('POST', '/Subscriptions/create', { token: third.token, body: { planId: plan('Free').id } });
    expect(res.json()).toMatchObject({ message: `Changes to Free on ${formatDisplayDate(epochDate(basic.endAt))}` });
    expect((await t.login(`subs.third.${backend}@example.in`, 'Secret123')).planName).toBe('Basic');
    t.clock.advance(32 * 86_400_000);
    third = await t.login(`subs.third.${backend}@example.in`, 'Secret123');
    // the next read applies it
    const rows = await list(third);
    expect(rows.find((r) => r.planName === 'Basic')?.status).toBe('cancelled');
    expect(rows.find((r) => r.planName === 'Free')).toMatchObject({ status: 'active', startAt: basic.endAt });
    expect((await t.login(`subs.third.${backend}@example.in`, 'Secret123')).planName).toBe('Free');
    admin = await t.login(`subs.admin.${backend}@example.in`, 'Secret123');
    other = await t.login(`subs.other.${backend}@example.in`, 'Secret123');
  });

  it('cancels: only an active, non-trial subscription, once; the trial cannot be', async () => {
    const rows = await list();
    const trial = rows.find((r) => r.isTrial);
    const std = rows.find((r) => r.planName === 'Standard');
    if (!trial || !std?.razorPaySubscriptionId) throw new Error('rows missing');
    const t1 = await t.call('PATCH', `/Subscriptions/none/${trial.subscriptionId}`, { token: admin.token });
    expect(t1.statusCode).toBe(400);
    expect(t1.json()).toMatchObject({ message: MSG.trialCannotBeCancelled });
    const wrong = await t.call('PATCH', `/Subscriptions/sub_unknown/${std.subscriptionId}`, { token: admin.token });
    expect(wrong.json()).toMatchObject({ message: MSG.subscriptionNotInProvider });
    const member = await t.call('PATCH', `/Subscriptions/${std.razorPaySubscriptionId}/${std.subscriptionId}`, { token: other.token });
    expect(member.statusCode).toBe(404);
    const done = await t.call('PATCH', `/Subscriptions/${std.razorPaySubscriptionId}/${std.subscriptionId}`, { token: admin.token });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message: MSG.cancellationInitiated });
    const again = await t.call('PATCH', `/Subscriptions/${std.razorPaySubscriptionId}/${std.subscriptionId}`, { token: admin.token });
    expect(again.statusCode).toBe(409);
    // Access runs to the end of the paid year.
    expect((await t.login(`subs.admin.${backend}@example.in`, 'Secret123')).planName).toBe('Standard');
    // It stays active until its end, which the reply of a later downgrade names.
    const cancelled = (await list()).find((r) => r.subscriptionId === std.subscriptionId);
    expect(cancelled).toMatchObject({ status: 'active', endAt: std.endAt });
    const down = await t.call('POST', '/Subscriptions', { token: admin.token, body: { planId: plan('Basic').id, quantity: 2, billingType: 'monthly' } });
    expect(down.statusCode).toBe(409);
    expect(down.json()).toMatchObject({ message: MSG.cancelledPlanNoDowngrade.replace('{date}', formatDisplayDate(dateInZone(new Date((std.endAt ?? 0) * 1000), 'Asia/Kolkata'))) });
  });

  it('a dismissed checkout cancels the pending subscription; a new checkout overrides a pending one', async () => {
    const a = json<Checkout>(await t.call('POST', '/Subscriptions', { token: other.token, body: { planId: plan('Premium').id, quantity: 1, billingType: 'monthly' } }));
    const b = json<Checkout>(await t.call('POST', '/Subscriptions', { token: other.token, body: { planId: plan('Basic').id, quantity: 1, billingType: 'monthly' } }));
    let rows = await list(other);
    expect(rows.find((r) => r.subscriptionId === a.subscriptionId)?.status).toBe('cancelled');
    const dismissed = await t.call('PUT', `/Subscriptions/${b.subscriptionId}/status/cancelled`, { token: other.token });
    expect(dismissed.statusCode).toBe(200);
    rows = await list(other);
    expect(rows.find((r) => r.subscriptionId === b.subscriptionId)?.status).toBe('cancelled');
    expect((await t.call('POST', `/LocalPayments/${b.id}/pay`, { token: other.token })).statusCode).toBe(404);
    expect((await t.call('PUT', `/Subscriptions/${b.subscriptionId}/status/cancelled`, { token: other.token })).statusCode).toBe(409);
    expect((await t.call('PUT', `/Subscriptions/${b.subscriptionId}/status/active`, { token: other.token })).statusCode).toBe(400);
  });

  it('activates the free plan at once with 1 user; it has no invoices', async () => {
    const res = await t.call('POST', '/Subscriptions/create', { token: other.token, body: { planId: plan('Free').id, quantity: 10, numberOfUsers: 1, billingType: 'monthly', planName: 'Free' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.freeActivated });
    const session = await t.login(`subs.other.${backend}@example.in`, 'Secret123');
    expect(session).toMatchObject({ planName: 'Free', isTenantOnFreePlan: true, isTenantOnTrial: false });
    const free = (await list(other)).find((r) => r.planName === 'Free');
    expect(free).toMatchObject({ status: 'active', quantity: 1, isFreePlan: true, billing_type: 'free' });
    const again = await t.call('POST', '/Subscriptions/create', { token: other.token, body: { planId: plan('Free').id } });
    expect(again.statusCode).toBe(409);
    const inv = await t.call('GET', `/Subscriptions/invoices/renewal?subscriptionId=${free?.subscriptionId ?? ''}&invoiceMonth=2026-01`, { token: other.token });
    expect(inv.json()).toMatchObject({ message: MSG.freePlanNoInvoice });
  });

  describe('webhooks', () => {
    const provider = () => t.app.services.subscriptions.provider as LocalPaymentProvider;
    const send = (hook: { rawBody: Buffer; signature: string; eventId: string }) =>
      t.call('POST', '/webhooks/razorpay', { body: hook.rawBody, headers: { 'content-type': 'application/json', 'x-razorpay-signature': hook.signature, 'x-razorpay-event-id': hook.eventId } });
    const standard = async () => {
      const row = (await list()).find((r) => r.planName === 'Standard');
      if (!row?.razorPaySubscriptionId) throw new Error('no Standard');
      return row;
    };

    it('refuses a bad signature, a tampered byte, and signs over the raw bytes (whitespace kept)', async () => {
      const sub = await standard();
      const hook = provider().webhook('subscription.activated', { subscription: { entity: { id: sub.razorPaySubscriptionId } } }, t.clock.now());
      const tampered = Buffer.from(hook.rawBody);
      tampered[tampered.length - 2] = (tampered[tampered.length - 2] ?? 0) ^ 1;
      expect((await send({ ...hook, rawBody: tampered })).statusCode).toBe(400);
      expect((await send({ ...hook, signature: 'not-hex' })).statusCode).toBe(400);
      const spaced = Buffer.from(JSON.stringify(JSON.parse(hook.rawBody.toString()), null, 2));
      expect((await send({ ...hook, rawBody: spaced })).statusCode).toBe(400);
      const good = await send(hook);
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json()).toMatchObject({ message: 'applied' });
      expect((await send(hook)).json()).toMatchObject({ message: 'duplicate' });
    });

    it('applies events in any order: a late, older charge is captured but does not revive a cancelled subscription', async () => {
      const sub = await standard();
      const id = sub.razorPaySubscriptionId ?? '';
      const now = t.clock.now();
      const cancelled = provider().webhook('subscription.cancelled', { subscription: { entity: { id, status: 'cancelled' } } }, new Date(now.getTime() + 60_000));
      const charged = provider().webhook('subscription.charged', { subscription: { entity: { id, status: 'active' } }, payment: { entity: { id: 'pay_late_1', amount: 188_800, status: 'captured' } } }, now);
      expect((await send(cancelled)).statusCode).toBe(200);
      expect((await send(charged)).statusCode).toBe(200);
      const [payment] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM payments WHERE provider_payment_id = 'pay_late_1'`);
      expect(payment?.n).toBe(1);
      const row = (await list()).find((r) => r.subscriptionId === sub.subscriptionId);
      expect(row?.cancelRequestedAt).not.toBeNull();
      // The same payment again under a new event id: still one payment, one invoice.
      const replay = provider().webhook('subscription.charged', { subscription: { entity: { id } }, payment: { entity: { id: 'pay_late_1', amount: 188_800 } } }, now);
      expect((await send(replay)).statusCode).toBe(200);
      const [inv] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM plan_invoices i JOIN payments p ON p.id = i.payment_id WHERE p.provider_payment_id = 'pay_late_1'`);
      expect(inv?.n).toBe(1);
    });

    it('numbers invoices without gaps or duplicates under concurrent captures', async () => {
      const sub = await standard();
      const n = 8;
      const hooks = Array.from({ length: n }, (_, i) =>
        provider().webhook('subscription.charged', { subscription: { entity: { id: sub.razorPaySubscriptionId } }, payment: { entity: { id: `pay_par_${i.toString()}`, amount: 188_800 } } }, t.clock.now()),
      );
      const replies = await Promise.all(hooks.map(send));
      expect(replies.map((r) => r.statusCode)).toEqual(Array(n).fill(200));
      const rows = await queryRows<{ financial_year: string; sequence: number }>(t.database.db, sql`SELECT financial_year, sequence FROM plan_invoices ORDER BY financial_year, sequence`);
      const byYear = new Map<string, number[]>();
      for (const r of rows) byYear.set(r.financial_year, [...(byYear.get(r.financial_year) ?? []), Number(r.sequence)]);
      for (const seqs of byYear.values()) expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      const [par] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM payments WHERE provider_payment_id LIKE 'pay_par_%'`);
      expect(par?.n).toBe(n);
    });
  });

  it('members may not buy or see subscriptions', async () => {
    const invited = await t.call('POST', '/Users/invite', { token: admin.token, body: { firstName: 'Mira', lastName: 'Das', email: `subs.member.${backend}@example.in`, dateOfJoining: '2025-06-01', annualCTC: 600_000, experience: 1, employeeNumber: 'SUB1', regimeType: 1 } });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    // A pending invitee cannot sign in; the permission table refuses members for every operation here (security suite).
    expect((await t.call('GET', `/Subscriptions/customers/${admin.tenantId}`)).statusCode).toBe(401);
  });
});

/** The Razorpay path: keys in the environment, webhooks signed with Razorpay's scheme by a fixture, not by our provider. */
describe.each(BACKENDS)('Razorpay webhooks (%s)', (backend) => {
  const WEBHOOK_SECRET = 'whsec_fixture_0123456789';
  let t: TestApp;
  let tenantId: string;
  let subscriptionId: string;
  const hmac = (secret: string, body: Buffer) => createHmac('sha256', secret).update(body).digest('hex');
  const event = (name: string, createdAt: number, payment?: string) =>
    Buffer.from(
      JSON.stringify({
        entity: 'event',
        account_id: 'acc_fixture',
        event: name,
        contains: payment ? ['subscription', 'payment'] : ['subscription'],
        payload: { subscription: { entity: { id: 'sub_rzp_fixture', status: name === 'subscription.cancelled' ? 'cancelled' : 'active' } }, ...(payment ? { payment: { entity: { id: payment, amount: 5782, currency: 'INR', status: 'captured' } } } : {}) },
        created_at: createdAt,
      }),
    );
  const send = (body: Buffer, eventId: string, secret = WEBHOOK_SECRET) =>
    t.call('POST', '/webhooks/razorpay', { body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmac(secret, body), 'x-razorpay-event-id': eventId } });
  const status = async () => (await queryRows<{ status: string; cancel_requested_at: Date | null }>(t.database.db, sql`SELECT status, cancel_requested_at FROM subscriptions WHERE id = ${subscriptionId}`))[0];

  beforeAll(async () => {
    t = await createTestApp(backend, { RAZORPAY_KEY_ID: 'rzp_test_fixture', RAZORPAY_KEY_SECRET: 'key_secret_fixture', RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
    const admin = await t.registerOrganisation({ organizationName: 'Narmada Tools', email: `rzp.admin.${backend}@example.in` });
    tenantId = admin.tenantId;
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO subscriptions (tenant_id, plan_id, status, is_trial, billing_type, quantity, start_at, provider, provider_subscription_id, total_count, unit_price_paise)
          VALUES (${tenantId}, (SELECT id FROM plans WHERE code = 'basic'), 'pending', false, 'monthly', 1, now(), 'razorpay', 'sub_rzp_fixture', 100, 4900) RETURNING id`,
    );
    subscriptionId = row?.id ?? '';
    expect(t.app.services.subscriptions.provider.kind).toBe('razorpay');
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a wrong secret and a tampered byte; applies a good event once; a replayed event id changes nothing', async () => {
    const now = Math.floor(Date.now() / 1000);
    const charged = event('subscription.charged', now, 'pay_rzp_1');
    expect((await send(charged, 'evt_1', 'key_secret_fixture')).statusCode).toBe(400);
    const tampered = Buffer.from(charged);
    tampered[tampered.indexOf('5782')] = '9'.charCodeAt(0);
    const forged = await t.call('POST', '/webhooks/razorpay', { body: tampered, headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmac(WEBHOOK_SECRET, charged), 'x-razorpay-event-id': 'evt_1' } });
    expect(forged.statusCode).toBe(400);
    expect((await status())?.status).toBe('pending');
    const applied = await send(charged, 'evt_1');
    expect(applied.json()).toMatchObject({ message: 'applied' });
    expect((await status())?.status).toBe('active');
    // Replayed with the same event id: not applied again (even a different, validly signed body).
    const other = event('subscription.charged', now, 'pay_rzp_2');
    expect((await send(other, 'evt_1')).json()).toMatchObject({ message: 'duplicate' });
    const [p] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM payments WHERE subscription_id = ${subscriptionId}`);
    expect(p?.n).toBe(1);
  });

  it('out of order: a cancellation applied, then an older halt is ignored; a newer charge is still recorded', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await send(event('subscription.cancelled', now + 120), 'evt_c')).statusCode).toBe(200);
    expect((await status())?.cancel_requested_at).not.toBeNull();
    expect((await send(event('subscription.halted', now + 60), 'evt_h')).json()).toMatchObject({ message: 'ignored' });
    expect((await status())?.status).toBe('active');
    expect((await send(event('subscription.charged', now + 30, 'pay_rzp_3'), 'evt_3')).statusCode).toBe(200);
    const [p] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM payments WHERE subscription_id = ${subscriptionId}`);
    expect(p?.n).toBe(2);
  });

  it('an event for a subscription no organisation has is acknowledged and ignored', async () => {
    const body = Buffer.from(JSON.stringify({ event: 'subscription.charged', payload: { subscription: { entity: { id: 'sub_nobody' } } }, created_at: 1 }));
    expect((await send(body, 'evt_nobody')).json()).toMatchObject({ message: 'ignored' });
  });
});
