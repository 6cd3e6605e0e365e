/**
 * Length limits of free text on the wire (docs/decisions/0049-malformed-input-is-a-400-never-a-500.md). Every text field that
 * is stored gets one: indexed columns (names, e-mail, codes) must fit a btree entry (about 2.7 KB),
 * and no field should carry megabytes. Messages follow the contracts' style: the error handler
 * prefixes the field ("firstName: must be at most 100 characters").
 */
export const TEXT_MAX = {
  /** First, middle, last and spouse names. */
  personName: 100,
  /** RFC 5321's path limit. */
  email: 254,
  phone: 20,
  /** PAN, IFSC, PF, ESI, UAN, account numbers and other identifiers. */
  identifier: 50,
  /** Designation, work location, bank, account holder, blood group. */
  shortText: 100,
  address: 500,
  /** A custom user field's value. */
  fieldValue: 500,
} as const;

export const tooLong = (max: number): string => `must be at most ${max.toString()} characters`;
