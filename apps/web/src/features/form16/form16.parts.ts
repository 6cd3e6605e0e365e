import { FORM16_TYPES, type Form16Record } from '@tankha/contracts';

/** Whether an employee has both parts of the year: the merged download needs Part A and Part B. */
export function hasBothParts(forms: readonly Pick<Form16Record, 'formType'>[]): boolean {
  return FORM16_TYPES.every((t) => forms.some((f) => f.formType === t.id));
}
