import { Checkbox, NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { epfInputSchema, epfSettingsViewSchema, type StatutoryComponentSetting, type StatutoryTables } from '@tankha/contracts';
import { rupeesText } from '../../ui/format';
import { zodFieldErrors } from '../../ui/zod-form';
import { StatutoryCard } from './StatutoryCard';
import { WageBaseField } from './WageBaseField';

// A type alias (not an interface): StatutoryCard takes any record of form values.
type Values = {
  epfNumber: string;
  restrictToWageCeiling: string;
  proRate: boolean;
  includeEmployerShareInCtc: boolean;
  includeEdliAndAdminInCtc: boolean;
  considerAllSalaryComponents: boolean;
  applicability: string;
  wageBase: string;
};

function bodyOf(v: Values) {
  return {
    epfNumber: v.epfNumber.trim() === '' ? null : v.epfNumber,
    restrictToWageCeiling: v.restrictToWageCeiling === 'true',
    proRate: v.proRate,
    includeEmployerShareInCtc: v.includeEmployerShareInCtc,
    includeEdliAndAdminInCtc: v.includeEdliAndAdminInCtc,
    considerAllSalaryComponents: v.considerAllSalaryComponents,
    applicability: Number(v.applicability) as 1 | 2,
    wageBase: v.wageBase === 'codes' ? ('codes' as const) : ('components' as const),
  };
}

/** EPF: establishment number, wage ceiling or actual wages, what sits inside CTC. */
export function EpfCard({ setting, tables }: { setting: StatutoryComponentSetting; tables: StatutoryTables }) {
  const s = epfSettingsViewSchema.parse(setting.settings);
  const ceiling = rupeesText(tables.epf.wageCeiling, { paise: false });
  const form = useForm<Values>({
    initialValues: {
      epfNumber: s.epfNumber ?? '',
      restrictToWageCeiling: String(s.restrictToWageCeiling),
      proRate: s.proRate,
      includeEmployerShareInCtc: s.includeEmployerShareInCtc,
      includeEdliAndAdminInCtc: s.includeEdliAndAdminInCtc,
      considerAllSalaryComponents: s.considerAllSalaryComponents,
      applicability: String(s.applicability),
      wageBase: s.wageBase,
    },
    validate: (v) => zodFieldErrors(epfInputSchema, bodyOf(v)),
  });
  return (
    <StatutoryCard component="EPF" setting={setting} form={form} body={bodyOf}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="EPF Number" placeholder="KABNG0012345000" description="The establishment code" maxLength={25} {...form.getInputProps('epfNumber')} />
        <NativeSelect
          label="Applies to"
          data={[
            { value: '1', label: 'Every employee' },
            { value: '2', label: `Only when the PF wage is at most ${ceiling}` },
          ]}
          {...form.getInputProps('applicability')}
        />
      </SimpleGrid>
      <WageBaseField
        id="epf-wage-base"
        title="PF wage base"
        value={form.values.wageBase}
        onChange={(v) => {
          form.setFieldValue('wageBase', v);
        }}
        since={s.wageBaseSince}
        savedBase={s.wageBase}
      />
      <Radio.Group label="Contribution wage" {...form.getInputProps('restrictToWageCeiling')}>
        <Stack gap={6} mt={4}>
          <Radio value="true" label={`Restrict contributions to ${ceiling} of PF wage`} />
          <Radio value="false" label="Contribute on the actual PF wage" />
        </Stack>
      </Radio.Group>
      <Stack gap={6}>
        <Checkbox label="Pro-rate the restricted PF wage by payable days" {...form.getInputProps('proRate', { type: 'checkbox' })} />
        <Checkbox
          label="Count every salary component except HRA as PF wage (marked components)"
          disabled={form.values.wageBase === 'codes'}
          {...form.getInputProps('considerAllSalaryComponents', { type: 'checkbox' })}
        />
        <Checkbox label="Employer’s contribution is part of CTC" {...form.getInputProps('includeEmployerShareInCtc', { type: 'checkbox' })} />
        <Checkbox label="EDLI and admin charges are part of CTC" {...form.getInputProps('includeEdliAndAdminInCtc', { type: 'checkbox' })} />
      </Stack>
      <Text size="xs" c="dimmed">
        Employee {String(s.employeeRatePercent)}% and employer {String(s.employerRatePercent)}% of the PF wage; of the employer’s share, EPS {tables.epf.epsRatePercent}% up to{' '}
        {rupeesText(tables.epf.epsMax, { paise: false })}. EDLI {tables.epf.edliRatePercent}% up to {rupeesText(tables.epf.edliMax, { paise: false })}, admin charges{' '}
        {tables.epf.adminRatePercent}%. Wage ceiling {ceiling} a month.
      </Text>
    </StatutoryCard>
  );
}
