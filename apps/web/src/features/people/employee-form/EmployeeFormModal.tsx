import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Flex, Group, Modal, NativeSelect, NavLink, SimpleGrid, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import {
  BANK_CHANGE_COOLING_HOURS,
  BANK_CHANGE_MSG,
  InviteResultCode,
  PEOPLE_MSG,
  employeeDateErrors,
  employeeFormSchema,
  type Employee,
  type SalaryStructureRequest,
  type TenantDeduction,
  type TenantEarning,
  type UserFieldOptions,
} from '@tankha/contracts';
import { ApiError } from '../../../app/api';
import { useSession } from '../../../app/session';
import { toast } from '../../../app/toast';
import { PageLoader } from '../../../ui/PageLoader';
import { ErrorState } from '../../../ui/ErrorState';
import { zodFieldErrors } from '../../../ui/zod-form';
import { DateField } from '../../../ui/DateField';
import { DepartmentSelect } from '../../departments';
import { WorkLocationSelect } from '../../work-locations';
import { useToday } from '../../../app/today';
import {
  addRestrictedUser,
  calculateStructure,
  employeeNumberExists,
  fetchDeductions,
  fetchEarnings,
  fetchEmployee,
  fetchEmploymentTypes,
  fetchLatestEmployeeNumber,
  inviteUser,
  updateUser,
} from './employee-form.api';
import {
  FIELD_SECTION,
  SECTIONS,
  deductionAssociations,
  defaultEarningRows,
  earningAssociations,
  emptyValues,
  isComplete,
  toPayload,
  valuesFromEmployee,
  type EmployeeFormValues,
  type SectionKey,
} from './form-values';
import { ManagerPicker } from './ManagerPicker';
import { SalarySection } from './SalarySection';
import { BANK_CHANGES_KEY } from '../../bank-changes/bank-changes.api';
import { PendingBankChangeAlert } from '../../bank-changes/PendingBankChangeAlert';

/** The Invite / Edit / Add Restricted Login User modal (people spec §2.6). */
export interface EmployeeFormModalProps {
  mode: 'invite' | 'edit' | 'restricted';
  /** The user to edit (mode 'edit'). */
  userId?: string | null;
  opened: boolean;
  onClose: () => void;
  /** Called after a successful save, so the list can refresh. */
  onSaved: () => void;
  /** Today in the organisation's zone, for the date rules (a clock passed in; tests fix it). */
  today?: string;
}

/** The salary structure is recomputed this long after the last change (~300 ms). */
export const SALARY_DEBOUNCE_MS = 300;
export const RESTRICTED_ADDED = 'Restricted login user added successfully';

const TITLES = {
  invite: 'Invite User',
  edit: 'Edit User',
  restricted: 'Add Restricted Login User',
} as const;

