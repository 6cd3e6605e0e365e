import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Card, Checkbox, Collapse, Group, NumberInput, Stack, Switch, Tabs, Text, TextInput, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  EMPLOYMENT_SETTINGS_MSG as MSG,
  settingValueError,
  tabOfCategory,
  type EmploymentTypeOption,
  type EmploymentTypeSetting,
  type SavedSettingValue,
  type SettingCategory,
  type SettingsTab,
} from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { DateField } from '../../ui/DateField';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { EMPLOYMENT_SETTINGS_KEY, saveSettingValues, useEmploymentTypeSettings, useEmploymentTypes, useSavedSettingValues, useSettingCategories } from './employment-settings.api';

interface Row {
  key: number;
  value: string;
  typeIds: string[];
}
type Rows = Record<number, Row[]>;
type RowErrors = Record<string, string>;

const TABS: { value: SettingsTab; label: string; saved: string; failed: string }[] = [
  { value: 'general', label: 'General', saved: MSG.saved, failed: MSG.saveError },
  { value: 'noticePeriod', label: 'Notice Period', saved: MSG.noticeSaved, failed: MSG.noticeSaveError },
  { value: 'exit', label: 'Exit', saved: MSG.exitSaved, failed: MSG.exitSaveError },
];

let nextKey = 1;
const emptyRow = (setting: EmploymentTypeSetting): Row => ({ key: nextKey++, value: setting.dataType === 'Boolean' ? 'false' : '', typeIds: [] });

function rowsFrom(settings: EmploymentTypeSetting[], saved: SavedSettingValue[]): Rows {
  const rows: Rows = {};
  for (const s of settings) {
    const mine = saved.filter((v) => v.employmentTypeSettingId === s.employmentTypeSettingId);
    rows[s.employmentTypeSettingId] = mine.length > 0 ? mine.map((v) => ({ key: nextKey++, value: v.value, typeIds: v.employmentTypeIds ? v.employmentTypeIds.split(',') : [] })) : [emptyRow(s)];
  }
  return rows;
}

/** "NoticePeriodBuyout" → "Notice Period Buyout". */
const categoryTitle = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2');

/** Platform §5: the messages of one row, or none. */
function rowError(setting: EmploymentTypeSetting, row: Row): { value?: string; types?: string } {
  const value = row.value.trim();
  if (setting.dataType !== 'Boolean' && value === '') return {};
  const invalid = settingValueError({ ...setting, categoryId: setting.category.categoryId, minValue: setting.minValue ?? undefined, maxValue: setting.maxValue ?? undefined, maxLength: setting.maxLength ?? undefined, defaults: [] }, value);
  if (invalid) return { value: invalid };
  if (row.typeIds.length === 0) {
    if (setting.dataType !== 'Boolean') return { types: MSG.valueWithoutType };
    if (value === 'true') return { types: MSG.toggleWithoutType };
  }
  return {};
}

function ValueInput({ setting, row, error, onChange }: { setting: EmploymentTypeSetting; row: Row; error: string | undefined; onChange: (value: string) => void }) {
  const label = setting.label;
  switch (setting.dataType) {
    case 'Boolean':
      return <Switch label={label} checked={row.value === 'true'} onChange={(e) => onChange(e.currentTarget.checked ? 'true' : 'false')} error={error} />;
    case 'Integer':
      return <NumberInput label={label} value={row.value} onChange={(v) => onChange(String(v))} allowDecimal={false} allowNegative={false} min={setting.minValue ?? undefined} max={setting.maxValue ?? undefined} error={error} w={220} />;
    case 'Decimal':
      return <NumberInput label={label} value={row.value} onChange={(v) => onChange(String(v))} step={0.01} decimalScale={2} allowNegative={false} min={setting.minValue ?? undefined} max={setting.maxValue ?? undefined} error={error} w={220} />;
    case 'DateTime':
      return <DateField label={label} value={row.value} onChange={onChange} error={error} clearable w={220} />;
    case 'String':
      return <TextInput label={label} value={row.value} onChange={(e) => onChange(e.currentTarget.value)} maxLength={setting.maxLength ?? 200} error={error} w={320} />;
  }
}

