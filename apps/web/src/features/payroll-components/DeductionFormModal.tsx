import { useState } from 'react';
import { Button, Checkbox, Group, Modal, NativeSelect, Radio, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DeductionType, PRE_TAX_DEDUCTION_SECTIONS, SALARY_MSG, deductionInputSchema, type DeductionInputBody, type TenantDeductionRow } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { FormAlert } from '../../ui/FormAlert';
import { zodFieldErrors } from '../../ui/zod-form';
import { saveDeduction } from './components.api';
import { formFailure } from '../../ui/kit/form-failure';

interface Values {
  deductionName: string;
  description: string;
  deductionType: string;
  preTaxDeductionSection: string;
  isRecurring: boolean;
  isActive: boolean;
}

const FIELDS = ['deductionName', 'description', 'deductionType', 'preTaxDeductionSection'] as const;
const SECTION_OPTIONS = [{ value: '', label: 'Select a section' }, ...PRE_TAX_DEDUCTION_SECTIONS.map((s) => ({ value: s, label: s }))];

function bodyOf(v: Values): DeductionInputBody {
  const preTax = v.deductionType === String(DeductionType.PreTax);
  return {
    deductionName: v.deductionName,
    description: v.description.trim() === '' ? null : v.description,
    deductionType: preTax ? DeductionType.PreTax : DeductionType.PostTax,
    preTaxDeductionSection: preTax && v.preTaxDeductionSection ? (v.preTaxDeductionSection as DeductionInputBody['preTaxDeductionSection']) : null,
    isRecurring: v.isRecurring,
    isActive: v.isActive,
  };
}

/** Add/Edit Deduction (payroll spec §3 "Deduction"): name, description, recurring, pre-tax (with its section) or post-tax. */
export function DeductionFormModal({ deduction, onClose, onSaved }: { deduction: TenantDeductionRow | null; onClose: () => void; onSaved: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      deductionName: deduction?.deductionName ?? '',
      description: deduction?.description ?? '',
      deductionType: String(deduction?.deductionType === DeductionType.PreTax ? DeductionType.PreTax : DeductionType.PostTax),
      preTaxDeductionSection: deduction?.preTaxDeductionSection ?? '',
      isRecurring: deduction?.isRecurring ?? true,
      isActive: deduction?.isActive ?? true,
    },
    validate: (v) => zodFieldErrors(deductionInputSchema, bodyOf(v)),
  });

  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await saveDeduction(deduction?.id ?? null, bodyOf(v));
      toast.success(deduction ? SALARY_MSG.deductionUpdated : SALARY_MSG.deductionCreated);
      onSaved();
    } catch (error) {
      formFailure(error, { fields: FIELDS, setErrors: form.setErrors, show: setServerError, fallback: 'Failed to save the deduction' });
    }
  });

  return (
    <Modal opened onClose={onClose} title={deduction ? 'Edit Deduction' : 'Add Deduction'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError} />
          <TextInput label="Deduction Name" required maxLength={100} {...form.getInputProps('deductionName')} />
          <Textarea label="Description" autosize minRows={2} maxLength={255} {...form.getInputProps('description')} />
          <Radio.Group label="Deduction Type" required {...form.getInputProps('deductionType')}>
            <Group mt={4}>
              <Radio value={String(DeductionType.PostTax)} label="Post-tax" />
              <Radio value={String(DeductionType.PreTax)} label="Pre-tax" />
            </Group>
          </Radio.Group>
          {form.values.deductionType === String(DeductionType.PreTax) && (
            <NativeSelect label="Income-tax Section" required data={SECTION_OPTIONS} {...form.getInputProps('preTaxDeductionSection')} />
          )}
          <Checkbox label="Recurring deduction (every month)" {...form.getInputProps('isRecurring', { type: 'checkbox' })} />
          <Switch label="Active" {...form.getInputProps('isActive', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {deduction ? 'Save Changes' : 'Add Deduction'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
