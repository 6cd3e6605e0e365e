import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Role, SETTLEMENT_MSG, type ExitSettlement } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders } from '../../test/helpers';
import { ExitSettlementPage } from './ExitSettlementPage';
import { ExitsPage } from './ExitsPage';

const ID = '4b0f1c6e-7c1a-4d59-9d1e-0a9d2f6f1a11';

function makeSettlement(overrides: Partial<ExitSettlement> = {}): ExitSettlement {
  return {
    id: ID,
    userId: 'u1',
    employeeName: 'Asha Rao',
    employeeNumber: 'E001',
    department: 'Finance',
    designation: 'Accountant',
    dateOfJoining: '2019-04-01',
    status: 'draft',
    reason: 'resignation',
    resignationDate: '2026-09-16',
    lastWorkingDay: '2026-10-31',
    noticeRequiredDays: 60,
    noticeServedDays: 45,
    remarks: null,
    servicePeriod: '7 years 7 months 0 days',
    payable: 2_11_282,
    recoveries: 50_000,
    netPay: 1_61_282,
    taxable: 0,
    exempt: 2_11_282,
    tds: 0,
    lines: [
      { code: 'LEAVE_ENCASHMENT', section: 'payable', label: 'Leave encashment', amount: 26_667, explanation: ['Earned Leave (EL): 20 days to credit'] },
      { code: 'GRATUITY', section: 'payable', label: 'Gratuity', amount: 1_84_615, explanation: ['15/26 × last drawn basic + DA ₹40,000 × 8 years = ₹1,84,615 (to the rupee)'] },
      { code: 'NOTICE_RECOVERY', section: 'recovery', label: 'Notice period shortfall recovery', amount: 40_000, explanation: ['Shortfall 15 days'] },
      { code: 'LOAN_RECOVERY', section: 'recovery', label: 'Loan and advance balance', amount: 10_000, explanation: ['Outstanding balance'] },
    ],
    finalSalaryNote: 'The salary for 01 Oct 2026 to 31 Oct 2026 is paid in the October 2026 payroll run.',
    computedAt: '2026-10-20T05:00:00.000Z',
    approvedAt: null,
    approvedByName: null,
    settledOn: null,
    paymentReference: null,
    ...overrides,
  };
}

function renderAt(path: string, replies: Parameters<typeof mockFetch>[0], roleId: number = Role.Administrator) {
  const calls = mockFetch(replies);
  const user = makeUser({ roleId: roleId as 1 | 2 | 3, accessableFeatures: [{ key: 'Payroll' }] });
  setSessionUser(user);
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/payroll/exits" element={<ExitsPage />} />
        <Route path="/payroll/exits/:id" element={<ExitSettlementPage />} />
      </Routes>
    </MemoryRouter>,
    { user },
  );
  return calls;
}

const list = (data: unknown[]) => jsonResponse(200, { statusCode: 200, message: 'OK', data, totalRecords: data.length });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Exit / Full and final', () => {
  it('an empty list says what to do; the form shows each required field’s message and sends nothing', async () => {
    const calls = renderAt('/payroll/exits', { 'GET /ExitSettlements': list([]) });
    expect(await screen.findByText("No exits recorded yet. Record an exit to compute the employee's full and final settlement.")).toBeInTheDocument();
    const ue = userEvent.setup();
    await ue.click(screen.getByRole('button', { name: 'Record exit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record exit' });
    await ue.click(within(dialog).getByRole('button', { name: 'Record exit' }));
    expect(within(dialog).getByText(SETTLEMENT_MSG.employeeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(SETTLEMENT_MSG.reasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(SETTLEMENT_MSG.lastWorkingDayRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('lists exits with their status and net amount', async () => {
    renderAt('/payroll/exits', { 'GET /ExitSettlements': list([makeSettlement({ status: 'approved' })]) });
    const table = await screen.findByRole('table', { name: 'Exits' });
    expect(table).toHaveTextContent('Asha Rao');
    expect(table).toHaveTextContent('Resignation');
    expect(table).toHaveTextContent('31 Oct 2026');
    expect(table).toHaveTextContent('₹1,61,282');
    expect(table).toHaveTextContent('Approved');
  });

  it('a draft: every line opens to its explanation; Approve asks first, then posts', async () => {
    const approved = makeSettlement({ status: 'approved', approvedAt: '2026-10-21T05:00:00.000Z', approvedByName: 'Anita Rao' });
    let state = makeSettlement();
    const calls = renderAt(`/payroll/exits/${ID}`, {
      [`GET /ExitSettlements/${ID}`]: () => ok(state),
      [`POST /ExitSettlements/${ID}/approve`]: () => {
        state = approved;
        return ok(approved, 'Settlement approved');
      },
    });
    expect(await screen.findByRole('heading', { name: 'Full and final settlement: Asha Rao' })).toBeInTheDocument();
    const payable = screen.getByRole('table', { name: 'Amounts payable' });
    expect(payable).toHaveTextContent('Total payable₹2,11,282');
    const ue = userEvent.setup();
    await ue.click(within(payable).getByRole('button', { name: 'Gratuity: show how it was computed' }));
    expect(screen.getByRole('list', { name: 'How Gratuity was computed' })).toHaveTextContent('15/26 × last drawn basic + DA ₹40,000 × 8 years = ₹1,84,615');
    expect(screen.getByLabelText('Net amount')).toHaveTextContent('₹1,61,282');

    await ue.click(screen.getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve settlement' });
    await ue.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/ExitSettlements/${ID}/approve`)).toBe(true));
    expect(await screen.findByRole('button', { name: 'Mark as Settled' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('a moderator prepares but cannot approve or settle', async () => {
    renderAt(`/payroll/exits/${ID}`, { [`GET /ExitSettlements/${ID}`]: ok(makeSettlement()) }, Role.Moderator);
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recompute' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});
