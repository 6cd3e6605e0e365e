import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, List, Modal, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCheck, IconChevronDown, IconChevronRight, IconDownload, IconEdit, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { EXIT_REASON_LABELS, can, exitSettlementSettleSchema, type ExitSettlement, type ExitSettlementLine } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { PATHS } from '../../app/paths';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { DateField } from '../../ui/DateField';
import { DetailsCard } from '../../ui/DetailsCard';
import { ErrorState } from '../../ui/ErrorState';
import { FormAlert } from '../../ui/FormAlert';
import { PageLoader } from '../../ui/PageLoader';
import { displayDate, displayText, inr } from '../../ui/format';
import { usePageTitleOrder } from '../payroll-setup/page-title-order';
import { ExitFormModal } from './ExitFormModal';
import { SettlementStatusBadge } from './ExitsPage';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { PAYROLL_KEY } from './payroll.api';
import { approveExit, deleteExit, downloadSettlementStatement, recomputeExit, settleExit, useExitSettlement } from './settlement.api';
import { formFailure } from '../../ui/kit/form-failure';

/** One amount whose explanation opens beneath it, as on the payslip. */
function LineRow({ line, open, onToggle }: { line: ExitSettlementLine; open: boolean; onToggle: () => void }) {
  return (
    <>
      <Table.Tr>
        <Table.Td>
          <UnstyledButton onClick={onToggle} aria-expanded={open} aria-label={`${line.label}: ${open ? 'hide' : 'show'} how it was computed`}>
            <Group gap={6} wrap="nowrap">
              {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
              <Text size="sm">{line.label}</Text>
            </Group>
          </UnstyledButton>
        </Table.Td>
        <Table.Td ta="right">
          <Text size="sm">{inr(line.amount)}</Text>
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr>
          <Table.Td colSpan={2} bg="var(--mantine-color-gray-light)">
            <List size="xs" spacing={2} pl={20} aria-label={`How ${line.label} was computed`}>
              {line.explanation.map((text, i) => (
                <List.Item key={i}>{text}</List.Item>
              ))}
            </List>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

function LinesCard({ title, lines, totalLabel, total, openAll }: { title: string; lines: ExitSettlementLine[]; totalLabel: string; total: number; openAll: boolean }) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (code: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });
  return (
    <Card component="section" aria-label={title} padding="md">
      <Title order={4} size="h5" mb="xs">
        {title}
      </Title>
      <Table aria-label={title} verticalSpacing={6}>
        <Table.Tbody>
          {lines.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={2}>
                <Text size="sm" c="dimmed">
                  None
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            lines.map((line) => <LineRow key={line.code} line={line} open={openAll || open.has(line.code)} onToggle={() => toggle(line.code)} />)
          )}
          <Table.Tr>
            <Table.Td>
              <Text size="sm" fw={700}>
                {totalLabel}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" fw={700}>
                {inr(total)}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function SettleModal({ settlement, onClose, onSettled }: { settlement: ExitSettlement; onClose: () => void; onSettled: () => void }) {
  const today = useToday();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({ initialValues: { paidOn: today, reference: '' }, validate: schemaResolver(exitSettlementSettleSchema, { sync: true }) });
  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await settleExit(settlement.id, v);
      toast.success('Settlement marked as settled');
      onSettled();
    } catch (error) {
      formFailure(error, { fields: ['paidOn', 'reference'], setErrors: form.setErrors, show: setServerError, fallback: 'Failed to mark the settlement as settled' });
    }
  });
  return (
    <Modal opened onClose={onClose} title="Mark as Settled" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Net amount of {inr(settlement.netPay)} for {settlement.employeeName}.
          </Text>
          <FormAlert message={serverError} />
          <DateField label="Paid on" required max={today} value={form.values.paidOn} onChange={(d) => form.setFieldValue('paidOn', d)} error={form.errors.paidOn} />
          <TextInput label="Payment reference" required placeholder="e.g. UTR or cheque number" maxLength={100} {...form.getInputProps('reference')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Mark as Settled
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ConfirmModal({ title, message, confirm, color, onClose, onConfirm }: { title: string; message: string; confirm: string; color?: string; onClose: () => void; onConfirm: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack>
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            color={color}
            loading={busy}
            onClick={() => {
              setBusy(true);
              void onConfirm().finally(() => setBusy(false));
            }}
          >
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /payroll/exits/:id: the computed statement with its explanations, and the actions of its status. */
export function ExitSettlementPage() {
  const { id = '' } = useParams();
  const query = useExitSettlement(id);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const order = usePageTitleOrder();
  const [dialog, setDialog] = useState<'edit' | 'approve' | 'settle' | 'delete' | null>(null);
  const [openAll, setOpenAll] = useState(false);
  const [busy, setBusy] = useState<'recompute' | 'pdf' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [PAYROLL_KEY] });

  if (query.isPending) return <PageLoader label="Loading settlement" />;
  if (query.isError) return <ErrorState message={errorMessage(query.error, 'Failed to load the settlement.')} onRetry={() => void query.refetch()} />;
  const s = query.data;
  const canManage = can(user.roleId, 'payroll.settlement.manage');
  const canApprove = can(user.roleId, 'payroll.settlement.approve');
  const draft = s.status === 'draft';

  const run = async (what: 'recompute' | 'pdf') => {
    setBusy(what);
    try {
      if (what === 'recompute') {
        await recomputeExit(s.id);
        toast.success('Settlement recomputed');
        await refresh();
      } else {
        await downloadSettlementStatement(s);
      }
    } catch (error) {
      toastApiError(error, what === 'pdf' ? 'Failed to download the statement' : 'Failed to recompute the settlement');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={PATHS.exits} size="sm">
        ← All exits
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={order}>Full and final settlement: {s.employeeName}</Title>
            <SettlementStatusBadge status={s.status} size="lg" />
          </Group>
          <Text size="sm" c="dimmed">
            {EXIT_REASON_LABELS[s.reason]} · last working day {displayDate(s.lastWorkingDay)} · computed {displayDate(s.computedAt)}
          </Text>
        </Stack>
        <Group gap="xs">
          {draft && canManage ? (
            <>
              <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setDialog('edit')}>
                Edit
              </Button>
              <Button variant="default" leftSection={<IconRefresh size={16} />} loading={busy === 'recompute'} onClick={() => void run('recompute')}>
                Recompute
              </Button>
              <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDialog('delete')}>
                Delete
              </Button>
            </>
          ) : null}
          <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy === 'pdf'} onClick={() => void run('pdf')}>
            Download statement
          </Button>
          {draft && canApprove ? (
            <Button leftSection={<IconCheck size={16} />} onClick={() => setDialog('approve')}>
              Approve
            </Button>
          ) : null}
          {s.status === 'approved' && canApprove ? <Button onClick={() => setDialog('settle')}>Mark as Settled</Button> : null}
        </Group>
      </Group>

      {draft ? (
        <Alert color="yellow" variant="light">
          Draft: the figures are recomputed whenever the exit is edited or recomputed. Approving freezes them, sets the employee&apos;s date of leaving and leaves them out of the payroll months after it.
        </Alert>
      ) : null}

      <DetailsCard
        title="Exit details"
        rows={[
          { label: 'Employee number', value: displayText(s.employeeNumber) },
          { label: 'Department', value: displayText(s.department) },
          { label: 'Designation', value: displayText(s.designation) },
          { label: 'Date of joining', value: displayDate(s.dateOfJoining) },
          { label: 'Resignation date', value: displayDate(s.resignationDate) },
          { label: 'Last working day', value: displayDate(s.lastWorkingDay) },
          { label: 'Service', value: s.servicePeriod },
          { label: 'Notice period', value: `${String(s.noticeRequiredDays)} days required, ${String(s.noticeServedDays)} served` },
          { label: 'Remarks', value: displayText(s.remarks) },
        ]}
      />

      <Group justify="flex-end">
        <Switch label="Show how every amount was computed" checked={openAll} onChange={(e) => setOpenAll(e.currentTarget.checked)} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <LinesCard title="Amounts payable" lines={s.lines.filter((l) => l.section === 'payable')} totalLabel="Total payable" total={s.payable} openAll={openAll} />
        <LinesCard title="Recoveries and deductions" lines={s.lines.filter((l) => l.section === 'recovery')} totalLabel="Total recoveries" total={s.recoveries} openAll={openAll} />
      </SimpleGrid>

      <Card padding="md" bg="var(--mantine-color-blue-light)">
        <Group justify="space-between">
          <Text fw={700}>{s.netPay < 0 ? 'Net amount recoverable from the employee' : 'Net amount payable to the employee'}</Text>
          <Text fw={700} size="xl" aria-label="Net amount">
            {inr(Math.abs(s.netPay))}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          Taxable part {inr(s.taxable)} · exempt {inr(s.exempt)} · TDS {inr(s.tds)}
        </Text>
      </Card>
      <Text size="sm" c="dimmed">
        {s.finalSalaryNote}
      </Text>
      {s.approvedAt ? (
        <Text size="sm" c="dimmed">
          Approved{s.approvedByName ? ` by ${s.approvedByName}` : ''} on {displayDate(s.approvedAt)}
          {s.settledOn ? `; paid on ${displayDate(s.settledOn)}, reference ${s.paymentReference ?? '—'}` : ''}.
        </Text>
      ) : null}

      {dialog === 'edit' ? (
        <ExitFormModal
          settlement={s}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void refresh();
          }}
        />
      ) : null}
      {dialog === 'settle' ? (
        <SettleModal
          settlement={s}
          onClose={() => setDialog(null)}
          onSettled={() => {
            setDialog(null);
            void refresh();
          }}
        />
      ) : null}
      {dialog === 'approve' ? (
        <ConfirmModal
          title="Approve settlement"
          message={`Approve the settlement of ${s.employeeName} for ${inr(s.netPay)}? The figures are frozen, ${displayDate(s.lastWorkingDay)} becomes the date of leaving and later payroll months leave the employee out.`}
          confirm="Approve"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            try {
              await approveExit(s.id);
              toast.success('Settlement approved');
              setDialog(null);
              await refresh();
            } catch (error) {
              toastApiError(error, 'Failed to approve the settlement');
            }
          }}
        />
      ) : null}
      {dialog === 'delete' ? (
        <ConfirmModal
          title="Delete exit"
          message={`Delete the exit of ${s.employeeName}? The draft settlement is removed; the employee stays in payroll.`}
          confirm="Delete"
          color="red"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            try {
              await deleteExit(s.id);
              toast.success('Exit deleted');
              await refresh();
              void navigate(PATHS.exits);
            } catch (error) {
              toastApiError(error, 'Failed to delete the exit');
            }
          }}
        />
      ) : null}
    </Stack>
  );
}
