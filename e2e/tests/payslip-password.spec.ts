import { expect, test } from './fixtures';
import { login, uniqueTag } from './helpers';
import { PASSWORD, monthsAgo, registerOrganisation, setUpPayroll } from './payroll-org';

/**
 * The payslip password switch of Payroll Settings in the browser (the PDFs themselves are
 * payslip-password.int.test.ts's): it shows the pattern, saves, and reads back after a reload. A new
 * organisation, so no other test's payslips are protected.
 */
test('the payslip password switch shows the pattern and stays on after Apply Changes', async ({ page, request }) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const owner = await registerOrganisation(request, tag);
  await setUpPayroll(request, owner.token, monthsAgo(1));

  await login(page, owner.email, PASSWORD);
  // Signed in (the home page greets the owner) before the settings page is opened.
  await expect(page.getByRole('heading', { name: /Sunita/ })).toBeVisible();
  await page.goto('/payroll/settings');
  const toggle = page.getByRole('switch', { name: /^Protect payslip PDFs with a password/ });
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText(/Password: the first five letters of the PAN in capitals and the date of birth as DDMM, e\.g\. ABCDE0108/)).toBeVisible();
  // Mantine draws the input as a track over it: checked through the input itself.
  await toggle.check({ force: true });
  await expect(toggle).toBeChecked();
  await page.getByRole('button', { name: 'Apply Changes' }).click();
  await expect(page.getByText('Settings have been updated successfully').first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: /^Protect payslip PDFs with a password/ })).toBeChecked();
});
