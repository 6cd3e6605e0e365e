import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_COLUMNS } from '../../packages/contracts/src/people-import.contract';
import { apiUserCounts, openMyPeople, showInList, uniqueTag, userRow } from './helpers';

test.use({ signedInAs: 'administrator' });

type Cells = Partial<Record<(typeof IMPORT_COLUMNS)[number]['field'], string>>;

/** A CSV file with the template's header row and one line per person. */
function writeCsv(name: string, rows: Cells[]): string {
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [IMPORT_COLUMNS.map((c) => quote(c.header)).join(','), ...rows.map((row) => IMPORT_COLUMNS.map((c) => quote(row[c.field] ?? '')).join(','))];
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tankha-import-')), name);
  fs.writeFileSync(file, `${lines.join('\r\n')}\r\n`, 'utf8');
  return file;
}

async function chooseFile(page: Page, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('File').click();
  await (await chooser).setFiles(file);
  await expect(page.getByText(path.basename(file))).toBeVisible();
}

test('an import with one bad row writes nothing; the corrected file imports every row', async ({ page, request }) => {
  const tag = uniqueTag();
  const person = (n: number, first: string, last: string): Cells => ({
    employeeNumber: `IMP${tag.digits}${n.toString()}`,
    firstName: first,
    lastName: `${last}${tag.letters.toLowerCase()}`,
    email: `${first.toLowerCase()}.${tag.digits}@nilgiri.demo`,
    dateOfJoining: '2026-05-04',
    experience: String(n + 1),
    annualCTC: String(600_000 + n * 60_000),
    regimeType: 'New',
    roleId: 'Member',
    departmentId: 'Engineering',
    designation: 'Software Engineer',
    employmentType: 'Full Time',
  });
  const good = [person(1, 'Ishaan', 'Kapoor'), person(2, 'Lavanya', 'Reddy')];
  const bad = { ...person(3, 'Nikhil', 'Bhat'), email: `nikhil.${tag.digits}-at-nilgiri.demo` };

  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Anita/ })).toBeVisible();
  await openMyPeople(page);
  await page.getByRole('button', { name: 'Add Users' }).click();
  await page.getByRole('menuitem', { name: 'Import Users' }).click();
  await expect(page).toHaveURL(/\/users\/import$/);
  await expect(page.getByRole('heading', { name: 'Import Users' })).toBeVisible();

  // One bad row among two good ones: the preview names it and Import stays off.
  await chooseFile(page, writeCsv(`people-${tag.digits}-with-error.csv`, [good[0] ?? {}, bad, good[1] ?? {}]));
  await page.getByRole('button', { name: 'Check file' }).click();
  const preview = page.getByRole('table', { name: 'Import preview' });
  await expect(preview).toBeVisible();
  await expect(page.getByText('3 rows', { exact: true })).toBeVisible();
  await expect(page.getByText('2 valid', { exact: true })).toBeVisible();
  await expect(page.getByText('1 with errors', { exact: true })).toBeVisible();
  await expect(page.getByText('Nothing will be imported until every row is valid.', { exact: false })).toBeVisible();
  // Row 3 of the sheet (the header is row 1).
  const badRow = preview.getByRole('row').filter({ hasText: bad.email ?? '' });
  await expect(badRow).toContainText('3');
  await expect(badRow).toContainText('Please enter a valid email address');
  await expect(preview.getByRole('row').filter({ hasText: good[0]?.email ?? '' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Import \d+ users$/ })).toBeDisabled();
  await page.screenshot({ path: 'artifacts/people-import-error.png', fullPage: true });

  // Nothing was written.
  expect(await apiUserCounts(request, tag.digits)).toEqual({ active: 0, pending: 0, inactive: 0 });

  // The corrected file: every row valid, imported as invitations.
  await chooseFile(page, writeCsv(`people-${tag.digits}-fixed.csv`, [good[0] ?? {}, { ...bad, email: `nikhil.${tag.digits}@nilgiri.demo` }, good[1] ?? {}]));
  await expect(preview).toHaveCount(0);
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('3 valid', { exact: true })).toBeVisible();
  await expect(page.getByText('0 with errors', { exact: true })).toBeVisible();
  await expect(page.getByText('Every row is valid. Each person will get an invitation e-mail.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 3 users' }).click();

  const summary = page.getByRole('alert').filter({ hasText: 'Import complete' });
  await expect(summary).toBeVisible();
  await expect(summary.getByText('3 users created')).toBeVisible();
  await expect(summary.getByText('3 invited by e-mail (Pending Verification)')).toBeVisible();
  expect(await apiUserCounts(request, tag.digits)).toEqual({ active: 0, pending: 3, inactive: 0 });

  await summary.getByRole('link', { name: 'Go to My people' }).click();
  await expect(page).toHaveURL(/\/users\/my-people$/);
  await showInList(page, 'Pending Verification', tag.digits);
  for (const row of [good[0], bad, good[1]]) {
    await expect(userRow(page, row?.employeeNumber ?? '?')).toContainText(`${row?.firstName ?? ''} ${row?.lastName ?? ''}`.slice(0, 20));
  }
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(4);
});
