import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { EXIT_REQUEST_MSG, EXIT_REQUEST_STATUS_LABELS, EXIT_REQUEST_STATUS_VALUES, exitRequestApproveSchema, exitRequestRejectSchema, type ExitRequest, type ExitRequestStatus } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { DateField } from '../../ui/DateField';
import { FormAlert } from '../../ui/FormAlert';
import { ListCard } from '../../ui/ListCard';
import { displayDate } from '../../ui/format';
import { ExitStatusBadge } from './ExitStatusBadge';
import { EXITS_KEY, approveExitRequest, rejectExitRequest, useTeamExitRequests } from './exits.api';
import { formFailure } from '../../ui/kit/form-failure';

function ApproveModal({ request, onClose, onDone }: { request: ExitRequest; onClose: () => void; onDone: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({ initialValues: { lastWorkingDay: request.requestedLastWorkingDay, remarks: '' }, validate: schemaResolver(exitRequestApproveSchema, { sync: true }) });
  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await approveExitRequest(request.id, { lastWorkingDay: v.lastWorkingDay, remarks: v.remarks.trim() || null });
      toast.success(EXIT_REQUEST_MSG.approved);
      onDone();
    } catch (error) {
      formFailure(error, { fields: ['lastWorkingDay', 'remarks'], setErrors: form.setErrors, show: setServerError, fallback: 'Failed to approve the exit request' });
    }
  });
  return (
    <Modal opened onClose={onClose} title={`Approve the resignation of ${request.employeeName}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError} />
          <Text size="sm">
            Resigned on {displayDate(request.resignationDate)} with {request.noticePeriodDays} days of notice (proposed last working day {displayDate(request.proposedLastWorkingDay)}).
          </Text>
          <DateField label="Last working day" required value={form.values.lastWorkingDay} onChange={(d) => form.setFieldValue('lastWorkingDay', d)} error={form.errors.lastWorkingDay} min={request.resignationDate} />
          <Textarea label="Remarks" autosize minRows={2} maxLength={500} {...form.getInputProps('remarks')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Approve
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RejectModal({ request, onClose, onDone }: { request: ExitRequest; onClose: () => void; onDone: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({ initialValues: { reason: '' }, validate: schemaResolver(exitRequestRejectSchema, { sync: true }) });
  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await rejectExitRequest(request.id, v.reason.trim());
      toast.success(EXIT_REQUEST_MSG.rejected);
      onDone();
    } catch (error) {
      formFailure(error, { fields: ['reason'], setErrors: form.setErrors, show: setServerError, fallback: 'Failed to reject the exit request' });
    }
  });
  return (
    <Modal opened onClose={onClose} title={`Reject the resignation of ${request.employeeName}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError} />
          <Textarea label="Reason for rejecting" required autosize minRows={2} maxLength={500} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={form.submitting}>
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /my-team/exit: the resignations of a manager's direct reports (administrators and moderators: everyone's), with approve and reject. */
export function TeamExitPage() {
  const [status, setStatus] = useState<ExitRequestStatus | null>(null);
  const requests = useTeamExitRequests(status);
  const queryClient = useQueryClient();
  const [approving, setApproving] = useState<ExitRequest | null>(null);
  const [rejecting, setRejecting] = useState<ExitRequest | null>(null);
  const list = requests.data ?? [];
  const done = () => {
    setApproving(null);
    setRejecting(null);
    void queryClient.invalidateQueries({ queryKey: [EXITS_KEY] });
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Team exits</Title>
        <Select
          aria-label="Status"
          placeholder="All statuses"
          clearable
          w={200}
          data={EXIT_REQUEST_STATUS_VALUES.map((s) => ({ value: s, label: EXIT_REQUEST_STATUS_LABELS[s] }))}
          value={status}
          onChange={(v) => setStatus(v as ExitRequestStatus | null)}
        />
      </Group>
      <ListCard
        loading={requests.isPending}
        error={requests.isError ? errorMessage(requests.error, 'Failed to load the exit requests.') : null}
        onRetry={() => void requests.refetch()}
        empty={list.length === 0}
        loadingLabel="Loading exit requests"
        emptyMessage={status ? `No ${EXIT_REQUEST_STATUS_LABELS[status].toLowerCase()} exit requests.` : 'No exit requests from your team.'}
      >
        <Table.ScrollContainer minWidth={1000} type="native">
          <Table aria-label="Team exit requests" verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Employee</Table.Th>
                <Table.Th>Resignation date</Table.Th>
                <Table.Th>Notice</Table.Th>
                <Table.Th>Requested last working day</Table.Th>
                <Table.Th>Last working day</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {r.employeeName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[r.employeeNumber, r.employmentType].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{displayDate(r.resignationDate)}</Table.Td>
                  <Table.Td>{r.noticePeriodDays} days</Table.Td>
                  <Table.Td>{displayDate(r.requestedLastWorkingDay)}</Table.Td>
                  <Table.Td>{r.lastWorkingDay ? displayDate(r.lastWorkingDay) : '—'}</Table.Td>
                  <Table.Td maw={260}>
                    <Text size="sm" lineClamp={2}>
                      {r.reason}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ minWidth: 110 }}>
                    <ExitStatusBadge status={r.status} />
                  </Table.Td>
                  <Table.Td>
                    {r.canDecide ? (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" onClick={() => setApproving(r)} aria-label={`Approve ${r.employeeName}`}>
                          Approve
                        </Button>
                        <Button size="xs" variant="light" color="red" onClick={() => setRejecting(r)} aria-label={`Reject ${r.employeeName}`}>
                          Reject
                        </Button>
                      </Group>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListCard>
      {approving ? <ApproveModal request={approving} onClose={() => setApproving(null)} onDone={done} /> : null}
      {rejecting ? <RejectModal request={rejecting} onClose={() => setRejecting(null)} onDone={done} /> : null}
    </Stack>
  );
}
