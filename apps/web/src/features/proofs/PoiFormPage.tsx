import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, NumberInput, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DECLARATION_MSG, PROOF_MSG, SECTION_80C_LIMIT, SECTION_80D_LIMIT, type Declaration, type Proof } from '@tankha/contracts';
import { ApiError } from '../../app/api';
import { toast } from '../../app/toast';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { StatusScreen } from '../../ui/StatusScreen';
import { rupeesText } from '../../ui/format';
import { IconLock } from '@tabler/icons-react';
import { POI_KEY, submitPoi, usePoi } from './proofs.api';
import { POI_PATHS } from './poi-paths';
import { POI_SECTIONS, poiRows, poiSubmitBody, type PoiRow } from './poi-rows';
import { ProofCell } from './ProofCell';

export const CERTIFY_TEXT = 'I hereby certify that the amounts above are correct and that the proofs attached are genuine.';

/** The actual amounts the form starts from: what was proved, else what was declared (payroll spec §2 "start from loaded data"). */
function initialActuals(rows: PoiRow[]): Record<string, number | null> {
  return Object.fromEntries(rows.map((r) => [r.key, r.actual ?? r.declared]));
}

/** Payroll spec §5 in POI mode: the 80C and 80D totals of the actual amounts. */
export function limitViolations(d: Declaration, actual: Record<string, number | null>): { sec80C: boolean; sec80D: boolean } {
  const total = (categoryId: number) => d.deductions.filter((x) => x.categoryId === categoryId).reduce((s, x) => s + (actual[`${x.id}:allowedAmount`] ?? 0), 0);
  return { sec80C: total(1) > SECTION_80C_LIMIT, sec80D: total(2) > SECTION_80D_LIMIT };
}

function PoiForm({ declaration, proofs, submitted }: { declaration: Declaration; proofs: Proof[]; submitted: boolean }) {
  const rows = useMemo(() => poiRows(declaration, { includeEmpty: true }), [declaration]);
  const [actual, setActual] = useState<Record<string, number | null>>(() => initialActuals(rows));
  const [certified, setCertified] = useState(true);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const limits = limitViolations(declaration, actual);
  const blocked = limits.sec80C || limits.sec80D;

  const submit = async () => {
    if (blocked) {
      toast.error(DECLARATION_MSG.blockedSubmitToast);
      return;
    }
    setBusy(true);
    try {
      const { message } = await submitPoi(poiSubmitBody(declaration, actual));
      toast.success(message);
      await client.invalidateQueries({ queryKey: [POI_KEY] });
      void navigate(POI_PATHS.summary);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status > 0 ? error.message : PROOF_MSG.submitFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Title order={3}>Proof of Investments</Title>
      {POI_SECTIONS.map((section) => {
        const lines = rows.filter((r) => r.section === section);
        if (lines.length === 0) return null;
        const declaredTotal = lines.reduce((s, r) => s + r.declared, 0);
        const actualTotal = lines.reduce((s, r) => s + (actual[r.key] ?? 0), 0);
        const warn = section === 'Section 80C' && limits.sec80C ? DECLARATION_MSG.investmentLimitExceeded : section === 'Section 80D' && limits.sec80D ? DECLARATION_MSG.exemptionLimitExceeded : null;
        return (
          <Paper key={section} withBorder p="md" radius="md">
            <Group justify="space-between" mb="xs">
              <Title order={5}>{section}</Title>
              <Text size="sm" c="dimmed">
                Declared {rupeesText(declaredTotal)} · Actual {rupeesText(actualTotal)}
              </Text>
            </Group>
            {warn ? (
              <Alert color="red" mb="xs" title={warn}>
                {section === 'Section 80C' ? DECLARATION_MSG.sec80CExceeded : DECLARATION_MSG.sec80DExceeded}
              </Alert>
            ) : null}
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Particulars</Table.Th>
                    <Table.Th ta="right">Declared Amount</Table.Th>
                    <Table.Th>Actual Amount</Table.Th>
                    <Table.Th>Proofs</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((r) => (
                    <Table.Tr key={r.key}>
                      <Table.Td>{r.label}</Table.Td>
                      <Table.Td ta="right">{rupeesText(r.declared)}</Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`Actual amount for ${r.label}`}
                          value={actual[r.key] ?? ''}
                          onChange={(v) => setActual((prev) => ({ ...prev, [r.key]: v === '' ? null : Number(v) }))}
                          min={0}
                          decimalScale={2}
                          thousandSeparator=","
                          thousandsGroupStyle="lakh"
                          prefix="₹"
                          w={180}
                        />
                      </Table.Td>
                      <Table.Td>
                        <ProofCell declarationId={declaration.id} row={r} proofs={proofs} editable />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        );
      })}
      <Checkbox label={CERTIFY_TEXT} checked={certified} onChange={(e) => setCertified(e.currentTarget.checked)} />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void navigate(POI_PATHS.landing)}>
          Cancel
        </Button>
        <Tooltip label={DECLARATION_MSG.resolveLimitsTooltip} disabled={!blocked}>
          <Button onClick={() => void submit()} loading={busy} disabled={!certified || blocked}>
            {submitted ? 'Update' : 'Submit'}
          </Button>
        </Tooltip>
      </Group>
    </Stack>
  );
}

/** Payroll spec §2 "POI form" at /payroll/taxes/employeePOI: declared and actual columns, a proof upload per row. */
export function PoiFormPage() {
  const poi = usePoi();
  if (poi.isLoading) return <PageLoader />;
  if (poi.isError || !poi.data) return <ErrorState message="Failed to load your proof of investment" onRetry={() => void poi.refetch()} />;
  if (poi.data.window.status === 0) return <StatusScreen icon={<IconLock size={28} />} color="red" title={PROOF_MSG.locked} />;
  if (!poi.data.declaration) return <StatusScreen icon={<IconLock size={28} />} title={PROOF_MSG.noDeclaration} />;
  return <PoiForm declaration={poi.data.declaration} proofs={poi.data.proofs} submitted={poi.data.declaration.isPOIFormSubmitted} />;
}
