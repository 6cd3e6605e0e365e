import { gstStateCodeOf, splitGst, type GstSplit } from '@tankha/domain';

/**
 * A plan's GST tax invoice (CGST Rules 2017, rule 46): the figures are fixed when the payment is
 * captured and stored with the invoice; the PDF is drawn from them on download.
 *
 * SAC 998315, "Hosting and information technology (IT) infrastructure provisioning services", whose
 * explanatory notes include application service provisioning: software run by the supplier and used
 * online by the customer, which is what a subscription to Tankha is. Not 998313 ("IT consulting and support
 * services": advice and support, not the use of hosted software) nor 998434 (software downloads). Source: the
 * Scheme of Classification of Services, annexure to notification 11/2017-Central Tax (Rate), heading 9983,
 * group 99831 (docs/decisions/incoming-h28-gstbilling.md).
 */
export const PLAN_SAC = '998315';

/** GST state codes (the first two digits of a GSTIN). */
export const GST_STATES: Record<string, string> = {
  '01': 'Jammu and Kashmir', '02': 'Himachal Pradesh', '03': 'Punjab', '04': 'Chandigarh', '05': 'Uttarakhand', '06': 'Haryana',
  '07': 'Delhi', '08': 'Rajasthan', '09': 'Uttar Pradesh', '10': 'Bihar', '11': 'Sikkim', '12': 'Arunachal Pradesh', '13': 'Nagaland',
  '14': 'Manipur', '15': 'Mizoram', '16': 'Tripura', '17': 'Meghalaya', '18': 'Assam', '19': 'West Bengal', '20': 'Jharkhand',
  '21': 'Odisha', '22': 'Chhattisgarh', '23': 'Madhya Pradesh', '24': 'Gujarat', '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra', '29': 'Karnataka', '30': 'Goa', '31': 'Lakshadweep', '32': 'Kerala', '33': 'Tamil Nadu', '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands', '36': 'Telangana', '37': 'Andhra Pradesh', '38': 'Ladakh', '97': 'Other Territory',
};

export interface PlanInvoiceParty {
  name: string;
  address: string | null;
  gstin: string | null;
  stateCode: string | null;
  stateName: string | null;
}

export interface PlanInvoiceData {
  invoiceNumber: string;
  invoiceDate: string;
  seller: PlanInvoiceParty;
  buyer: PlanInvoiceParty;
  /** Place of supply: the buyer's state, else the seller's (IGST Act s.12(2)). */
  placeOfSupply: string;
  sac: string;
  description: string;
  quantity: number;
  unitPricePaise: number;
  gst: GstSplit;
  paymentReference: string;
  periodStart: string;
  periodEnd: string | null;
}

/** 'TK/26-27/000001': at most 16 characters, unique in the financial year (rule 46(b)). */
export function planInvoiceNumber(financialYear: string, sequence: number): string {
  return `TK/${financialYear.slice(2)}/${sequence.toString().padStart(6, '0')}`;
}

export function buildPlanInvoice(input: {
  financialYear: string;
  sequence: number;
  invoiceDate: string;
  seller: { name: string; address: string; gstin: string };
  buyer: { name: string; legalName: string | null; address: string | null; gstNumber: string | null };
  planName: string;
  billingType: string;
  quantity: number;
  unitPricePaise: number;
  paymentReference: string;
  periodStart: string;
  periodEnd: string | null;
}): PlanInvoiceData {
  const sellerState = gstStateCodeOf(input.seller.gstin) ?? '29';
  const buyerGstin = input.buyer.gstNumber?.trim().toUpperCase() || null;
  const buyerState = gstStateCodeOf(buyerGstin);
  const gst = splitGst(input.unitPricePaise * input.quantity, sellerState, buyerState);
  const place = buyerState ?? sellerState;
  return {
    invoiceNumber: planInvoiceNumber(input.financialYear, input.sequence),
    invoiceDate: input.invoiceDate,
    seller: { name: input.seller.name, address: input.seller.address, gstin: input.seller.gstin, stateCode: sellerState, stateName: GST_STATES[sellerState] ?? null },
    buyer: { name: input.buyer.legalName?.trim() || input.buyer.name, address: input.buyer.address, gstin: buyerState ? buyerGstin : null, stateCode: buyerState, stateName: buyerState ? (GST_STATES[buyerState] ?? null) : null },
    placeOfSupply: `${place} - ${GST_STATES[place] ?? ''}`.trim(),
    sac: PLAN_SAC,
    description: `Tankha ${input.planName} plan, ${input.billingType} subscription`,
    quantity: input.quantity,
    unitPricePaise: input.unitPricePaise,
    gst,
    paymentReference: input.paymentReference,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
  };
}

/**
 * A GST credit note for the unused days of a plan replaced by an upgrade (CGST Act s.34; CGST Rules r.53: the
 * supplier's and recipient's particulars, its own consecutive number unique in the financial year, its date,
 * the invoice it reduces, the taxable value and the tax credited, and a signature). Figures fixed at capture.
 */
export interface PlanCreditNoteData {
  creditNoteNumber: string;
  creditNoteDate: string;
  againstInvoiceNumber: string | null;
  againstInvoiceDate: string | null;
  seller: PlanInvoiceParty;
  buyer: PlanInvoiceParty;
  placeOfSupply: string;
  sac: string;
  description: string;
  gst: GstSplit;
}

/** 'TK/CN/26-27/0001': at most 16 characters (r.53 read with r.46(b)). */
export function planCreditNoteNumber(financialYear: string, sequence: number): string {
  return `TK/CN/${financialYear.slice(2)}/${sequence.toString().padStart(4, '0')}`;
}

export function buildPlanCreditNote(input: {
  financialYear: string;
  sequence: number;
  creditNoteDate: string;
  /** The invoice reduced; its parties and states are the credit note's. */
  against: PlanInvoiceData | null;
  againstInvoiceNumber: string | null;
  againstInvoiceDate: string | null;
  /** The parties when there is no invoice to reduce (a plan set up by hand). */
  fallback: PlanInvoiceData;
  planName: string;
  creditTaxablePaise: number;
  unusedDays: number;
  periodDays: number;
}): PlanCreditNoteData {
  const base = input.against ?? input.fallback;
  const gst = splitGst(input.creditTaxablePaise, base.seller.stateCode ?? '29', base.buyer.stateCode);
  return {
    creditNoteNumber: planCreditNoteNumber(input.financialYear, input.sequence),
    creditNoteDate: input.creditNoteDate,
    againstInvoiceNumber: input.againstInvoiceNumber,
    againstInvoiceDate: input.againstInvoiceDate,
    seller: base.seller,
    buyer: base.buyer,
    placeOfSupply: base.placeOfSupply,
    sac: PLAN_SAC,
    description: `Credit for ${String(input.unusedDays)} unused of ${String(input.periodDays)} days of the Tankha ${input.planName} plan (upgraded)`,
    gst,
  };
}
