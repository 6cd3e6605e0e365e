import { login, registerOrganisation } from './helpers';
import { PASSWORD, buyAtRazorpay, expect, listSubscriptions, sendWebhook, test } from './razorpay';

/**
 * Decision 0303 and its update: a credit note whose refund failed shows "Refund failed" and "Retry refund". The fast
 * way a refund fails is the way Razorpay reports a refund it accepted and could not complete: a refund.failed webhook
 * (a refusal on every attempt takes the job's eight attempts, about two hours; the server's HTTP tests cover that one,
 * whose retry keeps the key). Razorpay would answer that refund's key with the same failed refund, and a failed refund
 * moved no money, so the retry asks for a new refund with a new X-Refund-Idempotency key: the page shows it made.
 */
test('a refund Razorpay accepted and then failed: Retry refund asks for a new refund with a new key, and the page shows it made', async ({
  page,
  request,
  fakeRazorpay,
}) => {
  const email = `refund.${Date.now().toString(36)}@tapti.in`;
  const admin = await registerOrganisation(request, { organizationName: 'Tapti Traders', email, password: PASSWORD });
  await buyAtRazorpay(request, fakeRazorpay, admin, { plan: 'Basic', quantity: 1, mandate: 'card_international' });
  // The upgrade today: Razorpay charges Professional in full; Basic's ₹49 + 18% GST = ₹57.82 is credited for all its
  // days and refunded on that payment by a job after the capture. Razorpay accepts the refund as pending.
  fakeRazorpay.mode = 'pending';
  let paymentId: string;
  try {
    ({ paymentId } = await buyAtRazorpay(request, fakeRazorpay, admin, {
      plan: 'Professional',
      quantity: 1,
      scheduleChangesAt: 'now',
      mandate: 'card_international',
    }));
    await expect.poll(() => fakeRazorpay.refunds.filter((r) => r.paymentId === paymentId).length).toBe(1);
  } finally {
    fakeRazorpay.mode = 'ok';
  }
  const refund = fakeRazorpay.refunds.find((r) => r.paymentId === paymentId);
  if (!refund) throw new Error('no refund');
  expect(refund).toMatchObject({ amount: 5782, status: 'pending' });
  const noteOf = async () => (await listSubscriptions(request, admin)).find((r) => r.planName === 'Basic')?.creditNotes[0];
  await expect.poll(async () => (await noteOf())?.refundStatus).toBe('pending');
  const noteNumber = (await noteOf())?.creditNoteNumber ?? '';
  expect(noteNumber).toMatch(/^TK\/CN\/\d{2}-\d{2}\/\d{4}$/);

  // The bank could not complete it: Razorpay's books say failed, and its refund.failed webhook tells us.
  refund.status = 'failed';
  const failed = {
    refund: { entity: { id: refund.id, entity: 'refund', amount: refund.amount, payment_id: paymentId, notes: refund.notes, status: 'failed' } },
    payment: { entity: { id: paymentId, entity: 'payment', status: 'captured' } },
  };
  expect(await sendWebhook(request, fakeRazorpay, 'refund.failed', failed)).toBe('applied');

  await login(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Welcome to Tankha' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/my-subscription');
  await page.getByRole('tab', { name: 'My Subscriptions' }).click();
  const basic = page
    .getByRole('table', { name: 'My subscriptions' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Basic', exact: true }) });
  await expect(basic.getByRole('button', { name: `Download credit note ${noteNumber}` })).toHaveText(`Credit note ${noteNumber}`);
  await expect(basic.getByText('Refund failed', { exact: true })).toBeVisible();
  const retry = basic.getByRole('button', { name: `Retry the refund of credit note ${noteNumber}` });
  await expect(retry).toHaveText('Retry refund');

  await retry.click();
  await expect(page.getByText('The refund will be tried again.')).toBeVisible();
  // The job asks Razorpay with the next generation's key (the first key would only answer the failed refund again):
  // a second refund, processed.
  await expect.poll(() => fakeRazorpay.refundRequests.filter((r) => r.paymentId === paymentId).length).toBe(2);
  const [first, second] = fakeRazorpay.refundRequests.filter((r) => r.paymentId === paymentId);
  expect(first?.key).toBe(refund.key);
  expect(second?.key).toBe(`${String(first?.key)}-r1`);
  const refunds = fakeRazorpay.refunds.filter((r) => r.paymentId === paymentId);
  expect(refunds.map((r) => ({ amount: r.amount, status: r.status }))).toEqual([
    { amount: 5782, status: 'failed' },
    { amount: 5782, status: 'processed' },
  ]);
  await expect.poll(async () => (await noteOf())?.refundStatus).toBe('processed');

  // What the administrator sees after the retry: refunded, and no retry offered.
  await page.reload();
  await page.getByRole('tab', { name: 'My Subscriptions' }).click();
  await expect(basic.getByText('Refunded to the original payment', { exact: true })).toBeVisible();
  await expect(basic.getByText('Refund failed', { exact: true })).toHaveCount(0);
  await expect(retry).toHaveCount(0);
});
