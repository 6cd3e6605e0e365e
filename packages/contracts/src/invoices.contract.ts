import { z } from 'zod';
import { GST_RATES_PERCENT, GST_STATES, gstinProblem, hsnSacProblem, isGstStateCode, isRupeesAmount, isUqc, panOfGstin, quantityToMilli, stateOfGstin } from '@tankha/domain';
import { dateSchema } from './dates';
import { envelope, listEnvelope } from './envelope';
import { rupeesRangeMessage } from './money';

/**
 * Sales invoices an organisation issues to its own clients, and their customization (platform spec
 * §2.1, §2.7, §3 "Draft invoice", "Invoice customization", §5, §7.5, §8, §9).
 * Paths under the API base (Administrators and Moderators, the Invoices feature):
 *
 *   GET    /Invoices?pageNumber&pageSize&status        the list (status: draft, sent, paid, overdue)
 *   GET    /Invoices/Analytics                          the cards: total, paid, due, overdue
 *   GET    /Invoices/validate/{invoiceNumber}?invoiceId&invoiceDate is the number free in the date's financial year
 *   GET    /Invoices/{id}
 *   POST   /Invoices                                    a new invoice (a draft)
 *   PUT    /Invoices                                    change a draft (id in the body)
 *   DELETE /Invoices?id                                 delete a draft
 *   PUT    /Invoices/{id}/status                        mark sent / paid (or back)
 *   PUT    /Invoices/{id}/customization                 'Save Customization'
 *   DELETE /Invoices/invoiceitem/{id}                   one item of a draft
 *   GET    /Invoices/{id}/download                      the PDF
 *   GET    /Invoices/{id}/upi-qr                        the UPI QR code as PNG (the preview's)
 *   GET|POST /Invoices/businesses, GET|PUT|DELETE /Invoices/businesses/{id}   billed-by parties
 *   GET|POST /Invoices/clients,    GET|PUT|DELETE /Invoices/clients/{id}      billed-to parties
 *   POST   /Invoices/customFields; GET ?groupId&invoiceId; PUT (id in the body); DELETE ?fieldId
 *   PUT    /Invoices/customFields/associations          a field's value on an invoice
 *   DELETE /Invoices/customFields/associations?associationId&invoiceId
 */

export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** What is stored; overdue is a sent invoice past its due date, worked out when read. */
export const STORED_INVOICE_STATUSES = ['draft', 'sent', 'paid'] as const;
export type StoredInvoiceStatus = (typeof STORED_INVOICE_STATUSES)[number];

/** Custom field groups (platform spec §3): 1 header fields, 2 terms, 3 notes. */
export const InvoiceFieldGroup = { Header: 1, Terms: 2, Notes: 3 } as const;

/** Platform spec §9. */
export const INVOICE_DEFAULT_DUE_DAYS = 30;
export const INVOICE_TEMPLATE_TYPES = [1, 2, 3] as const;
export const INVOICE_DEFAULT_COLOR = '#2563eb';
export const INVOICE_DEFAULT_BACKGROUND_COLOR = '#ffffff';
export const INVOICE_DEFAULT_FONT = 'Segoe UI';
export const INVOICE_HEADING_FONTS = ['Arial', 'Segoe UI', 'Georgia', 'Times New Roman', 'Roboto', 'Lora', 'Playfair Display'] as const;
export const INVOICE_BODY_FONTS = ['Open Sans', 'Segoe UI', 'Helvetica', 'Verdana', 'Courier New', 'Merriweather', 'Source Sans Pro'] as const;
export const INVOICE_PRESET_COLORS = ['#2563eb', '#d946ef', '#f97316', '#ef4444', '#10b981', '#374151', '#7c3aed', '#059669'] as const;
export const INVOICE_ZOOM = { min: 0.5, max: 1.2, step: 0.1, start: 0.8 } as const;
export const INVOICE_FOOTER = 'This is an electronically generated document, no signature is required.';
export const INVOICE_DEFAULT_HEADER = 'Tax Invoice';
/** Our bounds (docs/decisions/0136-sales-invoices-and-invoice-customization.md). */
export const INVOICE_MAX_ITEMS = 100;
export const INVOICE_MAX_RATE_RUPEES = 100_000_000;
export const INVOICE_MAX_QUANTITY = 1_000_000;
export const INVOICE_MAX_PAGE_SIZE = 100;
export const INVOICE_TEXT_MAX = 2000;

