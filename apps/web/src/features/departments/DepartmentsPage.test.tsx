import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEPARTMENT_MSG, PEOPLE_MSG, type Department, type DepartmentDetail } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders, spyOnToasts } from '../../test/helpers';
import { DepartmentsPage } from './DepartmentsPage';

const ENG_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const SALES_ID = 'aaaaaaaa-0000-4000-8000-000000000002';

function makeDepartment(overrides: Partial<Department> = {}): Department {
  return {
    id: ENG_ID,
    name: 'Engineering',
    code: 'ENG',
    description: 'Product engineering',
    status: 1,
    departmentHeadId: 'bbbbbbbb-0000-4000-8000-000000000001',
    departmentHeadName: 'Rahul Sharma',
    parentDepartmentId: null,
    parentDepartmentName: null,
    totalEmployees: 17,
    ...overrides,
  };
}

const list = (rows: Department[], totalRecords = rows.length) => jsonResponse(200, { statusCode: 200, message: 'Success', data: rows, totalRecords });

const TWO = [makeDepartment(), makeDepartment({ id: SALES_ID, name: 'Sales', code: null, description: null, departmentHeadId: null, departmentHeadName: null, parentDepartmentId: ENG_ID, parentDepartmentName: 'Engineering', totalEmployees: 0, status: 0 })];

function renderPage(replies: Parameters<typeof mockFetch>[0]) {
  const calls = mockFetch(replies);
  const user = makeUser();
  setSessionUser(user);
  renderWithProviders(<DepartmentsPage />, { user });
  return calls;
}

