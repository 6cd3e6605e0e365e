import { Suspense, lazy, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileDescription, IconInfoCircle, IconLock, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_IT_REMINDER_BODY, DEFAULT_IT_REMINDER_SUBJECT, DEFAULT_POI_REMINDER_BODY, DEFAULT_POI_REMINDER_SUBJECT, TAX_WINDOW_MSG } from '@tankha/contracts';
import { MAX_TAX_REMINDERS, financialYearStartOf } from '@tankha/domain';
import { ApiError } from '../../app/api';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { DateField } from '../../ui/DateField';
import { PageLoader } from '../../ui/PageLoader';
// The editor (tiptap and ProseMirror) is most of this page's weight: loaded when a reminder is opened.
const ReminderModal = lazy(() => import('./ReminderModal').then((m) => ({ default: m.ReminderModal })));
import {
  TAX_WINDOWS_KEY,
  deleteReminder,
  lockWindow,
  openHelpDocument,
  reminderItems,
  saveItConfig,
  savePoiConfig,
  saveReminder,
  useWindowConfig,
  type ReminderItem,
  type WindowConfig,
  type WindowKind,
} from './tax-windows.api';
import { MONTH_OPTIONS, daysLabel, ddmmyyyy, defaultReminders, initialValues, lockDateError, pickerRange, toItInput, toPoiInput, type WindowValues } from './window-form';
import { toastApiError } from '../../ui/kit/api-error-toast';

/** The organisation's zone when the session carries none (DESIGN §5 default). */

const TEXT = {
  declaration: {
    title: 'Income Tax Declaration',
    release: 'Release IT Declaration',
    dialogTitle: 'Release IT Declaration',
    lockFailed: TAX_WINDOW_MSG.itLockFailed,
    alreadyLocked: TAX_WINDOW_MSG.itAlreadyLocked,
    saveFailed: TAX_WINDOW_MSG.itSaveFailed,
    what: 'submit and change their investment declarations',
    lockedText: 'Investment Declaration submission is locked. Employees cannot submit or change their declarations.',
    subject: DEFAULT_IT_REMINDER_SUBJECT,
    body: DEFAULT_IT_REMINDER_BODY,
  },
  poi: {
    title: 'Proof of Investment',
    release: 'Release Proof Of Investments',
    dialogTitle: 'Release POI Submission',
    lockFailed: TAX_WINDOW_MSG.poiLockFailed,
    alreadyLocked: TAX_WINDOW_MSG.poiAlreadyLocked,
    saveFailed: TAX_WINDOW_MSG.itSaveFailed,
    what: 'upload proofs of their investments',
    lockedText: 'Proof Of Investment submission is locked. Employees cannot upload or change their proofs.',
    subject: DEFAULT_POI_REMINDER_SUBJECT,
    body: DEFAULT_POI_REMINDER_BODY,
  },
} as const;

const yearLabel = (start: number) => `${String(start)}-${String((start + 1) % 100).padStart(2, '0')}`;

/** The Declarations tab of /payroll/lock-unlock. */
export function DeclarationsTab({ today }: { today?: string }) {
  const organizationToday = useToday();
  return <WindowPreferences kind="declaration" today={today ?? organizationToday} />;
}

/** The Proofs tab of /payroll/lock-unlock. */
export function ProofsTab({ today }: { today?: string }) {
  const organizationToday = useToday();
  return <WindowPreferences kind="poi" today={today ?? organizationToday} />;
}

/**
 * Admin IT Declaration / POI preferences (payroll spec §2): the configuration form while the
 * window is released or the administrator has just clicked release, otherwise the locked state.
 */
function WindowPreferences({ kind, today }: { kind: WindowKind; today: string }) {
  const financialYearStart = financialYearStartOf(today);
  const query = useWindowConfig(kind, financialYearStart);
  const [editing, setEditing] = useState(false);
  if (query.isPending) return <PageLoader />;
  if (query.isError) console.error('Failed to load the window configuration', query.error);
  // Payroll spec §8: a failed fetch is only logged; the defaults apply.
  const config = query.isError ? null : query.data;
  const released = config?.status === 1;
  return (
    <Card withBorder radius="md" padding="lg" maw={880}>
      {released || editing ? (
        <WindowForm key={config?.id ?? 'new'} kind={kind} config={config} today={today} financialYearStart={financialYearStart} onDone={() => setEditing(false)} />
      ) : (
        <LockedView kind={kind} config={config} financialYearStart={financialYearStart} onRelease={() => setEditing(true)} />
      )}
    </Card>
  );
}

function HelpLink({ kind }: { kind: WindowKind }) {
  const [busy, setBusy] = useState(false);
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        openHelpDocument(kind)
          .catch((error: unknown) => console.error('help document', error))
          .finally(() => setBusy(false));
      }}
    >
      <Group gap={4} component="span">
        <IconFileDescription size={16} aria-hidden />
        Help document
      </Group>
    </Anchor>
  );
}

