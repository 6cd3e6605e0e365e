import { useState } from 'react';
import { ActionIcon, Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconEye, IconEyeOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MaritalStatus, ROLE_NAMES, USER_STATUS_NAMES, UserStatus, type Employee, type UserStatusId } from '@tankha/contracts';
import { DetailsCard, type DetailRow } from '../../ui/DetailsCard';
import { displayDate, displayText, initials } from '../../ui/format';
import { DocumentsCard } from './DocumentsCard';
import { maskAccountNumber, maskPan } from './profile.api';
import { SalaryCard } from './SalaryCard';

const GENDER_NAMES: Record<number, string> = { 1: 'Male', 2: 'Female', 3: 'Prefer not to disclose', 4: 'Others' };
const MARITAL_NAMES: Record<number, string> = { [MaritalStatus.Married]: 'Married', [MaritalStatus.Unmarried]: 'Unmarried' };
/** The employee record's reading: 0 Old, 1 New (people spec §3). */
const REGIME_NAMES: Record<number, string> = { 0: 'Old Regime', 1: 'New Regime' };

function statusName(status: number): string {
  return status in USER_STATUS_NAMES ? USER_STATUS_NAMES[status as UserStatusId] : 'Unknown';
}

function experienceText(years: number | null): string {
  if (years === null) return '—';
  return `${years.toString()} ${years === 1 ? 'year' : 'years'}`;
}

export interface ProfileViewProps {
  employee: Employee;
  /** Administrators and moderators who may edit this employee (canActOn). */
  canEdit: boolean;
  /** May reveal the bank account number and PAN. */
  canReveal: boolean;
  /** May upload and delete this employee's documents. */
  canManageDocuments: boolean;
  /** May declare investments on this employee's behalf (payroll spec §1: employee profile, Investments). */
  canDeclareOnBehalf?: boolean;
  onEdit?: () => void;
}

