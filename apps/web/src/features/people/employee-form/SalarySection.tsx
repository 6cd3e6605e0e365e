import type { ReactNode } from 'react';
import { Alert, Checkbox, Group, Loader, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { SALARY_CALCULATION_TYPE_NAMES, type SalaryStructureView, type TenantDeduction } from '@tankha/contracts';
import type { EarningRow } from './form-values';
import { rupeesText } from '../../../ui/format';

const STATUTORY_LABELS: Record<string, string> = {
  EPF: 'EPF',
  ESI: 'ESI',
  ProfessionalTax: 'Professional Tax',
  LWF: 'Labour Welfare Fund',
};

export interface SalarySectionProps {
  annualCTC: {
    value: string;
    error?: ReactNode;
    onChange: (v: string) => void;
    onBlur?: () => void;
  };
  regimeType: {
    value: string;
    error?: ReactNode;
    onChange: (v: string) => void;
  };
  forceESICalc: { checked: boolean; onChange: (v: boolean) => void };
  earnings: EarningRow[];
  onEarningChange: (index: number, value: string) => void;
  deductionList: TenantDeduction[];
  deductions: Record<string, string>;
  onDeductionChange: (id: string, value: string) => void;
  structure: SalaryStructureView | undefined;
  calculating: boolean;
  /** The calculation's failure (e.g. the negative-remainder message): shown under the section, blocks saving. */
  salaryError: string | null;
}

/** Salary Structure: CTC, earnings and deductions with live monthly/annual figures (payroll spec §3). */
export function SalarySection(p: SalarySectionProps) {
  const line = (id: string) => p.structure?.earnings.find((e) => e.tenantEarningId === id);
  const statutory = (p.structure?.statutoryComponents ?? []).filter((c) => c.isEnabled);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Annual CTC (₹)"
          withAsterisk
          inputMode="decimal"
          value={p.annualCTC.value}
          onChange={(e) => p.annualCTC.onChange(e.currentTarget.value.replace(/[^\d.]/g, ''))}
          onBlur={p.annualCTC.onBlur}
          error={p.annualCTC.error}
        />
        <NativeSelect
          label="Tax regime"
          withAsterisk
          data={[
            { value: '1', label: 'New Regime' },
            { value: '0', label: 'Old Regime' },
          ]}
          value={p.regimeType.value}
          onChange={(e) => p.regimeType.onChange(e.currentTarget.value)}
          error={p.regimeType.error}
        />
      </SimpleGrid>
      <Checkbox label="Force ESI calculation" checked={p.forceESICalc.checked} onChange={(e) => p.forceESICalc.onChange(e.currentTarget.checked)} />

      <Group justify="space-between">
        <Title order={5}>Earnings</Title>
        {p.calculating ? <Loader size="xs" aria-label="Calculating" /> : null}
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Component</Table.Th>
              <Table.Th>Calculation type</Table.Th>
              <Table.Th>Value</Table.Th>
              <Table.Th ta="right">Monthly</Table.Th>
              <Table.Th ta="right">Annual</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.earnings.map((row, index) => (
              <Table.Tr key={row.tenantEarningId}>
                <Table.Td>{row.earningName}</Table.Td>
                <Table.Td>{row.isFixedAllowance ? 'Remaining amount' : SALARY_CALCULATION_TYPE_NAMES[row.calculationType]}</Table.Td>
                <Table.Td>
                  {row.isFixedAllowance ? (
                    <Text size="sm" c="dimmed">
                      Balance of CTC
                    </Text>
                  ) : (
                    <TextInput
                      size="xs"
                      aria-label={`${row.earningName} value`}
                      value={row.value}
                      rightSection={row.calculationType === 3 ? '₹' : row.calculationType === 4 ? null : '%'}
                      onChange={(e) => p.onEarningChange(index, e.currentTarget.value)}
                    />
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {rupeesText(line(row.tenantEarningId)?.monthlyAmount, { paise: 'auto' })}
                </Table.Td>
                <Table.Td ta="right">
                  {rupeesText(line(row.tenantEarningId)?.annualAmount, { paise: 'auto' })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {p.salaryError ? (
        <Alert color="red" variant="light" role="alert">
          {p.salaryError}
        </Alert>
      ) : null}

      {p.deductionList.length > 0 ? (
        <>
          <Title order={5}>Deductions</Title>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Deduction</Table.Th>
                <Table.Th>Annual amount (₹)</Table.Th>
                <Table.Th ta="right">Monthly</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.deductionList.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    {d.deductionName}
                    <Text size="xs" c="dimmed">
                      {d.deductionType === 3 ? `Pre-tax${d.preTaxDeductionSection ? ` (${d.preTaxDeductionSection})` : ''}` : 'Post-tax'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      inputMode="decimal"
                      aria-label={`${d.deductionName} annual amount`}
                      value={p.deductions[d.id] ?? ''}
                      onChange={(e) => p.onDeductionChange(d.id, e.currentTarget.value.replace(/[^\d.]/g, ''))}
                    />
                  </Table.Td>
                  <Table.Td ta="right">
                    {rupeesText(p.structure?.deductions.find((x) => x.tenantDeductionId === d.id)?.monthlyAmount ?? 0, { paise: 'auto' })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      ) : null}

      {statutory.length > 0 ? (
        <>
          <Title order={5}>Statutory components</Title>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Component</Table.Th>
                <Table.Th>Cycle</Table.Th>
                <Table.Th ta="right">Employee (monthly)</Table.Th>
                <Table.Th ta="right">Employer (monthly)</Table.Th>
                <Table.Th ta="right">Employee (annual)</Table.Th>
                <Table.Th ta="right">Employer (annual)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statutory.map((c) => (
                <Table.Tr key={c.name}>
                  <Table.Td>
                    {STATUTORY_LABELS[c.name] ?? c.name}
                    {c.rate ? (
                      <Text size="xs" c="dimmed">
                        {c.rate}% / {c.employerRate}%
                      </Text>
                    ) : null}
                    {!c.applicable ? (
                      <Text size="xs" c="dimmed">
                        Not applicable
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{c.deductionCycle}</Table.Td>
                  <Table.Td ta="right">
                    {rupeesText(c.employeeMonthly, { paise: 'auto' })}
                  </Table.Td>
                  <Table.Td ta="right">
                    {rupeesText(c.employerMonthly, { paise: 'auto' })}
                  </Table.Td>
                  <Table.Td ta="right">
                    {rupeesText(c.employeeAnnual, { paise: 'auto' })}
                  </Table.Td>
                  <Table.Td ta="right">
                    {rupeesText(c.employerAnnual, { paise: 'auto' })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {p.structure && statutory.some((c) => c.name === 'ProfessionalTax' || c.name === 'LWF') ? (
            <Text size="xs" c="dimmed" data-testid="levy-state">
              {p.structure.levyState.explanation}
            </Text>
          ) : null}
        </>
      ) : null}

      <Table withTableBorder aria-label="Salary totals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="right">Monthly</Table.Th>
            <Table.Th ta="right">Annual</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Gross</Table.Td>
            <Table.Td ta="right">
              {rupeesText(p.structure?.monthlyGross, { paise: 'auto' })}
            </Table.Td>
            <Table.Td ta="right">
              {rupeesText(p.structure?.annualGross, { paise: 'auto' })}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Cost to company</Table.Td>
            <Table.Td ta="right">
              {rupeesText(p.structure?.monthlyCTC, { paise: 'auto' })}
            </Table.Td>
            <Table.Td ta="right">
              {rupeesText(p.structure?.annualCTC, { paise: 'auto' })}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>TDS (estimate, FY {p.structure?.financialYear ?? '—'})</Table.Td>
            <Table.Td ta="right">
              {rupeesText(p.structure?.monthlyTDS, { paise: 'auto' })}
            </Table.Td>
            <Table.Td ta="right">
              {rupeesText(p.structure?.annualTDS, { paise: 'auto' })}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
