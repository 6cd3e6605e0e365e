import { login, registerOrganisation } from './helpers';
import { PASSWORD, buyAtRazorpay, displayDate, expect, listSubscriptions, sendWebhook, test } from './razorpay';

/**
 * Decisions 0300–0302: Razorpay will not move a subscription paid by UPI (or a domestic card) to another plan, so a
 * downgrade becomes "cancel the current one at its cycle's end + a new subscription from then", which the customer
 * authorises on Razorpay's page (its short_url). The administrator sees that on My Subscriptions, with the link.
 */
test('a downgrade of a UPI subscription: a new subscription from the change date, with the link to authorise it', async ({ page, request, fakeRazorpay }) => {
  const email = `upi.${Date.now().toString(36)}@narmada.in`;
  const admin = await registerOrganisation(request, { organizationName: 'Narmada Mills', email, password: PASSWORD });
  const { checkout } = await buyAtRazorpay(request, fakeRazorpay, admin, { plan: 'Professional', quantity: 1, mandate: 'upi' });
  const professionalEnd = (await listSubscriptions(request, admin)).find((r) => r.planName === 'Professional')?.endAt ?? 0;
  const changeDate = displayDate(professionalEnd);

  await login(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Welcome to Tankha' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/my-subscription');
  await page.getByRole('article', { name: 'Standard' }).getByRole('button', { name: 'Downgrade' }).click();
  await page.getByRole('dialog', { name: 'Downgrade to Standard' }).getByRole('button', { name: 'Schedule Change' }).click();
  await expect(page.getByText(`Changes to Standard on ${changeDate}`).first()).toBeVisible();

  // The job after the commit: the mandate is UPI (read from the payment at the checkout), so no PATCH is sent; the
  // current subscription is cancelled at its cycle's end and the new one created to start at the change date.
  await expect.poll(async () => (await listSubscriptions(request, admin)).find((r) => r.planName === 'Standard')?.authorisationUrl ?? null).not.toBeNull();
  const standard = (await listSubscriptions(request, admin)).find((r) => r.planName === 'Standard');
  const created = [...fakeRazorpay.subscriptions.values()].filter((s) => s.notes.subscriptionId === standard?.subscriptionId);
  expect(created).toEqual([expect.objectContaining({ planId: 'plan_fake_standard', quantity: 1, startAt: professionalEnd, customerNotify: 1 })]);
  const shortUrl = created[0]?.shortUrl ?? '';
  expect(shortUrl).toMatch(/^https:\/\/rzp\.io\/i\/\w+$/);
  await expect
    .poll(() => fakeRazorpay.subscriptionRequests.filter((r) => r.path.startsWith(`/v1/subscriptions/${checkout.id}`)).map((r) => [r.method, r.path, r.body]))
    .toEqual([['POST', `/v1/subscriptions/${checkout.id}/cancel`, { cancel_at_cycle_end: 1 }]]);

  // My Subscriptions: the current plan says when it changes and that the new plan needs authorising, with the link (a
  // new tab on Razorpay's page) and no Undo; the new subscription waits, with the same link.
  await page.reload();
  await page.getByRole('tab', { name: 'My Subscriptions' }).click();
  const table = page.getByRole('table', { name: 'My subscriptions' });
  const rowOf = (plan: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name: plan, exact: true }) });
  const professional = rowOf('Professional');
  await expect(professional).toContainText('active');
  await expect(professional.getByText(`Changes to Standard on ${changeDate}`, { exact: true })).toBeVisible();
  await expect(professional.getByText('The new plan needs your authorisation', { exact: true })).toBeVisible();
  await expect(professional.getByRole('button', { name: 'Undo the change to Standard' })).toHaveCount(0);
  const newRow = rowOf('Standard');
  await expect(newRow.getByRole('cell').nth(4)).toContainText('pending');
  await expect(newRow.getByText(`Starts on ${changeDate} once authorised`, { exact: true })).toBeVisible();
  for (const row of [professional, newRow]) {
    const link = row.getByRole('link', { name: 'Authorise the Standard plan' });
    await expect(link).toHaveText('Authorise');
    await expect(link).toHaveAttribute('href', shortUrl);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }

  // The customer authorises at Razorpay's page; its subscription.authenticated webhook: the links go.
  const providerId = created[0]?.id ?? '';
  fakeRazorpay.authorise(providerId, 'upi');
  expect(
    await sendWebhook(request, fakeRazorpay, 'subscription.authenticated', {
      subscription: { entity: { id: providerId, entity: 'subscription', status: 'authenticated' } },
    }),
  ).toBe('applied');
  await page.reload();
  await page.getByRole('tab', { name: 'My Subscriptions' }).click();
  await expect(professional.getByText('The new plan is authorised', { exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Authorise the Standard plan' })).toHaveCount(0);
  await expect(newRow.getByText(/once authorised/)).toHaveCount(0);
});
