import '@mantine/tiptap/styles.css';
import { useState } from 'react';
import { Button, Checkbox, Group, Input, Menu, Modal, NativeSelect, Select, Stack, TextInput } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconBraces } from '@tabler/icons-react';
import { useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { FontFamily, TextStyle } from '@tiptap/extension-text-style';
import { TAX_REMINDER_BLOCK_FORMATS, TAX_REMINDER_FONTS, TAX_REMINDER_SUBJECT_MAX, TAX_WINDOW_MSG } from '@tankha/contracts';
import { TAX_REMINDER_PLACEHOLDERS } from '@tankha/domain';
import type { ReminderItem } from './tax-windows.api';
import { daysLabel } from './window-form';

const DAY_OPTIONS = Array.from({ length: 11 }, (_, days) => ({ value: String(days), label: daysLabel(days) }));

/** Payroll spec §2 "Block formats: Normal, Heading 1, Heading 2". */
function BlockFormatControl() {
  const { editor } = useRichTextEditorContext();
  const current = useEditorState({
    editor,
    selector: ({ editor: e }) => (e?.isActive('heading', { level: 1 }) ? 'h1' : e?.isActive('heading', { level: 2 }) ? 'h2' : 'p'),
  });
  return (
    <NativeSelect
      size="xs"
      aria-label="Block format"
      data={TAX_REMINDER_BLOCK_FORMATS.map((f) => ({ value: f.value, label: f.label }))}
      value={current ?? 'p'}
      onChange={(e) => {
        const value = e.currentTarget.value;
        const chain = editor?.chain().focus();
        if (value === 'h1') chain?.setHeading({ level: 1 }).run();
        else if (value === 'h2') chain?.setHeading({ level: 2 }).run();
        else chain?.setParagraph().run();
      }}
    />
  );
}

/** Payroll spec §2 "Editor fonts: Arial, Courier New, Georgia, Times New Roman, Verdana". */
function FontControl() {
  const { editor } = useRichTextEditorContext();
  const current = useEditorState({ editor, selector: ({ editor: e }) => (e?.getAttributes('textStyle').fontFamily as string | undefined) ?? '' });
  return (
    <NativeSelect
      size="xs"
      aria-label="Font"
      data={[{ value: '', label: 'Default font' }, ...TAX_REMINDER_FONTS.map((f) => ({ value: f, label: f }))]}
      value={TAX_REMINDER_FONTS.find((f) => current?.includes(f)) ?? ''}
      onChange={(e) => {
        const value = e.currentTarget.value;
        if (value) editor?.chain().focus().setFontFamily(value).run();
        else editor?.chain().focus().unsetFontFamily().run();
      }}
    />
  );
}

/** Inserts %CompanyName% and the other placeholders (payroll spec §3) at the cursor. */
function PlaceholderControl() {
  const { editor } = useRichTextEditorContext();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="default" leftSection={<IconBraces size={14} />}>
          Insert placeholder
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {TAX_REMINDER_PLACEHOLDERS.map((name) => (
          <Menu.Item key={name} onClick={() => editor?.chain().focus().insertContent(`%${name}%`).run()}>
            %{name}%
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

interface ReminderModalProps {
  opened: boolean;
  reminder: ReminderItem | null;
  /** Opened with Add Reminder: nothing to delete yet. */
  isNew: boolean;
  /** Days already used by the window's other reminders (one reminder per number of days). */
  usedDays: readonly number[];
  saving: boolean;
  onSave: (reminder: ReminderItem) => void;
  onDelete: (reminder: ReminderItem) => void;
  onClose: () => void;
  defaultSubject: string;
  defaultBody: string;
}

/**
 * The reminder editor (payroll spec §2): days before the lock date (0 to 10), subject, rich-text
 * body and enable; Save (disabled until days are chosen), Cancel, Delete Reminder (disabled for a
 * reminder not saved yet). The body goes to the server as HTML, which keeps only its allow-list.
 */
export function ReminderModal(props: ReminderModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.isNew ? 'Add Reminder' : 'Edit Reminder'} size="xl" centered>
      {props.opened && <ReminderForm key={props.reminder?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

function ReminderForm({ reminder, isNew, usedDays, saving, onSave, onDelete, onClose, defaultSubject, defaultBody }: ReminderModalProps) {
  const [days, setDays] = useState<string | null>(reminder ? String(reminder.daysBeforeLockDate) : null);
  const [subject, setSubject] = useState(reminder?.subject ?? defaultSubject);
  const [enabled, setEnabled] = useState(reminder?.isEnabled ?? true);
  const [subjectError, setSubjectError] = useState<string | null>(null);
  const [bodyError, setBodyError] = useState<string | null>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [1, 2] }, code: false, codeBlock: false, blockquote: false, horizontalRule: false, link: { openOnClick: false } }), TextStyle, FontFamily],
    content: reminder?.body ?? defaultBody,
    immediatelyRender: false,
    editorProps: { attributes: { 'aria-label': 'Email body' } },
  });
  const dayTaken = days !== null && usedDays.includes(Number(days));

  const save = () => {
    const trimmed = subject.trim();
    const body = editor?.getHTML() ?? '';
    const text = editor?.getText().trim() ?? '';
    setSubjectError(trimmed ? null : TAX_WINDOW_MSG.reminderSubjectRequired);
    setBodyError(text ? null : TAX_WINDOW_MSG.reminderBodyRequired);
    if (!trimmed || !text || days === null || dayTaken) return;
    onSave({ id: reminder?.id ?? null, daysBeforeLockDate: Number(days), isEnabled: enabled, subject: trimmed, body });
  };

  return (
    <Stack>
      <Select
        label="Send reminder"
        placeholder="Select days before lock date"
        data={DAY_OPTIONS}
        value={days}
        onChange={setDays}
        allowDeselect={false}
        required
        error={dayTaken ? TAX_WINDOW_MSG.reminderDuplicateDays(Number(days)) : undefined}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput label="Subject" value={subject} maxLength={TAX_REMINDER_SUBJECT_MAX} onChange={(e) => setSubject(e.currentTarget.value)} error={subjectError} required />
      <Input.Wrapper label="Body" required error={bodyError} description="Placeholders such as %EmployeeName% and %LockDate% are filled in for each employee.">
        <RichTextEditor editor={editor} mt={4}>
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <BlockFormatControl />
              <FontControl />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <PlaceholderControl />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
          <RichTextEditor.Content mih={180} />
        </RichTextEditor>
      </Input.Wrapper>
      <Checkbox label="Enable" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
      <Group justify="space-between">
        <Button color="red" variant="light" disabled={isNew || saving} onClick={() => reminder && onDelete(reminder)}>
          Delete Reminder
        </Button>
        <Group>
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={save} disabled={days === null} loading={saving}>
            Save
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
