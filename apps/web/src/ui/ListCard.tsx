import type { ReactNode } from 'react';
import { Card, Stack } from '@mantine/core';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { PageLoader } from './PageLoader';

export interface ListCardProps {
  loading: boolean;
  /** The failure text, or null when the list loaded. */
  error: string | null;
  onRetry: () => void;
  empty: boolean;
  loadingLabel: string;
  emptyMessage: string;
  /** The list itself, shown once it has loaded with rows. */
  children: ReactNode;
}

/** A list's card: loading, failure with retry, the empty state, or the list (tables of the feature pages). */
export function ListCard({ loading, error, onRetry, empty, loadingLabel, emptyMessage, children }: ListCardProps) {
  return (
    <Card withBorder padding={0} radius="md">
      {loading ? (
        <PageLoader label={loadingLabel} />
      ) : error !== null ? (
        <Stack p="md">
          <ErrorState message={error} onRetry={onRetry} />
        </Stack>
      ) : empty ? (
        <Stack p="xl">
          <EmptyState message={emptyMessage} />
        </Stack>
      ) : (
        children
      )}
    </Card>
  );
}