function Header({ kind, financialYearStart, status }: { kind: WindowKind; financialYearStart: number; status: 'Released' | 'Locked' }) {
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        <Group gap="sm">
          <Title order={4}>{TEXT[kind].title}</Title>
          {/* Payroll spec §2: Locked red, Released blue. */}
          <Badge color={status === 'Locked' ? 'red' : 'blue'} variant="light">
            {status}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Financial year {yearLabel(financialYearStart)}
        </Text>
      </div>
      <HelpLink kind={kind} />
    </Group>
  );
}

/** The locked state: the release button and the other settings read-only (payroll spec §2). */
function LockedView({ kind, config, financialYearStart, onRelease }: { kind: WindowKind; config: WindowConfig | null; financialYearStart: number; onRelease: () => void }) {
  const values = initialValues(config);
  const lockedBy = config?.lockedAt ? (config.lockedByName ? `Locked on ${ddmmyyyy(config.lockedAt.slice(0, 10))} by ${config.lockedByName}.` : `Locked automatically after the lock date ${ddmmyyyy(config.endDate)}.`) : null;
  return (
    <Stack gap="md">
      <Header kind={kind} financialYearStart={financialYearStart} status="Locked" />
      <Alert variant="light" color="red" icon={<IconLock size={18} />}>
        {TEXT[kind].lockedText}
        {lockedBy && <Text size="sm">{lockedBy}</Text>}
        {!config && <Text size="sm">It has not been released for this financial year yet.</Text>}
      </Alert>
      <Checkbox label="Allow regime switch" checked={values.allowRegimeSwitch} disabled readOnly />
      {kind === 'declaration' ? (
        <Checkbox label="Allow TDS modification to exceed calculated amount" checked={values.allowTdsModificationExceedCalculatedAmount} disabled readOnly />
      ) : (
        <>
          <Checkbox label="Allow TDS modification during Payroll" checked={values.allowTdsModificationDuringPayroll} disabled readOnly />
          <Select label="Process payroll from" data={MONTH_OPTIONS} value={values.processPayrollFromMonth} disabled readOnly maw={260} />
        </>
      )}
      <Group>
        <Button onClick={onRelease}>{TEXT[kind].release}</Button>
        {config && (
          <Button variant="default" disabled leftSection={<IconLock size={16} />}>
            Already Locked
          </Button>
        )}
      </Group>
    </Stack>
  );
}

interface FormProps {
  kind: WindowKind;
  config: WindowConfig | null;
  today: string;
  financialYearStart: number;
  onDone: () => void;
}

