import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PEOPLE_MSG, SALARY_REVISION_MSG, employeeFormSchema, type SalaryStructureRequest } from '@tankha/contracts';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { DateField } from '../../ui/DateField';
import { calculateStructure, fetchDeductions, fetchEarnings, fetchEmployee } from '../people/employee-form/employee-form.api';
import { deductionAssociations, earningAssociations, valuesFromEmployee, type EarningRow } from '../people/employee-form/form-values';
import { SalarySection } from '../people/employee-form/SalarySection';
import { useReviseSalary, useSalaryRevisions } from './salary-revisions.api';

/** As the employee form recomputes its preview (~300 ms after the last change). */
const SALARY_DEBOUNCE_MS = 300;

interface Draft {
  annualCTC: string;
  regimeType: string;
  forceESICalc: boolean;
  earnings: EarningRow[];
  deductions: Record<string, string>;
  effectiveFrom: string;
}

/** The first day of this month (of `today`, the organisation's date), kept inside the allowed range. */
function defaultEffectiveFrom(today: string, earliest: string | null, latest: string): string {
  const first = `${today.slice(0, 7)}-01`;
  if (earliest && first < earliest) return earliest;
  return first > latest ? latest : first;
}

/**
 * Revise salary: the new structure, as the employee form edits it, from an effective
 * date. A date inside a finalized payroll month is allowed: the next payroll run pays the difference
 * for the finalized months as arrears.
 */
export function ReviseSalaryModal({ userId, opened, onClose }: { userId: string; opened: boolean; onClose: () => void }) {
  const employee = useQuery({ queryKey: ['revise-salary', 'employee', userId], queryFn: () => fetchEmployee(userId), enabled: opened });
  const earningList = useQuery({ queryKey: ['revise-salary', 'earnings'], queryFn: fetchEarnings, enabled: opened });
  const deductionList = useQuery({ queryKey: ['revise-salary', 'deductions'], queryFn: fetchDeductions, enabled: opened });
  const history = useSalaryRevisions(userId, opened);
  const revise = useReviseSalary(userId);
  const today = useToday();
  const initial = useMemo<Draft | null>(() => {
    if (!employee.data || !earningList.data || !history.data) return null;
    const v = valuesFromEmployee(employee.data, earningList.data, null);
    return {
      annualCTC: v.annualCTC,
      regimeType: v.regimeType,
      forceESICalc: v.forceESICalc,
      earnings: v.earnings,
      deductions: v.deductions,
      effectiveFrom: defaultEffectiveFrom(today, history.data.earliestEffectiveFrom, history.data.latestEffectiveFrom),
    };
  }, [employee.data, earningList.data, history.data, today]);
  // What the administrator changed; the stored structure until then.
  const [edits, setEdits] = useState<Draft | null>(null);
  const draft = edits ?? initial;
  const [dateError, setDateError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const close = () => {
    setEdits(null);
    setDateError(null);
    setFormError(null);
    onClose();
  };

  const ctc = Number(draft?.annualCTC ?? '');
  const ctcValid = draft !== null && draft.annualCTC.trim() !== '' && ctc > 0 && employeeFormSchema.shape.annualCTC.safeParse(ctc).success;
  const request: SalaryStructureRequest | null =
    draft && ctcValid
      ? {
          annualCTC: ctc,
          regimeType: draft.regimeType === '0' ? 0 : 1,
          earningAssociationValues: earningAssociations(draft.earnings),
          deductionAssociationValues: deductionAssociations(draft.deductions),
          forceESICalc: draft.forceESICalc,
          dateOfBirth: employee.data?.dateOfBirth ?? null,
          gender: employee.data?.gender ?? 0,
          workLocationId: employee.data?.workLocationId ?? null,
        }
      : null;
  const [debouncedKey] = useDebouncedValue(request ? JSON.stringify(request) : '', SALARY_DEBOUNCE_MS);
  const structure = useQuery({
    queryKey: ['salary-structure', debouncedKey],
    queryFn: ({ signal }) => calculateStructure(JSON.parse(debouncedKey) as SalaryStructureRequest, signal),
    enabled: opened && debouncedKey !== '',
    retry: false,
    placeholderData: keepPreviousData,
  });
  const salaryError = request && structure.isError ? (structure.error instanceof ApiError ? structure.error.message : PEOPLE_MSG.somethingWrong) : null;
  const update = (patch: Partial<Draft>) => setEdits(draft ? { ...draft, ...patch } : null);

  const loadFailed = employee.isError || earningList.isError || deductionList.isError || history.isError;

  const save = async () => {
    if (!draft) return;
    setFormError(null);
    if (draft.effectiveFrom === '') {
      setDateError(SALARY_REVISION_MSG.effectiveRequired);
      return;
    }
    setDateError(null);
    try {
      const res = await revise.mutateAsync({
        effectiveFrom: draft.effectiveFrom,
        annualCTC: ctcValid ? ctc : (undefined as unknown as number),
        regimeType: draft.regimeType === '0' ? 0 : 1,
        forceESICalc: draft.forceESICalc,
        earningAssociations: earningAssociations(draft.earnings),
        deductionAssociations: deductionAssociations(draft.deductions),
      });
      toast.success(res.message);
      close();
    } catch (error) {
      if (error instanceof ApiError && error.errors.effectiveFrom) setDateError(error.errors.effectiveFrom);
      else setFormError(errorMessage(error, PEOPLE_MSG.somethingWrong));
    }
  };

  const earliest = history.data?.earliestEffectiveFrom ?? undefined;
  const latest = history.data?.latestEffectiveFrom;
  return (
    <Modal opened={opened} onClose={close} title="Revise salary" size="xl">
      {loadFailed ? (
        <Alert color="red" role="alert">
          Could not load the salary structure.
        </Alert>
      ) : !draft ? (
        <Text c="dimmed">Loading salary structure…</Text>
      ) : (
        <Stack>
          <DateField
            label="Effective from"
            withAsterisk
            value={draft.effectiveFrom}
            onChange={(v) => {
              update({ effectiveFrom: v });
              setDateError(null);
            }}
            {...(earliest ? { min: earliest } : {})}
            {...(latest ? { max: latest } : {})}
            error={dateError}
            description="A date in a finalized payroll month is allowed: the next payroll run pays the difference for those months as arrears."
          />
          <SalarySection
            annualCTC={{ value: draft.annualCTC, error: draft.annualCTC.trim() === '' ? PEOPLE_MSG.mandatory : undefined, onChange: (v) => update({ annualCTC: v }) }}
            regimeType={{ value: draft.regimeType, onChange: (v) => update({ regimeType: v }) }}
            forceESICalc={{ checked: draft.forceESICalc, onChange: (v) => update({ forceESICalc: v }) }}
            earnings={draft.earnings}
            onEarningChange={(index, value) => update({ earnings: draft.earnings.map((row, i) => (i === index ? { ...row, value } : row)) })}
            deductionList={(deductionList.data ?? []).filter((d) => d.isActive || draft.deductions[d.id] !== undefined)}
            deductions={draft.deductions}
            onDeductionChange={(id, value) => update({ deductions: { ...draft.deductions, [id]: value } })}
            structure={request ? structure.data : undefined}
            calculating={structure.isFetching}
            salaryError={salaryError}
          />
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void save()} loading={revise.isPending} disabled={salaryError !== null}>
              Save revision
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
