import { useMemo, useState } from 'react';
import { ActionIcon, Button, Card, Collapse, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { INVOICE_DEFAULT_DUE_DAYS, INVOICE_MSG as MSG, invoiceCreateInputSchema, type Invoice } from '@tankha/contracts';
import { GST_RATES_PERCENT, UQC, amountInWords, computeInvoiceTotals, percentToBasisPoints, quantityToMilli, rupeesToPaise, isRupeesAmount } from '@tankha/domain';
import { ApiError, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { useToday } from '../../app/today';
import { DateField } from '../../ui/DateField';
import { FormAlert } from '../../ui/FormAlert';
import { PageLoader } from '../../ui/PageLoader';
import { rupeesText } from '../../ui/format';
import { zodFieldErrors } from '../../ui/zod-form';
import { INVOICE_PATHS } from './InvoicesLayout';
import { STATE_OPTIONS } from './PartiesPage';
import { DRAFT_INVOICE_KEY, INVOICES_KEY, saveInvoice, useInvoice, useParties, validateInvoiceNumber } from './invoices.api';

interface ItemValues {
  id?: string;
  key: number;
  name: string;
  hsnSac: string;
  unit: string | null;
  quantity: number | string;
  rate: number | string;
  gstRate: string;
}
const GST_OPTIONS = GST_RATES_PERCENT.map((r) => ({ value: String(r), label: `${String(r)}%` }));
/** GST unique quantity codes (CGST Rules r.46(i)). */
const UNIT_OPTIONS = Object.entries(UQC).map(([code, name]) => ({ value: code, label: `${code} (${name})` }));
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
let nextKey = 1;
const blankItem = (): ItemValues => ({ key: nextKey++, name: '', hsnSac: '', unit: null, quantity: 1, rate: '', gstRate: '18' });
const num = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));
const blankShipping = { shippedFromName: '', shippedFromAddress: '', shippedToName: '', shippedToAddress: '', transportName: '', challanNumber: '', challanDate: '', transportNote: '' };

/** /Invoice/create (and ?id= to edit a draft): parties, items with live GST totals, shipping, terms and notes. */
export function InvoiceFormPage() {
  const [params] = useSearchParams();
  const editId = params.get('id');
  const existing = useInvoice(editId);
  if (editId && existing.isPending) return <PageLoader label="Loading invoice" />;
  return <InvoiceForm key={existing.data?.id ?? 'new'} invoice={existing.data ?? null} />;
}

