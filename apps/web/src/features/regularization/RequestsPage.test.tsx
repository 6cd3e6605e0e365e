import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, Role, type RequestRow, type SessionUser } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { resetToastSuppression } from '../../app/toast';
import { jsonResponse, makeUser, mockFetch, renderWithProviders, spyOnToasts } from '../../test/helpers';
import { CreateRequestModal } from './CreateRequestModal';
import { RequestsPage } from './RequestsPage';
import { TeamRequestsPage } from './TeamRequestsPage';

/** People spec §2.3, §4, §5, §8, §9. */
const ME = '11111111-1111-4111-8111-111111111111';
const FEATURES: SessionUser['accessableFeatures'] = [{ key: 'Dashboard' }, { key: 'AttendanceRequests' }];

function makeRow(overrides: Partial<RequestRow> = {}): RequestRow {
  return {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    employeeId: ME,
    employeeName: 'Asha Rao',
    requestType: 2,
    reason: 'Forgot to check out',
    status: 5,
    startDate: '2026-03-16',
    endDate: '2026-03-16',
    startTime: '09:30:00',
    endTime: '18:30:00',
    dateCreated: '2026-03-17T04:00:00.000Z',
    decidedByName: null,
    remarks: null,
    ...overrides,
  };
}
const rowId = (n: number) => `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`;
const list = (rows: RequestRow[], totalRecords = rows.length) => jsonResponse(200, { statusCode: 200, message: 'Success', data: rows, totalRecords });
const param = (search: string, key: string) => new URLSearchParams(search).get(key);

function render(ui: React.ReactNode, replies: Parameters<typeof mockFetch>[0], overrides: Parameters<typeof makeUser>[0] = {}) {
  const calls = mockFetch(replies);
  const user = makeUser({ id: ME, roleId: Role.Member, accessableFeatures: FEATURES, ...overrides });
  setSessionUser(user);
  renderWithProviders(ui, { user });
  return calls;
}

