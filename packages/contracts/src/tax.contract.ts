import { z } from 'zod';
import { envelope } from './envelope';
import { rupeesSchema } from './money';

/** Financial years the public calculator answers for; the domain has one rules table per year. */
export const TAX_CALCULATOR_YEARS = ['2024-25', '2025-26', '2026-27'] as const;
export const AGE_BANDS = ['below60', '60to80', 'above80'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** Largest amount accepted: ₹10,000 crore keeps every paise figure a safe integer with room for tax. */
const MAX_RUPEES = 100_000_000_000;

const rupees = (label: string) => rupeesSchema({ label, max: MAX_RUPEES });
const optionalRupees = (label: string) => rupees(label).optional().default(0);

export const taxCalculateRequestSchema = z.strictObject(
  {
    financialYear: z.enum(TAX_CALCULATOR_YEARS, { error: `must be one of ${TAX_CALCULATOR_YEARS.join(', ')}` }),
    regimeType: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 (Old) or 1 (New)' }),
    ageBand: z.enum(AGE_BANDS, { error: `must be one of ${AGE_BANDS.join(', ')}` }).optional().default('below60'),
    grossSalary: rupees('Gross salary'),
    exemptions: optionalRupees('Exemptions'),
    professionalTax: optionalRupees('Professional tax'),
    deductions: z
      .strictObject(
        {
          '80C': optionalRupees('Section 80C'),
          '80D': optionalRupees('Section 80D'),
          '80CCD1B': optionalRupees('Section 80CCD(1B)'),
          '80CCD2': optionalRupees('Section 80CCD(2)'),
          '24b': optionalRupees('Home loan interest (section 24(b))'),
        },
        { error: 'must be an object of deduction amounts' },
      )
      .optional()
      .default({ '80C': 0, '80D': 0, '80CCD1B': 0, '80CCD2': 0, '24b': 0 }),
    otherIncome: optionalRupees('Other income'),
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
