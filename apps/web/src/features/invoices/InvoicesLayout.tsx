import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from 'react-router';

export const INVOICE_PATHS = {
  all: '/invoices/allInvoices',
  businesses: '/invoices/businesses',
  clients: '/invoices/clients',
  create: '/Invoice/create',
  customize: '/customize-invoice',
  one: (id: string) => `/Invoices/${id}`,
} as const;

/** /invoices (platform spec §2.1): All Invoices, Businesses and Clients, with Create Invoice. */
export function InvoicesLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = pathname.startsWith(INVOICE_PATHS.businesses) ? 'businesses' : pathname.startsWith(INVOICE_PATHS.clients) ? 'clients' : 'all';
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Invoices</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => navigate(INVOICE_PATHS.create)}>
          Create Invoice
        </Button>
      </Group>
      <Tabs value={tab} onChange={(v) => navigate(v === 'businesses' ? INVOICE_PATHS.businesses : v === 'clients' ? INVOICE_PATHS.clients : INVOICE_PATHS.all)}>
        <Tabs.List>
          <Tabs.Tab value="all">All Invoices</Tabs.Tab>
          <Tabs.Tab value="businesses">Businesses</Tabs.Tab>
          <Tabs.Tab value="clients">Clients</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
