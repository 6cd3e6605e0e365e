import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { DECLARATION_STATUS_LABELS, DeclarationStatus, TEAM_REVIEW_MSG, type DeclarationStatusId, type ProofReviewItem, type TeamDeclaration } from '@tankha/contracts';
import { financialYearStartOf } from '@tankha/domain';
import { ApiError } from '../../app/api';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { PageLoader } from '../../ui/PageLoader';
import { StatusScreen } from '../../ui/StatusScreen';
import { displayDate, rupeesText } from '../../ui/format';
import { ItemComments, useCommentCounts } from '../comments';
import { ProofCell } from '../proofs/ProofCell';
import { POI_SECTIONS, poiRows, type PoiRow } from '../proofs/poi-rows';
import { ReviewItemModal } from './ReviewItemModal';
import { STATUS_COLOR } from './TeamReviewPage';
import { TEAM_REVIEW_KEY, changeDeclarationStatus, reviewProofs, useTeamDeclaration } from './team-review.api';

/** Payroll spec §2: the synthetic sections' names on the review screen. */
const SECTION_TITLES: Record<string, string> = { 'Rented House': 'HRA (rented house)', 'Home Loan': 'Self-occupied home loan', 'Let Out Property': 'Let-out property', 'Other Sources': 'Other income' };

function flag(value: boolean | null, yes: string, no: string) {
  const [text, color] = value === null ? ['Not reviewed', 'dimmed'] : value ? [yes, 'teal'] : [no, 'red'];
  return (
    <Text size="xs" fw={600} c={color} style={{ whiteSpace: 'nowrap' }}>
      {text}
    </Text>
  );
}

function Detail({ detail }: { detail: TeamDeclaration }) {
  const d = detail.declaration;
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [reviewing, setReviewing] = useState<PoiRow[] | null>(null);
  const [commentsVersion, setCommentsVersion] = useState(0);
  const rows = useMemo(() => poiRows(d), [d]);
  const counts = useCommentCounts(d.id, [...new Set(rows.map((r) => r.itemId))], commentsVersion);
  const refresh = () => client.invalidateQueries({ queryKey: [TEAM_REVIEW_KEY] });

  const setStatus = async (status: number) => {
    setBusy(true);
    try {
      toast.success(await changeDeclarationStatus(d.id, status));
      await refresh();
    } catch (error) {
      toast.error(error instanceof ApiError && error.status > 0 ? error.message : TEAM_REVIEW_MSG.statusFailed);
    } finally {
      setBusy(false);
    }
  };
  const review = async (item: ProofReviewItem) => {
    setBusy(true);
    try {
      toast.success((await reviewProofs(d.id, { items: [item] })).message);
      setReviewing(null);
      setCommentsVersion((v) => v + 1);
      await refresh();
    } catch (error) {
      toast.error(error instanceof ApiError && error.status > 0 ? error.message : TEAM_REVIEW_MSG.statusFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={3}>{detail.employeeName}</Title>
          <Text size="sm" c="dimmed">
            Submitted on {displayDate(d.submissionDate)} · Tax regime: {d.regime === 0 ? 'Old Regime' : 'New Regime'} · Financial year {d.financialYearStart}-{d.financialYearEnd}
          </Text>
        </Stack>
        <Group>
          <Badge size="lg" color={STATUS_COLOR[d.status] ?? 'gray'}>
            {DECLARATION_STATUS_LABELS[d.status as DeclarationStatusId] ?? d.status}
          </Badge>
          {d.status === DeclarationStatus.Submitted || d.status === DeclarationStatus.OnHold ? (
            <Button color="teal" onClick={() => void setStatus(DeclarationStatus.Approved)} loading={busy}>
              Approve
            </Button>
          ) : null}
          {d.status === DeclarationStatus.Submitted || d.status === DeclarationStatus.Approved ? (
            <Button color="yellow" variant="light" onClick={() => void setStatus(DeclarationStatus.OnHold)} loading={busy}>
              Put on Hold
            </Button>
          ) : null}
        </Group>
      </Group>
      {POI_SECTIONS.map((section) => {
        const lines = rows.filter((r) => r.section === section);
        if (lines.length === 0) return null;
        return (
          <Paper key={section} withBorder p="md" radius="md">
            <Title order={5} mb="xs">
              {SECTION_TITLES[section] ?? section}
            </Title>
            <Table.ScrollContainer minWidth={900}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Particulars</Table.Th>
                    <Table.Th ta="right">Declared</Table.Th>
                    <Table.Th ta="right">Actual</Table.Th>
                    <Table.Th ta="right">Allowed</Table.Th>
                    <Table.Th>POI</Table.Th>
                    <Table.Th>Approval</Table.Th>
                    <Table.Th>Proofs</Table.Th>
                    <Table.Th>Comments</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((r) => (
                    <Table.Tr key={r.key}>
                      <Table.Td>{r.label}</Table.Td>
                      <Table.Td ta="right">{rupeesText(r.declared)}</Table.Td>
                      <Table.Td ta="right">{r.actual === null ? '—' : rupeesText(r.actual)}</Table.Td>
                      <Table.Td ta="right">{r.allowed === null ? '—' : rupeesText(r.allowed)}</Table.Td>
                      <Table.Td>{r.first ? flag(r.isPOISubmitted, 'Submitted', 'Not submitted') : null}</Table.Td>
                      <Table.Td>{r.first ? flag(r.isApproved, 'Approved', 'Rejected') : null}</Table.Td>
                      <Table.Td>
                        <ProofCell declarationId={d.id} row={r} proofs={detail.proofs} editable={false} />
                      </Table.Td>
                      <Table.Td>{r.first ? <ItemComments declarationId={d.id} itemId={r.itemId} itemLabel={r.label} count={counts[r.itemId]} onAdded={() => setCommentsVersion((v) => v + 1)} /> : null}</Table.Td>
                      <Table.Td>
                        {r.first && d.isPOIFormSubmitted ? (
                          <Button size="compact-xs" variant="light" aria-label={`Review ${r.label}`} onClick={() => setReviewing(rows.filter((x) => x.itemId === r.itemId))}>
                            Review
                          </Button>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        );
      })}
      {rows.length === 0 ? <Text c="dimmed">Nothing declared.</Text> : null}
      {reviewing ? <ReviewItemModal rows={reviewing} mandateComment={detail.window.mandateReviewerCommentsForPartialApproval} busy={busy} onClose={() => setReviewing(null)} onSubmit={(item) => void review(item)} /> : null}
    </Stack>
  );
}

/** Payroll spec §2: the detail screen of a team member's declaration, at /payroll/requests/declarations/:employeeId?fy=. */
export function TeamDeclarationPage() {
  const { employeeId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const today = useToday();
  const fy = Number(search.get('fy')) || financialYearStartOf(today);
  const detail = useTeamDeclaration(employeeId, fy);
  useEffect(() => {
    if (detail.isError) toast.error(TEAM_REVIEW_MSG.detailFetchFailed);
  }, [detail.isError]);
  if (detail.isLoading) return <PageLoader />;
  if (detail.isError || !detail.data) {
    return (
      <StatusScreen icon={<IconAlertTriangle size={28} />} color="red" title={TEAM_REVIEW_MSG.detailLoadFailed} actions={<Button onClick={() => void navigate(-1)}>Go Back</Button>} />
    );
  }
  return <Detail detail={detail.data} />;
}
