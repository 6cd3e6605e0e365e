import { Checkbox, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { esiInputSchema, esiSettingsViewSchema, type StatutoryComponentSetting, type StatutoryTables } from '@tankha/contracts';
import { rupeesText } from '../../ui/format';
import { zodFieldErrors } from '../../ui/zod-form';
import { StatutoryCard } from './StatutoryCard';
import { WageBaseField } from './WageBaseField';

// A type alias (not an interface): StatutoryCard takes any record of form values.
type Values = {
  esiNumber: string;
  includeEmployerShareInCtc: boolean;
  wageBase: string;
};

const bodyOf = (v: Values) => ({
  esiNumber: v.esiNumber.trim() === '' ? null : v.esiNumber,
  includeEmployerShareInCtc: v.includeEmployerShareInCtc,
  wageBase: v.wageBase === 'codes' ? ('codes' as const) : ('components' as const),
});

/** ESI: employer code and whether the employer's share sits inside CTC; rates and coverage are the law's. */
export function EsiCard({ setting, tables }: { setting: StatutoryComponentSetting; tables: StatutoryTables }) {
  const s = esiSettingsViewSchema.parse(setting.settings);
  const form = useForm<Values>({
    initialValues: { esiNumber: s.esiNumber ?? '', includeEmployerShareInCtc: s.includeEmployerShareInCtc, wageBase: s.wageBase },
    validate: (v) => zodFieldErrors(esiInputSchema, bodyOf(v)),
  });
  return (
    <StatutoryCard component="ESI" setting={setting} form={form} body={bodyOf}>
      <TextInput label="ESI Number" placeholder="17-digit employer code" maxLength={25} {...form.getInputProps('esiNumber')} />
      <WageBaseField
        id="esi-wage-base"
        title="ESI contribution wage base"
        value={form.values.wageBase}
        onChange={(v) => {
          form.setFieldValue('wageBase', v);
        }}
        since={s.wageBaseSince}
        savedBase={s.wageBase}
      />
      <Checkbox label="Employer’s contribution is part of CTC" {...form.getInputProps('includeEmployerShareInCtc', { type: 'checkbox' })} />
      <Text size="xs" c="dimmed">
        Employee {tables.esi.employeeRatePercent}% and employer {tables.esi.employerRatePercent}% of the contribution wages, deducted monthly. Applies to employees whose gross wages are at most{' '}
        {rupeesText(tables.esi.coverageCeiling, { paise: false })} a month ({rupeesText(tables.esi.disabledCoverageCeiling, { paise: false })} for persons with disability), or when an
        employee’s ESI calculation is forced.
      </Text>
    </StatutoryCard>
  );
}
