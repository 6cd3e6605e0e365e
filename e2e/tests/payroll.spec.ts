import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { extractText, getDocumentProxy } from 'unpdf';
import { login, uniqueTag } from './helpers';
import { MONTH_NAMES, PASSWORD, hireEmployee, monthText, monthsAgo, registerOrganisation } from './payroll-org';

/**
 * Issue 10, the browser test: an administrator of an organisation without payroll sets it up through
 * the checklist, runs a month, opens an employee's payslip, finalizes; the employee signs in,
 * downloads the payslip PDF and its text holds the net pay in words the payslip page shows.
 *
 * A new organisation of its own (registered and set up through the API, as a person would have done
 * in the wizard), so nothing depends on the demo organisation's payroll. No amount is written here:
 * the figures are whatever the month calculation gives, read from the page.
 */

/** A checklist step's row on /payroll-setup. */
const step = (page: Page, title: string) => page.getByRole('list', { name: 'Payroll setup steps' }).getByRole('listitem', { name: title });

test('set up payroll through the checklist, run a month, finalize; the employee downloads the payslip and its PDF says the net pay in words', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const lastPayroll = monthsAgo(2);
  const runMonth = monthText(monthsAgo(1));
  const joined = (() => {
    const { month, year } = monthsAgo(6);
    return `${String(year)}-${String(month).padStart(2, '0')}-01`;
  })();
  const owner = await registerOrganisation(request, tag);
  const employee = await hireEmployee(request, owner.token, tag, joined);

  await login(page, owner.email, PASSWORD);
  await expect(page.getByRole('heading', { name: /Sunita/ })).toBeVisible();

  // Before setup the Payroll page points to the checklist.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Payroll', exact: true }).click();
  await expect(page).toHaveURL(/\/payroll\/payroll-run$/);
  await page.getByRole('link', { name: 'Go to Payroll Setup' }).click();
  await expect(page).toHaveURL(/\/payroll-setup$/);

  // 1. Salary Components.
  await expect(step(page, 'Salary Components')).toContainText('Pending');
  await expect(step(page, 'Settings')).toContainText('Locked');
  await step(page, 'Salary Components').getByRole('link', { name: 'Open Salary Components' }).click();
  await expect(page).toHaveURL(/\/payroll\/payroll-components\/salary/);
  await expect(page.getByRole('table').filter({ hasText: 'Basic' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Mark as Completed' }).click();
  await expect(page).toHaveURL(/\/payroll-setup$/);
  await expect(step(page, 'Salary Components')).toContainText('Completed');

  // 2. Statutory Components (the new organisation is on the trial, which has them).
  await step(page, 'Statutory Components').getByRole('link', { name: 'Open Statutory Components' }).click();
  await expect(page).toHaveURL(/\/payroll\/payroll-components\/statutory/);
  await expect(page.getByRole('heading', { name: 'Statutory Components' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as Completed' }).click();
  await expect(page).toHaveURL(/\/payroll-setup$/);
  await expect(step(page, 'Statutory Components')).toContainText('Completed');

  // 3. Settings: the last payroll month, fixed through the confirm dialog and its tick box.
  await step(page, 'Settings').getByRole('link', { name: 'Open Settings' }).click();
  await expect(page).toHaveURL(/\/payroll\/settings/);
  await expect(page.getByRole('button', { name: 'Mark as Completed' })).toBeDisabled();
  await page.getByLabel('Last Payroll Month').selectOption({ label: MONTH_NAMES[lastPayroll.month - 1] ?? '' });
  await page.getByLabel('Last Payroll Year').selectOption({ label: String(lastPayroll.year) });
  await page.getByRole('button', { name: 'Apply Changes' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Last Payroll Month' });
  await expect(confirm).toContainText(monthText(lastPayroll));
  await expect(confirm.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await confirm.getByRole('checkbox', { name: 'I understand that the last payroll month and year cannot be changed later' }).check();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Settings have been updated successfully')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(`The last payroll month is ${monthText(lastPayroll)}. It cannot be changed.`)).toBeVisible();
  await expect(page.getByLabel('Last Payroll Month')).toBeDisabled();
  await page.getByRole('button', { name: 'Mark as Completed' }).click();
  await expect(page).toHaveURL(/\/payroll-setup$/);
  await expect(step(page, 'Settings')).toContainText('Completed');

  // Complete Payroll Setup: the month after the last payroll month opens as a draft.
  await page.getByRole('button', { name: 'Complete Payroll Setup' }).click();
  await expect(page).toHaveURL(/\/payroll\/payroll-run$/);
  await expect(page.getByRole('heading', { name: runMonth })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  const employees = page.getByRole('table', { name: 'Payroll employees' });
  const row = employees.getByRole('row').filter({ hasText: employee.name });
  await expect(row).toHaveCount(1);

  // Process, and wait for the month to be processed as a person watches the status.
  await page.getByRole('button', { name: 'Process Payroll' }).click();
  await expect(page.getByText('Processed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Finalize Payroll' })).toBeEnabled();
  // The rows follow the status a moment later (they are asked for again once it changes).
  const netCell = row.getByRole('cell').nth(5);
  await expect(netCell).toHaveText(/^₹[\d,]+(\.\d\d)?$/);
  const netInTable = (await netCell.innerText()).trim();
  await page.screenshot({ path: 'artifacts/payroll-run-processed.png', fullPage: true });

  // The employee's payslip from the table: every amount can say how it was computed.
  await page.getByRole('button', { name: `Actions for ${employee.name}` }).click();
  await page.getByRole('menuitem', { name: 'View payslip' }).click();
  await expect(page).toHaveURL(/\/payroll\/details\//);
  await expect(page.getByRole('heading', { name: `Payslip for ${runMonth}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Net pay' }).getByLabel(/^Net pay: /)).toHaveText(netInTable);
  await page.getByRole('button', { name: 'Basic: show how it was computed' }).click();
  const basicHow = page.getByRole('list', { name: 'How Basic was computed' });
  await expect(basicHow).toBeVisible();
  await expect(basicHow.getByRole('listitem').first()).toHaveText(/₹/);
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
  await page.screenshot({ path: 'artifacts/payroll-payslip-draft.png', fullPage: true });

  // Back to the run and finalize it.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/payroll\/payroll-run$/);
  await page.getByRole('button', { name: 'Finalize Payroll' }).click();
  const finalize = page.getByRole('dialog', { name: 'Finalize Payroll' });
  await expect(finalize).toContainText(runMonth);
  await finalize.getByRole('button', { name: `Yes, finalize ${runMonth}` }).click();
  await expect(page.getByText(`${runMonth} is finalized and not marked as paid yet.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: monthText(monthsAgo(0)) })).toBeVisible();

  // The employee, in a browser of their own: My payslips → the month → Download PDF once it is ready.
  const context = await browser.newContext({ acceptDownloads: true });
  try {
    const mine = await context.newPage();
    await login(mine, employee.email, PASSWORD);
    await expect(mine.getByRole('heading', { name: /Ramesh/ })).toBeVisible();
    await mine.goto('/payslips');
    const runFy = (() => {
      const { month, year } = monthsAgo(1);
      const start = month >= 4 ? year : year - 1;
      return `${String(start)}-${String((start + 1) % 100).padStart(2, '0')}`;
    })();
    // A native select: choosing the year it already shows changes nothing.
    await mine.getByRole('combobox', { name: 'Financial year' }).selectOption({ label: runFy });
    await mine.getByRole('table', { name: 'Payslips' }).getByRole('link', { name: runMonth, exact: true }).click();
    await expect(mine).toHaveURL(/\/payslips\/[^/]+$/);
    await expect(mine.getByRole('heading', { name: `Payslip for ${runMonth}` })).toBeVisible();
    const net = mine.getByRole('region', { name: 'Net pay' });
    await expect(net.getByLabel(/^Net pay: /)).toHaveText(netInTable);
    const words = (await net.getByText(/^Rupees /).innerText()).trim();
    expect(words).toMatch(/^Rupees [A-Za-z ]+ Only$/);

    const download = mine.getByRole('button', { name: 'Download PDF' });
    await expect(download).toBeEnabled({ timeout: 60_000 });
    const [file] = await Promise.all([mine.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    const flat = (s: string) => s.replace(/\s+/g, ' ').trim();
    expect(flat(text)).toContain(flat(words));
    expect(flat(text)).toContain(owner.organisation);
    expect(flat(text)).toContain(employee.name);
    await mine.screenshot({ path: 'artifacts/payroll-payslip-employee.png', fullPage: true });
  } finally {
    await context.close();
  }
});
