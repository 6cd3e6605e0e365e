import { NativeSelect, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { lwfInputSchema, professionalTaxInputSchema, stateLevySettingsViewSchema, type PtSlabView, type StatutoryComponentSetting, type StatutoryTables } from '@tankha/contracts';
import { rupeesText } from '../../ui/format';
import { zodFieldErrors } from '../../ui/zod-form';
import { StatutoryCard } from './StatutoryCard';

// A type alias (not an interface): StatutoryCard takes any record of form values.
type Values = {
  stateCode: string;
  registrationNumber: string;
};

const MONTH_NAMES_SHORT = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const bodyOf = (v: Values) => ({ stateCode: v.stateCode === '' ? null : v.stateCode, registrationNumber: v.registrationNumber.trim() === '' ? null : v.registrationNumber });
const rangeText = (from: number, to: number | null) => (to === null ? `${rupeesText(from, { paise: 'auto' })} and above` : `${rupeesText(from, { paise: 'auto' })} – ${rupeesText(to, { paise: 'auto' })}`);
const monthsText = (months: readonly string[]) => (months.length === 12 ? 'every month' : months.map((m) => MONTH_NAMES_SHORT[Number(m) - 1] ?? m).join(' and '));

function PtSlabsTable({ label, slabs, halfYearly }: { label: string; slabs: readonly PtSlabView[]; halfYearly: boolean }) {
  const february = slabs.some((s) => s.februaryAmount !== null);
  return (
    <Table aria-label={label} withTableBorder verticalSpacing={6} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{halfYearly ? 'Half-yearly salary' : 'Monthly salary'}</Table.Th>
          <Table.Th>Tax</Table.Th>
          {february && <Table.Th>In February</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {slabs.map((s) => (
          <Table.Tr key={s.from}>
            <Table.Td>{rangeText(s.from, s.to)}</Table.Td>
            <Table.Td>{rupeesText(s.amount, { paise: 'auto' })}</Table.Td>
            {february && <Table.Td>{s.februaryAmount === null ? '—' : rupeesText(s.februaryAmount, { paise: 'auto' })}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Professional Tax (the work location's state) or LWF (by state): pick the state; its slabs show
 * read-only, as the domain's tables in force today have them.
 */
export function StateLevyCard({ component, setting, tables }: { component: 'ProfessionalTax' | 'LWF'; setting: StatutoryComponentSetting; tables: StatutoryTables }) {
  const s = stateLevySettingsViewSchema.parse(setting.settings);
  const pt = component === 'ProfessionalTax';
  const states = pt ? tables.professionalTax : tables.labourWelfareFund;
  const form = useForm<Values>({
    initialValues: { stateCode: s.stateCode ?? '', registrationNumber: s.registrationNumber ?? '' },
    validate: (v) => zodFieldErrors(pt ? professionalTaxInputSchema : lwfInputSchema, { ...bodyOf(v), isEnabled: true }),
  });
  const code = form.values.stateCode;
  const ptTable = pt ? tables.professionalTax.find((t) => t.stateCode === code) : undefined;
  const lwfTable = pt ? undefined : tables.labourWelfareFund.find((t) => t.stateCode === code);
  const stateLabel = pt ? 'Work Location State' : 'State';

  return (
    <StatutoryCard component={component} setting={setting} form={form} body={bodyOf}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect label={stateLabel} data={[{ value: '', label: 'Select a state' }, ...states.map((t) => ({ value: t.stateCode, label: t.stateName }))]} {...form.getInputProps('stateCode')} />
        <TextInput label="Registration Number" maxLength={30} {...form.getInputProps('registrationNumber')} />
      </SimpleGrid>
      {ptTable && (
        <Stack gap="xs">
          <Text size="sm">
            {ptTable.stateName}: deducted {ptTable.cycle === 'Monthly' ? 'every month' : `${ptTable.cycle.toLowerCase()}, in ${monthsText(ptTable.deductionMonths)}`}. At most ₹2,500 a year.
          </Text>
          <PtSlabsTable label={`Professional tax slabs for ${ptTable.stateName}`} slabs={ptTable.slabs} halfYearly={ptTable.cycle === 'Half-Yearly'} />
          {ptTable.womenSlabs && (
            <>
              <Text size="sm" fw={500}>
                For women
              </Text>
              <PtSlabsTable label={`Professional tax slabs for women in ${ptTable.stateName}`} slabs={ptTable.womenSlabs} halfYearly={ptTable.cycle === 'Half-Yearly'} />
            </>
          )}
        </Stack>
      )}
      {lwfTable && (
        <Stack gap="xs">
          <Text size="sm">
            {lwfTable.stateName}: deducted {lwfTable.cycle === 'Monthly' ? 'every month' : `in ${monthsText(lwfTable.deductionMonths)}`} ({lwfTable.dueNote}).
          </Text>
          <Table aria-label={`Labour welfare fund for ${lwfTable.stateName}`} withTableBorder verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Gross salary</Table.Th>
                <Table.Th>Employee</Table.Th>
                <Table.Th>Employer</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lwfTable.slabs.map((slab) => (
                <Table.Tr key={slab.from}>
                  <Table.Td>{rangeText(slab.from, slab.to)}</Table.Td>
                  <Table.Td>{rupeesText(slab.employee, { paise: 'auto' })}</Table.Td>
                  <Table.Td>{rupeesText(slab.employer, { paise: 'auto' })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      {code === '' && (
        <Text size="sm" c="dimmed">
          {pt ? 'Choose the state of your work location to see its professional tax slabs.' : 'Choose the state to see its contributions.'}
        </Text>
      )}
    </StatutoryCard>
  );
}
