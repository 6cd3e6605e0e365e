import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Button, Code, Group, Modal, NativeSelect, NumberInput, Paper, ScrollArea, SegmentedControl, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  BANK_FORMAT_AMOUNT_FORMATS,
  BANK_FORMAT_AMOUNT_LABELS,
  BANK_FORMAT_DATE_FORMATS,
  BANK_FORMAT_FIELDS,
  BANK_FORMAT_FIELD_LABELS,
  BANK_FORMAT_PRESETS,
  BANK_FORMAT_PRESET_KEYS,
  BANK_FORMAT_SEPARATORS,
  BANK_FORMAT_SEPARATOR_LABELS,
  PAYROLL_BANK_FORMAT_MSG,
  bankFileFormatInputSchema,
  presetAsInput,
  type BankFileFormatDto,
  type BankFileFormatInput,
  type BankFormatPresetKey,
} from '@tankha/contracts';
import { bankFileRows, bankFileText, type BankFileFormat, type BankFileRecord, type BankFormatLayout, type BankTransfer } from '@tankha/domain';
import { FormAlert } from '../../ui/FormAlert';
import { formFailure } from '../../ui/kit/form-failure';
import { useApiMutation } from '../../ui/kit/useApiMutation';
import { saveBankFormat } from './bank.api';
import { PAYROLL_KEY } from './payroll.api';

/** Sample payments for the live preview: one within the debit account's bank, one RTGS-sized, one NEFT. */
const SAMPLE_DEBIT = { accountNumber: '50200012345678', ifsc: 'HDFC0000001' };
const sample = (n: number, name: string, account: string, ifsc: string, paise: number, email: string | null): BankFileRecord => ({
  accountChangedRecently: false,
  payslipId: `sample-${String(n)}`,
  employeeNumber: `EMP00${String(n)}`,
  employeeName: name,
  line: n,
  reference: `SAL2611000${String(n).padStart(3, '0')}01`,
  attempt: 1,
  newAttempt: true,
  beneficiaryName: name.toUpperCase(),
  accountNumber: account,
  ifsc,
  accountType: '10',
  amountPaise: paise,
  email,
});
const SAMPLES = [
  sample(1, 'Aditi Sharma', '50100111122223', 'HDFC0001753', 40_000_00, 'aditi@example.in'),
  sample(2, 'Anita Rao', '040900011122', 'ICIC0000409', 2_50_000_00, 'anita@example.in'),
  sample(3, 'Sean O Brien', '39111222333', 'SBIN0040277', 31_250_75, null),
];
const SAMPLE_TRANSFER: BankTransfer = { month: '2026-11', valueDate: '2026-11-30', scope: 'all', records: SAMPLES, excluded: [], totalPaise: SAMPLES.reduce((s, r) => s + r.amountPaise, 0) };

/** The builder's values as the renderer takes them (the RTGS threshold in paise). */
function asFormat(v: BankFileFormatInput): BankFileFormat {
  const { rtgsFrom, ...mode } = v.paymentMode;
  return {
    ...v,
    paymentMode: { ...mode, rtgsFromPaise: rtgsFrom === null || rtgsFrom === undefined ? null : Math.round(rtgsFrom * 100) },
    columns: v.columns.map((c) => ({ ...c, width: c.width ?? undefined, ...(v.layout === 'fixedWidth' ? { align: c.align ?? 'left', pad: c.pad ?? 'space' } : {}) })),
  } as BankFileFormat;
}

/** What the format writes from the sample payments: a text file's first lines, or a sheet's rows; a value that does not fit is listed. */
function previewOf(v: BankFileFormatInput): { text: string; sheet: { header: string[] | null; rows: string[][] } | null; problems: string[] } {
  try {
    const format = asFormat(v);
    const out = bankFileRows(format, SAMPLE_TRANSFER, SAMPLES, SAMPLE_DEBIT);
    if (!out.ok) return { text: '', sheet: null, problems: out.problems.map((p) => (p.kind === 'tooWide' ? PAYROLL_BANK_FORMAT_MSG.valueTooWide(p) : PAYROLL_BANK_FORMAT_MSG.valueHasSeparator(p))) };
    if (format.layout === 'sheet') return { text: '', sheet: out, problems: [] };
    return { text: bankFileText(format, out).replaceAll('\t', '→').replaceAll('\r\n', '↵\n'), sheet: null, problems: [] };
  } catch {
    return { text: '', sheet: null, problems: [] };
  }
}

