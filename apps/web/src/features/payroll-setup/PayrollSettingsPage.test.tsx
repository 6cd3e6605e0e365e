import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYROLL_MSG, type PayrollSettings } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderRoutes, spyOnToasts, type RecordedCall } from '../../test/helpers';
import { CONFIRM_TICK, PROTECT_LABEL, PayrollSettingsPage } from './PayrollSettingsPage';
import { defaultLastPayroll, yearOptions } from './settings-form';

const STATUS = ok({ isEnabled: false });
/** A new reply each time: a Response body can be read once. */
const notFound = () => jsonResponse(404, { statusCode: 404, errorCode: 'NOT_FOUND', message: 'Not found' });
const SETUP = { salaryComponents: true, statutoryComponents: true, settings: true, isEnabled: false };

function saved(overrides: Partial<PayrollSettings> = {}): PayrollSettings {
  return { payPeriodType: 1, payStartDay: null, payEndDay: null, payDayType: 0, payDay: -1, lastPayrollRunMonth: 3, lastPayrollYear: 2025, isSettingEditable: false, protectPayslipPdfs: false, ...overrides };
}

function renderPage(replies: Parameters<typeof mockFetch>[0], today = '2026-03-15') {
  const calls = mockFetch(replies);
  setSessionUser(makeUser());
  const view = renderRoutes(
    [
      { path: '/payroll/settings', element: <PayrollSettingsPage today={today} /> },
      { path: '/payroll-setup', element: <p>Checklist</p> },
    ],
    '/payroll/settings',
  );
  return { calls, ...view };
}

