import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { DEMO, apiLogin } from './helpers';

test.use({ signedInAs: 'administrator' });

/**
 * Issue 13 items 1 and 2, the browser test: the administrator uploads a Form 16A and then a Form 16B
 * for an employee on Form 16 management; the employee opens their Form 16 page (the default of
 * /payroll/taxes), downloads each part — PDFs, the same bytes, under the spec's names — and the
 * merged PDF of both parts. The year is 2024-2025, which the demo leaves empty (its
 * Form 16s are last year's).
 */

const YEAR = '2024-2025';

/** A small PDF written by hand: `pages` pages with a line of text. */
function pdf(text: string, pages = 1): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${String(4 + i)} 0 R`).join(' ');
  const content = `BT /F1 12 Tf 40 160 Td (${text}) Tj ET`;
  const objects = [
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
    `2 0 obj<</Type/Pages/Kids[${kids}]/Count ${String(pages)}>>endobj`,
    `3 0 obj<</Length ${String(content.length)}>>stream\n${content}\nendstream endobj`,
    ...Array.from({ length: pages }, (_, i) => `${String(4 + i)} 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 3 0 R/Resources<</Font<</F1<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>>>>>>>endobj`),
  ];
  return Buffer.from(`%PDF-1.4\n${objects.join('\n')}\ntrailer<</Root 1 0 R/Size ${String(4 + pages)}>>\n%%EOF\n`, 'latin1');
}

test('the administrator uploads a Form 16 for an employee; the employee downloads it and the merged PDF', async ({ page, browser, request, signedInState }) => {
  test.setTimeout(120_000);
  const partA = pdf('Form 16 Part A of Aditi Agarwal');

  await page.goto('/');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/payroll/form16');
  await expect(page.getByRole('heading', { name: 'Form 16' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Financial Year' }).click();
  await page.getByRole('option', { name: YEAR }).click();
  await page.getByRole('textbox', { name: 'Search employees' }).fill('Aditi');
  const table = page.getByRole('table', { name: "Employees' Form 16" });
  const row = table.getByRole('row').filter({ hasText: 'aditi.agarwal@nilgiri.demo' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('No forms')).toBeVisible();

  await row.getByRole('button', { name: 'Upload Form 16 for Aditi Agarwal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Form 16' });
  await expect(dialog.getByRole('textbox', { name: 'Employee' })).toHaveValue('Aditi Agarwal');
  await expect(dialog.getByRole('combobox', { name: 'Financial Year' })).toHaveValue(YEAR);
  await dialog.getByRole('combobox', { name: 'Form Type' }).click();
  await page.getByRole('option', { name: 'Form 16A' }).click();
  await dialog.getByLabel('Form 16 PDF file').setInputFiles({ name: 'aditi-part-a.pdf', mimeType: 'application/pdf', buffer: partA });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Form 16 uploaded successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Form 16A')).toBeVisible();
  await expect(row.getByText('(1 form)')).toBeVisible();
  await expect(row.getByRole('button', { name: /Download merged/ })).toHaveCount(0);

  // Part B of the same year, the same way: a second upload for the same employee and year.
  const partB = pdf('Form 16 Part B', 2);
  await row.getByRole('button', { name: 'Upload Form 16 for Aditi Agarwal' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Employee' })).toHaveValue('Aditi Agarwal');
  await dialog.getByRole('combobox', { name: 'Form Type' }).click();
  await page.getByRole('option', { name: 'Form 16B' }).click();
  await dialog.getByLabel('Form 16 PDF file').setInputFiles({ name: 'aditi-part-b.pdf', mimeType: 'application/pdf', buffer: partB });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Form 16 uploaded successfully').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const admin = await apiLogin(request, DEMO.administrator);
  const users = (await (await request.get(`/backend/api/Form16/users?financialYear=${YEAR}&searchText=aditi`, { headers: { authorization: `Bearer ${admin.token}` } })).json()) as { data: { id: string; employeeNumber: string }[] };
  const aditi = users.data[0];
  if (!aditi) throw new Error('Aditi is not listed');
  await expect(row.getByText('(2 forms)')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Download merged Form 16 of Aditi Agarwal' })).toBeVisible();
  await row.getByRole('button', { name: 'Show Form 16 documents of Aditi Agarwal' }).click();
  await expect(page.getByText(`Form 16 Documents for ${YEAR}`)).toBeVisible();

  // The employee, in a session of their own.
  const context = await browser.newContext({ storageState: signedInState('member') });
  const employee = await context.newPage();
  await employee.goto('/');
  await expect(employee).not.toHaveURL(/\/login/);
  await employee.goto('/payroll/taxes');
  await expect(employee).toHaveURL(/\/payroll\/taxes\/form16$/);
  await expect(employee.getByText('About Form 16')).toBeVisible();
  await employee.getByRole('combobox', { name: 'Financial Year' }).click();
  await employee.getByRole('option', { name: YEAR }).click();
  const mine = employee.getByRole('table', { name: 'My Form 16 documents' });
  await expect(mine.getByRole('row')).toHaveCount(3);
  const actions = employee.getByRole('region', { name: 'Quick Actions' });

  const [download16A] = await Promise.all([employee.waitForEvent('download'), actions.getByRole('button', { name: 'Download 16A' }).click()]);
  expect(download16A.suggestedFilename()).toBe(`Form16A_Aditi_Agarwal_${aditi.employeeNumber}_${YEAR}.pdf`);
  expect((await readFile(await download16A.path())).equals(partA)).toBe(true);
  await expect(employee.getByText('Download started')).toBeVisible();

  const [download16B] = await Promise.all([employee.waitForEvent('download'), actions.getByRole('button', { name: 'Download 16B' }).click()]);
  expect(download16B.suggestedFilename()).toBe(`Form16B_Aditi_Agarwal_${aditi.employeeNumber}_${YEAR}.pdf`);
  const bytes16B = await readFile(await download16B.path());
  expect(bytes16B.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes16B.equals(partB)).toBe(true);

  const [merged] = await Promise.all([employee.waitForEvent('download'), actions.getByRole('button', { name: 'Download Merged' }).click()]);
  expect(merged.suggestedFilename()).toBe(`Form16_Merged_Aditi_Agarwal_${aditi.employeeNumber}_${YEAR}.pdf`);
  const bytes = (await readFile(await merged.path())).toString('latin1');
  expect(bytes.startsWith('%PDF-')).toBe(true);
  // Part A's page and Part B's two: one page tree of three.
  expect(bytes).toMatch(/\/Count 3\b/);
  await expect(employee.getByText('Merged download started')).toBeVisible();
  await context.close();
});
