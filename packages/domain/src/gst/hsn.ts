/**
 * HSN and SAC codes on a tax invoice (CGST Rules 2017, r.46(g): "Harmonised System of Nomenclature code
 * for goods or services"; the first proviso lets the Board notify how many digits a class of registered
 * persons must show).
 *
 * - Goods: the HSN of the Customs Tariff (First Schedule to the Customs Tariff Act, 1975), chapters 01 to 98,
 *   written with 4, 6 or 8 digits (heading, sub-heading, tariff item).
 * - Services: the Scheme of Classification of Services (annexure to notification 11/2017-Central Tax (Rate)),
 *   chapter 99, whose codes (SAC) have 6 digits: 99 + section, heading, group and service digits.
 *
 * Digits required (notification 12/2017-Central Tax, Table substituted by notification 78/2020-Central Tax of
 * 15 Oct 2020, from 1 Apr 2021): aggregate turnover in the preceding financial year up to ₹5 crore → 4 digits;
 * more than ₹5 crore → 6 digits. Proviso: a person with turnover up to ₹5 crore may leave the code out on
 * invoices to unregistered persons (B2C).
 * Source: https://www.gstzen.in/a/central-tax-notification-782020-seeks-to-notify-the-number-of-hsn-digits-required-on-tax-invoice.html
 */

export type HsnSacKind = 'hsn' | 'sac';

export type HsnSacProblem = 'format' | 'sac';

/** 'sac' for a 99… code, 'hsn' otherwise; null when it is not a code at all. */
export function hsnSacKind(code: string): HsnSacKind | null {
  if (!/^[0-9]+$/.test(code)) return null;
  return code.startsWith('99') ? 'sac' : 'hsn';
}

/**
 * Why a code (trimmed) is not a valid HSN or SAC, or null when it is: a SAC has exactly 6 digits and starts
 * with 99; an HSN has 4, 6 or 8 digits and its chapter (first two digits) is 01 to 98.
 */
export function hsnSacProblem(code: string): HsnSacProblem | null {
  const kind = hsnSacKind(code);
  if (kind === 'sac') return code.length === 6 ? null : 'sac';
  if (kind === null || ![4, 6, 8].includes(code.length) || code.startsWith('00')) return 'format';
  return null;
}

/** Notification 78/2020-Central Tax: the turnover line between 4 and 6 digits, ₹5 crore in paise. */
export const HSN_SIX_DIGITS_ABOVE_TURNOVER_PAISE = 5_00_00_000 * 100;

/**
 * The least number of HSN/SAC digits an invoice line must carry (0: the code may be left out), from the
 * supplier's aggregate turnover in the preceding financial year and whether the recipient is registered.
 */
export function requiredHsnDigits(supply: { turnoverAboveFiveCrore: boolean; recipientRegistered: boolean }): 0 | 4 | 6 {
  if (supply.turnoverAboveFiveCrore) return 6;
  return supply.recipientRegistered ? 4 : 0;
}

/**
 * Unique Quantity Codes (r.46(i): "quantity in case of goods and unit or Unique Quantity Code thereof"), the
 * list of the GST Network's returns (GSTR-1 table 12, e-invoice schema "UQC master").
 */
export const UQC = {
  BAG: 'Bags', BAL: 'Bale', BDL: 'Bundles', BKL: 'Buckles', BOU: 'Billion of units', BOX: 'Box', BTL: 'Bottles', BUN: 'Bunches',
  CAN: 'Cans', CBM: 'Cubic meters', CCM: 'Cubic centimeters', CMS: 'Centimeters', CTN: 'Cartons', DOZ: 'Dozens', DRM: 'Drums',
  GGK: 'Great gross', GMS: 'Grammes', GRS: 'Gross', GYD: 'Gross yards', KGS: 'Kilograms', KLR: 'Kilolitre', KME: 'Kilometre',
  LTR: 'Litres', MLT: 'Millilitre', MTR: 'Meters', MTS: 'Metric ton', NOS: 'Numbers', OTH: 'Others', PAC: 'Packs', PCS: 'Pieces',
  PRS: 'Pairs', QTL: 'Quintal', ROL: 'Rolls', SET: 'Sets', SQF: 'Square feet', SQM: 'Square meters', SQY: 'Square yards',
  TBS: 'Tablets', TGM: 'Ten gross', THD: 'Thousands', TON: 'Tonnes', TUB: 'Tubes', UGS: 'US gallons', UNT: 'Units', YDS: 'Yards',
} as const;
export type UqcCode = keyof typeof UQC;
export const UQC_CODES = Object.keys(UQC) as UqcCode[];
export function isUqc(value: string): value is UqcCode {
  return Object.prototype.hasOwnProperty.call(UQC, value);
}
