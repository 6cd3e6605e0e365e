/**
 * GST state codes: the first two digits of a GSTIN and the codes of a place of supply, as the GST
 * Network publishes them (Rule 46 of the CGST Rules asks for the place of supply's state name and
 * code on a tax invoice). 25 (Daman and Diu) and 28 (Andhra Pradesh before 2014) are no longer issued:
 * Daman and Diu merged into 26 in 2020, Andhra Pradesh uses 37.
 */
export const GST_STATES = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
} as const;

export type GstStateCode = keyof typeof GST_STATES;

export const GST_STATE_CODES = Object.keys(GST_STATES) as GstStateCode[];

export function isGstStateCode(value: string): value is GstStateCode {
  return Object.prototype.hasOwnProperty.call(GST_STATES, value);
}

export function gstStateName(code: string): string | null {
  return isGstStateCode(code) ? GST_STATES[code] : null;
}