export function EmployeeFormModal({ mode, userId, opened, onClose, onSaved, today }: EmployeeFormModalProps) {
  const organizationToday = useToday();
  const title =
    mode === 'restricted' ? (
      <Group gap={6}>
        <Text fw={600}>{TITLES.restricted}</Text>
        <Tooltip label={PEOPLE_MSG.restrictedHint} multiline w={260}>
          <IconInfoCircle size={16} aria-label={PEOPLE_MSG.restrictedHint} />
        </Tooltip>
      </Group>
    ) : (
      <Text fw={600}>{TITLES[mode]}</Text>
    );
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="80rem" centered>
      {mode === 'restricted' ? (
        <Text size="sm" c="dimmed" mb="sm">
          {PEOPLE_MSG.restrictedHint}
        </Text>
      ) : null}
      {opened ? <EmployeeFormLoader mode={mode} userId={userId ?? null} today={today ?? organizationToday} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function EmployeeFormLoader({
  mode,
  userId,
  today,
  onClose,
  onSaved,
}: {
  mode: EmployeeFormModalProps['mode'];
  userId: string | null;
  today: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const earnings = useQuery({
    queryKey: ['salary-components', 'earnings'],
    queryFn: fetchEarnings,
  });
  const deductions = useQuery({
    queryKey: ['salary-components', 'deductions'],
    queryFn: fetchDeductions,
  });
  const employmentTypes = useQuery({
    queryKey: ['user-fields', 'Employment Type'],
    queryFn: fetchEmploymentTypes,
  });
  const employee = useQuery({
    queryKey: ['employee', userId],
    queryFn: () => fetchEmployee(userId ?? ''),
    enabled: mode === 'edit' && userId !== null,
    gcTime: 0,
  });
  const queries = [earnings, deductions, employmentTypes, ...(mode === 'edit' ? [employee] : [])];
  if (queries.some((q) => q.isError)) return <ErrorState message="Could not load the form. Please try again." onRetry={() => queries.forEach((q) => void q.refetch())} />;
  if (!earnings.data || !deductions.data || !employmentTypes.data || (mode === 'edit' && !employee.data)) return <PageLoader />;
  return (
    <EmployeeForm
      mode={mode}
      employee={employee.data ?? null}
      earnings={earnings.data}
      deductionList={deductions.data}
      employmentTypes={employmentTypes.data}
      today={today}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

interface EmployeeFormProps {
  mode: EmployeeFormModalProps['mode'];
  employee: Employee | null;
  earnings: TenantEarning[];
  deductionList: TenantDeduction[];
  employmentTypes: UserFieldOptions;
  today: string;
  onClose: () => void;
  onSaved: () => void;
}

function EmployeeForm({ mode, employee, earnings, deductionList, employmentTypes, today, onClose, onSaved }: EmployeeFormProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [section, setSection] = useState<SectionKey>('generalInformation');
  // Platform §9: the employee-number validity flag defaults to true.
  const [employeeNumberValid, setEmployeeNumberValid] = useState(true);
  const [saving, setSaving] = useState(false);
  const fieldId = employmentTypes.userFieldId;
  const initial = useMemo<EmployeeFormValues>(
    () => (employee ? valuesFromEmployee(employee, earnings, fieldId) : { ...emptyValues(), earnings: defaultEarningRows(earnings) }),
    [employee, earnings, fieldId],
  );
  const form = useForm<EmployeeFormValues>({
    initialValues: initial,
    validateInputOnBlur: true,
    validate: (values) => {
      const payload = toPayload(values, fieldId);
      // The contract's rules, then those about today, which only the caller's clock can judge.
      return { ...employeeDateErrors(payload, today), ...zodFieldErrors(employeeFormSchema, payload) };
    },
  });
  const values = form.getValues();
  const latestNumber = useQuery({
    queryKey: ['employee-number', 'latest'],
    queryFn: fetchLatestEmployeeNumber,
    enabled: mode !== 'edit',
  });
  // Issue 16: a new employee's number starts as the next after the last one; it stays editable.
  const nextNumber = latestNumber.data?.next ?? null;
  useEffect(() => {
    if (mode !== 'edit' && nextNumber && form.getValues().employeeNumber === '' && !form.isDirty('employeeNumber')) {
      form.setFieldValue('employeeNumber', nextNumber);
      form.resetDirty({ ...form.getValues(), employeeNumber: nextNumber });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `form` is stable; run when the number arrives
  }, [nextNumber, mode]);

  // Live salary structure: the request follows the inputs, the call the debounced request. A CTC
  // the form refuses (a third decimal, out of range) is shown under its field and not previewed.
  const ctc = Number(values.annualCTC);
  const request: SalaryStructureRequest | null =
    values.annualCTC.trim() !== '' && ctc > 0 && employeeFormSchema.shape.annualCTC.safeParse(ctc).success
      ? {
          annualCTC: ctc,
          regimeType: values.regimeType === '0' ? 0 : 1,
          earningAssociationValues: earningAssociations(values.earnings),
          deductionAssociationValues: deductionAssociations(values.deductions),
          forceESICalc: values.forceESICalc,
          dateOfBirth: values.dateOfBirth || null,
          gender: Number(values.gender),
          // The location's state gives the PT and LWF the preview shows, as the run deducts them.
          workLocationId: values.workLocationId || null,
        }
      : null;
  const [debouncedKey] = useDebouncedValue(request ? JSON.stringify(request) : '', SALARY_DEBOUNCE_MS);
  const structure = useQuery({
    queryKey: ['salary-structure', debouncedKey],
    queryFn: ({ signal }) => calculateStructure(JSON.parse(debouncedKey) as SalaryStructureRequest, signal),
    enabled: debouncedKey !== '',
    retry: false,
    placeholderData: keepPreviousData,
  });
  const salaryError = request && structure.isError ? (structure.error instanceof ApiError ? structure.error.message : PEOPLE_MSG.somethingWrong) : null;

  const emailDisabled = mode === 'invite' && session?.isEmailEnabled === false;
  // Issue 16: Save stays enabled; pressing it with errors shows them and goes to the first one.
  const canSave = !emailDisabled && !saving;
  const formRef = useRef<HTMLDivElement>(null);
  const [jump, setJump] = useState(0);
  useEffect(() => {
    if (jump === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
    first?.scrollIntoView?.({ block: 'center' });
  }, [jump]);
  /** The sections holding an error, for the side menu's marks. */
  const sectionsWithErrors = new Set<SectionKey>(
    Object.entries(form.errors)
      .filter(([, message]) => Boolean(message))
      .map(([key]) => FIELD_SECTION[key.split('.')[0] ?? ''])
      .filter((key): key is SectionKey => key !== undefined),
  );
  if (salaryError) sectionsWithErrors.add('salaryComponents');

  const checkEmployeeNumber = async () => {
    form.validateField('employeeNumber');
    const number = form.getValues().employeeNumber.trim();
    if (!number) return;
    try {
      const exists = await employeeNumberExists(number, employee?.id ?? null);
      setEmployeeNumberValid(!exists);
      if (exists) form.setErrors((current) => ({ ...current, employeeNumber: PEOPLE_MSG.employeeNumberExists }));
    } catch {
      // The server checks again on save.
    }
  };

  const openFirstError = (errors: Record<string, unknown>) => {
    const first = SECTIONS.find((s) => Object.keys(errors).some((k) => FIELD_SECTION[k.split('.')[0] ?? ''] === s.key));
    if (first) setSection(first.key);
    setJump((n) => n + 1);
  };

  const submit = async () => {
    if (emailDisabled) {
      toast.error(PEOPLE_MSG.emailServicesDisabled);
      return;
    }
    const result = form.validate();
    const errors: Record<string, unknown> = { ...result.errors };
    if (!employeeNumberValid) {
      errors.employeeNumber = PEOPLE_MSG.employeeNumberExists;
      // Not setFieldError: it compares with the errors of the last render, which still hold this message,
      // and skips, so validate()'s queued errors (without it) would win.
      form.setErrors((current) => ({ ...current, employeeNumber: PEOPLE_MSG.employeeNumberExists }));
    }
    if (salaryError) errors.earningAssociations = salaryError;
    if (Object.keys(errors).length > 0 || !isComplete(form.getValues())) {
      openFirstError(errors);
      return;
    }
    const payload = toPayload(form.getValues(), fieldId);
    setSaving(true);
    try {
      if (mode === 'edit' && employee) {
        const reply = await updateUser(employee.id, payload);
        if (reply.statusCode === 200) {
          toast.success(
            reply.bankChange === 'approval' ? BANK_CHANGE_MSG.requested : reply.bankChange === 'cooling' ? BANK_CHANGE_MSG.requestedCooling(BANK_CHANGE_COOLING_HOURS) : PEOPLE_MSG.userUpdated,
          );
          void queryClient.invalidateQueries({ queryKey: [BANK_CHANGES_KEY] });
          onSaved();
        } else toast.error(PEOPLE_MSG.userUpdateFailed);
        return;
      }
      const reply = mode === 'invite' ? await inviteUser(payload) : await addRestrictedUser(payload);
      if (reply.statusCode === InviteResultCode.Success) {
        toast.success(mode === 'invite' ? PEOPLE_MSG.invited : RESTRICTED_ADDED);
        onSaved();
      } else if (reply.statusCode === InviteResultCode.AlreadyExists) {
        // The work e-mail is already a member of this organisation: say so under the field.
        form.setFieldError('email', PEOPLE_MSG.userExists);
        openFirstError({ email: PEOPLE_MSG.userExists });
        toast.error(PEOPLE_MSG.userExists);
      }
      else toast.error(PEOPLE_MSG.somethingWrong);
    } catch (error) {
      if (error instanceof ApiError) {
        const known = Object.fromEntries(Object.entries(error.errors).filter(([k]) => k in FIELD_SECTION));
        if (Object.keys(known).length > 0) {
          form.setErrors(known);
          openFirstError(known);
          if (known.employeeNumber === PEOPLE_MSG.employeeNumberExists) setEmployeeNumberValid(false);
        }
        if (error.handled) return;
      }
      const fallback = mode === 'edit' ? PEOPLE_MSG.userUpdateFailed : PEOPLE_MSG.invitePayrollError;
      toast.error(error instanceof ApiError && error.status > 0 ? error.message : fallback);
    } finally {
      setSaving(false);
    }
  };

  const input = (field: keyof EmployeeFormValues) => form.getInputProps(field);
  const dateInput = (field: 'dateOfBirth' | 'marriageDate' | 'dateOfJoining' | 'dateOfConfirmation') => ({ ...form.getInputProps(field), value: values[field] });
  const married = values.maritalStatus === '1';

  return (
    <Stack>
      {emailDisabled ? (
        <Alert color="red" variant="light" role="alert">
          {PEOPLE_MSG.emailServicesDisabled}
        </Alert>
      ) : null}
      {/* On a phone the sections sit above the fields, two to a row: beside them they left the fields a 90 px column. */}
      <Flex direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-start' }} gap={{ base: 'sm', sm: 'lg' }}>
        <Box component="nav" w={{ base: '100%', sm: 210 }} style={{ flexShrink: 0 }} aria-label="Form sections">
          <SimpleGrid cols={{ base: 2, sm: 1 }} spacing={0} verticalSpacing={0}>
            {SECTIONS.map((s) => {
              const invalid = sectionsWithErrors.has(s.key);
              return (
                <NavLink
                  key={s.key}
                  label={s.label}
                  description={invalid ? 'Has errors' : undefined}
                  color={invalid ? 'red' : undefined}
                  c={invalid ? 'red' : undefined}
                  rightSection={invalid ? <IconAlertCircle size={16} color="var(--mantine-color-red-6)" aria-hidden /> : undefined}
                  active={section === s.key}
                  onClick={() => setSection(s.key)}
                  aria-current={section === s.key ? 'step' : undefined}
                />
              );
            })}
          </SimpleGrid>
        </Box>
        <Box ref={formRef} style={{ flex: 1, minWidth: 0 }}>
          {section === 'generalInformation' ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First name" withAsterisk {...input('firstName')} />
              <TextInput label="Middle name" {...input('middleName')} />
              <TextInput label="Last name" withAsterisk {...input('lastName')} />
              <TextInput label="Work email" withAsterisk type="email" disabled={mode === 'edit' && employee?.status !== 4} {...input('email')} />
              <TextInput label="Personal email" type="email" {...input('personalEmail')} />
              <TextInput label="Phone number" {...input('phoneNumber')} />
              <TextInput label="Emergency contact" {...input('emergencyContact')} />
              <DateField label="Date of birth" {...dateInput('dateOfBirth')} />
              <NativeSelect
                label="Gender"
                data={[
                  { value: '0', label: 'Select' },
                  { value: '1', label: 'Male' },
                  { value: '2', label: 'Female' },
                  { value: '3', label: 'Prefer not to disclose' },
                  { value: '4', label: 'Others' },
                ]}
                {...input('gender')}
              />
              <NativeSelect
                label="Marital status"
                data={[
                  { value: '0', label: 'Select' },
                  { value: '1', label: 'Married' },
                  { value: '2', label: 'Unmarried' },
                ]}
                {...input('maritalStatus')}
              />
              {married ? <TextInput label="Spouse name" {...input('spouseName')} /> : null}
              {married ? <DateField label="Marriage date" {...dateInput('marriageDate')} /> : null}
              <NativeSelect
                label="Blood group"
                data={['', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'].map((v) => ({ value: v, label: v || 'Select' }))}
                {...input('bloodGroup')}
              />
              <TextInput label="PAN" maxLength={10} {...input('pan')} onChange={(e) => form.setFieldValue('pan', e.currentTarget.value.toUpperCase())} />
              <Textarea label="Address" autosize minRows={2} {...input('address')} />
            </SimpleGrid>
          ) : null}

          {section === 'employmentDetails' ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Employee number"
                withAsterisk
                description={latestNumber.data?.last ? `Last employee number: ${latestNumber.data.last}` : undefined}
                {...input('employeeNumber')}
                onChange={(e) => {
                  form.setFieldValue('employeeNumber', e.currentTarget.value);
                  setEmployeeNumberValid(true);
                }}
                onBlur={() => void checkEmployeeNumber()}
              />
              <DateField label="Date of joining" withAsterisk {...dateInput('dateOfJoining')} />
              <TextInput label="Experience (years)" withAsterisk inputMode="decimal" {...input('experience')} />
              <DateField label="Date of confirmation" {...dateInput('dateOfConfirmation')} />
              <DepartmentSelect value={values.departmentId} onChange={(id) => form.setFieldValue('departmentId', id)} error={form.errors.departmentId as string | undefined} />
              <TextInput label="Designation" {...input('designation')} />
              <WorkLocationSelect value={values.workLocationId} onChange={(id) => form.setFieldValue('workLocationId', id)} error={form.errors.workLocationId as string | undefined} />
              <NativeSelect
                label="Employment Type"
                data={[
                  { value: '', label: 'Select' },
                  ...employmentTypes.options.map((o) => ({
                    value: o.id,
                    label: o.label,
                  })),
                ]}
                {...input('employmentTypeOptionId')}
              />
              <ManagerPicker
                selected={
                  values.reportingManagerId
                    ? {
                        id: values.reportingManagerId,
                        name: values.reportingManagerName,
                      }
                    : null
                }
                excludeId={employee?.id ?? null}
                error={form.errors.reportingManagerId as string | undefined}
                onChange={(m) =>
                  form.setValues({
                    reportingManagerId: m?.id ?? null,
                    reportingManagerName: m?.name ?? '',
                  })
                }
              />
              <TextInput label="ESI number" {...input('esiNumber')} />
              <TextInput label="PF number" {...input('pfNumber')} />
              <TextInput label="UAN" {...input('uan')} />
            </SimpleGrid>
          ) : null}

          {section === 'salaryComponents' ? (
            <SalarySection
              annualCTC={{
                value: values.annualCTC,
                error: form.errors.annualCTC,
                onChange: (v) => form.setFieldValue('annualCTC', v),
                onBlur: () => form.validateField('annualCTC'),
              }}
              regimeType={{
                value: values.regimeType,
                error: form.errors.regimeType,
                onChange: (v) => form.setFieldValue('regimeType', v),
              }}
              forceESICalc={{
                checked: values.forceESICalc,
                onChange: (v) => form.setFieldValue('forceESICalc', v),
              }}
              earnings={values.earnings}
              onEarningChange={(index, value) => form.setFieldValue(`earnings.${String(index)}.value`, value)}
              deductionList={deductionList.filter((d) => d.isActive)}
              deductions={values.deductions}
              onDeductionChange={(id, value) =>
                form.setFieldValue('deductions', {
                  ...form.getValues().deductions,
                  [id]: value,
                })
              }
              structure={request ? structure.data : undefined}
              calculating={structure.isFetching}
              salaryError={salaryError}
            />
          ) : null}

          {section === 'bankDetails' && mode === 'edit' && employee ? <PendingBankChangeAlert userId={employee.id} /> : null}
          {section === 'bankDetails' ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Account holder name" {...input('accountHolderName')} />
              <TextInput label="Bank name" {...input('bankName')} />
              <TextInput label="Account number" inputMode="numeric" {...input('bankAccountNumber')} />
              <TextInput label="IFSC code" maxLength={11} {...input('ifscCode')} onChange={(e) => form.setFieldValue('ifscCode', e.currentTarget.value.toUpperCase())} />
            </SimpleGrid>
          ) : null}
          {salaryError && section !== 'salaryComponents' ? (
            <Text size="sm" c="red" mt="sm">
              {salaryError}
            </Text>
          ) : null}
        </Box>
      </Flex>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} disabled={!canSave} loading={saving}>
          {mode === 'edit' ? 'Save Changes' : 'Save Details'}
        </Button>
      </Group>
    </Stack>
  );
}
