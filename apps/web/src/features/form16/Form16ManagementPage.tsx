import { Fragment, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Avatar, Badge, Button, Card, Group, Modal, Pagination, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown, IconChevronRight, IconCircleCheck, IconDownload, IconFileInvoice, IconFileZip, IconSearch, IconTrash, IconUpload, IconUserCheck } from '@tabler/icons-react';
import { formatFileSize } from '@tankha/domain';
import {
  FORM16_MSG,
  FORM16_PERSON_FIELD_LABELS,
  FORM16_SEARCH_DEBOUNCE_MS,
  FORM16_SEARCH_MIN_LENGTH,
  FORM16_TABLE_PAGE_SIZE,
  FORM16_TYPES,
  form16DefaultYear,
  form16Years,
  type Form16Record,
  type Form16User,
} from '@tankha/contracts';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { ListCard } from '../../ui/ListCard';
import { displayDate, initials } from '../../ui/format';
import { usePageTitleOrder } from '../payroll-setup/page-title-order';
import { downloadForm16, downloadMergedForm16, useDeleteForm16, useForm16Stats, useForm16Users, useGeneratePartB, useResponsiblePerson } from './form16.api';
import { ResponsiblePersonModal } from './ResponsiblePersonModal';
import { hasBothParts } from './form16.parts';
import { UploadForm16Modal } from './UploadForm16Modal';
import { BulkUploadModal } from './BulkUploadModal';
import { toastApiError } from '../../ui/kit/api-error-toast';

/** Payroll spec §2: employee name and number are cut to 20 characters. */
export function cut20(text: string): string {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}

/** The local calendar day of an instant, dd MMM yyyy. */
export function uploadedOn(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const pad = (n: number) => n.toString().padStart(2, '0');
  return displayDate(`${d.getFullYear().toString()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`);
}

/** The completion of the year, Part A and Part B counted apart: 'Part A: 12 of 40 · Part B: 40 of 40'. */
function completionText(s: { totalEmployees: number; partAEmployees: number; partBEmployees: number }): string {
  return `Part A: ${String(s.partAEmployees)} of ${String(s.totalEmployees)} · Part B: ${String(s.partBEmployees)} of ${String(s.totalEmployees)}`;
}

