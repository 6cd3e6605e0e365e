import { useMemo, useState } from 'react';
import { Alert, Button, Group, Menu, Pagination, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_MSG, AUDIT_PAGE_SIZE, type AuditEntryView, type AuditVerify } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { DateField } from '../../ui/DateField';
import { ResponsiveList, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useApiMutation } from '../../ui/kit/useApiMutation';
import { AuditEntryChanges, actionLabel, auditTimeText, entityLabel, entitySubject } from './AuditEntryChanges';
import { downloadAuditLog, useAuditLog, usePeopleSearch, verifyChain, type AuditFilters } from './audit-log.api';

function PersonFilter({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [opened, setOpened] = useState(false);
  const people = usePeopleSearch(debounced, opened);
  const data = useMemo(() => (people.data ?? []).map((u) => ({ value: u.id, label: u.name || `${u.firstName} ${u.lastName}` })), [people.data]);
  return (
    <Select
      label="Person"
      placeholder="Anyone"
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      filter={({ options }) => options}
      nothingFoundMessage={people.isFetching ? 'Searching…' : 'No people found'}
      w={{ base: '100%', sm: 220 }}
    />
  );
}

function VerifyResult({ result }: { result: AuditVerify }) {
  return result.valid ? (
    <Alert color="green" title={AUDIT_MSG.chainValid} role="status">
      {result.entries.toLocaleString('en-IN')} entries checked: every entry matches its hash and links to the one before it.
    </Alert>
  ) : (
    <Alert color="red" title={AUDIT_MSG.chainBroken} role="alert">
      Entry {result.firstBrokenId} does not match its hash or its link: it, or an entry before it, was changed or removed outside the application ({result.entries.toLocaleString('en-IN')} entries).
    </Alert>
  );
}

/** Settings → Audit log (administrators): who changed what, filtered, with each entry's before and after; export; the chain check. */
export function AuditLogPage() {
  const [page, setPage] = useState(1);
  const [actorId, setActorId] = useState<string | null>(null);
  const [entity, setEntity] = useState<string | null>(null);
  const [action, setAction] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [expanded, setExpanded] = useState<string | null>(null);
  const filters: AuditFilters = {
    ...(actorId ? { actorId } : {}),
    ...(entity ? { entity } : {}),
    ...(action ? { action } : {}),
    ...(from ? { from } : {}),
    ...(to && (!from || to >= from) ? { to } : {}),
  };
  const log = useAuditLog(filters, page);
  const verify = useApiMutation({ mutationFn: verifyChain, errorText: 'Could not check the audit chain.' });
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const exportAs = (format: 'xlsx' | 'csv') => {
    downloadAuditLog(filters, format).catch((error: unknown) => toast.error(errorMessage(error, 'Could not export the audit log.')));
  };
  const pages = log.data ? Math.ceil(log.data.totalRecords / AUDIT_PAGE_SIZE) : 0;

  const columns: ListColumn<AuditEntryView>[] = [
    { label: 'Time', cell: (e) => auditTimeText(e.at), primary: true },
    { label: 'Person', cell: (e) => e.actorName ?? 'System' },
    { label: 'Action', cell: (e) => actionLabel(e.action) },
    { label: 'Entity', cell: (e) => entitySubject(e) },
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
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Audit log</Title>
        <Group gap="xs" wrap="wrap">
          <Button leftSection={<IconShieldCheck size={16} />} variant="light" loading={verify.isPending} onClick={() => verify.mutate()}>
            Verify chain
          </Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button leftSection={<IconDownload size={16} />} variant="default">
                Export
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => exportAs('xlsx')}>Excel (XLSX)</Menu.Item>
              <Menu.Item onClick={() => exportAs('csv')}>CSV</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Every change to pay, bank details, identifiers, settings, roles and payroll, and every sign-in. Entries cannot be changed or removed; each carries a hash of itself and of the entry before it.
      </Text>
      {verify.data && <VerifyResult result={verify.data} />}
      <Group align="flex-end" wrap="wrap">
        <PersonFilter value={actorId} onChange={filter(setActorId)} />
        <Select label="Action" placeholder="Any action" data={AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))} value={action} onChange={filter(setAction)} clearable w={{ base: '100%', sm: 180 }} />
        <Select label="Entity" placeholder="Anything" data={AUDIT_ENTITIES.map((e) => ({ value: e, label: entityLabel(e) }))} value={entity} onChange={filter(setEntity)} clearable w={{ base: '100%', sm: 180 }} />
        <DateField label="From" clearable value={from} onChange={filter(setFrom)} />
        <DateField label="To" clearable value={to} min={from} onChange={filter(setTo)} />
      </Group>
      <ResponsiveList
        label="Audit log"
        columns={columns}
        rows={log.data?.rows ?? []}
        rowKey={(e) => e.id}
        loading={log.isPending}
        error={log.isError ? errorMessage(log.error, 'Failed to load the audit log.') : null}
        onRetry={() => void log.refetch()}
        loadingLabel="Loading the audit log"
        emptyMessage={AUDIT_MSG.empty}
        minWidth={760}
      />
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={page} onChange={setPage} aria-label="Audit log pages" />
        </Group>
      )}
    </Stack>
  );
}
