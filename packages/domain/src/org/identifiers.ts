/**
 * Indian business identifiers, checked after upper-casing (platform spec §5, "Organization setup").
 * Each rule carries the sample shown in the 'Format: …' message.
 */
export interface IdentifierRule {
  readonly pattern: RegExp;
  readonly sample: string;
}

export const IDENTIFIER_RULES = {
  /** Permanent Account Number: five letters, four digits, one letter. */
  pan: { pattern: /^[A-Z]{5}[0-9]{4}[A-Z]$/, sample: 'ABCDE1234F' },
  /** Tax deduction Account Number: four letters, five digits, one letter. */
  tan: { pattern: /^[A-Z]{4}[0-9]{5}[A-Z]$/, sample: 'ABCD12345E' },
  /** GSTIN: state code, PAN, entity number (1-9 or A-Z), Z, check character. */
  gst: { pattern: /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, sample: '22ABCDE1234F1Z5' },
  /** Corporate Identification Number: L or U, 5 digits, 2 letters, 4 digits, 3 letters, 6 digits. */
  cin: { pattern: /^[LU][0-9]{5}[A-Z]{2}[0-9]{4}[A-Z]{3}[0-9]{6}$/, sample: 'U12345KA2020PTC123456' },
  /** Limited Liability Partnership Identification Number: three letters, hyphen, four digits. */
  llpin: { pattern: /^[A-Z]{3}-[0-9]{4}$/, sample: 'AAA-1234' },
} as const satisfies Record<string, IdentifierRule>;

export type IdentifierKind = keyof typeof IDENTIFIER_RULES;

export function normaliseIdentifier(value: string): string {
  return value.trim().toUpperCase();
}

export function isValidIdentifier(kind: IdentifierKind, value: string): boolean {
  return IDENTIFIER_RULES[kind].pattern.test(normaliseIdentifier(value));
}

/** The message the spec shows for a value that does not match: 'Format: ' followed by a sample. */
export function identifierFormatMessage(kind: IdentifierKind): string {
  return `Format: ${IDENTIFIER_RULES[kind].sample}`;
}
