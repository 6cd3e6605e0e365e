import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REIMBURSEMENT_MSG as MSG, Role, type ReimbursementRequest, type ReimbursementType, type SessionUser } from '@tankha/contracts';
import { CurrentUserContext } from '../../app/current-user';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderRoutes, spyOnToasts } from '../../test/helpers';
import { MY_REQUEST_COLUMNS, MyReimbursementRequestsPage } from './MyReimbursementRequestsPage';
import { ALL_REQUEST_COLUMNS, ReimbursementApprovalsPage } from './ReimbursementApprovalsPage';
import { REIMBURSEMENT_TYPE_COLUMNS, ReimbursementTypesPage } from './ReimbursementTypesPage';

const list = (rows: unknown[], total = rows.length) => jsonResponse(200, { statusCode: 200, message: 'Success', data: rows, totalRecords: total });
const PREMIUM = [{ key: 'Reimbursement' }, { key: 'ReimbursementRequests' }] as SessionUser['accessableFeatures'];

function type(overrides: Partial<ReimbursementType>): ReimbursementType {
  return { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', name: 'Travel', description: 'Tickets and cabs', maxLimit: 25_000, isActive: true, isTaxable: false, tenantId: 'x', createdBy: null, dateCreated: '2026-04-01T00:00:00Z', updatedBy: null, dateUpdated: null, ...overrides };
}
function request(i: number, overrides: Partial<ReimbursementRequest> = {}): ReimbursementRequest {
  return {
    id: `r-${String(i)}`,
    amount: 100 * i,
    reimbursementTypeId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    reimbursementTypeName: 'Travel',
    reason: `Cab ${String(i)}`,
    status: 1,
    dateCreated: '2026-04-05T06:00:00Z',
    remarks: null,
    hasReceipt: false,
    paidInMonth: null,
    employeeId: 'u-aditi',
    employeeName: 'Aditi Agarwal',
    employeeNumber: 'NT0003',
    decidedByName: null,
    dateDecided: null,
    ...overrides,
  };
}

function renderPage(element: React.ReactNode, path: string, replies: Parameters<typeof mockFetch>[0], user: SessionUser) {
  const calls = mockFetch(replies);
  setSessionUser(user);
  return { calls, ...renderRoutes([{ path, element: <CurrentUserContext value={user}>{element}</CurrentUserContext> }], path) };
}

describe('Reimbursement Types', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the types: rupee limit or No Limit, status toggle, delete; empty state', async () => {
    const admin = makeUser({ accessableFeatures: PREMIUM });
    renderPage(<ReimbursementTypesPage />, '/t', { 'GET /ReimbursementTypes': list([type({}), type({ id: 't-meals', name: 'Meals', maxLimit: 0, description: null, isActive: false })]) }, admin);
    const table = await screen.findByRole('table', { name: 'Reimbursement types' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([...REIMBURSEMENT_TYPE_COLUMNS]);
    expect(within(table).getByText('₹25,000')).toBeInTheDocument();
    expect(within(table).getByText(MSG.noLimit)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Status of Meals' })).not.toBeChecked();
    vi.restoreAllMocks();
    renderPage(<ReimbursementTypesPage />, '/t', { 'GET /ReimbursementTypes': list([]) }, admin);
    expect(await screen.findByText(MSG.noTypes)).toBeInTheDocument();
  });

  it("the free plan: 'Add Reimbursement Type' disabled with 'Upgrade to premium', and the server is not asked", async () => {
    const { calls } = renderPage(<ReimbursementTypesPage />, '/t', {}, makeUser({ accessableFeatures: [{ key: 'Payroll' }], isTenantOnFreePlan: true }));
    const add = screen.getByRole('button', { name: 'Add Reimbursement Type' });
    expect(add).toBeDisabled();
    await userEvent.hover(add.parentElement ?? add);
    expect(await screen.findByText(MSG.upgrade)).toBeInTheDocument();
    expect(screen.getByText(MSG.noTypes)).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/Reimbursement'))).toEqual([]);
  });

  it("'New Reimbursement' shows every validation message, then saves", { timeout: 20_000 }, async () => {
    const toasts = spyOnToasts();
    const { calls } = renderPage(<ReimbursementTypesPage />, '/t', { 'GET /ReimbursementTypes': list([]), 'POST /ReimbursementTypes': ok(type({ name: 'Fuel' })) }, makeUser({ accessableFeatures: PREMIUM }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Reimbursement Type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Reimbursement' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(MSG.nameRequired)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText(/Name/));
    await userEvent.paste('x'.repeat(101));
    await userEvent.click(within(dialog).getByLabelText('Description'));
    await userEvent.paste('d'.repeat(256));
    await userEvent.type(within(dialog).getByLabelText(/Max Limit/), '-5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(MSG.nameTooLong)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.descriptionTooLong)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.maxLimitNegative)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/Name/));
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Fuel');
    await userEvent.clear(within(dialog).getByLabelText('Description'));
    await userEvent.clear(within(dialog).getByLabelText(/Max Limit/));
    await userEvent.click(within(dialog).getByLabelText('Taxable (paid as taxable salary)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts.messages()).toContain(MSG.created));
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ name: 'Fuel', description: null, maxLimit: 0, isTaxable: true });
  });

  it("a row opens 'Edit Reimbursement'; delete warns before removing", async () => {
    const toasts = spyOnToasts();
    const { calls } = renderPage(
      <ReimbursementTypesPage />,
      '/t',
      { 'GET /ReimbursementTypes': list([type({})]), 'PUT /ReimbursementTypes/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa': ok(type({ maxLimit: 30_000 })), 'DELETE /ReimbursementTypes/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa': ok(null) },
      makeUser({ accessableFeatures: PREMIUM }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Travel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Reimbursement' });
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Travel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toasts.messages()).toContain(MSG.updated));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Travel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Reimbursement Type' });
    expect(within(confirm).getByText(MSG.deleteWarning)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.messages()).toContain(MSG.deleted));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});

describe('My Reimbursement Requests', () => {
  afterEach(() => vi.restoreAllMocks());
  const member = makeUser({ roleId: Role.Member, hasAdminAccess: false, accessableFeatures: [{ key: 'ReimbursementRequests' }] });

  it('the table, 8 a page, and the status filter; empty text', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => request(i + 1, i === 0 ? { status: 3, remarks: 'Duplicate' } : i === 1 ? { status: 2, paidInMonth: '2026-04' } : {}));
    renderPage(<MyReimbursementRequestsPage />, '/m', { 'GET /ReimbursementRequests/my': list(rows) }, member);
    const table = await screen.findByRole('table', { name: 'My reimbursement requests' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([...MY_REQUEST_COLUMNS]);
    expect(within(table).getAllByRole('row')).toHaveLength(9);
    expect(within(table).getAllByText('05/04/2026')).toHaveLength(8);
    await userEvent.click(screen.getByRole('button', { name: 'Status filter: All Status' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rejected' }));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('Remarks: Duplicate')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Status filter: Rejected' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Pending' }));
    await userEvent.click(screen.getByRole('button', { name: 'Status filter: Pending' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Approved' }));
    expect(screen.getByText('Paid with 2026-04 salary')).toBeInTheDocument();
    vi.restoreAllMocks();
    renderPage(<MyReimbursementRequestsPage />, '/m', { 'GET /ReimbursementRequests/my': list([]) }, member);
    expect(await screen.findByText(MSG.noRequests)).toBeInTheDocument();
  });

  it("'Create Reimbursement Request': the messages, 'Submitting...', then the toast", { timeout: 20_000 }, async () => {
    const toasts = spyOnToasts();
    let release: () => void = () => undefined;
    const { calls } = renderPage(
      <MyReimbursementRequestsPage />,
      '/m',
      {
        'GET /ReimbursementRequests/my': list([]),
        'GET /ReimbursementTypes': list([type({})]),
        // Held until released, to see 'Submitting...' (mockFetch resolves the promise a reply function returns).
        'POST /ReimbursementRequests': (() => new Promise<Response>((resolve) => (release = () => resolve(ok(request(1)))))) as unknown as () => Response,
      },
      member,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Create Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Reimbursement Request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(within(dialog).getByText(MSG.amountPositive)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.typeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.reasonRequired)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText(/Reason/));
    await userEvent.paste('r'.repeat(256));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(within(dialog).getByText(MSG.reasonTooLong)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/Reason/));
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Cab to the client');
    await userEvent.type(within(dialog).getByLabelText(/Amount/), '1200.50');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Reimbursement Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Travel' }));
    const fileInput = () => dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(fileInput(), { target: { files: [new File(['notes'], 'notes.txt', { type: 'text/plain' })] } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(within(dialog).getByText(MSG.receiptBadType)).toBeInTheDocument();
    fireEvent.change(fileInput(), { target: { files: [new File(['%PDF-1.4 %%EOF'], 'bill.pdf', { type: 'application/pdf' })] } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(within(dialog).queryByText(MSG.receiptBadType), dialog.textContent ?? '').toBeNull());
    await waitFor(() => expect(dialog.textContent).toContain('Submitting...'));
    expect(await within(dialog).findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    await waitFor(() => expect(toasts.messages()).toContain(MSG.submitted));
    const form = calls.find((c) => c.method === 'POST')?.init.body as FormData;
    expect(form.get('amount')).toBe('1200.5');
    expect(form.get('reimbursementTypeId')).toBe('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
    expect(form.get('status')).toBe('1');
    expect((form.get('receipt') as File).name).toBe('bill.pdf');
  });
});

describe('Reimbursement Requests (administrators)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('pages, filters by status and reporting, and approves or rejects with remarks', async () => {
    const toasts = spyOnToasts();
    const { calls } = renderPage(
      <ReimbursementApprovalsPage />,
      '/a',
      {
        'GET /ReimbursementRequests': list([request(1), request(2, { status: 2, decidedByName: 'Vikram Nair' })], 12),
        'PUT /ReimbursementRequests/r-1/status': ok(request(1, { status: 3 })),
      },
      makeUser({ accessableFeatures: PREMIUM }),
    );
    const table = await screen.findByRole('table', { name: 'Reimbursement requests' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([...ALL_REQUEST_COLUMNS]);
    expect(within(table).getByText('By Vikram Nair')).toBeInTheDocument();
    expect(calls[0]?.search).toBe('?page=1&pageSize=10&reportingFilterType=3');
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(calls.at(-1)?.search).toBe('?page=2&pageSize=10&reportingFilterType=3'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(calls.at(-1)?.search).toBe('?page=1&pageSize=10&reportingFilterType=3&status=1'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Employees' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Direct reportees' }));
    await waitFor(() => expect(calls.at(-1)?.search).toBe('?page=1&pageSize=10&reportingFilterType=1&status=1'));

    await userEvent.click(screen.getByRole('button', { name: "Reject Aditi Agarwal's Travel claim" }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Reimbursement' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText(MSG.remarksRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Remarks/), 'Duplicate bill');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(toasts.messages()).toContain(MSG.statusUpdated));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')?.init.body))).toEqual({ status: 3, remarks: 'Duplicate bill' });
  });
});
