import { computeInvoiceLine, isInterStateSupply } from '../gst/totals';
import { stateOfGstin } from '../gst/gstin';
import { amountInWords } from './words';

/**
 * GST on a supply of services (CGST Act 2017 s.9, IGST Act 2017 s.5): an intra-state supply carries
 * CGST and SGST at half the rate each; an inter-state supply carries IGST at the full rate. Each tax
 * is rounded to the paisa on the taxable value (half up). Plans are sold at 18%.
 */
export const PLAN_GST_RATE_PERCENT = 18;

/** The state code of a GSTIN: its first two digits ('29' Karnataka, '27' Maharashtra…); null when not a GSTIN. */
export function gstStateCodeOf(gstin: string | null | undefined): string | null {
  return stateOfGstin(gstin?.trim().toUpperCase() ?? '');
}

export interface GstSplit {
  /** 'intra': CGST + SGST; 'inter': IGST. */
  supply: 'intra' | 'inter';
  taxablePaise: number;
  ratePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  totalPaise: number;
  /** The total in Indian words ('Rupees Eleven Thousand Eight Hundred Only'). */
  totalInWords: string;
}

/**
 * The tax on a taxable value. The place of supply is the buyer's state (IGST Act s.12(2)(a), a
 * registered buyer: the state of its GSTIN); an unregistered buyer whose address is not on record
 * is supplied where the supplier is (s.12(2)(b)), so a missing buyer state is intra-state.
 */
export function splitGst(taxablePaise: number, sellerStateCode: string, buyerStateCode: string | null, ratePercent = PLAN_GST_RATE_PERCENT): GstSplit {
  if (!Number.isSafeInteger(taxablePaise) || taxablePaise < 0) throw new RangeError('taxablePaise must be a non-negative integer');
  // One line of the sales-invoice computation (gst/totals.ts): the same rounding, one definition.
  const intra = buyerStateCode === null || !isInterStateSupply(sellerStateCode, buyerStateCode);
  const { cgstPaise, sgstPaise, igstPaise, taxPaise, totalPaise } = computeInvoiceLine({ quantityMilli: 1000, ratePaise: taxablePaise, gstRateBp: Math.round(ratePercent * 100) }, !intra);
  return { supply: intra ? 'intra' : 'inter', taxablePaise, ratePercent, cgstPaise, sgstPaise, igstPaise, taxPaise, totalPaise, totalInWords: amountInWords(totalPaise) };
}
