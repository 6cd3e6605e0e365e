import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Paper, Radio, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  BANK_FILE_TEMPLATES,
  BANK_FILE_TEMPLATE_DESCRIPTIONS,
  BANK_FILE_TEMPLATE_LABELS,
  BANK_FORMAT_PRESETS,
  BANK_FORMAT_PRESET_KEYS,
  PAYROLL_BANK_FORMAT_MSG,
  PAYROLL_BANK_MSG,
  bankFileSettingsInputSchema,
  type BankFileFormatDto,
  type BankFileSettings,
  type BankFileTemplate,
  type BankFormatPresetKey,
} from '@tankha/contracts';
import { toast } from '../../app/toast';
import { FormAlert } from '../../ui/FormAlert';
import { deleteBankFormat, saveBankSettings, useBankFormats } from './bank.api';
import { BankFormatBuilder } from './BankFormatBuilder';
import { PAYROLL_KEY } from './payroll.api';
import { formFailure } from '../../ui/kit/form-failure';
import { ConfirmDeleteModal } from '../../ui/kit/ConfirmDeleteModal';
import { useDeleteDialog } from '../../ui/kit/useDeleteDialog';

const FIELDS = ['template', 'debitAccountNumber', 'debitIfsc', 'bankFormat'] as const;
/** The choice of the generic template (a Select option needs a non-empty value). */
const TEMPLATE = 'template';
const settingsResolver = schemaResolver(bankFileSettingsInputSchema, { sync: true });

const presetOf = (value: string): (typeof BANK_FORMAT_PRESETS)[BankFormatPresetKey] | null =>
  (BANK_FORMAT_PRESET_KEYS as readonly string[]).includes(value) ? BANK_FORMAT_PRESETS[value as BankFormatPresetKey] : null;

/** The organisation's bank file: which layout, and the account salaries are debited from (the control-total header needs it). */
export function BankSettingsModal({ settings, onClose }: { settings: BankFileSettings; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const formats = useBankFormats();
  const [building, setBuilding] = useState<{ format: BankFileFormatDto | null } | null>(null);
  const form = useForm({
    initialValues: { template: settings.template as BankFileTemplate, debitAccountNumber: settings.debitAccountNumber ?? '', debitIfsc: settings.debitIfsc ?? '', bankFormat: settings.bankFormat ?? TEMPLATE },
    validate: (values) => settingsResolver({ ...values, bankFormat: values.bankFormat === TEMPLATE ? '' : values.bankFormat }),
  });
  const removal = useDeleteDialog<BankFileFormatDto>({
    mutationFn: (f) => deleteBankFormat(f.id),
    errorText: 'Failed to delete the bank file format',
    successText: PAYROLL_BANK_FORMAT_MSG.deleted,
    invalidates: [[PAYROLL_KEY]],
    onDeleted: (f) => {
      if (form.values.bankFormat === f.id) form.setFieldValue('bankFormat', TEMPLATE);
    },
  });
  const chosenPreset = presetOf(form.values.bankFormat);
  const formatOptions = [
    { group: 'Generic', items: [{ value: TEMPLATE, label: 'Generic template (below)' }] },
    { group: 'Bank presets', items: BANK_FORMAT_PRESET_KEYS.map((k) => ({ value: k, label: `${BANK_FORMAT_PRESETS[k].format.name}${BANK_FORMAT_PRESETS[k].verified ? '' : ' (unverified)'}` })) },
    ...((formats.data ?? []).length > 0 ? [{ group: 'Your formats', items: (formats.data ?? []).map((f) => ({ value: f.id, label: f.name })) }] : []),
  ];

  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await saveBankSettings({ template: v.template, debitAccountNumber: v.debitAccountNumber || null, debitIfsc: v.debitIfsc || null, bankFormat: v.bankFormat === TEMPLATE ? null : v.bankFormat });
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
          <Stack gap={6}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <Select
                style={{ flex: 1 }}
                label="Bank file format"
                description="Your bank's bulk-upload layout: a bank preset or a format of your own."
                data={formatOptions}
                allowDeselect={false}
                {...form.getInputProps('bankFormat')}
              />
              {chosenPreset && !chosenPreset.verified && (
                <Tooltip multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }} label={`Unverified: this layout could not be confirmed against ${chosenPreset.bank}'s own specification. Check a test file with your bank first. Source: ${chosenPreset.source}`}>
                  <Badge color="yellow" variant="light" tabIndex={0} mb={6}>
                    Unverified
                  </Badge>
                </Tooltip>
              )}
            </Group>
            <Paper withBorder p="xs">
              <Group justify="space-between" mb={4}>
                <Text size="sm" fw={500}>
                  Your formats
                </Text>
                <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setBuilding({ format: null })}>
                  New format
                </Button>
              </Group>
              {(formats.data ?? []).length === 0 ? (
                <Text size="xs" c="dimmed">
                  No formats of your own yet. Start one from a bank preset to add your client code or change columns.
                </Text>
              ) : (
                (formats.data ?? []).map((f) => (
                  <Group key={f.id} justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" truncate>
                      {f.name}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${f.name}`} onClick={() => setBuilding({ format: f })}>
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete ${f.name}`} onClick={() => removal.ask(f)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Group>
                ))
              )}
            </Paper>
          </Stack>
          <Radio.Group label="Generic template" description="Used when no bank file format is chosen." {...form.getInputProps('template')}>
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
            The organisation's account the salaries are paid from. Needed for the CSV with control totals and for bank formats that carry it; shown in the Excel file's Control sheet.
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
      {building && <BankFormatBuilder format={building.format} onClose={() => setBuilding(null)} />}
      <ConfirmDeleteModal title="Delete bank file format" name={removal.target?.name} {...removal.dialog} />
    </Modal>
  );
}
