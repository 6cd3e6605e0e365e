import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { PAYROLL_MSG, Role, type PayrollEmployeeRow, type PayrollRun } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders, spyOnToasts } from '../../test/helpers';
import { PayrollHistoryPage } from './PayrollHistoryPage';
import { PayrollRunPage } from './PayrollRunPage';
import { NEXT_RUN_ID, RUN_ID, USER_ID, makeEmployeeRow, makeRun } from './test-data';

const list = (data: unknown[]) => jsonResponse(200, { statusCode: 200, message: 'OK', data, totalRecords: data.length });
const notSetUp = jsonResponse(404, { statusCode: 404, errorCode: 'NOT_FOUND', message: PAYROLL_MSG.payrollNotEnabled });

function runReplies(run: PayrollRun, rows: PayrollEmployeeRow[] = [makeEmployeeRow()], extra: Parameters<typeof mockFetch>[0] = {}) {
  return {
    'GET /PayrollRuns/current': ok(run),
    'GET /PayrollRuns': list([]),
    [`GET /PayrollRuns/${run.id}/employees`]: list(rows),
    [`GET /PayrollRuns/${run.id}/warnings`]: list([]),
    [`GET /PayrollRuns/${run.id}/variance`]: ok({ comparedMonth: null, lines: [] }),
    ...extra,
  };
}

