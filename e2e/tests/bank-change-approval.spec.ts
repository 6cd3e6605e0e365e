import { expect, test } from './fixtures';
import { apiAcceptInvite, login, uniqueTag } from './helpers';
import { PASSWORD, addEmployee, registerOrganisation } from './payroll-org';

/**
 * A second person for bank details (issue 30 §4), in a new organisation with two administrators: the
 * owner changes an employee's bank account on the employee form — it waits, shown as pending on the
 * form — the second administrator approves it under Settings › Bank changes, and Settings › Audit log ›
 * Verify chain finds the chain (with the request and the approval) intact.
 */
test('an administrator changes a bank account, a second administrator approves it, the audit chain verifies', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const owner = await registerOrganisation(request, tag);
  const second = { firstName: 'Farhan', lastName: 'Qureshi', email: `farhan.${tag.digits}@krishna-mills.in` };
  const invited = await request.post('/backend/api/Users/invite', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { ...second, employeeNumber: `AD${tag.digits.slice(-6)}`, dateOfJoining: '2025-04-01', experience: 8, annualCTC: 1_200_000, regimeType: 1, roleId: 1 },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  await apiAcceptInvite(request, second.email, PASSWORD);
  const employee = await addEmployee(request, owner.token, tag, '2025-04-01', 'Lakshmi');
  const employeeNumber = `LA${tag.digits.slice(-6)}`;
  const newAccount = '50100876543210';

  // The owner changes the account: saved, but pending approval; the form shows the requested details.
  await login(page, owner.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/users/my-people');
  await page.getByRole('textbox', { name: 'Search users' }).fill(employeeNumber);
  await page.getByRole('button', { name: `Actions for ${employee.name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.getByRole('navigation', { name: 'Form sections' }).getByText('Bank Details').click();
  await dialog.getByLabel('Account number').fill(newAccount);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Saved. The bank details change is pending approval by another administrator.')).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${employee.name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  await dialog.getByRole('navigation', { name: 'Form sections' }).getByText('Bank Details').click();
  const pending = dialog.getByRole('status', { name: 'Bank change pending approval' });
  await expect(pending).toContainText(`Account number: ${newAccount}`);
  // The record still holds the account being paid.
  await expect(dialog.getByLabel('Account number')).toHaveValue('50100234567812');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The owner cannot approve his own change.
  await page.goto('/settings/bank-changes');
  await expect(page.getByRole('button', { name: `Approve the bank change of ${employee.name}` })).toBeDisabled();

  // The second administrator approves it, at a phone's width.
  const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), viewport: { width: 390, height: 844 } });
  const other = await context.newPage();
  await login(other, second.email, PASSWORD);
  await expect(other).not.toHaveURL(/\/login/);
  await other.goto('/settings/bank-changes');
  await expect(other.getByRole('heading', { name: 'Bank changes awaiting approval' })).toBeVisible();
  await expect(other.getByText(newAccount).first()).toBeVisible();
  await other.getByRole('button', { name: `Approve the bank change of ${employee.name}` }).click();
  await expect(other.getByText('Bank details change approved')).toBeVisible();
  await expect(other.getByText('No bank details changes awaiting approval')).toBeVisible();
  const scrollWidth = await other.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);

  // Settings › Audit log › Verify chain: intact.
  await other.goto('/settings/audit-log');
  await other.getByRole('button', { name: 'Verify chain' }).click();
  await expect(other.getByRole('status').filter({ hasText: 'The audit chain is intact' })).toBeVisible();
  await context.close();
});
