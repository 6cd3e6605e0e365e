import { z } from 'zod';
import { financialYearOf, INDIAN_STATE_NAMES, type IndianStateCode } from '@tankha/domain';
import { monthSchema } from './dates';
import { envelope } from './envelope';
import { MAX_SALARY_RUPEES, rupeesSchema } from './money';

/**
 * The public payslip calculator: `POST /payroll/calculate`, no login, stateless.
 * One month of one employee through the same `computeEmployeeMonth` the payroll run uses. Amounts
 * are rupees (two decimals at most) in the request and whole rupees in the reply.
 */

/**
 * Every state and union territory (ISO 3166-2:IN); one that levies no professional tax or LWF
 * computes nil for them. Any other code is refused, not silently levied nothing.
 */
export const PAYROLL_CALCULATOR_STATES = Object.keys(INDIAN_STATE_NAMES) as [IndianStateCode, ...IndianStateCode[]];
export const PAYROLL_CALCULATOR_GENDERS = ['male', 'female', 'other'] as const;
/** Financial years the calculator's TDS answers for. */
export const PAYROLL_CALCULATOR_YEARS = ['2025-26', '2026-27'] as const;
/**
 * The first month every state's professional-tax and LWF table covers (Tamil Nadu's 2024-25 table
 * starts 1 April 2024); earlier months have no statutory rows to compute with.
 */
export const PAYROLL_CALCULATOR_FIRST_MONTH = '2024-04';

const rupees = (label: string) => rupeesSchema({ label, max: MAX_SALARY_RUPEES });

