import { expect, test } from './fixtures';
import { DEMO, apiLogin } from './helpers';

test.use({ signedInAs: 'member' });

/**
 * Issue 12 item 7, the browser test: the administrator has released the IT declaration window with
 * regime switching allowed; the employee opens Compare Tax, sees the twelve rows and the
 * recommendation, switches to the other regime after confirming, and sees the new regime as current.
 */

/** Today and the last day of this month in Kolkata. */
function kolkataToday(): { today: string; monthEnd: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const [y, m] = today.split('-').map(Number) as [number, number];
  return { today, monthEnd: `${today.slice(0, 7)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}` };
}

const inr = (rupees: number) => (rupees === 0 ? '0' : `₹${rupees.toLocaleString('en-IN')}`);
const LABEL = { 0: 'Old Regime', 1: 'New Regime' } as const;

interface Comparison {
  comparisonItems: { particulars: string; oldRegimeValue: number; newRegimeValue: number }[];
  currentTaxRegime: 0 | 1;
  recommendedRegime: 0 | 1;
  annualSavings: number;
}

test('the employee compares the regimes, sees the recommendation, switches and sees the new regime', async ({ page, request }) => {
  const { today, monthEnd } = kolkataToday();
  const [y, m] = today.split('-').map(Number) as [number, number];
  const financialYearStart = m >= 4 ? y : y - 1;
  const admin = await apiLogin(request, DEMO.administrator);
  const released = await request.post('/backend/api/ITDeclaration/config', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { endDate: monthEnd, financialYearStart, financialYearEnd: financialYearStart + 1, allowRegimeSwitch: true },
  });
  expect(released.status(), await released.text()).toBe(200);

  // What the server computes for the member (the page must show the same).
  const member = await apiLogin(request, DEMO.member);
  const res = await request.get('/backend/api/ITDeclaration/tax-comparison', { headers: { authorization: `Bearer ${member.token}` } });
  expect(res.status()).toBe(200);
  const comparison = ((await res.json()) as { data: Comparison }).data;
  const current = comparison.currentTaxRegime;
  const other = current === 0 ? 1 : 0;

  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.goto('/payroll/taxes/taxCalculator');
  await expect(page.getByRole('heading', { name: 'Tax Calculator' })).toBeVisible();

  const table = page.getByRole('table', { name: 'Regime comparison' });
  await expect(table.getByRole('row')).toHaveCount(13);
  const total = comparison.comparisonItems.find((i) => i.particulars === 'Total Tax');
  await expect(table.getByRole('row', { name: /^Total Tax/ }).getByRole('cell')).toHaveText(['Total Tax', inr(total?.oldRegimeValue ?? -1), inr(total?.newRegimeValue ?? -1)]);
  const recommendation = page.getByRole('alert', { name: 'Recommendation' });
  await expect(recommendation).toContainText(
    comparison.annualSavings > 0 ? `The ${LABEL[comparison.recommendedRegime]} is better for you: you save ${inr(comparison.annualSavings)} a year.` : 'Both regimes give the same tax.',
  );
  await expect(page.getByText('Your current regime:')).toContainText(LABEL[current]);
  await expect(page.getByRole('radio', { name: new RegExp(LABEL[current]) })).toBeChecked();
  await page.screenshot({ path: 'artifacts/tax-calculator.png', fullPage: true });

  // Switch to the other regime.
  await page.getByRole('radio', { name: new RegExp(LABEL[other]) }).check();
  if (other === 0) await page.getByRole('checkbox', { name: /investment declarations are up to date/ }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch Tax Regime' });
  await expect(dialog).toContainText(`Switch to the ${LABEL[other]}`);
  await dialog.getByRole('button', { name: 'Yes, Switch' }).click();
  await expect(page.getByText(`Tax regime switched to the ${LABEL[other]}`)).toBeVisible();
  await expect(page.getByText('Your current regime:')).toContainText(LABEL[other]);
  await expect(page.getByRole('radio', { name: new RegExp(LABEL[other]) })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();

  // The server agrees.
  const after = await request.get('/backend/api/ITDeclaration/tax-comparison', { headers: { authorization: `Bearer ${member.token}` } });
  expect(((await after.json()) as { data: Comparison }).data.currentTaxRegime).toBe(other);
});
