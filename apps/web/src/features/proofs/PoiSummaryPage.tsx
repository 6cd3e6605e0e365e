import { useState } from 'react';
import { Alert, Badge, Button, Card, Checkbox, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DECLARATION_MSG, DECLARATION_STATUS_LABELS, PROOF_MSG, type DeclarationStatusId, type PoiSummary } from '@tankha/contracts';
import { ApiError } from '../../app/api';
import { toast } from '../../app/toast';
import { ErrorState } from '../../ui/ErrorState';
import { EmptyState } from '../../ui/EmptyState';
import { PageLoader } from '../../ui/PageLoader';
import { rupeesText } from '../../ui/format';
import { ItemComments, useCommentCounts } from '../comments';
import { POI_KEY, submitPoi, usePoi, usePoiSummary } from './proofs.api';
import { POI_PATHS, slashDate } from './poi-paths';
import { poiRows, poiSubmitBody } from './poi-rows';
import { ProofCell } from './ProofCell';
import { CERTIFY_TEXT } from './PoiFormPage';

const PROOF_STATUS_LABELS: Record<number, string> = { 1: 'Submitted', 2: 'Rejected', 3: 'On Hold', 4: 'Approved' };

function SummaryCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Card>
  );
}

function Summary({ summary }: { summary: PoiSummary }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const poi = usePoi();
  const [certified, setCertified] = useState(true);
  const [busy, setBusy] = useState(false);
  const [commentsVersion, setCommentsVersion] = useState(0);
  const declaration = poi.data?.declaration ?? null;
  const rows = declaration ? poiRows(declaration) : [];
  const counts = useCommentCounts(summary.declarationId, [...new Set(rows.map((r) => r.itemId))], commentsVersion);
  const editable = summary.poiWindow.status === 1 && summary.poiStatus !== 4;
  const lockDate = slashDate(summary.poiWindow.lockDate, DECLARATION_MSG.fallbackLockDate);

  const submit = async () => {
    if (!declaration) return;
    setBusy(true);
    try {
      const actual = Object.fromEntries(rows.map((r) => [r.key, r.actual ?? r.declared]));
      toast.success((await submitPoi(poiSubmitBody(declaration, actual))).message);
      await client.invalidateQueries({ queryKey: [POI_KEY] });
    } catch (error) {
      toast.error(error instanceof ApiError && error.status > 0 ? error.message : PROOF_MSG.submitFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Proof of Investments</Title>
        <Group>
          {summary.allowRegimeSwitch ? (
            <Button variant="light" onClick={() => void navigate(POI_PATHS.taxCalculator)}>
              Compare Tax
            </Button>
          ) : null}
          {editable ? <Button onClick={() => void navigate(POI_PATHS.form)}>Edit POI</Button> : null}
        </Group>
      </Group>
      {summary.poiStatus === 4 ? (
        <Alert color="green">Your proofs have been reviewed. The allowed amounts are used for your tax.</Alert>
      ) : (
        <Alert color="blue">Your proof of investment is submitted. You can still change it on or before {lockDate}.</Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <SummaryCard label="Net Taxable Income" value={rupeesText(summary.netTaxableIncome)} />
        <SummaryCard label="Total Tax" value={rupeesText(summary.totalTax)} />
        <SummaryCard label="Tax to be Paid" value={rupeesText(summary.taxToBePaid)} note={`${rupeesText(summary.taxPerMonth)} per month`} />
        <SummaryCard label="Status" value={summary.poiStatus ? (PROOF_STATUS_LABELS[summary.poiStatus] ?? '—') : (DECLARATION_STATUS_LABELS[summary.status as DeclarationStatusId] ?? '—')} />
      </SimpleGrid>
      <Text>
        Tax Regime: <Badge variant="light">{summary.taxRegime === 0 ? 'Old Regime' : 'New Regime'}</Badge>
      </Text>
      {rows.length === 0 ? (
        <EmptyState message="Nothing declared yet" />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Particulars</Table.Th>
                <Table.Th ta="right">Declared Amount</Table.Th>
                <Table.Th ta="right">Actual Amount</Table.Th>
                <Table.Th ta="right">Allowed Amount</Table.Th>
                <Table.Th>Proofs</Table.Th>
                <Table.Th>Comments</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td>
                    <Text size="sm">{r.label}</Text>
                    <Text size="xs" c="dimmed">
                      {r.section}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{rupeesText(r.declared)}</Table.Td>
                  <Table.Td ta="right">{r.actual === null ? '—' : rupeesText(r.actual)}</Table.Td>
                  <Table.Td ta="right">{r.allowed === null ? '—' : rupeesText(r.allowed)}</Table.Td>
                  <Table.Td>{declaration ? <ProofCell declarationId={declaration.id} row={r} proofs={summary.proofs} editable={editable} /> : null}</Table.Td>
                  <Table.Td>{r.first ? <ItemComments declarationId={summary.declarationId} itemId={r.itemId} itemLabel={r.label} count={counts[r.itemId]} onAdded={() => setCommentsVersion((v) => v + 1)} /> : null}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editable ? (
        <>
          <Checkbox label={CERTIFY_TEXT} checked={certified} onChange={(e) => setCertified(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button onClick={() => void submit()} disabled={!certified} loading={busy}>
              Submit
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}

/** Payroll spec §2 "POI overall summary" at /payroll/taxes/summaryPOI. */
export function PoiSummaryPage() {
  const summary = usePoiSummary();
  if (summary.isLoading) return <PageLoader />;
  if (summary.isError) return <ErrorState message="Failed to load your proof of investment summary" onRetry={() => void summary.refetch()} />;
  if (!summary.data) return <EmptyState message="No declaration found for this financial year" />;
  return <Summary summary={summary.data} />;
}