export const INVOICE_MSG = {
  // platform spec §8
  noInvoiceData: 'No invoice data found. Please create an invoice first.',
  fetchCustomFieldsFailed: 'Failed to fetch custom fields',
  parseDraftFailed: 'Failed to parse draft invoice',
  saveCustomizationFailed: 'Failed to save customization',
  // platform spec §2.7
  noInvoiceDataTitle: 'No Invoice Data Found',
  createInvoice: 'Create Invoice',
  continueWithout: 'Continue without customization',
  saveCustomization: 'Save Customization',
  saving: 'Saving...',
  // our own (docs/decisions/0136-sales-invoices-and-invoice-customization.md)
  created: 'Invoice created successfully',
  updated: 'Invoice updated successfully',
  deleted: 'Invoice deleted successfully',
  itemDeleted: 'Invoice item deleted successfully',
  statusUpdated: 'Invoice status updated successfully',
  customizationSaved: 'Customization saved successfully',
  notFound: 'Invoice not found',
  itemNotFound: 'Invoice item not found',
  onlyDraft: 'Only a draft invoice can be changed',
  lastItem: 'An invoice needs at least one item',
  statusMove: (from: string, to: string) => `An invoice cannot go from ${from} to ${to}`,
  numberRequired: 'Invoice number is required',
  numberFormat: 'Invoice number can have up to 16 characters: letters, digits, - and /',
  numberTaken: 'Invoice number already exists in this financial year',
  headerTooLong: 'Invoice header cannot exceed 60 characters',
  invoiceDateRequired: 'Invoice date is required',
  dateFormat: 'Dates must be YYYY-MM-DD',
  dueBeforeInvoice: 'Due date cannot be before the invoice date',
  billedByRequired: 'Billed by is required',
  billedToRequired: 'Billed to is required',
  billedByNotFound: 'The business was not found',
  billedToNotFound: 'The client was not found',
  itemsRequired: 'Add at least one item',
  tooManyItems: `An invoice can have at most ${String(INVOICE_MAX_ITEMS)} items`,
  itemNameRequired: 'Item name is required',
  itemNameTooLong: 'Item name cannot exceed 200 characters',
  quantityPositive: 'Quantity must be greater than 0',
  quantityDecimals: 'Quantity can have at most 3 decimal places',
  quantityTooLarge: `Quantity cannot exceed ${INVOICE_MAX_QUANTITY.toLocaleString('en-IN')}`,
  rateNegative: 'Rate cannot be negative',
  rateDecimals: 'Rate must have at most two decimal places',
  rateTooLarge: rupeesRangeMessage('Rate', INVOICE_MAX_RATE_RUPEES),
  gstRate: `GST rate must be one of ${GST_RATES_PERCENT.join(', ')}`,
  placeOfSupply: 'Place of supply must be a GST state code',
  // CGST Rules r.46(g), (i) and notification 78/2020-Central Tax (docs/decisions/incoming-h28-gstbilling.md)
  hsnFormat: 'HSN must have 4, 6 or 8 digits; SAC must have 6 digits starting with 99',
  sacFormat: 'SAC must have 6 digits starting with 99',
  hsnRequired: (digits: number) => `HSN/SAC of at least ${String(digits)} digits is required (notification 78/2020-Central Tax)`,
  unitInvalid: 'Unit must be a GST unique quantity code (UQC), e.g. NOS, KGS, LTR',
  unitRequired: 'Unit (UQC) is required for goods',
  textTooLong: `Text cannot exceed ${String(INVOICE_TEXT_MAX)} characters`,
  shippingTooLong: 'Shipping details cannot exceed 200 characters a field',
  templateType: 'Template must be 1, 2 or 3',
  color: 'Colour must be # and 6 hex characters',
  headingFont: `Heading font must be one of ${INVOICE_HEADING_FONTS.join(', ')}`,
  bodyFont: `Body font must be one of ${INVOICE_BODY_FONTS.join(', ')}`,
  // parties
  partyCreated: (kind: string) => `${kind} created successfully`,
  partyUpdated: (kind: string) => `${kind} updated successfully`,
  partyDeleted: (kind: string) => `${kind} deleted successfully`,
  partyNotFound: (kind: string) => `${kind} not found`,
  partyInUse: (kind: string) => `This ${kind.toLowerCase()} is on invoices and cannot be deleted`,
  nameRequired: 'Name is required',
  nameTooLong: 'Name cannot exceed 100 characters',
  addressRequired: 'Address is required',
  addressTooLong: 'Address cannot exceed 500 characters',
  stateRequired: 'State is required',
  gstinFormat: 'Format: 27AAPFU0939F1ZV',
  gstinState: 'GSTIN starts with an unknown state code',
  gstinChecksum: 'GSTIN check character does not match; please check the number',
  gstinOtherState: (state: string) => `This GSTIN is registered in ${state}, not in the selected state`,
  panFormat: 'Format: ABCDE1234F',
  panNotInGstin: 'PAN does not match the PAN inside the GSTIN',
  email: 'Please enter a valid email address',
  bankName: 'Bank name cannot exceed 100 characters',
  accountNumber: 'Account number must be 9 to 18 digits',
  ifsc: 'Format: SBIN0001234',
  bankIncomplete: 'Enter the bank name, account number and IFSC together',
  upiId: 'UPI id must look like name@bank',
  // custom fields
  fieldNameRequired: 'Field name is required',
  fieldNameTooLong: 'Field name cannot exceed 100 characters',
  fieldGroup: 'groupId must be 1 (header fields), 2 (terms) or 3 (notes)',
  fieldNameTaken: 'A field with this name already exists in the group',
  fieldNotFound: 'Custom field not found',
  fieldValueTooLong: 'Value cannot exceed 500 characters',
  associationNotFound: 'Custom field value not found',
  fieldCreated: 'Custom field created successfully',
  fieldUpdated: 'Custom field updated successfully',
  fieldDeleted: 'Custom field deleted successfully',
  associationSaved: 'Custom field value saved successfully',
  associationDeleted: 'Custom field value removed successfully',
} as const;

