import { useState } from 'react';
import { Alert, Button, Card, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { can, type SalaryStructureView } from '@tankha/contracts';
import { useCurrentUser } from '../../app/current-user';
import { useSalaryStructure } from './profile.api';
import { rupeesText } from '../../ui/format';
import { ReviseSalaryModal } from './ReviseSalaryModal';
import { useSalaryRevisions } from './salary-revisions.api';
import { SalaryRevisionsTable } from './SalaryRevisionsTable';

const STATUTORY_LABELS: Record<string, string> = { EPF: 'EPF', ESI: 'ESI', ProfessionalTax: 'Professional Tax', LWF: 'Labour Welfare Fund' };

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </div>
  );
}

export function SalaryDetails({ structure }: { structure: SalaryStructureView }) {
  const statutory = structure.statutoryComponents.filter((s) => s.isEnabled && s.applicable);
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm" mb="md">
        <Figure label="Annual CTC" value={rupeesText(structure.annualCTC)} />
        <Figure label="Monthly CTC" value={rupeesText(structure.monthlyCTC)} />
        <Figure label="Monthly gross" value={rupeesText(structure.monthlyGross)} />
        <Figure label="Annual gross" value={rupeesText(structure.annualGross)} />
        <Figure label="Monthly TDS" value={rupeesText(structure.monthlyTDS)} />
        <Figure label="Annual TDS" value={rupeesText(structure.annualTDS)} />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={480}>
        <Table striped aria-label="Earnings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Earnings</Table.Th>
              <Table.Th ta="right">Monthly</Table.Th>
              <Table.Th ta="right">Annual</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {structure.earnings.map((e) => (
              <Table.Tr key={e.tenantEarningId}>
                <Table.Td>{e.earningName}</Table.Td>
                <Table.Td ta="right">{rupeesText(e.monthlyAmount)}</Table.Td>
                <Table.Td ta="right">{rupeesText(e.annualAmount)}</Table.Td>
              </Table.Tr>
            ))}
            {structure.deductions.map((d) => (
              <Table.Tr key={d.tenantDeductionId}>
                <Table.Td>{d.deductionName} (deduction)</Table.Td>
                <Table.Td ta="right">{rupeesText(d.monthlyAmount)}</Table.Td>
                <Table.Td ta="right">{rupeesText(d.annualAmount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {statutory.length > 0 && (
        <Table.ScrollContainer minWidth={560} mt="md">
          <Table striped aria-label="Statutory components">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Statutory component</Table.Th>
                <Table.Th ta="right">Employee (monthly)</Table.Th>
                <Table.Th ta="right">Employer (monthly)</Table.Th>
                <Table.Th ta="right">Employee (annual)</Table.Th>
                <Table.Th ta="right">Employer (annual)</Table.Th>
                <Table.Th>Cycle</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statutory.map((s) => (
                <Table.Tr key={s.name}>
                  <Table.Td>{STATUTORY_LABELS[s.name] ?? s.name}</Table.Td>
                  <Table.Td ta="right">{rupeesText(s.employeeMonthly)}</Table.Td>
                  <Table.Td ta="right">{rupeesText(s.employerMonthly)}</Table.Td>
                  <Table.Td ta="right">{rupeesText(s.employeeAnnual)}</Table.Td>
                  <Table.Td ta="right">{rupeesText(s.employerAnnual)}</Table.Td>
                  <Table.Td>{s.deductionCycle}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

/** Salary Details: the structure computed by the server from the annual CTC; for payroll admins, its revisions. */
export function SalaryCard({ userId }: { userId: string }) {
  const user = useCurrentUser();
  const query = useSalaryStructure(userId);
  const canViewRevisions = can(user.roleId, 'salary.revisions.view');
  const canRevise = can(user.roleId, 'salary.revisions.manage');
  const revisions = useSalaryRevisions(userId, canViewRevisions);
  const [revising, setRevising] = useState(false);
  let body;
  if (query.isPending) body = <Text c="dimmed">Loading salary details…</Text>;
  else if (query.isError) body = <Alert color="red">Could not load the salary details.</Alert>;
  else if (!query.data || !query.data.isAvailable) body = <Text c="dimmed">No salary structure yet</Text>;
  else body = <SalaryDetails structure={query.data} />;
  return (
    <Card component="section" aria-label="Salary Details">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          Salary Details
        </Title>
        {canRevise ? (
          <Button size="xs" variant="light" onClick={() => setRevising(true)}>
            Revise salary
          </Button>
        ) : null}
      </Group>
      {body}
      {canViewRevisions ? (
        revisions.isError ? (
          <Alert color="red" mt="md">
            Could not load the revision history.
          </Alert>
        ) : revisions.data ? (
          <SalaryRevisionsTable revisions={revisions.data.revisions} />
        ) : null
      ) : null}
      {canRevise ? <ReviseSalaryModal userId={userId} opened={revising} onClose={() => setRevising(false)} /> : null}
    </Card>
  );
}