/** An object's error: a misspelt field is named (it would otherwise be silently ignored), anything else shows the shape. */
function objectError(shape: string) {
  return (issue: { code?: string; keys?: string[] }): string =>
    issue.code === 'unrecognized_keys' && issue.keys ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}` : `must be ${shape}`;
}

export const payrollCalculatorEarningSchema = z.strictObject(
  {
    name: z.string({ error: 'Earning name is required' }).trim().min(1, 'Earning name is required').max(100, 'Earning name must be at most 100 characters'),
    monthlyAmount: rupees('Monthly amount'),
    proRata: z.boolean({ error: 'must be true or false' }).optional().default(true),
    pfWage: z.boolean({ error: 'must be true or false' }).optional().default(false),
    esiWage: z.boolean({ error: 'must be true or false' }).optional().default(true),
    taxable: z.boolean({ error: 'must be true or false' }).optional().default(true),
  },
  { error: objectError('an object { name, monthlyAmount, proRata?, pfWage?, esiWage?, taxable? }') },
);

export const payrollCalculatorRequestSchema = z
  .strictObject(
    {
      month: monthSchema("must be a month 'YYYY-MM'").refine((m) => m >= PAYROLL_CALCULATOR_FIRST_MONTH, `must be ${PAYROLL_CALCULATOR_FIRST_MONTH} or later`),
      state: z.enum(PAYROLL_CALCULATOR_STATES, { error: `must be one of ${PAYROLL_CALCULATOR_STATES.join(', ')}` }),
      gender: z.enum(PAYROLL_CALCULATOR_GENDERS, { error: `must be one of ${PAYROLL_CALCULATOR_GENDERS.join(', ')}` }).optional().default('male'),
      age: z.number({ error: 'must be a number' }).int('must be a whole number of years').min(14, 'must be from 14 to 100').max(100, 'must be from 14 to 100').optional().default(30),
      daysInPeriod: z.number({ error: 'must be a number' }).int('must be a whole number of days').min(1, 'must be from 1 to 31').max(31, 'must be from 1 to 31'),
      payableDays: z
        .number({ error: 'must be a number' })
        .min(0, 'must not be negative')
        .refine((d) => Number.isInteger(d * 2), 'must be a whole or half day (a multiple of 0.5)'),
      earnings: z.array(payrollCalculatorEarningSchema, { error: 'must be a list of earnings' }).min(1, 'must have at least one earning').max(50, 'must have at most 50 earnings'),
      epf: z
        .strictObject(
          {
            enabled: z.boolean({ error: 'must be true or false' }).optional().default(true),
            restrictToCeiling: z.boolean({ error: 'must be true or false' }).optional().default(true),
          },
          { error: objectError('an object { enabled?, restrictToCeiling? }') },
        )
        .optional()
        .default({ enabled: true, restrictToCeiling: true }),
      esi: z
        .strictObject({ enabled: z.boolean({ error: 'must be true or false' }).optional().default(true) }, { error: objectError('an object { enabled? }') })
        .optional()
        .default({ enabled: true }),
      tds: z
        .strictObject(
          {
            enabled: z.boolean({ error: 'must be true or false' }).optional().default(false),
            regime: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 (Old) or 1 (New)' }).optional(),
            financialYear: z.enum(PAYROLL_CALCULATOR_YEARS, { error: `must be one of ${PAYROLL_CALCULATOR_YEARS.join(', ')}` }).optional(),
            grossSoFar: rupees('Gross so far').optional(),
            tdsSoFar: rupees('TDS so far').optional(),
            remainingMonths: z
              .number({ error: 'must be a number' })
              .int('must be a whole number of months')
              .min(1, 'must be from 1 to 12 (this month included)')
              .max(12, 'must be from 1 to 12 (this month included)')
              .optional(),
            deductionsForYear: rupees('Deductions for the year').optional().default(0),
          },
          { error: objectError('an object { enabled?, regime, financialYear, grossSoFar, tdsSoFar, remainingMonths, deductionsForYear? }') },
        )
        .optional()
        .default({ enabled: false, deductionsForYear: 0 }),
    },
    { error: objectError('a JSON object') },
  )
  .superRefine((v, ctx) => {
    if (v.payableDays > v.daysInPeriod) ctx.addIssue({ code: 'custom', path: ['payableDays'], message: `must be at most daysInPeriod (${String(v.daysInPeriod)})` });
    if (!v.tds.enabled) return;
    const required = { regime: v.tds.regime, financialYear: v.tds.financialYear, grossSoFar: v.tds.grossSoFar, tdsSoFar: v.tds.tdsSoFar, remainingMonths: v.tds.remainingMonths };
    for (const [field, value] of Object.entries(required)) {
      if (value === undefined) ctx.addIssue({ code: 'custom', path: ['tds', field], message: 'is required when TDS is enabled' });
    }
    const year = financialYearOf(`${v.month}-01`);
    if (v.tds.financialYear !== undefined && v.tds.financialYear !== year) {
      ctx.addIssue({ code: 'custom', path: ['tds', 'financialYear'], message: `must be the financial year of month ${v.month} (${year})` });
    }
  });
export type PayrollCalculatorRequest = z.input<typeof payrollCalculatorRequestSchema>;
export type PayrollCalculatorCommand = z.output<typeof payrollCalculatorRequestSchema>;

export const payrollCalculatorLineSchema = z.object({
  /** BASIC, EPF_EE, ESI_ER, PT, TDS, …; an earning's code is its name in capitals with underscores. */
  code: z.string(),
  /** How the line was computed, e.g. "Basic ₹30,000 × 28 of 30 payable days = ₹28,000". */
  text: z.string(),
  /** Rupees. */
  amount: z.number(),
});
export type PayrollCalculatorLine = z.infer<typeof payrollCalculatorLineSchema>;

export const payrollCalculationSchema = z.object({
  grossEarnings: z.number(),
  epfEmployee: z.number(),
  epsEmployer: z.number(),
  epfEmployer: z.number(),
  esiEmployee: z.number(),
  esiEmployer: z.number(),
  professionalTax: z.number(),
  lwfEmployee: z.number(),
  lwfEmployer: z.number(),
  tds: z.number(),
  totalDeductions: z.number(),
  netPay: z.number(),
  employerCost: z.number(),
  lines: z.array(payrollCalculatorLineSchema),
});
export type PayrollCalculation = z.infer<typeof payrollCalculationSchema>;
export const payrollCalculatorReplySchema = envelope(payrollCalculationSchema);