export const INVOICE_STATUS_BADGE: Record<InvoiceStatus, { label: string; color: 'gray' | 'blue' | 'green' | 'red' }> = {
  draft: { label: 'Draft', color: 'gray' },
  sent: { label: 'Sent', color: 'blue' },
  paid: { label: 'Paid', color: 'green' },
  overdue: { label: 'Overdue', color: 'red' },
};

const trimmedOrNull = (v: unknown) => (typeof v === 'string' ? v.trim() || null : (v ?? null));
const upperOrNull = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() || null : (v ?? null));
const required = (message: string, max: number, tooLong: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: message }).min(1, { error: message }).max(max, { error: tooLong }));
const optionalText = (max: number, message: string) => z.preprocess(trimmedOrNull, z.string().max(max, { error: message }).nullable().default(null));
const isoDate = (message: string) => dateSchema(INVOICE_MSG.dateFormat, { required: message });
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UPI_ID = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$/;

export const invoiceIdPathSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });
export const invoiceIdQuerySchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });

// ------------------------------------------------------------------------------------------ parties

export const PARTY_KINDS = ['business', 'client'] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];
export const PARTY_LABEL: Record<PartyKind, string> = { business: 'Business', client: 'Client' };

export const invoicePartyInputSchema = z
  .object({
    name: required(INVOICE_MSG.nameRequired, 100, INVOICE_MSG.nameTooLong),
    address: required(INVOICE_MSG.addressRequired, 500, INVOICE_MSG.addressTooLong),
    stateCode: z.string({ error: INVOICE_MSG.stateRequired }).refine(isGstStateCode, { error: INVOICE_MSG.stateRequired }),
    gstin: z.preprocess(upperOrNull, z.string().nullable().default(null)),
    pan: z.preprocess(upperOrNull, z.string().regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/, { error: INVOICE_MSG.panFormat }).nullable().default(null)),
    email: z.preprocess(trimmedOrNull, z.string().max(254, { error: INVOICE_MSG.email }).regex(EMAIL, { error: INVOICE_MSG.email }).nullable().default(null)),
    bankName: optionalText(100, INVOICE_MSG.bankName),
    accountNumber: z.preprocess(trimmedOrNull, z.string().regex(/^\d{9,18}$/, { error: INVOICE_MSG.accountNumber }).nullable().default(null)),
    ifscCode: z.preprocess(upperOrNull, z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, { error: INVOICE_MSG.ifsc }).nullable().default(null)),
    upiId: z.preprocess(trimmedOrNull, z.string().regex(UPI_ID, { error: INVOICE_MSG.upiId }).nullable().default(null)),
    /** A business's aggregate turnover in the preceding financial year was more than ₹5 crore: 6-digit HSN (notification 78/2020-CT). */
    turnoverAboveFiveCrore: z.boolean({ error: 'turnoverAboveFiveCrore must be true or false' }).default(false),
  })
  .superRefine((p, ctx) => {
    if (p.gstin !== null) {
      const problem = gstinProblem(p.gstin);
      if (problem) {
        ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem === 'format' ? INVOICE_MSG.gstinFormat : problem === 'state' ? INVOICE_MSG.gstinState : INVOICE_MSG.gstinChecksum });
      } else {
        const state = stateOfGstin(p.gstin);
        if (state && isGstStateCode(p.stateCode) && state !== p.stateCode) ctx.addIssue({ code: 'custom', path: ['gstin'], message: INVOICE_MSG.gstinOtherState(GST_STATES[state]) });
        if (p.pan !== null && panOfGstin(p.gstin) !== p.pan) ctx.addIssue({ code: 'custom', path: ['pan'], message: INVOICE_MSG.panNotInGstin });
      }
    }
    const bank = [p.bankName, p.accountNumber, p.ifscCode];
    if (bank.some((v) => v !== null) && bank.some((v) => v === null)) ctx.addIssue({ code: 'custom', path: [p.bankName === null ? 'bankName' : p.accountNumber === null ? 'accountNumber' : 'ifscCode'], message: INVOICE_MSG.bankIncomplete });
  });
