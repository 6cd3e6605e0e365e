import { useState } from 'react';
import { ActionIcon, Anchor, Group, Select, Stack, Table, Title, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { monthLabel } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { useToday } from '../../app/today';
import { ListCard } from '../../ui/ListCard';
import { usePageTitleOrder } from '../payroll-setup/PayrollLayout';
import { financialYearLabel, financialYearStartOf } from './payroll-format';
import { inr } from '../../ui/format';
import { usePayslips } from './payroll.api';
import { PayslipPdfButton } from './PayslipView';
import { RunStatusBadge } from './RunSummary';

/** How many financial years back the selector offers. */
const YEARS_SHOWN = 6;
const ALL = 'all';
export const PAYSLIP_COLUMNS = ['Month', 'Gross earnings', 'Deductions', 'Net pay', 'Status', 'Actions'] as const;

/** /payslips and /payroll/payslips (everyone): the signed-in user's own payslips by financial year. */
export function PayslipsPage({ today: todayProp }: { today?: string }) {
  const organizationToday = useToday();
  const today = todayProp ?? organizationToday;
  const { pathname } = useLocation();
  const titleOrder = usePageTitleOrder();
  const base = pathname.replace(/\/+$/, '');
  const currentYear = financialYearStartOf(today);
  const [year, setYear] = useState<string>(String(currentYear));
  const payslips = usePayslips(year === ALL ? null : Number(year));
  const years = Array.from({ length: YEARS_SHOWN }, (_, i) => currentYear - i);
  const rows = payslips.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={titleOrder}>Payslips</Title>
        <Select
          label="Financial year"
          w={180}
          allowDeselect={false}
          value={year}
          onChange={(value) => setYear(value ?? String(currentYear))}
          data={[...years.map((y) => ({ value: String(y), label: financialYearLabel(y) })), { value: ALL, label: 'All years' }]}
        />
      </Group>
      <ListCard
        loading={payslips.isPending}
        error={payslips.isError ? errorMessage(payslips.error, 'Failed to load your payslips.') : null}
        onRetry={() => void payslips.refetch()}
        empty={rows.length === 0}
        loadingLabel="Loading payslips"
        emptyMessage={year === ALL ? 'No payslips yet' : `No payslips yet for ${financialYearLabel(Number(year))}`}
      >
        <Table.ScrollContainer minWidth={720} type="native">
          <Table aria-label="Payslips" verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {PAYSLIP_COLUMNS.map((c) => (
                  <Table.Th key={c} ta={c === 'Month' || c === 'Status' || c === 'Actions' ? undefined : 'right'}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`${base}/${encodeURIComponent(p.id)}`} fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {monthLabel(p.month)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{inr(p.grossEarnings)}</Table.Td>
                  <Table.Td ta="right">{inr(p.totalDeductions)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {inr(p.netPay)}
                  </Table.Td>
                  <Table.Td>
                    <RunStatusBadge status={p.status} size="sm" />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="View">
                        <ActionIcon variant="subtle" component={Link} to={`${base}/${encodeURIComponent(p.id)}`} aria-label={`View payslip for ${monthLabel(p.month)}`}>
                          <IconEye size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <PayslipPdfButton payslip={p} compact />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListCard>
    </Stack>
  );
}
