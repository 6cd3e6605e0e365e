import { expect, test } from './fixtures';
import { uniqueTag } from './helpers';

test.use({ signedInAs: 'administrator' });

test('an administrator adds a client site and assigns an employee to it', async ({ page }) => {
  const name = `Acme ${uniqueTag().letters}`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Clients' }).click();
  await expect(page).toHaveURL(/\/attendance\/clients$/);
  await page.getByRole('button', { name: 'Add client site' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add client site' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Client name is required')).toBeVisible();
  await dialog.getByLabel('Client name').fill(name);
  await dialog.getByLabel('Address').fill('ITPL Main Road, Whitefield, Bengaluru');
  await dialog.getByLabel('Latitude').fill('12.9698');
  await dialog.getByLabel('Longitude').fill('77.75');
  await dialog.getByLabel('Radius (metres)').fill('250');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Client site added successfully')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('250 m');

  await page.getByRole('button', { name: `Assign employees to ${name}` }).click();
  const assign = page.getByRole('dialog', { name: `Employees at ${name}` });
  await assign.getByLabel('Assigned employees').click();
  await page.getByRole('option', { name: 'Aditi Agarwal' }).click();
  await assign.getByRole('heading', { name: `Employees at ${name}` }).click();
  await assign.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Employees assigned successfully')).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
});

test("the team overview shows today's states, and a report downloads", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Team overview' }).click();
  await expect(page).toHaveURL(/\/my-team\/overview$/);
  await expect(page.getByRole('heading', { name: 'Team overview' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Not in yet' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pending approvals' })).toContainText('Leave:');
  const table = page.getByRole('region', { name: 'Team today' }).getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.getByText('Not in yet', { exact: true }).last().click();
  await expect(page.getByRole('region', { name: 'Team today' })).toBeVisible();

  await page.getByRole('link', { name: 'Team reports' }).click();
  await expect(page).toHaveURL(/\/my-team\/reports$/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download XLSX' }).click();
  expect((await download).suggestedFilename()).toMatch(/^team-attendance-report-.*\.xlsx$/);
});
