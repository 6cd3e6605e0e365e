import { useState } from 'react';
import { Badge, Card, Group, Pagination, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { INVOICE_STATUS_BADGE, type InvoiceStatus } from '@tankha/contracts';
import { errorMessage } from '../../app/api';
import { ListCard } from '../../ui/ListCard';
import { displayDate, rupeesText } from '../../ui/format';
import { INVOICE_PATHS } from './InvoicesLayout';
import { useInvoiceAnalytics, useInvoices } from './invoices.api';

const PAGE_SIZE = 10;

function AnalyticsCard({ label, count, amount }: { label: string; count: number | undefined; amount: number | undefined }) {
  return (
    <Card withBorder padding="md" aria-label={`${label} invoices`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {amount === undefined ? '—' : rupeesText(amount)}
      </Text>
      <Text size="xs" c="dimmed">
        {count === undefined ? '' : `${String(count)} invoice${count === 1 ? '' : 's'}`}
      </Text>
    </Card>
  );
}

/** /invoices/allInvoices: the cards (total, paid, due, overdue) and the list, 10 a page. */
export function AllInvoicesPage() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<InvoiceStatus | 'all'>('all');
  const list = useInvoices(page, PAGE_SIZE, status === 'all' ? null : status);
  const analytics = useInvoiceAnalytics();
  const a = analytics.data;
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <AnalyticsCard label="Total" count={a?.total.count} amount={a?.total.amount} />
        <AnalyticsCard label="Paid" count={a?.paid.count} amount={a?.paid.amount} />
        <AnalyticsCard label="Due" count={a?.due.count} amount={a?.due.amount} />
        <AnalyticsCard label="Overdue" count={a?.overdue.count} amount={a?.overdue.amount} />
      </SimpleGrid>
      <SegmentedControl
        aria-label="Status"
        value={status}
        onChange={(v) => {
          setStatus(v as InvoiceStatus | 'all');
          setPage(1);
        }}
        data={[
          { value: 'all', label: 'All' },
          { value: 'draft', label: 'Draft' },
          { value: 'sent', label: 'Sent' },
          { value: 'paid', label: 'Paid' },
          { value: 'overdue', label: 'Overdue' },
        ]}
      />
      <ListCard loading={list.isPending} error={list.isError ? errorMessage(list.error, 'Failed to fetch invoices') : null} onRetry={() => void list.refetch()} empty={total === 0} loadingLabel="Loading invoices" emptyMessage="No invoices found">
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Invoice No</Table.Th>
              <Table.Th>Invoice Date</Table.Th>
              <Table.Th>Due Date</Table.Th>
              <Table.Th>Client</Table.Th>
              <Table.Th>Place of Supply</Table.Th>
              <Table.Th ta="right">GST</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data?.rows ?? []).map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Link to={INVOICE_PATHS.one(r.id)}>{r.invoiceNumber}</Link>
                </Table.Td>
                <Table.Td>{displayDate(r.invoiceDate)}</Table.Td>
                <Table.Td>{displayDate(r.dueDate)}</Table.Td>
                <Table.Td>
                  {r.clientName}
                  {r.clientGstin ? (
                    <Text size="xs" c="dimmed">
                      GSTIN {r.clientGstin}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {r.placeOfSupplyName} ({r.placeOfSupply})
                </Table.Td>
                <Table.Td ta="right">{rupeesText(r.taxAmount)}</Table.Td>
                <Table.Td ta="right">{rupeesText(r.totalAmount)}</Table.Td>
                <Table.Td>
                  <Badge color={INVOICE_STATUS_BADGE[r.status].color} variant="light">
                    {INVOICE_STATUS_BADGE[r.status].label}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListCard>
      {/* Platform spec §9: the footer is hidden with one page or 8 or fewer rows. */}
      {pages > 1 && total > 8 ? (
        <Group justify="flex-end">
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  );
}
