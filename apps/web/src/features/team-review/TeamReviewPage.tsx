import { useState, type ReactNode } from 'react';
import { Badge, Group, Pagination, Paper, SegmentedControl, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { DECLARATION_STATUS_LABELS, TEAM_PAGE_SIZE, TEAM_REVIEW_MSG, TEAM_STATUS_FILTERS, can, type DeclarationStatusId, type TeamDeclarationRow } from '@tankha/contracts';
import { financialYearStartOf } from '@tankha/domain';
import { useCurrentUser } from '../../app/current-user';
import { useToday } from '../../app/today';
import { ListCard } from '../../ui/ListCard';
import { displayDate, rupeesText } from '../../ui/format';
import { useTeamDeclarations } from './team-review.api';

/** Status colours (payroll spec §2: Submitted green, others grey; ours for On Hold, Approved and Rejected). */
export const STATUS_COLOR: Record<number, string> = { 0: 'gray', 1: 'green', 2: 'red', 3: 'yellow', 4: 'teal' };
const POI_LABELS: Record<number, string> = { 1: 'Submitted', 2: 'Rejected', 3: 'On Hold', 4: 'Approved' };

export function teamDeclarationPath(employeeId: string, financialYearStart: number): string {
  return `/payroll/requests/declarations/${encodeURIComponent(employeeId)}?fy=${String(financialYearStart)}`;
}

function DeclarationList({ proofsOnly, financialYearStart }: { proofsOnly: boolean; financialYearStart: number }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState(0);
  const navigate = useNavigate();
  const list = useTeamDeclarations({ page, status, financialYearStart, proofsOnly });
  const rows: TeamDeclarationRow[] = list.isError ? [] : (list.data?.data ?? []);
  const total = list.data?.totalRecords ?? 0;
  return (
    <Stack>
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Status filter"
          value={String(status)}
          onChange={(v) => {
            setStatus(Number(v));
            setPage(1);
          }}
          data={TEAM_STATUS_FILTERS.map((f) => ({ value: String(f.value), label: f.label }))}
        />
        <Badge size="lg" variant="light" color="orange">
          Pending: {list.data?.pendingCount ?? 0}
        </Badge>
      </Group>
      <ListCard loading={list.isLoading} loadingLabel="Loading IT declarations" error={list.isError ? TEAM_REVIEW_MSG.fetchFailed : null} onRetry={() => void list.refetch()} empty={rows.length === 0} emptyMessage={TEAM_REVIEW_MSG.empty}>
        <Table.ScrollContainer minWidth={800}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Employee</Table.Th>
                <Table.Th>Status</Table.Th>
                {proofsOnly ? <Table.Th>Proofs</Table.Th> : null}
                <Table.Th>Submitted on</Table.Th>
                <Table.Th>Submitted by</Table.Th>
                <Table.Th>Last updated</Table.Th>
                <Table.Th ta="right">Declared amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id} style={{ cursor: 'pointer' }} onClick={() => void navigate(teamDeclarationPath(r.employeeId, r.financialYearStart))}>
                  <Table.Td>
                    <Text size="sm" fw={500} component="a" href={teamDeclarationPath(r.employeeId, r.financialYearStart)} onClick={(e) => e.preventDefault()}>
                      {r.employeeName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {r.employeeNumber ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[r.status] ?? 'gray'}>{DECLARATION_STATUS_LABELS[r.status as DeclarationStatusId] ?? r.status}</Badge>
                  </Table.Td>
                  {proofsOnly ? <Table.Td>{r.poiStatus ? <Badge variant="light">{POI_LABELS[r.poiStatus]}</Badge> : '—'}</Table.Td> : null}
                  <Table.Td>{displayDate(r.submissionDate)}</Table.Td>
                  <Table.Td>{r.submittedBy ?? '—'}</Table.Td>
                  <Table.Td>{displayDate(r.lastUpdated)}</Table.Td>
                  <Table.Td ta="right">{rupeesText(r.declaredAmount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListCard>
      {total > TEAM_PAGE_SIZE ? <Pagination value={page} onChange={setPage} total={Math.ceil(total / TEAM_PAGE_SIZE)} aria-label="Pages" /> : null}
    </Stack>
  );
}

export interface TeamReviewPageProps {
  /** The Form 16 tab's content (built with Form 16 management); a placeholder until then. */
  form16Tab?: ReactNode;
  /** Every employee's reimbursement claims to decide, a tab of the same Requests page. */
  reimbursementsTab?: ReactNode;
}

/** Payroll spec §2 "Team IT declarations" at /payroll/requests: IT Declarations, Proof of Investments, Form 16. */
export function TeamReviewPage({ form16Tab, reimbursementsTab }: TeamReviewPageProps) {
  const user = useCurrentUser();
  const today = useToday();
  const financialYearStart = financialYearStartOf(today);
  const admin = can(user.roleId, 'declarations.review');
  return (
    <Stack>
      <Title order={3}>Requests</Title>
      <Text size="sm" c="dimmed">
        Financial year {financialYearStart}-{financialYearStart + 1}
      </Text>
      <Tabs defaultValue="declarations" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="declarations">IT Declarations</Tabs.Tab>
          <Tabs.Tab value="proofs">Proof of Investments</Tabs.Tab>
          {admin ? <Tabs.Tab value="form16">Form 16</Tabs.Tab> : null}
          {admin && reimbursementsTab ? <Tabs.Tab value="reimbursements">Reimbursements</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="declarations" pt="md">
          <DeclarationList proofsOnly={false} financialYearStart={financialYearStart} />
        </Tabs.Panel>
        <Tabs.Panel value="proofs" pt="md">
          <DeclarationList proofsOnly financialYearStart={financialYearStart} />
        </Tabs.Panel>
        {admin ? (
          <Tabs.Panel value="form16" pt="md">
            {form16Tab ?? (
              <Paper withBorder p="lg">
                <Text c="dimmed">Form 16 management will appear here.</Text>
              </Paper>
            )}
          </Tabs.Panel>
        ) : null}
        {admin && reimbursementsTab ? (
          <Tabs.Panel value="reimbursements" pt="md">
            {reimbursementsTab}
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}
