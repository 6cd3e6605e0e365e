import { Alert } from '@mantine/core';

/** The red message above a form when the server refused it; renders nothing without one. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
