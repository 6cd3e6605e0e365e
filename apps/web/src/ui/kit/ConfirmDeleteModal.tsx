import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDeleteModalProps {
  opened: boolean;
  /** 'Delete Shift', 'Delete Holiday': the pages' own titles, kept word for word. */
  title: string;
  /** What is deleted, in bold inside the standard question when no `message` is given. */
  name?: ReactNode;
  /** The page's own question when it says more than the standard one. */
  message?: ReactNode;
  /** Shown under the question: a choice the deletion needs, a refusal from the server. */
  children?: ReactNode;
  confirmLabel?: string;
  /** The delete is running: the confirm button shows progress and Cancel waits for it. */
  busy?: boolean;
  confirmDisabled?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The delete confirmation every list page uses: the question, then Cancel and a red confirm button. */
export function ConfirmDeleteModal({ opened, title, name, message, children, confirmLabel = 'Yes, delete it', busy = false, confirmDisabled = false, onCancel, onConfirm }: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack>
        <Text size="sm">
          {message ?? (
            <>
              Are you sure you want to delete <b>{name}</b>? This cannot be undone.
            </>
          )}
        </Text>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" loading={busy} disabled={confirmDisabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
