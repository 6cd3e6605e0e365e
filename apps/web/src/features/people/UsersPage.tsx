import { useMemo, useState } from 'react';
import { ActionIcon, Avatar, Badge, Button, Group, Menu, Pagination, Select, Stack, Table, Tabs, Text, TextInput, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconChevronDown, IconChevronUp, IconDots, IconInfoCircle, IconSearch, IconSelector, IconUserPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PEOPLE_MSG, ROLE_NAMES, USER_STATUS_NAMES, type UserListItem, type UserListSortColumn, type UserStatusId } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { profilePath } from '../../app/paths';
import { toast } from '../../app/toast';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { displayDate, initials } from '../../ui/format';
import { PageLoader } from '../../ui/PageLoader';
import { EmployeeFormModal } from './employee-form/EmployeeFormModal';
import { ConfirmActionModal, RoleAssignModal, type ConfirmKind } from './UserActionModals';
import { UserFiltersMenu } from './UserFiltersMenu';
import { STICKY_ACTIONS } from '../../ui/sticky-actions';
import { deleteUser, resendVerification, sendVerification, setUserStatus, useDepartmentFilterOptions, useUserList, usersKey } from './users.api';
import {
  NO_FILTERS,
  NO_RESULTS,
  PAGE_SIZES,
  ROW_ACTION_LABELS,
  SEARCH_DEBOUNCE_MS,
  TABS,
  TRUNCATE,
  activeFilterCount,
  lastLoginText,
  rowActions,
  truncate,
  type RowAction,
  type UserFilters,
} from './user-list-rules';

/** The import page of the import engineer (the route is wired by the lead). */
export const IMPORT_USERS_PATH = '/users/import';

const STATUS_COLORS: Record<UserStatusId, string> = {
  1: 'teal',
  2: 'gray',
  3: 'yellow',
  4: 'indigo',
};

type FormState = {
  mode: 'invite' | 'edit' | 'restricted';
  userId: string | null;
} | null;
type ConfirmState = { kind: ConfirmKind; user: UserListItem } | null;

/** 13 px cells (headings stay 14 px): with the spec's truncation every column fits at 1,440 px. */
const CELL_FZ = 13;

function Cut({ text, max }: { text: string | null; max: number }) {
  if (!text) return <Text fz={CELL_FZ}>—</Text>;
  return (
    <Text fz={CELL_FZ} title={text.length > max ? text : undefined}>
      {truncate(text, max)}
    </Text>
  );
}