function SettingEditor({
  setting,
  rows,
  types,
  errors,
  onChange,
}: {
  setting: EmploymentTypeSetting;
  rows: Row[];
  types: EmploymentTypeOption[];
  errors: RowErrors;
  onChange: (rows: Row[]) => void;
}) {
  const used = (except: Row) => new Set(rows.filter((r) => r !== except).flatMap((r) => r.typeIds));
  const allUsed = new Set(rows.flatMap((r) => r.typeIds));
  const update = (row: Row, patch: Partial<Row>) => onChange(rows.map((r) => (r === row ? { ...r, ...patch } : r)));
  return (
    <Stack gap="xs" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Text size="sm" c="dimmed">
        {setting.description}
      </Text>
      {rows.map((row) => {
        const hasValue = setting.dataType === 'Boolean' || row.value.trim() !== '';
        const taken = used(row);
        const typeError = errors[`${String(row.key)}.types`];
        return (
          <Group key={row.key} align="flex-start" gap="lg" wrap="wrap">
            <ValueInput setting={setting} row={row} error={errors[`${String(row.key)}.value`]} onChange={(value) => update(row, value.trim() === '' && setting.dataType !== 'Boolean' ? { value, typeIds: [] } : { value })} />
            <Stack gap={4}>
              <Text size="xs" fw={500}>
                Employment types
              </Text>
              <Tooltip label={MSG.enterValueFirst} disabled={hasValue} withinPortal>
                <Group gap="md">
                  {types.map((t) => (
                    <Checkbox
                      key={t.id}
                      label={t.name}
                      aria-label={`${setting.label}: ${t.name}`}
                      checked={row.typeIds.includes(t.id)}
                      disabled={!hasValue || taken.has(t.id)}
                      onChange={(e) => update(row, { typeIds: e.currentTarget.checked ? [...row.typeIds, t.id] : row.typeIds.filter((id) => id !== t.id) })}
                    />
                  ))}
                </Group>
              </Tooltip>
              {!hasValue ? (
                <Text size="xs" c="dimmed">
                  {MSG.enterValueFirst}
                </Text>
              ) : null}
              {typeError ? (
                <Text size="xs" c="red" role="alert">
                  {typeError}
                </Text>
              ) : null}
            </Stack>
            {rows.length > 1 ? (
              <ActionIcon variant="subtle" color="red" aria-label={`Remove this value of ${setting.label}`} onClick={() => onChange(rows.filter((r) => r !== row))} mt={22}>
                <IconTrash size={16} />
              </ActionIcon>
            ) : null}
          </Group>
        );
      })}
      {allUsed.size < types.length ? (
        <Group>
          <Button size="compact-xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => onChange([...rows, emptyRow(setting)])}>
            Add a value for other employment types
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function CategoryCard({ category, settings, children }: { category: SettingCategory; settings: EmploymentTypeSetting[]; children: React.ReactNode }) {
  const [opened, setOpened] = useState(true);
  const title = categoryTitle(category.categoryName);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <UnstyledButton onClick={() => setOpened((o) => !o)} aria-expanded={opened} w="100%">
        <Group justify="space-between">
          <Group gap="xs">
            {opened ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            <Text fw={600}>{title}</Text>
          </Group>
          <Badge variant="light">{settings.length === 1 ? '1 setting' : `${String(settings.length)} settings`}</Badge>
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened}>{settings.length === 0 ? <EmptyState message={MSG.emptyCategory} /> : children}</Collapse>
    </Card>
  );
}

/** /org/employment-settings (platform §2.8, §5, §7.6): the settings by category, under General, Notice Period and Exit tabs. */
export function EmploymentSettingsPage() {
  const categories = useSettingCategories();
  const settings = useEmploymentTypeSettings();
  const saved = useSavedSettingValues();
  const types = useEmploymentTypes();
  const queryClient = useQueryClient();
  // The saved values as rows, until the person edits them (a new save or refetch starts again from the server's).
  const base = useMemo(() => (settings.data && saved.data ? rowsFrom(settings.data, saved.data) : {}), [settings.data, saved.data]);
  const [draft, setDraft] = useState<{ from: Rows; rows: Rows } | null>(null);
  const rows = draft && draft.from === base ? draft.rows : base;
  const setRows = (update: (all: Rows) => Rows) => setDraft({ from: base, rows: update(rows) });
  const [errors, setErrors] = useState<RowErrors>({});
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState<SettingsTab>('general');

  const byTab = useMemo(() => {
    const list = categories.data ?? [];
    return (t: SettingsTab) => list.filter((c) => tabOfCategory(c.categoryName) === t);
  }, [categories.data]);

  const queries = [categories, settings, saved, types];
  if (queries.some((q) => q.isPending)) return <PageLoader label="Loading employment type settings" />;
  const failed = queries.find((q) => q.isError);
  if (failed) return <ErrorState message={errorMessage(failed.error, 'Failed to load the employment type settings.')} onRetry={() => queries.forEach((q) => void q.refetch())} />;
  const allSettings = settings.data ?? [];
  const settingsOf = (c: SettingCategory) => allSettings.filter((s) => s.category.categoryId === c.categoryId);

  const save = async (t: (typeof TABS)[number]) => {
    const tabCategories = byTab(t.value);
    const tabSettings = allSettings.filter((s) => tabCategories.some((c) => c.categoryId === s.category.categoryId));
    const found: RowErrors = {};
    for (const s of tabSettings) {
      for (const row of rows[s.employmentTypeSettingId] ?? []) {
        const e = rowError(s, row);
        if (e.value) found[`${String(row.key)}.value`] = e.value;
        if (e.types) found[`${String(row.key)}.types`] = e.types;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(MSG.fixErrors);
      return;
    }
    const items = tabSettings.flatMap((s) =>
      (rows[s.employmentTypeSettingId] ?? [])
        // Platform §5: a cleared non-Boolean value drops the setting; an unticked, switched-off toggle is not worth a row.
        .filter((r) => (s.dataType === 'Boolean' ? r.value === 'true' || r.typeIds.length > 0 : r.value.trim() !== ''))
        .map((r) => ({ employmentTypeSettingId: s.employmentTypeSettingId, employmentTypeIds: r.typeIds.join(','), value: r.value.trim() })),
    );
    setSaving(true);
    try {
      await saveSettingValues(items, { exists: (saved.data ?? []).length > 0, categoryIds: tabCategories.map((c) => c.categoryId) });
      toast.success(t.saved);
      await queryClient.invalidateQueries({ queryKey: [EMPLOYMENT_SETTINGS_KEY, 'values'] });
    } catch {
      toast.error(t.failed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={2}>Employment Type Settings</Title>
      {allSettings.length === 0 ? (
        <EmptyState message={MSG.emptyAll} />
      ) : (
        <Tabs value={tab} onChange={(v) => setTab((v as SettingsTab | null) ?? 'general')} keepMounted={false}>
          <Tabs.List>
            {TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((t) => (
            <Tabs.Panel key={t.value} value={t.value} pt="md">
              <Stack gap="md">
                {byTab(t.value).length === 0 ? <EmptyState message={MSG.emptyAll} /> : null}
                {byTab(t.value).map((c) => (
                  <CategoryCard key={c.categoryId} category={c} settings={settingsOf(c)}>
                    {settingsOf(c).map((s) => (
                      <SettingEditor
                        key={s.employmentTypeSettingId}
                        setting={s}
                        rows={rows[s.employmentTypeSettingId] ?? []}
                        types={types.data ?? []}
                        errors={errors}
                        onChange={(next) => setRows((all) => ({ ...all, [s.employmentTypeSettingId]: next }))}
                      />
                    ))}
                  </CategoryCard>
                ))}
                <Group justify="flex-end">
                  <Button onClick={() => void save(t)} loading={saving}>
                    Save Settings
                  </Button>
                </Group>
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}