function WindowForm({ kind, config, today, financialYearStart, onDone }: FormProps) {
  const text = TEXT[kind];
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [TAX_WINDOWS_KEY, kind] });
  const form = useForm<WindowValues>({
    initialValues: initialValues(config),
    // A saved lock date from another month is flagged as soon as the form opens (payroll spec §5).
    initialErrors: config && lockDateError(kind, config.endDate, today, { stored: true }) ? { endDate: lockDateError(kind, config.endDate, today, { stored: true }) } : {},
  });
  const { values } = form;
  const range = pickerRange(kind, today);
  const [drafts, setDrafts] = useState<ReminderItem[]>(() => defaultReminders(text.subject, text.body).map((r, i) => ({ ...r, id: `draft-${String(i)}` })));
  const reminders = config ? reminderItems(config) : drafts;
  const [editingReminder, setEditingReminder] = useState<{ reminder: ReminderItem | null; isNew: boolean } | null>(null);
  const [reminderSaving, setReminderSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [ticked, setTicked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [locking, setLocking] = useState(false);
  const isLocked = config !== null && config.status === 0;

  const validate = (): boolean => {
    const errors: Record<string, string> = {};
    const dateError = lockDateError(kind, values.endDate, today);
    if (dateError) errors.endDate = dateError;
    if (kind === 'poi' && !values.processPayrollFromMonth) errors.processPayrollFromMonth = TAX_WINDOW_MSG.monthRequired;
    form.setErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const release = async () => {
    setSaving(true);
    try {
      const localDrafts = drafts.map((d) => ({ ...d, id: null }));
      const { message } =
        kind === 'declaration'
          ? await saveItConfig(toItInput(values, config, financialYearStart, localDrafts))
          : await savePoiConfig(toPoiInput(values, config, financialYearStart, localDrafts));
      toast.success(message);
      setConfirming(false);
      await refresh();
      onDone();
    } catch (error) {
      if (error instanceof ApiError) {
        const fieldErrors = Object.fromEntries(Object.entries(error.errors).filter(([k]) => k === 'endDate' || k === 'processPayrollFromMonth'));
        if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      }
      toastApiError(error, text.saveFailed);
      setConfirming(false);
    } finally {
      setSaving(false);
    }
  };

  const lock = async () => {
    if (!config) return;
    if (isLocked) {
      toast.info(text.alreadyLocked);
      return;
    }
    setLocking(true);
    try {
      toast.success(await lockWindow(kind, config.id));
      // Payroll spec §4: "After a lock, the page reloads."
      await refresh();
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast.info(text.alreadyLocked);
        await refresh();
      } else toastApiError(error, text.lockFailed);
    } finally {
      setLocking(false);
    }
  };

  const saveReminderItem = async (item: ReminderItem) => {
    if (!config) {
      // Not released yet: the reminders go with the first save.
      setDrafts((list) => (editingReminder?.isNew ? [...list, { ...item, id: `draft-${String(Date.now())}` }] : list.map((d) => (d.id === item.id ? item : d))));
      setEditingReminder(null);
      return;
    }
    setReminderSaving(true);
    try {
      await saveReminder(kind, config.id, editingReminder?.isNew ? { ...item, id: null } : item);
      toast.success(TAX_WINDOW_MSG.reminderSaved);
      setEditingReminder(null);
      await refresh();
    } catch (error) {
      toastApiError(error, TAX_WINDOW_MSG.itSaveFailed);
    } finally {
      setReminderSaving(false);
    }
  };

  const deleteReminderItem = async (item: ReminderItem) => {
    if (!config) {
      setDrafts((list) => list.filter((d) => d.id !== item.id));
      setEditingReminder(null);
      return;
    }
    setReminderSaving(true);
    try {
      if (item.id) await deleteReminder(kind, item.id);
      toast.success(TAX_WINDOW_MSG.reminderDeleted);
    } catch (error) {
      // Payroll spec §8: reminder delete failures are only logged.
      console.error('Failed to delete the reminder', error);
    } finally {
      setReminderSaving(false);
      setEditingReminder(null);
      await refresh();
    }
  };

  const openRelease = form.onSubmit(() => {
    if (!validate()) return;
    setTicked(false);
    setConfirming(true);
  });

  const usedDays = reminders.filter((r) => r.id !== editingReminder?.reminder?.id || editingReminder.isNew).map((r) => r.daysBeforeLockDate);

  return (
    <form onSubmit={openRelease} noValidate>
      <Stack gap="md">
        <Header kind={kind} financialYearStart={financialYearStart} status={config?.status === 1 ? 'Released' : 'Locked'} />
        {config?.status === 1 && (
          <Text size="sm">
            Released on {ddmmyyyy(config.startDate)}. Employees can {text.what} until the lock date.
          </Text>
        )}
        <Group align="flex-start" grow maw={560}>
          <DateField
            label="Lock date"
            description={`From ${ddmmyyyy(range.min)} to ${ddmmyyyy(range.max)}`}
            required
            value={values.endDate}
            onChange={(value) => {
              form.setFieldValue('endDate', value);
              form.setFieldError('endDate', value ? lockDateError(kind, value, today) : null);
            }}
            min={range.min}
            max={range.max}
            error={form.errors.endDate}
          />
          {kind === 'poi' && (
            <Select
              label="Process payroll from"
              placeholder="Select month"
              required
              data={MONTH_OPTIONS}
              value={values.processPayrollFromMonth || null}
              onChange={(value) => form.setFieldValue('processPayrollFromMonth', value ?? '')}
              error={form.errors.processPayrollFromMonth}
              allowDeselect={false}
            />
          )}
        </Group>

        <Stack gap="xs">
          <Checkbox label="Allow regime switch" {...form.getInputProps('allowRegimeSwitch', { type: 'checkbox' })} />
          {kind === 'declaration' ? (
            <Checkbox label="Allow TDS modification to exceed calculated amount" {...form.getInputProps('allowTdsModificationExceedCalculatedAmount', { type: 'checkbox' })} />
          ) : (
            <>
              <Checkbox label="Allow TDS modification during Payroll" {...form.getInputProps('allowTdsModificationDuringPayroll', { type: 'checkbox' })} />
              {/* Payroll spec §5: shown only while TDS modification during payroll is ticked. */}
              {values.allowTdsModificationDuringPayroll && <Checkbox ml="lg" label="TDS can exceed the annual limit" {...form.getInputProps('canTdsExceedAnnualLimit', { type: 'checkbox' })} />}
              <Checkbox label="Mandate investment proof attachments" {...form.getInputProps('mandateInvestmentProofAttachments', { type: 'checkbox' })} />
              <Checkbox label="Mandate reviewer comments for partial approval" {...form.getInputProps('mandateReviewerCommentsForPartialApproval', { type: 'checkbox' })} />
            </>
          )}
        </Stack>

        <div>
          <Title order={5}>Notifications</Title>
          <Text size="sm" c="dimmed">
            E-mails go from the primary contact set in Settings &gt; Preferences &gt; Sender Email Preferences. Reminders are sent at 6:00 AM.
          </Text>
        </div>
        <Stack gap="xs">
          <Checkbox label="Notify employees on release" {...form.getInputProps('notifyOnRelease', { type: 'checkbox' })} />
          <Checkbox label="Enable e-mail reminder" {...form.getInputProps('enableReminderEmails', { type: 'checkbox' })} />
          {values.enableReminderEmails ? (
            <RemindersTable reminders={reminders} onEdit={(reminder) => setEditingReminder({ reminder, isNew: false })} />
          ) : (
            <Text size="sm" c="dimmed" ml="lg">
              Every reminder is turned off when you save.
            </Text>
          )}
          {values.enableReminderEmails && !reminders.some((r) => r.isEnabled) && (
            <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />} ml="lg">
              No reminder is enabled: e-mail reminders will be off after saving. Enable at least one reminder.
            </Alert>
          )}
          {values.enableReminderEmails && (
            <Group ml="lg">
              <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={reminders.length >= MAX_TAX_REMINDERS} onClick={() => setEditingReminder({ reminder: null, isNew: true })}>
                Add Reminder
              </Button>
              {reminders.length >= MAX_TAX_REMINDERS && (
                <Text size="xs" c="dimmed">
                  At most {MAX_TAX_REMINDERS} reminders.
                </Text>
              )}
            </Group>
          )}
          <Checkbox label="Notify employees on lock" {...form.getInputProps('notifyOnLock', { type: 'checkbox' })} />
        </Stack>

        <Group justify="flex-end">
          {config ? (
            <Button variant="default" color="red" leftSection={<IconLock size={16} />} disabled={isLocked || locking || saving} onClick={() => void lock()}>
              {isLocked ? 'Already Locked' : locking ? 'Locking...' : 'Lock'}
            </Button>
          ) : (
            <Button variant="default" onClick={onDone} disabled={saving}>
              Cancel
            </Button>
          )}
          {isLocked && (
            <Button variant="default" onClick={onDone} disabled={saving}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={saving || locking}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </Group>
      </Stack>

      <Modal opened={confirming} onClose={() => !saving && setConfirming(false)} title={text.dialogTitle} centered>
        <Stack>
          <Text size="sm">
            Employees will be able to {text.what} for the financial year {yearLabel(financialYearStart)} until <b>{ddmmyyyy(values.endDate)}</b>.
            {values.notifyOnRelease && !(config?.status === 1) ? ' Every active employee is e-mailed that it is open.' : ''}
          </Text>
          <Checkbox label="I have reviewed these settings and want to release them to employees" checked={ticked} onChange={(e) => setTicked(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={saving}>
              Cancel
            </Button>
            <Button disabled={!ticked || saving} onClick={() => void release()}>
              {saving ? 'Saving...' : config ? 'Yes, Update & Release' : 'Yes, Save & Release'}
            </Button>
          </Group>
        </Stack>
      </Modal>

      {editingReminder !== null && (
        <Suspense fallback={null}>
          <ReminderModal
            opened
            reminder={editingReminder.reminder}
            isNew={editingReminder.isNew}
            usedDays={usedDays}
            saving={reminderSaving}
            defaultSubject={text.subject}
            defaultBody={text.body}
            onSave={(item) => void saveReminderItem(item)}
            onDelete={(item) => void deleteReminderItem(item)}
            onClose={() => setEditingReminder(null)}
          />
        </Suspense>
      )}
    </form>
  );
}

function RemindersTable({ reminders, onEdit }: { reminders: ReminderItem[]; onEdit: (reminder: ReminderItem) => void }) {
  if (reminders.length === 0) {
    return (
      <Text size="sm" c="dimmed" ml="lg">
        No reminders yet.
      </Text>
    );
  }
  return (
    <Table ml="lg" maw={760} withTableBorder verticalSpacing="xs" aria-label="Reminders">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={190}>When</Table.Th>
          <Table.Th>Subject</Table.Th>
          <Table.Th w={110}>Status</Table.Th>
          <Table.Th w={70} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...reminders]
          .sort((a, b) => b.daysBeforeLockDate - a.daysBeforeLockDate)
          .map((r) => (
            <Table.Tr key={r.id ?? r.daysBeforeLockDate}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{daysLabel(r.daysBeforeLockDate)}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={1}>
                  {r.subject}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={r.isEnabled ? 'teal' : 'gray'} variant="light" style={{ overflow: 'visible' }} miw={80}>
                  {r.isEnabled ? 'Enabled' : 'Disabled'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Button size="compact-sm" variant="subtle" aria-label={`Edit reminder ${daysLabel(r.daysBeforeLockDate)}`} onClick={() => onEdit(r)}>
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}
