import { expect, test } from './fixtures';
import { onePagePdf } from './helpers';

test.use({ signedInAs: 'administrator' });

/**
 * Issue 13 items 5 and 6, the browser test: the employee claims a reimbursement with a receipt on My
 * Reimbursement Requests, the administrator approves it on the Requests tab, the open month is
 * processed and the employee's payslip carries it as a 'Reimbursements' line that explains the claim.
 *
 * The demo's open month is processed, not finalized (finalizing would lock this month's attendance,
 * which other browser tests change); being paid at finalize, once, is the integration tests' part.
 */
test('an employee claims a reimbursement, the administrator approves it, the next run pays it on the payslip', async ({ page, browser, signedInState }) => {
  test.setTimeout(180_000);
  const reason = `Cab to the customer workshop ${String(Date.now()).slice(-5)}`;

  // The employee, in a browser of their own.
  const context = await browser.newContext({ storageState: signedInState('member') });
  try {
    const mine = await context.newPage();
    await mine.goto('/');
    await expect(mine).toHaveURL(/\/$/);
    await mine.goto('/payroll/reimbursement-requests');
    await expect(mine.getByRole('tab', { name: 'My Reimbursement Requests' })).toHaveAttribute('aria-selected', 'true');
    await mine.getByRole('button', { name: 'Create Request' }).click();
    const dialog = mine.getByRole('dialog', { name: 'Create Reimbursement Request' });
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(dialog.getByText('Amount must be greater than 0')).toBeVisible();
    await expect(dialog.getByText('Reimbursement type is required')).toBeVisible();
    await expect(dialog.getByText('Reason is required')).toBeVisible();
    await dialog.getByLabel(/Amount/).fill('1234.50');
    await dialog.getByRole('combobox', { name: /Reimbursement Type/ }).click();
    await mine.getByRole('option', { name: 'Travel' }).click();
    await dialog.getByLabel(/Reason/).fill(reason);
    await dialog.locator('input[type=file]').setInputFiles({ name: 'cab-bill.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Cab bill') });
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(mine.getByText('Reimbursement request submitted successfully')).toBeVisible();
    const myRow = mine.getByRole('table', { name: 'My reimbursement requests' }).getByRole('row').filter({ hasText: reason });
    await expect(myRow).toContainText('₹1,234.50');
    await expect(myRow).toContainText('Pending');
    await mine.screenshot({ path: 'artifacts/reimbursement-my-requests.png', fullPage: true });
  } finally {
    await context.close();
  }

  // The administrator approves it on the Requests tab.
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/payroll/requests');
  await page.getByRole('tab', { name: 'Reimbursements' }).click();
  const table = page.getByRole('table', { name: 'Reimbursement requests' });
  const row = table.getByRole('row').filter({ hasText: reason });
  await expect(row).toContainText('Aditi Agarwal');
  await page.screenshot({ path: 'artifacts/reimbursement-requests-admin.png', fullPage: true });
  await row.getByRole('button', { name: /^Approve / }).click();
  const approve = page.getByRole('dialog', { name: 'Approve Reimbursement' });
  await approve.getByLabel('Remarks').fill('Bill checked');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Reimbursement status updated successfully')).toBeVisible();
  await expect(row).toContainText('Approved');

  // The open month is processed: the approved claim is on Aditi's payslip, explained.
  await page.goto('/payroll/payroll-run');
  await page.getByRole('button', { name: 'Process Payroll' }).click();
  // The run may already read Processed (other tests process the demo month too): wait for this processing to start.
  await expect(page.getByText('Payroll processing started')).toBeVisible();
  await expect(page.getByText('Processed', { exact: true })).toBeVisible({ timeout: 120_000 });
  const employee = page.getByRole('table', { name: 'Payroll employees' }).getByRole('row').filter({ hasText: 'Aditi Agarwal' });
  await expect(employee).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Actions for Aditi Agarwal' }).click();
  await page.getByRole('menuitem', { name: 'View payslip' }).click();
  await expect(page).toHaveURL(/\/payroll\/details\//);
  await page.getByRole('button', { name: 'Reimbursements: show how it was computed' }).click();
  const how = page.getByRole('list', { name: 'How Reimbursements was computed' });
  await expect(how.getByRole('listitem').first()).toContainText('Travel ₹1,234.50, claimed on');
  await expect(how).toContainText('reimbursement of expenses, not taxable salary');
  await page.screenshot({ path: 'artifacts/reimbursement-payslip.png', fullPage: true });
});
