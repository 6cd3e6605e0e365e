import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingBank, IconCalendarCheck, IconFileInvoice, IconReceiptTax, IconShieldLock, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths';
import { PublicPage } from './PublicPage';

const AREAS = [
  { icon: IconUsers, title: 'People', text: 'Employee records, departments, roles, documents and invitations, with bulk import from a spreadsheet.' },
  { icon: IconCalendarCheck, title: 'Attendance and leave', text: 'Check-in, shifts and rosters, regularisation requests, leave policies, balances and holiday calendars.' },
  { icon: IconBuildingBank, title: 'Payroll', text: 'Monthly payroll from salary structures, with EPF, ESI, Professional Tax and LWF, payslips, bank transfer files and statutory returns.' },
  { icon: IconReceiptTax, title: 'Income tax', text: 'Old and new regime comparison, IT declarations, proofs of investment, TDS every month, Form 24Q and Form 16.' },
  { icon: IconFileInvoice, title: 'Reimbursements and invoices', text: 'Claims with receipts and approvals paid with the salary, and GST invoices for your clients.' },
  { icon: IconShieldLock, title: 'Privacy and control', text: 'Every organisation’s data is kept apart, people see only what their role allows, and finalised payroll cannot be changed.' },
];

const PRINCIPLES = [
  { title: 'Right by the law', text: 'Tax slabs, statutory rates and thresholds are kept per financial year and checked against worked examples from the rules themselves.' },
  { title: 'One calculation', text: 'The salary preview, the payslip, the tax calculator and Form 16 come from the same calculation, so they always agree.' },
  { title: 'Simple to run', text: 'A setup checklist, sensible defaults and clear messages, so a small team can run payroll without a consultant.' },
];

/** About us: what Tankha is, what it covers, and how it is built. */
export function AboutUsPage() {
  return (
    <PublicPage
      title="About us"
      lead="Tankha (“salary” in Hindi and Urdu) is HR, attendance and payroll software made in India for Indian organisations, from a ten-person start-up to a company with thousands of employees."
    >
      <Stack gap={48}>
        <Stack gap="sm">
          <Title order={2} size="h3">
            Why we built Tankha
          </Title>
          <Text>
            Paying people correctly in India means keeping up with EPF, ESI, Professional Tax that differs from state to state, Labour Welfare Fund, two income-tax regimes,
            declarations and proofs, TDS every month and Form 16 at the end of the year. Most small and mid-sized organisations do this in spreadsheets, or pay for several tools
            that do not talk to each other.
          </Text>
          <Text>
            Tankha puts people, attendance, leave, payroll and tax in one place. Attendance and leave feed the payroll, the payroll feeds the tax and the statutory returns,
            and employees see their own payslips, leave and declarations themselves.
          </Text>
        </Stack>

        <Stack gap="md">
          <Title order={2} size="h3">
            What Tankha covers
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {AREAS.map(({ icon: Icon, title, text }) => (
              <Card key={title} padding="lg">
                <Group align="flex-start" wrap="nowrap" gap="md">
                  <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                    <Icon size={22} />
                  </ThemeIcon>
                  <Stack gap={4}>
                    <Title order={3} size="h5">
                      {title}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {text}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="md">
          <Title order={2} size="h3">
            How we work
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {PRINCIPLES.map(({ title, text }) => (
              <Stack key={title} gap={4}>
                <Text fw={700}>{title}</Text>
                <Text size="sm" c="dimmed">
                  {text}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>

        <Card padding="xl" bg="var(--mantine-color-indigo-0)" style={{ borderColor: 'var(--mantine-color-indigo-2)' }}>
          <Group justify="space-between" align="center" gap="md">
            <Stack gap={4}>
              <Title order={2} size="h4">
                Try Tankha with your own team
              </Title>
              <Text size="sm" c="dimmed">
                Start with a free trial of every feature. No card needed.
              </Text>
            </Stack>
            <Group gap="sm">
              <Button component={Link} to={PATHS.pricing} variant="default">
                See pricing
              </Button>
              <Button component={Link} to={PATHS.register} reloadDocument>
                Start free trial
              </Button>
            </Group>
          </Group>
        </Card>
      </Stack>
    </PublicPage>
  );
}
