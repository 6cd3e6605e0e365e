import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { EARNING_TYPES, EPF_CONTRIBUTION_LABELS, SALARY_MSG, SalaryCalculationType, earningInputSchema, type EarningInputBody, type EarningTypeKey, type TenantEarningRow } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { FormAlert } from '../../ui/FormAlert';
import { zodFieldErrors } from '../../ui/zod-form';
import { saveEarning, useEarningTypes } from './components.api';
import { CALCULATION_TYPE_OPTIONS } from './component-format';
import { formFailure } from '../../ui/kit/form-failure';

interface Values {
  earningType: string;
  earningName: string;
  nameInPayslip: string;
  isFixedPay: string;
  calculationType: string;
  calculationValue: string | number;
  isPartOfSalaryStructure: boolean;
  isTaxableEarning: boolean;
  isProRateBasis: boolean;
  epfContributionType: string;
  isConsideredForESI: boolean;
  isActive: boolean;
}

const FIELDS = ['earningType', 'earningName', 'nameInPayslip', 'calculationType', 'calculationValue', 'epfContributionType', 'isActive'] as const;
const SINGLETONS = new Set(['basic', 'hra', 'fixedAllowance']);
const EPF_OPTIONS = ([0, 1, 2] as const).map((v) => ({ value: String(v), label: EPF_CONTRIBUTION_LABELS[v] }));

function valuesOf(earning: TenantEarningRow | null): Values {
  return {
    earningType: '',
    earningName: earning?.earningName ?? '',
    nameInPayslip: earning?.nameInPayslip ?? '',
    isFixedPay: String(earning?.isFixedPay ?? true),
    calculationType: String(earning?.calculationType ?? SalaryCalculationType.Flat),
    calculationValue: earning?.calculationValue ?? '',
    isPartOfSalaryStructure: earning?.isPartOfSalaryStructure ?? true,
    isTaxableEarning: earning?.isTaxableEarning ?? true,
    isProRateBasis: earning?.isProRateBasis ?? true,
    epfContributionType: String(earning?.epfContributionType ?? 0),
    isConsideredForESI: earning?.isConsideredForESI ?? true,
    isActive: earning?.isActive ?? true,
  };
}

/** The body the contract checks: numbers for percentages and amounts ('' stays invalid), text for a formula. */
function bodyOf(v: Values, isNew: boolean): EarningInputBody {
  const type = Number(v.calculationType);
  const raw = v.calculationValue;
  const value = type === SalaryCalculationType.CustomFormula ? String(raw) : raw === '' ? Number.NaN : Number(raw);
  return {
    ...(isNew ? { earningType: (v.earningType || undefined) as EarningTypeKey | undefined } : {}),
    earningName: v.earningName,
    nameInPayslip: v.nameInPayslip,
    calculationType: type,
    calculationValue: value,
    isFixedPay: v.isFixedPay === 'true',
    isPartOfSalaryStructure: v.isPartOfSalaryStructure,
    isTaxableEarning: v.isTaxableEarning,
    isProRateBasis: v.isProRateBasis,
    epfContributionType: Number(v.epfContributionType) as 0 | 1 | 2,
    isConsideredForESI: v.isConsideredForESI,
    isActive: v.isActive,
  };
}

/**
 * Add/Edit Earning (payroll spec §3 "Earning details"): earning type (new ones; it fills in the
 * defaults), earning name, name in payslip, fixed or variable pay, calculation type and value, part
 * of the salary structure, taxable, pro-rata, EPF contribution, ESI. The fixed allowance is the
 * remainder, so it has no calculation; basic and the fixed allowance stay active.
 */