function InvoiceForm({ invoice }: { invoice: Invoice | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const businesses = useParties('business');
  const clients = useParties('client');
  const today = useToday();
  const [invoiceNumber, setInvoiceNumber] = useState(invoice?.invoiceNumber ?? '');
  const [invoiceHeader, setInvoiceHeader] = useState(invoice?.invoiceHeader ?? 'Tax Invoice');
  const [invoiceDate, setInvoiceDate] = useState(invoice?.invoiceDate ?? today);
  const [dueDate, setDueDate] = useState(invoice?.dueDate ?? addDays(today, INVOICE_DEFAULT_DUE_DAYS));
  const [billedById, setBilledById] = useState<string | null>(invoice?.billedBy.id ?? null);
  const [billedToId, setBilledToId] = useState<string | null>(invoice?.billedTo.id ?? null);
  const [placeOfSupply, setPlaceOfSupply] = useState<string | null>(invoice?.placeOfSupply ?? null);
  const [items, setItems] = useState<ItemValues[]>(
    invoice ? invoice.invoiceItems.map((i) => ({ id: i.id, key: nextKey++, name: i.name, hsnSac: i.hsnSac ?? '', unit: i.unit, quantity: i.quantity, rate: i.rate, gstRate: String(i.gstRate) })) : [blankItem()],
  );
  const s = invoice?.shippingDetails;
  const [shipping, setShipping] = useState(
    s
      ? { shippedFromName: s.shippedFrom?.name ?? '', shippedFromAddress: s.shippedFrom?.address ?? '', shippedToName: s.shippedTo?.name ?? '', shippedToAddress: s.shippedTo?.address ?? '', transportName: s.transportName ?? '', challanNumber: s.challanNumber ?? '', challanDate: s.challanDate ?? '', transportNote: s.transportNote ?? '' }
      : blankShipping,
  );
  const [showShipping, setShowShipping] = useState(Boolean(s));
  const [terms, setTerms] = useState(invoice?.terms ?? '');
  const [notes, setNotes] = useState(invoice?.notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const business = businesses.data?.rows.find((b) => b.id === billedById);
  const client = clients.data?.rows.find((c) => c.id === billedToId);
  // The place of supply is the client's state unless set by hand.
  const supplyState = placeOfSupply ?? client?.stateCode ?? null;

  const totals = useMemo(() => {
    if (!business || !supplyState) return null;
    const lines = items.flatMap((i) => {
      const q = quantityToMilli(num(i.quantity));
      const r = num(i.rate);
      const g = percentToBasisPoints(Number(i.gstRate));
      return q !== null && isRupeesAmount(r) && r >= 0 && g !== null ? [{ quantityMilli: q, ratePaise: rupeesToPaise(r), gstRateBp: g }] : [];
    });
    return computeInvoiceTotals(lines, { supplierStateCode: business.stateCode, placeOfSupplyStateCode: supplyState });
  }, [business, supplyState, items]);

  const shippingParty = (name: string, address: string) => (name || address ? { name: name || null, address: address || null } : null);
  const body = () => ({
    invoiceNumber,
    invoiceHeader,
    invoiceDate,
    dueDate: dueDate || null,
    billedById: billedById ?? '',
    billedToId: billedToId ?? '',
    placeOfSupply: supplyState,
    invoiceItems: items.map((i) => ({ ...(i.id ? { id: i.id } : {}), name: i.name, hsnSac: i.hsnSac.trim() || null, unit: i.unit, quantity: num(i.quantity), rate: num(i.rate), gstRate: Number(i.gstRate) })),
    shippingDetails: showShipping
      ? {
          shippedFrom: shippingParty(shipping.shippedFromName, shipping.shippedFromAddress),
          shippedTo: shippingParty(shipping.shippedToName, shipping.shippedToAddress),
          transportName: shipping.transportName || null,
          challanNumber: shipping.challanNumber || null,
          challanDate: shipping.challanDate || null,
          transportNote: shipping.transportNote || null,
        }
      : null,
    terms,
    notes,
  });

  const checkNumber = async () => {
    if (!invoiceNumber.trim()) return;
    try {
      const r = await validateInvoiceNumber(invoiceNumber.trim(), invoice?.id ?? null, invoiceDate || null);
      setErrors((e) => {
        const { invoiceNumber: _drop, ...rest } = e;
        return r.isAvailable ? rest : { ...rest, invoiceNumber: r.message ?? MSG.numberTaken };
      });
    } catch {
      // the save checks again
    }
  };

  const submit = async () => {
    setServerError(null);
    const found = zodFieldErrors(invoiceCreateInputSchema, body());
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const saved = await saveInvoice(invoice?.id ?? null, body());
      toast.success(invoice ? MSG.updated : MSG.created);
      await queryClient.invalidateQueries({ queryKey: [INVOICES_KEY] });
      localStorage.setItem(DRAFT_INVOICE_KEY, JSON.stringify(saved));
      navigate(INVOICE_PATHS.customize);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) setErrors(error.errors);
      else if (!(error instanceof ApiError && error.handled)) setServerError(errorMessage(error, 'Something went wrong. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const setItem = (key: number, patch: Partial<ItemValues>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  const line = (n: number) => totals?.lines[n];
  return (
    <Stack gap="md">
      <Title order={2}>{invoice ? 'Edit Invoice' : 'Create Invoice'}</Title>
      <FormAlert message={serverError} />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <TextInput label="Invoice Number" withAsterisk value={invoiceNumber} onChange={(e) => setInvoiceNumber(e.currentTarget.value)} onBlur={() => void checkNumber()} error={errors.invoiceNumber} />
          <TextInput label="Invoice Header" value={invoiceHeader} onChange={(e) => setInvoiceHeader(e.currentTarget.value)} error={errors.invoiceHeader} />
          <DateField
            label="Invoice Date"
            withAsterisk
            value={invoiceDate}
            onChange={(v) => {
              setInvoiceDate(v);
              if (v) setDueDate(addDays(v, INVOICE_DEFAULT_DUE_DAYS));
            }}
            error={errors.invoiceDate}
          />
          <DateField label="Due Date" value={dueDate} onChange={setDueDate} clearable error={errors.dueDate} />
        </SimpleGrid>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Select label="Billed By" withAsterisk placeholder="Select a business" searchable data={(businesses.data?.rows ?? []).map((b) => ({ value: b.id, label: b.name }))} value={billedById} onChange={setBilledById} error={errors.billedById} nothingFoundMessage="Add a business first" />
        <Select
          label="Billed To"
          withAsterisk
          placeholder="Select a client"
          searchable
          data={(clients.data?.rows ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={billedToId}
          onChange={(v) => {
            setBilledToId(v);
            setPlaceOfSupply(clients.data?.rows.find((c) => c.id === v)?.stateCode ?? null);
          }}
          error={errors.billedToId}
          nothingFoundMessage="Add a client first"
        />
        <Select label="Place of Supply" searchable data={STATE_OPTIONS} value={supplyState} onChange={setPlaceOfSupply} error={errors.placeOfSupply} />
      </SimpleGrid>
      <Card withBorder padding={0}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th w={110}>HSN/SAC</Table.Th>
              <Table.Th w={110}>Quantity</Table.Th>
              <Table.Th w={130}>Unit</Table.Th>
              <Table.Th w={150}>Rate (₹)</Table.Th>
              <Table.Th w={110}>GST Rate</Table.Th>
              <Table.Th w={130} ta="right">
                Amount
              </Table.Th>
              <Table.Th w={50} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((i, n) => (
              <Table.Tr key={i.key}>
                <Table.Td>
                  <TextInput aria-label={`Item ${String(n + 1)} name`} value={i.name} onChange={(e) => setItem(i.key, { name: e.currentTarget.value })} error={errors[`invoiceItems.${String(n)}.name`]} />
                </Table.Td>
                <Table.Td>
                  <TextInput aria-label={`Item ${String(n + 1)} HSN/SAC`} placeholder="998313" inputMode="numeric" maxLength={8} value={i.hsnSac} onChange={(e) => setItem(i.key, { hsnSac: e.currentTarget.value })} error={errors[`invoiceItems.${String(n)}.hsnSac`]} />
                </Table.Td>
                <Table.Td>
                  <NumberInput aria-label={`Item ${String(n + 1)} quantity`} value={i.quantity} onChange={(v) => setItem(i.key, { quantity: v })} decimalScale={3} min={0} hideControls error={errors[`invoiceItems.${String(n)}.quantity`]} />
                </Table.Td>
                <Table.Td>
                  <Select aria-label={`Item ${String(n + 1)} unit`} placeholder="Unit" searchable clearable data={UNIT_OPTIONS} value={i.unit} onChange={(v) => setItem(i.key, { unit: v })} error={errors[`invoiceItems.${String(n)}.unit`]} />
                </Table.Td>
                <Table.Td>
                  <NumberInput aria-label={`Item ${String(n + 1)} rate`} value={i.rate} onChange={(v) => setItem(i.key, { rate: v })} decimalScale={2} min={0} hideControls thousandSeparator="," thousandsGroupStyle="lakh" error={errors[`invoiceItems.${String(n)}.rate`]} />
                </Table.Td>
                <Table.Td>
                  <Select aria-label={`Item ${String(n + 1)} GST rate`} data={GST_OPTIONS} value={i.gstRate} onChange={(v) => setItem(i.key, { gstRate: v ?? '18' })} allowDeselect={false} />
                </Table.Td>
                <Table.Td ta="right">{line(n) ? rupeesText(line(n)!.amountPaise / 100) : '—'}</Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove item ${String(n + 1)}`} disabled={items.length === 1} onClick={() => setItems((list) => list.filter((x) => x.key !== i.key))}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group p="sm" justify="space-between" align="flex-start">
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setItems((list) => [...list, blankItem()])}>
            Add Item
          </Button>
          {errors.invoiceItems ? <Text c="red" size="sm">{errors.invoiceItems}</Text> : null}
          <Stack gap={2} miw={280} aria-label="Totals">
            <Group justify="space-between">
              <Text>Sub Total</Text>
              <Text>{rupeesText((totals?.subtotalPaise ?? 0) / 100)}</Text>
            </Group>
            {totals?.isIntegratedTax ? (
              <Group justify="space-between">
                <Text>IGST</Text>
                <Text>{rupeesText(totals.igstPaise / 100)}</Text>
              </Group>
            ) : (
              <>
                <Group justify="space-between">
                  <Text>CGST</Text>
                  <Text>{rupeesText((totals?.cgstPaise ?? 0) / 100)}</Text>
                </Group>
                <Group justify="space-between">
                  <Text>SGST</Text>
                  <Text>{rupeesText((totals?.sgstPaise ?? 0) / 100)}</Text>
                </Group>
              </>
            )}
            <Group justify="space-between">
              <Text fw={700}>Total (INR)</Text>
              <Text fw={700}>{rupeesText((totals?.totalPaise ?? 0) / 100)}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {amountInWords(totals?.totalPaise ?? 0)}
            </Text>
          </Stack>
        </Group>
      </Card>
      <Button variant="subtle" onClick={() => setShowShipping((v) => !v)} w="fit-content">
        {showShipping ? 'Remove Shipping Details' : 'Add Shipping Details'}
      </Button>
      <Collapse expanded={showShipping}>
        <Card withBorder>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Shipped From" value={shipping.shippedFromName} onChange={(e) => setShipping({ ...shipping, shippedFromName: e.currentTarget.value })} />
            <TextInput label="Shipped To" value={shipping.shippedToName} onChange={(e) => setShipping({ ...shipping, shippedToName: e.currentTarget.value })} />
            <TextInput label="Shipped From Address" value={shipping.shippedFromAddress} onChange={(e) => setShipping({ ...shipping, shippedFromAddress: e.currentTarget.value })} />
            <TextInput label="Shipped To Address" value={shipping.shippedToAddress} onChange={(e) => setShipping({ ...shipping, shippedToAddress: e.currentTarget.value })} />
            <TextInput label="Transport Name" value={shipping.transportName} onChange={(e) => setShipping({ ...shipping, transportName: e.currentTarget.value })} />
            <TextInput label="Challan Number" value={shipping.challanNumber} onChange={(e) => setShipping({ ...shipping, challanNumber: e.currentTarget.value })} />
            <DateField label="Challan Date" clearable value={shipping.challanDate} onChange={(v) => setShipping({ ...shipping, challanDate: v })} />
            <TextInput label="Transport Note" value={shipping.transportNote} onChange={(e) => setShipping({ ...shipping, transportNote: e.currentTarget.value })} />
          </SimpleGrid>
        </Card>
      </Collapse>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Textarea label="Terms and Conditions" autosize minRows={3} value={terms} onChange={(e) => setTerms(e.currentTarget.value)} error={errors.terms} />
        <Textarea label="Notes" autosize minRows={3} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} error={errors.notes} />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate(invoice ? INVOICE_PATHS.one(invoice.id) : INVOICE_PATHS.all)} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} loading={saving}>
          Save and Continue
        </Button>
      </Group>
    </Stack>
  );
}
