import { Modal, Stack, Text } from '@mantine/core';
import { ACCESS_COPY, AccessAction } from './AccessScreen';

/** The dialog itself (AccessModal loads it on first use). */
export function AccessDialog({ opened, onClose: close }: { opened: boolean; onClose: () => void }) {
  const copy = ACCESS_COPY.premium;
  return (
    <Modal opened={opened} onClose={close} title={copy.title} centered>
      <Stack gap="md" align="center" ta="center">
        <Text>{copy.text}</Text>
        <AccessAction variant="premium" onNavigate={close} />
      </Stack>
    </Modal>
  );
}
