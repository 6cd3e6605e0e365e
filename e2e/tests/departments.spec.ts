import { expect, test } from './fixtures';
import { DEMO, apiLogin, uniqueTag } from './helpers';

test.use({ signedInAs: 'administrator' });

test('an administrator creates a department, switches it off and on, and deletes it', async ({ page }) => {
  await page.goto('/');
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

test('deleting a department with people offers to move them first, and moves them', async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO.administrator);
  const headers = { authorization: `Bearer ${admin.token}` };
  const tag = uniqueTag();
  const create = async (name: string) => {
    const res = await request.post('/backend/api/Departments', { headers, data: { name } });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  const leaving = `Audit ${tag.letters}`;
  const target = `Assurance ${tag.letters}`;
  const leavingId = await create(leaving);
  await create(target);
  for (const n of [1, 2]) {
    const res = await request.post('/backend/api/Users/restricted', {
      headers,
      data: {
        firstName: 'Mover',
        lastName: `Number${n === 1 ? 'one' : 'two'}${tag.letters.toLowerCase()}`,
        email: `mover${n.toString()}.${tag.digits}@nilgiri.demo`,
        employeeNumber: `MOV${n.toString()}${tag.digits}`,
        dateOfJoining: '2025-04-01',
        experience: 1,
        annualCTC: 600_000,
        regimeType: 1,
        departmentId: leavingId,
      },
    });
    expect(((await res.json()) as { data: { statusCode: number } }).data.statusCode).toBe(200);
  }

  await page.goto('/');
  await page.getByRole('link', { name: 'Departments' }).click();
  const table = page.getByRole('table', { name: 'Departments' });
  await expect(page.getByRole('button', { name: `Assigned users of ${leaving}: 2` })).toBeVisible();

  await page.getByRole('button', { name: `Delete ${leaving}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Department' });
  await expect(dialog).toContainText(`${leaving} has 2 people. Move them to another department and delete ${leaving}?`);
  const go = dialog.getByRole('button', { name: 'Move and delete' });
  await expect(go).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Move them to' }).click();
  await dialog.getByRole('combobox', { name: 'Move them to' }).fill(target);
  await page.getByRole('option', { name: target }).click();
  await dialog.screenshot({ path: 'artifacts/department-delete-move.png' });
  await go.click();
  await expect(page.getByText('Department deleted successfully')).toBeVisible();
  await expect(table.getByRole('cell', { name: leaving, exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Assigned users of ${target}: 2` })).toBeVisible();
});
