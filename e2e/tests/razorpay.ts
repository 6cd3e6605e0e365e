import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { openPglite } from '../../apps/server/src/db/client';
import {
  FAKE_PLAN_IDS,
  FAKE_RAZORPAY_KEYS,
  FakeRazorpay,
  checkoutCallback,
  fakeRazorpayEnv,
  type FakeMandate,
} from '../../apps/server/src/testing/fake-razorpay';
import { E2E_PORT, RUN_DIR, TEMPLATE_DIR, startServer } from '../harness';
import { expect, test as base } from './fixtures';

/**
 * `test` for the paths only Razorpay takes (a plan change it will not make in place, a refund of an upgrade's credit):
 * the local test provider applies every change and refunds nothing. Each worker running such a spec also runs a
 * server of its own on a copy of the template, billing through the fake Razorpay of the server's HTTP tests
 * (apps/server/src/testing/fake-razorpay.ts, in this worker's process, so a test reads its books and sends its
 * webhooks), with the catalogue's plans given the fake's plan ids before it starts; `baseURL` points at it. Razorpay's
 * checkout is a script from Razorpay, so the tests pay as that checkout would: the fake captures the payment and the
 * signed callback goes to our verify.
 */
export const test = base.extend<{ fakeRazorpay: FakeRazorpay }, { razorpayServer: { url: string; fake: FakeRazorpay } }>({
  razorpayServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; the server needs none
    async ({}, use, workerInfo) => {
      const fake = new FakeRazorpay();
      const apiUrl = await fake.start();
      const name = `worker-${workerInfo.workerIndex.toString()}-razorpay`;
      const dataDir = path.join(RUN_DIR, name);
      fs.cpSync(TEMPLATE_DIR, dataDir, { recursive: true });
      // The server's embedded database is its data folder's pglite/ (db/client.ts), free until the server starts.
      const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
      await database.db.execute(FAKE_PLAN_IDS);
      await database.close();
      const server = await startServer({ name, port: E2E_PORT + 11 + workerInfo.parallelIndex, dataDir, timeoutMs: 120_000, env: fakeRazorpayEnv(apiUrl) });
      await use({ url: server.url, fake });
      await server.stop();
      await fake.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ razorpayServer }, use) => use(razorpayServer.url),
  fakeRazorpay: async ({ razorpayServer }, use) => use(razorpayServer.fake),
});

export { expect };

/** The parts of the API's answers these tests read (packages/contracts/src/subscriptions.contract.ts). */
interface Checkout {
  id: string;
  subscriptionId: string;
  provider: string;
  amountPaise: number;
}
export interface SubscriptionRow {
  subscriptionId: string;
  planName: string;
  status: string;
  startAt: number;
  endAt: number | null;
  authorisationUrl: string | null;
  creditNotes: { id: string; creditNoteNumber: string; refundStatus: string | null }[];
}

/** The password of the organisations these tests register. */
export const PASSWORD = 'Harvest2026';

/**
 * A plan bought at Razorpay's checkout: our checkout (POST /Subscriptions), the payment Razorpay captures (its plan's
 * amount, with the mandate the customer chose) and the signed callback to our verify. Returns the checkout and Razorpay's payment id.
 */
export async function buyAtRazorpay(
  request: APIRequestContext,
  fake: FakeRazorpay,
  admin: { token: string },
  order: { plan: string; quantity: number; scheduleChangesAt?: 'now'; mandate: FakeMandate },
): Promise<{ checkout: Checkout; paymentId: string }> {
  const headers = { authorization: `Bearer ${admin.token}` };
  const plans = ((await (await request.get('/backend/api/Subscriptions/plans')).json()) as { data: { data: { id: string; name: string }[] } }).data.data;
  const planId = plans.find((p) => p.name === order.plan)?.id;
  const created = await request.post('/backend/api/Subscriptions', {
    headers,
    data: { planId, quantity: order.quantity, billingType: 'monthly', ...(order.scheduleChangesAt ? { scheduleChangesAt: order.scheduleChangesAt } : {}) },
  });
  expect(created.status(), await created.text()).toBe(200);
  const checkout = ((await created.json()) as { data: Checkout }).data;
  expect(checkout.provider).toBe('razorpay');
  const paymentId = fake.capture(checkout.amountPaise, { subscriptionId: checkout.id, mandate: order.mandate });
  const verified = await request.post(`/backend/api/Subscriptions/${checkout.subscriptionId}/verify`, {
    headers,
    data: checkoutCallback(paymentId, checkout.id),
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { checkout, paymentId };
}

/** The organisation's subscriptions as My Subscription reads them (GET /Subscriptions/customers/{tenantId}). */
export async function listSubscriptions(request: APIRequestContext, admin: { token: string; tenantId: string }): Promise<SubscriptionRow[]> {
  const res = await request.get(`/backend/api/Subscriptions/customers/${admin.tenantId}`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { data: SubscriptionRow[] } }).data.data;
}

/** A date as My Subscription shows it ('05 Jan 2027'), in the browser's time zone, which is this machine's. */
export function displayDate(epochSeconds: number): string {
  const d = new Date(epochSeconds * 1000);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getMonth()] ?? '';
  return `${String(d.getDate()).padStart(2, '0')} ${month} ${String(d.getFullYear())}`;
}

/** A webhook from Razorpay, signed with the webhook secret over its raw body, to our endpoint. */
export async function sendWebhook(request: APIRequestContext, fake: FakeRazorpay, event: string, payload: Record<string, unknown>): Promise<string> {
  const hook = fake.webhook(FAKE_RAZORPAY_KEYS.webhookSecret, event, payload, new Date());
  const res = await request.post('/backend/api/webhooks/razorpay', { data: hook.body, headers: hook.headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { message: string }).message;
}