export type InvoicePartyInput = z.infer<typeof invoicePartyInputSchema>;

export const invoicePartySchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  stateCode: z.string(),
  stateName: z.string(),
  gstin: z.string().nullable(),
  pan: z.string().nullable(),
  email: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  ifscCode: z.string().nullable(),
  upiId: z.string().nullable(),
  turnoverAboveFiveCrore: z.boolean(),
  dateCreated: z.string(),
});
export type InvoiceParty = z.infer<typeof invoicePartySchema>;
export const invoicePartyReplySchema = envelope(invoicePartySchema);
export const invoicePartyListReplySchema = listEnvelope(invoicePartySchema);

const pageNumber = z.coerce.number({ error: 'pageNumber must be a whole number from 1' }).int({ error: 'pageNumber must be a whole number from 1' }).min(1, { error: 'pageNumber must be a whole number from 1' }).default(1);
const pageSizeMsg = `pageSize must be a whole number from 1 to ${String(INVOICE_MAX_PAGE_SIZE)}`;
const pageSize = z.coerce.number({ error: pageSizeMsg }).int({ error: pageSizeMsg }).min(1, { error: pageSizeMsg }).max(INVOICE_MAX_PAGE_SIZE, { error: pageSizeMsg }).default(10);

export const invoicePartyListQuerySchema = z.object({
  pageNumber,
  pageSize,
  search: z.preprocess(trimmedOrNull, z.string().max(100, { error: 'search cannot exceed 100 characters' }).nullable().default(null)),
});
export type InvoicePartyListQuery = z.infer<typeof invoicePartyListQuerySchema>;

