import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM24Q_MSG, Role, type Form24QCheck } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders, spyOnToasts } from '../../test/helpers';
import { Form24QCard, lastEndedQuarter } from './Form24QCard';
import { USER_ID } from './test-data';

const CHECK: Form24QCheck = {
  financialYear: '2025-26',
  quarter: 4,
  months: ['2026-01', '2026-02', '2026-03'],
  missingMonths: ['2026-03'],
  tan: null,
  fileName: 'Form24Q-Q4-2025-26.xlsx',
  annexureI: [],
  monthTotals: [
    { month: '2026-01', deductees: 2, amountPaid: 140000, tdsDeducted: 10500, tdsDeposited: 10500 },
    { month: '2026-02', deductees: 2, amountPaid: 140000, tdsDeducted: 9000, tdsDeposited: 9000 },
    { month: '2026-03', deductees: 0, amountPaid: 0, tdsDeducted: 0, tdsDeposited: 0 },
  ],
  totals: { deductees: 2, amountPaid: 280000, tdsDeducted: 19500, tdsDeposited: 19500 },
  annexureII: [{ userId: USER_ID, employeeNumber: 'E001', name: 'Aditi Agarwal', pan: 'ABCPM1234K', newRegime: 'Y', grossSalary: 1200000, taxableIncome: 1125000, totalTax: 0, tds: 27000 }],
  organisationErrors: ['The organisation has no TAN: add it in Organisation profile'],
  errors: [{ userId: 'bbbbbbbb-0000-4000-8000-000000000002', employeeNumber: 'E002', name: 'Meena Pillai', field: 'pan', message: 'PAN is missing: the return reports it as PANNOTAVBL' }],
  warnings: [FORM24Q_MSG.monthNotFinalized('2026-03')],
};

function renderCard(replies: Parameters<typeof mockFetch>[0], roleId: (typeof Role)[keyof typeof Role] = Role.Administrator) {
  const calls = mockFetch(replies);
  const user = makeUser({ roleId });
  setSessionUser(user);
  renderWithProviders(<Form24QCard />, { user });
  return calls;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Form 24Q on the Reports page', () => {
  it('defaults to the last quarter that has ended', () => {
    expect(lastEndedQuarter('2026-04-10')).toEqual({ yearStart: 2025, quarter: 4 });
    expect(lastEndedQuarter('2026-07-01')).toEqual({ yearStart: 2026, quarter: 1 });
    expect(lastEndedQuarter('2026-02-15')).toEqual({ yearStart: 2025, quarter: 3 });
  });

  it('shows the month totals and the validation list, and downloads the workbook', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-10T06:00:00Z') });
    const toasts = spyOnToasts();
    const calls = renderCard({
      'GET /PayrollFilings/Form24Q/check': ok(CHECK),
      'GET /PayrollFilings/Form24Q/annexure.xlsx': () => new Response('xlsx', { status: 200 }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:24q');
    URL.revokeObjectURL = vi.fn();
    const card = await screen.findByRole('region', { name: 'Form 24Q' });
    const table = await within(card).findByRole('table', { name: 'Form 24Q months' });
    expect(calls[0]?.search).toBe('?financialYear=2025-26&quarter=4');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('January 2026');
    expect(rows[3]).toHaveTextContent('March 2026 (not finalized)');
    expect(rows[4]).toHaveTextContent('Total');
    expect(rows[4]).toHaveTextContent('19,500');
    expect(within(card).getByText('2 problems to fix')).toBeInTheDocument();
    const problems = within(card).getByRole('list', { name: 'Form 24Q problems' });
    expect(problems).toHaveTextContent('The organisation has no TAN');
    expect(problems).toHaveTextContent('E002 Meena Pillai: PAN is missing');
    expect(problems).toHaveTextContent(FORM24Q_MSG.monthNotFinalized('2026-03'));
    expect(within(card).getByText(/Annexure II: 1 employee, 1 in the new regime/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Download Form 24Q' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/PayrollFilings/Form24Q/annexure.xlsx' && c.search === '?financialYear=2025-26&quarter=4')).toBe(true));
    await waitFor(() => expect(toasts.messages()).toContain('Form 24Q downloaded'));
  }, 30_000);

  it('a quarter with nothing finalized says so and offers no download', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-10T06:00:00Z') });
    renderCard({ 'GET /PayrollFilings/Form24Q/check': jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message: FORM24Q_MSG.nothingFinalized(4, '2025-26') }) });
    expect(await screen.findByText(FORM24Q_MSG.nothingFinalized(4, '2025-26'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Form 24Q' })).toBeDisabled();
  });

  it('is not shown to a member', async () => {
    const calls = renderCard({}, Role.Member);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Form 24Q' })).not.toBeInTheDocument());
    expect(calls).toEqual([]);
  });
});
