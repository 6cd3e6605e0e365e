import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { DECLARATION_MSG, DeclarationStatus, TaxWindowStatus, type DeclarationSummary } from '@tankha/contracts';
import { financialYearStartOf } from '@tankha/domain';
import { errorMessage } from '../../app/api';
import { useToday } from '../../app/today';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { inr, rupeesText } from '../../ui/format';
import { ItemComments, useCommentCounts } from '../comments';
import { useDeclarationSummary } from './declarations.api';
import { DECLARATION_PATHS } from './paths';

/** One row of the particulars table; `itemKey` names the declared item a comment thread belongs to. */
export interface ParticularRow {
  itemKey: string;
  particulars: string;
  amount: number;
  /** Payroll spec §2: Net Income/Loss, Net Annual Value and Standard Deduction rows have no comment button. */
  commentable: boolean;
}

/** The comment thread of a particulars row: rows of one declared item (a house, a loan, a deduction, a field) share it. */
export function commentItemId(row: Pick<ParticularRow, 'itemKey'>): string {
  return row.itemKey.split(':')[1] ?? row.itemKey;
}

const ddmmyyyy = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : DECLARATION_MSG.fallbackLockDate);
/** One formatter for every row (toLocaleDateString with options builds a new one on each call). */
const MONTH_FORMAT = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric' });
const monthText = (m: string) => MONTH_FORMAT.format(new Date(`${m}-01T00:00:00`));

/** The status as the summary shows it (payroll spec §2 "Status colours": Locked red, Released blue, Submitted green, others grey). */
export function statusBadge(s: Pick<DeclarationSummary, 'status' | 'windowStatus'>): { label: string; color: string } {
  switch (s.status) {
    case DeclarationStatus.Approved:
      return { label: 'Approved', color: 'gray' };
    case DeclarationStatus.OnHold:
      return { label: 'On Hold', color: 'gray' };
    case DeclarationStatus.Rejected:
      return { label: 'Rejected', color: 'gray' };
    case DeclarationStatus.Submitted:
      return { label: 'Submitted', color: 'green' };
    default:
      return s.windowStatus === TaxWindowStatus.Locked ? { label: 'Locked', color: 'red' } : { label: 'Released', color: 'blue' };
  }
}

/** The particulars table's rows from the summary. */
export function particularsOf(s: DeclarationSummary): ParticularRow[] {
  const rows: ParticularRow[] = [];
  const add = (itemKey: string, particulars: string, amount: number, commentable = true) => rows.push({ itemKey, particulars, amount, commentable });
  for (const r of s.houseRentDetails) add(`houseRent:${r.id}`, `House rent, ${monthText(r.rentalPeriodStart)} to ${monthText(r.rentalPeriodEnd)} (${r.urbanizationType === 'Metro' ? 'Metro' : 'Non Metro'})`, r.totalAmount);
  if (s.selfOccupiedHomeLoan) {
    add(`homeLoan:${s.selfOccupiedHomeLoan.id}:principal`, 'Home loan principal (80C)', s.selfOccupiedHomeLoan.principalPaidOnHomeLoan);
    add(`homeLoan:${s.selfOccupiedHomeLoan.id}:interest`, 'Home loan interest (Section 24)', s.selfOccupiedHomeLoan.interestPaidOnHomeLoan);
  }
  s.letOutProperties.forEach((p, i) => {
    const n = `Let-out property ${String(i + 1)}`;
    add(`letOut:${p.id}:rent`, `${n}: annual rent received`, p.annualRentReceived);
    add(`letOut:${p.id}:municipalTax`, `${n}: municipal taxes paid`, p.municipalTaxesPaid);
    add(`letOut:${p.id}:nav`, `${n}: Net Annual Value`, p.netAnnualValue, false);
    add(`letOut:${p.id}:standardDeduction`, `${n}: Standard Deduction (30%)`, p.standardDeduction, false);
    if (p.homeLoanDetail) add(`homeLoan:${p.homeLoanDetail.id}:interest`, `${n}: home loan interest`, p.homeLoanDetail.interestPaidOnHomeLoan);
    add(`letOut:${p.id}:net`, `${n}: Net Income/Loss`, p.netIncomeOrLoss, false);
  });
  const field = (key: keyof DeclarationSummary & string, label: string) => {
    const v = s[key];
    if (typeof v === 'number' && v !== 0) add(`field:${key}`, label, v);
  };
  field('incomeOtherSources', 'Income from other sources');
  field('interestFromSavings', 'Interest from savings account');
  field('interestFromFD', 'Interest from fixed deposits');
  field('interestFromNSC', 'Interest from NSC');
  for (const d of s.deductions) add(`deduction:${d.id}`, `${d.categoryId === 1 ? '80C' : d.categoryId === 2 ? '80D' : 'Other'}: ${d.deductionItemName}`, d.declaredAmount);
  field('previousEmploymentIncome', 'Previous employment: income');
  field('previousEmploymentTaxPaid', 'Previous employment: tax paid');
  field('previousEmploymentProfessionalTax', 'Previous employment: professional tax');
  field('previousEmploymentEPF', 'Previous employment: EPF');
  field('previousEmploymentLeaveEncashment', 'Previous employment: leave encashment');
  return rows;
}

