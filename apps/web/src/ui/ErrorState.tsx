import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface ErrorStateProps {
  message: string;
  title?: string;
  onRetry?: () => void;
  /** The retry button's text. */
  retryLabel?: string;
}

export function ErrorState({ message, title = 'Something went wrong', onRetry, retryLabel = 'Try again' }: ErrorStateProps) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle size={18} />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {retryLabel}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
