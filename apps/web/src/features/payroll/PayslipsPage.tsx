import { useState } from 'react';
import { ActionIcon, Anchor, Group, NativeSelect, Stack, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { monthLabel, type PayslipSummary } from '@tankha/contracts';
import { useToday } from '../../app/today';
import { ResponsiveList, queryListState, type ListColumn } from '../../ui/kit/ResponsiveList';
import { useTouchSize } from '../../ui/kit/touch';
import { OfflineNotice } from '../../ui/OfflineNotice';
import { usePageTitleOrder } from '../payroll-setup/page-title-order';
import { financialYearLabel, financialYearStartOf } from './payroll-format';
import { inr } from '../../ui/format';
import { usePayslips } from './payslips.api';
import { PayslipPdfButton } from './PayslipPdfButton';
import { RunStatusBadge } from './RunStatusBadge';

/** How many financial years back the selector offers. */
const YEARS_SHOWN = 6;
const ALL = 'all';

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
  const touch = useTouchSize();
  const right = { ta: 'right' } as const;
  const columns: ListColumn<PayslipSummary>[] = [
    {
      label: 'Month',
      primary: true,
      cell: (p) => (
        <Anchor component={Link} to={`${base}/${encodeURIComponent(p.id)}`} fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {monthLabel(p.month)}
        </Anchor>
      ),
    },
    { label: 'Gross earnings', cell: (p) => inr(p.grossEarnings), tdProps: right },
    { label: 'Deductions', cell: (p) => inr(p.totalDeductions), tdProps: right },
    { label: 'Net pay', cell: (p) => inr(p.netPay), tdProps: { ta: 'right', fw: 600 } },
    { label: 'Status', cell: (p) => <RunStatusBadge status={p.status} size="sm" /> },
    {
      label: 'Actions',
      actions: true,
      cell: (p) => (
        <Group gap={4} wrap="nowrap">
          {/* title, not a Tooltip: floating-ui is not worth its weight in the page's first load. */}
          <ActionIcon variant="subtle" size={touch.icon} component={Link} to={`${base}/${encodeURIComponent(p.id)}`} aria-label={`View payslip for ${monthLabel(p.month)}`} title="View">
            <IconEye size={18} />
          </ActionIcon>
          <PayslipPdfButton payslip={p} compact />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={titleOrder}>Payslips</Title>
        {/* The browser's own select: a phone's picker, and no Combobox or floating-ui in the page's first load. */}
        <NativeSelect
          label="Financial year"
          w={180}
          value={year}
          onChange={(event) => setYear(event.currentTarget.value)}
          data={[...years.map((y) => ({ value: String(y), label: financialYearLabel(y) })), { value: ALL, label: 'All years' }]}
        />
      </Group>
      <OfflineNotice />
      <ResponsiveList
        label="Payslips"
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        {...queryListState(payslips, 'Failed to load your payslips.')}
        loadingLabel="Loading payslips"
        emptyMessage={year === ALL ? 'No payslips yet' : `No payslips yet for ${financialYearLabel(Number(year))}`}
        minWidth={720}
      />
    </Stack>
  );
}