function CommentButton({ declarationId, row, count, onAdded }: { declarationId: string; row: ParticularRow; count: number | undefined; onAdded: () => void }) {
  return <ItemComments declarationId={declarationId} itemId={commentItemId(row)} itemLabel={row.particulars} count={count} onAdded={onAdded} />;
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card withBorder component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
      {note ? <Text size="xs">{note}</Text> : null}
    </Card>
  );
}

/** /payroll/taxes/employeeITDeclaration/overallSummary (payroll spec §2 "Overall declaration summary"); ?userId= for an administrator. */
export function DeclarationSummaryPage() {
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? undefined;
  const year = financialYearStartOf(useToday());
  const summary = useDeclarationSummary(year, userId);
  const [commentsVersion, setCommentsVersion] = useState(0);
  const loaded = summary.data ?? null;
  const itemIds = useMemo(() => (loaded ? [...new Set(particularsOf(loaded).filter((r) => r.commentable).map(commentItemId))] : []), [loaded]);
  const counts = useCommentCounts(loaded?.declarationId, itemIds, commentsVersion);
  if (summary.isError) return <ErrorState message={errorMessage(summary.error, 'Failed to load the declaration summary')} onRetry={() => void summary.refetch()} />;
  if (summary.data === undefined) return <PageLoader label="Loading declaration summary" />;
  const s = summary.data;
  if (!s) return userId ? <Alert>No declaration for {year}-{year + 1} yet.</Alert> : <Navigate to={DECLARATION_PATHS.landing} replace />;
  const badge = statusBadge(s);
  const rows = particularsOf(s);
  const editPath = `${DECLARATION_PATHS.form}?declarationId=${encodeURIComponent(s.declarationId)}${userId ? `&employeeId=${encodeURIComponent(userId)}` : ''}`;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>
          Declaration Summary {s.financialYearStart}-{s.financialYearEnd}
          {userId ? ` — ${s.employeeFirstName} ${s.employeeLastName}` : ''}
        </Title>
        <Group>
          {s.allowRegimeSwitch ? (
            <Button variant="default" component={Link} to={DECLARATION_PATHS.taxCalculator}>
              Compare Tax
            </Button>
          ) : null}
          {s.status !== DeclarationStatus.Approved ? (
            <Button component={Link} to={editPath}>
              Edit Declaration
            </Button>
          ) : null}
        </Group>
      </Group>
      {s.status === DeclarationStatus.OnHold ? <Alert color="yellow">{DECLARATION_MSG.onHoldBanner}</Alert> : null}
      {s.status === DeclarationStatus.Approved ? <Alert color="green">{DECLARATION_MSG.approvedBanner}</Alert> : null}
      {s.status === DeclarationStatus.Submitted ? <Alert color="blue">{DECLARATION_MSG.submittedBanner(ddmmyyyy(s.lockDate))}</Alert> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Figure label="Net Taxable Income" value={inr(s.netTaxableIncome)} />
        <Figure label="Total Tax" value={inr(s.totalTax)} />
        <Figure label="Tax to be Paid" value={inr(s.taxToBePaid)} note={`${rupeesText(s.taxPerMonth)} per month`} />
        <Card withBorder component="section" aria-label="Status">
          <Text size="sm" c="dimmed">
            Status
          </Text>
          <Badge color={badge.color} size="lg">
            {badge.label}
          </Badge>
        </Card>
      </SimpleGrid>
      <Text>
        Tax Regime: <strong>{s.taxRegime === 0 ? 'Old Regime' : 'New Regime'}</strong>
      </Text>
      <Text size="sm" c="dimmed">
        Worked out on the salary as payroll projects it: {s.salaryBasis}
      </Text>
      <Card withBorder>
        <Table aria-label="Particulars">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Particulars</Table.Th>
              <Table.Th ta="right">Declared Amount</Table.Th>
              <Table.Th ta="right">Comments</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>Nothing declared yet.</Table.Td>
              </Table.Tr>
            ) : (
              rows.map((r) => (
                <Table.Tr key={r.itemKey}>
                  <Table.Td>{r.particulars}</Table.Td>
                  <Table.Td ta="right">{inr(r.amount)}</Table.Td>
                  <Table.Td ta="right">{r.commentable ? <CommentButton declarationId={s.declarationId} row={r} count={counts[commentItemId(r)]} onAdded={() => setCommentsVersion((v) => v + 1)} /> : null}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Card>
      <Card withBorder>
        <Title order={4} mb="xs">
          How the tax is worked out
        </Title>
        <Table aria-label="Tax computation">
          <Table.Tbody>
            {[
              ['Gross Salary', s.computation.grossSalary],
              ['Exemptions under Section 10 (HRA)', s.computation.exemptions],
              ['Deductions under Section 16', s.computation.standardDeduction + s.computation.professionalTax],
              ['Income from House Property', s.computation.housePropertyIncome],
              ['Income from Other Sources', s.computation.otherIncome],
              ['Deduction under Section 80C', s.computation.section80C],
              ['Other Deductions under Chapter VI-A', s.computation.otherChapterVIA],
              ['Net Taxable Income', s.computation.taxableIncome],
              ['Total Tax', s.computation.totalTax],
            ].map(([label, value]) => (
              <Table.Tr key={String(label)}>
                <Table.Td>{label}</Table.Td>
                <Table.Td ta="right">{inr(Number(value))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {s.computation.reviewLines.map((l) => (
          <Text key={l} size="sm" mt="xs">
            {l}
          </Text>
        ))}
      </Card>
    </Stack>
  );
}
