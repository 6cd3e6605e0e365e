import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PEOPLE_MSG, Role, type SessionUser, type UserList, type UserListItem } from '@tankha/contracts';
import { CurrentUserContext } from '../../app/current-user';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderRoutes, spyOnToasts, type RecordedCall } from '../../test/helpers';
import { UsersPage } from './UsersPage';

vi.mock('./employee-form/EmployeeFormModal', () => ({
  EmployeeFormModal: (props: { mode: string; userId?: string | null; opened: boolean }) => (props.opened ? <div data-testid="employee-form">{`${props.mode}:${props.userId ?? 'new'}`}</div> : null),
}));

const ME = makeUser({ id: 'u-admin', roleId: Role.Administrator });

function row(overrides: Partial<UserListItem> = {}): UserListItem {
  return {
    id: 'u-1',
    employeeNumber: 'EMP-001',
    firstName: 'Ravi',
    lastName: 'Kumar',
    email: 'ravi@example.in',
    roleId: 3,
    phoneNumber: '+91 9876543210',
    designation: 'Engineer',
    status: 1,
    dateOfJoining: '2024-06-03',
    lastLogin: '2025-01-05T10:00:00.000Z',
    canLogin: true,
    departmentId: 'd-1',
    departmentName: 'Engineering',
    imageUrl: null,
    ...overrides,
  };
}

function page(rows: UserListItem[], counts: Partial<UserList> = {}): UserList {
  return {
    data: rows,
    records: rows.length,
    totalRecords: rows.length,
    activeUsersCount: 12,
    pendingUsersCount: 3,
    inactiveUsersCount: 1,
    restrictedUsersCount: 0,
    ...counts,
  };
}

const listCalls = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/Users').map((c) => new URLSearchParams(c.search));

function renderPage(replies: Parameters<typeof mockFetch>[0], user: SessionUser = ME) {
  setSessionUser(user);
  const calls = mockFetch({ 'GET /Departments': ok([]), ...replies });
  const view = renderRoutes(
    [
      {
        path: '/users/my-people',
        element: (
          <CurrentUserContext value={user}>
            <UsersPage />
          </CurrentUserContext>
        ),
      },
      { path: '/profile', element: <p>Profile page</p> },
      { path: '/users/import', element: <p>Import page</p> },
    ],
    '/users/my-people',
  );
  return { calls, ...view };
}

async function openRowMenu(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return screen.getAllByRole('menuitem').map((m) => m.textContent);
}