describe('DepartmentsPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders the spec columns in order with each department’s details and no pager for 10 or fewer', async () => {
    renderPage({ 'GET /Departments': list(TWO) });
    const table = await screen.findByRole('table', { name: 'Departments' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Code',
      'Description',
      'Department Head',
      'Parent Department',
      'Assigned Users',
      'Status',
      'Actions',
    ]);
    const [, eng, sales] = within(table).getAllByRole('row');
    expect(within(eng as HTMLElement).getByText('Rahul Sharma')).toBeInTheDocument();
    expect(within(sales as HTMLElement).getByText('Engineering')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Active status of Engineering' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Active status of Sales' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Edit Engineering' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Sales' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Department' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Departments pages' })).not.toBeInTheDocument();
  });

  it('shows the pager when there are more than 10 departments and asks for page 2', async () => {
    const calls = renderPage({ 'GET /Departments': (call) => list(call.search.includes('page=2') ? [makeDepartment({ id: SALES_ID, name: 'Zeta' })] : [makeDepartment()], 11) });
    await screen.findByRole('table', { name: 'Departments' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Zeta')).toBeInTheDocument();
    expect(calls.map((c) => new URLSearchParams(c.search).get('page'))).toEqual(['1', '2']);
    expect(new URLSearchParams(calls[0]?.search).get('pageSize')).toBe('10');
  });

  it('shows the empty state', async () => {
    renderPage({ 'GET /Departments': list([]) });
    expect(await screen.findByText('No departments yet. Add one to organise your people.')).toBeInTheDocument();
  });

  it('shows an error state when the list fails', async () => {
    renderPage({ 'GET /Departments': jsonResponse(500, { statusCode: 500, errorCode: 'INTERNAL_ERROR', message: 'Database down' }) });
    expect(await screen.findByText('Database down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('flips the status through PUT with the name and shows the success toast', async () => {
    const toasts = spyOnToasts();
    let rows = TWO;
    const calls = renderPage({
      'GET /Departments': () => list(rows),
      [`PUT /Departments/${ENG_ID}`]: () => {
        rows = rows.map((d) => (d.id === ENG_ID ? { ...d, status: 0 } : d));
        return ok(rows[0], DEPARTMENT_MSG.updated);
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Active status of Engineering' }));
    await waitFor(() => expect(toasts.messages()).toEqual([PEOPLE_MSG.departmentStatusUpdated]));
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.init.body))).toEqual({ name: 'Engineering', status: 0 });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Active status of Engineering' })).not.toBeChecked());
    toasts.restore();
  });

  it('reports a failed toggle with the server message', async () => {
    const toasts = spyOnToasts();
    renderPage({
      'GET /Departments': list(TWO),
      [`PUT /Departments/${SALES_ID}`]: jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message: 'Already changed' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Active status of Sales' }));
    await waitFor(() => expect(toasts.messages()).toEqual(['Failed to update department status: Already changed']));
    toasts.restore();
  });

  it('requires a name before saving a new department', async () => {
    const calls = renderPage({ 'GET /Departments': list(TWO) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Department' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Department' }));
    expect(await within(dialog).findByText(PEOPLE_MSG.departmentNameRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('creates a department and shows the toast', async () => {
    const toasts = spyOnToasts();
    const calls = renderPage({ 'GET /Departments': list(TWO), 'POST /Departments': jsonResponse(201, { statusCode: 201, message: DEPARTMENT_MSG.created, data: makeDepartment({ id: SALES_ID, name: 'Legal' }) }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Department' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Legal');
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'LEG');
    await user.click(within(dialog).getByRole('button', { name: 'Add Department' }));
    await waitFor(() => expect(toasts.messages()).toEqual([DEPARTMENT_MSG.created]));
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ name: 'Legal', code: 'LEG', description: '', departmentHeadId: null, parentDepartmentId: null });
    toasts.restore();
  });

  it('shows the server’s field message on the form, e.g. a duplicate name', async () => {
    renderPage({
      'GET /Departments': list(TWO),
      [`PUT /Departments/${ENG_ID}`]: jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message: DEPARTMENT_MSG.nameExists, errors: { name: DEPARTMENT_MSG.nameExists } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Engineering' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Department' });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Engineering');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(DEPARTMENT_MSG.nameExists)).toBeInTheDocument();
  });

  it('deletes after the confirmation with “Yes, delete it”', async () => {
    const toasts = spyOnToasts();
    const calls = renderPage({ 'GET /Departments': list(TWO), [`DELETE /Departments/${SALES_ID}`]: ok(null, DEPARTMENT_MSG.deleted) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Sales' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Department' });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(toasts.messages()).toEqual([DEPARTMENT_MSG.deleted]));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/Departments/${SALES_ID}`]);
    toasts.restore();
  });

  it('offers to move a department’s people to another department, sending moveTo, and deletes', async () => {
    const toasts = spyOnToasts();
    const calls = renderPage({ 'GET /Departments': list(TWO), [`DELETE /Departments/${ENG_ID}`]: ok(null, DEPARTMENT_MSG.deleted) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Engineering' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Department' });
    expect(dialog).toHaveTextContent('Engineering has 17 people. Move them to another department and delete Engineering?');
    const go = within(dialog).getByRole('button', { name: 'Move and delete' });
    expect(go).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Move them to' }));
    // The department being deleted is not offered.
    expect(screen.queryByRole('option', { name: 'Engineering' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Sales' }));
    expect(go).toBeEnabled();
    await user.click(go);
    await waitFor(() => expect(toasts.messages()).toEqual([DEPARTMENT_MSG.deleted]));
    const deletes = calls.filter((c) => c.method === 'DELETE');
    expect(deletes.map((c) => [c.path, new URLSearchParams(c.search).get('moveTo')])).toEqual([[`/Departments/${ENG_ID}`, SALES_ID]]);
    toasts.restore();
  });

  it('shows the server’s refusal in the dialog, e.g. a parent of other departments', async () => {
    const message = 'Engineering is the parent of 1 department. Move it to another parent before deleting Engineering.';
    renderPage({
      'GET /Departments': list([makeDepartment({ totalEmployees: 0 }), TWO[1] as Department]),
      [`DELETE /Departments/${ENG_ID}`]: jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Engineering' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Department' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });

  it('opens “Employees in {department}” from the assigned-users count', async () => {
    const detail: DepartmentDetail = {
      id: ENG_ID,
      name: 'Engineering',
      totalEmployees: 2,
      employees: [
        { id: 'u1', firstName: 'Rahul', lastName: 'Sharma', designation: 'Engineering Manager', email: 'rahul@x.in', regimeType: 0, status: 1, userStatus: 1 },
        { id: 'u2', firstName: 'Meera', lastName: 'Iyer', designation: null, email: 'meera@x.in', regimeType: 1, status: 0, userStatus: 2 },
      ],
    };
    const calls = renderPage({ 'GET /Departments': list(TWO), [`GET /Departments/${ENG_ID}`]: ok(detail) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assigned users of Engineering: 17' }));
    const dialog = await screen.findByRole('dialog', { name: 'Employees in Engineering' });
    const table = await within(dialog).findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Designation', 'Email', 'Regime Type', 'Status']);
    expect(within(table).getByText('Old Regime')).toBeInTheDocument();
    expect(within(table).getByText('New Regime')).toBeInTheDocument();
    expect(within(table).getByText('Inactive')).toBeInTheDocument();
    expect(new URLSearchParams(calls.find((c) => c.path === `/Departments/${ENG_ID}`)?.search).get('pageSize')).toBe('10');
  });
});