// ------------------------------------------------------------------------------------------ invoices

const quantitySchema = z
  .number({ error: INVOICE_MSG.quantityPositive })
  .refine(Number.isFinite, { error: INVOICE_MSG.quantityPositive })
  .gt(0, { error: INVOICE_MSG.quantityPositive })
  .max(INVOICE_MAX_QUANTITY, { error: INVOICE_MSG.quantityTooLarge })
  .refine((q) => quantityToMilli(q) !== null, { error: INVOICE_MSG.quantityDecimals });
const rateSchema = z
  .number({ error: INVOICE_MSG.rateNegative })
  .refine(Number.isFinite, { error: INVOICE_MSG.rateNegative })
  .min(0, { error: INVOICE_MSG.rateNegative })
  .max(INVOICE_MAX_RATE_RUPEES, { error: INVOICE_MSG.rateTooLarge })
  .refine(isRupeesAmount, { error: INVOICE_MSG.rateDecimals });

export const invoiceItemInputSchema = z
  .object({
  /** An existing item of this invoice (kept), or absent for a new one. */
  id: z.uuid({ error: 'id must be a valid id' }).optional(),
  name: required(INVOICE_MSG.itemNameRequired, 200, INVOICE_MSG.itemNameTooLong),
  /** HSN (goods) or SAC (services), r.46(g); whether it may be absent depends on the parties (checked by the service). */
  hsnSac: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') || null : (v ?? null)),
    z
      .string({ error: INVOICE_MSG.hsnFormat })
      .nullable()
      .default(null)
      .superRefine((code, ctx) => {
        const problem = code === null ? null : hsnSacProblem(code);
        if (problem) ctx.addIssue({ code: 'custom', message: problem === 'sac' ? INVOICE_MSG.sacFormat : INVOICE_MSG.hsnFormat });
      }),
  ),
  /** Unique Quantity Code, r.46(i): required for goods (an HSN line), optional for services. */
  unit: z.preprocess(upperOrNull, z.string({ error: INVOICE_MSG.unitInvalid }).refine(isUqc, { error: INVOICE_MSG.unitInvalid }).nullable().default(null)),
  quantity: quantitySchema,
  rate: rateSchema,
  /** Platform spec §9: 18% when not given. */
  gstRate: z
    .number({ error: INVOICE_MSG.gstRate })
    .refine((r) => (GST_RATES_PERCENT as readonly number[]).includes(r), { error: INVOICE_MSG.gstRate })
    .default(18),
  })
  // Goods are a valid HSN (not 99…); a code already refused above adds no second message.
  .refine((i) => i.unit !== null || i.hsnSac === null || i.hsnSac.startsWith('99') || hsnSacProblem(i.hsnSac) !== null, { error: INVOICE_MSG.unitRequired, path: ['unit'] });
export type InvoiceItemInput = z.infer<typeof invoiceItemInputSchema>;

const shippingParty = z
  .object({
    name: optionalText(200, INVOICE_MSG.shippingTooLong),
    address: optionalText(500, INVOICE_MSG.addressTooLong),
    gstin: z.preprocess(upperOrNull, z.string().nullable().default(null)).refine((g) => g === null || gstinProblem(g) === null, { error: INVOICE_MSG.gstinFormat }),
    pan: z.preprocess(upperOrNull, z.string().regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/, { error: INVOICE_MSG.panFormat }).nullable().default(null)),
    email: z.preprocess(trimmedOrNull, z.string().regex(EMAIL, { error: INVOICE_MSG.email }).nullable().default(null)),
  })
  .nullable()
  .default(null);

