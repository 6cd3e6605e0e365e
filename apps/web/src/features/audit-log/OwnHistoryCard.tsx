import { useState } from 'react';
import { Button, Group, Pagination, Stack, Title } from '@mantine/core';
import { AUDIT_MSG, AUDIT_PAGE_SIZE, type AuditEntryView } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { ResponsiveList, type ListColumn } from '../../ui/kit/ResponsiveList';
import { AuditEntryChanges, actionLabel, auditTimeText, entityLabel } from './AuditEntryChanges';
import { useOwnHistory } from './audit-log.api';

/** My profile → History of changes: every audit entry about the signed-in person, newest first. */
export function OwnHistoryCard() {
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<string | null>(null);
  const history = useOwnHistory(page);
  const pages = history.data ? Math.ceil(history.data.totalRecords / AUDIT_PAGE_SIZE) : 0;
  const columns: ListColumn<AuditEntryView>[] = [
    { label: 'Time', cell: (e) => auditTimeText(e.at), primary: true },
    { label: 'By', cell: (e) => e.actorName ?? 'System' },
    { label: 'What', cell: (e) => `${actionLabel(e.action)} · ${entityLabel(e.entity)}` },
    {
      label: 'Changes',
      ownClicks: true,
      cell: (e) => (
        <Stack gap={4}>
          <Button variant="subtle" size="compact-sm" onClick={() => setExpanded(expanded === e.id ? null : e.id)} aria-expanded={expanded === e.id} aria-label={`Before and after of entry ${String(e.seq)}`}>
            {expanded === e.id ? 'Hide' : 'Before and after'}
          </Button>
          {expanded === e.id && <AuditEntryChanges entry={e} />}
        </Stack>
      ),
    },
  ];
  return (
    <section aria-label="History of changes">
      <Stack gap="sm" mt="md">
        <Title order={3} size="h4">
          History of changes
        </Title>
        <ResponsiveList
          label="History of changes"
          columns={columns}
          rows={history.data?.rows ?? []}
          rowKey={(e) => e.id}
          loading={history.isPending}
          error={history.isError ? errorMessage(history.error, 'Failed to load the history of changes.') : null}
          onRetry={() => void history.refetch()}
          loadingLabel="Loading the history of changes"
          emptyMessage={AUDIT_MSG.empty}
          minWidth={600}
        />
        {pages > 1 && (
          <Group justify="flex-end">
            <Pagination total={pages} value={page} onChange={setPage} aria-label="History pages" />
          </Group>
        )}
      </Stack>
    </section>
  );
}
