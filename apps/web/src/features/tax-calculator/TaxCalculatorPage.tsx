import { useState } from 'react';
import { Alert, Badge, Button, Card, Checkbox, Group, Modal, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconScale } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { REGIME_LABELS, REGIME_MSG, type TaxComparison } from '@tankha/contracts';
import { financialYearStartOf } from '@tankha/domain';
import { ApiError, INVALID_RESPONSE, errorMessage } from '../../app/api';
import { getSessionUser } from '../../app/session';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { PageLoader } from '../../ui/PageLoader';
import { usePageTitleOrder } from '../payroll-setup/page-title-order';
import { TAX_COMPARISON_KEY, defaultRegimeChoice, storeRegimeChoice, storedRegimeChoice, switchRegime, useTaxComparison, type RegimeCode } from './tax-calculator.api';
import { inr } from '../../ui/format';

/** The organisation's zone when the session carries none (DESIGN §5 default). */

const yearLabel = (start: number) => `${String(start)}-${String((start + 1) % 100).padStart(2, '0')}`;

/**
 * /payroll/taxes/taxCalculator (payroll spec §2 "Tax calculator and regime comparison", §4 "Regime",
 * §5, §8): the twelve rows for both regimes from the employee's own salary and
 * declaration, the recommendation with the annual savings, and the regime choice with a Submit that
 * switches (confirmed first) while the IT declaration or POI window allows it.
 */
export function TaxCalculatorPage({ today }: { today?: string }) {
  const order = usePageTitleOrder();
  const organizationToday = useToday();
  const financialYearStart = financialYearStartOf(today ?? organizationToday);
  const query = useTaxComparison(financialYearStart);
  return (
    <Stack gap="md">
      <div>
        <Title order={order}>Tax Calculator</Title>
        <Text size="sm" c="dimmed">
          Compare the old and new tax regimes for the financial year {yearLabel(financialYearStart)} on your salary and declarations.
        </Text>
      </div>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <Alert color="gray" icon={<IconInfoCircle size={18} />} role="alert">
          {query.error instanceof ApiError && query.error.code === INVALID_RESPONSE ? REGIME_MSG.invalidResponse : errorMessage(query.error, REGIME_MSG.noData)}
        </Alert>
      ) : (
        <Comparison comparison={query.data} />
      )}
    </Stack>
  );
}

function Comparison({ comparison }: { comparison: TaxComparison }) {
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<RegimeCode | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [noteError, setNoteError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const current = comparison.currentTaxRegime;
  const selected: RegimeCode | null = picked ?? defaultRegimeChoice(current, storedRegimeChoice());
  const allowed = comparison.isAllowedRegimeSwitchIT || comparison.isAllowedRegimeSwitchPOI;
  const recommended = comparison.recommendedRegime;
  const columns: RegimeCode[] = [0, 1];

  const choose = (value: string) => {
    const regime: RegimeCode = value === '0' ? 0 : 1;
    setPicked(regime);
    storeRegimeChoice(regime);
    setNoteError(null);
  };

  const submit = () => {
    if (!getSessionUser()) return toast.error(REGIME_MSG.notAuthenticated);
    if (!allowed) return toast.error(REGIME_MSG.notAllowed);
    if (selected === null) return toast.error(REGIME_MSG.selectRegime);
    if (selected === 0 && !confirmed) return setNoteError(REGIME_MSG.oldRegimeNoteRequired);
    setConfirming(true);
  };

  const doSwitch = async () => {
    if (selected === null) return;
    setBusy(true);
    try {
      const message = await switchRegime(selected, comparison.financialYearStart);
      toast.success(message);
      storeRegimeChoice(null);
      setPicked(null);
      setConfirmed(false);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: [TAX_COMPARISON_KEY] });
    } catch (error) {
      toast.error(errorMessage(error, REGIME_MSG.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Text fw={600}>Regime comparison</Text>
          <Text size="sm">
            Your current regime: <Badge variant="light">{REGIME_LABELS[current]}</Badge>
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover aria-label="Regime comparison">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Particulars</Table.Th>
                {columns.map((regime) => (
                  <Table.Th key={regime} ta="right">
                    {REGIME_LABELS[regime]}
                    {regime === current ? (
                      <Badge ml="xs" size="xs" variant="outline">
                        Current
                      </Badge>
                    ) : null}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {comparison.comparisonItems.map((item) => {
                const strong = item.particulars === 'Total Tax' || item.particulars === 'Taxable Salary';
                return (
                  <Table.Tr key={item.particulars}>
                    <Table.Td fw={strong ? 600 : undefined}>{item.particulars}</Table.Td>
                    <Table.Td ta="right" fw={strong ? 600 : undefined}>
                      {inr(item.oldRegimeValue)}
                    </Table.Td>
                    <Table.Td ta="right" fw={strong ? 600 : undefined}>
                      {inr(item.newRegimeValue)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed" mt="xs">
          {comparison.salaryBasis}. {comparison.hasDeclaration ? 'Your submitted declaration is included.' : 'No declaration yet: only the salary is taken into account.'}
        </Text>
      </Card>

      <Alert color="teal" icon={<IconScale size={18} />} title="Recommendation" aria-label="Recommendation">
        {comparison.annualSavings > 0 ? (
          <>
            The <b>{REGIME_LABELS[recommended]}</b> is better for you: you save <b>{inr(comparison.annualSavings)}</b> a year.
          </>
        ) : (
          <>Both regimes give the same tax. The New Regime is the default.</>
        )}
      </Alert>

      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Radio.Group label="Choose your tax regime" value={selected === null ? null : String(selected)} onChange={choose}>
            <Stack gap="xs" mt="xs">
              <Radio value="1" label={REGIME_LABELS[1]} description="The default regime: lower rates, few deductions." disabled={!allowed} />
              <Radio value="0" label={REGIME_LABELS[0]} description="Exemptions and deductions as declared. A declaration must be done before choosing it." disabled={!allowed} />
            </Stack>
          </Radio.Group>
          {selected === 0 && current !== 0 && allowed ? (
            <Checkbox
              label={REGIME_MSG.oldRegimeNote}
              checked={confirmed}
              onChange={(e) => {
                setConfirmed(e.currentTarget.checked);
                setNoteError(null);
              }}
              error={noteError}
            />
          ) : null}
          {!allowed ? (
            <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
              {REGIME_MSG.notAllowed}
            </Alert>
          ) : null}
          <Group>
            <Button onClick={submit} disabled={!allowed || selected === current}>
              Submit
            </Button>
          </Group>
        </Stack>
      </Card>

      <Modal opened={confirming} onClose={() => !busy && setConfirming(false)} title="Switch Tax Regime" centered>
        <Stack gap="md">
          <Text size="sm">
            Switch to the <b>{selected === null ? '' : REGIME_LABELS[selected]}</b> for the financial year {yearLabel(comparison.financialYearStart)}? TDS from the next payroll run is worked out in that
            regime; months already finalized do not change.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={() => void doSwitch()} loading={busy}>
              Yes, Switch
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
