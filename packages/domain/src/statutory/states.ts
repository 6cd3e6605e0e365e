/**
 * States and union territories the statutory tables know, by their ISO 3166-2:IN subdivision code
 * (without the 'IN-' prefix; Telangana is 'TG', Chhattisgarh 'CT').
 */
export const INDIAN_STATE_NAMES = {
  AP: 'Andhra Pradesh',
  CT: 'Chhattisgarh',
  DL: 'Delhi',
  GJ: 'Gujarat',
  KA: 'Karnataka',
  KL: 'Kerala',
  MH: 'Maharashtra',
  TG: 'Telangana',
  TN: 'Tamil Nadu',
  WB: 'West Bengal',
} as const;

export type IndianStateCode = keyof typeof INDIAN_STATE_NAMES;

export function isIndianStateCode(value: string): value is IndianStateCode {
  return Object.prototype.hasOwnProperty.call(INDIAN_STATE_NAMES, value);
}

/** Gender as the professional-tax slabs need it (Maharashtra has a women's table). */
export type StatutoryGender = 'Male' | 'Female' | 'Other';

export type DeductionCycle = 'Monthly' | 'Half-Yearly' | 'Annual';