describe('UsersPage', () => {
  it('shows the tabs with their counts and asks for the tab of the chosen status', async () => {
    const { calls } = renderPage({ 'GET /Users': ok(page([row()])) });
    const active = await screen.findByRole('tab', { name: /Active/ });
    await waitFor(() => expect(within(active).getByText('12')).toBeInTheDocument());
    expect(within(screen.getByRole('tab', { name: /Pending Verification/ })).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByRole('tab', { name: /Inactive/ })).getByText('1')).toBeInTheDocument();
    expect(listCalls(calls)[0]?.get('userStatus')).toBe('1');
    expect(listCalls(calls)[0]?.get('pageSize')).toBe('10');
    expect(listCalls(calls)[0]?.get('pageNo')).toBe('1');

    await userEvent.click(screen.getByRole('tab', { name: /Pending Verification/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('userStatus')).toBe('3'));
    await userEvent.click(screen.getByRole('tab', { name: /Inactive/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('userStatus')).toBe('2'));
  });

  it('debounces the search by 200 ms and starts again from page 1', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => row({ id: `u-${i.toString()}`, firstName: `Person${i.toString()}` }));
    const { calls } = renderPage({
      'GET /Users': ok(page(rows, { totalRecords: 25 })),
    });
    await screen.findByText('Person0 Kumar');
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('pageNo')).toBe('2'));
    const before = listCalls(calls).length;

    await userEvent.type(screen.getByRole('textbox', { name: 'Search users' }), 'ravi');
    // Typed quickly: no request per keystroke.
    expect(listCalls(calls).length).toBe(before);
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('search')).toBe('ravi'));
    const searched = listCalls(calls).slice(before);
    expect(searched.map((q) => q.get('search'))).toEqual(['ravi']);
    expect(searched[0]?.get('pageNo')).toBe('1');
  });

  it('counts the active filters in the badge and sends them', async () => {
    const { calls } = renderPage({
      'GET /Users': ok(page([row()])),
      'GET /Departments': ok([{ id: 'd-1', name: 'Engineering', parentDepartmentId: null }]),
    });
    await screen.findByText('Ravi Kumar');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.queryByLabelText(/active filters/)?.textContent ?? '').not.toMatch(/[1-9]/);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Designation' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Designation filter' }), 'eng');
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(screen.getByRole('option', { name: 'Moderator' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('designation')).toBe('eng'));
    expect(listCalls(calls).at(-1)?.get('roleId')).toBe('2');
    expect(screen.getByText('2')).toBeInTheDocument();
  });

  it('truncates long texts, keeping the full text in a title', async () => {
    renderPage({
      'GET /Users': ok(
        page([
          row({
            firstName: 'Venkatanarasimha',
            lastName: 'Raghavan',
            email: 'venkatanarasimha.raghavan@example.in',
            phoneNumber: '+91 98765 432100',
            designation: 'Principal Software Engineer',
          }),
        ]),
      ),
    });
    const name = await screen.findByText('Venkatanarasimha Rag…');
    expect(name).toHaveAttribute('title', 'Venkatanarasimha Raghavan');
    expect(screen.getByText('venkatanarasimha.rag…')).toHaveAttribute('title', 'venkatanarasimha.raghavan@example.in');
    expect(screen.getByText('+91 98765 432…')).toBeInTheDocument();
    expect(screen.getByText('Principal Software E…')).toBeInTheDocument();
  });

  it("shows 'Cannot login' and 'No login' with its tip", async () => {
    renderPage({
      'GET /Users': ok(
        page([
          row({
            id: 'a',
            firstName: 'Restricted',
            status: 4,
            canLogin: false,
            lastLogin: null,
          }),
          row({ id: 'b', firstName: 'Fresh', lastLogin: null }),
          row({ id: 'c', firstName: 'Seen' }),
        ]),
      ),
    });
    expect(await screen.findByText(PEOPLE_MSG.cannotLogin)).toBeInTheDocument();
    expect(screen.getByText(PEOPLE_MSG.noLogin)).toBeInTheDocument();
    expect(screen.getByLabelText(PEOPLE_MSG.noLoginTip)).toBeInTheDocument();
    expect(screen.getByText('05 Jan 2025')).toBeInTheDocument();
    expect(screen.getByText('Restricted Login')).toBeInTheDocument();
  });

  it.each([
    [1, ['Edit', 'View Profile', 'Set Role', 'De-Activate', 'Delete']],
    [3, ['Edit', 'View Profile', 'Resend Verification Email', 'Delete']],
    [2, ['Edit', 'View Profile', 'Re-Activate', 'Delete']],
    [4, ['Edit', 'View Profile', 'Send Verification Email', 'Delete']],
  ])('offers the row menu of status %i', async (status, items) => {
    renderPage({ 'GET /Users': ok(page([row({ status })])) });
    expect(await openRowMenu('Ravi Kumar')).toEqual(items);
  });

  it('shows a moderator only View Profile on an administrator', async () => {
    renderPage({ 'GET /Users': ok(page([row({ roleId: 1 })])) }, makeUser({ id: 'u-mod', roleId: Role.Moderator }));
    expect(await openRowMenu('Ravi Kumar')).toEqual(['View Profile']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'View Profile' }));
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
  });

  it("disables the role select on one's own row", async () => {
    renderPage({
      'GET /Users': ok(page([row({ id: ME.id, firstName: 'Asha', lastName: 'Rao', roleId: 1 })])),
    });
    await openRowMenu('Asha Rao');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Set Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Role' });
    expect(within(dialog).getByText(PEOPLE_MSG.ownRole)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeDisabled();
  });

  it('assigns a role, and reports a failed assignment', async () => {
    const toasts = spyOnToasts();
    let attempt = 0;
    const { calls } = renderPage({
      'GET /Users': ok(page([row()])),
      'POST /Users/roles/u-1/2': () =>
        ++attempt === 1
          ? jsonResponse(400, {
              statusCode: 400,
              errorCode: 'VALIDATION_ERROR',
              message: PEOPLE_MSG.roleAlreadyAssigned,
            })
          : ok({ statusCode: 200 }),
    });
    await openRowMenu('Ravi Kumar');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Set Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Role' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await userEvent.click(within(dialog).getByRole('option', { name: 'Moderator' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText(PEOPLE_MSG.roleAlreadyAssigned)).toBeInTheDocument();
    expect(toasts.messages()).toEqual([PEOPLE_MSG.roleAssignError]);

    const before = listCalls(calls).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign Role' })).not.toBeInTheDocument());
    expect(toasts.messages()).toEqual([PEOPLE_MSG.roleAssignError, PEOPLE_MSG.roleAssigned]);
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    toasts.restore();
  });

  it.each([
    ['De-Activate', 'PUT /Users/u-1/status', 1, PEOPLE_MSG.deactivated],
    ['Re-Activate', 'PUT /Users/u-1/status', 2, PEOPLE_MSG.reactivated],
    ['Delete', 'DELETE /Users/u-1', 1, PEOPLE_MSG.userDeleted],
  ])('%s waits for the acknowledgement, then toasts', async (item, route, status, message) => {
    const toasts = spyOnToasts();
    const { calls } = renderPage({
      'GET /Users': ok(page([row({ status })])),
      [route]: route.startsWith('PUT') ? ok({ id: 'u-1', status: item === 'De-Activate' ? 2 : 1 }) : ok(null),
    });
    await openRowMenu('Ravi Kumar');
    await userEvent.click(screen.getByRole('menuitem', { name: item }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: item });
    expect(confirm).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: PEOPLE_MSG.acknowledge }));
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(toasts.messages()).toEqual([message]));
    const sent = calls.find((c) => `${c.method} ${c.path}` === route);
    if (route.startsWith('PUT'))
      expect(JSON.parse(String(sent?.init.body))).toEqual({
        status: item === 'De-Activate' ? 2 : 1,
      });
    toasts.restore();
  });

  it('reports a failed deactivation with the spec text', async () => {
    const toasts = spyOnToasts();
    renderPage({
      'GET /Users': ok(page([row()])),
      'PUT /Users/u-1/status': jsonResponse(400, {
        statusCode: 400,
        errorCode: 'VALIDATION_ERROR',
        message: 'Only an active user can be deactivated.',
      }),
    });
    await openRowMenu('Ravi Kumar');
    await userEvent.click(screen.getByRole('menuitem', { name: 'De-Activate' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: PEOPLE_MSG.acknowledge }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'De-Activate' }));
    await waitFor(() => expect(toasts.messages()).toEqual([PEOPLE_MSG.deactivationFailed]));
    toasts.restore();
  });

  it('resends and sends verification e-mails with the spec toasts', async () => {
    const toasts = spyOnToasts();
    renderPage({
      'GET /Users': ok(page([row({ id: 'p', firstName: 'Pending', status: 3 }), row({ id: 'r', firstName: 'Restricted', status: 4, canLogin: false })])),
      'POST /Account/resend-invite': ok(null),
      'POST /Users/r/send-verification': jsonResponse(400, {
        statusCode: 400,
        errorCode: 'VALIDATION_ERROR',
        message: PEOPLE_MSG.emailServicesDisabled,
      }),
    });
    await openRowMenu('Pending Kumar');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Resend Verification Email' }));
    await waitFor(() => expect(toasts.messages()).toEqual([PEOPLE_MSG.emailResent]));
    await openRowMenu('Restricted Kumar');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Send Verification Email' }));
    await waitFor(() => expect(toasts.messages()).toEqual([PEOPLE_MSG.emailResent, PEOPLE_MSG.verificationSendFailed]));
    toasts.restore();
  });

  it('sorts on the server when a header is clicked, toggling the order', async () => {
    const { calls } = renderPage({ 'GET /Users': ok(page([row()])) });
    await screen.findByText('Ravi Kumar');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Joining Date' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('sortBy')).toBe('dateOfJoining'));
    expect(listCalls(calls).at(-1)?.get('orderBy')).toBe('asc');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Joining Date' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('orderBy')).toBe('desc'));
    expect(screen.queryByRole('button', { name: /Sort by Mobile/ })).not.toBeInTheDocument();
  });

  it('shows the empty state of the tab and of a search with no results', async () => {
    renderPage({ 'GET /Users': ok(page([], { totalRecords: 0 })) });
    expect(await screen.findByText('No active users yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search users' }), 'zz');
    expect(await screen.findByText('No users match your search or filters.')).toBeInTheDocument();
  });

  it('opens the employee form for Invite User, Add Restricted User and Edit; Import Users navigates', async () => {
    const { router } = renderPage({ 'GET /Users': ok(page([row()])) });
    await screen.findByText('Ravi Kumar');
    await userEvent.click(screen.getByRole('button', { name: 'Add Users' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Invite User' }));
    expect(screen.getByTestId('employee-form')).toHaveTextContent('invite:new');
    await openRowMenu('Ravi Kumar');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(screen.getByTestId('employee-form')).toHaveTextContent('edit:u-1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Users' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Import Users' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/import'));
  });

  it('shows the failure of the list', async () => {
    renderPage({
      'GET /Users': jsonResponse(500, {
        statusCode: 500,
        errorCode: 'INTERNAL',
        message: 'Database unavailable',
      }),
    });
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });
});
