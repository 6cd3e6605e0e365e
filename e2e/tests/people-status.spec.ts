import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAcceptInvite, apiInvite, login, openMyPeople, rowAction, showInList, userRow } from './helpers';

test.use({ signedInAs: 'administrator' });

const ACKNOWLEDGE = 'I understand the consequences of this action';

/** The confirm button waits for the acknowledgement checkbox (people spec §2.8). */
async function confirmWithCheckbox(dialog: Locator, button: string): Promise<void> {
  const confirm = dialog.getByRole('button', { name: button, exact: true });
  const checkbox = dialog.getByRole('checkbox', { name: ACKNOWLEDGE });
  await expect(checkbox).not.toBeChecked();
  await expect(confirm).toBeDisabled();
  await checkbox.check();
  await expect(confirm).toBeEnabled();
  await checkbox.uncheck();
  await expect(confirm).toBeDisabled();
  await checkbox.check();
  await confirm.click();
}

test('de-activate ends the user’s session at /403-Restricted; re-activate lets them back in', async ({ page, request, browser }) => {
  const password = 'Welcome2026';
  const user = await apiInvite(request, { firstName: 'Farhan' });
  await apiAcceptInvite(request, user.email, password);
  const name = `${user.firstName} ${user.lastName}`;

  // The user is signed in, in a browser of their own.
  const context = await browser.newContext({ storageState: undefined });
  try {
    const userPage = await context.newPage();
    await login(userPage, user.email, password);
    await expect(userPage.getByRole('heading', { name: /Farhan/ })).toBeVisible();

    // The administrator de-activates them.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Anita/ })).toBeVisible();
    await openMyPeople(page);
    await showInList(page, 'Active', user.employeeNumber);
    await expect(userRow(page, user.employeeNumber)).toHaveCount(1);
    await rowAction(page, name, 'De-Activate');
    const deactivate = page.getByRole('dialog', { name: 'De-Activate user' });
    await expect(deactivate).toContainText(name);
    await confirmWithCheckbox(deactivate, 'De-Activate');
    await expect(page.getByText('User deactivated successfully')).toBeVisible();
    await expect(deactivate).toHaveCount(0);
    await expect(userRow(page, user.employeeNumber)).toHaveCount(0);
    await showInList(page, 'Inactive', user.employeeNumber);
    await expect(userRow(page, user.employeeNumber)).toContainText('Inactive');

    // Their open session ends at the next navigation.
    await userPage.getByRole('button', { name: 'User menu' }).click();
    await userPage.getByRole('menuitem', { name: 'My profile' }).click();
    await expect(userPage).toHaveURL(/\/403-Restricted$/);
    await expect(userPage.getByText('Your account has been deactivated. Please contact your administrator.')).toBeVisible();
    // And logging in again leads to the same page.
    await login(userPage, user.email, password);
    await expect(userPage).toHaveURL(/\/403-Restricted$/);
    await expect(userPage.getByText('Your account has been deactivated. Please contact your administrator.')).toBeVisible();

    // Re-activate, again behind the checkbox.
    await rowAction(page, name, 'Re-Activate');
    const reactivate = page.getByRole('dialog', { name: 'Re-Activate user' });
    await confirmWithCheckbox(reactivate, 'Re-Activate');
    await expect(page.getByText('User re-activated successfully')).toBeVisible();
    await expect(userRow(page, user.employeeNumber)).toHaveCount(0);
    await showInList(page, 'Active', user.employeeNumber);
    await expect(userRow(page, user.employeeNumber)).toContainText('Active');

    await login(userPage, user.email, password);
    await expect(userPage).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(userPage.getByRole('heading', { name: /Farhan/ })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('deactivated while signed in: the next navigation lands on /403-Restricted and stays there', async ({ page, request, browser }) => {
  const password = 'Welcome2026';
  const user = await apiInvite(request, { firstName: 'Ishaan' });
  await apiAcceptInvite(request, user.email, password);
  const context = await browser.newContext({ storageState: undefined });
  try {
    const userPage = await context.newPage();
    await login(userPage, user.email, password);
    await expect(userPage.getByRole('heading', { name: /Ishaan/ })).toBeVisible();

    // The administrator de-activates them from another browser.
    await page.goto('/');
    await openMyPeople(page);
    await showInList(page, 'Active', user.employeeNumber);
    await rowAction(page, `${user.firstName} ${user.lastName}`, 'De-Activate');
    await confirmWithCheckbox(page.getByRole('dialog', { name: 'De-Activate user' }), 'De-Activate');
    await expect(page.getByText('User deactivated successfully')).toBeVisible();

    // A page that asks the server several things at once: the first answer is 403 and ends the
    // session, the others come back 401; the 403 decides.
    await userPage.getByRole('link', { name: 'My attendance' }).click();
    await expect(userPage).toHaveURL(/\/403-Restricted$/);
    await expect(userPage.getByText('Your account has been deactivated. Please contact your administrator.')).toBeVisible();
    await userPage.waitForTimeout(3000);
    await expect(userPage).toHaveURL(/\/403-Restricted$/);
    await expect(userPage.getByText('Your session has expired')).toHaveCount(0);
    await expect(userPage.getByText('Your account has been deactivated. Please contact your administrator.')).toBeVisible();
  } finally {
    await context.close();
  }
});
