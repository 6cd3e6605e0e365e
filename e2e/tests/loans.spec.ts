import { expect, test } from './fixtures';

test.use({ signedInAs: 'administrator' });

/**
 * Issue 11 item 4, the browser test: in the demo organisation (payroll running, this month a draft)
 * the administrator records an interest-free loan of ₹50,000 in 10 instalments for Aditi, sees its
 * schedule, processes the open month and finds "Loan recovery ₹5,000, instalment 1 of 10" on her
 * payslip; Aditi signs in and sees her loan, its balance and the instalment the open month takes.
 */
test('record a loan → process the month → the payslip recovers the instalment → the employee sees the balance', async ({ page, browser, signedInState }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Anita/ })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Loans and advances' }).click();
  await expect(page).toHaveURL(/\/payroll\/loans$/);
  await expect(page.getByRole('heading', { name: 'Loans and advances' })).toBeVisible();

  await page.getByRole('button', { name: 'Add loan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add loan or advance' });
  // Saving an empty form names each missing field and records nothing.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please select an employee')).toBeVisible();
  await expect(dialog.getByText('Please select the purpose')).toBeVisible();
  await expect(dialog.getByText('Amount must be a whole number of rupees from ₹1 to ₹1,00,00,000')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Employee' }).fill('Aditi');
  await page.getByRole('option', { name: 'Aditi Agarwal' }).click();
  await dialog.getByRole('combobox', { name: 'Purpose' }).click();
  await page.getByRole('option', { name: 'Personal' }).click();
  await dialog.getByRole('textbox', { name: 'Amount (₹)' }).fill('50000');
  await dialog.getByRole('textbox', { name: 'Instalments' }).fill('10');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('SBI rate on 1 April is required for a loan above ₹20,000 (it values the perquisite for tax)')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'SBI rate on 1 April (% a year)' }).fill('11');
  await page.screenshot({ path: 'artifacts/loans-add.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Loan recorded')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const row = page.getByRole('table', { name: 'Loans and advances' }).getByRole('row').filter({ hasText: 'Aditi Agarwal' });
  await expect(row).toContainText('₹50,000');
  await expect(row).toContainText('0 of 10');
  await row.getByRole('button', { name: "Schedule of Aditi Agarwal's loan" }).click();
  const schedule = page.getByRole('table', { name: "Repayment schedule of Aditi Agarwal's loan" });
  await expect(schedule.getByRole('row')).toHaveCount(11);
  await expect(schedule.getByRole('row').nth(10)).toContainText('₹5,000');
  await page.screenshot({ path: 'artifacts/loans-schedule.png', fullPage: true });
  await page.keyboard.press('Escape');

  // Process the open month; Aditi's payslip deducts instalment 1.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Payroll', exact: true }).click();
  await expect(page).toHaveURL(/\/payroll\/payroll-run$/);
  await page.getByRole('button', { name: 'Process Payroll' }).click();
  // The run may already read Processed (other tests process the demo month too): wait for this processing to start.
  await expect(page.getByText('Payroll processing started')).toBeVisible();
  await expect(page.getByText('Processed', { exact: true })).toBeVisible({ timeout: 90_000 });
  await page.getByRole('textbox', { name: 'Search employees' }).fill('Aditi');
  await expect(page.getByRole('table', { name: 'Payroll employees' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Actions for Aditi Agarwal' }).click();
  await page.getByRole('menuitem', { name: 'View payslip' }).click();
  await expect(page).toHaveURL(/\/payroll\/details\//);
  const line = page.getByRole('button', { name: 'Loan recovery: show how it was computed' });
  await expect(line).toBeVisible();
  await line.click();
  const how = page.getByRole('list', { name: 'How Loan recovery was computed' });
  await expect(how.getByRole('listitem').first()).toHaveText('Instalment 1 of 10: principal ₹5,000, no interest');
  await expect(how).toContainText('Balance after this instalment ₹45,000');
  await page.screenshot({ path: 'artifacts/loans-payslip.png', fullPage: true });

  // Aditi, in a browser of her own: the Payroll area's My Loans tab.
  const context = await browser.newContext({ storageState: signedInState('member') });
  try {
    const mine = await context.newPage();
    await mine.goto('/');
    await expect(mine.getByRole('heading', { name: /Aditi/ })).toBeVisible();
    await mine.goto('/payroll/payslips');
    await mine.getByRole('tab', { name: 'My Loans' }).click();
    await expect(mine).toHaveURL(/\/payroll\/my-loans$/);
    const card = mine.getByRole('region', { name: 'Loan of ₹50,000' });
    await expect(card).toContainText('Balance ₹50,000');
    await expect(card.getByRole('table').getByRole('row').nth(1)).toContainText('In the open month');
    await mine.screenshot({ path: 'artifacts/loans-mine.png', fullPage: true });
  } finally {
    await context.close();
  }
});
