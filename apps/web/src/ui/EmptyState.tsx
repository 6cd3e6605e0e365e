import { Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

export function EmptyState({ message }: { message: string }) {
  return (
    <Stack align="center" gap={4} py="md" c="dimmed">
      <IconInbox size={28} stroke={1.5} aria-hidden />
      <Text size="sm" c="dimmed">
        {message}
      </Text>
    </Stack>
  );
}
