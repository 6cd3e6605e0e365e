import {
  DEFAULT_INVOICE_CUSTOMIZATION,
  INVOICE_DEFAULT_DUE_DAYS,
  INVOICE_DEFAULT_HEADER,
  INVOICE_MSG as MSG,
  PARTY_LABEL,
  upiPaymentUri,
  type CustomField,
  type Invoice,
  type InvoiceAnalytics,
  type InvoiceCreateInput,
  type InvoiceCustomFieldValue,
  type InvoiceCustomizationInput,
  type InvoiceListQuery,
  type InvoiceParty,
  type InvoicePartyInput,
  type InvoicePartyListQuery,
  type InvoiceStatus,
  type InvoiceSummary,
  type InvoiceUpdateInput,
  type PartyKind,
  type ShippingDetails,
  type StoredInvoiceStatus,
} from '@tankha/contracts';
import { amountInWords, computeInvoiceLine, computeInvoiceTotals, dateInZone, financialYearOf, gstStateName, percentToBasisPoints, quantityToMilli, requiredHsnDigits, rupeesToPaise, paiseToRupees } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { badRequest, fieldError, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/tenancy';
import { renderInvoicePdf } from './invoice-pdf';
import { upiQrPng } from './invoice-qr';
import * as repo from './invoices.repo';


function partyOut(r: repo.PartyRow): InvoiceParty {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    stateCode: r.stateCode,
    stateName: gstStateName(r.stateCode) ?? r.stateCode,
    gstin: r.gstin,
    pan: r.pan,
    email: r.email,
    bankName: r.bankName,
    accountNumber: r.accountNumber,
    ifscCode: r.ifscCode,
    upiId: r.upiId,
    turnoverAboveFiveCrore: r.turnoverAboveFiveCrore,
    dateCreated: r.createdAt.toISOString(),
  };
}

