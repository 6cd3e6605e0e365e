/**
 * Every state and union territory, by its ISO 3166-2:IN subdivision code (without the 'IN-' prefix):
 * 28 states and 8 union territories. Chhattisgarh stays 'CT' and Telangana 'TG' (the codes settings
 * were first stored with); Odisha is 'OD', Uttarakhand 'UK' and the merged Dadra and Nagar Haveli and
 * Daman and Diu 'DH'. Older spellings are read through `normaliseIndianStateCode`.
 */
export const INDIAN_STATE_NAMES = {
  AN: 'Andaman and Nicobar Islands',
  AP: 'Andhra Pradesh',
  AR: 'Arunachal Pradesh',
  AS: 'Assam',
  BR: 'Bihar',
  CH: 'Chandigarh',
  CT: 'Chhattisgarh',
  DH: 'Dadra and Nagar Haveli and Daman and Diu',
  DL: 'Delhi',
  GA: 'Goa',
  GJ: 'Gujarat',
  HP: 'Himachal Pradesh',
  HR: 'Haryana',
  JH: 'Jharkhand',
  JK: 'Jammu and Kashmir',
  KA: 'Karnataka',
  KL: 'Kerala',
  LA: 'Ladakh',
  LD: 'Lakshadweep',
  MH: 'Maharashtra',
  ML: 'Meghalaya',
  MN: 'Manipur',
  MP: 'Madhya Pradesh',
  MZ: 'Mizoram',
  NL: 'Nagaland',
  OD: 'Odisha',
  PB: 'Punjab',
  PY: 'Puducherry',
  RJ: 'Rajasthan',
  SK: 'Sikkim',
  TG: 'Telangana',
  TN: 'Tamil Nadu',
  TR: 'Tripura',
  UK: 'Uttarakhand',
  UP: 'Uttar Pradesh',
  WB: 'West Bengal',
} as const;

export type IndianStateCode = keyof typeof INDIAN_STATE_NAMES;

/** The union territories among them (the rest are states). */
export const INDIAN_UNION_TERRITORIES: readonly IndianStateCode[] = ['AN', 'CH', 'DH', 'DL', 'JK', 'LA', 'LD', 'PY'];

export function isIndianStateCode(value: string): value is IndianStateCode {
  return Object.prototype.hasOwnProperty.call(INDIAN_STATE_NAMES, value);
}

/**
 * Codes other lists (and earlier ISO editions) use for the same places: Odisha was 'OR',
 * Chhattisgarh is 'CG' in vehicle and GST-style lists, Telangana 'TS', Uttarakhand 'UT', and the two
 * union territories merged in 2020 were 'DN' and 'DD'.
 */
const LEGACY_STATE_CODES: Readonly<Record<string, IndianStateCode>> = { OR: 'OD', CG: 'CT', TS: 'TG', UT: 'UK', DN: 'DH', DD: 'DH' };

/** A code as written anywhere (any case, with or without 'IN-') → the code used here, or null if unknown. */
export function normaliseIndianStateCode(value: string): IndianStateCode | null {
  const code = value.trim().toUpperCase().replace(/^IN-/, '');
  if (isIndianStateCode(code)) return code;
  return LEGACY_STATE_CODES[code] ?? null;
}

/** Gender as the professional-tax slabs need it (Maharashtra has a women's table). */
export type StatutoryGender = 'Male' | 'Female' | 'Other';

export type DeductionCycle = 'Monthly' | 'Half-Yearly' | 'Annual';
