import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Menu, Modal, NativeSelect, Pagination, SegmentedControl, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowBackUp, IconCalculator, IconCalendarPlus, IconDots, IconFileText, IconHandStop, IconPencil, IconPlayerPlay, IconReceipt, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import {
  PAYROLL_EMPLOYEE_FILTERS,
  PAYROLL_EMPLOYEE_PAGE_SIZE,
  PAYROLL_HOLD_LABELS,
  PAYROLL_WARNING_LABELS,
  monthLabel,
  type PayrollEmployeeRow,
  type PayrollRun,
} from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { payrollDetailsPath } from '../../app/paths';
import { toast } from '../../app/toast';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { AdjustmentsModal } from './AdjustmentsModal';
import { HoldModal } from './HoldModal';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { changeColor, daysText } from './payroll-format';
import { inr, inrChange } from '../../ui/format';
import { PAYROLL_KEY, bringInExcludedPay, releaseHold, reprocessEmployee, undoBringInExcludedPay, useRunEmployees, type EmployeeFilter } from './payroll.api';
import { RemarkModal } from './RemarkModal';
import { STICKY_ACTIONS } from '../../ui/sticky-actions';

const FILTER_LABELS: Record<EmployeeFilter, string> = { all: 'All', warnings: 'Warnings', onHold: 'On hold', variance: 'Variance', stale: 'Changed' };
/** Search waits until typing pauses (payroll spec §9 uses 300 ms for its searches). */
const SEARCH_DEBOUNCE_MS = 300;

export const EMPLOYEE_COLUMNS = [
  'Employee',
  'Payable days',
  'LOP days',
  'Gross',
  'Deductions',
  'Net pay',
  'Last month',
  'Variance',
  'Reason for variance',
  'Actions',
] as const;

type Dialog = { kind: 'hold' | 'adjustments' | 'remark' | 'bringIn'; row: PayrollEmployeeRow } | null;

function EmployeeCell({ row }: { row: PayrollEmployeeRow }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {row.name}
      </Text>
      <Text size="xs" c="dimmed">
        {[row.employeeNumber, row.designation, row.department].filter(Boolean).join(' · ') || '—'}
      </Text>
      {row.staleReasons.length > 0 && (
        // What changed since processing, in words, where the eye already is (it is also readable on a phone: the cell wraps).
        <Stack gap={0} aria-label={`What changed for ${row.name}`}>
          <Text size="xs" fw={600} c="orange.8">
            Changed since processing:
          </Text>
          <Stack component="ul" gap={0} m={0} pl="md">
            {row.staleReasons.map((reason, i) => (
              <Text component="li" key={`${String(i)} ${reason}`} size="xs" c="orange.9">
                {reason}
              </Text>
            ))}
          </Stack>
        </Stack>
      )}
      {/* A closed month shows why an excluded employee has no figures: the hold's reason, under the name. */}
      {row.hold?.kind === 'processing' && row.payslipId === null && row.hold.reason && (
        <Text size="xs" c="red.8" style={{ whiteSpace: 'normal' }}>
          {row.hold.reason}
        </Text>
      )}
      {(row.hold || row.warnings.length > 0 || row.adjustmentCount > 0) && (
        <Group gap={4}>
          {row.hold && (
            <Tooltip label={row.hold.reason ?? 'No reason given'} withArrow>
              <Badge size="xs" variant="filled" color={row.hold.releasedAt ? 'teal' : row.hold.kind === 'payout' ? 'orange' : 'red'}>
                {row.hold.releasedAt ? 'Payout released' : PAYROLL_HOLD_LABELS[row.hold.kind]}
              </Badge>
            </Tooltip>
          )}
          {row.broughtInto && (
            <Badge size="xs" variant="light" color="teal">
              Brought into {monthLabel(row.broughtInto.month)}
            </Badge>
          )}
          {row.warnings.map((w) => (
            <Badge key={w} size="xs" variant="light" color="yellow">
              {PAYROLL_WARNING_LABELS[w]}
            </Badge>
          ))}
          {row.adjustmentCount > 0 && (
            <Badge size="xs" variant="light" color="indigo">
              {row.adjustmentCount === 1 ? '1 one-time item' : `${String(row.adjustmentCount)} one-time items`}
            </Badge>
          )}
        </Group>
      )}
    </Stack>
  );
}

