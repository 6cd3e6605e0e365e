import { IDENTIFIER_RULES } from './identifiers';

/**
 * An employee's bank and statutory numbers, as banks, EPFO and ESIC accept them.
 * The formats are checked here, by the employee form, the API and the people import alike; whether
 * an IFSC names a real branch needs the bank-branch directory, which only the server holds (the
 * caller passes `isKnownIfsc`).
 *
 *  - IFSC (RBI): four letters for the bank, a zero, six letters or digits for the branch.
 *  - Bank account number: 9 to 18 digits (the lengths Indian banks issue; NPCI's NEFT/IMPS fields
 *    carry digits only for savings accounts).
 *  - UAN (EPFO): 12 digits.
 *  - ESI insurance (IP) number (ESIC): 10 digits.
 *  - PAN (Income Tax Department): five letters, four digits, one letter.
 *
 * People type spaces (and hyphens in account numbers) inside these numbers; they are dropped, and
 * letters upper-cased, before the check and before the value is stored.
 */

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const BANK_ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
export const UAN_PATTERN = /^\d{12}$/;
export const ESI_IP_NUMBER_PATTERN = /^\d{10}$/;

/** An account number as the bank reads it: spaces and hyphens people type are dropped, letters upper-cased. */
export function normaliseAccountNumber(value: string | null | undefined): string {
  return (value ?? '').replace(/[\s-]+/g, '').toUpperCase();
}

export function normaliseIfsc(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, '').toUpperCase();
}

/** A UAN, an ESI IP number or a PAN as typed: spaces dropped, letters upper-cased. */
export function normaliseStatutoryNumber(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, '').toUpperCase();
}

export function isValidIfsc(value: string | null | undefined): boolean {
  return IFSC_PATTERN.test(normaliseIfsc(value));
}

export function isValidBankAccountNumber(value: string | null | undefined): boolean {
  return BANK_ACCOUNT_NUMBER_PATTERN.test(normaliseAccountNumber(value));
}

export function isValidUan(value: string | null | undefined): boolean {
  return UAN_PATTERN.test(normaliseStatutoryNumber(value));
}

export function isValidEsiIpNumber(value: string | null | undefined): boolean {
  return ESI_IP_NUMBER_PATTERN.test(normaliseStatutoryNumber(value));
}

export function isValidPan(value: string | null | undefined): boolean {
  return IDENTIFIER_RULES.pan.pattern.test(normaliseStatutoryNumber(value));
}

/** What is wrong with the bank details a salary is paid to, in the order a person fixes them. */
export type BankDetailsProblem = 'noBankAccount' | 'invalidBankAccount' | 'noIfsc' | 'invalidIfsc' | 'unknownIfsc';

/**
 * The first problem of an account number and IFSC, or null when a bank would accept them.
 * `isKnownIfsc` says whether a well-formed IFSC names a branch (the server's directory); without
 * it only the format is checked.
 */
export function bankDetailsProblem(details: { accountNumber: string | null | undefined; ifsc: string | null | undefined }, isKnownIfsc?: (ifsc: string) => boolean): BankDetailsProblem | null {
  if (normaliseAccountNumber(details.accountNumber) === '') return 'noBankAccount';
  if (!isValidBankAccountNumber(details.accountNumber)) return 'invalidBankAccount';
  const ifsc = normaliseIfsc(details.ifsc);
  if (ifsc === '') return 'noIfsc';
  if (!IFSC_PATTERN.test(ifsc)) return 'invalidIfsc';
  if (isKnownIfsc && !isKnownIfsc(ifsc)) return 'unknownIfsc';
  return null;
}

/** What is wrong with the statutory numbers on record (a missing UAN or ESI number is judged by the payslip, not here). */
export type StatutoryNumberProblem = 'noPan' | 'invalidPan' | 'invalidUan' | 'invalidEsiNumber';

export function statutoryNumberProblems(details: { pan: string | null | undefined; uan: string | null | undefined; esiNumber: string | null | undefined }): StatutoryNumberProblem[] {
  const problems: StatutoryNumberProblem[] = [];
  if (normaliseStatutoryNumber(details.pan) === '') problems.push('noPan');
  else if (!isValidPan(details.pan)) problems.push('invalidPan');
  if (normaliseStatutoryNumber(details.uan) !== '' && !isValidUan(details.uan)) problems.push('invalidUan');
  if (normaliseStatutoryNumber(details.esiNumber) !== '' && !isValidEsiIpNumber(details.esiNumber)) problems.push('invalidEsiNumber');
  return problems;
}