function renderPage(replies: Parameters<typeof mockFetch>[0], roleId: (typeof Role)[keyof typeof Role] = Role.Administrator) {
  const calls = mockFetch(replies);
  const user = makeUser({ roleId, accessableFeatures: [{ key: 'Payroll' }, { key: 'Payslips' }] });
  setSessionUser(user);
  const view = renderWithProviders(
    <MemoryRouter initialEntries={['/payroll/payroll-run']}>
      <PayrollRunPage />
    </MemoryRouter>,
    { user },
  );
  return { calls, ...view };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PayrollRunPage', () => {
  it('before setup: says payroll is not set up and links to the checklist', async () => {
    renderPage({ 'GET /PayrollRuns/current': notSetUp });
    expect(await screen.findByRole('heading', { name: PAYROLL_MSG.payrollNotEnabled })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Payroll Setup' })).toHaveAttribute('href', '/payroll-setup');
  });

  it('shows the month, period, pay date, status and totals in Indian rupees', async () => {
    renderPage(runReplies(makeRun()));
    expect(await screen.findByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    expect(screen.getByText('Pay period 01 Nov 2026 – 30 Nov 2026 · Pay date 30 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('Processed')).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Payroll totals' });
    expect(within(totals).getByLabelText('Gross earnings: ₹1,85,000')).toBeInTheDocument();
    expect(within(totals).getByLabelText('Net pay: ₹1,63,550')).toBeInTheDocument();
    expect(within(totals).getByLabelText('Employer cost: ₹1,98,600')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Payroll employees' });
    const cells = [...(within(table).getAllByRole('row')[1]?.querySelectorAll('td') ?? [])].map((c) => c.textContent);
    expect(cells.slice(1, 8)).toEqual(['28', '2', '₹56,000', '₹4,000', '₹52,000', '₹55,000', '(₹3,000)']);
  });

  it('shows a processing run as a live progress bar with count and percent, polled from the server', async () => {
    let polls = 0;
    const { calls } = renderPage(
      runReplies(makeRun({ status: 'processing', employeeCount: 1000 }), [], {
        'GET /PayrollRuns/current': () => {
          polls += 1;
          return ok(makeRun({ status: 'processing', employeeCount: 1000, progress: { done: polls === 1 ? 250 : 600, total: 1000 } }));
        },
      }),
    );
    const bar = await screen.findByRole('progressbar', { name: 'Payroll processing progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('250 of 1,000 employees (25%)')).toBeInTheDocument();
    expect(await screen.findByText('600 of 1,000 employees (60%)', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Payroll processing progress' })).toHaveAttribute('aria-valuenow', '60');
    expect(calls.filter((c) => c.path === '/PayrollRuns/current').length).toBeGreaterThanOrEqual(2);
    // While it processes nothing can be changed or started again.
    expect(screen.queryByRole('button', { name: 'Process Payroll' })).not.toBeInTheDocument();
  });

  it('shows processing that stopped on an error with its reason, and lets it be fixed and resumed', async () => {
    const stopped = makeRun({ status: 'processing', progress: { done: 500, total: 1000 }, lastError: PAYROLL_MSG.negativeNetPay('Asha Rao (E1)', '₹0', '₹5,000') });
    renderPage(runReplies(stopped));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Processing stopped');
    expect(alert).toHaveTextContent('Net pay of Asha Rao (E1) would be negative: deductions of ₹5,000 exceed the gross of ₹0.');
    expect(alert).toHaveTextContent('Fix the cause and press Process Payroll again; employees already done are kept.');
    expect(screen.getByRole('button', { name: 'Process Payroll' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Payroll processing progress' })).not.toBeInTheDocument();
  });

  it('explains processing that stopped moving, and that it resumed by itself after an interruption', async () => {
    const stalled = makeRun({
      status: 'processing',
      progress: { done: 500, total: 2000 },
      processingNotice: { kind: 'stalled', message: PAYROLL_MSG.processingStalled(500, 2000), since: '2026-11-28T06:00:00.000Z' },
    });
    const { unmount } = renderPage(runReplies(stalled));
    const notice = (await screen.findByText('Processing is not moving')).closest('[role="status"]');
    expect(notice).toHaveTextContent('Processing has made no progress for a while at 500 of 2,000 employees. If the server working on it stopped, it resumes by itself within a minute; employees already done are kept.');
    expect(screen.getByRole('progressbar', { name: 'Payroll processing progress' })).toHaveAttribute('aria-valuenow', '25');
    unmount();

    const resumed = makeRun({
      status: 'processing',
      progress: { done: 500, total: 2000 },
      processingNotice: { kind: 'resumed', message: PAYROLL_MSG.processingResumed(500, 2000), since: '2026-11-28T06:01:00.000Z' },
    });
    renderPage(runReplies(resumed));
    const again = (await screen.findByText('Processing resumed by itself')).closest('[role="status"]');
    expect(again).toHaveTextContent('Processing was interrupted at 500 of 2,000 employees (the server working on it stopped) and resumed by itself. Employees already done are kept; none is paid twice.');
    // Nothing to press: it is processing again.
    expect(screen.queryByRole('button', { name: 'Process Payroll' })).not.toBeInTheDocument();
  });

  it('starts processing with a 202 and then polls the run', async () => {
    const toasts = spyOnToasts();
    let processing = false;
    const { calls } = renderPage(
      runReplies(makeRun({ status: 'draft' }), [makeEmployeeRow({ payslipId: null, grossEarnings: null, netPay: null })], {
        'GET /PayrollRuns/current': () => ok(makeRun({ status: processing ? 'processing' : 'draft', progress: { done: 0, total: 3 } })),
        [`POST /PayrollRuns/${RUN_ID}/process`]: () => {
          processing = true;
          return jsonResponse(202, { statusCode: 202, message: PAYROLL_MSG.processingStarted, data: null });
        },
      }),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Process Payroll' }));
    expect(await screen.findByRole('progressbar', { name: 'Payroll processing progress' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('0 of 3 employees (0%)')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === `/PayrollRuns/${RUN_ID}/process`)).toBe(true);
    expect(toasts.messages()).toContain(PAYROLL_MSG.processingStarted);
  });

  it('hides Finalize Payroll from a Moderator', async () => {
    renderPage(runReplies(makeRun()), Role.Moderator);
    expect(await screen.findByRole('button', { name: 'Process Payroll' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finalize Payroll' })).not.toBeInTheDocument();
  });

  it('lets the Administrator finalize after a confirmation that explains the lock, then shows the next month', async () => {
    const toasts = spyOnToasts();
    let finalized = false;
    const next = makeRun({ id: NEXT_RUN_ID, month: '2026-12', periodStart: '2026-12-01', periodEnd: '2026-12-31', payDate: '2026-12-31', status: 'draft' });
    const { calls } = renderPage(
      runReplies(makeRun(), [makeEmployeeRow()], {
        'GET /PayrollRuns/current': () => ok(finalized ? next : makeRun()),
        [`POST /PayrollRuns/${RUN_ID}/finalize`]: () => {
          finalized = true;
          return ok(makeRun({ status: 'finalized', finalizedAt: '2026-11-29T10:00:00.000Z', finalizedByName: 'Asha Rao' }), PAYROLL_MSG.finalized);
        },
        [`GET /PayrollRuns/${NEXT_RUN_ID}/employees`]: list([]),
      }),
    );
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: 'Finalize Payroll' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalize Payroll' });
    expect(dialog).toHaveTextContent('attendance and leave of the pay period can no longer change');
    expect(dialog).toHaveTextContent('payslips and their figures can no longer change');
    await ue.click(within(dialog).getByRole('button', { name: 'Yes, finalize November 2026' }));
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === `/PayrollRuns/${RUN_ID}/finalize`)).toHaveLength(1);
    expect(toasts.messages()).toContain(`${PAYROLL_MSG.finalized}: November 2026`);
  });

  it('does not offer Finalize before the run is processed', async () => {
    renderPage(runReplies(makeRun({ status: 'draft' })));
    expect(await screen.findByRole('button', { name: 'Finalize Payroll' })).toBeDisabled();
  });

  it('puts an employee on hold with the kind chosen in the modal', async () => {
    const { calls } = renderPage(runReplies(makeRun(), [makeEmployeeRow()], { [`PUT /PayrollRuns/${RUN_ID}/holds/${USER_ID}`]: ok(null) }));
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: 'Actions for Aditi Agarwal' }));
    await ue.click(await screen.findByRole('menuitem', { name: 'Put on hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Put Aditi Agarwal on hold' });
    // Both kinds are explained.
    expect(dialog).toHaveTextContent('the net pay is left out of the bank transfer');
    expect(dialog).toHaveTextContent('no payslip, no statutory contributions and no TDS');
    await ue.click(within(dialog).getByRole('radio', { name: /Excluded from processing/ }));
    await ue.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Absconding');
    await ue.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`/PayrollRuns/${RUN_ID}/holds/${USER_ID}`);
    expect(JSON.parse(String(put?.init.body))).toEqual({ kind: 'processing', reason: 'Absconding' });
  });

  it('shows both holds on the rows and releases one', async () => {
    const rows = [
      makeEmployeeRow({ hold: { kind: 'payout', reason: null } }),
      makeEmployeeRow({ userId: 'bbbbbbbb-0000-4000-8000-000000000002', name: 'Ravi Kumar', hold: { kind: 'processing', reason: 'On sabbatical' }, netPay: null, grossEarnings: null }),
    ];
    const { calls } = renderPage(runReplies(makeRun(), rows, { [`DELETE /PayrollRuns/${RUN_ID}/holds/${USER_ID}`]: ok(null) }));
    const table = await screen.findByRole('table', { name: 'Payroll employees' });
    expect(within(table).getByText('Payout on hold')).toBeInTheDocument();
    expect(within(table).getByText('Excluded from processing')).toBeInTheDocument();
    const ue = userEvent.setup();
    await ue.click(screen.getByRole('button', { name: 'Actions for Aditi Agarwal' }));
    await ue.click(await screen.findByRole('menuitem', { name: 'Release hold' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === `/PayrollRuns/${RUN_ID}/holds/${USER_ID}`)).toBe(true));
  });

  it('adds a one-time bonus in rupees', async () => {
    const { calls } = renderPage(
      runReplies(makeRun(), [makeEmployeeRow()], {
        [`GET /PayrollRuns/${RUN_ID}/adjustments`]: list([]),
        [`POST /PayrollRuns/${RUN_ID}/adjustments`]: ok({ id: 'dddddddd-0000-4000-8000-000000000001', userId: USER_ID, kind: 'earning', category: 'bonus', label: 'Bonus', amount: 15000, taxable: true }),
      }),
    );
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: 'Actions for Aditi Agarwal' }));
    await ue.click(await screen.findByRole('menuitem', { name: 'One-time earnings and deductions' }));
    const dialog = await screen.findByRole('dialog', { name: 'One-time earnings and deductions: Aditi Agarwal' });
    expect(await within(dialog).findByText('No one-time earnings or deductions for November 2026.')).toBeInTheDocument();
    await ue.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await ue.click(await screen.findByRole('option', { name: 'Bonus' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Bonus');
    await ue.type(within(dialog).getByRole('textbox', { name: 'Amount (₹)' }), '15000');
    await ue.click(within(dialog).getByRole('button', { name: 'Add earning' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ userId: USER_ID, kind: 'earning', category: 'bonus', label: 'Bonus', amount: 15000, taxable: true });
  });

  it('lists warnings before processing, each linking to the profile', async () => {
    renderPage(
      runReplies(makeRun({ status: 'draft', warningCount: 1 }), [makeEmployeeRow({ warnings: ['noBankAccount', 'noPan'] })], {
        [`GET /PayrollRuns/${RUN_ID}/warnings`]: list([
          {
            userId: USER_ID,
            name: 'Aditi Agarwal',
            employeeNumber: 'E001',
            warnings: ['noBankAccount', 'noPan'],
            messages: ['No bank account number: its line is left out of the bank file until it is fixed', 'No PAN: Form 16 and the TDS return (Form 24Q) need it'],
            bankLineHeld: true,
            deductions: null,
          },
        ]),
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Warnings' });
    expect(within(panel).getByRole('heading', { name: '1 employee needs attention' })).toBeInTheDocument();
    expect(await within(panel).findByRole('link', { name: 'Aditi Agarwal' })).toHaveAttribute('href', `/profile?userId=${USER_ID}`);
    expect(within(panel).getByText('No PAN')).toBeInTheDocument();
    expect(within(panel).getByText('No bank account')).toBeInTheDocument();
    expect(within(panel).getByText('Bank line held')).toBeInTheDocument();
    expect(within(panel).getByText('No bank account number: its line is left out of the bank file until it is fixed')).toBeInTheDocument();
  });

  it('warns of deductions over half of the wages with the figures, without holding the bank line', async () => {
    const message = 'Deductions ₹11,680 are 65.35% of wages ₹17,874: more than the 50% the Code on Wages 2019 (s.18(2)) allows in a wage period';
    renderPage(
      runReplies(makeRun({ status: 'processed', warningCount: 1 }), [makeEmployeeRow({ warnings: ['deductionsOverHalf'] })], {
        [`GET /PayrollRuns/${RUN_ID}/warnings`]: list([
          { userId: USER_ID, name: 'Aditi Agarwal', employeeNumber: 'E001', warnings: ['deductionsOverHalf'], messages: [message], bankLineHeld: false, deductions: { wages: 17_874, totalDeductions: 11_680, percent: 65.35 } },
        ]),
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Warnings' });
    expect(await within(panel).findByText(message)).toBeInTheDocument();
    expect(within(panel).getByText('Deductions over 50%')).toBeInTheDocument();
    expect(within(panel).queryByText('Bank line held')).not.toBeInTheDocument();
  });

  it('saves the reason for a variance', async () => {
    const { calls } = renderPage(runReplies(makeRun(), [makeEmployeeRow()], { [`PUT /PayrollRuns/${RUN_ID}/remarks/${USER_ID}`]: ok(null) }));
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: 'Edit reason for Aditi Agarwal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reason for variance: Aditi Agarwal' });
    await ue.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Two days of loss of pay');
    await ue.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')?.init.body))).toEqual({ remark: 'Two days of loss of pay' });
  });

  it('has no figures to show while the month is being processed (a dash, not ₹0)', async () => {
    renderPage(runReplies(makeRun({ status: 'processing', processedAt: null, grossEarnings: 0, totalDeductions: 0, netPay: 0, employerCost: 0, progress: { done: 0, total: 3 } }), []));
    const totals = await screen.findByRole('region', { name: 'Payroll totals' });
    expect(within(totals).getByLabelText('Gross earnings: —')).toBeInTheDocument();
    expect(within(totals).getByLabelText('Net pay: —')).toBeInTheDocument();
  });

  it('shows no variance for an employee without a payslip last month, and says why in the reason dialog', async () => {
    renderPage(runReplies(makeRun(), [makeEmployeeRow({ lastMonthNetPay: null, netPayVariance: 52000 })]));
    const table = await screen.findByRole('table', { name: 'Payroll employees' });
    const cells = [...(within(table).getAllByRole('row')[1]?.querySelectorAll('td') ?? [])].map((c) => c.textContent);
    expect(cells.slice(6, 8)).toEqual(['—', '—']);
    expect(table).not.toHaveTextContent('+₹52,000');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Edit reason for Aditi Agarwal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reason for variance: Aditi Agarwal' });
    expect(dialog).toHaveTextContent('Net pay ₹52,000; no payslip last month to compare with.');
  });

  it('shows the variance by component against the last finalized month', async () => {
    renderPage(
      runReplies(makeRun(), [makeEmployeeRow()], {
        [`GET /PayrollRuns/${RUN_ID}/variance`]: ok({
          comparedMonth: '2026-10',
          lines: [{ code: 'BASIC', label: 'Basic', section: 'earning', lastMonth: 90000, thisMonth: 88000, difference: -2000 }],
        }),
      }),
    );
    const table = await screen.findByRole('table', { name: 'Variance by component' });
    expect(within(table).getByRole('columnheader', { name: 'October 2026' })).toBeInTheDocument();
    const cells = [...(within(table).getAllByRole('row')[1]?.querySelectorAll('td') ?? [])].map((c) => c.textContent);
    expect(cells).toEqual(['Basic', 'Earning', '₹90,000', '₹88,000', '(₹2,000)']);
  });

  it('shows an empty employees list', async () => {
    renderPage(runReplies(makeRun({ status: 'draft', employeeCount: 0 }), []));
    expect(await screen.findByText('No employees in this payroll month.')).toBeInTheDocument();
  });

  it('after finalize shows payslip generation and e-mail progress for the finalized month', async () => {
    const finalized = makeRun({ status: 'finalized', finalizedAt: '2026-11-29T10:00:00.000Z', finalizedByName: 'Asha Rao', payslips: { total: 200, rendered: 150, emailed: 50 } });
    const next = makeRun({ id: NEXT_RUN_ID, month: '2026-12', status: 'draft' });
    renderPage({ ...runReplies(next, []), 'GET /PayrollRuns': list([next, finalized]) });
    const card = await screen.findByRole('region', { name: 'November 2026 finalized' });
    expect(within(card).getByText('150 of 200 (75%)')).toBeInTheDocument();
    expect(within(card).getByText('50 of 200 (25%)')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Mark as Paid' })).toBeInTheDocument();
  });
});

describe('PayrollRunPage: employees changed since processing', () => {
  const reason = 'Loss of Pay approved for 26 Nov 2026 by Anita Rao';
  const staleRow = () => makeEmployeeRow({ staleReasons: [reason] });

  it('without changes there is no notice and no Changed filter', async () => {
    renderPage(runReplies(makeRun()));
    await screen.findByRole('table', { name: 'Payroll employees' });
    expect(screen.queryByRole('region', { name: 'Changed since processing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Changed/ })).not.toBeInTheDocument();
  });

  it('says how many changed, shows why under the name, and filters the list to them', async () => {
    const { calls } = renderPage(runReplies(makeRun({ staleCount: 1 }), [staleRow()]));
    const notice = await screen.findByRole('region', { name: 'Changed since processing' });
    expect(notice).toHaveTextContent(PAYROLL_MSG.staleNotice(1));
    expect(notice).toHaveTextContent('the month cannot be finalized yet');
    const table = await screen.findByRole('table', { name: 'Payroll employees' });
    const why = within(table).getByLabelText('What changed for Aditi Agarwal');
    expect(why).toHaveTextContent('Changed since processing:');
    expect(within(why).getByRole('listitem')).toHaveTextContent(reason);

    const ue = userEvent.setup();
    await ue.click(within(notice).getByRole('button', { name: 'Show the employee' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/PayrollRuns/${RUN_ID}/employees` && new URLSearchParams(c.search).get('filter') === 'stale')).toBe(true));
    expect(screen.getByRole('radio', { name: 'Changed (1)' })).toBeChecked();
    // Already filtered: no second button to show them.
    expect(within(notice).queryByRole('button', { name: 'Show the employee' })).not.toBeInTheDocument();
  });

  it('re-processes only them in one click: busy while it runs, the reply message as the toast, the run and list read again', async () => {
    const toasts = spyOnToasts();
    let answer: (response: Response) => void = () => undefined;
    let done = false;
    const { calls } = renderPage(
      runReplies(makeRun({ staleCount: 2 }), [staleRow()], {
        'GET /PayrollRuns/current': () => ok(makeRun({ staleCount: done ? 0 : 2 })),
        [`GET /PayrollRuns/${RUN_ID}/employees`]: () => list([done ? makeEmployeeRow() : staleRow()]),
        [`POST /PayrollRuns/${RUN_ID}/process-stale`]: () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      }),
    );
    const notice = await screen.findByRole('region', { name: 'Changed since processing' });
    expect(notice).toHaveTextContent(PAYROLL_MSG.staleNotice(2));
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Re-process changed employees' }));
    // Mantine's loading button is disabled while the request runs: a second click sends nothing.
    await waitFor(() => expect(within(notice).getByRole('button', { name: 'Re-process changed employees' })).toBeDisabled());
    expect(calls.filter((c) => c.method === 'POST' && c.path === `/PayrollRuns/${RUN_ID}/process-stale`)).toHaveLength(1);
    done = true;
    answer(ok(makeRun({ staleCount: 0 }), PAYROLL_MSG.staleProcessed(2)));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Changed since processing' })).not.toBeInTheDocument());
    expect(toasts.messages()).toContain('2 employees processed again');
    const table = await screen.findByRole('table', { name: 'Payroll employees' });
    await waitFor(() => expect(within(table).queryByLabelText('What changed for Aditi Agarwal')).not.toBeInTheDocument());
  });

  it('a failed re-process shows the server message and leaves the notice', async () => {
    const toasts = spyOnToasts();
    renderPage(
      runReplies(makeRun({ staleCount: 1 }), [staleRow()], {
        [`POST /PayrollRuns/${RUN_ID}/process-stale`]: jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message: PAYROLL_MSG.runNotDraft }),
      }),
    );
    const notice = await screen.findByRole('region', { name: 'Changed since processing' });
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Re-process changed employees' }));
    await waitFor(() => expect(toasts.messages()).toContain(PAYROLL_MSG.runNotDraft));
    expect(within(notice).getByRole('button', { name: 'Re-process changed employees' })).toBeEnabled();
  });

  it('finalize refused while they are stale: the dialog shows the server message naming them, and the run is read again', async () => {
    const refusal = PAYROLL_MSG.staleEmployees(['Aditi Agarwal']);
    let stale = 0;
    const { calls } = renderPage(
      runReplies(makeRun(), [makeEmployeeRow()], {
        'GET /PayrollRuns/current': () => ok(makeRun({ staleCount: stale })),
        [`POST /PayrollRuns/${RUN_ID}/finalize`]: () => {
          // Leave was approved in another tab after this page was read.
          stale = 1;
          return jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message: refusal });
        },
      }),
    );
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: 'Finalize Payroll' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalize Payroll' });
    await ue.click(within(dialog).getByRole('button', { name: 'Yes, finalize November 2026' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(dialog).getByRole('button', { name: 'Yes, finalize November 2026' })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST' && c.path === `/PayrollRuns/${RUN_ID}/finalize`)).toHaveLength(1);
    // Behind the dialog the page learns of the change.
    await ue.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('region', { name: 'Changed since processing' })).toHaveTextContent(PAYROLL_MSG.staleNotice(1));
  });

  it('a Moderator sees the notice and may re-process', async () => {
    renderPage(runReplies(makeRun({ staleCount: 1 }), [staleRow()]), Role.Moderator);
    const notice = await screen.findByRole('region', { name: 'Changed since processing' });
    expect(within(notice).getByRole('button', { name: 'Re-process changed employees' })).toBeEnabled();
  });
});

describe('PayrollHistoryPage', () => {
  function renderHistory(replies: Parameters<typeof mockFetch>[0]) {
    const calls = mockFetch(replies);
    const user = makeUser({ accessableFeatures: [{ key: 'Payroll' }] });
    setSessionUser(user);
    renderWithProviders(
      <MemoryRouter>
        <PayrollHistoryPage />
      </MemoryRouter>,
      { user },
    );
    return calls;
  }

  it('shows an empty state', async () => {
    renderHistory({ 'GET /PayrollRuns': list([]) });
    expect(await screen.findByText('No payroll runs yet. The first month appears here once payroll is set up.')).toBeInTheDocument();
  });

  it('lists every run with its totals, who finalized it and when, and opens it read-only', async () => {
    renderHistory({
      'GET /PayrollRuns': list([makeRun({ status: 'paid', finalizedAt: '2026-11-29T10:00:00.000Z', finalizedByName: 'Asha Rao', paidOn: '2026-11-30', paymentReference: 'UTR1' })]),
    });
    const table = await screen.findByRole('table', { name: 'Payroll runs' });
    const cells = [...(within(table).getAllByRole('row')[1]?.querySelectorAll('td') ?? [])].map((c) => c.textContent);
    expect(cells.slice(0, 9)).toEqual(['November 2026', '3', '₹1,85,000', '₹21,450', '₹1,63,550', '₹1,98,600', 'Paid', 'Asha Rao', '29 Nov 2026']);
    expect(within(table).getByRole('link', { name: 'November 2026' })).toHaveAttribute('href', `/payroll/payroll-history/${RUN_ID}`);
    expect(within(table).getByRole('button', { name: 'Download register for November 2026' })).toBeEnabled();
  });
});
