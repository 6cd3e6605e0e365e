import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PayrollSetup } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { makeUser, mockFetch, ok, renderRoutes } from '../../test/helpers';
import { PayrollSetupPage } from './PayrollSetupPage';

const SALARY_LINK = '/payroll/payroll-components/salary?activeTab=2&activeSubTab=0';
const STATUTORY_LINK = '/payroll/payroll-components/statutory?activeTab=2&activeSubTab=1';

function renderPage(setup: PayrollSetup, extra: Parameters<typeof mockFetch>[0] = {}) {
  const calls = mockFetch({ 'GET /PayrollSetup': ok(setup), ...extra });
  setSessionUser(makeUser());
  const view = renderRoutes(
    [
      { path: '/payroll-setup', element: <PayrollSetupPage /> },
      { path: '/payroll/payroll-run', element: <p>Payroll run</p> },
    ],
    '/payroll-setup',
  );
  return { calls, ...view };
}

const step = (title: string) => screen.getByRole('listitem', { name: title });
const open = (title: string) => within(step(title)).getByRole('link', { name: `Open ${title}` });
const locked = (title: string) => within(step(title)).getByRole('button', { name: `Open ${title}` });

describe('PayrollSetupPage (the checklist)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('starts with salary components open and the later steps locked', async () => {
    renderPage({ salaryComponents: false, statutoryComponents: false, settings: false, isEnabled: false });
    await screen.findByRole('list', { name: 'Payroll setup steps' });
    expect(screen.getAllByRole('listitem').map((li) => within(li).getByText(/^\d\./).textContent)).toEqual(['1. Salary Components', '2. Statutory Components', '3. Settings']);
    expect(open('Salary Components')).toHaveAttribute('href', SALARY_LINK);
    expect(locked('Statutory Components')).toBeDisabled();
    expect(locked('Settings')).toBeDisabled();
    expect(within(step('Salary Components')).getByText('Pending')).toBeInTheDocument();
    expect(within(step('Settings')).getByText('Locked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Payroll Setup' })).not.toBeInTheDocument();
  });

  it('salary done unlocks statutory; settings waits for statutory too', async () => {
    renderPage({ salaryComponents: true, statutoryComponents: false, settings: false, isEnabled: false });
    await screen.findByRole('list', { name: 'Payroll setup steps' });
    expect(within(step('Salary Components')).getByText('Completed')).toBeInTheDocument();
    expect(open('Statutory Components')).toHaveAttribute('href', STATUTORY_LINK);
    expect(locked('Settings')).toBeDisabled();
  });

  it('salary and statutory done unlock settings', async () => {
    renderPage({ salaryComponents: true, statutoryComponents: true, settings: false, isEnabled: false });
    await screen.findByRole('list', { name: 'Payroll setup steps' });
    expect(open('Settings')).toHaveAttribute('href', '/payroll/settings');
    expect(screen.queryByRole('button', { name: 'Complete Payroll Setup' })).not.toBeInTheDocument();
  });

  it('on the free plan there is no statutory step and settings unlock after salary', async () => {
    renderPage({ salaryComponents: true, statutoryComponents: null, settings: false, isEnabled: false });
    await screen.findByRole('list', { name: 'Payroll setup steps' });
    expect(screen.queryByRole('listitem', { name: 'Statutory Components' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(open('Settings')).toHaveAttribute('href', '/payroll/settings');
  });

  it("'Complete Payroll Setup' appears when all are done, posts complete and goes to the payroll run", async () => {
    const { calls, router } = renderPage(
      { salaryComponents: true, statutoryComponents: true, settings: true, isEnabled: false },
      { 'POST /PayrollSetup/complete': ok({ salaryComponents: true, statutoryComponents: true, settings: true, isEnabled: true }) },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Complete Payroll Setup' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payroll/payroll-run'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/PayrollSetup/complete']);
  });

  it('free plan: salary and settings done are enough', async () => {
    renderPage({ salaryComponents: true, statutoryComponents: null, settings: true, isEnabled: false });
    expect(await screen.findByRole('button', { name: 'Complete Payroll Setup' })).toBeInTheDocument();
  });

  it('once payroll is enabled it says so instead', async () => {
    renderPage({ salaryComponents: true, statutoryComponents: true, settings: true, isEnabled: true });
    expect(await screen.findByText('Payroll setup is complete.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Payroll Setup' })).not.toBeInTheDocument();
  });
});