export function EarningFormModal({ earning, existing, onClose, onSaved }: { earning: TenantEarningRow | null; existing: readonly TenantEarningRow[]; onClose: () => void; onSaved: () => void }) {
  const isNew = earning === null;
  // The server's list (GET earning-types); the contract's copy until it arrives.
  const earningTypes = useEarningTypes().data ?? EARNING_TYPES;
  const [serverError, setServerError] = useState<string | null>(null);
  const [payslipEdited, setPayslipEdited] = useState(!isNew);
  const form = useForm<Values>({
    initialValues: valuesOf(earning),
    validate: (v) => ({
      ...zodFieldErrors(earningInputSchema, bodyOf(v, isNew)),
      // The contract leaves the type optional (an update keeps it); a new earning needs one, as the server says.
      ...(isNew && !v.earningType ? { earningType: SALARY_MSG.earningTypeRequired } : {}),
    }),
  });
  const { values } = form;
  const category = earning?.earningCategory ?? earningTypes.find((t) => t.key === values.earningType)?.category ?? 'other';
  const remainder = category === 'fixedAllowance';
  const system = category === 'basic' || remainder;
  const calculationType = Number(values.calculationType);

  const chooseType = (key: string) => {
    const type = earningTypes.find((t) => t.key === key);
    form.setFieldValue('earningType', key);
    if (!type) return;
    const name = type.key === 'custom' ? values.earningName : type.name;
    form.setValues({
      earningName: name,
      nameInPayslip: payslipEdited ? values.nameInPayslip : name,
      isFixedPay: String(type.isFixedPay),
      calculationType: String(type.calculationType),
      calculationValue: type.calculationValue,
      isPartOfSalaryStructure: type.isPartOfSalaryStructure,
      isTaxableEarning: type.isTaxableEarning,
      isProRateBasis: type.isProRateBasis,
      epfContributionType: String(type.epfContributionType),
      isConsideredForESI: type.isConsideredForESI,
    });
  };

  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await saveEarning(earning?.id ?? null, bodyOf(v, isNew));
      toast.success(isNew ? SALARY_MSG.earningCreated : SALARY_MSG.earningUpdated);
      onSaved();
    } catch (error) {
      formFailure(error, { fields: FIELDS, setErrors: form.setErrors, show: setServerError, fallback: 'Failed to save the earning' });
    }
  });

  const typeOptions = [
    { value: '', label: 'Select an earning type' },
    ...earningTypes.map((t) => ({ value: t.key, label: t.name, disabled: SINGLETONS.has(t.category) && existing.some((e) => e.earningCategory === t.category) })),
  ];

  return (
    <Modal opened onClose={onClose} title={isNew ? 'Add Earning' : 'Edit Earning'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={serverError} />
          {isNew && <NativeSelect label="Earning Type" required data={typeOptions} {...form.getInputProps('earningType')} onChange={(e) => chooseType(e.currentTarget.value)} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Earning Name"
              required
              maxLength={100}
              {...form.getInputProps('earningName')}
              onChange={(e) => {
                const name = e.currentTarget.value;
                form.setFieldValue('earningName', name);
                if (!payslipEdited) form.setFieldValue('nameInPayslip', name);
              }}
            />
            <TextInput
              label="Name in Payslip"
              required
              maxLength={100}
              {...form.getInputProps('nameInPayslip')}
              onChange={(e) => {
                setPayslipEdited(true);
                form.setFieldValue('nameInPayslip', e.currentTarget.value);
              }}
            />
          </SimpleGrid>
          {!isNew && (
            <Text size="xs" c="dimmed">
              Code in formulas: {earning.code}
            </Text>
          )}
          <Radio.Group label="Pay Type" {...form.getInputProps('isFixedPay')}>
            <Group mt={4}>
              <Radio value="true" label="Fixed pay" />
              <Radio value="false" label="Variable pay" />
            </Group>
          </Radio.Group>
          {remainder ? (
            <Alert variant="light" color="gray">
              The fixed allowance is what remains of the CTC after every other component, so it has no calculation of its own.
            </Alert>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                label="Calculation Type"
                required
                data={CALCULATION_TYPE_OPTIONS.map((o) => ({ ...o, disabled: category === 'basic' && o.value === String(SalaryCalculationType.PercentOfBasic) }))}
                {...form.getInputProps('calculationType')}
              />
              {calculationType === SalaryCalculationType.CustomFormula ? (
                <Textarea
                  label="Formula"
                  required
                  autosize
                  minRows={1}
                  maxLength={1000}
                  description="Monthly rupees over component codes (BASIC, HRA, …), CTC, ANNUAL_CTC and GROSS; min, max, round, floor, ceil."
                  {...form.getInputProps('calculationValue')}
                />
              ) : calculationType === SalaryCalculationType.Flat ? (
                <NumberInput label="Amount per year (₹)" required min={0} decimalScale={2} thousandSeparator="," {...form.getInputProps('calculationValue')} />
              ) : (
                <NumberInput label="Percentage (%)" required min={0} max={100} clampBehavior="none" decimalScale={2} suffix="%" {...form.getInputProps('calculationValue')} />
              )}
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Checkbox label="Part of the default salary structure" disabled={remainder} {...form.getInputProps('isPartOfSalaryStructure', { type: 'checkbox' })} />
            <Checkbox label="Taxable earning" {...form.getInputProps('isTaxableEarning', { type: 'checkbox' })} />
            <Checkbox label="Calculate on pro-rata basis" description="Paid in proportion to the payable days" {...form.getInputProps('isProRateBasis', { type: 'checkbox' })} />
            <Checkbox label="Consider for ESI contribution" {...form.getInputProps('isConsideredForESI', { type: 'checkbox' })} />
          </SimpleGrid>
          <NativeSelect label="EPF Contribution" data={EPF_OPTIONS} {...form.getInputProps('epfContributionType')} />
          <Switch label="Active" disabled={system} {...form.getInputProps('isActive', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {isNew ? 'Add Earning' : 'Save Changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
