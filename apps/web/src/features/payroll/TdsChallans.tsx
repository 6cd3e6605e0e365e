import { useState } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, List, Modal, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDownload, IconPlus, IconTrash } from '@tabler/icons-react';
import { FORM24Q_FVU_MSG, TDS_CHALLAN_MSG, can, form24QFvuRequestSchema, monthLabel, tdsChallanInputSchema, type TdsChallan, type TdsChallanInput } from '@tankha/contracts';
import { quarterMonths } from '@tankha/domain';
import { ApiError, errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/current-user';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { DateField } from '../../ui/DateField';
import { FormAlert } from '../../ui/FormAlert';
import { ConfirmDeleteModal } from '../../ui/kit/ConfirmDeleteModal';
import { formFailure } from '../../ui/kit/form-failure';
import { ResponsiveList, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useApiMutation } from '../../ui/kit/useApiMutation';
import { useDeleteDialog } from '../../ui/kit/useDeleteDialog';
import { inr } from '../../ui/format';
import { PAYROLL_KEY } from './payroll.api';
import { deleteTdsChallan, downloadForm24QFvu, saveTdsChallan, useTdsChallans, type Form24QFvuAnswers } from './filings.api';

const FIELDS = ['bsrCode', 'depositedOn', 'serialNumber', 'minorHead', 'tax', 'surcharge', 'cess', 'interest', 'fee', 'others', 'months'] as const;
const AMOUNTS = [
  ['tax', 'Tax'],
  ['surcharge', 'Surcharge'],
  ['cess', 'Health and education cess'],
  ['interest', 'Interest'],
  ['fee', 'Fee (s.234E)'],
  ['others', 'Others'],
] as const;

type Values = Omit<TdsChallanInput, 'minorHead'> & { minorHead: string };

function ChallanModal({ challan, months, onClose }: { challan: TdsChallan | null; months: string[]; onClose: () => void }) {
  const today = useToday();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      bsrCode: challan?.bsrCode ?? '',
      depositedOn: challan?.depositedOn ?? '',
      serialNumber: challan?.serialNumber ?? '',
      minorHead: challan?.minorHead ?? '200',
      tax: challan?.tax ?? 0,
      surcharge: challan?.surcharge ?? 0,
      cess: challan?.cess ?? 0,
      interest: challan?.interest ?? 0,
      fee: challan?.fee ?? 0,
      others: challan?.others ?? 0,
      months: challan?.months ?? [],
    },
    validate: schemaResolver(tdsChallanInputSchema, { sync: true }),
  });
  const save = useApiMutation({
    mutationFn: (input: TdsChallanInput) => saveTdsChallan(challan?.id ?? null, input),
    successText: challan ? TDS_CHALLAN_MSG.updated : TDS_CHALLAN_MSG.recorded,
    errorText: () => null,
    invalidates: [[PAYROLL_KEY]],
    onSuccess: onClose,
    onError: (error) => formFailure(error, { fields: FIELDS, setErrors: form.setErrors, show: setServerError, fallback: 'Could not save the challan' }),
  });
  const submit = form.onSubmit((values) => {
    setServerError(null);
    save.mutate(tdsChallanInputSchema.parse(values));
  });
  return (
    <Modal opened onClose={onClose} title={challan ? 'Edit challan' : 'Add challan'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="BSR code" description="7 digits" withAsterisk inputMode="numeric" maxLength={7} {...form.getInputProps('bsrCode')} />
            <TextInput label="Challan serial number" description="5 digits" withAsterisk inputMode="numeric" maxLength={5} {...form.getInputProps('serialNumber')} />
            <DateField
              label="Date of deposit"
              withAsterisk
              max={today}
              value={form.values.depositedOn}
              onChange={(v) => form.setFieldValue('depositedOn', v)}
              error={form.errors.depositedOn}
            />
            <Select
              label="Minor head"
              withAsterisk
              allowDeselect={false}
              data={[
                { value: '200', label: '200 TDS payable by taxpayer' },
                { value: '400', label: '400 Regular assessment' },
              ]}
              {...form.getInputProps('minorHead')}
            />
          </SimpleGrid>
          <MultiSelect label="Payroll months it deposits TDS for" withAsterisk data={months.map((m) => ({ value: m, label: monthLabel(m) }))} {...form.getInputProps('months')} />
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            {AMOUNTS.map(([key, label]) => (
              <NumberInput key={key} label={label} prefix="₹" min={0} decimalScale={2} thousandSeparator="," thousandsGroupStyle="lakh" {...form.getInputProps(key)} />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {challan ? 'Update' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The TDS challans of the quarter chosen on the Form 24Q card: what "deposited" is worked out
 * from, and what each deduction is reported under in the text file. The Administrator adds, edits
 * and deletes them; a moderator sees them.
 */
export function TdsChallans({ yearStart, financialYear, quarter }: { yearStart: number; financialYear: string; quarter: number }) {
  const user = useCurrentUser();
  const editable = can(user.roleId, 'payroll.challans.manage');
  const challans = useTdsChallans(financialYear, quarter);
  const [editing, setEditing] = useState<{ challan: TdsChallan | null; key: number } | null>(null);
  const months = quarterMonths(yearStart, quarter as 1 | 2 | 3 | 4);
  const remove = useDeleteDialog({
    mutationFn: (c: TdsChallan) => deleteTdsChallan(c.id),
    successText: TDS_CHALLAN_MSG.deleted,
    errorText: 'Could not delete the challan',
    invalidates: [[PAYROLL_KEY]],
    closeOnError: true,
  });
  const columns: ListColumn<TdsChallan>[] = [
    {
      label: 'Challan',
      primary: true,
      cell: (c) =>
        editable ? (
          <UnstyledButton aria-label={`Edit challan ${c.serialNumber}`} fw={600} fz="sm">
            {c.bsrCode} / {c.serialNumber}
          </UnstyledButton>
        ) : (
          <Text fw={600} fz="sm">
            {c.bsrCode} / {c.serialNumber}
          </Text>
        ),
    },
    { label: 'Deposited on', cell: (c) => c.depositedOn.split('-').reverse().join('/') },
    { label: 'Months', cell: (c) => c.months.map(monthLabel).join(', ') },
    { label: 'Minor head', cell: (c) => c.minorHead },
    { label: 'Tax + surcharge + cess', cell: (c) => inr(c.tax + c.surcharge + c.cess) },
    { label: 'Total', cell: (c) => inr(c.total) },
    ...(editable
      ? [
          {
            label: 'Delete',
            actions: true,
            ownClicks: true,
            cell: (c: TdsChallan) => (
              <ActionIcon variant="subtle" color="red" aria-label={`Delete challan ${c.serialNumber}`} onClick={() => remove.ask(c)}>
                <IconTrash size={18} />
              </ActionIcon>
            ),
          },
        ]
      : []),
  ];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={5}>Challans</Title>
        {editable && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing({ challan: null, key: Date.now() })}>
            Add challan
          </Button>
        )}
      </Group>
      <ResponsiveList
        label={`TDS challans of Q${String(quarter)} ${financialYear}`}
        columns={columns}
        rows={challans.data ?? []}
        rowKey={(c) => c.id}
        minWidth={720}
        onRowClick={editable ? (c) => setEditing({ challan: c, key: Date.now() }) : undefined}
        loading={challans.isPending}
        error={challans.isError ? errorMessage(challans.error, 'Could not load the challans') : null}
        onRetry={() => void challans.refetch()}
        loadingLabel="Loading challans"
        emptyMessage={`No challans recorded for Q${String(quarter)} ${financialYear}: TDS deposited shows ₹0 until they are.`}
      />
      {editing && <ChallanModal key={editing.key} challan={editing.challan} months={months} onClose={() => setEditing(null)} />}
      <ConfirmDeleteModal {...remove.dialog} title="Delete challan" message="The deductions reported under it will show as not deposited." confirmLabel="Delete">
        <Text size="sm" fw={600}>
          {remove.target ? `${remove.target.bsrCode} / ${remove.target.serialNumber}` : ''}
        </Text>
      </ConfirmDeleteModal>
    </Stack>
  );
}

const ANSWERS_KEY = 'tankha.form24q.fvu';

/** The answers given last time on this device (no PANs kept: the person's PAN is asked each time). */
function savedAnswers(): Partial<Form24QFvuAnswers> {
  try {
    const raw = localStorage.getItem(ANSWERS_KEY);
    return raw ? (JSON.parse(raw) as Partial<Form24QFvuAnswers>) : {};
  } catch {
    return {};
  }
}

/** "Download FVU text file": the batch header's answers, then the file, or the validator's problems. */
export function Form24QFvuButton({ financialYear, quarter }: { financialYear: string; quarter: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => setOpen(true)}>
        Download FVU text file
      </Button>
      {open && <FvuModal financialYear={financialYear} quarter={quarter} onClose={() => setOpen(false)} />}
    </>
  );
}

function FvuModal({ financialYear, quarter, onClose }: { financialYear: string; quarter: number; onClose: () => void }) {
  const saved = savedAnswers();
  const [problems, setProblems] = useState<string[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: {
      financialYear,
      quarter,
      stateCode: saved.stateCode ?? '',
      pin: saved.pin ?? '',
      deductorType: saved.deductorType ?? 'K',
      responsibleName: saved.responsibleName ?? '',
      responsibleDesignation: saved.responsibleDesignation ?? '',
      responsiblePan: '',
      responsibleMobile: saved.responsibleMobile ?? '',
      earlierStatementFiled: saved.earlierStatementFiled ?? true,
    },
    validate: (v) => schemaResolver(form24QFvuRequestSchema, { sync: true })(v),
  });
  const submit = form.onSubmit(async (v) => {
    setProblems([]);
    setServerError(null);
    setBusy(true);
    const answers: Form24QFvuAnswers = { stateCode: v.stateCode, pin: v.pin, deductorType: v.deductorType, responsibleName: v.responsibleName, responsibleDesignation: v.responsibleDesignation, responsiblePan: v.responsiblePan, responsibleMobile: v.responsibleMobile, earlierStatementFiled: v.earlierStatementFiled };
    try {
      await downloadForm24QFvu(financialYear, quarter, answers);
      const { responsiblePan: _pan, ...kept } = answers;
      localStorage.setItem(ANSWERS_KEY, JSON.stringify(kept));
      toast.success('Form 24Q text file downloaded');
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setServerError(error.message);
        setProblems(Object.values(error.errors));
      } else formFailure(error, { fields: Object.keys(form.values), setErrors: form.setErrors, show: setServerError, fallback: 'Could not download the text file' });
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal opened onClose={onClose} title={`FVU text file, Q${String(quarter)} ${financialYear}`} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            The batch header needs these besides the organisation profile’s TAN, PAN, name and address. The file is checked against the published layout before it downloads.
          </Text>
          {serverError && (
            <Alert color="red" title={serverError}>
              {problems.length > 0 && (
                <List size="sm" aria-label="Text file problems">
                  {problems.map((p) => (
                    <List.Item key={p}>{p}</List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="State code" description="2 digits, Annexure 1 of the file format" withAsterisk inputMode="numeric" maxLength={2} {...form.getInputProps('stateCode')} />
            <TextInput label="PIN code" withAsterisk inputMode="numeric" maxLength={6} {...form.getInputProps('pin')} />
            <TextInput label="Deductor type" description="Annexure 4 code; K for a company" withAsterisk maxLength={1} {...form.getInputProps('deductorType')} />
            <TextInput label="Person responsible" withAsterisk maxLength={75} {...form.getInputProps('responsibleName')} />
            <TextInput label="Designation" withAsterisk maxLength={20} {...form.getInputProps('responsibleDesignation')} />
            <TextInput label="PAN of the person responsible" withAsterisk maxLength={10} {...form.getInputProps('responsiblePan')} />
            <TextInput label="Mobile number" withAsterisk inputMode="numeric" maxLength={10} {...form.getInputProps('responsibleMobile')} />
          </SimpleGrid>
          <Checkbox label="The previous quarter’s statement was filed" {...form.getInputProps('earlierStatementFiled', { type: 'checkbox' })} />
          {quarter === 4 && <Text size="sm" c="dimmed">{FORM24Q_FVU_MSG.fourthQuarter}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} leftSection={<IconDownload size={16} />}>
              Download
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
