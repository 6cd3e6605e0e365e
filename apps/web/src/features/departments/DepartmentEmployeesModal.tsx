import { useState } from 'react';
import { Badge, Group, Modal, Pagination, Table, Text } from '@mantine/core';
import { DEPARTMENT_PAGE_SIZE, TaxRegime, USER_STATUS_NAMES, UserStatus, type UserStatusId } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { displayText } from '../../ui/format';
import { useDepartmentDetail } from './departments.api';

export const EMPLOYEE_COLUMNS = ['Name', 'Designation', 'Email', 'Regime Type', 'Status'] as const;

/** People spec §9: regime 0 Old Regime, 1 New Regime in the employee list. */
export const regimeLabel = (regimeType: number) => (regimeType === TaxRegime.Old ? 'Old Regime' : 'New Regime');

const STATUS_COLORS: Record<UserStatusId, string> = { 1: 'teal', 2: 'red', 3: 'yellow', 4: 'gray' };

function statusOf(userStatus: number): { label: string; color: string } {
  const known = Object.values(UserStatus) as number[];
  if (!known.includes(userStatus)) return { label: 'Unknown', color: 'gray' };
  const id = userStatus as UserStatusId;
  return { label: USER_STATUS_NAMES[id], color: STATUS_COLORS[id] };
}

interface DepartmentEmployeesModalProps {
  department: { id: string; name: string } | null;
  onClose: () => void;
}

/** 'Employees in {department}' (people spec §2.4): the department's users, 10 per page. */
export function DepartmentEmployeesModal({ department, onClose }: DepartmentEmployeesModalProps) {
  const [page, setPage] = useState(1);
  const detail = useDepartmentDetail(department?.id ?? null, page);
  const total = detail.data?.totalEmployees ?? 0;

  return (
    <Modal opened={department !== null} onClose={onClose} title={`Employees in ${department?.name ?? ''}`} centered size="xl">
      {detail.isPending ? (
        <PageLoader label="Loading employees" />
      ) : detail.isError ? (
        <ErrorState message={errorMessage(detail.error, 'Failed to load the employees of this department.')} onRetry={() => void detail.refetch()} />
      ) : detail.data.employees.length === 0 ? (
        <EmptyState message="No employees in this department" />
      ) : (
        <>
          <Table.ScrollContainer minWidth={640} type="native">
            <Table aria-label={`Employees in ${department?.name ?? ''}`} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  {EMPLOYEE_COLUMNS.map((c) => (
                    <Table.Th key={c}>{c}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.data.employees.map((e) => {
                  const status = statusOf(e.userStatus);
                  return (
                    <Table.Tr key={e.id}>
                      <Table.Td>{`${e.firstName} ${e.lastName}`}</Table.Td>
                      <Table.Td>{displayText(e.designation)}</Table.Td>
                      <Table.Td>{e.email}</Table.Td>
                      <Table.Td>{regimeLabel(e.regimeType)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={status.color}>
                          {status.label}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > DEPARTMENT_PAGE_SIZE && (
            <Group justify="space-between" mt="md">
              <Text size="sm" c="dimmed">
                {total} employees
              </Text>
              <Pagination total={Math.ceil(total / DEPARTMENT_PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
            </Group>
          )}
        </>
      )}
    </Modal>
  );
}
