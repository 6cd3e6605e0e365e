import { expect, test } from './fixtures';
import { registerOrganisation } from './helpers';

const PASSWORD = 'Harvest2026';

test('buy a plan on the local test checkout, upgrade it, cancel it, download its invoice', async ({ page, request }) => {
  const email = `subs.${Date.now().toString(36)}@kaveri.in`;
  await registerOrganisation(request, { organizationName: 'Kaveri Looms', email, password: PASSWORD });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Tankha' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/my-subscription');

  // On the trial: Choose Plan opens the confirm-plan dialog with the active users as the count.
  await expect(page.getByRole('region', { name: 'Free trial' })).toBeVisible();
  await page.getByRole('article', { name: 'Basic' }).getByRole('button', { name: 'Choose Plan' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Basic plan' });
  await expect(confirm.getByRole('textbox', { name: 'Number of users' })).toHaveValue('1');
  await confirm.getByRole('button', { name: 'Proceed to Payment' }).click();

  // The local provider's checkout page: ₹49 + 18% GST.
  await expect(page).toHaveURL(/\/my-subscription\/checkout\/sub_local_/);
  await expect(page.getByText('Test payment provider')).toBeVisible();
  await page.getByRole('button', { name: 'Pay ₹57.82' }).click();
  await expect(page.getByText("Your payment was successful. We're setting up your subscription and it should be active shortly.")).toBeVisible();
  await expect(page).toHaveURL(/\/my-subscription$/, { timeout: 15_000 });
  await expect(page.getByRole('article', { name: 'Basic' }).getByRole('button', { name: 'Current Plan' })).toBeDisabled();

  // Upgrade now to Professional: ₹99 + GST = ₹116.82, less the credit for the whole of today's Basic payment (₹57.82).
  await page.getByRole('article', { name: 'Professional' }).getByRole('button', { name: 'Upgrade' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Professional' });
  await expect(upgrade.getByRole('radio', { name: 'Start immediately' })).toBeChecked();
  await upgrade.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByRole('button', { name: 'Pay ₹59.00' }).click();
  await expect(page.getByText("Your payment was successful. We're setting up your subscription and it should be active shortly.")).toBeVisible();
  await expect(page).toHaveURL(/\/my-subscription$/, { timeout: 15_000 });
  await expect(page.getByRole('article', { name: 'Professional' }).getByRole('button', { name: 'Current Plan' })).toBeDisabled();

  // My Subscriptions: Professional active, Basic cancelled; the invoice of this month; cancel.
  await page.getByRole('tab', { name: 'My Subscriptions' }).click();
  const table = page.getByRole('table', { name: 'My subscriptions' });
  const professional = table.getByRole('row').filter({ hasText: 'Professional' });
  await expect(professional).toContainText('active');
  await expect(table.getByRole('row').filter({ hasText: 'Basic' })).toContainText('cancelled');

  await professional.getByRole('button', { name: 'Download invoice of Professional' }).click();
  const invoice = page.getByRole('dialog', { name: 'Download Invoice' });
  await invoice.getByRole('button', { name: 'Download' }).click();
  await expect(invoice.getByText('Please select a month.')).toBeVisible();
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(new Date());
  await invoice.getByLabel(/Invoice month/).fill(month);
  const download = page.waitForEvent('download');
  await invoice.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^TK-\d{2}-\d{2}-\d{6}\.pdf$/);

  // A downgrade waits for the end of the paid period: nothing to pay, the row says when, and it can be undone.
  await page.getByRole('tab', { name: 'Plans' }).click();
  await page.getByRole('article', { name: 'Standard' }).getByRole('button', { name: 'Downgrade' }).click();
  await page.getByRole('dialog', { name: 'Downgrade to Standard' }).getByRole('button', { name: 'Schedule Change' }).click();
  await expect(page.getByText(/^Changes to Standard on \d{2} \w{3} \d{4}$/).first()).toBeVisible();
  await page.getByRole('tab', { name: 'My Subscriptions' }).click();
  await expect(professional).toContainText(/Changes to Standard on \d{2} \w{3} \d{4}/);
  await professional.getByRole('button', { name: 'Undo the change to Standard' }).click();
  await expect(page.getByText('The scheduled change was undone; Professional continues.')).toBeVisible();
  await expect(professional).not.toContainText('Changes to Standard');

  await professional.getByRole('button', { name: 'Cancel Professional subscription' }).click();
  await page.getByRole('dialog', { name: 'Cancel Subscription' }).getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(page.getByText('Subscription Cancellation Initiated successfully')).toBeVisible();
  await expect(professional).toContainText(/Cancels on \d{2} \w{3} \d{4}/);
});
