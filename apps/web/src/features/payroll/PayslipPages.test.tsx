import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Role, type PayslipSummary } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders } from '../../test/helpers';
import { MyPayslipPage } from './PayslipPage';
import { PayslipsPage } from './PayslipsPage';
import { payoutLines } from './PayslipView';
import { PAYSLIP_ID, RUN_ID, USER_ID, makePayslip } from './test-data';

const list = (data: unknown[]) => jsonResponse(200, { statusCode: 200, message: 'OK', data, totalRecords: data.length });

function renderAt(path: string, replies: Parameters<typeof mockFetch>[0]) {
  const calls = mockFetch(replies);
  const user = makeUser({ roleId: Role.Member, hasAdminAccess: false, accessableFeatures: [{ key: 'Payslips' }] });
  setSessionUser(user);
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/payslips" element={<PayslipsPage today="2026-12-05" />} />
        <Route path="/payslips/:id" element={<MyPayslipPage />} />
      </Routes>
    </MemoryRouter>,
    { user },
  );
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Payslip view', () => {
  it('shows the employee, days, earnings, deductions, employer contributions, net pay in figures and words, and YTD', async () => {
    renderAt(`/payslips/${PAYSLIP_ID}`, { [`GET /Payslips/${PAYSLIP_ID}`]: ok(makePayslip()) });
    expect(await screen.findByRole('heading', { name: 'Payslip for November 2026' })).toBeInTheDocument();
    expect(screen.getByText('Pay period 01 Nov 2026 – 30 Nov 2026')).toBeInTheDocument();
    const employee = screen.getByRole('region', { name: 'Employee' });
    expect(employee).toHaveTextContent('ABCPA1234F');
    expect(employee).toHaveTextContent('State Bank of India · XXXXXX1234');
    expect(employee).toHaveTextContent('Loss of pay days2');
    const net = screen.getByRole('region', { name: 'Net pay' });
    expect(within(net).getByLabelText('Net pay: ₹41,107')).toBeInTheDocument();
    expect(net).toHaveTextContent('Rupees Forty-One Thousand One Hundred Seven Only');
    const earnings = screen.getByRole('table', { name: 'Earnings' });
    expect(earnings).toHaveTextContent('Gross earnings₹46,667');
    expect(screen.getByRole('table', { name: 'Employer contributions' })).toHaveTextContent('Cost to the employer (gross + contributions)₹50,267');
    expect(screen.getByRole('table', { name: 'Year to date' })).toHaveTextContent('Net pay₹3,28,856');
  });

  it('says when a held payout was held, released and paid (a hold outlives finalize)', async () => {
    const payout = { heldOn: '2026-11-25', holdReason: 'Salary account change awaiting the bank’s confirmation', releasedOn: '2027-01-06', releasedByName: 'Anita Rao', paidOn: null };
    renderAt(`/payslips/${PAYSLIP_ID}`, { [`GET /Payslips/${PAYSLIP_ID}`]: ok(makePayslip({ holdKind: 'payout', status: 'paid', payout })) });
    expect(await screen.findByText('Payout held on 25 Nov 2026: Salary account change awaiting the bank’s confirmation')).toBeInTheDocument();
    expect(screen.getByText('Released on 06 Jan 2027 by Anita Rao')).toBeInTheDocument();
    expect(screen.getByText('Payment awaiting the bank')).toBeInTheDocument();
    expect(screen.getByText('Payout released')).toBeInTheDocument();
    expect(screen.queryByText('Payout on hold')).not.toBeInTheDocument();
  });

  it('a payout still held says so, with no paid date; once the bank reports it paid, the date', async () => {
    const held = { heldOn: '2026-11-25', holdReason: null, releasedOn: null, releasedByName: null, paidOn: null };
    renderAt(`/payslips/${PAYSLIP_ID}`, { [`GET /Payslips/${PAYSLIP_ID}`]: ok(makePayslip({ holdKind: 'payout', payout: held })) });
    expect(await screen.findByText('Payout held on 25 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('Still on hold: paid when the hold is released')).toBeInTheDocument();
    expect(screen.getByText('Payout on hold')).toBeInTheDocument();
    expect(screen.queryByText(/^Paid on/)).not.toBeInTheDocument();
    const paid = { ...held, releasedOn: '2027-01-06', releasedByName: 'Anita Rao', paidOn: '2027-01-07' };
    expect(payoutLines(makePayslip({ holdKind: 'payout', payout: paid }))).toEqual(['Payout held on 25 Nov 2026', 'Released on 06 Jan 2027 by Anita Rao', 'Paid on 07 Jan 2027']);
    // A payout never held: only the paid date.
    expect(payoutLines(makePayslip({ payout: { heldOn: null, holdReason: null, releasedOn: null, releasedByName: null, paidOn: '2026-11-30' } }))).toEqual(['Paid on 30 Nov 2026']);
  });

  it('explains each amount on demand, and the TDS line by line', async () => {
    renderAt(`/payslips/${PAYSLIP_ID}`, { [`GET /Payslips/${PAYSLIP_ID}`]: ok(makePayslip()) });
    const basic = await screen.findByRole('button', { name: 'Basic: show how it was computed' });
    expect(screen.queryByText('Basic ₹30,000 × 28 of 30 payable days = ₹28,000')).not.toBeInTheDocument();
    const ue = userEvent.setup();
    await ue.click(basic);
    expect(screen.getByRole('list', { name: 'How Basic was computed' })).toHaveTextContent('Basic ₹30,000 × 28 of 30 payable days = ₹28,000');
    expect(screen.getByRole('button', { name: 'Basic: hide how it was computed' })).toHaveAttribute('aria-expanded', 'true');
    // One switch opens every explanation.
    await ue.click(screen.getByRole('switch', { name: 'Show how every amount was computed' }));
    expect(screen.getByText('PF wages ₹28,000 capped at ₹15,000 × 12% = ₹1,800')).toBeInTheDocument();
    expect(screen.getByText('EPS ₹1,250 + EPF ₹550')).toBeInTheDocument();
    const tds = screen.getByRole('list', { name: 'How the TDS was computed' });
    expect(tds).toHaveTextContent('Tax for the year ₹18,720 − TDS so far ₹10,920 = ₹7,800 ÷ 5 remaining months = ₹1,560');
    expect(screen.getByRole('region', { name: 'Income tax (TDS)' })).toHaveTextContent('New regime');
  });

  it('a recovered loss of pay explains itself, its negative amounts never broken after the minus sign (a narrow column)', async () => {
    const base = makePayslip();
    const recovery = {
      section: 'earning' as const,
      code: 'LOP_RECOVERY',
      label: 'Loss of Pay 26 Nov 2026, 1 day, recovered',
      amount: -1000,
      explanation: ['26 Nov 2026: loss of pay after Nov 2026 was finalized (paid, not worked)', 'Basic: ₹30,000 × 29 of 30 payable days = ₹29,000, paid for 30 days ₹30,000: −₹1,000', 'Recovered: −₹1,000'],
    };
    renderAt(`/payslips/${PAYSLIP_ID}`, { [`GET /Payslips/${PAYSLIP_ID}`]: ok({ ...base, lines: [...base.lines, recovery] }) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Loss of Pay 26 Nov 2026, 1 day, recovered: show how it was computed' }));
    const how = screen.getByRole('list', { name: 'How Loss of Pay 26 Nov 2026, 1 day, recovered was computed' });
    expect(within(how).getAllByRole('listitem').map((li) => li.textContent)).toEqual(recovery.explanation);
    const amounts = within(how).getAllByText('−₹1,000');
    expect(amounts).toHaveLength(2);
    for (const a of amounts) expect(a).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('disables Download PDF with a hint while the PDF is not rendered yet', async () => {
    renderAt(`/payslips/${PAYSLIP_ID}`, { [`GET /Payslips/${PAYSLIP_ID}`]: ok(makePayslip({ hasPdf: false })) });
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeDisabled();
    expect(screen.getByText('The PDF is being generated; it is ready a moment after the payroll is finalized.')).toBeInTheDocument();
  });

  it('tells the password’s pattern beside Download PDF when the PDF is protected, and nothing when it is not', async () => {
    const hint = 'The PDF opens with a password: the first five letters of the PAN in capitals followed by the date of birth as DDMM, e.g. ABCDE0108.';
    renderAt(`/payslips/${PAYSLIP_ID}`, { [`GET /Payslips/${PAYSLIP_ID}`]: ok(makePayslip({ hasPdf: true, pdfPasswordProtected: true })) });
    expect(await screen.findByText(hint)).toBeInTheDocument();
    cleanup();
    renderAt(`/payslips/${PAYSLIP_ID}`, { [`GET /Payslips/${PAYSLIP_ID}`]: ok(makePayslip({ hasPdf: true })) });
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeEnabled();
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
  });

  it('enables Download PDF by itself once the PDF has been rendered after finalize', async () => {
    let asked = 0;
    renderAt(`/payslips/${PAYSLIP_ID}`, {
      [`GET /Payslips/${PAYSLIP_ID}`]: () => {
        asked += 1;
        return ok(makePayslip({ hasPdf: asked > 1 }));
      },
    });
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeDisabled();
    // The page asks again while the PDF is being generated; no reload needed.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled(), { timeout: 6000 });
    expect(screen.queryByText('The PDF is being generated; it is ready a moment after the payroll is finalized.')).not.toBeInTheDocument();
  });

  it('downloads the PDF when it is ready', async () => {
    const calls = renderAt(`/payslips/${PAYSLIP_ID}`, {
      [`GET /Payslips/${PAYSLIP_ID}`]: ok(makePayslip()),
      [`GET /Payslips/${PAYSLIP_ID}/pdf`]: new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/Payslips/${PAYSLIP_ID}/pdf`)).toBe(true));
  });
});

describe('PayslipsPage', () => {
  const summary: PayslipSummary = { id: PAYSLIP_ID, runId: RUN_ID, userId: USER_ID, month: '2026-11', status: 'finalized', grossEarnings: 46667, totalDeductions: 5560, netPay: 41107, hasPdf: false, pdfPasswordProtected: false };

  it('says there are no payslips yet', async () => {
    renderAt('/payslips', { 'GET /Payslips': list([]) });
    expect(await screen.findByText('No payslips yet for 2026-27')).toBeInTheDocument();
  });

  it('lists the financial year’s payslips and asks for another year when chosen', async () => {
    const calls = renderAt('/payslips', { 'GET /Payslips': list([summary]) });
    const table = await screen.findByRole('table', { name: 'Payslips' });
    const cells = [...(within(table).getAllByRole('row')[1]?.querySelectorAll('td') ?? [])].map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['November 2026', '₹46,667', '₹5,560', '₹41,107', 'Finalized']);
    expect(within(table).getByRole('link', { name: 'November 2026' })).toHaveAttribute('href', `/payslips/${PAYSLIP_ID}`);
    expect(within(table).getByRole('button', { name: 'Download PDF for November 2026' })).toBeDisabled();
    expect(calls[0]?.search).toBe('?year=2026');
    const ue = userEvent.setup();
    await ue.selectOptions(screen.getByRole('combobox', { name: 'Financial year' }), '2025-26');
    await waitFor(() => expect(calls.some((c) => c.search === '?year=2025')).toBe(true));
  });
});