/** Overdue: sent and its due date has passed in the organisation's zone. */
function effectiveStatus(stored: StoredInvoiceStatus, dueDate: string, today: string): InvoiceStatus {
  return stored === 'sent' && dueDate < today ? 'overdue' : stored;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Which moves the status buttons make: draft → sent → paid, and back one step to correct a mistake. */
const MOVES: Record<StoredInvoiceStatus, readonly StoredInvoiceStatus[]> = { draft: ['sent'], sent: ['paid', 'draft'], paid: ['sent'] };

/**
 * Sales invoices: billed-by and billed-to parties, invoices with GST by the
 * domain's computeInvoiceTotals, their status, custom fields, customization, the PDF and the UPI QR.
 */
export class InvoiceService {
  constructor(private readonly deps: { clock: Clock }) {}

  private today(scope: Scope): string {
    return dateInZone(this.deps.clock.now(), scope.ctx.timeZone);
  }

  // ---------------------------------------------------------------------------------------- parties

  async listParties({ db }: Scope, kind: PartyKind, q: InvoicePartyListQuery): Promise<{ rows: InvoiceParty[]; total: number }> {
    const { rows, total } = await repo.listParties(db, kind, { search: q.search, limit: q.pageSize, offset: (q.pageNumber - 1) * q.pageSize });
    return { rows: rows.map(partyOut), total };
  }

  async getParty({ db }: Scope, kind: PartyKind, id: string): Promise<InvoiceParty> {
    const row = await repo.findParty(db, kind, id);
    if (!row) throw notFound(MSG.partyNotFound(PARTY_LABEL[kind]));
    return partyOut(row);
  }

  async createParty(scope: Scope, kind: PartyKind, input: InvoicePartyInput): Promise<InvoiceParty> {
    const id = await repo.insertParty(scope.db, kind, input, scope.ctx.userId);
    return this.getParty(scope, kind, id);
  }

  async updateParty(scope: Scope, kind: PartyKind, id: string, input: InvoicePartyInput): Promise<InvoiceParty> {
    await this.getParty(scope, kind, id);
    await repo.updateParty(scope.db, id, input, this.deps.clock.now());
    return this.getParty(scope, kind, id);
  }

  async deleteParty(scope: Scope, kind: PartyKind, id: string): Promise<void> {
    await this.getParty(scope, kind, id);
    if (await repo.isPartyOnInvoices(scope.db, id)) throw badRequest(MSG.partyInUse(PARTY_LABEL[kind]));
    await repo.deleteParty(scope.db, id);
  }

  // ---------------------------------------------------------------------------------------- invoices

  async list(scope: Scope, q: InvoiceListQuery): Promise<{ rows: InvoiceSummary[]; total: number }> {
    const today = this.today(scope);
    const { rows, total } = await repo.listInvoices(scope.db, { status: q.status, today, limit: q.pageSize, offset: (q.pageNumber - 1) * q.pageSize });
    return {
      rows: rows.map((r) => ({
        id: r.id,
        invoiceNumber: r.invoiceNumber,
        invoiceDate: r.invoiceDate,
        dueDate: r.dueDate,
        status: effectiveStatus(r.status, r.dueDate, today),
        businessName: r.businessName,
        clientName: r.clientName,
        clientGstin: r.clientGstin,
        placeOfSupply: r.placeOfSupply,
        placeOfSupplyName: gstStateName(r.placeOfSupply) ?? r.placeOfSupply,
        taxAmount: paiseToRupees(r.taxPaise),
        totalAmount: paiseToRupees(r.totalPaise),
      })),
      total,
    };
  }

  async analytics(scope: Scope): Promise<InvoiceAnalytics> {
    const a = await repo.analytics(scope.db, this.today(scope));
    const card = (c: { count: number; amountPaise: number }) => ({ count: c.count, amount: paiseToRupees(c.amountPaise) });
    return { total: card(a.total), paid: card(a.paid), due: card(a.due), overdue: card(a.overdue) };
  }

  async validateNumber(scope: Scope, invoiceNumber: string, q: { invoiceId?: string | undefined; invoiceDate?: string | undefined }): Promise<{ isAvailable: boolean; message: string | null }> {
    const value = invoiceNumber.trim();
    if (!/^[A-Za-z0-9/-]{1,16}$/.test(value)) return { isAvailable: false, message: MSG.numberFormat };
    const taken = await repo.findByNumber(scope.db, value, financialYearOf(q.invoiceDate ?? this.today(scope)), q.invoiceId);
    return taken ? { isAvailable: false, message: MSG.numberTaken } : { isAvailable: true, message: null };
  }

  async get(scope: Scope, id: string): Promise<Invoice> {
    const row = await repo.findInvoice(scope.db, id);
    if (!row) throw notFound(MSG.notFound);
    const items = await repo.findItems(scope.db, id);
    const billedBy = await repo.findParty(scope.db, 'business', row.billedById);
    const billedTo = await repo.findParty(scope.db, 'client', row.billedToId);
    const values = await repo.invoiceFieldValues(scope.db, [id]);
    if (!billedBy || !billedTo) throw notFound(MSG.notFound);
    const customFields: InvoiceCustomFieldValue[] = values.map((v) => ({ associationId: v.associationId, fieldId: v.fieldId, fieldName: v.fieldName, groupId: v.groupId, value: v.value }));
    const integrated = row.isIntegratedTax === 1;
    return {
      id: row.id,
      invoiceNumber: row.invoiceNumber,
      invoiceHeader: row.invoiceHeader,
      invoiceDate: row.invoiceDate,
      dueDate: row.dueDate,
      status: effectiveStatus(row.status, row.dueDate, this.today(scope)),
      billedBy: partyOut(billedBy),
      billedTo: partyOut(billedTo),
      placeOfSupply: row.placeOfSupply,
      placeOfSupplyName: gstStateName(row.placeOfSupply) ?? row.placeOfSupply,
      isIntegratedTax: integrated,
      taxLabel: integrated ? 'IGST' : 'CGST + SGST',
      reverseCharge: false,
      financialYear: row.financialYear,
      invoiceItems: items.map((i) => ({
        id: i.id,
        name: i.name,
        hsnSac: i.hsnSac,
        unit: i.unit,
        quantity: i.quantityMilli / 1000,
        rate: paiseToRupees(i.ratePaise),
        gstRate: i.gstRateBp / 100,
        amount: paiseToRupees(i.amountPaise),
        cgst: paiseToRupees(i.cgstPaise),
        sgst: paiseToRupees(i.sgstPaise),
        igst: paiseToRupees(i.igstPaise),
        total: paiseToRupees(i.amountPaise + i.cgstPaise + i.sgstPaise + i.igstPaise),
      })),
      subtotal: paiseToRupees(row.subtotalPaise),
      cgst: paiseToRupees(row.cgstPaise),
      sgst: paiseToRupees(row.sgstPaise),
      igst: paiseToRupees(row.igstPaise),
      taxAmount: paiseToRupees(row.cgstPaise + row.sgstPaise + row.igstPaise),
      totalAmount: paiseToRupees(row.totalPaise),
      totalInWords: amountInWords(row.totalPaise),
      shippingDetails: (row.shippingDetails as ShippingDetails | null) ?? null,
      terms: row.terms,
      notes: row.notes,
      customFields,
      customization: {
        templateType: row.templateType as 1 | 2 | 3,
        templateBaseColor: row.templateBaseColor,
        templateBaseBackgroundColor: row.templateBaseBackgroundColor,
        headingFontFamily: row.headingFontFamily as Invoice['customization']['headingFontFamily'],
        bodyFontFamily: row.bodyFontFamily as Invoice['customization']['bodyFontFamily'],
      },
      upiUri: billedBy.upiId ? upiPaymentUri({ upiId: billedBy.upiId, payeeName: billedBy.name, amountPaise: row.totalPaise, note: `Invoice ${row.invoiceNumber}` }) : null,
      bussinessUpiId: billedBy.upiId,
      sentAt: row.sentAt?.toISOString() ?? null,
      paidAt: row.paidAt?.toISOString() ?? null,
      dateCreated: row.createdAt.toISOString(),
    };
  }

  /** The write of an invoice: parties checked, totals computed by the domain, items in paise. */
  private async prepare(scope: Scope, input: InvoiceCreateInput): Promise<{ write: repo.InvoiceWrite; items: repo.ItemWrite[] }> {
    const business = await repo.findParty(scope.db, 'business', input.billedById);
    if (!business) throw fieldError('billedById', MSG.billedByNotFound);
    const client = await repo.findParty(scope.db, 'client', input.billedToId);
    if (!client) throw fieldError('billedToId', MSG.billedToNotFound);
    const placeOfSupply = input.placeOfSupply ?? client.stateCode;
    // r.46(g) with notification 78/2020-CT: 6 digits above ₹5 crore turnover, else 4; none needed for B2C up to ₹5 crore.
    const digits = requiredHsnDigits({ turnoverAboveFiveCrore: business.turnoverAboveFiveCrore, recipientRegistered: client.gstin !== null });
    input.invoiceItems.forEach((i, n) => {
      if (digits > 0 && (i.hsnSac === null || i.hsnSac.length < digits)) throw fieldError(`invoiceItems.${String(n)}.hsnSac`, MSG.hsnRequired(digits));
    });
    const lines = input.invoiceItems.map((i) => {
      const quantityMilli = quantityToMilli(i.quantity);
      const gstRateBp = percentToBasisPoints(i.gstRate);
      if (quantityMilli === null || gstRateBp === null) throw badRequest(MSG.quantityDecimals);
      return { quantityMilli, ratePaise: rupeesToPaise(i.rate), gstRateBp };
    });
    const totals = computeInvoiceTotals(lines, { supplierStateCode: business.stateCode, placeOfSupplyStateCode: placeOfSupply });
    const items = input.invoiceItems.map((i, n) => {
      const line = lines[n];
      const tax = totals.lines[n];
      if (!line || !tax) throw new Error('line mismatch');
      return { id: i.id, seq: n, name: i.name, hsnSac: i.hsnSac, unit: i.unit, ...line, amountPaise: tax.amountPaise, cgstPaise: tax.cgstPaise, sgstPaise: tax.sgstPaise, igstPaise: tax.igstPaise };
    });
    return {
      write: {
        invoiceNumber: input.invoiceNumber,
        invoiceHeader: input.invoiceHeader ?? INVOICE_DEFAULT_HEADER,
        invoiceDate: input.invoiceDate,
        financialYear: financialYearOf(input.invoiceDate),
        dueDate: input.dueDate ?? addDays(input.invoiceDate, INVOICE_DEFAULT_DUE_DAYS),
        billedById: business.id,
        billedToId: client.id,
        placeOfSupply,
        isIntegratedTax: totals.isIntegratedTax ? 1 : 0,
        subtotalPaise: totals.subtotalPaise,
        cgstPaise: totals.cgstPaise,
        sgstPaise: totals.sgstPaise,
        igstPaise: totals.igstPaise,
        totalPaise: totals.totalPaise,
        shippingDetails: input.shippingDetails,
        terms: input.terms,
        notes: input.notes,
      },
      items,
    };
  }

  async create(scope: Scope, input: InvoiceCreateInput): Promise<Invoice> {
    if (input.invoiceItems.some((i) => i.id)) throw fieldError('invoiceItems', 'A new invoice has no item ids');
    if (await repo.findByNumber(scope.db, input.invoiceNumber, financialYearOf(input.invoiceDate))) throw fieldError('invoiceNumber', MSG.numberTaken);
    const { write, items } = await this.prepare(scope, input);
    const customization = (await repo.latestCustomization(scope.db)) ?? DEFAULT_INVOICE_CUSTOMIZATION;
    const id = await repo.insertInvoice(scope.db, write, customization, scope.ctx.userId);
    if (!id) throw fieldError('invoiceNumber', MSG.numberTaken);
    await repo.replaceItems(scope.db, id, items);
    return this.get(scope, id);
  }

  private async draft(scope: Scope, id: string): Promise<repo.InvoiceRow> {
    const row = await repo.findInvoice(scope.db, id);
    if (!row) throw notFound(MSG.notFound);
    if (row.status !== 'draft') throw badRequest(MSG.onlyDraft);
    return row;
  }

  async update(scope: Scope, input: InvoiceUpdateInput): Promise<Invoice> {
    await this.draft(scope, input.id);
    if (await repo.findByNumber(scope.db, input.invoiceNumber, financialYearOf(input.invoiceDate), input.id)) throw fieldError('invoiceNumber', MSG.numberTaken);
    const existing = new Set((await repo.findItems(scope.db, input.id)).map((i) => i.id));
    if (input.invoiceItems.some((i) => i.id && !existing.has(i.id))) throw fieldError('invoiceItems', MSG.itemNotFound);
    const { write, items } = await this.prepare(scope, input);
    await repo.updateInvoice(scope.db, input.id, write, this.deps.clock.now());
    await repo.replaceItems(scope.db, input.id, items);
    return this.get(scope, input.id);
  }

  async remove(scope: Scope, id: string): Promise<void> {
    await this.draft(scope, id);
    await repo.deleteInvoice(scope.db, id);
  }

  async deleteItem(scope: Scope, itemId: string): Promise<Invoice> {
    const item = await repo.findItem(scope.db, itemId);
    if (!item) throw notFound(MSG.itemNotFound);
    const row = await this.draft(scope, item.invoiceId);
    const rest = (await repo.findItems(scope.db, row.id)).filter((i) => i.id !== itemId);
    if (!rest.length) throw badRequest(MSG.lastItem);
    await repo.deleteItem(scope.db, itemId);
    const integrated = row.isIntegratedTax === 1;
    const lines = rest.map((i) => ({ id: i.id, ...computeInvoiceLine({ quantityMilli: i.quantityMilli, ratePaise: i.ratePaise, gstRateBp: i.gstRateBp }, integrated) }));
    const sum = (k: 'amountPaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise') => lines.reduce((s, l) => s + l[k], 0);
    await repo.setTotals(scope.db, row.id, { subtotalPaise: sum('amountPaise'), cgstPaise: sum('cgstPaise'), sgstPaise: sum('sgstPaise'), igstPaise: sum('igstPaise'), totalPaise: sum('totalPaise') }, this.deps.clock.now());
    return this.get(scope, row.id);
  }

  async setStatus(scope: Scope, id: string, status: StoredInvoiceStatus): Promise<Invoice> {
    const row = await repo.findInvoice(scope.db, id);
    if (!row) throw notFound(MSG.notFound);
    if (!MOVES[row.status].includes(status)) throw badRequest(MSG.statusMove(row.status, status));
    const now = this.deps.clock.now();
    await repo.setStatus(scope.db, id, status, { sentAt: status === 'draft' ? null : (row.sentAt ?? now), paidAt: status === 'paid' ? now : null }, now);
    return this.get(scope, id);
  }

  async customize(scope: Scope, id: string, input: InvoiceCustomizationInput): Promise<Invoice> {
    const row = await repo.findInvoice(scope.db, id);
    if (!row) throw notFound(MSG.notFound);
    await repo.setCustomization(scope.db, id, input, this.deps.clock.now());
    return this.get(scope, id);
  }

  async pdf(scope: Scope, id: string): Promise<{ bytes: Buffer; fileName: string }> {
    const invoice = await this.get(scope, id);
    const qr = invoice.upiUri ? await upiQrPng(invoice.upiUri) : null;
    return { bytes: await renderInvoicePdf(invoice, qr), fileName: `Invoice_${invoice.invoiceNumber.replace(/[^A-Za-z0-9-]/g, '_')}.pdf` };
  }

  async upiQr(scope: Scope, id: string): Promise<Buffer> {
    const invoice = await this.get(scope, id);
    if (!invoice.upiUri) throw notFound('The business has no UPI id');
    return upiQrPng(invoice.upiUri);
  }

  // ---------------------------------------------------------------------------------------- custom fields

  async listFields({ db }: Scope, groupId: number, invoiceId: string | undefined): Promise<CustomField[]> {
    if (invoiceId && !(await repo.findInvoice(db, invoiceId))) throw notFound(MSG.notFound);
    return (await repo.listFields(db, groupId, invoiceId)).map((f) => ({ id: f.id, fieldName: f.fieldName, groupId: f.groupId, associationId: f.associationId, value: f.value }));
  }

  private async field({ db }: Scope, id: string): Promise<repo.FieldRow> {
    const row = await repo.findField(db, id);
    if (!row) throw notFound(MSG.fieldNotFound);
    return row;
  }

  async createField(scope: Scope, input: { fieldName: string; groupId: number }): Promise<CustomField> {
    const id = await repo.insertField(scope.db, input.groupId, input.fieldName);
    if (!id) throw fieldError('fieldName', MSG.fieldNameTaken);
    return { id, fieldName: input.fieldName, groupId: input.groupId, associationId: null, value: null };
  }

  async renameField(scope: Scope, input: { id: string; fieldName: string }): Promise<CustomField> {
    const row = await this.field(scope, input.id);
    const same = await repo.findFieldByName(scope.db, row.groupId, input.fieldName);
    if (same && same.id !== row.id) throw fieldError('fieldName', MSG.fieldNameTaken);
    await repo.renameField(scope.db, row.id, input.fieldName);
    return { id: row.id, fieldName: input.fieldName, groupId: row.groupId, associationId: null, value: null };
  }

  async deleteField(scope: Scope, id: string): Promise<void> {
    await this.field(scope, id);
    await repo.deleteField(scope.db, id);
  }

  async saveFieldValue(scope: Scope, input: { invoiceId: string; fieldId: string; value: string }): Promise<InvoiceCustomFieldValue> {
    if (!(await repo.findInvoice(scope.db, input.invoiceId))) throw notFound(MSG.notFound);
    const field = await this.field(scope, input.fieldId);
    const associationId = await repo.upsertFieldValue(scope.db, input.invoiceId, field.id, input.value);
    return { associationId, fieldId: field.id, fieldName: field.fieldName, groupId: field.groupId, value: input.value };
  }

  async deleteFieldValue(scope: Scope, associationId: string, invoiceId: string): Promise<void> {
    if (!(await repo.deleteFieldValue(scope.db, associationId, invoiceId))) throw notFound(MSG.associationNotFound);
  }
}
