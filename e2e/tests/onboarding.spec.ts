import { expect, test } from './fixtures';
import { latestMail } from './helpers';

test('register → mailbox → verify → log in → complete the wizard → dashboard', async ({ page, request }) => {
  const email = `owner.${Date.now().toString(36)}@godavari.in`;

  await page.goto('/register');
  await page.getByLabel('First name').fill('Lakshmi');
  await page.getByLabel('Last name').fill('Varma');
  await page.getByLabel('Organization name').fill('Godavari Foods');
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Harvest2026');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Harvest2026');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/email-sent-notify$/);
  await expect(page.getByText('Email Sent Successfully!')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // Open the mailbox page as a person would and follow the link.
  await page.goto('/dev/mailbox');
  const mail = await latestMail(request, email);
  expect(mail.subject).toBe('Verify your email address for Tankha');
  await page.getByRole('article', { name: `Email to ${email}` }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/verify-user\//);
  await expect(page.getByText(/your email has been verified/i)).toBeVisible();
  await page.getByRole('link', { name: 'Login here' }).click();

  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Harvest2026');
  await page.getByRole('button', { name: 'Login' }).click();

  // An administrator with incomplete setup lands on the welcome screen.
  await expect(page).toHaveURL(/\/required-details$/);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/required-details\/organization$/);
  await expect(page.getByText('Complete Organization Setup')).toBeVisible();

  // Basic information (prefilled from registration): Next without an address is refused.
  await expect(page.getByLabel('Organization name')).toHaveValue('Godavari Foods');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please fill all required fields before proceeding.')).toBeVisible();
  await page.getByLabel('Organization name').fill('Godavari Foods');
  await page.getByLabel('Address').fill('Plot 12, Industrial Area, Rajahmundry, Andhra Pradesh 533101');
  await page.getByRole('button', { name: 'Next' }).click();

  // Business details, two sub-steps.
  await page.getByRole('combobox', { name: 'Business type' }).click();
  await page.getByRole('option', { name: 'Private Limited', exact: true }).click();
  await page.getByLabel('Legal company name').fill('Godavari Foods Private Limited');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Manufacturing' }).click();
  await page.getByRole('combobox', { name: 'Team size' }).click();
  await page.getByRole('option', { name: '21-100 employees' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  // Tax registration: PAN is upper-cased as typed; a bad GST shows the format.
  await page.getByLabel('PAN').fill('aagcg1234k');
  await expect(page.getByLabel('PAN')).toHaveValue('AAGCG1234K');
  await page.getByLabel('GST number').fill('37AAGCG1234K1A5');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Format: 22ABCDE1234F1Z5')).toBeVisible();
  await page.getByLabel('GST number').fill('37AAGCG1234K1Z5');
  await page.getByRole('button', { name: 'Next' }).click();

  // Settings: defaults 9 hours, Sunday and Saturday; a third day is refused.
  await expect(page.getByLabel('Working hours per day')).toHaveValue('9');
  await expect(page.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Friday' }).click();
  await expect(page.getByText('More than two WeekDaysOff are not allowed!')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Review and finish.
  await expect(page.getByText('Godavari Foods Private Limited')).toBeVisible();
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: /Lakshmi/ })).toBeVisible();
  await expect(page.getByText('Godavari Foods').first()).toBeVisible();

  const org = await page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => localStorage.getItem(k)?.includes('"token"')) ?? '') ?? '{}') as { token?: string };
    const res = await fetch('/backend/api/Tenants', { headers: { authorization: `Bearer ${user.token ?? ''}` } });
    return ((await res.json()) as { data: { pan: string; gstNumber: string; workingHours: number; weekDaysOff: string[] } }).data;
  });
  expect(org).toMatchObject({ pan: 'AAGCG1234K', gstNumber: '37AAGCG1234K1Z5', workingHours: 9, weekDaysOff: ['Sunday', 'Saturday'] });
});
