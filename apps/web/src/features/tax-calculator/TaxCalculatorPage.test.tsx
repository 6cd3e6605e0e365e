import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REGIME_CHOICE_STORAGE_KEY, REGIME_MSG, type TaxComparison } from '@tankha/contracts';
import { clearSession, setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderRoutes, spyOnToasts, type RecordedCall } from '../../test/helpers';
import { defaultRegimeChoice } from './tax-calculator.api';
import { TaxCalculatorPage } from './TaxCalculatorPage';

const TODAY = '2026-05-04';
const PARTICULARS = [
  'Gross Salary',
  'Exemptions under Section 10',
  'Deductions under Section 16',
  'Deduction under section 24',
  'Income from Other Sources',
  'Deduction under Section 80C',
  'Other Deduction under Chapter VI-A',
  'Taxable Salary',
  'Base Tax',
  'Surcharge',
  'Education Cess',
  'Total Tax',
] as const;
// The worked example of compare-positions.test.ts (FY 2026-27, metro rent, 80C, 80D, home loan).
const OLD = [1800000, 360000, 52500, 200000, 0, 150000, 25000, 1012500, 116250, 0, 4650, 120900];
const NEW = [1800000, 0, 75000, 0, 0, 0, 0, 1725000, 145000, 0, 5800, 150800];

function comparison(overrides: Partial<TaxComparison> = {}): TaxComparison {
  return {
    employeeId: '6d0f3bd0-4b4a-4b8a-9a3e-7d2c4b1e0a11',
    employeeName: 'Aditi Agarwal',
    financialYearStart: 2026,
    financialYearEnd: 2027,
    comparisonItems: PARTICULARS.map((particulars, i) => ({ particulars, oldRegimeValue: OLD[i] ?? 0, newRegimeValue: NEW[i] ?? 0 })),
    currentTaxRegime: 1,
    recommendedRegime: 0,
    annualSavings: 29900,
    isAllowedRegimeSwitchIT: true,
    isAllowedRegimeSwitchPOI: false,
    hasDeclaration: true,
    salaryBasis: '₹1,50,000 a month for the 12 months from 2026-04',
    regimeChangedAt: null,
    ...overrides,
  };
}

function renderPage(replies: Parameters<typeof mockFetch>[0], signedIn = true) {
  const calls = mockFetch(replies);
  if (signedIn) setSessionUser(makeUser());
  renderRoutes([{ path: '/payroll/taxes/taxCalculator', element: <TaxCalculatorPage today={TODAY} /> }], '/payroll/taxes/taxCalculator');
  return calls;
}

const bodyOf = (call: RecordedCall | undefined) => JSON.parse(String(call?.init.body)) as Record<string, unknown>;

