import { useState, type ReactNode } from 'react';
import { Badge, Card, Group, List, SimpleGrid, Stack, Switch, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { PAYROLL_HOLD_LABELS, monthLabel, type Payslip, type PayslipLine } from '@tankha/contracts';
import { PAYSLIP_PASSWORD_EXAMPLE } from '@tankha/domain';
import { DetailsCard } from '../../ui/DetailsCard';
import { usePageTitleOrder } from '../payroll-setup/page-title-order';
import { displayDate, displayText, inr } from '../../ui/format';
import { daysText } from './payroll-format';
import { PayslipPdfButton, pdfHint } from './PayslipPdfButton';
import { RunStatusBadge } from './RunStatusBadge';

const REGIME_LABELS = { 0: 'Old regime', 1: 'New regime' } as const;

/** Said beside the PDF button of a protected payslip: the pattern and an example, never the password. */
export const PDF_PASSWORD_HINT = `The PDF opens with a password: the first five letters of the PAN in capitals followed by the date of birth as DDMM, e.g. ${PAYSLIP_PASSWORD_EXAMPLE}.`;

/**
 * An explanation line with each negative amount kept on one line: a narrow column (a phone, the half-width
 * Earnings card) otherwise breaks "−₹1,083" after the minus sign.
 */
function amountsKeptWhole(text: string): ReactNode[] {
  return text.split(/(−₹[\d,]+(?:\.\d+)?)/).map((part, i) => (i % 2 === 1 ? <span key={i} style={{ whiteSpace: 'nowrap' }}>{part}</span> : part));
}

/** One amount whose explanation lines open beneath it ("every figure can explain itself"). */
function LineRow({ line, open, onToggle }: { line: PayslipLine; open: boolean; onToggle: () => void }) {
  const explained = line.explanation.length > 0;
  return (
    <>
      <Table.Tr>
        <Table.Td>
          {explained ? (
            <UnstyledButton onClick={onToggle} aria-expanded={open} aria-label={`${line.label}: ${open ? 'hide' : 'show'} how it was computed`}>
              <Group gap={6} wrap="nowrap">
                {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
                <Text size="sm">{line.label}</Text>
              </Group>
            </UnstyledButton>
          ) : (
            <Text size="sm" pl={20}>
              {line.label}
            </Text>
          )}
        </Table.Td>
        <Table.Td ta="right">
          <Text size="sm">{inr(line.amount)}</Text>
        </Table.Td>
      </Table.Tr>
      {explained && open && (
        <Table.Tr>
          <Table.Td colSpan={2} bg="var(--mantine-color-gray-light)">
            <List size="xs" spacing={2} pl={20} aria-label={`How ${line.label} was computed`}>
              {line.explanation.map((text, i) => (
                <List.Item key={i}>{amountsKeptWhole(text)}</List.Item>
              ))}
            </List>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

function LinesCard({
  title,
  lines,
  totalLabel,
  total,
  openAll,
  sectionOrder,
}: {
  title: string;
  lines: PayslipLine[];
  totalLabel: string;
  total: number;
  openAll: boolean;
  /** The heading level of the card's title: one below the page title. */
  sectionOrder: 3 | 4;
}) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (code: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });
  return (
    <Card component="section" aria-label={title} padding="md">
      <Title order={sectionOrder} size="h5" mb="xs">
        {title}
      </Title>
      <Table aria-label={title} verticalSpacing={6}>
        <Table.Tbody>
          {lines.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={2}>
                <Text size="sm" c="dimmed">
                  None this month
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            lines.map((line) => <LineRow key={line.code} line={line} open={openAll || open.has(line.code)} onToggle={() => toggle(line.code)} />)
          )}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>{totalLabel}</Table.Th>
            <Table.Th ta="right">{inr(total)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Card>
  );
}

/**
 * When this month's net pay was held, released and paid (a payout hold outlives finalize and is paid
 * from its own bank file): one line each, only the ones that happened.
 */
export function payoutLines(payslip: Payslip): string[] {
  const p = payslip.payout;
  if (!p) return [];
  const lines: string[] = [];
  if (payslip.holdKind === 'payout') {
    lines.push(`Payout held${p.heldOn ? ` on ${displayDate(p.heldOn)}` : ''}${p.holdReason ? `: ${p.holdReason}` : ''}`);
    lines.push(p.releasedOn ? `Released on ${displayDate(p.releasedOn)}${p.releasedByName ? ` by ${p.releasedByName}` : ''}` : 'Still on hold: paid when the hold is released');
  }
  if (p.paidOn) lines.push(`Paid on ${displayDate(p.paidOn)}`);
  else if (payslip.holdKind === 'payout' && p.releasedOn) lines.push('Payment awaiting the bank');
  return lines;
}

/** A payslip on screen: what the PDF holds, with every amount able to explain itself. */
export function PayslipView({ payslip }: { payslip: Payslip }) {
  const [openAll, setOpenAll] = useState(false);
  const titleOrder = usePageTitleOrder();
  const sectionOrder = titleOrder === 2 ? 3 : 4;
  const { employee } = payslip;
  const section = (s: PayslipLine['section']) => payslip.lines.filter((l) => l.section === s);
  const employerLines = section('employer');
  const hint = pdfHint(payslip);
  const passwordHint = payslip.hasPdf && payslip.pdfPasswordProtected ? PDF_PASSWORD_HINT : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={titleOrder}>Payslip for {monthLabel(payslip.month)}</Title>
            <RunStatusBadge status={payslip.status} />
            {payslip.holdKind && (
              <Badge color={payslip.payout?.releasedOn ? 'teal' : 'orange'} variant="filled">
                {payslip.payout?.releasedOn ? 'Payout released' : PAYROLL_HOLD_LABELS[payslip.holdKind]}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Pay period {displayDate(payslip.periodStart)} – {displayDate(payslip.periodEnd)}
          </Text>
          {payoutLines(payslip).map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Stack>
        <Stack gap={4} align="flex-end">
          <PayslipPdfButton payslip={payslip} />
          {hint && (
            <Text size="xs" c="dimmed" maw={280} ta="right">
              {hint}
            </Text>
          )}
          {passwordHint && (
            <Text size="xs" c="dimmed" maw={280} ta="right">
              {passwordHint}
            </Text>
          )}
        </Stack>
      </Group>

      <DetailsCard
        title="Employee"
        cols={{ base: 1, sm: 2, md: 4 }}
        rows={[
          { label: 'Name', value: employee.name },
          { label: 'Employee number', value: displayText(employee.employeeNumber) },
          { label: 'Designation', value: displayText(employee.designation) },
          { label: 'Department', value: displayText(employee.department) },
          { label: 'PAN', value: displayText(employee.pan) },
          { label: 'UAN', value: displayText(employee.uan) },
          { label: 'ESI number', value: displayText(employee.esiNumber) },
          { label: 'Bank account', value: employee.bankAccount ? [employee.bankName, employee.bankAccount].filter(Boolean).join(' · ') : '—' },
          { label: 'Date of joining', value: displayDate(employee.dateOfJoining) },
          { label: 'Days in period', value: daysText(payslip.daysInPeriod) },
          { label: 'Payable days', value: daysText(payslip.payableDays) },
          { label: 'Loss of pay days', value: daysText(payslip.lopDays) },
        ]}
      />

      <Group justify="flex-end">
        <Switch label="Show how every amount was computed" checked={openAll} onChange={(e) => setOpenAll(e.currentTarget.checked)} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <LinesCard title="Earnings" lines={section('earning')} totalLabel="Gross earnings" total={payslip.grossEarnings} openAll={openAll} sectionOrder={sectionOrder} />
        <LinesCard title="Deductions" lines={section('deduction')} totalLabel="Total deductions" total={payslip.totalDeductions} openAll={openAll} sectionOrder={sectionOrder} />
      </SimpleGrid>

      <Card component="section" aria-label="Net pay" bg="var(--mantine-color-indigo-light)">
        <Group justify="space-between" align="center">
          <Stack gap={2}>
            <Text size="xs" tt="uppercase" fw={600} c="dimmed">
              Net pay
            </Text>
            <Text size="sm">{payslip.netPayInWords}</Text>
          </Stack>
          <Text fw={700} fz={28} aria-label={`Net pay: ${inr(payslip.netPay)}`}>
            {inr(payslip.netPay)}
          </Text>
        </Group>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <LinesCard title="Employer contributions" lines={employerLines} totalLabel="Cost to the employer (gross + contributions)" total={payslip.employerCost} openAll={openAll} sectionOrder={sectionOrder} />
        <Card component="section" aria-label="Income tax (TDS)" padding="md">
          <Group justify="space-between" mb="xs">
            <Title order={sectionOrder} size="h5">
              Income tax (TDS) this month
            </Title>
            <Text fw={600}>{inr(payslip.tds)}</Text>
          </Group>
          <Text size="xs" c="dimmed" mb="xs">
            {REGIME_LABELS[payslip.taxRegime]}
          </Text>
          {payslip.tdsExplanation.length === 0 ? (
            <Text size="sm" c="dimmed">
              No explanation recorded.
            </Text>
          ) : (
            <List size="sm" spacing={4} type="ordered" aria-label="How the TDS was computed">
              {payslip.tdsExplanation.map((text, i) => (
                <List.Item key={i}>{amountsKeptWhole(text)}</List.Item>
              ))}
            </List>
          )}
        </Card>
      </SimpleGrid>

      <Card component="section" aria-label="Year to date" padding="md">
        <Title order={sectionOrder} size="h5" mb="xs">
          Year to date
        </Title>
        <Table aria-label="Year to date" verticalSpacing={6}>
          <Table.Tbody>
            {payslip.ytd.lines.map((line) => (
              <Table.Tr key={line.code}>
                <Table.Td>{line.label}</Table.Td>
                <Table.Td ta="right">{inr(line.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            {[
              { label: 'Gross earnings', amount: payslip.ytd.grossEarnings },
              { label: 'Total deductions', amount: payslip.ytd.totalDeductions },
              { label: 'Income tax (TDS)', amount: payslip.ytd.tds },
              { label: 'Net pay', amount: payslip.ytd.netPay },
            ].map(({ label, amount }) => (
              <Table.Tr key={label}>
                <Table.Th>{label}</Table.Th>
                <Table.Th ta="right">{inr(amount)}</Table.Th>
              </Table.Tr>
            ))}
          </Table.Tfoot>
        </Table>
      </Card>
    </Stack>
  );
}
