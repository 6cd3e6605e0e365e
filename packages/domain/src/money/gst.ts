import { percentOfPaise } from './arith';
import { amountInWords } from './words';

/**
 * GST on a supply of services (CGST Act 2017 s.9, IGST Act 2017 s.5): an intra-state supply carries
 * CGST and SGST at half the rate each; an inter-state supply carries IGST at the full rate. Each tax
 * is rounded to the paisa on the taxable value (half up). Plans are sold at 18%.
 */
export const PLAN_GST_RATE_PERCENT = 18;

/** The state code of a GSTIN: its first two digits ('29' Karnataka, '27' Maharashtra…); null when not a GSTIN. */
export function gstStateCodeOf(gstin: string | null | undefined): string | null {
  const value = gstin?.trim().toUpperCase() ?? '';
  return /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(value) ? value.slice(0, 2) : null;
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
  const intra = buyerStateCode === null || buyerStateCode === sellerStateCode;
  const half = ratePercent / 2;
  const cgstPaise = intra ? percentOfPaise(taxablePaise, half) : 0;
  const sgstPaise = intra ? percentOfPaise(taxablePaise, half) : 0;
  const igstPaise = intra ? 0 : percentOfPaise(taxablePaise, ratePercent);
  const taxPaise = cgstPaise + sgstPaise + igstPaise;
  const totalPaise = taxablePaise + taxPaise;
  return { supply: intra ? 'intra' : 'inter', taxablePaise, ratePercent, cgstPaise, sgstPaise, igstPaise, taxPaise, totalPaise, totalInWords: amountInWords(totalPaise) };
}
