import { useState } from 'react';
import { ActionIcon, Badge, Button, Checkbox, Divider, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import {
  PAYROLL_ADJUSTMENT_CATEGORIES,
  PAYROLL_ADJUSTMENT_LABELS,
  monthLabel,
  payrollAdjustmentInputSchema,
  type PayrollAdjustment,
  type PayrollAdjustmentCategory,
  type PayrollEmployeeRow,
  type PayrollRun,
} from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { ErrorState } from '../../ui/ErrorState';
import { FormAlert } from '../../ui/FormAlert';
import { PageLoader } from '../../ui/PageLoader';
import { zodFieldErrors } from '../../ui/zod-form';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { inr } from '../../ui/format';
import { addAdjustment, deleteAdjustment, useAdjustments } from './payroll.api';
import { formFailure } from '../../ui/kit/form-failure';

type Kind = PayrollAdjustment['kind'];
interface Values {
  kind: Kind;
  category: PayrollAdjustmentCategory | null;
  label: string;
  amount: number | string;
  taxable: boolean;
}
const FIELDS = ['kind', 'category', 'label', 'amount', 'taxable'] as const;
const KIND_LABELS: Record<Kind, string> = { earning: 'Earning', deduction: 'Deduction' };
const INITIAL: Values = { kind: 'earning', category: null, label: '', amount: '', taxable: true };

/** A deduction is taken from pay after tax; only an earning can be taxable. */
function toInput(userId: string, v: Values) {
  return {
    userId,
    kind: v.kind,
    category: v.category ?? undefined,
    label: v.label,
    amount: typeof v.amount === 'number' ? v.amount : undefined,
    taxable: v.kind === 'earning' ? v.taxable : false,
  };
}

interface AdjustmentsModalProps {
  run: PayrollRun;
  row: PayrollEmployeeRow;
  editable: boolean;
  onClose: () => void;
  /** After an item was added or deleted (the run's figures change). */
  onChanged: () => void;
}

/** One-time earnings and deductions of one employee for the run's month: the list, delete, and add. */
export function AdjustmentsModal({ run, row, editable, onClose, onChanged }: AdjustmentsModalProps) {
  const adjustments = useAdjustments(run.id, row.userId);
  const [serverError, setServerError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: INITIAL,
    validate: (v) => zodFieldErrors(payrollAdjustmentInputSchema, toInput(row.userId, v)),
  });

  // The caller refreshes every payroll query, this list included.
  const changed = onChanged;

  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await addAdjustment(run.id, payrollAdjustmentInputSchema.parse(toInput(row.userId, v)));
      toast.success(`One-time ${v.kind} added`);
      form.setValues({ ...INITIAL, kind: v.kind });
      form.resetDirty();
      changed();
    } catch (error) {
      formFailure(error, { fields: FIELDS, setErrors: form.setErrors, show: setServerError, fallback: 'Failed to add the item' });
    }
  });

  const remove = async (item: PayrollAdjustment) => {
    setDeleting(item.id);
    try {
      await deleteAdjustment(run.id, item.id);
      toast.success(`${item.label} deleted`);
      changed();
    } catch (error) {
      toastApiError(error, 'Failed to delete the item');
    } finally {
      setDeleting(null);
    }
  };

  /** Choosing a category names the item after it, unless a name has been typed. */
  const chooseCategory = (value: string | null) => {
    const previous = form.values.category ? PAYROLL_ADJUSTMENT_LABELS[form.values.category] : '';
    const category = value as PayrollAdjustmentCategory | null;
    form.setFieldValue('category', category);
    if (category && (form.values.label.trim() === '' || form.values.label === previous)) form.setFieldValue('label', PAYROLL_ADJUSTMENT_LABELS[category]);
  };

  return (
    <Modal opened onClose={onClose} title={`One-time earnings and deductions: ${row.name}`} centered size="xl">
      <Stack>
        <Text size="sm" c="dimmed">
          Paid or recovered in {monthLabel(run.month)} only, on top of the salary structure.
        </Text>
        {adjustments.isPending ? (
          <PageLoader label="Loading one-time items" />
        ) : adjustments.isError ? (
          <ErrorState message={errorMessage(adjustments.error, 'Failed to load the one-time items.')} onRetry={() => void adjustments.refetch()} />
        ) : adjustments.data.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="sm">
            No one-time earnings or deductions for {monthLabel(run.month)}.
          </Text>
        ) : (
          <Table aria-label="One-time items" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Taxable</Table.Th>
                {editable && <Table.Th aria-label="Delete" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {adjustments.data.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Badge variant="light" color={item.kind === 'earning' ? 'teal' : 'red'}>
                      {KIND_LABELS[item.kind]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{PAYROLL_ADJUSTMENT_LABELS[item.category]}</Table.Td>
                  <Table.Td>{item.label}</Table.Td>
                  <Table.Td ta="right">{inr(item.amount)}</Table.Td>
                  <Table.Td>{item.kind === 'earning' ? (item.taxable ? 'Yes' : 'No') : '—'}</Table.Td>
                  {editable && (
                    <Table.Td>
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${item.label}`} loading={deleting === item.id} onClick={() => void remove(item)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}

        {editable && (
          <>
            <Divider />
            <form onSubmit={submit} noValidate aria-label="Add a one-time item">
              <Stack gap="sm">
                <Title order={3} size="h5">
                  Add a one-time item
                </Title>
                <FormAlert message={serverError} />
                <SegmentedControl
                  aria-label="Kind"
                  data={[
                    { value: 'earning', label: 'Earning' },
                    { value: 'deduction', label: 'Deduction' },
                  ]}
                  value={form.values.kind}
                  onChange={(value) => form.setFieldValue('kind', value as Kind)}
                />
                <Group grow align="flex-start">
                  <Select
                    label="Category"
                    required
                    placeholder="Choose"
                    data={PAYROLL_ADJUSTMENT_CATEGORIES.map((c) => ({ value: c, label: PAYROLL_ADJUSTMENT_LABELS[c] }))}
                    allowDeselect={false}
                    {...form.getInputProps('category')}
                    onChange={chooseCategory}
                  />
                  <TextInput label="Name" required placeholder="e.g. Diwali bonus" maxLength={60} {...form.getInputProps('label')} />
                  <NumberInput label="Amount (₹)" required min={1} decimalScale={2} thousandSeparator="," thousandsGroupStyle="lakh" hideControls {...form.getInputProps('amount')} />
                </Group>
                <Group justify="space-between">
                  {form.values.kind === 'earning' ? (
                    <Checkbox label="Taxable (counted in this month's TDS)" {...form.getInputProps('taxable', { type: 'checkbox' })} />
                  ) : (
                    <Text size="xs" c="dimmed">
                      A deduction is recovered from net pay; it does not reduce taxable income.
                    </Text>
                  )}
                  <Button type="submit" loading={form.submitting}>
                    Add {form.values.kind}
                  </Button>
                </Group>
              </Stack>
            </form>
          </>
        )}
      </Stack>
    </Modal>
  );
}