function StatCard({ label, value, icon, small, hint }: { label: string; value: string; icon?: ReactNode; small?: boolean; hint?: string }) {
  return (
    <Card withBorder padding="md" radius="md" aria-label={label} component="section">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {icon}
      </Group>
      <Text fw={700} size={small ? 'md' : 'xl'}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

const reportFailure = (fallback: string) => (error: unknown) => {
  toastApiError(error, fallback);
};

/** Form 16 management (payroll spec §2): the year's stats, the employees with their forms, upload, download, merge and delete. */
export function Form16ManagementPage({ today: todayProp }: { today?: string }) {
  const organizationToday = useToday();
  const today = todayProp ?? organizationToday;
  const titleOrder = usePageTitleOrder();
  const years = useMemo(() => form16Years(today), [today]);
  const [financialYear, setFinancialYear] = useState(() => form16DefaultYear(today));
  const [search, setSearch] = useState('');
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  // Payroll spec §9: the search runs 300 ms after the last key, with an empty text or at least 3 characters.
  const applySearch = useDebouncedCallback((raw: string) => {
    const text = raw.trim();
    if (text.length > 0 && text.length < FORM16_SEARCH_MIN_LENGTH) return;
    setSearchText(text);
    setPage(1);
  }, FORM16_SEARCH_DEBOUNCE_MS);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [uploadFor, setUploadFor] = useState<{ id: string; name: string } | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Form16Record | null>(null);
  const users = useForm16Users(financialYear, searchText, page);
  const stats = useForm16Stats(financialYear);
  const remove = useDeleteForm16();
  const generate = useGeneratePartB();
  const person = useResponsiblePerson();
  const [personOpen, setPersonOpen] = useState(false);
  const missingPerson = person.data ? (Object.keys(FORM16_PERSON_FIELD_LABELS) as (keyof typeof FORM16_PERSON_FIELD_LABELS)[]).filter((k) => !person.data[k]).map((k) => FORM16_PERSON_FIELD_LABELS[k]) : [];

  useEffect(() => {
    if (stats.isError) toast.error(FORM16_MSG.statsFailed);
  }, [stats.isError]);

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const download = (form: Form16Record) =>
    downloadForm16(form.id)
      .then(() => toast.success(FORM16_MSG.downloadStarted))
      .catch(reportFailure(FORM16_MSG.downloadFailed));
  const downloadMerged = (user: Form16User) =>
    downloadMergedForm16(user.id, financialYear)
      .then(() => toast.success(FORM16_MSG.mergedDownloadStarted))
      .catch(reportFailure(FORM16_MSG.mergedDownloadFailed));
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast.success(FORM16_MSG.deleted);
      setToDelete(null);
    } catch (error) {
      reportFailure(FORM16_MSG.deleteFailed)(error);
    }
  };

  /** Part B from the finalized payroll for everyone of the year; uploaded ones are kept. */
  const generatePartB = async () => {
    try {
      const reply = await generate.mutateAsync(financialYear);
      toast.success(reply.message);
    } catch (error) {
      reportFailure('Failed to generate Form 16 Part B')(error);
    }
  };

  const s = stats.data;
  const rows = users.data?.data ?? [];
  const total = users.data?.totalRecords ?? 0;
  const pages = Math.max(1, Math.ceil(total / FORM16_TABLE_PAGE_SIZE));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={titleOrder}>Form 16</Title>
        <Group align="flex-end">
          <Select
            label="Financial Year"
            data={years}
            value={financialYear}
            onChange={(v) => {
              if (!v) return;
              setFinancialYear(v);
              setPage(1);
            }}
            allowDeselect={false}
            w={170}
          />
          <Tooltip label={`Form 16 Part B from the finalized payroll of ${financialYear}, for every employee; uploaded Part B forms are kept`} withArrow>
            <Button leftSection={<IconFileInvoice size={16} />} variant="light" loading={generate.isPending} onClick={() => void generatePartB()}>
              Generate Part B
            </Button>
          </Tooltip>
          <Button leftSection={<IconFileZip size={16} />} variant="light" onClick={() => setBulkOpen(true)}>
            Bulk upload
          </Button>
          <Tooltip label="The person responsible for deducting tax, who signs Part B" withArrow>
            <Button leftSection={<IconUserCheck size={16} />} variant="default" disabled={!person.data} onClick={() => setPersonOpen(true)}>
              Signatory
            </Button>
          </Tooltip>
        </Group>
      </Group>

      {missingPerson.length > 0 && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Part B needs a signatory">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{FORM16_MSG.responsiblePersonMissing(missingPerson)}</Text>
            <Button size="xs" variant="light" color="orange" onClick={() => setPersonOpen(true)}>
              Set the person responsible
            </Button>
          </Group>
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <StatCard label="Total Employees" value={s ? String(s.totalEmployees) : '—'} />
        <StatCard label="Total Forms" value={s ? String(s.totalForms) : '—'} />
        <StatCard label="Completion" value={s ? completionText(s) : '—'} small {...(s ? { hint: `${String(s.completionRate)}% of employees have at least one form` } : {})} />
        <StatCard
          label="Pending Employees"
          value={s ? String(s.pendingForms) : '—'}
          icon={
            s === undefined ? null : s.pendingForms === 0 ? (
              <IconCircleCheck size={22} color="var(--mantine-color-green-6)" aria-label="All employees have their forms" />
            ) : (
              <IconAlertTriangle size={22} color="var(--mantine-color-orange-6)" aria-label="Some employees have no forms" />
            )
          }
        />
      </SimpleGrid>

      <TextInput
        aria-label="Search employees"
        placeholder="Search by name, e-mail or employee number"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          applySearch(e.currentTarget.value);
        }}
        maw={420}
      />

      <ListCard
        loading={users.isPending}
        error={users.isError ? FORM16_MSG.loadEmployeesFailed : null}
        onRetry={() => void users.refetch()}
        empty={rows.length === 0}
        loadingLabel="Loading employees…"
        emptyMessage={FORM16_MSG.noEmployees}
      >
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label="Employees' Form 16">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Employee</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Forms Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => {
                const name = `${user.firstName} ${user.lastName}`;
                const open = expanded.has(user.id);
                return (
                  <Fragment key={user.id}>
                    <Table.Tr>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <Avatar radius="xl" color="indigo" size="md">
                            {initials(user.firstName, user.lastName)}
                          </Avatar>
                          <div>
                            <Text size="sm" fw={500} title={name}>
                              {cut20(name)}
                            </Text>
                            {user.employeeNumber && (
                              <Text size="xs" c="dimmed" title={user.employeeNumber}>
                                {cut20(user.employeeNumber)}
                              </Text>
                            )}
                          </div>
                        </Group>
                      </Table.Td>
                      <Table.Td>{user.email}</Table.Td>
                      <Table.Td>
                        {user.forms.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            No forms
                          </Text>
                        ) : (
                          <Group gap={4}>
                            {FORM16_TYPES.filter((t) => user.forms.some((f) => f.formType === t.id)).map((t) => (
                              <Badge key={t.id} variant="light" color={t.id === 1 ? 'blue' : 'grape'}>
                                {t.label}
                              </Badge>
                            ))}
                            <Text size="xs" c="dimmed">
                              ({user.forms.length} form{user.forms.length === 1 ? '' : 's'})
                            </Text>
                          </Group>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label={open ? 'Collapse' : 'Expand'}>
                            <ActionIcon variant="subtle" aria-label={`${open ? 'Hide' : 'Show'} Form 16 documents of ${name}`} aria-expanded={open} onClick={() => toggle(user.id)}>
                              {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Upload Form 16">
                            <ActionIcon variant="subtle" aria-label={`Upload Form 16 for ${name}`} onClick={() => setUploadFor({ id: user.id, name })}>
                              <IconUpload size={16} />
                            </ActionIcon>
                          </Tooltip>
                          {hasBothParts(user.forms) && (
                            <Tooltip label="Download merged">
                              <ActionIcon variant="subtle" aria-label={`Download merged Form 16 of ${name}`} onClick={() => void downloadMerged(user)}>
                                <IconDownload size={16} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                    {open && (
                      <Table.Tr>
                        <Table.Td colSpan={4} bg="var(--mantine-color-gray-0)">
                          <Stack gap="xs" p="xs" aria-label={`Form 16 documents of ${name}`} component="section">
                            <Text fw={600} size="sm">
                              Form 16 Documents for {financialYear}
                            </Text>
                            {user.forms.length === 0 ? (
                              <Text size="sm" c="dimmed">
                                No forms
                              </Text>
                            ) : (
                              user.forms.map((form) => (
                                <Group key={form.id} justify="space-between" wrap="nowrap">
                                  <Group gap="md">
                                    <Badge variant="light" color={form.formType === 1 ? 'blue' : 'grape'}>
                                      {form.formTypeName}
                                    </Badge>
                                    <Text size="sm">Uploaded on {uploadedOn(form.dateCreated)}</Text>
                                    <Text size="sm" c="dimmed">
                                      {formatFileSize(form.fileSize)}
                                    </Text>
                                  </Group>
                                  <Group gap={4}>
                                    <ActionIcon variant="subtle" aria-label={`Download ${form.formTypeName} of ${name}`} onClick={() => void download(form)}>
                                      <IconDownload size={16} />
                                    </ActionIcon>
                                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${form.formTypeName} of ${name}`} onClick={() => setToDelete(form)}>
                                      <IconTrash size={16} />
                                    </ActionIcon>
                                  </Group>
                                </Group>
                              ))
                            )}
                          </Stack>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {pages > 1 && (
          <Group justify="flex-end" p="sm">
            <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" />
          </Group>
        )}
      </ListCard>

      <UploadForm16Modal key={uploadFor?.id ?? 'closed'} employee={uploadFor} years={years} defaultYear={financialYear} onClose={() => setUploadFor(null)} />
      {personOpen && person.data && <ResponsiblePersonModal settings={person.data} onClose={() => setPersonOpen(false)} />}
      <BulkUploadModal opened={bulkOpen} years={years} defaultYear={financialYear} onClose={() => setBulkOpen(false)} />
      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title="Confirm Delete" centered>
        <Text size="sm">{FORM16_MSG.confirmDelete}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToDelete(null)}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete()}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