export const shippingDetailsSchema = z.object({
  shippedFrom: shippingParty,
  shippedTo: shippingParty,
  transportName: optionalText(200, INVOICE_MSG.shippingTooLong),
  challanDate: z.preprocess(trimmedOrNull, isoDate(INVOICE_MSG.dateFormat).nullable().default(null)),
  challanNumber: optionalText(200, INVOICE_MSG.shippingTooLong),
  transportNote: optionalText(500, INVOICE_MSG.shippingTooLong),
});
export type ShippingDetails = z.infer<typeof shippingDetailsSchema>;
/** The reply's shape of shipping details (replies carry no transforms). */
const shippingPartyOut = z.object({ name: z.string().nullable(), address: z.string().nullable(), gstin: z.string().nullable(), pan: z.string().nullable(), email: z.string().nullable() }).nullable();
const shippingDetailsOutSchema = z.object({
  shippedFrom: shippingPartyOut,
  shippedTo: shippingPartyOut,
  transportName: z.string().nullable(),
  challanDate: z.string().nullable(),
  challanNumber: z.string().nullable(),
  transportNote: z.string().nullable(),
});

const invoiceFields = {
  invoiceNumber: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: INVOICE_MSG.numberRequired }).min(1, { error: INVOICE_MSG.numberRequired }).regex(/^[A-Za-z0-9/-]{1,16}$/, { error: INVOICE_MSG.numberFormat }),
  ),
  invoiceHeader: z.preprocess(trimmedOrNull, z.string().max(60, { error: INVOICE_MSG.headerTooLong }).nullable().default(null)),
  invoiceDate: isoDate(INVOICE_MSG.invoiceDateRequired),
  /** Platform spec §9: 30 days after the invoice date when not given. */
  dueDate: z.preprocess(trimmedOrNull, isoDate(INVOICE_MSG.dateFormat).nullable().default(null)),
  billedById: z.uuid({ error: INVOICE_MSG.billedByRequired }),
  billedToId: z.uuid({ error: INVOICE_MSG.billedToRequired }),
  /** The place of supply's GST state code; the client's state when not given. */
  placeOfSupply: z.preprocess(trimmedOrNull, z.string().refine(isGstStateCode, { error: INVOICE_MSG.placeOfSupply }).nullable().default(null)),
  invoiceItems: z.array(invoiceItemInputSchema, { error: INVOICE_MSG.itemsRequired }).min(1, { error: INVOICE_MSG.itemsRequired }).max(INVOICE_MAX_ITEMS, { error: INVOICE_MSG.tooManyItems }),
  shippingDetails: shippingDetailsSchema.nullable().default(null),
  terms: optionalText(INVOICE_TEXT_MAX, INVOICE_MSG.textTooLong),
  notes: optionalText(INVOICE_TEXT_MAX, INVOICE_MSG.textTooLong),
};
const dueNotBefore = (i: { invoiceDate: string; dueDate: string | null }) => i.dueDate === null || i.dueDate >= i.invoiceDate;

export const invoiceCreateInputSchema = z.object(invoiceFields).refine(dueNotBefore, { error: INVOICE_MSG.dueBeforeInvoice, path: ['dueDate'] });
export type InvoiceCreateInput = z.infer<typeof invoiceCreateInputSchema>;
export const invoiceUpdateInputSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }), ...invoiceFields }).refine(dueNotBefore, { error: INVOICE_MSG.dueBeforeInvoice, path: ['dueDate'] });
export type InvoiceUpdateInput = z.infer<typeof invoiceUpdateInputSchema>;

