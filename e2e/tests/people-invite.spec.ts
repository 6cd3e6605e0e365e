import { expect, test } from './fixtures';
import { inviteLinkParts, latestMail, openMyPeople, showInList, typeDate, uniqueTag, userRow } from './helpers';

test.use({ signedInAs: 'administrator' });

test('invite → mailbox → set password → log in as the new user → Active', async ({ page, request, browser }) => {
  const tag = uniqueTag();
  const firstName = 'Meera';
  const lastName = `Pillai${tag.letters.toLowerCase()}`;
  const name = `${firstName} ${lastName}`;
  const email = `meera.${tag.digits}@nilgiri.demo`;
  const employeeNumber = `INV${tag.digits}`;
  const password = 'Welcome2026';

  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Anita/ })).toBeVisible();
  await openMyPeople(page);
  await page.screenshot({ path: 'artifacts/people-list.png', fullPage: true });

  await page.getByRole('button', { name: 'Add Users' }).click();
  await page.getByRole('menuitem', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  const sections = dialog.getByRole('navigation', { name: 'Form sections' });

  // General Information.
  await dialog.getByLabel('First name').fill(firstName);
  await dialog.getByLabel('Last name').fill(lastName);
  await dialog.getByLabel('Work email').fill(email);
  // Issue 16: Save stays enabled and, pressed too early, shows what is missing.
  await expect(dialog.getByRole('button', { name: 'Save Details' })).toBeEnabled();

  // Employment Details: the employee number is checked on blur, the last number is shown.
  await sections.getByText('Employment Details').click();
  await expect(dialog.getByText(/^Last employee number: /)).toBeVisible();
  await dialog.getByLabel('Employee number').fill(employeeNumber);
  await typeDate(dialog.getByLabel('Date of joining'), '2026-04-01');
  await dialog.getByLabel('Experience (years)').fill('4');
  await expect(dialog.getByText('Employee number already exists!')).toHaveCount(0);

  // Salary Structure: computed live from the annual CTC with the organisation's components.
  await sections.getByText('Salary Structure').click();
  await dialog.getByLabel('Annual CTC (₹)').fill('1200000');
  await dialog.getByLabel('Tax regime').selectOption({ label: 'New Regime' });
  // Monthly CTC 1,00,000: Basic 50% of CTC = 50,000 a month (6,00,000 a year); HRA 50% of Basic = 25,000.
  const basic = dialog.getByRole('row').filter({ hasText: /^Basic/ });
  await expect(basic).toContainText('₹50,000');
  await expect(basic).toContainText('₹6,00,000');
  await expect(dialog.getByRole('row').filter({ hasText: /^HRA/ })).toContainText('₹25,000');
  const totals = dialog.getByRole('table', { name: 'Salary totals' });
  await expect(totals.getByRole('row').filter({ hasText: 'Cost to company' })).toContainText('₹1,00,000');
  await expect(totals.getByRole('row').filter({ hasText: 'Cost to company' })).toContainText('₹12,00,000');
  await dialog.screenshot({ path: 'artifacts/people-invite-salary.png' });

  await dialog.getByRole('button', { name: 'Save Details' }).click();
  await expect(page.getByText('User has been invited, pending verification!')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await showInList(page, 'Pending Verification', employeeNumber);
  await expect(userRow(page, employeeNumber)).toContainText(name.slice(0, 20));
  await expect(userRow(page, employeeNumber)).toContainText('Pending');

  // The invitation e-mail, followed by the new person in a browser of their own.
  const mail = await latestMail(request, email);
  expect(mail.subject).toBe("You're invited to join Nilgiri Software Pvt Ltd on Tankha");
  const link = mail.links.find((l) => l.includes('/accept-invite/'));
  expect(link).toBeDefined();
  expect(inviteLinkParts(link ?? '').email).toBe(email);

  // The invitee's own browser, signed out.
  const context = await browser.newContext({ storageState: undefined });
  try {
    const invitee = await context.newPage();
    await invitee.goto(link ?? '');
    await expect(invitee.getByText(`Set a password for ${email} to activate your account.`)).toBeVisible();
    await invitee.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await invitee.getByRole('textbox', { name: 'Confirm password' }).fill(`${password}x`);
    await invitee.getByRole('button', { name: 'Set Password' }).click();
    await expect(invitee.getByText('Passwords do not match.')).toBeVisible();
    await invitee.getByRole('textbox', { name: 'Confirm password' }).fill(password);
    await invitee.getByRole('button', { name: 'Set Password' }).click();
    await expect(invitee.getByText('Your password has been set and your account is active. You can now log in.')).toBeVisible();
    await invitee.getByRole('link', { name: 'Login here' }).click();
    await expect(invitee).toHaveURL(/\/login/);
    await invitee.getByLabel('Email').fill(email);
    await invitee.getByRole('textbox', { name: 'Password' }).fill(password);
    await invitee.getByRole('button', { name: 'Login' }).click();
    await expect(invitee).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(invitee.getByRole('heading', { name: new RegExp(firstName) })).toBeVisible();
  } finally {
    await context.close();
  }

  // Back as the administrator: the user has left Pending Verification for Active.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await showInList(page, 'Active', employeeNumber);
  await expect(userRow(page, employeeNumber)).toContainText(name.slice(0, 20));
  await expect(userRow(page, employeeNumber)).toContainText('Active');
  await showInList(page, 'Pending Verification', employeeNumber);
  await expect(userRow(page, employeeNumber)).toHaveCount(0);
});

test('the employee form refuses a bad PAN and phone number, says why under each field and marks the section', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Anita/ })).toBeVisible();
  await openMyPeople(page);
  await page.getByRole('button', { name: 'Add Users' }).click();
  await page.getByRole('menuitem', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  const sections = dialog.getByRole('navigation', { name: 'Form sections' });

  await dialog.getByLabel('First name').fill('Ravi');
  await dialog.getByLabel('Last name').fill('Kumar');
  await dialog.getByLabel('Work email').fill(`ravi.${uniqueTag().digits}@nilgiri.demo`);
  await dialog.getByLabel('Phone number').fill('12345');
  await dialog.getByLabel('PAN').fill('abcde12345');
  await expect(dialog.getByLabel('PAN')).toHaveValue('ABCDE12345');

  // The next employee number is already there.
  await sections.getByText('Employment Details').click();
  await expect(dialog.getByLabel('Employee number')).not.toHaveValue('');
  await sections.getByText('Bank Details').click();
  await dialog.getByRole('button', { name: 'Save Details' }).click();

  // Back on General Information, at the first error, with each message under its field.
  await expect(dialog.getByLabel('Phone number')).toBeFocused();
  await expect(dialog.getByText('Please enter a valid Indian phone number: 10 digits, optionally starting with +91')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid PAN: 5 letters, 4 digits and 1 letter (e.g. ABCDE1234F)')).toBeVisible();
  // Joining date, experience and CTC are still missing: their sections are marked too, Bank Details is not.
  await expect(sections.getByText('Has errors')).toHaveCount(3);
  await expect(sections.locator('a, button').filter({ hasText: 'General Information' })).toContainText('Has errors');
  await expect(sections.locator('a, button').filter({ hasText: 'Bank Details' })).not.toContainText('Has errors');
  await dialog.screenshot({ path: 'artifacts/employee-form-errors.png' });

  await dialog.getByLabel('Phone number').fill('+91 98765 43210');
  await dialog.getByLabel('PAN').fill('ABCDE1234F');
  await expect(dialog.getByText(/Please enter a valid (PAN|Indian phone)/)).toHaveCount(0);
});