function SortableTh({ label, column, sort, onSort }: { label: string; column: UserListSortColumn; sort: { by: UserListSortColumn; order: 'asc' | 'desc' }; onSort: (c: UserListSortColumn) => void }) {
  const active = sort.by === column;
  const Icon = active ? (sort.order === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} aria-label={`Sort by ${label}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function LastLogin({ row }: { row: UserListItem }) {
  const special = lastLoginText(row);
  if (!special) return <Text fz={CELL_FZ}>{displayDate(row.lastLogin)}</Text>;
  if (!special.tip)
    return (
      <Text fz={CELL_FZ} c="dimmed">
        {special.text}
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <Text fz={CELL_FZ} c="dimmed">
        {special.text}
      </Text>
      <Tooltip label={special.tip}>
        <IconInfoCircle size={14} aria-label={special.tip} />
      </Tooltip>
    </Group>
  );
}

interface UsersPageProps {
  /** Import Users: the import engineer's page. */
  onImport?: () => void;
}

/** /users/my-people: the user management list (people spec §2.5). */
export function UsersPage({ onImport }: UsersPageProps = {}) {
  const actor = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState(0);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  const [designation] = useDebouncedValue(filters.designationOn ? filters.designation.trim() : '', SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<{
    by: UserListSortColumn;
    order: 'asc' | 'desc';
  }>({ by: 'name', order: 'asc' });
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [form, setForm] = useState<FormState>(null);
  const [roleFor, setRoleFor] = useState<UserListItem | null>(null);
  const [confirm, setConfirm] = useState<ConfirmState>(null);

  // The search (and each filter) starts again from page 1 (spec §9), in the same render so that no
  // request goes out with the old page.
  const resetKey = JSON.stringify([search, designation, filters.departmentOn, filters.departmentId, filters.roleId, tab, pageSize]);
  const [lastResetKey, setLastResetKey] = useState(resetKey);
  if (lastResetKey !== resetKey) {
    setLastResetKey(resetKey);
    setPageNo(1);
  }

  const current = TABS[tab] ?? TABS[0];
  const query = {
    pageNo,
    pageSize,
    userStatus: current.userStatus,
    search: search || undefined,
    sortBy: sort.by,
    orderBy: sort.order,
    departmentId: filters.departmentOn && filters.departmentId ? filters.departmentId : undefined,
    designation: designation || undefined,
    roleId: filters.roleId ?? undefined,
  };
  const list = useUserList(query);
  const departmentOptions = useDepartmentFilterOptions();
  const departments = useMemo(() => {
    if (departmentOptions.data) return departmentOptions.data.map((d) => ({ id: d.id, name: d.name }));
    // Without the departments list, the departments of the rows on screen.
    const seen = new Map<string, string>();
    for (const row of list.data?.data ?? []) if (row.departmentId && row.departmentName) seen.set(row.departmentId, row.departmentName);
    return [...seen].map(([id, name]) => ({ id, name }));
  }, [departmentOptions.data, list.data]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: usersKey(actor.tenantId) });
  const onSort = (column: UserListSortColumn) => {
    setSort((s) => (s.by === column ? { by: column, order: s.order === 'asc' ? 'desc' : 'asc' } : { by: column, order: 'asc' }));
  };

  const runStatus = async (user: UserListItem, status: 1 | 2) => {
    const [done, failed] = status === 2 ? [PEOPLE_MSG.deactivated, PEOPLE_MSG.deactivationFailed] : [PEOPLE_MSG.reactivated, PEOPLE_MSG.reactivationFailed];
    try {
      const code = await setUserStatus(user.id, status);
      if (code === 200) toast.success(done);
      else toast.error(failed);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status >= 400 && error.status < 500 ? failed : PEOPLE_MSG.unexpected);
    }
    setConfirm(null);
    refresh();
  };
  const runDelete = async (user: UserListItem) => {
    try {
      const code = await deleteUser(user.id);
      if (code === 200) toast.success(PEOPLE_MSG.userDeleted);
      else toast.error(PEOPLE_MSG.userDeleteError);
    } catch (error) {
      toast.error(errorMessage(error, PEOPLE_MSG.tryAgain));
    }
    setConfirm(null);
    refresh();
  };
  const runMail = async (user: UserListItem, kind: 'resend' | 'send') => {
    const [call, done, failed] =
      kind === 'resend' ? [resendVerification, PEOPLE_MSG.emailResent, PEOPLE_MSG.emailResendFailed] : [sendVerification, PEOPLE_MSG.verificationSent, PEOPLE_MSG.verificationSendFailed];
    try {
      if ((await call(user.id)) === 200) toast.success(done);
      else toast.error(failed);
    } catch {
      toast.error(failed);
    }
    refresh();
  };

  const act = (action: RowAction, user: UserListItem) => {
    switch (action) {
      case 'edit':
        return setForm({ mode: 'edit', userId: user.id });
      case 'viewProfile':
        return void navigate(profilePath(user.id));
      case 'setRole':
        return setRoleFor(user);
      case 'deactivate':
        return setConfirm({ kind: 'deactivate', user });
      case 'reactivate':
        return setConfirm({ kind: 'reactivate', user });
      case 'delete':
        return setConfirm({ kind: 'delete', user });
      case 'resendVerification':
        return void runMail(user, 'resend');
      case 'sendVerification':
        return void runMail(user, 'send');
    }
  };

  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.totalRecords / pageSize)) : 1;
  const narrowed = search !== '' || activeFilterCount(filters) > 0;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>My People</Title>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button leftSection={<IconUserPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
              Add Users
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setForm({ mode: 'invite', userId: null })}>Invite User</Menu.Item>
            <Menu.Item onClick={() => setForm({ mode: 'restricted', userId: null })}>Add Restricted User</Menu.Item>
            <Menu.Item onClick={() => (onImport ? onImport() : void navigate(IMPORT_USERS_PATH))}>Import Users</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>

      <Tabs value={String(tab)} onChange={(v) => setTab(Number(v ?? 0))}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab
              key={t.index}
              value={String(t.index)}
              rightSection={
                <Badge size="sm" variant="light" circle={false}>
                  {data ? data[t.countKey] : '…'}
                </Badge>
              }
            >
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Group justify="space-between">
        <TextInput placeholder="Search users" aria-label="Search users" leftSection={<IconSearch size={16} />} value={searchText} onChange={(e) => setSearchText(e.currentTarget.value)} w={320} />
        <UserFiltersMenu filters={filters} onChange={setFilters} departments={departments} />
      </Group>

      {list.isPending && <PageLoader label="Loading users" />}
      {list.isError && <ErrorState message={errorMessage(list.error, PEOPLE_MSG.fetchUsersFailed)} onRetry={() => void list.refetch()} />}
      {data && (
        <>
          <Table.ScrollContainer minWidth={1080}>
            {/*
              One line per cell: the spec's truncation keeps them short, and rows stay even. Headings may
              wrap ('Joining / Date'), cells are 13 px and padded 8 px, so every column fits at 1,440 px.
            */}
            <Table striped highlightOnHover fz={CELL_FZ} verticalSpacing="xs" horizontalSpacing={8} style={{ whiteSpace: 'nowrap' }} aria-label="Users" aria-busy={list.isFetching}>
              <Table.Thead style={{ whiteSpace: 'normal' }}>
                <Table.Tr>
                  <SortableTh label="User" column="name" sort={sort} onSort={onSort} />
                  <SortableTh label="Email" column="email" sort={sort} onSort={onSort} />
                  <SortableTh label="User Role" column="roleId" sort={sort} onSort={onSort} />
                  <Table.Th>Mobile No</Table.Th>
                  <SortableTh label="Designation" column="designation" sort={sort} onSort={onSort} />
                  <SortableTh label="Status" column="status" sort={sort} onSort={onSort} />
                  <SortableTh label="Joining Date" column="dateOfJoining" sort={sort} onSort={onSort} />
                  <SortableTh label="Last Login" column="lastLogin" sort={sort} onSort={onSort} />
                  <Table.Th style={STICKY_ACTIONS}>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((row) => {
                  const name = `${row.firstName} ${row.lastName}`;
                  const actions = rowActions({ id: actor.id, roleId: actor.roleId }, row);
                  const status = row.status as UserStatusId;
                  return (
                    <Table.Tr key={row.id}>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <Avatar src={row.imageUrl} radius="xl" size="sm" alt="">
                            {initials(row.firstName, row.lastName)}
                          </Avatar>
                          <div>
                            <Cut text={name} max={TRUNCATE.name} />
                            <Text size="xs" c="dimmed">
                              {row.employeeNumber ?? '—'}
                            </Text>
                          </div>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Cut text={row.email} max={TRUNCATE.email} />
                      </Table.Td>
                      <Table.Td>{ROLE_NAMES[row.roleId]}</Table.Td>
                      <Table.Td>
                        <Cut text={row.phoneNumber} max={TRUNCATE.phone} />
                      </Table.Td>
                      <Table.Td>
                        <Cut text={row.designation} max={TRUNCATE.designation} />
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light">
                          {USER_STATUS_NAMES[status] ?? 'Unknown'}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text fz={CELL_FZ}>{displayDate(row.dateOfJoining)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <LastLogin row={row} />
                      </Table.Td>
                      <Table.Td style={STICKY_ACTIONS}>
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon variant="subtle" aria-label={`Actions for ${name}`}>
                              <IconDots size={16} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {actions.map((a) => (
                              <Menu.Item key={a} color={a === 'delete' || a === 'deactivate' ? 'red' : undefined} onClick={() => act(a, row)}>
                                {ROW_ACTION_LABELS[a]}
                              </Menu.Item>
                            ))}
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.data.length === 0 && <EmptyState message={narrowed ? NO_RESULTS : current.empty} />}
          <Group justify="space-between">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Rows per page
              </Text>
              <Select
                aria-label="Rows per page"
                data={PAGE_SIZES.map(String)}
                value={String(pageSize)}
                onChange={(v) => setPageSize(Number(v ?? PAGE_SIZES[0]))}
                allowDeselect={false}
                w={80}
                comboboxProps={{ withinPortal: false }}
              />
              <Text size="sm" c="dimmed">
                {data.totalRecords.toString()} users
              </Text>
            </Group>
            {totalPages > 1 && <Pagination total={totalPages} value={pageNo} onChange={setPageNo} aria-label="Pages" />}
          </Group>
        </>
      )}

      {form && (
        <EmployeeFormModal
          mode={form.mode}
          userId={form.userId}
          opened
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            refresh();
          }}
        />
      )}
      {roleFor && <RoleAssignModal user={roleFor} actor={{ id: actor.id, roleId: actor.roleId }} onClose={() => setRoleFor(null)} onAssigned={refresh} />}
      {confirm && (
        <ConfirmActionModal
          kind={confirm.kind}
          name={`${confirm.user.firstName} ${confirm.user.lastName}`}
          onClose={() => setConfirm(null)}
          onConfirm={() => (confirm.kind === 'delete' ? runDelete(confirm.user) : runStatus(confirm.user, confirm.kind === 'deactivate' ? 2 : 1))}
        />
      )}
    </Stack>
  );
}