export const invoiceStatusInputSchema = z.object({
  status: z.enum(STORED_INVOICE_STATUSES, { error: 'status must be draft, sent or paid' }),
});

const hexColor = z.string({ error: INVOICE_MSG.color }).regex(/^#[0-9a-fA-F]{6}$/, { error: INVOICE_MSG.color }).transform((c) => c.toLowerCase());
export const invoiceCustomizationSchema = z.object({
  templateType: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: INVOICE_MSG.templateType }),
  templateBaseColor: hexColor,
  templateBaseBackgroundColor: hexColor,
  headingFontFamily: z.enum(INVOICE_HEADING_FONTS, { error: INVOICE_MSG.headingFont }),
  bodyFontFamily: z.enum(INVOICE_BODY_FONTS, { error: INVOICE_MSG.bodyFont }),
});
export type InvoiceCustomization = z.infer<typeof invoiceCustomizationSchema>;
export const DEFAULT_INVOICE_CUSTOMIZATION: InvoiceCustomization = {
  templateType: 1,
  templateBaseColor: INVOICE_DEFAULT_COLOR,
  templateBaseBackgroundColor: INVOICE_DEFAULT_BACKGROUND_COLOR,
  headingFontFamily: INVOICE_DEFAULT_FONT,
  bodyFontFamily: INVOICE_DEFAULT_FONT,
};
/** 'Save Customization': the style plus the invoice's terms and notes (platform spec §3 "Invoice customization"). */
export const invoiceCustomizationInputSchema = invoiceCustomizationSchema.extend({
  terms: optionalText(INVOICE_TEXT_MAX, INVOICE_MSG.textTooLong),
  notes: optionalText(INVOICE_TEXT_MAX, INVOICE_MSG.textTooLong),
});
export type InvoiceCustomizationInput = z.infer<typeof invoiceCustomizationInputSchema>;

export const invoiceItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  hsnSac: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.number(),
  rate: z.number(),
  gstRate: z.number(),
  /** Rupees: taxable value, taxes and the line's total. */
  amount: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

export const invoiceCustomFieldValueSchema = z.object({ associationId: z.string(), fieldId: z.string(), fieldName: z.string(), groupId: z.number().int(), value: z.string() });
export type InvoiceCustomFieldValue = z.infer<typeof invoiceCustomFieldValueSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  invoiceHeader: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  status: z.enum(INVOICE_STATUSES),
  billedBy: invoicePartySchema,
  billedTo: invoicePartySchema,
  placeOfSupply: z.string(),
  placeOfSupplyName: z.string(),
  isIntegratedTax: z.boolean(),
  /** 'IGST' or 'CGST + SGST' (platform spec §9). */
  taxLabel: z.string(),
  /** r.46(p): whether tax is payable on reverse charge; never for these invoices (shown as 'No'). */
  reverseCharge: z.boolean(),
  /** The financial year the number is unique in ('2026-27'), r.46(b). */
  financialYear: z.string(),
  invoiceItems: z.array(invoiceItemSchema),
  subtotal: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  taxAmount: z.number(),
  totalAmount: z.number(),
  totalInWords: z.string(),
  shippingDetails: shippingDetailsOutSchema.nullable(),
  terms: z.string().nullable(),
  notes: z.string().nullable(),
  customFields: z.array(invoiceCustomFieldValueSchema),
  customization: z.object({
    templateType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    templateBaseColor: z.string(),
    templateBaseBackgroundColor: z.string(),
    headingFontFamily: z.enum(INVOICE_HEADING_FONTS),
    bodyFontFamily: z.enum(INVOICE_BODY_FONTS),
  }),
  /** The UPI payment link in the QR code; null when the business has no UPI id. */
  upiUri: z.string().nullable(),
  bussinessUpiId: z.string().nullable(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  dateCreated: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceReplySchema = envelope(invoiceSchema);

export const invoiceSummarySchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  status: z.enum(INVOICE_STATUSES),
  businessName: z.string(),
  clientName: z.string(),
  clientGstin: z.string().nullable(),
  placeOfSupply: z.string(),
  placeOfSupplyName: z.string(),
  taxAmount: z.number(),
  totalAmount: z.number(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const invoiceListReplySchema = listEnvelope(invoiceSummarySchema);

export const invoiceListQuerySchema = z.object({
  pageNumber,
  pageSize,
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(INVOICE_STATUSES, { error: 'status must be draft, sent, paid or overdue' }).optional()),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

const card = z.object({ count: z.number().int(), amount: z.number() });
export const invoiceAnalyticsSchema = z.object({ total: card, paid: card, due: card, overdue: card });
export type InvoiceAnalytics = z.infer<typeof invoiceAnalyticsSchema>;
export const invoiceAnalyticsReplySchema = envelope(invoiceAnalyticsSchema);

export const invoiceNumberPathSchema = z.object({ invoiceNumber: z.string().min(1).max(100) });
export const invoiceValidateQuerySchema = z.object({
  invoiceId: z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ error: 'invoiceId must be a valid id' }).optional()),
  /** The invoice's date: the number must be free in its financial year (r.46(b)); today when absent. */
  invoiceDate: z.preprocess((v) => (v === '' ? undefined : v), isoDate(INVOICE_MSG.dateFormat).optional()),
});
export const invoiceValidateReplySchema = envelope(z.object({ isAvailable: z.boolean(), message: z.string().nullable() }));

