import { useQuery } from '@tanstack/react-query';
import {
  customFieldListReplySchema,
  customFieldReplySchema,
  customFieldAssociationReplySchema,
  invoiceAnalyticsReplySchema,
  invoiceListReplySchema,
  invoicePartyListReplySchema,
  invoicePartyReplySchema,
  invoiceReplySchema,
  invoiceValidateReplySchema,
  type CustomField,
  type Invoice,
  type InvoiceCustomizationInput,
  type InvoiceParty,
  type InvoiceStatus,
  type PartyKind,
  type StoredInvoiceStatus,
} from '@tankha/contracts';
import { api, apiDownload } from '../../app/api';

/** Every invoice query starts with this key, so one invalidation refreshes lists, cards and parties. */
export const INVOICES_KEY = 'invoices';
export const PARTY_SEGMENT: Record<PartyKind, string> = { business: 'businesses', client: 'clients' };
/** The draft invoice the customization page reads (platform spec §3 "Draft invoice (local storage)"). */
export const DRAFT_INVOICE_KEY = 'draftInvoice';

export function useInvoices(page: number, pageSize: number, status: InvoiceStatus | null) {
  return useQuery({
    queryKey: [INVOICES_KEY, 'list', page, pageSize, status],
    queryFn: async ({ signal }) => {
      const reply = await api.get('/Invoices', invoiceListReplySchema, { quiet: true, signal, query: { pageNumber: page, pageSize, status } });
      return { rows: reply.data, total: reply.totalRecords };
    },
  });
}

export function useInvoiceAnalytics() {
  return useQuery({ queryKey: [INVOICES_KEY, 'analytics'], queryFn: async ({ signal }) => (await api.get('/Invoices/Analytics', invoiceAnalyticsReplySchema, { quiet: true, signal })).data });
}

export function useInvoice(id: string | null) {
  return useQuery({
    queryKey: [INVOICES_KEY, 'one', id],
    queryFn: async ({ signal }): Promise<Invoice> => (await api.get(`/Invoices/${encodeURIComponent(id ?? '')}`, invoiceReplySchema, { quiet: true, signal })).data,
    enabled: id !== null,
  });
}

export function useParties(kind: PartyKind, page = 1, pageSize = 100) {
  return useQuery({
    queryKey: [INVOICES_KEY, 'parties', kind, page, pageSize],
    queryFn: async ({ signal }) => {
      const reply = await api.get(`/Invoices/${PARTY_SEGMENT[kind]}`, invoicePartyListReplySchema, { quiet: true, signal, query: { pageNumber: page, pageSize } });
      return { rows: reply.data, total: reply.totalRecords };
    },
  });
}

export async function saveParty(kind: PartyKind, id: string | null, body: unknown): Promise<InvoiceParty> {
  const path = `/Invoices/${PARTY_SEGMENT[kind]}`;
  return id ? (await api.put(`${path}/${encodeURIComponent(id)}`, invoicePartyReplySchema, body, { quiet: true })).data : (await api.post(path, invoicePartyReplySchema, body, { quiet: true })).data;
}

export async function deleteParty(kind: PartyKind, id: string): Promise<void> {
  await api.send('DELETE', `/Invoices/${PARTY_SEGMENT[kind]}/${encodeURIComponent(id)}`, undefined, { quiet: true });
}

export async function saveInvoice(id: string | null, body: Record<string, unknown>): Promise<Invoice> {
  return id ? (await api.put('/Invoices', invoiceReplySchema, { id, ...body }, { quiet: true })).data : (await api.post('/Invoices', invoiceReplySchema, body, { quiet: true })).data;
}

export async function validateInvoiceNumber(invoiceNumber: string, invoiceId: string | null, invoiceDate: string | null): Promise<{ isAvailable: boolean; message: string | null }> {
  return (await api.get(`/Invoices/validate/${encodeURIComponent(invoiceNumber)}`, invoiceValidateReplySchema, { quiet: true, query: { invoiceId, invoiceDate } })).data;
}

export async function setInvoiceStatus(id: string, status: StoredInvoiceStatus): Promise<Invoice> {
  return (await api.put(`/Invoices/${encodeURIComponent(id)}/status`, invoiceReplySchema, { status }, { quiet: true })).data;
}

export async function saveCustomization(id: string, body: InvoiceCustomizationInput): Promise<Invoice> {
  return (await api.put(`/Invoices/${encodeURIComponent(id)}/customization`, invoiceReplySchema, body, { quiet: true })).data;
}

export async function deleteInvoice(id: string): Promise<void> {
  await api.send('DELETE', '/Invoices', undefined, { quiet: true, query: { id } });
}

export function downloadInvoicePdf(invoice: Invoice): Promise<void> {
  return apiDownload(`/Invoices/${encodeURIComponent(invoice.id)}/download`, null);
}

export function useCustomFields(groupId: number, invoiceId: string | null) {
  return useQuery({
    queryKey: [INVOICES_KEY, 'fields', groupId, invoiceId],
    queryFn: async ({ signal }): Promise<CustomField[]> => (await api.get('/Invoices/customFields', customFieldListReplySchema, { quiet: true, signal, query: { groupId, invoiceId } })).data,
  });
}

export async function createCustomField(fieldName: string, groupId: number): Promise<CustomField> {
  return (await api.post('/Invoices/customFields', customFieldReplySchema, { fieldName, groupId }, { quiet: true })).data;
}

export async function saveCustomFieldValue(invoiceId: string, fieldId: string, value: string): Promise<void> {
  await api.put('/Invoices/customFields/associations', customFieldAssociationReplySchema, { invoiceId, fieldId, value }, { quiet: true });
}

export async function removeCustomFieldValue(associationId: string, invoiceId: string): Promise<void> {
  await api.send('DELETE', '/Invoices/customFields/associations', undefined, { quiet: true, query: { associationId, invoiceId } });
}