interface RunEmployeesTableProps {
  run: PayrollRun;
  /** Holds, one-time items, remarks and re-processing are offered. */
  editable: boolean;
  filter: EmployeeFilter;
  onFilterChange: (filter: EmployeeFilter) => void;
}

/** Every employee of the run: days, pay, last month's net pay and the variance with its reason. */
export function RunEmployeesTable({ run, editable, filter, onFilterChange }: RunEmployeesTableProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const employees = useRunEmployees(run, { page, search: debounced, filter });

  // A new search or filter starts again at the first page.
  const [lastQuery, setLastQuery] = useState({ debounced, filter });
  if (lastQuery.debounced !== debounced || lastQuery.filter !== filter) {
    setLastQuery({ debounced, filter });
    setPage(1);
  }

  const refresh = () => queryClient.invalidateQueries({ queryKey: [PAYROLL_KEY] });
  const closeAndRefresh = () => {
    setDialog(null);
    void refresh();
  };

  const release = async (row: PayrollEmployeeRow) => {
    setBusy(row.userId);
    try {
      await releaseHold(run.id, row.userId);
      toast.success(editable ? `${row.name}: hold released` : `${row.name}: payout released — pay it from the released-payouts bank file`);
      void refresh();
    } catch (error) {
      toastApiError(error, 'Failed to release the hold');
    } finally {
      setBusy(null);
    }
  };

  const bringIn = async (row: PayrollEmployeeRow) => {
    setBusy(row.userId);
    try {
      const { message } = await bringInExcludedPay(run.id, row.userId);
      toast.success(`${row.name}: ${message}`);
      setDialog(null);
      void refresh();
    } catch (error) {
      toastApiError(error, 'Failed to bring the pay into the open month');
    } finally {
      setBusy(null);
    }
  };

  const undoBringIn = async (row: PayrollEmployeeRow) => {
    setBusy(row.userId);
    try {
      await undoBringInExcludedPay(run.id, row.userId);
      toast.success(`${row.name}: pay for ${monthLabel(run.month)} taken out of ${row.broughtInto ? monthLabel(row.broughtInto.month) : 'the open month'} — left out again`);
      void refresh();
    } catch (error) {
      toastApiError(error, 'Failed to undo bringing the pay in');
    } finally {
      setBusy(null);
    }
  };

  const reprocess = async (row: PayrollEmployeeRow) => {
    setBusy(row.userId);
    try {
      await reprocessEmployee(run.id, row.userId);
      toast.success(`${row.name} re-processed`);
      void refresh();
    } catch (error) {
      toastApiError(error, 'Failed to re-process the employee');
    } finally {
      setBusy(null);
    }
  };

  // 'Changed' is offered while some employee is (or while it is chosen): most months have none.
  const filterOptions = PAYROLL_EMPLOYEE_FILTERS.filter((f) => f !== 'stale' || run.staleCount > 0 || filter === 'stale').map((f) => ({
    value: f,
    label: f === 'stale' ? `${FILTER_LABELS[f]} (${String(run.staleCount)})` : FILTER_LABELS[f],
  }));
  const totalRecords = employees.data?.totalRecords ?? 0;
  const pages = Math.max(1, Math.ceil(totalRecords / PAYROLL_EMPLOYEE_PAGE_SIZE));
  const filtered = debounced !== '' || filter !== 'all';

  return (
    <Card component="section" aria-label="Employees" padding={0}>
      <Group justify="space-between" p="md" gap="sm">
        {/* On a phone five segments do not fit: the same choice as a select there. */}
        <SegmentedControl
          visibleFrom="sm"
          aria-label="Filter employees"
          value={filter}
          onChange={(value) => onFilterChange(value as EmployeeFilter)}
          data={filterOptions}
        />
        <NativeSelect
          hiddenFrom="sm"
          w="100%"
          aria-label="Filter employees"
          value={filter}
          onChange={(e) => onFilterChange(e.currentTarget.value as EmployeeFilter)}
          data={filterOptions}
        />
        <TextInput
          aria-label="Search employees"
          placeholder="Search by name or employee number"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
      </Group>
      {employees.isPending ? (
        <PageLoader label="Loading employees" />
      ) : employees.isError ? (
        <Stack p="md">
          <ErrorState message={errorMessage(employees.error, 'Failed to load the employees.')} onRetry={() => void employees.refetch()} />
        </Stack>
      ) : employees.data.rows.length === 0 ? (
        <Stack p="xl">
          <EmptyState message={filtered ? 'No employees match this search or filter.' : 'No employees in this payroll month.'} />
        </Stack>
      ) : (
        <>
          <Table.ScrollContainer minWidth={1060} type="native">
            <Table aria-label="Payroll employees" verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover style={{ whiteSpace: 'nowrap' }}>
              <Table.Thead>
                <Table.Tr>
                  {EMPLOYEE_COLUMNS.map((c) =>
                    c === 'Actions' ? (
                      <Table.Th key={c} style={STICKY_ACTIONS}>
                        {c}
                      </Table.Th>
                    ) : (
                      <Table.Th key={c} ta={c === 'Employee' || c === 'Reason for variance' ? undefined : 'right'} style={{ whiteSpace: 'normal' }}>
                        {c}
                      </Table.Th>
                    ),
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {employees.data.rows.map((row) => (
                  <Table.Tr key={row.userId}>
                    <Table.Td miw={220} style={{ whiteSpace: 'normal' }}>
                      <EmployeeCell row={row} />
                    </Table.Td>
                    <Table.Td ta="right">{daysText(row.payableDays)}</Table.Td>
                    <Table.Td ta="right" c={row.lopDays ? 'red.8' : undefined}>
                      {daysText(row.lopDays)}
                    </Table.Td>
                    <Table.Td ta="right">{inr(row.grossEarnings)}</Table.Td>
                    <Table.Td ta="right">{inr(row.totalDeductions)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {inr(row.netPay)}
                    </Table.Td>
                    <Table.Td ta="right" c="dimmed">
                      {inr(row.lastMonthNetPay)}
                    </Table.Td>
                    <Table.Td ta="right">
                      {/* Against no payslip last month (a joiner, the first month) there is nothing to compare. */}
                      {row.lastMonthNetPay === null ? (
                        <Text span size="sm" c="dimmed" title="No payslip last month to compare with">
                          —
                        </Text>
                      ) : (
                        <Text span size="sm" c={changeColor(row.netPayVariance)}>
                          {inrChange(row.netPayVariance)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td w={200} style={{ whiteSpace: 'normal' }}>
                      <Group gap={4} wrap="nowrap" align="flex-start">
                        <Text size="sm" lineClamp={2} c={row.remark ? undefined : 'dimmed'} title={row.remark ?? undefined} style={{ flex: 1 }}>
                          {row.remark ?? '—'}
                        </Text>
                        {editable && (
                          <ActionIcon variant="subtle" size="sm" aria-label={`Edit reason for ${row.name}`} onClick={() => setDialog({ kind: 'remark', row })}>
                            <IconPencil size={14} />
                          </ActionIcon>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td style={STICKY_ACTIONS}>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={`Actions for ${row.name}`} loading={busy === row.userId}>
                            <IconDots size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item leftSection={<IconReceipt size={16} />} onClick={() => setDialog({ kind: 'adjustments', row })}>
                            {editable ? 'One-time earnings and deductions' : 'View one-time items'}
                          </Menu.Item>
                          {!editable && (run.status === 'finalized' || run.status === 'paid') && row.hold?.kind === 'payout' && !row.hold.releasedAt && (
                            // A payout hold outlives finalize: releasing it pays the net pay from the released-payouts bank file.
                            <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => void release(row)}>
                              Release payout
                            </Menu.Item>
                          )}
                          {!editable && (run.status === 'finalized' || run.status === 'paid') && row.hold?.kind === 'processing' && !row.payslipId && !row.broughtInto && (
                            // Excluded from processing when the month closed: the pay comes as arrears of the open month.
                            <Menu.Item leftSection={<IconCalendarPlus size={16} />} onClick={() => setDialog({ kind: 'bringIn', row })}>
                              Pay in the open month
                            </Menu.Item>
                          )}
                          {!editable && row.broughtInto && !row.broughtInto.finalized && (
                            // The paying month is still open: its EXC_ lines can be taken out again.
                            <Menu.Item leftSection={<IconArrowBackUp size={16} />} onClick={() => void undoBringIn(row)}>
                              Undo pay in {monthLabel(row.broughtInto.month)}
                            </Menu.Item>
                          )}
                          {editable &&
                            (row.hold ? (
                              <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => void release(row)}>
                                Release hold
                              </Menu.Item>
                            ) : (
                              <Menu.Item leftSection={<IconHandStop size={16} />} onClick={() => setDialog({ kind: 'hold', row })}>
                                Put on hold
                              </Menu.Item>
                            ))}
                          {editable && (
                            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setDialog({ kind: 'remark', row })}>
                              Edit reason for variance
                            </Menu.Item>
                          )}
                          {editable && row.hold?.kind !== 'processing' && (
                            <Menu.Item leftSection={<IconCalculator size={16} />} onClick={() => void reprocess(row)}>
                              Re-process this employee
                            </Menu.Item>
                          )}
                          <Menu.Item
                            leftSection={<IconFileText size={16} />}
                            disabled={row.payslipId === null}
                            onClick={() => {
                              if (row.payslipId) void navigate(payrollDetailsPath(row.payslipId), { state: { from: location.pathname } });
                            }}
                          >
                            {row.payslipId === null ? 'View payslip (after processing)' : 'View payslip'}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" p="md">
            <Text size="sm" c="dimmed">
              Showing {(page - 1) * PAYROLL_EMPLOYEE_PAGE_SIZE + 1}–{Math.min(page * PAYROLL_EMPLOYEE_PAGE_SIZE, totalRecords)} of {totalRecords}
            </Text>
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Employee pages" />}
          </Group>
        </>
      )}

      {dialog?.kind === 'bringIn' && (
        <Modal opened onClose={() => setDialog(null)} title={`Pay ${monthLabel(run.month)} in the open month`} centered>
          <Stack gap="sm">
            <Text size="sm">
              {dialog.row.name} was excluded from processing in {monthLabel(run.month)}
              {dialog.row.hold?.reason ? ` (${dialog.row.hold.reason})` : ''} and has no payslip for it.
            </Text>
            <Text size="sm">
              Their pay for {monthLabel(run.month)} is added to the open payroll month as arrears: a line per component, computed from {monthLabel(run.month)}’s
              attendance and salary structure, with that month’s PF and ESI. Professional tax and TDS follow the month that pays it. {monthLabel(run.month)} itself does
              not change, and this can be done once.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setDialog(null)}>
                Cancel
              </Button>
              <Button loading={busy === dialog.row.userId} onClick={() => void bringIn(dialog.row)}>
                Bring into the open month
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
      {dialog?.kind === 'hold' && <HoldModal run={run} row={dialog.row} onClose={() => setDialog(null)} onSaved={closeAndRefresh} />}
      {dialog?.kind === 'remark' && <RemarkModal run={run} row={dialog.row} onClose={() => setDialog(null)} onSaved={closeAndRefresh} />}
      {dialog?.kind === 'adjustments' && (
        <AdjustmentsModal run={run} row={dialog.row} editable={editable} onClose={() => setDialog(null)} onChanged={() => void refresh()} />
      )}
    </Card>
  );
}
