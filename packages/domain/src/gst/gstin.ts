import { isGstStateCode, type GstStateCode } from './states';

/**
 * GSTIN (15 characters): state code (2 digits), the holder's PAN (10), the entity number for that PAN
 * in the state (1-9, then A-Z), 'Z' (default), and a check character. The check character is the
 * GSTN's base-36 Luhn variant (Luhn mod N, N = 36): each of the first 14 characters' values (0-9, A=10
 * … Z=35) is multiplied by 1 and 2 alternately from the left, each product is split into its base-36
 * digits (quotient and remainder by 36) which are summed, and the check value is (36 − sum mod 36) mod 36.
 */
const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function gstinCheckCharacter(first14: string): string {
  if (first14.length !== 14) throw new RangeError('a GSTIN check character needs 14 characters');
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = ALPHABET.indexOf(first14.charAt(i));
    if (value < 0) throw new RangeError('a GSTIN has only digits and capital letters');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET.charAt((36 - (sum % 36)) % 36);
}

export type GstinProblem = 'format' | 'state' | 'checksum';

/** Why a GSTIN (already upper-cased and trimmed) is wrong, or null when it is a valid one. */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (!GSTIN_PATTERN.test(gstin)) return 'format';
  if (!isGstStateCode(gstin.slice(0, 2))) return 'state';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) return 'checksum';
  return null;
}

export function isValidGstin(gstin: string): boolean {
  return gstinProblem(gstin) === null;
}

/** The state a valid GSTIN is registered in (its first two digits). */
export function stateOfGstin(gstin: string): GstStateCode | null {
  const code = gstin.slice(0, 2);
  return GSTIN_PATTERN.test(gstin) && isGstStateCode(code) ? code : null;
}

/** The PAN inside a GSTIN (characters 3 to 12). */
export function panOfGstin(gstin: string): string {
  return gstin.slice(2, 12);
}
