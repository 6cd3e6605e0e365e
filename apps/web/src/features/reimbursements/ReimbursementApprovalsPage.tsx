import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Pagination, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { REIMBURSEMENT_MSG as MSG, ReimbursementStatus, RequestReporteeScope, type ReimbursementRequest } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { FormAlert } from '../../ui/FormAlert';
import { ListCard } from '../../ui/ListCard';
import { rupeesText } from '../../ui/format';
import { usePageTitleOrder } from '../payroll-setup/page-title-order';
import { REIMBURSEMENTS_KEY, decideReimbursementRequest, downloadReceipt, downloadReimbursementReport, useAllReimbursementRequests } from './reimbursements.api';
import { STATUS_FILTERS, reimbursementStatusBadge, requestDate } from './request-format';
import { toastApiError } from '../../ui/kit/api-error-toast';

export const ALL_REQUEST_COLUMNS = ['Employee', 'Date', 'Amount', 'Type', 'Reason', 'Status', 'Actions'] as const;
const PAGE_SIZE = 10;
const REPORTING = [
  { value: String(RequestReporteeScope.All), label: 'All employees' },
  { value: String(RequestReporteeScope.Direct), label: 'Direct reportees' },
  { value: String(RequestReporteeScope.Indirect), label: 'All reportees' },
];

/** Approve / Reject with remarks (payroll spec §4); remarks are needed to reject. */
function DecisionModal({ request, status, onClose, onDone }: { request: ReimbursementRequest; status: 2 | 3; onClose: () => void; onDone: () => void }) {
  const [remarks, setRemarks] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const approve = status === ReimbursementStatus.Approved;
  const confirm = async () => {
    if (!approve && remarks.trim() === '') {
      setError(MSG.remarksRequired);
      return;
    }
    setBusy(true);
    try {
      await decideReimbursementRequest(request.id, { status, remarks: remarks.trim() || null });
      toast.success(MSG.statusUpdated);
      onDone();
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorMessage(e, MSG.statusFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={approve ? 'Approve Reimbursement' : 'Reject Reimbursement'} centered>
      <Stack>
        <Text size="sm">
          {request.employeeName}: {request.reimbursementTypeName} {rupeesText(request.amount)} — {request.reason}
        </Text>
        <FormAlert message={error} />
        <Textarea label="Remarks" withAsterisk={!approve} maxLength={255} autosize minRows={2} value={remarks} onChange={(e) => setRemarks(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color={approve ? 'green' : 'red'} loading={busy} onClick={() => void confirm()}>
            {approve ? 'Approve' : 'Reject'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * /payroll/requests (the admin 'Requests' tab): every employee's reimbursement claims with page, status and
 * reporting filters (payroll spec §7), Approve / Reject with remarks, the receipt and the XLSX report.
 */
export function ReimbursementApprovalsPage() {
  const user = useCurrentUser();
  const order = usePageTitleOrder();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('0');
  const [reporting, setReporting] = useState(String(RequestReporteeScope.All));
  const filters = { page, pageSize: PAGE_SIZE, status: status === '0' ? null : Number(status), reportingFilterType: Number(reporting) };
  const list = useAllReimbursementRequests(filters);
  const [deciding, setDeciding] = useState<{ request: ReimbursementRequest; status: 2 | 3 } | null>(null);
  const rows = list.data?.rows ?? [];
  const total = list.data?.totalRecords ?? 0;

  const report = async () => {
    try {
      await downloadReimbursementReport(filters, 'Reimbursements.xlsx');
    } catch (e) {
      toastApiError(e, MSG.somethingWrong);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={order}>Reimbursement Requests</Title>
        <Group align="flex-end">
          <Select
            label="Status"
            data={STATUS_FILTERS.map((f) => ({ ...f }))}
            value={status}
            onChange={(v) => {
              setStatus(v ?? '0');
              setPage(1);
            }}
            allowDeselect={false}
            w={150}
          />
          <Select
            label="Employees"
            data={REPORTING}
            value={reporting}
            onChange={(v) => {
              setReporting(v ?? String(RequestReporteeScope.All));
              setPage(1);
            }}
            allowDeselect={false}
            w={170}
          />
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void report()}>
            Download Report
          </Button>
        </Group>
      </Group>
      <ListCard
        loading={list.isPending}
        error={list.isError && !(list.error instanceof ApiError && list.error.handled) ? MSG.fetchRequestsFailed : null}
        onRetry={() => void list.refetch()}
        empty={rows.length === 0}
        loadingLabel="Loading reimbursement requests"
        emptyMessage={MSG.noRequests}
      >
        <Table.ScrollContainer minWidth={900} type="native">
          <Table aria-label="Reimbursement requests" verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                {ALL_REQUEST_COLUMNS.map((c) => (
                  <Table.Th key={c}>{c}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const badge = reimbursementStatusBadge(r.status);
                const own = r.employeeId === user.id;
                return (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {r.employeeName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {r.employeeNumber ?? ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>{requestDate(r.dateCreated)}</Table.Td>
                    <Table.Td>{rupeesText(r.amount)}</Table.Td>
                    <Table.Td>{r.reimbursementTypeName}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.reason}</Text>
                      {r.hasReceipt && (
                        <Anchor component="button" size="xs" onClick={() => void downloadReceipt(r.id).catch(() => toast.error(MSG.somethingWrong))}>
                          Receipt
                        </Anchor>
                      )}
                      {r.remarks && (
                        <Text size="xs" c="dimmed">
                          Remarks: {r.remarks}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td miw={120}>
                      <Badge color={badge.color} variant="light">
                        {badge.label}
                      </Badge>
                      {r.paidInMonth && (
                        <Text size="xs" c="dimmed">
                          Paid with {r.paidInMonth} salary
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {r.status === ReimbursementStatus.Pending && !own ? (
                        <Group gap={6} wrap="nowrap">
                          <Button size="xs" color="green" variant="light" aria-label={`Approve ${r.employeeName}'s ${r.reimbursementTypeName} claim`} onClick={() => setDeciding({ request: r, status: 2 })}>
                            Approve
                          </Button>
                          <Button size="xs" color="red" variant="light" aria-label={`Reject ${r.employeeName}'s ${r.reimbursementTypeName} claim`} onClick={() => setDeciding({ request: r, status: 3 })}>
                            Reject
                          </Button>
                        </Group>
                      ) : (
                        <Text size="xs" c="dimmed">
                          {r.decidedByName ? `By ${r.decidedByName}` : own ? 'Your own claim' : '—'}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListCard>
      {total > PAGE_SIZE && <Pagination value={page} onChange={setPage} total={Math.ceil(total / PAGE_SIZE)} aria-label="Pages" />}
      {deciding && (
        <DecisionModal
          key={deciding.request.id}
          request={deciding.request}
          status={deciding.status}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            void queryClient.invalidateQueries({ queryKey: [REIMBURSEMENTS_KEY] });
          }}
        />
      )}
    </Stack>
  );
}
