import { Form16Type, type Form16TypeId } from '@tankha/contracts';

/**
 * File names of Form 16 PDFs (payroll spec §9) and what a bulk upload reads from a file's name
 * (the employee's PAN, and the part when the name says it). Pure.
 */

interface Owner {
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  financialYear: string;
}

/** A name part: letters, digits, '-' and '.', with spaces as '_' (a name must not make a path or a header). */
function part(text: string): string {
  return text
    .normalize('NFC')
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^\p{L}\p{M}\p{N}_.-]/gu, '');
}

function joined(prefix: string, owner: Owner): string {
  const parts = [prefix, part(owner.firstName), part(owner.lastName), owner.employeeNumber ? part(owner.employeeNumber) : '', owner.financialYear].filter((p) => p !== '');
  return `${parts.join('_')}.pdf`;
}

/** Payroll spec §9: Form16A_{first}_{last}_{code}_{year}.pdf (Form16B_… for Part B); no code, no code part. */
export function form16FileName(formType: number, owner: Owner): string {
  return joined(formType === Form16Type.PartB ? 'Form16B' : 'Form16A', owner);
}

/** Payroll spec §9: Form16_Merged_{first}_{last}_{code}_{year}.pdf. */
export function form16MergedFileName(owner: Owner): string {
  return joined('Form16_Merged', owner);
}

/** A PAN (five letters, four digits, a letter) not run into other letters, e.g. ABCDE1234F_2024-25.pdf. */
const PAN_IN_NAME = /(?<![A-Z])([A-Z]{5}[0-9]{4}[A-Z])(?![A-Z])/;

/**
 * What a bulk upload's file name says: the PAN it carries, and the part when the name says
 * "Part A"/"16A" or "Part B"/"16B" (separators and case ignored, the PAN itself left out so that
 * a PAN ending in …16A is not read as a part); otherwise `fallback`.
 */
export function readBulkFileName(fileName: string, fallback: Form16TypeId): { pan: string | null; formType: Form16TypeId } {
  const base = (fileName.split(/[\\/]/).pop() ?? '').replace(/\.pdf$/i, '').toUpperCase();
  const match = PAN_IN_NAME.exec(base);
  const pan = match?.[1] ?? null;
  const rest = (pan ? base.replace(pan, ' ') : base).replace(/[\s_.-]+/g, '');
  const says = (words: string[]) => words.some((w) => rest.includes(w));
  const formType = says(['PARTB', 'FORM16B', '16B']) ? Form16Type.PartB : says(['PARTA', 'FORM16A', '16A']) ? Form16Type.PartA : fallback;
  return { pan, formType };
}
