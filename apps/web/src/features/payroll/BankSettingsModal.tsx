import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  BANK_FILE_TEMPLATES,
  BANK_FILE_TEMPLATE_DESCRIPTIONS,
  BANK_FILE_TEMPLATE_LABELS,
  PAYROLL_BANK_MSG,
  bankFileSettingsInputSchema,
  type BankFileSettings,
  type BankFileTemplate,
} from '@tankha/contracts';
import { toast } from '../../app/toast';
import { FormAlert } from '../../ui/FormAlert';
import { saveBankSettings } from './bank.api';
import { PAYROLL_KEY } from './payroll.api';
import { formFailure } from '../../ui/kit/form-failure';

const FIELDS = ['template', 'debitAccountNumber', 'debitIfsc'] as const;

/** The organisation's bank file: which layout, and the account salaries are debited from (the control-total header needs it). */
export function BankSettingsModal({ settings, onClose }: { settings: BankFileSettings; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { template: settings.template as BankFileTemplate, debitAccountNumber: settings.debitAccountNumber ?? '', debitIfsc: settings.debitIfsc ?? '' },
    validate: schemaResolver(bankFileSettingsInputSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await saveBankSettings({ template: v.template, debitAccountNumber: v.debitAccountNumber || null, debitIfsc: v.debitIfsc || null });
      toast.success(PAYROLL_BANK_MSG.settingsSaved);
      await queryClient.invalidateQueries({ queryKey: [PAYROLL_KEY] });
      onClose();
    } catch (error) {
      formFailure(error, { fields: FIELDS, setErrors: form.setErrors, show: setServerError, fallback: 'Failed to save the bank file settings' });
    }
  });

  return (
    <Modal opened onClose={onClose} title="Bank file settings" centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError} />
          <Radio.Group label="Template" description="The layout your bank's bulk-payment upload accepts." {...form.getInputProps('template')}>
            <Stack gap="sm" mt="xs">
              {BANK_FILE_TEMPLATES.map((t) => (
                <Radio key={t} value={t} label={BANK_FILE_TEMPLATE_LABELS[t]} description={BANK_FILE_TEMPLATE_DESCRIPTIONS[t]} />
              ))}
            </Stack>
          </Radio.Group>
          <Text size="sm" fw={500}>
            Debit account
          </Text>
          <Text size="xs" c="dimmed" mt={-12}>
            The organisation's account the salaries are paid from. Needed for the CSV with control totals; shown in the Excel file's Control sheet.
          </Text>
          <Group grow align="flex-start">
            <TextInput label="Debit account number" required={form.values.template === 'controlCsv'} maxLength={40} {...form.getInputProps('debitAccountNumber')} />
            <TextInput label="Debit account IFSC" required={form.values.template === 'controlCsv'} placeholder="e.g. HDFC0001234" maxLength={20} {...form.getInputProps('debitIfsc')} />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
