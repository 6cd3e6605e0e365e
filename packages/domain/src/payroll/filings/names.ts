/**
 * Member names as the portals accept them.
 *
 * EPFO ECR (payroll-rules §4; EPFO's ECR file format: "Member Name, Character (85) … No special
 * characters other than '.' are allowed"): letters, spaces and dots, written here in capitals.
 * ESIC monthly contribution template: "IP Name (Only alphabets and space)".
 *
 * Cleaning keeps what a person would: accents are dropped (José → JOSE), an apostrophe joins
 * (D'Souza → DSOUZA), hyphens, commas and other punctuation become a space (Mary-Ann → MARY ANN),
 * runs of spaces collapse. What cannot be cleaned — digits, letters of another script — is a
 * problem to fix in the employee's record, never silently dropped.
 */

export interface CleanedName {
  /** The name as the file carries it ('' when nothing is left). */
  name: string;
  /** Why the name would be rejected, or null. */
  problem: string | null;
  /** Whether cleaning changed more than letter case and spacing. */
  changed: boolean;
}

const APOSTROPHES = /['’‘`´]/g;

function stripAccents(raw: string): string {
  return raw.normalize('NFKD').replace(/\p{M}+/gu, '');
}

function clean(raw: string, keepDots: boolean, maxLength: number): CleanedName {
  const squashed = (s: string) => s.replace(/\s+/g, ' ').trim();
  const base = squashed(stripAccents(raw).replace(APOSTROPHES, ''));
  // Punctuation (not letters, digits, spaces or, for EPFO, dots) becomes a space.
  const punctuation = keepDots ? /[^\p{L}\p{N}\s.]/gu : /[^\p{L}\p{N}\s]/gu;
  const spaced = squashed(base.replace(punctuation, ' ')).toUpperCase();
  const bad = [...new Set(spaced.replace(keepDots ? /[A-Z .]/g : /[A-Z ]/g, '').split(''))];
  const originalCaseFolded = squashed(raw).toUpperCase();
  const changed = spaced !== originalCaseFolded;
  if (spaced === '' || /^[ .]*$/.test(spaced)) return { name: '', problem: 'Name is missing', changed };
  if (bad.length > 0) {
    const digits = bad.some((c) => /\p{N}/u.test(c));
    const what = digits ? 'digits' : 'letters outside A–Z';
    return { name: spaced, problem: `Name has ${what} (${bad.join(' ')}): write it in English letters${keepDots ? ', spaces and dots' : ' and spaces'} only`, changed };
  }
  if (spaced.length > maxLength) return { name: spaced, problem: `Name is longer than ${String(maxLength)} characters`, changed };
  return { name: spaced, problem: null, changed };
}

/** EPFO ECR member name: A–Z, space and '.', at most 85 characters, in capitals. */
export function cleanEcrName(raw: string): CleanedName {
  return clean(raw, true, 85);
}

/** ESIC IP name: A–Z and space only, in capitals (a dot becomes a space). */
export function cleanEsicName(raw: string): CleanedName {
  return clean(raw, false, Number.POSITIVE_INFINITY);
}