function BankCard({ employee, canReveal }: { employee: Employee; canReveal: boolean }) {
  const [revealed, setRevealed] = useState(false);
  const account = revealed ? displayText(employee.bankAccountNumber) : maskAccountNumber(employee.bankAccountNumber);
  const pan = revealed ? displayText(employee.pan) : maskPan(employee.pan);
  return (
    <Card component="section" aria-label="Bank Details">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          Bank Details
        </Title>
        {canReveal && (employee.bankAccountNumber || employee.pan) && (
          <Tooltip label={revealed ? 'Hide' : 'Show'}>
            <ActionIcon variant="subtle" aria-label={revealed ? 'Hide account number and PAN' : 'Show account number and PAN'} onClick={() => setRevealed((r) => !r)}>
              {revealed ? <IconEyeOff size={16} /> : <IconEye size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <DetailsRows
        rows={[
          { label: 'Account holder', value: displayText(employee.accountHolderName) },
          { label: 'Bank', value: displayText(employee.bankName) },
          { label: 'Account number', value: account },
          { label: 'IFSC', value: displayText(employee.ifscCode) },
          { label: 'PAN', value: pan },
        ]}
      />
    </Card>
  );
}

/** The same grid as the other profile cards (DetailsCard), so the columns line up down the page. */
function DetailsRows({ rows }: { rows: DetailRow[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
      {rows.map((row) => (
        <div key={row.label}>
          <Text size="xs" c="dimmed">
            {row.label}
          </Text>
          <Text size="sm">{row.value}</Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** The employee profile's sections, shared by /profile and /my-profile. */
export function ProfileView({ employee, canEdit, canReveal, canManageDocuments, canDeclareOnBehalf = false, onEdit }: ProfileViewProps) {
  const fullName = [employee.firstName, employee.middleName, employee.lastName].filter(Boolean).join(' ');
  // The record carries the chosen option's label, so /my-profile shows what administrators see on /profile.
  const employmentType =
    employee.userFieldValues
      .map((v) => v.optionLabel ?? v.fieldValue)
      .filter((v): v is string => !!v)
      .join(', ') || '—';
  const married = employee.maritalStatus === MaritalStatus.Married;

  return (
    <Stack>
      <Card>
        <Group justify="space-between" align="flex-start">
          <Group>
            <Avatar src={employee.imageUrl} alt={fullName} size={72} radius="xl" color="indigo">
              {initials(employee.firstName, employee.lastName)}
            </Avatar>
            <Stack gap={4}>
              <Title order={2}>{fullName}</Title>
              <Text c="dimmed">{displayText(employee.designation)}</Text>
              <Group gap="xs">
                <Badge variant="light">{ROLE_NAMES[employee.roleId]}</Badge>
                <Badge variant="light" color={employee.status === UserStatus.Active ? 'teal' : 'gray'}>
                  {statusName(employee.status)}
                </Badge>
              </Group>
            </Stack>
          </Group>
          {canEdit && onEdit && (
            <Button variant="light" leftSection={<IconEdit size={16} />} onClick={onEdit}>
              Edit
            </Button>
          )}
        </Group>
      </Card>
      <DetailsCard
        title="Personal Details"
        rows={[
          { label: 'Name', value: fullName },
          { label: 'Personal email', value: displayText(employee.personalEmail) },
          { label: 'Date of birth', value: displayDate(employee.dateOfBirth) },
          { label: 'Gender', value: GENDER_NAMES[employee.gender] ?? '—' },
          { label: 'Phone', value: displayText(employee.phoneNumber) },
          { label: 'Emergency contact', value: displayText(employee.emergencyContact) },
          { label: 'Marital status', value: MARITAL_NAMES[employee.maritalStatus] ?? '—' },
          ...(married
            ? [
                { label: 'Marriage date', value: displayDate(employee.marriageDate) },
                { label: 'Spouse name', value: displayText(employee.spouseName) },
              ]
            : []),
          { label: 'Blood group', value: displayText(employee.bloodGroup) },
          { label: 'Address', value: displayText(employee.address) },
        ]}
      />
      <DetailsCard
        title="Employment Details"
        rows={[
          { label: 'Employee number', value: displayText(employee.employeeNumber) },
          { label: 'Work email', value: employee.email },
          { label: 'Date of joining', value: displayDate(employee.dateOfJoining) },
          { label: 'Experience', value: experienceText(employee.experience) },
          { label: 'Confirmation date', value: displayDate(employee.dateOfConfirmation) },
          { label: 'Department', value: displayText(employee.departmentName) },
          { label: 'Designation', value: displayText(employee.designation) },
          { label: 'Work location', value: displayText(employee.workLocationName ?? employee.workLocation) },
          { label: 'Reporting manager', value: displayText(employee.reportingManagerName) },
          { label: 'Employment type', value: employmentType },
          { label: 'Role', value: ROLE_NAMES[employee.roleId] },
          { label: 'Status', value: statusName(employee.status) },
          { label: 'PF number', value: displayText(employee.pfNumber) },
          { label: 'UAN', value: displayText(employee.uan) },
          { label: 'ESI number', value: displayText(employee.esiNumber) },
          { label: 'Tax regime', value: REGIME_NAMES[employee.regimeType] ?? '—' },
        ]}
      />
      <SalaryCard userId={employee.id} />
      <BankCard employee={employee} canReveal={canReveal} />
      <DocumentsCard userId={employee.id} canManage={canManageDocuments} />
      {canDeclareOnBehalf ? (
        <Card component="section" aria-label="Investments">
          <Group justify="space-between">
            <Title order={4}>Investments</Title>
            <Group>
              <Button variant="default" component={Link} to={`/payroll/taxes/employeeITDeclaration/overallSummary?userId=${encodeURIComponent(employee.id)}`}>
                View Declaration
              </Button>
              <Button component={Link} to={`/payroll/taxes/employeeDeclaration?employeeId=${encodeURIComponent(employee.id)}`}>
                Declare on behalf
              </Button>
            </Group>
          </Group>
        </Card>
      ) : null}
    </Stack>
  );
}
