import { z } from 'zod';
import { envelope } from './envelope';

/** Financial years the public calculator answers for; the domain has one rules table per year. */
export const TAX_CALCULATOR_YEARS = ['2024-25', '2025-26', '2026-27'] as const;
export const AGE_BANDS = ['below60', '60to80', 'above80'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** Largest amount accepted: ₹10,000 crore keeps every paise figure a safe integer with room for tax. */
const MAX_RUPEES = 100_000_000_000;

/**
 * An amount in rupees: whole rupees are the contract; paise (two decimals) are accepted and kept
 * exactly, anything finer is refused rather than silently rounded.
 */
const rupees = z
  .number({ error: 'must be a number of rupees' })
  .min(0, { error: 'must not be negative' })
  .max(MAX_RUPEES, { error: 'is too large' })
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
    error: 'must have at most two decimal places',
  });
const optionalRupees = rupees.optional().default(0);

export const taxCalculateRequestSchema = z.strictObject(
  {
    financialYear: z.enum(TAX_CALCULATOR_YEARS, { error: `must be one of ${TAX_CALCULATOR_YEARS.join(', ')}` }),
    regimeType: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 (Old) or 1 (New)' }),
    ageBand: z.enum(AGE_BANDS, { error: `must be one of ${AGE_BANDS.join(', ')}` }).optional().default('below60'),
    grossSalary: rupees,
    exemptions: optionalRupees,
    professionalTax: optionalRupees,
    deductions: z
      .strictObject(
        { '80C': optionalRupees, '80D': optionalRupees, '80CCD1B': optionalRupees, '80CCD2': optionalRupees, '24b': optionalRupees },
        { error: 'must be an object of deduction amounts' },
      )
      .optional()
      .default({ '80C': 0, '80D': 0, '80CCD1B': 0, '80CCD2': 0, '24b': 0 }),
    otherIncome: optionalRupees,
  },
  { error: 'must be a JSON object' },
);
export type TaxCalculateRequest = z.input<typeof taxCalculateRequestSchema>;
export type TaxCalculateCommand = z.output<typeof taxCalculateRequestSchema>;

export const taxExplanationLineSchema = z.object({
  code: z.string(),
  text: z.string(),
  /** Whole rupees, when the line carries an amount. */
  amount: z.number().optional(),
});
export type TaxExplanationLineDto = z.infer<typeof taxExplanationLineSchema>;

export const taxCalculationSchema = z.object({
  taxableIncome: z.number(),
  baseTax: z.number(),
  rebate87A: z.number(),
  surcharge: z.number(),
  cess: z.number(),
  totalTax: z.number(),
  lines: z.array(taxExplanationLineSchema),
});
export type TaxCalculation = z.infer<typeof taxCalculationSchema>;
export const taxCalculateReplySchema = envelope(taxCalculationSchema);
