import { useState } from 'react';
import { Button, Group, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  LOAN_KIND_LABELS,
  LOAN_KINDS,
  LOAN_MSG,
  LOAN_PURPOSE_LABELS,
  LOAN_PURPOSES,
  loanInputSchema,
  loanUpdateSchema,
  type Loan,
  type LoanKind,
  type LoanPurpose,
  type LoanUpdateBody,
} from '@tankha/contracts';
import { toast } from '../../app/toast';
import { FormAlert } from '../../ui/FormAlert';
import { zodFieldErrors } from '../../ui/zod-form';
import { EmployeePicker } from './ExitFormModal';
import { recordLoan, updateLoan } from './loans.api';
import { formFailure } from '../../ui/kit/form-failure';

interface Values {
  userId: string | null;
  kind: string | null;
  purpose: string | null;
  amount: number | string;
  startMonth: string;
  termsBy: 'instalments' | 'emi';
  instalments: number | string;
  emi: number | string;
  interestRate: number | string;
  sbiRate: number | string;
  note: string;
}

const FIELDS = ['userId', 'kind', 'purpose', 'amount', 'startMonth', 'termsBy', 'instalments', 'emi', 'interestRate', 'sbiRate', 'note'] as const;
/** An empty box is "not given" (the contract's required message), never 0. */
const num = (v: number | string): number | undefined => (typeof v === 'number' ? v : v.trim() === '' ? undefined : Number(v));

function body(v: Values): LoanUpdateBody {
  return {
    // Validation runs on this body first, so the casts hold when it is sent.
    kind: (v.kind ?? undefined) as LoanKind,
    purpose: (v.purpose ?? undefined) as LoanPurpose,
    amount: num(v.amount) as number,
    startMonth: v.startMonth.trim(),
    termsBy: v.termsBy,
    instalments: v.termsBy === 'instalments' ? (num(v.instalments) ?? null) : null,
    emi: v.termsBy === 'emi' ? (num(v.emi) ?? null) : null,
    interestRate: num(v.interestRate) ?? 0,
    sbiRate: num(v.sbiRate) ?? null,
    note: v.note.trim() || null,
  };
}

/** Record a loan or salary advance (or edit one): the server computes the schedule on save. */
export function LoanFormModal({ loan, defaultStartMonth, onClose, onSaved }: { loan: Loan | null; defaultStartMonth: string; onClose: () => void; onSaved: (l: Loan) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      userId: loan?.userId ?? null,
      kind: loan?.kind ?? 'loan',
      purpose: loan?.purpose ?? null,
      amount: loan?.amount ?? '',
      startMonth: loan?.startMonth ?? defaultStartMonth,
      termsBy: loan?.termsBy ?? 'instalments',
      instalments: loan?.termsBy === 'instalments' ? loan.instalments : '',
      emi: loan?.termsBy === 'emi' ? loan.emi : '',
      interestRate: loan?.interestRate ?? 0,
      sbiRate: loan?.sbiRate ?? '',
      note: loan?.note ?? '',
    },
    validate: (v) => (loan ? zodFieldErrors(loanUpdateSchema, body(v)) : zodFieldErrors(loanInputSchema, { ...body(v), userId: v.userId ?? undefined })),
  });
  const { values } = form;

  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      const saved = loan ? await updateLoan(loan.id, body(v)) : await recordLoan({ ...body(v), userId: v.userId ?? '' });
      toast.success(loan ? LOAN_MSG.updated : LOAN_MSG.recorded);
      onSaved(saved);
    } catch (error) {
      formFailure(error, { fields: FIELDS, setErrors: form.setErrors, show: setServerError, fallback: 'Failed to save the loan' });
    }
  });

  return (
    <Modal opened onClose={onClose} title={loan ? `Edit loan of ${loan.employeeName}` : 'Add loan or advance'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            The payroll run deducts one instalment a month from the start month. A month whose pay cannot cover the instalment defers it to the next month; nothing is lost.
          </Text>
          <FormAlert message={serverError} />
          {loan ? null : <EmployeePicker value={values.userId} onChange={(id) => form.setFieldValue('userId', id)} error={form.errors.userId as string | undefined} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Type" required data={LOAN_KINDS.map((k) => ({ value: k, label: LOAN_KIND_LABELS[k] }))} {...form.getInputProps('kind')} allowDeselect={false} />
            <Select label="Purpose" required placeholder="Select" data={LOAN_PURPOSES.map((p) => ({ value: p, label: LOAN_PURPOSE_LABELS[p] }))} {...form.getInputProps('purpose')} />
            <NumberInput label="Amount (₹)" required min={1} allowDecimal={false} thousandSeparator="," {...form.getInputProps('amount')} />
            <TextInput label="Start month" description="First instalment, YYYY-MM" required placeholder="YYYY-MM" {...form.getInputProps('startMonth')} />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="loan-terms-label">
              Repayment
            </Text>
            <SegmentedControl
              aria-labelledby="loan-terms-label"
              data={[
                { value: 'instalments', label: 'Number of instalments' },
                { value: 'emi', label: 'Monthly instalment (EMI)' },
              ]}
              {...form.getInputProps('termsBy')}
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {values.termsBy === 'instalments' ? (
              <NumberInput label="Instalments" required min={1} max={240} allowDecimal={false} {...form.getInputProps('instalments')} />
            ) : (
              <NumberInput label="EMI (₹)" required min={1} allowDecimal={false} thousandSeparator="," {...form.getInputProps('emi')} />
            )}
            <NumberInput label="Interest rate (% a year)" description="0 for an interest-free loan" min={0} max={50} decimalScale={2} {...form.getInputProps('interestRate')} />
            <NumberInput
              label="SBI rate on 1 April (% a year)"
              description="For the same purpose: values the perquisite for tax (rule 3(7)(i))"
              min={0}
              max={50}
              decimalScale={2}
              {...form.getInputProps('sbiRate')}
            />
          </SimpleGrid>
          <Textarea label="Note" autosize minRows={2} maxLength={500} {...form.getInputProps('note')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
