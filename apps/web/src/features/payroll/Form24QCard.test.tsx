import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM24Q_FVU_MSG, FORM24Q_MSG, Role, TDS_CHALLAN_MSG, type Form24QCheck, type TdsChallan } from '@tankha/contracts';
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

const NO_CHALLANS = jsonResponse(200, { statusCode: 200, message: 'OK', data: [], totalRecords: 0 });
const CHALLAN: TdsChallan = { id: 'cccccccc-0000-4000-8000-000000000001', bsrCode: '0510308', depositedOn: '2026-02-07', serialNumber: '00042', minorHead: '200', tax: 10_100, surcharge: 0, cess: 400, interest: 0, fee: 0, others: 0, total: 10_500, months: ['2026-01'] };

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
      'GET /TdsChallans': NO_CHALLANS,
    });
    URL.createObjectURL = vi.fn(() => 'blob:24q');
    URL.revokeObjectURL = vi.fn();
    const card = await screen.findByRole('region', { name: 'Form 24Q' });
    const table = await within(card).findByRole('table', { name: 'Form 24Q months' });
    expect(calls.find((c) => c.path === '/PayrollFilings/Form24Q/check')?.search).toBe('?financialYear=2025-26&quarter=4');
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
    renderCard({ 'GET /TdsChallans': NO_CHALLANS, 'GET /PayrollFilings/Form24Q/check': jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message: FORM24Q_MSG.nothingFinalized(4, '2025-26') }) });
    expect(await screen.findByText(FORM24Q_MSG.nothingFinalized(4, '2025-26'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Form 24Q' })).toBeDisabled();
  });

  it('is not shown to a member', async () => {
    const calls = renderCard({}, Role.Member);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Form 24Q' })).not.toBeInTheDocument());
    expect(calls).toEqual([]);
  });

  it('challans of the quarter: the empty state, then one added through the dialog', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-10T06:00:00Z') });
    const toasts = spyOnToasts();
    const calls = renderCard({
      'GET /PayrollFilings/Form24Q/check': ok(CHECK),
      'GET /TdsChallans': NO_CHALLANS,
      'POST /TdsChallans': jsonResponse(201, { statusCode: 201, message: TDS_CHALLAN_MSG.recorded, data: CHALLAN }),
    });
    expect(await screen.findByText('No challans recorded for Q4 2025-26: TDS deposited shows ₹0 until they are.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add challan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add challan' });
    await userEvent.type(within(dialog).getByLabelText(/BSR code/), '051030');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(TDS_CHALLAN_MSG.bsrCode)).toBeInTheDocument();
    expect(within(dialog).getByText(TDS_CHALLAN_MSG.months)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/BSR code/), '8');
    await userEvent.type(within(dialog).getByLabelText(/Challan serial number/), '00042');
    await userEvent.type(within(dialog).getByLabelText(/Date of deposit/), '07/02/2026');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Payroll months/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'January 2026' }));
    const tax = within(dialog).getByLabelText('Tax');
    await userEvent.clear(tax);
    await userEvent.type(tax, '10100');
    const cess = within(dialog).getByLabelText('Health and education cess');
    await userEvent.clear(cess);
    await userEvent.type(cess, '400');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/TdsChallans')).toBe(true));
    const posted = calls.find((c) => c.method === 'POST') as { init: RequestInit };
    expect(JSON.parse(String(posted.init.body))).toEqual({ bsrCode: '0510308', depositedOn: '2026-02-07', serialNumber: '00042', minorHead: '200', tax: 10_100, surcharge: 0, cess: 400, interest: 0, fee: 0, others: 0, months: ['2026-01'] });
    await waitFor(() => expect(toasts.messages()).toContain(TDS_CHALLAN_MSG.recorded));
  }, 60_000);

  it('the FVU text file: asks the batch header’s answers and shows the validator’s problems when refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-10T06:00:00Z') });
    const calls = renderCard({
      'GET /PayrollFilings/Form24Q/check': ok(CHECK),
      'GET /TdsChallans': jsonResponse(200, { statusCode: 200, message: 'OK', data: [CHALLAN], totalRecords: 1 }),
      'POST /PayrollFilings/Form24Q/fvu.txt': jsonResponse(422, {
        statusCode: 422,
        errorCode: 'UNPROCESSABLE',
        message: FORM24Q_FVU_MSG.problems(2),
        errors: { '1': 'E002 Meena Pillai, February 2026: no challan of the month has room for this TDS; record the challan it was deposited with', '2': 'Line 1, field 8: TAN (empty) is not valid' },
      }),
    });
    expect(await screen.findByText('0510308 / 00042')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download FVU text file' }));
    const dialog = await screen.findByRole('dialog', { name: 'FVU text file, Q4 2025-26' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByText(FORM24Q_FVU_MSG.stateCode)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/State code/), '15');
    await userEvent.type(within(dialog).getByLabelText(/PIN code/), '560001');
    await userEvent.type(within(dialog).getByLabelText(/Person responsible/), 'Meera Rao');
    await userEvent.type(within(dialog).getByLabelText(/Designation/), 'Director');
    await userEvent.type(within(dialog).getByLabelText(/PAN of the person responsible/), 'ABCPR1234Q');
    await userEvent.type(within(dialog).getByLabelText(/Mobile number/), '9876543210');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    const list = await within(dialog).findByRole('list', { name: 'Text file problems' });
    expect(list).toHaveTextContent('no challan of the month has room');
    expect(list).toHaveTextContent('Line 1, field 8: TAN (empty) is not valid');
    expect(within(dialog).getByText(FORM24Q_FVU_MSG.problems(2))).toBeInTheDocument();
    const call = calls.find((c) => c.path === '/PayrollFilings/Form24Q/fvu.txt');
    // The answers go as a POST body: the PAN is never in the URL.
    expect(call?.method).toBe('POST');
    expect(call?.search).toBe('');
    expect(JSON.parse(String(call?.init.body))).toMatchObject({ responsiblePan: 'ABCPR1234Q', stateCode: '15', quarter: 4, earlierStatementFiled: true });
  }, 60_000);

  it('a moderator sees the challans but cannot add one', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-10T06:00:00Z') });
    renderCard({ 'GET /PayrollFilings/Form24Q/check': ok(CHECK), 'GET /TdsChallans': jsonResponse(200, { statusCode: 200, message: 'OK', data: [CHALLAN], totalRecords: 1 }) }, Role.Moderator);
    expect(await screen.findByText('0510308 / 00042')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add challan' })).not.toBeInTheDocument();
  });
});