describe('RequestsPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetToastSuppression();
  });

  it('shows the spec columns and a badge per status: Opened yellow, Completed green, Rejected and Cancelled red, else Unknown', async () => {
    const rows = [
      makeRow({ id: rowId(1), status: 5 }),
      makeRow({ id: rowId(2), status: 1, startDate: '2026-03-10', endDate: '2026-03-12', decidedByName: 'Rahul Sharma', remarks: 'OK' }),
      makeRow({ id: rowId(3), status: 6 }),
      makeRow({ id: rowId(4), status: 4 }),
      makeRow({ id: rowId(5), status: 2 }),
    ];
    const calls = render(<RequestsPage />, { 'GET /Requests': list(rows) });
    const table = await screen.findByRole('table', { name: 'Regularization requests' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Start Time', 'End Time', 'Reason', 'Status', 'Actions']);
    const body = within(table).getAllByRole('row').slice(1);
    const badges = body.map((r) => {
      const badge = within(r).getByText(/^(Opened|Completed|Rejected|Cancelled|Unknown)$/);
      return [badge.textContent, badge.closest('[data-color]')?.getAttribute('data-color')];
    });
    expect(badges).toEqual([
      ['Opened', 'yellow'],
      ['Completed', 'green'],
      ['Rejected', 'red'],
      ['Cancelled', 'red'],
      ['Unknown', 'gray'],
    ]);
    expect(within(body[0] as HTMLElement).getByText('16 Mar 2026')).toBeInTheDocument();
    expect(within(body[0] as HTMLElement).getByText('09:30 AM')).toBeInTheDocument();
    expect(within(body[0] as HTMLElement).getByText('06:30 PM')).toBeInTheDocument();
    expect(within(body[1] as HTMLElement).getByText('10 Mar 2026 – 12 Mar 2026')).toBeInTheDocument();
    // Cancel only on the own Opened request.
    expect(screen.getAllByRole('button', { name: /^Cancel request of/ })).toHaveLength(1);
    expect(param(calls[0]?.search ?? '', 'pageSize')).toBe('8');
    expect(param(calls[0]?.search ?? '', 'requestType')).toBe('2');
    expect(param(calls[0]?.search ?? '', 'onlyMyRequests')).toBe('true');
    expect(screen.queryByRole('navigation', { name: 'Requests pages' })).not.toBeInTheDocument();
  });

  it("shows 'No requests found' when there are none", async () => {
    render(<RequestsPage />, { 'GET /Requests': list([]) });
    expect(await screen.findByText('No requests found')).toBeInTheDocument();
  });

  it('pages 8 at a time when there are more than 8', async () => {
    const calls = render(<RequestsPage />, {
      'GET /Requests': (call) => list(param(call.search, 'pageNumber') === '2' ? [makeRow({ id: rowId(9), reason: 'The ninth' })] : [makeRow()], 9),
    });
    await screen.findByRole('table', { name: 'Regularization requests' });
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('The ninth')).toBeInTheDocument();
    expect(calls.map((c) => param(c.search, 'pageNumber'))).toEqual(['1', '2']);
  });

  it('filters by All Status, Opened, Completed and Cancelled, back on page 1', async () => {
    const calls = render(<RequestsPage />, { 'GET /Requests': list([makeRow()]) });
    await screen.findByRole('table', { name: 'Regularization requests' });
    const filter = screen.getByRole('combobox', { name: 'Status filter' });
    expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual(['All Status', 'Opened', 'Completed', 'Cancelled']);
    await userEvent.selectOptions(filter, 'Cancelled');
    await waitFor(() => expect(calls.map((c) => param(c.search, 'status'))).toEqual([null, '4']));
    expect(param(calls[1]?.search ?? '', 'pageNumber')).toBe('1');
  });

  it("toasts 'Failed to fetch requests' on a failed fetch", async () => {
    const toasts = spyOnToasts();
    render(<RequestsPage />, { 'GET /Requests': jsonResponse(500, { statusCode: 500, errorCode: 'INTERNAL', message: 'boom' }) });
    await waitFor(() => expect(toasts.messages()).toEqual(['Failed to fetch requests']));
  });

  it('says nothing more when the API client already handled an access error', async () => {
    const toasts = spyOnToasts();
    render(<RequestsPage />, { 'GET /Requests': jsonResponse(403, { statusCode: 403, errorCode: 'FEATURE_ACCESS_DENIED', message: MSG.featureNotAllowed }) });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(toasts.messages()).not.toContain('Failed to fetch requests');
  });

  it('shows the access screen without the AttendanceRequests feature', async () => {
    const calls = render(<RequestsPage />, { 'GET /Requests': list([]) }, { accessableFeatures: [{ key: 'Dashboard' }] });
    expect(screen.queryByRole('button', { name: 'Create Request' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('cancels an own Opened request after confirmation', async () => {
    const toasts = spyOnToasts();
    const calls = render(<RequestsPage />, {
      'GET /Requests': list([makeRow()]),
      [`PUT /Requests/${rowId(1)}/status`]: jsonResponse(200, { statusCode: 200, message: 'ok', data: makeRow({ status: 4 }) }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel request of 16 Mar 2026' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(toasts.messages()).toContain('Request cancelled successfully'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.init.body))).toEqual({ status: 4, requestType: 2 });
  });
});

describe('CreateRequestModal', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetToastSuppression();
  });

  const TODAY = '2026-03-18';
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
  const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
  const renderModal = (replies: Parameters<typeof mockFetch>[0] = {}) => {
    const onCreated = vi.fn();
    const calls = render(<CreateRequestModal opened onClose={() => undefined} onCreated={onCreated} today={TODAY} />, replies);
    return { calls, onCreated };
  };

  it("has the spec's title, pickers that stop at today, and 'Please fill in all required fields' when anything is missing", async () => {
    const { calls } = renderModal();
    expect(await screen.findByText('Create Attendance Regularization Request')).toBeInTheDocument();
    await submit();
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    fill('Start Date', '16/03/2026');
    fill('End Date', '16/03/2026');
    // The calendar stops at today: tomorrow is greyed out, the days before it are not.
    await userEvent.click(screen.getByLabelText('End Date', { exact: false }));
    expect(screen.getByRole('button', { name: '19/03/2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '18/03/2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '15/03/2026' })).toBeDisabled();
    fill('Start Time', '09:30');
    fill('End Time', '18:30');
    fill('Reason', '    ');
    await submit();
    expect(screen.getByText('Please fill in all required fields')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("refuses a future start with 'Cannot regularize attendance for future dates'", async () => {
    const { calls } = renderModal();
    fill('Start Date', '19/03/2026');
    fill('End Date', '19/03/2026');
    fill('Start Time', '09:30');
    fill('End Time', '18:30');
    fill('Reason', 'Late');
    await submit();
    expect(await screen.findByText('Cannot regularize attendance for future dates')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('submits the trimmed reason and padded times, then toasts the spec’s success text', async () => {
    const toasts = spyOnToasts();
    const { calls, onCreated } = renderModal({ 'POST /Requests': jsonResponse(200, { statusCode: 200, message: 'ok', data: makeRow() }) });
    fill('Start Date', '16/03/2026');
    fill('End Date', '16/03/2026');
    fill('Start Time', '09:30');
    fill('End Time', '18:30');
    fill('Reason', '  Forgot to check out  ');
    await submit();
    await waitFor(() => expect(toasts.messages()).toContain('Attendance regularization request submitted successfully'));
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      requestType: 2,
      reason: 'Forgot to check out',
      additionalData: { attendanceRegularization: { startDate: '2026-03-16', endDate: '2026-03-16', startTime: '09:30:00', endTime: '18:30:00' } },
    });
  });

  it("shows the server's message when it refuses", async () => {
    renderModal({ 'POST /Requests': jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message: 'An opened regularization request already covers some of these dates', errors: { startDate: 'x' } }) });
    fill('Start Date', '16/03/2026');
    fill('End Date', '16/03/2026');
    fill('Start Time', '09:30');
    fill('End Time', '18:30');
    fill('Reason', 'Late');
    await submit();
    expect(await screen.findByText('An opened regularization request already covers some of these dates')).toBeInTheDocument();
  });
});

describe('TeamRequestsPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetToastSuppression();
  });

  const teamRow = makeRow({ employeeId: '33333333-3333-4333-8333-333333333333', employeeName: 'Aditi Agarwal' });

  it('lists direct reportees’ opened requests by default and approves one with remarks', async () => {
    const toasts = spyOnToasts();
    const calls = render(<TeamRequestsPage />, {
      'GET /Requests': list([teamRow]),
      [`PUT /Requests/${teamRow.id}/status`]: jsonResponse(200, { statusCode: 200, message: 'ok', data: { ...teamRow, status: 1 } }),
    });
    const table = await screen.findByRole('table', { name: 'Team regularization requests' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Employee', 'Date', 'Start Time', 'End Time', 'Reason', 'Status', 'Actions']);
    const first = calls[0]?.search ?? '';
    expect([param(first, 'onlyMyRequests'), param(first, 'reportingFilterType'), param(first, 'status'), param(first, 'pageSize')]).toEqual(['false', '1', '5', '8']);
    await userEvent.click(screen.getByRole('button', { name: 'Approve request of Aditi Agarwal' }));
    await userEvent.type(await screen.findByLabelText('Remarks'), 'Seen on the gate register');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toasts.messages()).toContain('Request approved successfully'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.init.body))).toEqual({ status: 1, requestType: 2, remarks: 'Seen on the gate register' });
  });

  it('rejects, and toasts the server message on failure', async () => {
    const toasts = spyOnToasts();
    render(<TeamRequestsPage />, {
      'GET /Requests': list([teamRow]),
      [`PUT /Requests/${teamRow.id}/status`]: jsonResponse(400, { statusCode: 400, errorCode: 'VALIDATION_ERROR', message: 'Only an opened request can be changed' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject request of Aditi Agarwal' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(toasts.messages()).toContain('Only an opened request can be changed'));
  });

  it('offers All employees only to administrators and moderators', async () => {
    render(<TeamRequestsPage />, { 'GET /Requests': list([]) });
    expect(await screen.findByText('No requests found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Reportees' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Direct reportees', 'All reportees (direct and indirect)']);
  });

  it.each([
    ['an administrator', Role.Administrator],
    ['a moderator', Role.Moderator],
  ])('opens on All employees for %s and lets them narrow it to direct reportees', async (_who, roleId) => {
    const calls = render(<TeamRequestsPage />, { 'GET /Requests': list([teamRow]) }, { roleId });
    expect(await screen.findByText('Aditi Agarwal')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Reportees' })).toHaveValue('All employees');
    await userEvent.click(screen.getByRole('combobox', { name: 'Reportees' }));
    await userEvent.click(screen.getByRole('option', { name: 'Direct reportees' }));
    await waitFor(() => expect(calls.map((c) => param(c.search, 'reportingFilterType'))).toEqual(['3', '1']));
  });
});
