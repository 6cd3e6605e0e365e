import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { LOAN_MSG, PAYROLL_MSG, Role, type Loan } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '../../test/helpers';
import { LoansPage } from './LoansPage';
import { MyLoansPage } from './MyLoansPage';

const schedule = [1, 2, 3].map((no) => ({ no, month: `2026-${String(3 + no).padStart(2, '0')}`, status: no === 1 ? 'recovered' : no === 2 ? 'pending' : 'scheduled', opening: 40_000 - (no - 1) * 10_000, interest: 0, principal: 10_000, amount: 10_000, closing: 30_000 - (no - 1) * 10_000 })) as Loan['schedule'];

function makeLoan(overrides: Partial<Loan> = {}): Loan {
  return {
    id: 'l1',
    userId: 'u1',
    employeeName: 'Asha Rao',
    employeeNumber: 'E001',
    kind: 'advance',
    purpose: 'personal',
    amount: 30_000,
    startMonth: '2026-04',
    termsBy: 'emi',
    instalments: 3,
    emi: 10_000,
    interestRate: 0,
    sbiRate: 11,
    status: 'active',
    note: 'Festival advance',
    recoveredCount: 1,
    recoveredPrincipal: 10_000,
    recoveredInterest: 0,
    balance: 20_000,
    nextInstalment: { no: 2, amount: 10_000, month: '2026-05' },
    perquisiteThisYear: 183,
    schedule,
    deferrals: [],
    createdAt: '2026-04-20T05:00:00.000Z',
    ...overrides,
  };
}

const list = (data: unknown[]) => jsonResponse(200, { statusCode: 200, message: 'OK', data, totalRecords: data.length });
const noRun = jsonResponse(404, { statusCode: 404, errorCode: 'NOT_FOUND', message: PAYROLL_MSG.payrollNotEnabled });

function renderAt(path: string, replies: Parameters<typeof mockFetch>[0], roleId: 1 | 2 | 3 = Role.Administrator) {
  const calls = mockFetch(replies);
  const user = makeUser({ roleId, accessableFeatures: [{ key: 'Payroll' }, { key: 'Payslips' }] });
  setSessionUser(user);
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/payroll/loans" element={<LoansPage />} />
        <Route path="/payroll/my-loans" element={<MyLoansPage />} />
      </Routes>
    </MemoryRouter>,
    { user },
  );
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Loans and advances', () => {
  it('an empty list says what to do; the form shows each required field’s message and sends nothing', async () => {
    const calls = renderAt('/payroll/loans', { 'GET /Loans': list([]), 'GET /PayrollRuns/current': noRun });
    expect(await screen.findByText('No loans or advances recorded yet. Add one and the payroll run deducts its instalments.')).toBeInTheDocument();
    const ue = userEvent.setup();
    await ue.click(screen.getByRole('button', { name: 'Add loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add loan or advance' });
    await ue.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(LOAN_MSG.employeeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(LOAN_MSG.purposeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(LOAN_MSG.amountInvalid)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('lists loans with balance and next instalment; the schedule opens in a drawer', async () => {
    renderAt('/payroll/loans', { 'GET /Loans': list([makeLoan()]), 'GET /PayrollRuns/current': noRun });
    const table = await screen.findByRole('table', { name: 'Loans and advances' });
    expect(table).toHaveTextContent('Asha Rao');
    expect(table).toHaveTextContent('Salary advance');
    expect(table).toHaveTextContent('1 of 3');
    expect(table).toHaveTextContent('₹20,000');
    expect(table).toHaveTextContent('₹10,000, May 2026');
    // Something recovered: no cancel.
    expect(within(table).queryByRole('button', { name: "Cancel Asha Rao's salary advance" })).not.toBeInTheDocument();
    await userEvent.setup().click(within(table).getByRole('button', { name: "Schedule of Asha Rao's salary advance" }));
    const rows = within(await screen.findByRole('table', { name: "Repayment schedule of Asha Rao's salary advance" })).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Recovered');
    expect(rows[2]).toHaveTextContent('In the open month');
  });

  it('a moderator sees the loans but cannot add or change them', async () => {
    renderAt('/payroll/loans', { 'GET /Loans': list([makeLoan({ recoveredCount: 0 })]), 'GET /PayrollRuns/current': noRun }, Role.Moderator);
    expect(await screen.findByRole('table', { name: 'Loans and advances' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add loan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Edit Asha Rao's salary advance" })).not.toBeInTheDocument();
  });

  it('an employee sees their own balance and perquisite, or that they have none', async () => {
    renderAt('/payroll/my-loans', { 'GET /Loans/mine': list([makeLoan()]) }, Role.Member);
    const card = await screen.findByRole('region', { name: 'Salary advance of ₹30,000' });
    expect(card).toHaveTextContent('Balance ₹20,000');
    expect(card).toHaveTextContent('₹183 (SBI rate 11.00%)');
  });

  it('an employee without loans is told so', async () => {
    renderAt('/payroll/my-loans', { 'GET /Loans/mine': list([]) }, Role.Member);
    expect(await screen.findByText('You have no loans or advances.')).toBeInTheDocument();
  });
});
