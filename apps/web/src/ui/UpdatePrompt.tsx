import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

interface UpdatePromptProps {
  opened: boolean;
  /** Activates the new version and reloads the page. */
  onReload: () => void;
  onDismiss: () => void;
}

/**
 * Tells the user a new version was deployed while the app was open. It stays until they choose:
 * reloading by itself could throw away a half-filled form.
 */
export function UpdatePrompt({ opened, onReload, onDismiss }: UpdatePromptProps) {
  if (!opened) return null;
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={400}>
      <Paper role="status" aria-live="polite" aria-label="Update available" shadow="lg" withBorder p="sm" maw={480} mx="auto">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" fw={500}>
            Update available — reload to get the new version.
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Button variant="subtle" color="gray" size="xs" onClick={onDismiss}>
              Later
            </Button>
            <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={onReload}>
              Reload
            </Button>
          </Group>
        </Group>
      </Paper>
    </Affix>
  );
}