describe('Tax calculator (payroll spec §2, §4, §5, §8)', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the twelve rows for both regimes, the current regime, the recommendation and the annual savings', async () => {
    const calls = renderPage({ 'GET /ITDeclaration/tax-comparison': ok(comparison()) });
    const table = await screen.findByRole('table', { name: 'Regime comparison' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([...PARTICULARS]);
    expect(within(rows[11] as HTMLElement).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Total Tax', '₹1,20,900', '₹1,50,800']);
    expect(within(rows[1] as HTMLElement).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Exemptions under Section 10', '₹3,60,000', '0']);
    const recommendation = screen.getByRole('alert', { name: 'Recommendation' });
    expect(recommendation).toHaveTextContent('The Old Regime is better for you: you save ₹29,900 a year.');
    expect(calls[0]?.search).toBe('?financialYearStart=2026&financialYearEnd=2027');
  });

  it('selection defaults: the server’s regime first, then the stored choice, then New', async () => {
    expect(defaultRegimeChoice(0, 1)).toBe(0);
    expect(defaultRegimeChoice(null, 0)).toBe(0);
    expect(defaultRegimeChoice(undefined, null)).toBe(1);
    // The server says Old although the browser remembers New.
    window.localStorage.setItem(REGIME_CHOICE_STORAGE_KEY, '1');
    renderPage({ 'GET /ITDeclaration/tax-comparison': ok(comparison({ currentTaxRegime: 0 })) });
    expect(await screen.findByRole('radio', { name: /Old Regime/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /New Regime/ })).not.toBeChecked();
    // Nothing to switch to yet: Submit waits for another choice.
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('a choice is stored locally; the old regime needs its note ticked; the switch is confirmed, then the stored choice is cleared and the data reloads', async () => {
    const toasts = spyOnToasts();
    let current: 0 | 1 = 1;
    const calls = renderPage({
      'GET /ITDeclaration/tax-comparison': () => ok(comparison({ currentTaxRegime: current })),
      'POST /ITDeclaration/switch-regime': () => {
        current = 0;
        return ok({ employeeId: comparison().employeeId, declarationId: '0b0f3bd0-4b4a-4b8a-9a3e-7d2c4b1e0a11', taxRegime: 0, financialYearStart: 2026, financialYearEnd: 2027, changed: true }, REGIME_MSG.switched('Old Regime'));
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: /New Regime/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Old Regime/ }));
    expect(window.localStorage.getItem(REGIME_CHOICE_STORAGE_KEY)).toBe('0');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(REGIME_MSG.oldRegimeNoteRequired)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: REGIME_MSG.oldRegimeNote }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch Tax Regime' });
    expect(dialog).toHaveTextContent('Switch to the Old Regime for the financial year 2026-27?');
    // Cancel first: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Switch Tax Regime' })).getByRole('button', { name: 'Yes, Switch' }));
    await waitFor(() => expect(toasts.messages()).toContain(REGIME_MSG.switched('Old Regime')));
    expect(bodyOf(calls.find((c) => c.method === 'POST'))).toEqual({ newRegimeType: 0, financialYearStart: 2026, financialYearEnd: 2027 });
    expect(window.localStorage.getItem(REGIME_CHOICE_STORAGE_KEY)).toBeNull();
    // Reloaded: the server now says Old.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
    expect(await screen.findByText('Current', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: /Old Regime/ })).toBeChecked());
  }, 30_000);

  it('not allowed: the message, the choice and Submit disabled', async () => {
    renderPage({ 'GET /ITDeclaration/tax-comparison': ok(comparison({ isAllowedRegimeSwitchIT: false, isAllowedRegimeSwitchPOI: false })) });
    expect(await screen.findByText(REGIME_MSG.notAllowed)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Old Regime/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('allowed by the POI window alone; a refused switch shows the server’s message, a failed one the fallback', async () => {
    const toasts = spyOnToasts();
    let refused = true;
    renderPage({
      'GET /ITDeclaration/tax-comparison': ok(comparison({ currentTaxRegime: 0, isAllowedRegimeSwitchIT: false, isAllowedRegimeSwitchPOI: true })),
      'POST /ITDeclaration/switch-regime': () => {
        if (refused) return jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message: REGIME_MSG.notAllowed });
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /New Regime/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, Switch' }));
    await waitFor(() => expect(toasts.messages()).toContain(REGIME_MSG.notAllowed));
    refused = false;
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, Switch' }));
    await waitFor(() => expect(toasts.messages()).toContain(REGIME_MSG.failed));
  });

  it('signed out: User not authenticated', async () => {
    const toasts = spyOnToasts();
    renderPage({ 'GET /ITDeclaration/tax-comparison': ok(comparison()) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Old Regime/ }));
    clearSession();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toasts.messages()).toContain(REGIME_MSG.notAuthenticated));
  });

  it('a failed comparison shows the error text, or No data available; an invalid reply its own message', async () => {
    renderPage({ 'GET /ITDeclaration/tax-comparison': jsonResponse(404, { statusCode: 404, errorCode: 'NOT_FOUND', message: 'Employee not found' }) });
    expect(await screen.findByText('Employee not found')).toBeInTheDocument();
  });

  it('no data: No data available', async () => {
    renderPage({
      'GET /ITDeclaration/tax-comparison': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await screen.findByText(REGIME_MSG.noData)).toBeInTheDocument();
  });

  it('an invalid comparison reply raises its error', async () => {
    renderPage({ 'GET /ITDeclaration/tax-comparison': ok({ comparisonItems: 'none' }) });
    expect(await screen.findByText(REGIME_MSG.invalidResponse)).toBeInTheDocument();
  });
});
