import { toDecimal } from '../money/arith';

/**
 * GST on a tax invoice's lines (CGST Act s.9, IGST Act s.5, 7, 8, 10; CGST Rules r.46).
 *
 * - Intra-state supply (the place of supply's state is the supplier's state): CGST and SGST/UTGST, each
 *   half the rate. Inter-state supply: IGST at the full rate.
 * - Money is integer paise. A line's taxable value is quantity × rate rounded half up to the paisa; each
 *   tax of a line is rounded half up to the paisa on its own (r.46(i) asks for the rate and amount of each
 *   tax per item), so CGST + SGST of a line may differ by a paisa from the IGST the same line would carry.
 * - Quantities have at most 3 decimals (thousandths), rates of tax at most 2 (basis points).
 */

/** GST rates (percent) a line may carry: nil, the special rates and the slabs (incl. 40% from 22 Sep 2025). */
export const GST_RATES_PERCENT = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40] as const;

export interface InvoiceLineInput {
  /** Quantity in thousandths (1.5 units = 1500). */
  quantityMilli: number;
  ratePaise: number;
  /** Rate of GST in basis points (18% = 1800). */
  gstRateBp: number;
}

export interface InvoiceLineTax {
  /** Taxable value: quantity × rate. */
  amountPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  totalPaise: number;
}

export interface InvoiceTotals {
  isIntegratedTax: boolean;
  lines: InvoiceLineTax[];
  subtotalPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  totalPaise: number;
}

/** a × b ÷ d rounded half up, for non-negative integers, exactly (BigInt: no overflow, no float). */
function mulDivHalfUp(a: number, b: number, d: number): number {
  if (a < 0 || b < 0) throw new RangeError('amounts, quantities and rates are not negative');
  const n = BigInt(a) * BigInt(b);
  const den = BigInt(d);
  const result = (n * 2n + den) / (den * 2n);
  const value = Number(result);
  if (!Number.isSafeInteger(value)) throw new RangeError('too large an amount');
  return value;
}

/** Integrated tax (IGST) applies when the place of supply is in another state than the supplier (IGST Act s.7). */
export function isInterStateSupply(supplierStateCode: string, placeOfSupplyStateCode: string): boolean {
  return supplierStateCode !== placeOfSupplyStateCode;
}

export function computeInvoiceLine(line: InvoiceLineInput, isIntegratedTax: boolean): InvoiceLineTax {
  for (const [name, v] of Object.entries(line)) if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative integer`);
  const amountPaise = mulDivHalfUp(line.quantityMilli, line.ratePaise, 1000);
  const igstPaise = isIntegratedTax ? mulDivHalfUp(amountPaise, line.gstRateBp, 10_000) : 0;
  // Each of CGST and SGST is half the rate: amount × bp ÷ 2 ÷ 10,000.
  const cgstPaise = isIntegratedTax ? 0 : mulDivHalfUp(amountPaise, line.gstRateBp, 20_000);
  const sgstPaise = cgstPaise;
  const taxPaise = igstPaise + cgstPaise + sgstPaise;
  return { amountPaise, cgstPaise, sgstPaise, igstPaise, taxPaise, totalPaise: amountPaise + taxPaise };
}

export function computeInvoiceTotals(lines: readonly InvoiceLineInput[], supply: { supplierStateCode: string; placeOfSupplyStateCode: string }): InvoiceTotals {
  const isIntegratedTax = isInterStateSupply(supply.supplierStateCode, supply.placeOfSupplyStateCode);
  const computed = lines.map((l) => computeInvoiceLine(l, isIntegratedTax));
  const sum = (key: keyof InvoiceLineTax) => computed.reduce((s, l) => s + l[key], 0);
  return {
    isIntegratedTax,
    lines: computed,
    subtotalPaise: sum('amountPaise'),
    cgstPaise: sum('cgstPaise'),
    sgstPaise: sum('sgstPaise'),
    igstPaise: sum('igstPaise'),
    taxPaise: sum('taxPaise'),
    totalPaise: sum('totalPaise'),
  };
}

/** A number with at most `decimals` decimals, scaled to an integer through its decimal text (no float error); null otherwise. */
function scaled(value: number, decimals: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const d = toDecimal(value).mul(10 ** decimals);
  if (!d.isInteger()) return null;
  const n = d.toNumber();
  return Number.isSafeInteger(n) ? n : null;
}

/** 18 or 0.25 (percent, at most 2 decimals) → basis points; null when it is not such a number. */
export function percentToBasisPoints(percent: number): number | null {
  return scaled(percent, 2);
}

/** A quantity with at most 3 decimals → thousandths; null otherwise. */
export function quantityToMilli(quantity: number): number | null {
  return scaled(quantity, 3);
}