/** A select by its label (required ones end with an asterisk). */
const select = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}( \\*)?$`) });
const bodyOf = (call: RecordedCall | undefined) => JSON.parse(String(call?.init.body)) as Record<string, unknown>;

describe('payroll settings rules', () => {
  it('defaults the last payroll month to the previous month, December of last year in January', () => {
    expect(defaultLastPayroll('2026-03-15')).toEqual({ month: 2, year: 2026 });
    expect(defaultLastPayroll('2026-01-10')).toEqual({ month: 12, year: 2025 });
  });

  it('offers years from the current year down to 2000', () => {
    const years = yearOptions('2026-03-15');
    expect(years[0]).toBe('2026');
    expect(years.at(-1)).toBe('2000');
    expect(years).toHaveLength(27);
  });
});

describe('PayrollSettingsPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows 'Loading...' while the payroll status loads", () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    setSessionUser(makeUser());
    renderRoutes([{ path: '/payroll/settings', element: <PayrollSettingsPage today="2026-03-15" /> }], '/payroll/settings');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('starts with days in month, last working day and the previous month; start, end and pay day are hidden', async () => {
    renderPage({ 'GET /PayrollSettings/status': STATUS, 'GET /PayrollSettings': notFound });
    expect(await screen.findByRole('combobox', { name: 'Pay Period' })).toHaveValue('1');
    expect(select('Pay Day Type')).toHaveValue('0');
    expect(select('Last Payroll Month')).toHaveValue('2');
    expect(select('Last Payroll Year')).toHaveValue('2026');
    expect(within(select('Last Payroll Year')).getAllByRole('option').map((o) => o.textContent)).toEqual(yearOptions('2026-03-15'));
    expect(screen.queryByRole('combobox', { name: 'Pay Start Day' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Pay End Day' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Pay Day' })).not.toBeInTheDocument();
    // Nothing is set yet, so the step cannot be marked completed.
    expect(screen.getByRole('button', { name: 'Mark as Completed' })).toBeDisabled();
  });

  it('in January the default is December of the previous year', async () => {
    renderPage({ 'GET /PayrollSettings/status': STATUS, 'GET /PayrollSettings': notFound }, '2026-01-10');
    await screen.findByRole('combobox', { name: 'Pay Period' });
    expect(select('Last Payroll Month')).toHaveValue('12');
    expect(select('Last Payroll Year')).toHaveValue('2025');
  });

  it('a fixed range shows start and end days 1–30, prefilled with 1 when none are saved; day of month shows the pay day', async () => {
    renderPage({ 'GET /PayrollSettings/status': STATUS, 'GET /PayrollSettings': notFound });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Pay Period' }), '2');
    expect(select('Pay Start Day')).toHaveValue('1');
    expect(select('Pay End Day')).toHaveValue('1');
    expect(within(select('Pay Start Day')).getAllByRole('option').map((o) => o.textContent)).toEqual(Array.from({ length: 30 }, (_, i) => String(i + 1)));
    await user.selectOptions(select('Pay Day Type'), '1');
    expect(within(select('Pay Day')).getAllByRole('option')).toHaveLength(30);
    await user.selectOptions(select('Pay Period'), '1');
    expect(screen.queryByRole('combobox', { name: 'Pay Start Day' })).not.toBeInTheDocument();
  });

  it('pay day of the next month: the 1st to the 7th, a later day brought back to the 7th, and the meaning spelled out', async () => {
    const toasts = spyOnToasts();
    const { calls } = renderPage({
      'GET /PayrollSettings/status': STATUS,
      'GET /PayrollSettings': ok(saved()),
      'PUT /PayrollSettings': (call) => ok({ ...saved(), ...bodyOf(call) }, PAYROLL_MSG.settingsUpdated),
    });
    const user = userEvent.setup();
    const type = await screen.findByRole('combobox', { name: 'Pay Day Type' });
    expect(within(type).getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['0', 'Last working day'],
      ['1', 'Day of month'],
      ['2', 'Day of next month'],
    ]);
    expect(screen.getByText(/Each month is paid on its last working day/)).toBeInTheDocument();
    await user.selectOptions(type, '1');
    await user.selectOptions(select('Pay Day'), '25');
    expect(screen.getByText(/Each month is paid on day 25 of that month/)).toBeInTheDocument();
    await user.selectOptions(type, '2');
    expect(within(select('Pay Day')).getAllByRole('option').map((o) => o.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(select('Pay Day')).toHaveValue('7');
    expect(screen.getByText(/Each month is paid on day 7 of the next month: November's pay on 7 December\. Wages are due by the 7th of the next month\./)).toHaveTextContent(
      'A change applies to the month not finalized yet.',
    );
    await user.click(screen.getByRole('button', { name: 'Apply Changes' }));
    await waitFor(() => expect(toasts.messages()).toEqual([PAYROLL_MSG.settingsUpdated]));
    expect(bodyOf(calls.find((c) => c.method === 'PUT'))).toMatchObject({ payDayType: 2, payDay: 7 });
    toasts.restore();
  });

  it('shows a saved pay day of the next month as saved', async () => {
    renderPage({ 'GET /PayrollSettings/status': STATUS, 'GET /PayrollSettings': ok(saved({ payDayType: 2, payDay: 5 })) });
    expect(await screen.findByRole('combobox', { name: 'Pay Day Type' })).toHaveValue('2');
    expect(select('Pay Day')).toHaveValue('5');
  });

  it('switching to a fixed range prefills the saved start and end days', async () => {
    renderPage({ 'GET /PayrollSettings/status': STATUS, 'GET /PayrollSettings': ok(saved({ payStartDay: 26, payEndDay: 25 })) });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Pay Period' }), '2');
    expect(select('Pay Start Day')).toHaveValue('26');
    expect(select('Pay End Day')).toHaveValue('25');
  });

  it('the first save asks for a tick before it fixes the last payroll month and year', async () => {
    const toasts = spyOnToasts();
    let stored: PayrollSettings | null = null;
    const { calls } = renderPage({
      'GET /PayrollSettings/status': STATUS,
      'GET /PayrollSettings': () => (stored ? ok(stored) : notFound()),
      'PUT /PayrollSettings': (call) => {
        stored = { ...saved(), ...(bodyOf(call) as Partial<PayrollSettings>), isSettingEditable: false };
        return ok(stored, PAYROLL_MSG.settingsUpdated);
      },
    });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Pay Day Type' }), '1');
    await user.selectOptions(select('Pay Day'), '7');
    await user.click(screen.getByRole('button', { name: 'Apply Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Last Payroll Month' });
    expect(within(dialog).getByText('February 2026')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.click(within(dialog).getByRole('checkbox', { name: CONFIRM_TICK }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(toasts.messages()).toEqual([PAYROLL_MSG.settingsUpdated]));
    expect(bodyOf(calls.find((c) => c.method === 'PUT'))).toEqual({
      payPeriodType: 1,
      payStartDay: null,
      payEndDay: null,
      payDayType: 1,
      payDay: 7,
      lastPayrollRunMonth: 2,
      lastPayrollYear: 2026,
      protectPayslipPdfs: false,
    });
    // Once set they are read-only, and the step can be marked completed.
    await waitFor(() => expect(select('Last Payroll Month')).toBeDisabled());
    expect(select('Last Payroll Year')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mark as Completed' })).toBeEnabled();
    toasts.restore();
  });

  it('the password switch shows the pattern and is saved with the settings', async () => {
    const toasts = spyOnToasts();
    const { calls } = renderPage({
      'GET /PayrollSettings/status': STATUS,
      'GET /PayrollSettings': ok(saved()),
      'PUT /PayrollSettings': (call) => ok({ ...saved(), ...bodyOf(call) }, PAYROLL_MSG.settingsUpdated),
    });
    // Mantine puts the description inside the label: the switch's name begins with the label.
    const toggle = await screen.findByRole('switch', { name: new RegExp(`^${PROTECT_LABEL}`) });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/Password: the first five letters of the PAN in capitals and the date of birth as DDMM, e\.g\. ABCDE0108/)).toBeInTheDocument();
    expect(screen.getByText(/without a PAN or a date of birth gets a payslip without a password/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Apply Changes' }));
    await waitFor(() => expect(toasts.messages()).toEqual([PAYROLL_MSG.settingsUpdated]));
    expect(bodyOf(calls.find((c) => c.method === 'PUT'))).toMatchObject({ protectPayslipPdfs: true });
    toasts.restore();
  });

  it('Cancel in the dialog saves nothing', async () => {
    const { calls } = renderPage({ 'GET /PayrollSettings/status': STATUS, 'GET /PayrollSettings': notFound });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Apply Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Last Payroll Month' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('once set, month and year are read-only and a save goes straight through with the stored values', async () => {
    const toasts = spyOnToasts();
    const { calls } = renderPage({
      'GET /PayrollSettings/status': STATUS,
      'GET /PayrollSettings': ok(saved()),
      'PUT /PayrollSettings': (call) => ok({ ...saved(), ...bodyOf(call) }, PAYROLL_MSG.settingsUpdated),
    });
    expect(await screen.findByRole('combobox', { name: /Last Payroll Month/ })).toBeDisabled();
    expect(select('Last Payroll Month')).toHaveValue('3');
    expect(select('Last Payroll Year')).toHaveValue('2025');
    expect(screen.getByText('The last payroll month is March 2025. It cannot be changed.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(select('Pay Period'), '2');
    await user.selectOptions(select('Pay Start Day'), '26');
    await user.selectOptions(select('Pay End Day'), '25');
    await user.click(screen.getByRole('button', { name: 'Apply Changes' }));
    await waitFor(() => expect(toasts.messages()).toEqual([PAYROLL_MSG.settingsUpdated]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodyOf(calls.find((c) => c.method === 'PUT'))).toMatchObject({ payPeriodType: 2, payStartDay: 26, payEndDay: 25, lastPayrollRunMonth: 3, lastPayrollYear: 2025 });
    toasts.restore();
  });

  it("a failed save shows 'An error occurred'", async () => {
    const toasts = spyOnToasts();
    renderPage({
      'GET /PayrollSettings/status': STATUS,
      'GET /PayrollSettings': ok(saved()),
      'PUT /PayrollSettings': jsonResponse(500, { statusCode: 500, errorCode: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again.' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Apply Changes' }));
    await waitFor(() => expect(toasts.messages()).toEqual([PAYROLL_MSG.settingsError]));
    toasts.restore();
  });

  it("'Mark as Completed' posts mark-completed and goes to /payroll-setup", async () => {
    const { calls, router } = renderPage({
      'GET /PayrollSettings/status': STATUS,
      'GET /PayrollSettings': ok(saved()),
      'POST /PayrollSettings/mark-completed': ok(SETUP),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as Completed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payroll-setup'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/PayrollSettings/mark-completed')).toBe(true);
  });
});