// ------------------------------------------------------------------------------------------ custom fields

const groupId = z.coerce.number({ error: INVOICE_MSG.fieldGroup }).pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: INVOICE_MSG.fieldGroup }));
const fieldName = required(INVOICE_MSG.fieldNameRequired, 100, INVOICE_MSG.fieldNameTooLong);
export const customFieldCreateInputSchema = z.object({ fieldName, groupId });
export const customFieldUpdateInputSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }), fieldName });
export const customFieldListQuerySchema = z.object({ groupId, invoiceId: z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ error: 'invoiceId must be a valid id' }).optional()) });
export const customFieldDeleteQuerySchema = z.object({ fieldId: z.uuid({ error: 'fieldId must be a valid id' }) });
export const customFieldSchema = z.object({
  id: z.string(),
  fieldName: z.string(),
  groupId: z.number().int(),
  /** With invoiceId: this field's value on that invoice, if it has one. */
  associationId: z.string().nullable(),
  value: z.string().nullable(),
});
export type CustomField = z.infer<typeof customFieldSchema>;
export const customFieldReplySchema = envelope(customFieldSchema);
export const customFieldListReplySchema = listEnvelope(customFieldSchema);

export const customFieldAssociationInputSchema = z.object({
  invoiceId: z.uuid({ error: 'invoiceId must be a valid id' }),
  fieldId: z.uuid({ error: 'fieldId must be a valid id' }),
  value: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: INVOICE_MSG.fieldValueTooLong }).max(500, { error: INVOICE_MSG.fieldValueTooLong })),
});
export const customFieldAssociationDeleteQuerySchema = z.object({
  associationId: z.uuid({ error: 'associationId must be a valid id' }),
  invoiceId: z.uuid({ error: 'invoiceId must be a valid id' }),
});
export const customFieldAssociationReplySchema = envelope(invoiceCustomFieldValueSchema);

/** The UPI deep link (NPCI "UPI Linking Specification"): payee address (its characters need no escaping), name, amount, INR, note. */
export function upiPaymentUri(p: { upiId: string; payeeName: string; amountPaise: number; note: string }): string {
  const amount = `${String(Math.floor(p.amountPaise / 100))}.${String(p.amountPaise % 100).padStart(2, '0')}`;
  return `upi://pay?pa=${p.upiId}&pn=${encodeURIComponent(p.payeeName)}&am=${amount}&cu=INR&tn=${encodeURIComponent(p.note)}`;
}
