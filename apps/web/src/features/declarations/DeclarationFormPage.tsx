import { useMemo, useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Button, Card, Checkbox, Group, List, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { DECLARATION_MSG, URBANIZATION_TYPES, type DeductionOptionCategory } from '@tankha/contracts';
import { financialYearStartOf } from '@tankha/domain';
import { ApiError, errorMessage } from '../../app/api';
import { useToday } from '../../app/today';
import { toast } from '../../app/toast';
import { ErrorState } from '../../ui/ErrorState';
import { PageLoader } from '../../ui/PageLoader';
import { rupeesText } from '../../ui/format';
import { DECLARATIONS_KEY, saveDeclaration, useDeclaration, useDeclarationWindow, useDeductionOptions } from './declarations.api';
import {
  blankDeduction,
  blankLetOut,
  blankRent,
  clampAmount,
  formStateOf,
  inputOf,
  letOutFigures,
  limitViolations,
  sectionTotals,
  type DeclarationFormState,
  type LoanRow,
} from './declaration-form';
import { DECLARATION_PATHS } from './paths';


function Section({ title, total, children, toggle }: { title: string; total: number; children: ReactNode; toggle?: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Group gap="md">
          <Title order={4}>{title}</Title>
          {toggle}
        </Group>
        <Text fw={600} aria-label={`${title} total`}>
          {rupeesText(total, { paise: 'auto' })}
        </Text>
      </Group>
      {children}
    </Card>
  );
}

function YesNo({ label, value, onChange }: { label: string; value: boolean; onChange: (v: boolean) => void }) {
  return (
    <SegmentedControl
      aria-label={label}
      size="xs"
      value={value ? 'yes' : 'no'}
      onChange={(v) => onChange(v === 'yes')}
      data={[
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ]}
    />
  );
}

function Amount({ label, value, onChange, max }: { label: string; value: number; onChange: (v: number) => void; max?: number | undefined }) {
  return (
    <NumberInput
      label={label}
      value={value}
      min={0}
      max={max}
      decimalScale={2}
      thousandSeparator=","
      thousandsGroupStyle="lakh"
      prefix="₹"
      allowNegative={false}
      onChange={(v) => onChange(typeof v === 'number' ? v : Number(v) || 0)}
    />
  );
}

function LoanFields({ prefix, loan, onChange }: { prefix: string; loan: LoanRow; onChange: (l: LoanRow) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Amount label={`${prefix}principal paid on home loan (counts toward 80C)`} value={loan.principalPaidOnHomeLoan} onChange={(v) => onChange({ ...loan, principalPaidOnHomeLoan: v })} />
      <Amount label={`${prefix}interest paid on home loan (Section 24)`} value={loan.interestPaidOnHomeLoan} onChange={(v) => onChange({ ...loan, interestPaidOnHomeLoan: v })} />
      <TextInput label={`${prefix}lender name`} value={loan.lenderName} onChange={(e) => onChange({ ...loan, lenderName: e.currentTarget.value })} />
      <TextInput label={`${prefix}lender PAN`} value={loan.lenderPan} onChange={(e) => onChange({ ...loan, lenderPan: e.currentTarget.value.toUpperCase() })} />
    </SimpleGrid>
  );
}

function DeductionSection({
  category,
  title,
  rows,
  emptyText,
  limitText,
  exceeded,
  onChange,
}: {
  category: DeductionOptionCategory | undefined;
  title: string;
  rows: DeclarationFormState['deductions'][1];
  emptyText: string;
  limitText?: string;
  exceeded: boolean;
  onChange: (rows: DeclarationFormState['deductions'][1]) => void;
}) {
  const total = rows.reduce((s, r) => s + r.declaredAmount, 0);
  const items = category?.items ?? [];
  return (
    <Section title={title} total={total}>
      {items.length === 0 ? (
        <Text c="dimmed">{emptyText}</Text>
      ) : (
        <Stack gap="xs">
          {rows.map((row, i) => {
            const item = items.find((x) => x.itemId === row.deductionItemId);
            return (
              <Group key={row.id ?? `new-${String(i)}`} align="flex-end" wrap="nowrap">
                <Select
                  style={{ flex: 2 }}
                  label={`${title} investment ${String(i + 1)}`}
                  placeholder="Select an investment"
                  data={items.map((x) => ({ value: String(x.itemId), label: x.name }))}
                  value={row.deductionItemId === null ? null : String(row.deductionItemId)}
                  onChange={(v) => {
                    const itemId = v === null ? null : Number(v);
                    onChange(rows.map((r, k) => (k === i ? { ...r, deductionItemId: itemId, declaredAmount: clampAmount(category ? [category] : [], itemId, r.declaredAmount) } : r)));
                  }}
                />
                <Tooltip label={item?.maxLimit ? `Maximum ${rupeesText(item.maxLimit, { paise: 'auto' })}` : 'No limit'} disabled={!item}>
                  <div style={{ flex: 1 }}>
                    <Amount
                      label={`${title} amount ${String(i + 1)}`}
                      value={row.declaredAmount}
                      max={item?.maxLimit ?? undefined}
                      onChange={(v) => onChange(rows.map((r, k) => (k === i ? { ...r, declaredAmount: clampAmount(category ? [category] : [], r.deductionItemId, v) } : r)))}
                    />
                  </div>
                </Tooltip>
                <ActionIcon variant="subtle" color="red" aria-label={`Remove ${title} investment ${String(i + 1)}`} disabled={rows.length === 1} onClick={() => onChange(rows.filter((_, k) => k !== i))}>
                  ×
                </ActionIcon>
              </Group>
            );
          })}
          <Group justify="space-between">
            <Button variant="subtle" size="xs" onClick={() => onChange([...rows, blankDeduction()])}>
              Add investment
            </Button>
            {exceeded && limitText ? (
              <Text c="red" fw={600} role="alert">
                {limitText}
              </Text>
            ) : null}
          </Group>
        </Stack>
      )}
    </Section>
  );
}

/**
 * /payroll/taxes/employeeDeclaration (payroll spec §2 "IT declaration form"): new, or an update with
 * ?declarationId=; an administrator declares for an employee with ?employeeId= (employee profile, Investments).
 */
export function DeclarationFormPage() {
  const [params] = useSearchParams();
  const employeeId = params.get('employeeId') ?? undefined;
  const year = financialYearStartOf(useToday());
  const existing = useDeclaration(year, employeeId);
  if (existing.isError) return <ErrorState message={errorMessage(existing.error, 'Failed to load the declaration')} onRetry={() => void existing.refetch()} />;
  if (!existing.isSuccess) return <PageLoader label="Loading declaration" />;
  return <DeclarationForm key={existing.data?.id ?? 'new'} initial={formStateOf(existing.data, year)} savedId={params.get('declarationId') ?? existing.data?.id ?? null} employeeId={employeeId} year={year} />;
}

function DeclarationForm({ initial, savedId, employeeId, year }: { initial: DeclarationFormState; savedId: string | null; employeeId: string | undefined; year: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useDeductionOptions();
  const window = useDeclarationWindow(year);
  const [form, setForm] = useState<DeclarationFormState>(initial);
  const [blocked, setBlocked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [certified, setCertified] = useState(true);

  const categories = options.data ?? [];
  const cat = (id: number) => categories.find((c) => c.categoryId === id);
  const totals = useMemo(() => sectionTotals(form), [form]);
  const violations = limitViolations(form);
  const anyViolation = violations.sec80C || violations.sec80D;
  const summaryPath = employeeId ? `${DECLARATION_PATHS.summary}?userId=${encodeURIComponent(employeeId)}` : DECLARATION_PATHS.summary;

  const set = (patch: Partial<DeclarationFormState>) => setForm({ ...form, ...patch });

  const submit = async () => {
    if (anyViolation) {
      setBlocked(true);
      toast.error(DECLARATION_MSG.blockedSubmitToast);
      return;
    }
    setSaving(true);
    try {
      const { message } = await saveDeclaration(savedId, inputOf(form, year, employeeId));
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: [DECLARATIONS_KEY] });
      void navigate(summaryPath);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : errorMessage(error, 'Failed to save the declaration'));
    } finally {
      setSaving(false);
    }
  };

  const locked = window.data?.status === 0 && !employeeId;
  return (
    <Stack gap="md">
      <Title order={3}>{savedId ? 'Update IT Declaration' : 'IT Declaration'}</Title>
      {locked ? <Alert color="red">{DECLARATION_MSG.locked}</Alert> : null}

      <Section title="Rented House" total={totals.rent} toggle={<YesNo label="Do you live in a rented house?" value={form.isRentedAccomodation} onChange={(v) => set({ isRentedAccomodation: v, houseRentDetails: form.houseRentDetails.length ? form.houseRentDetails : [blankRent(year)] })} />}>
        {form.isRentedAccomodation ? (
          <Stack gap="sm">
            {form.houseRentDetails.map((r, i) => {
              const update = (patch: Partial<typeof r>) => set({ houseRentDetails: form.houseRentDetails.map((x, k) => (k === i ? { ...x, ...patch } : x)) });
              return (
                <Card key={r.id ?? `rent-${String(i)}`} withBorder aria-label={`Rented house ${String(i + 1)}`}>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <TextInput type="month" label="Rent from (month and year)" value={r.rentalPeriodStart} min={`${String(year)}-04`} max={`${String(year + 1)}-03`} onChange={(e) => update({ rentalPeriodStart: e.currentTarget.value })} />
                    <TextInput type="month" label="Rent to (month and year)" value={r.rentalPeriodEnd} min={`${String(year)}-04`} max={`${String(year + 1)}-03`} onChange={(e) => update({ rentalPeriodEnd: e.currentTarget.value })} />
                    <Amount label="Total rent for the period" value={r.totalAmount} onChange={(v) => update({ totalAmount: v })} />
                    <Select label="City type" data={URBANIZATION_TYPES.map((u) => ({ value: u.value, label: u.label }))} value={r.urbanizationType} allowDeselect={false} onChange={(v) => update({ urbanizationType: v === 'Metro' ? 'Metro' : 'NonMetro' })} />
                    <TextInput label="Landlord name" value={r.landlordName} onChange={(e) => update({ landlordName: e.currentTarget.value })} />
                    <TextInput label="Landlord PAN" description="Required when the rent exceeds ₹1,00,000 a year" value={r.landlordPan} onChange={(e) => update({ landlordPan: e.currentTarget.value.toUpperCase() })} />
                    <TextInput label="Address" value={r.address} onChange={(e) => update({ address: e.currentTarget.value })} />
                  </SimpleGrid>
                  {form.houseRentDetails.length > 1 ? (
                    <Button mt="xs" variant="subtle" color="red" size="xs" onClick={() => set({ houseRentDetails: form.houseRentDetails.filter((_, k) => k !== i) })}>
                      Remove rented house {i + 1}
                    </Button>
                  ) : null}
                </Card>
              );
            })}
            <Button variant="subtle" size="xs" onClick={() => set({ houseRentDetails: [...form.houseRentDetails, { ...blankRent(year), totalAmount: 0 }] })}>
              Add rented house
            </Button>
          </Stack>
        ) : null}
      </Section>

      <Section title="Home Loan" total={totals.homeLoan} toggle={<YesNo label="Do you have a home loan on a self-occupied house?" value={form.hasLoanOnSelfOccupiedHome} onChange={(v) => set({ hasLoanOnSelfOccupiedHome: v })} />}>
        {form.hasLoanOnSelfOccupiedHome ? <LoanFields prefix="Self-occupied home: " loan={form.selfOccupiedHomeLoan} onChange={(l) => set({ selfOccupiedHomeLoan: l })} /> : null}
      </Section>

      <Section
        title="Let Out Property"
        total={totals.letOut}
        toggle={
          <YesNo
            label="Do you have a let-out property?"
            value={form.isLetOutProperty}
            // Payroll spec §4: toggling on with no properties adds one blank property.
            onChange={(v) => set({ isLetOutProperty: v, letOutProperties: v && form.letOutProperties.length === 0 ? [blankLetOut()] : form.letOutProperties })}
          />
        }
      >
        {form.isLetOutProperty ? (
          <Stack gap="sm">
            {form.letOutProperties.map((p, i) => {
              const update = (patch: Partial<typeof p>) => set({ letOutProperties: form.letOutProperties.map((x, k) => (k === i ? { ...x, ...patch } : x)) });
              const f = letOutFigures(p);
              return (
                <Card key={p.id ?? `let-${String(i)}`} withBorder aria-label={`Let-out property ${String(i + 1)}`}>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <Amount label="Annual rent received" value={p.annualRentReceived} onChange={(v) => update({ annualRentReceived: v })} />
                    <Amount label="Municipal taxes paid" value={p.municipalTaxesPaid} onChange={(v) => update({ municipalTaxesPaid: v })} />
                    <TextInput label="Net annual value" value={rupeesText(f.netAnnualValue, { paise: 'auto' })} readOnly />
                    <TextInput label="Standard deduction (30%)" value={rupeesText(f.standardDeduction, { paise: 'auto' })} readOnly />
                    <TextInput label="Net income / loss" value={rupeesText(f.netIncomeOrLoss, { paise: 'auto' })} readOnly />
                  </SimpleGrid>
                  <Checkbox mt="sm" label="This property has a home loan" checked={p.hasHomeLoan} onChange={(e) => update({ hasHomeLoan: e.currentTarget.checked })} />
                  {p.hasHomeLoan ? (
                    <Stack mt="sm">
                      <LoanFields prefix={`Property ${String(i + 1)}: `} loan={p.homeLoanDetail} onChange={(l) => update({ homeLoanDetail: l })} />
                    </Stack>
                  ) : null}
                  {/* Payroll spec §4: a property can be removed only if more than one exists. */}
                  <Button mt="xs" variant="subtle" color="red" size="xs" disabled={form.letOutProperties.length <= 1} onClick={() => set({ letOutProperties: form.letOutProperties.filter((_, k) => k !== i) })}>
                    Remove property {i + 1}
                  </Button>
                </Card>
              );
            })}
            <Button variant="subtle" size="xs" onClick={() => set({ letOutProperties: [...form.letOutProperties, blankLetOut()] })}>
              Add property
            </Button>
          </Stack>
        ) : null}
      </Section>

      <Section title="Other Sources" total={totals.otherSources}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Amount label="Income from other sources" value={form.incomeOtherSources} onChange={(v) => set({ incomeOtherSources: v })} />
          <Amount label="Interest from savings account" value={form.interestFromSavings} onChange={(v) => set({ interestFromSavings: v })} />
          <Amount label="Interest from fixed deposits" value={form.interestFromFD} onChange={(v) => set({ interestFromFD: v })} />
          <Amount label="Interest from NSC" value={form.interestFromNSC} onChange={(v) => set({ interestFromNSC: v })} />
        </SimpleGrid>
      </Section>

      <DeductionSection
        category={cat(1)}
        title="Section 80C"
        rows={form.deductions[1]}
        emptyText={DECLARATION_MSG.noInvestmentOptions}
        limitText={DECLARATION_MSG.investmentLimitExceeded}
        exceeded={violations.sec80C}
        onChange={(rows) => set({ deductions: { ...form.deductions, 1: rows } })}
      />
      <DeductionSection
        category={cat(2)}
        title="Section 80D"
        rows={form.deductions[2]}
        emptyText={DECLARATION_MSG.noExemptionOptions}
        limitText={DECLARATION_MSG.exemptionLimitExceeded}
        exceeded={violations.sec80D}
        onChange={(rows) => set({ deductions: { ...form.deductions, 2: rows } })}
      />
      <DeductionSection
        category={cat(3)}
        title="Other Investments"
        rows={form.deductions[3]}
        emptyText={DECLARATION_MSG.noInvestmentOptions}
        exceeded={false}
        onChange={(rows) => set({ deductions: { ...form.deductions, 3: rows } })}
      />

      <Section title="Previous Employment" total={totals.previous}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Amount label="Income from previous employment" value={form.previousEmploymentIncome} onChange={(v) => set({ previousEmploymentIncome: v })} />
          <Amount label="Tax paid by previous employer" value={form.previousEmploymentTaxPaid} onChange={(v) => set({ previousEmploymentTaxPaid: v })} />
          <Amount label="Professional tax with previous employer" value={form.previousEmploymentProfessionalTax} onChange={(v) => set({ previousEmploymentProfessionalTax: v })} />
          <Amount label="EPF with previous employer" value={form.previousEmploymentEPF} onChange={(v) => set({ previousEmploymentEPF: v })} />
          <Amount label="Leave encashment with previous employer" value={form.previousEmploymentLeaveEncashment} onChange={(v) => set({ previousEmploymentLeaveEncashment: v })} />
        </SimpleGrid>
      </Section>

      <Card withBorder>
        <Group justify="space-between">
          <Text fw={600}>Total Declared: {rupeesText(totals.total, { paise: 'auto' })}</Text>
          <Text>
            Financial Year: {year}-{year + 1}
          </Text>
        </Group>
        <Checkbox mt="sm" label="I certify that the information above is true and complete" checked={certified} onChange={(e) => setCertified(e.currentTarget.checked)} />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => void navigate(DECLARATION_PATHS.landing)}>
            Cancel
          </Button>
          <Tooltip label={DECLARATION_MSG.resolveLimitsTooltip} disabled={!anyViolation}>
            <Button data-disabled={anyViolation || undefined} aria-disabled={anyViolation || undefined} disabled={!certified || locked} loading={saving} onClick={() => void submit()}>
              {savedId ? 'Update' : 'Submit'}
            </Button>
          </Tooltip>
        </Group>
      </Card>

      <Modal opened={blocked} onClose={() => setBlocked(false)} title={DECLARATION_MSG.cannotSubmitTitle}>
        <Text>{DECLARATION_MSG.cannotSubmitText}</Text>
        <List mt="sm">
          {violations.sec80C ? <List.Item>{DECLARATION_MSG.sec80CExceeded}</List.Item> : null}
          {violations.sec80D ? <List.Item>{DECLARATION_MSG.sec80DExceeded}</List.Item> : null}
        </List>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setBlocked(false)}>OK</Button>
        </Group>
      </Modal>
    </Stack>
  );
}
