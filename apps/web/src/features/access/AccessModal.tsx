import { useEffect } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { registerAccessModal } from '../../app/access-control';
import { ACCESS_COPY, AccessAction } from './AccessScreen';

/** The access modal (Premium Plan Required); while mounted, feature-denied replies open it. */
export function AccessModal() {
  const [opened, { open, close }] = useDisclosure(false);
  useEffect(() => registerAccessModal(open), [open]);
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
