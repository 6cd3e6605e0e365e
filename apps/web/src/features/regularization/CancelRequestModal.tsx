import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { RequestRow } from '@tankha/contracts';
import { displayDateRange } from './request-format';

/** The confirmation before an employee cancels a regularization request (MyRequestsPanel loads it when asked). */
export function CancelRequestModal({ request, busy, onKeep, onConfirm }: { request: RequestRow; busy: boolean; onKeep: () => void; onConfirm: () => void }) {
  return (
    <Modal opened onClose={onKeep} title="Cancel Request" centered>
      <Stack>
        <Text size="sm">Cancel your regularization request for {displayDateRange(request.startDate, request.endDate)}? It cannot be reopened.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeep} disabled={busy}>
            Keep it
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            Yes, cancel it
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
