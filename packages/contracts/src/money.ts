import { z } from 'zod';
import { formatRupees, isRupeesAmount } from '@tankha/domain';

/** Upper bound for salary figures (CTC, component amounts): ₹100 crore a year. */
export const MAX_SALARY_RUPEES = 1_000_000_000;

/**
 * Every amount of money a request carries: rupees as a number with at most two decimals,
 * checked by the domain's one conversion (`rupeesToPaise`, read through the number's decimal text,
 * so 1234.56 is accepted exactly and 1.005 is refused), within [min, max], with messages that name
 * the field the way a person reads it: 'Annual CTC must have at most two decimal places',
 * 'Annual CTC must be between ₹0 and ₹1,00,00,00,000'. The output stays rupees; the server turns it
 * into paise with `rupeesToPaise` and nothing else. `required` is the message for a missing value.
 */
/** The message of an amount out of its bounds, e.g. 'Annual CTC must be between ₹0 and ₹1,00,00,00,000'. */
export function rupeesRangeMessage(label: string, max: number, min = 0): string {
  return `${label} must be between ${formatRupees(Math.round(min * 100))} and ${formatRupees(Math.round(max * 100))}`;
}

export function rupeesSchema({ label, max, min = 0, required }: { label: string; max: number; min?: number; required?: string }) {
  const range = rupeesRangeMessage(label, max, min);
  return z
    .number({ error: (issue) => (issue.input === undefined && required ? required : `${label} must be a number`) })
    .min(min, { error: range })
    .max(max, { error: range })
    .refine(isRupeesAmount, { error: `${label} must have at most two decimal places` });
}
