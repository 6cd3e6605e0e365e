import { expect, test } from '@playwright/test';
import { DEMO, login } from './helpers';

test('an administrator creates a department, switches it off and on, and deletes it', async ({ page }) => {
  await login(page, DEMO.administrator);
  await page.getByRole('link', { name: 'Departments' }).click();
  await expect(page).toHaveURL(/\/users\/departments$/);
  const table = page.getByRole('table', { name: 'Departments' });
  await expect(table.getByRole('cell', { name: 'Engineering', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add Department' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Department' });
  await dialog.getByRole('button', { name: 'Add Department' }).click();
  await expect(dialog.getByText('Please enter a department name')).toBeVisible();
  await dialog.getByLabel('Name').fill('Customer Success');
  await dialog.getByLabel('Code').fill('CS');
  await dialog.getByLabel('Description').fill('Onboarding and support for customers');
  await dialog.getByRole('button', { name: 'Add Department' }).click();
  await expect(page.getByText('Department created successfully')).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Customer Success', exact: true })).toBeVisible();

  const toggle = page.getByRole('switch', { name: 'Active status of Customer Success' });
  await expect(toggle).toBeChecked();
  await toggle.click({ force: true });
  await expect(page.getByText('Department status updated successfully')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await expect(toggle).toBeChecked();

  await page.getByRole('button', { name: 'Delete Customer Success' }).click();
  await page.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(page.getByText('Department deleted successfully')).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Customer Success', exact: true })).toHaveCount(0);
});
