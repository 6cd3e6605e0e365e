import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** 'Delete Earning' / 'Delete Deduction': names the component; the delete button shows progress. */
export function ConfirmDeleteModal({ title, name, busy, onCancel, onConfirm }: { title: string; name: string | null; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Modal opened={name !== null} onClose={onCancel} title={title} centered>
      <Stack>
        <Text size="sm">
          Are you sure you want to delete <b>{name}</b>? This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            Yes, delete it
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