/** The file types of a layout: a sheet is an .xlsx workbook, text is .csv or .txt. */
const EXTENSIONS_OF: Record<BankFormatLayout, { value: BankFileFormatInput['extension']; label: string }[]> = {
  delimited: [
    { value: 'csv', label: '.csv' },
    { value: 'txt', label: '.txt' },
  ],
  fixedWidth: [
    { value: 'txt', label: '.txt' },
    { value: 'csv', label: '.csv' },
  ],
  sheet: [{ value: 'xlsx', label: '.xlsx (Excel)' }],
};

const FIELD_OPTIONS = BANK_FORMAT_FIELDS.map((f) => ({ value: f, label: BANK_FORMAT_FIELD_LABELS[f] }));
const FORM_FIELDS = ['name', 'layout', 'separator', 'dateFormat', 'amountFormat', 'narration', 'columns'] as const;

function toInput(format: BankFileFormatDto): BankFileFormatInput {
  const { id: _id, updatedAt: _at, ...rest } = format;
  return rest;
}

/**
 * The bank file format builder: the columns (add, remove, reorder), header line, separator or fixed
 * width, date and amount formats, payment-mode codes and rule, with a live preview of the file's
 * first lines from sample payments. A new format starts from a bank preset or from scratch.
 */
export function BankFormatBuilder({ format, onClose }: { format: BankFileFormatDto | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<BankFileFormatInput>({
    initialValues: format ? toInput(format) : { ...presetAsInput('hdfc-enet'), name: '' },
    validate: schemaResolver(bankFileFormatInputSchema, { sync: true }),
  });
  const values = form.values;
  const fixed = values.layout === 'fixedWidth';
  const sheet = values.layout === 'sheet';
  const preview = useMemo(() => previewOf(values), [values]);

  const save = useApiMutation({
    mutationFn: (body: BankFileFormatInput) => saveBankFormat(format?.id ?? null, body),
    errorText: null,
    successText: PAYROLL_BANK_FORMAT_MSG.created,
    invalidates: [[PAYROLL_KEY]],
    onSuccess: onClose,
  });
  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await save.mutateAsync(v);
    } catch (error) {
      formFailure(error, { fields: FORM_FIELDS, setErrors: form.setErrors, show: setServerError, fallback: 'Failed to save the bank file format' });
    }
  });

  const startFrom = (key: string | null) => {
    if (key && (BANK_FORMAT_PRESET_KEYS as readonly string[]).includes(key)) form.setValues({ ...presetAsInput(key as BankFormatPresetKey), name: values.name || presetAsInput(key as BankFormatPresetKey).name });
  };

  return (
    <Modal opened onClose={onClose} title={format ? `Edit ${format.name}` : 'New bank file format'} size="xl" fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError} />
          {!format && (
            <Select
              label="Start from"
              description="Copy a bank’s preset, then change what your bank needs (e.g. your client code)."
              placeholder="Choose a bank preset"
              data={BANK_FORMAT_PRESET_KEYS.map((k) => ({ value: k, label: `${BANK_FORMAT_PRESETS[k].format.name}${BANK_FORMAT_PRESETS[k].verified ? '' : ' (unverified)'}` }))}
              onChange={startFrom}
              allowDeselect={false}
            />
          )}
          <TextInput label="Name" required maxLength={80} {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <div>
              <Text size="sm" fw={500} mb={4}>
                Layout
              </Text>
              <SegmentedControl
                fullWidth
                data={[
                  { value: 'delimited', label: 'Separated' },
                  { value: 'fixedWidth', label: 'Fixed width' },
                  { value: 'sheet', label: 'Excel sheet' },
                ]}
                value={values.layout}
                onChange={(layout) => {
                  const next = layout as BankFormatLayout;
                  form.setFieldValue('layout', next);
                  // The file type follows the layout: a sheet is .xlsx, text keeps .csv or .txt.
                  if (!EXTENSIONS_OF[next].some((e) => e.value === values.extension)) form.setFieldValue('extension', EXTENSIONS_OF[next][0]?.value ?? 'csv');
                }}
              />
            </div>
            <Select
              label="Separator"
              disabled={fixed || sheet}
              data={BANK_FORMAT_SEPARATORS.map((s) => ({ value: s, label: BANK_FORMAT_SEPARATOR_LABELS[s] }))}
              allowDeselect={false}
              {...form.getInputProps('separator')}
            />
            <Select label="Date format" data={[...BANK_FORMAT_DATE_FORMATS]} allowDeselect={false} {...form.getInputProps('dateFormat')} />
            <Select label="Amount format" data={BANK_FORMAT_AMOUNT_FORMATS.map((a) => ({ value: a, label: BANK_FORMAT_AMOUNT_LABELS[a] }))} allowDeselect={false} {...form.getInputProps('amountFormat')} />
            <Select
              label="Line ending"
              disabled={sheet}
              data={[
                { value: 'CRLF', label: 'Windows (CRLF)' },
                { value: 'LF', label: 'Unix (LF)' },
              ]}
              allowDeselect={false}
              {...form.getInputProps('lineEnding')}
            />
            <Select
              label="File type"
              data={EXTENSIONS_OF[values.layout]}
              allowDeselect={false}
              {...form.getInputProps('extension')}
            />
          </SimpleGrid>
          <Switch label={sheet ? 'Header row with the column names' : 'Header line with the column names'} {...form.getInputProps('header', { type: 'checkbox' })} />
          <TextInput label="Narration" description="{month} becomes the month, e.g. Nov 2026" maxLength={100} {...form.getInputProps('narration')} />

          <Paper withBorder p="sm">
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                Payment mode
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                <TextInput label="NEFT code" maxLength={10} {...form.getInputProps('paymentMode.codes.neft')} />
                <TextInput label="RTGS code" maxLength={10} {...form.getInputProps('paymentMode.codes.rtgs')} />
                <TextInput label="IMPS code" maxLength={10} {...form.getInputProps('paymentMode.codes.imps')} />
                <TextInput label="Within the bank" maxLength={10} {...form.getInputProps('paymentMode.codes.internal')} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label="Otherwise pay by"
                  data={[
                    { value: 'neft', label: 'NEFT' },
                    { value: 'imps', label: 'IMPS' },
                  ]}
                  allowDeselect={false}
                  {...form.getInputProps('paymentMode.standard')}
                />
                <NumberInput
                  label="RTGS from (₹)"
                  description="Empty: never RTGS. RBI minimum ₹2,00,000."
                  min={200000}
                  thousandSeparator=","
                  value={values.paymentMode.rtgsFrom ?? ''}
                  onChange={(v) => form.setFieldValue('paymentMode.rtgsFrom', typeof v === 'number' ? v : null)}
                  error={form.errors['paymentMode.rtgsFrom']}
                />
              </SimpleGrid>
              <Switch label="Same bank as the debit account: transfer within the bank" {...form.getInputProps('paymentMode.internalWhenSameBank', { type: 'checkbox' })} />
            </Stack>
          </Paper>

          <Stack gap="xs">
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                Columns ({values.columns.length})
              </Text>
              <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('columns', { field: 'beneficiaryName', header: 'Beneficiary Name', ...(fixed ? { width: 35 } : {}) })}>
                Add column
              </Button>
            </Group>
            {typeof form.errors.columns === 'string' && (
              <Text size="xs" c="red">
                {form.errors.columns}
              </Text>
            )}
            {values.columns.length === 0 && (
              <Text size="sm" c="dimmed">
                No columns yet: add the first one.
              </Text>
            )}
            {values.columns.map((c, i) => (
              <Paper key={i} withBorder p="xs" data-testid="format-column">
                <Group gap="xs" align="flex-end" wrap="wrap">
                  <Text size="xs" c="dimmed" w={20}>
                    {i + 1}
                  </Text>
                  <NativeSelect aria-label={`Column ${String(i + 1)} field`} data={FIELD_OPTIONS} w={170} {...form.getInputProps(`columns.${String(i)}.field`)} />
                  <TextInput aria-label={`Column ${String(i + 1)} name`} placeholder="Column name" w={170} maxLength={60} {...form.getInputProps(`columns.${String(i)}.header`)} />
                  {c.field === 'constant' && <TextInput aria-label={`Column ${String(i + 1)} text`} placeholder="Fixed text" w={120} maxLength={100} {...form.getInputProps(`columns.${String(i)}.constant`)} />}
                  <NumberInput
                    aria-label={`Column ${String(i + 1)} width`}
                    placeholder={fixed ? 'Width' : 'Max length'}
                    w={100}
                    min={1}
                    max={500}
                    value={c.width ?? ''}
                    onChange={(v) => form.setFieldValue(`columns.${String(i)}.width`, typeof v === 'number' ? v : null)}
                    error={form.errors[`columns.${String(i)}.width`]}
                  />
                  {fixed && (
                    <NativeSelect
                      aria-label={`Column ${String(i + 1)} alignment`}
                      w={150}
                      data={[
                        { value: 'left|space', label: 'Left, spaces' },
                        { value: 'right|space', label: 'Right, spaces' },
                        { value: 'right|zero', label: 'Right, zeros' },
                      ]}
                      value={`${c.align ?? 'left'}|${c.pad ?? 'space'}`}
                      onChange={(event) => {
                        const [align, pad] = event.currentTarget.value.split('|') as ['left' | 'right', 'space' | 'zero'];
                        form.setFieldValue(`columns.${String(i)}.align`, align);
                        form.setFieldValue(`columns.${String(i)}.pad`, pad);
                      }}
                    />
                  )}
                  <Group gap={4} ml="auto">
                    <ActionIcon variant="subtle" size="lg" aria-label={`Move column ${String(i + 1)} up`} disabled={i === 0} onClick={() => form.reorderListItem('columns', { from: i, to: i - 1 })}>
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" size="lg" aria-label={`Move column ${String(i + 1)} down`} disabled={i === values.columns.length - 1} onClick={() => form.reorderListItem('columns', { from: i, to: i + 1 })}>
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove column ${String(i + 1)}`} onClick={() => form.removeListItem('columns', i)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>

          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Preview (sample payments)
            </Text>
            {preview.problems.length > 0 ? (
              <Alert color="red" title="These sample values do not fit">
                {preview.problems.map((p) => (
                  <Text key={p} size="xs">
                    {p}
                  </Text>
                ))}
              </Alert>
            ) : preview.sheet ? (
              <Table.ScrollContainer minWidth={0} type="native">
                <Table withTableBorder withColumnBorders fz="xs" data-testid="format-preview-sheet">
                  {preview.sheet.header && (
                    <Table.Thead>
                      <Table.Tr>
                        {preview.sheet.header.map((h, i) => (
                          <Table.Th key={i}>{h}</Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                  )}
                  <Table.Tbody>
                    {preview.sheet.rows.map((cells, r) => (
                      <Table.Tr key={r}>
                        {cells.map((cell, c) => (
                          <Table.Td key={c} style={{ whiteSpace: 'nowrap' }}>
                            {cell}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : (
              <ScrollArea type="auto">
                <Code block data-testid="format-preview" style={{ whiteSpace: 'pre' }}>
                  {preview.text || 'Nothing to show yet'}
                </Code>
              </ScrollArea>
            )}
          </Stack>

          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save format
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
