import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { expect, test } from './fixtures';
import { login, uniqueTag } from './helpers';
import { PASSWORD, addEmployee, hireEmployee, registerOrganisation } from './payroll-org';

/** The files of a ZIP, read through its central directory (stored or DEFLATE entries). */
function unzip(zip: Buffer): Record<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a ZIP: no end of central directory');
  const files: Record<string, Buffer> = {};
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('not a ZIP: bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const packedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const packed = zip.subarray(start, start + packedSize);
    files[name] = method === 8 ? inflateRawSync(packed) : packed;
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

/**
 * Data rights in the browser (issue 30): in a new organisation, an employee on a phone (390 px) downloads
 * their data from My profile — a ZIP with their profile — and the administrator, on a desktop, erases the
 * personal data of an employee relieved more than the retention period ago (three years; the exit
 * recorded and approved through the API with a last working day in March 2023) from that employee's
 * profile, then finds the erasure in Settings › Audit log.
 */
test('an employee downloads their data on a phone; the administrator erases a relieved employee and the audit log shows it', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const owner = await registerOrganisation(request, tag);
  const headers = { authorization: `Bearer ${owner.token}` };
  const employee = await hireEmployee(request, owner.token, tag, '2025-04-01');
  const leaver = await addEmployee(request, owner.token, tag, '2019-04-01', 'Lakshmi');

  // The leaver's exit: last working day 31 March 2023, approved (it sets the date of leaving); the organisation keeps data three years.
  const exit = await request.post('/backend/api/ExitSettlements', { headers, data: { userId: leaver.id, reason: 'resignation', resignationDate: '2023-02-01', lastWorkingDay: '2023-03-31', noticeRequiredDays: 30, noticeServedDays: 30 } });
  expect(exit.status(), await exit.text()).toBe(201);
  const exitId = ((await exit.json()) as { data: { id: string } }).data.id;
  const approved = await request.post(`/backend/api/ExitSettlements/${exitId}/approve`, { headers });
  expect(approved.status(), await approved.text()).toBe(200);
  const retention = await request.put('/backend/api/DataRights/settings', { headers, data: { retentionYears: 3 } });
  expect(retention.status(), await retention.text()).toBe(200);

  // The employee, on a phone: My profile › Your data › Download my data.
  const phone = await browser.newContext({ ...(baseURL ? { baseURL } : {}), viewport: { width: 390, height: 844 }, acceptDownloads: true });
  const mobile = await phone.newPage();
  await login(mobile, employee.email, PASSWORD);
  await expect(mobile).not.toHaveURL(/\/login/);
  await mobile.goto('/my-profile');
  const yourData = mobile.getByRole('region', { name: 'Your data' });
  // The profile's first load can take longer than the default 10 s on a loaded machine (seen at load 20 on 2 cores).
  await expect(yourData).toBeVisible({ timeout: 60_000 });
  const downloading = mobile.waitForEvent('download');
  await yourData.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = await readFile((await download.path()) ?? '');
  expect(bytes.length).toBeGreaterThan(0);
  const files = unzip(bytes);
  const profileName = Object.keys(files).find((name) => /profile\.json$/.test(name));
  expect(profileName, Object.keys(files).join(', ')).toBeDefined();
  const profile = files[profileName ?? '']?.toString('utf8') ?? '';
  expect(profile).toContain(employee.email);
  expect(JSON.parse(profile)).toBeTruthy();
  const scrollWidth = await mobile.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await phone.close();

  // The administrator, on a desktop: the leaver's profile › Personal data › Erase personal data.
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, owner.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/profile?userId=${leaver.id}`);
  const section = page.getByRole('region', { name: 'Personal data' });
  await expect(section).toContainText(/Last working day 31 Mar\w* 2023/, { timeout: 60_000 });
  await section.getByRole('button', { name: 'Erase personal data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase personal data' });
  await expect(dialog).toContainText(`Erase ${leaver.name}’s personal data?`);
  await expect(dialog.getByText('Kept, because the law requires it')).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, erase it' }).click();
  await expect(section.getByText(/Personal data erased on/)).toBeVisible();

  // Settings › Audit log, filtered to erasures: the entry, by the owner.
  await page.goto('/settings/audit-log');
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Erase', exact: true }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log.getByRole('row').nth(1)).toContainText('Erase');
  await expect(log.getByRole('row').nth(1)).toContainText('Personal data');
  await expect(log.getByRole('row').nth(1)).toContainText('Sunita Reddy');
});
