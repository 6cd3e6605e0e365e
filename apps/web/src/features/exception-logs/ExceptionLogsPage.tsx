import { useState } from 'react';
import { Card, Code, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EXCEPTION_LOG_PAGE_SIZE, EXCEPTION_LOG_RETENTION_DAYS, exceptionLogListReplySchema, type ExceptionLog } from '@tankha/contracts';
import { api, errorMessage } from '../../app/api';
import { DateField } from '../../ui/DateField';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';

export const EXCEPTION_LOG_COLUMNS = ['Time', 'Method', 'Route', 'Request ID', 'Error', 'Message', 'User ID'] as const;

interface LogQuery {
  pageNumber: number;
  from?: string;
  to?: string;
  route?: string;
  search?: string;
}

function useExceptionLogs(query: LogQuery) {
  return useQuery({
    queryKey: ['exception-logs', query],
    queryFn: async ({ signal }): Promise<{ rows: ExceptionLog[]; totalRecords: number }> => {
      const reply = await api.get('/exception-logs', exceptionLogListReplySchema, { query: { pageSize: EXCEPTION_LOG_PAGE_SIZE, ...query }, quiet: true, signal });
      return { rows: reply.data, totalRecords: reply.totalRecords };
    },
    placeholderData: keepPreviousData,
  });
}

const timeText = (iso: string) => new Date(iso).toLocaleString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * /exception-logs (administrators and moderators): the organisation's unexpected server errors, newest
 * first, kept 90 days — time, route, request id and message (no request bodies, no query strings).
 */
export function ExceptionLogsPage() {
  const [page, setPage] = useState(1);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [route, setRoute] = useState('');
  const [search, setSearch] = useState('');
  const [debouncedRoute] = useDebouncedValue(route.trim(), 300);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const logs = useExceptionLogs({
    pageNumber: page,
    ...(from ? { from } : {}),
    ...(to && (!from || to >= from) ? { to } : {}),
    ...(debouncedRoute ? { route: debouncedRoute } : {}),
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
  });
  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };
  const pages = logs.data ? Math.ceil(logs.data.totalRecords / EXCEPTION_LOG_PAGE_SIZE) : 0;

  return (
    <Stack gap="md">
      <Title order={2}>Exception Logs</Title>
      <Text size="sm" c="dimmed">
        Unexpected server errors of your organisation from the last {EXCEPTION_LOG_RETENTION_DAYS} days. Quote the request ID when you contact support.
      </Text>
      <Group align="flex-end" wrap="wrap">
        <DateField label="From" clearable value={from} onChange={filter(setFrom)} />
        <DateField label="To" clearable value={to} min={from} onChange={filter(setTo)} />
        <TextInput label="Route" placeholder="e.g. Leaves" value={route} onChange={(e) => filter(setRoute)(e.currentTarget.value)} w={220} />
        <TextInput label="Search" placeholder="Message, error or request ID" value={search} onChange={(e) => filter(setSearch)(e.currentTarget.value)} w={260} />
      </Group>
      <Card withBorder padding={0} radius="md">
        {logs.isPending ? (
          <PageLoader label="Loading exception logs" />
        ) : logs.isError ? (
          <Stack p="md">
            <ErrorState message={errorMessage(logs.error, 'Failed to load exception logs.')} onRetry={() => void logs.refetch()} />
          </Stack>
        ) : logs.data.rows.length === 0 ? (
          <Stack p="xl">
            <EmptyState message="No exceptions recorded for these filters." />
          </Stack>
        ) : (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={1000} type="native">
              <Table aria-label="Exception logs" verticalSpacing="sm" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    {EXCEPTION_LOG_COLUMNS.map((c) => (
                      <Table.Th key={c}>{c}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {logs.data.rows.map((l) => (
                    <Table.Tr key={l.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{timeText(l.occurredAt)}</Table.Td>
                      <Table.Td>{l.method}</Table.Td>
                      <Table.Td>
                        <Code>{l.route}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Code>{l.requestId}</Code>
                      </Table.Td>
                      <Table.Td>{l.errorType}</Table.Td>
                      <Table.Td style={{ maxWidth: 360, wordBreak: 'break-word' }}>{l.message}</Table.Td>
                      <Table.Td>
                        <Text size="xs" ff="monospace">
                          {l.userId ?? '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {pages > 1 && (
              <Group justify="flex-end" p="sm">
                <Pagination total={pages} value={page} onChange={setPage} aria-label="Exception log pages" />
              </Group>
            )}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
