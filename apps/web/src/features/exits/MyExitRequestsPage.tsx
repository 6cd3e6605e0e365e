import { useState } from 'react';
import { Alert, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDoorExit } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { EXIT_REQUEST_MSG, exitRequestInputSchema, type ExitRequest } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { DateField } from '../../ui/DateField';
import { FormAlert } from '../../ui/FormAlert';
import { ResponsiveList, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useTouchSize } from '../../ui/kit/touch';
import { displayDate } from '../../ui/format';
import { zodFieldErrors } from '../../ui/zod-form';
import { ExitStatusBadge } from './ExitStatusBadge';
import { EXITS_KEY, submitResignation, useExitProposal, useMyExitRequests, withdrawResignation } from './exits.api';
import { formFailure } from '../../ui/kit/form-failure';

const SOURCE_TEXT = {
  settings: 'the notice period of your employment type',
  probation: 'the notice period while on probation',
  default: 'the standard notice period (no setting applies to your employment type)',
} as const;

/** The history's columns; on a phone the resignation date is the card's title. */
const HISTORY_COLUMNS: ListColumn<ExitRequest>[] = [
  { label: 'Resignation date', cell: (r) => displayDate(r.resignationDate), primary: true },
  { label: 'Requested last working day', cell: (r) => displayDate(r.requestedLastWorkingDay) },
  { label: 'Last working day', cell: (r) => (r.lastWorkingDay ? displayDate(r.lastWorkingDay) : '—') },
  { label: 'Status', cell: (r) => <ExitStatusBadge status={r.status} /> },
  { label: 'Remarks', cell: (r) => r.decisionRemarks ?? '—' },
];

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

/** The open resignation (pending or approved) or the last one, with its status and the withdraw action. */
function CurrentRequest({ request, onWithdraw }: { request: ExitRequest; onWithdraw: () => void }) {
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Current resignation" component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>Your resignation</Title>
          <ExitStatusBadge status={request.status} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Detail label="Resignation date" value={displayDate(request.resignationDate)} />
          <Detail label="Notice period" value={`${String(request.noticePeriodDays)} days`} />
          <Detail label="Requested last working day" value={displayDate(request.requestedLastWorkingDay)} />
          <Detail label="Last working day" value={request.lastWorkingDay ? displayDate(request.lastWorkingDay) : 'Awaiting approval'} />
          <Detail label="Reporting manager" value={request.reportingManagerName ?? '—'} />
          <Detail label="Decided by" value={request.decidedByName ?? '—'} />
        </SimpleGrid>
        <Text size="sm">
          <b>Reason:</b> {request.reason}
        </Text>
        {request.decisionRemarks ? (
          <Text size="sm">
            <b>{request.status === 'rejected' ? 'Reason for rejecting' : 'Remarks'}:</b> {request.decisionRemarks}
          </Text>
        ) : null}
        {request.status === 'approved' ? <Alert color="blue">Your resignation is approved. Your last working day is {displayDate(request.lastWorkingDay)}.</Alert> : null}
        {request.status === 'pending' ? (
          <Group justify="flex-end">
            <Button variant="default" color="red" onClick={onWithdraw}>
              Withdraw resignation
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function ResignModal({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const proposal = useExitProposal();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({ initialValues: { reason: '', lastWorkingDay: '' }, validate: (v) => zodFieldErrors(exitRequestInputSchema, { reason: v.reason, lastWorkingDay: v.lastWorkingDay || null }) });
  const p = proposal.data;
  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await submitResignation({ reason: v.reason.trim(), lastWorkingDay: v.lastWorkingDay || p?.proposedLastWorkingDay || null });
      toast.success(EXIT_REQUEST_MSG.submitted);
      onSaved();
    } catch (error) {
      formFailure(error, { fields: ['reason', 'lastWorkingDay'], setErrors: form.setErrors, show: setServerError, fallback: 'Failed to submit the resignation' });
    }
  });
  return (
    <Modal opened onClose={onClose} title="Resign" centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError ?? (proposal.isError ? errorMessage(proposal.error, 'Failed to load your notice period') : null)} />
          {p ? (
            <Alert color="gray" title={`Notice period: ${String(p.noticePeriodDays)} days`}>
              From {SOURCE_TEXT[p.noticePeriodSource]}
              {p.employmentType ? ` (${p.employmentType})` : ''}. Resigning today ({displayDate(p.resignationDate)}), your proposed last working day is {displayDate(p.proposedLastWorkingDay)}.
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              Loading your notice period…
            </Text>
          )}
          <Textarea label="Reason for leaving" required autosize minRows={3} maxLength={1000} {...form.getInputProps('reason')} />
          <DateField
            label="Last working day"
            description="Leave it as proposed, or ask for another date; your manager decides."
            value={form.values.lastWorkingDay || p?.proposedLastWorkingDay || ''}
            onChange={(d) => form.setFieldValue('lastWorkingDay', d)}
            error={form.errors.lastWorkingDay}
            min={p?.resignationDate}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={form.submitting} disabled={!p}>
              Submit resignation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /exit/my-requests: the employee's resignation, its status through to relieved, and earlier requests. */
export function MyExitRequestsPage() {
  const requests = useMyExitRequests();
  const queryClient = useQueryClient();
  const [resigning, setResigning] = useState(false);
  const [withdrawing, setWithdrawing] = useState<ExitRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const list = requests.data ?? [];
  const touch = useTouchSize();
  const open = list.find((r) => r.status === 'pending' || r.status === 'approved') ?? null;
  const current = open ?? (list[0]?.status === 'relieved' ? list[0] : null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [EXITS_KEY] });

  const withdraw = async () => {
    if (!withdrawing) return;
    setBusy(true);
    try {
      await withdrawResignation(withdrawing.id);
      toast.success(EXIT_REQUEST_MSG.withdrawn);
      setWithdrawing(null);
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to withdraw the resignation'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>My exit requests</Title>
        {!requests.isPending && !current ? (
          <Button size={touch.button} leftSection={<IconDoorExit size={16} />} color="red" variant="light" onClick={() => setResigning(true)}>
            Resign
          </Button>
        ) : null}
      </Group>
      {current ? <CurrentRequest request={current} onWithdraw={() => setWithdrawing(current)} /> : null}
      <Title order={3}>History</Title>
      <ResponsiveList
        label="My exit requests"
        columns={HISTORY_COLUMNS}
        rows={list}
        rowKey={(r) => r.id}
        loading={requests.isPending}
        error={requests.isError ? errorMessage(requests.error, 'Failed to load your exit requests.') : null}
        onRetry={() => void requests.refetch()}
        loadingLabel="Loading exit requests"
        emptyMessage="You have not resigned. If you decide to leave, use Resign to send your resignation to your manager."
        minWidth={700}
      />
      {resigning ? (
        <ResignModal
          onClose={() => setResigning(false)}
          onSaved={() => {
            setResigning(false);
            void refresh();
          }}
        />
      ) : null}
      <Modal opened={withdrawing !== null} onClose={() => setWithdrawing(null)} title="Withdraw resignation" centered>
        <Stack>
          <Text size="sm">Withdraw your resignation? Your manager is told, and you stay employed as before.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWithdrawing(null)} disabled={busy}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void withdraw()} loading={busy}>
              Withdraw
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
