import { z } from 'zod';
import { TAX_COMPARISON_PARTICULARS } from '@tankha/domain';
import { envelope } from './envelope';
import { TAX_WINDOW_MSG } from './tax-declarations.contract';

/**
 * Regime comparison and switch (payroll spec §2 "Tax calculator and regime comparison", §3 "Tax
 * comparison" and "Regime switch payload", §4 "Regime", §5 "Regime switch", §7 "Get tax comparison" and
 * "Switch regime", §8 "Regime and comparison"). Paths under the API prefix:
 *
 *   GET  /ITDeclaration/tax-comparison?userId=&financialYearStart=&financialYearEnd=  → taxComparisonReplySchema
 *   POST /ITDeclaration/switch-regime?userId=     regimeSwitchSchema → regimeSwitchReplySchema
 *
 * `userId` defaults to the signed-in user; another employee's needs Administrator or Moderator. Regime
 * codes are 0 = Old, 1 = New in every field, the comparison's and the switch's alike (DESIGN §5; the
 * spec's §3 disagreement and our reading are in docs/decisions/). Amounts are rupees.
 */

export const REGIME_MSG = {
  // Payroll spec §5 and §8 (word for word).
  notAllowed: 'Regime switching is not allowed at this time',
  selectRegime: 'Please select a tax regime',
  failed: 'Failed to switch tax regime',
  notAuthenticated: 'User not authenticated',
  noData: 'No data available',
  // Ours (the spec gives none):
  invalidResponse: 'Invalid comparison response format',
  switched: (label: string) => `Tax regime switched to the ${label}`,
  unchanged: (label: string) => `Your tax regime is already the ${label}`,
  /** Payroll spec §5: the old-regime option's note, ticked before choosing it. */
  oldRegimeNote: 'I confirm that my investment declarations are up to date, or that I have no investments to declare.',
  oldRegimeNoteRequired: 'Please confirm that your investment declarations are up to date before choosing the Old Regime',
  loaded: 'Success',
} as const;

export const REGIME_LABELS: Record<0 | 1, string> = { 0: 'Old Regime', 1: 'New Regime' };

/** The browser's stored choice (payroll spec §4: server regime, else this, else New; cleared after a switch). */
export const REGIME_CHOICE_STORAGE_KEY = 'tankha.taxCalculator.regime';

const yearField = (name: string) => z.coerce.number({ error: `${name} must be a year` }).int({ error: `${name} must be a year` }).min(2000, { error: `${name} must be a year` }).max(2100, { error: `${name} must be a year` });
const regimeCode = z.union([z.literal(0), z.literal(1)]);

export const taxComparisonQuerySchema = z
  .object({ userId: z.uuid({ error: 'userId must be a UUID' }).optional(), financialYearStart: yearField('financialYearStart').optional(), financialYearEnd: yearField('financialYearEnd').optional() })
  .refine((q) => (q.financialYearStart === undefined) === (q.financialYearEnd === undefined) && (q.financialYearStart === undefined || q.financialYearEnd === (q.financialYearStart ?? 0) + 1), {
    error: TAX_WINDOW_MSG.financialYearPair,
    path: ['financialYearEnd'],
  });
export type TaxComparisonQuery = z.infer<typeof taxComparisonQuerySchema>;

export const taxComparisonItemSchema = z.object({
  particulars: z.enum(TAX_COMPARISON_PARTICULARS),
  newRegimeValue: z.number(),
  oldRegimeValue: z.number(),
});
export type TaxComparisonItem = z.infer<typeof taxComparisonItemSchema>;

export const taxComparisonSchema = z.object({
  employeeId: z.uuid(),
  employeeName: z.string(),
  financialYearStart: z.number().int(),
  financialYearEnd: z.number().int(),
  /** The twelve rows of payroll spec §2, in order. */
  comparisonItems: z.array(taxComparisonItemSchema),
  /** The regime the payroll's TDS uses now: the year's choice, else the salary structure's. */
  currentTaxRegime: regimeCode,
  /** The regime with the lower total tax; New on a tie. */
  recommendedRegime: regimeCode,
  /** Difference of the two totals, never negative. */
  annualSavings: z.number(),
  /** The IT declaration window is open and allows the switch. */
  isAllowedRegimeSwitchIT: z.boolean(),
  /** The proof-of-investment window is open and allows the switch. */
  isAllowedRegimeSwitchPOI: z.boolean(),
  /** A declaration for the year exists (the figures include what it declares once submitted). */
  hasDeclaration: z.boolean(),
  /** The salary the tax is worked on (as the summary says it). */
  salaryBasis: z.string(),
  /** When the regime was last switched (ISO), null if never. */
  regimeChangedAt: z.string().nullable(),
});
export type TaxComparison = z.infer<typeof taxComparisonSchema>;
export const taxComparisonReplySchema = envelope(taxComparisonSchema);

export const regimeSwitchQuerySchema = z.object({ userId: z.uuid({ error: 'userId must be a UUID' }).optional() });
export type RegimeSwitchQuery = z.infer<typeof regimeSwitchQuerySchema>;

/** Payroll spec §3 "Regime switch payload". */
export const regimeSwitchSchema = z
  .object({
    newRegimeType: z.union([z.literal(0), z.literal(1)], { error: REGIME_MSG.selectRegime }),
    financialYearStart: yearField('financialYearStart'),
    financialYearEnd: yearField('financialYearEnd'),
  })
  .refine((b) => b.financialYearEnd === b.financialYearStart + 1, { error: TAX_WINDOW_MSG.financialYearPair, path: ['financialYearEnd'] });
export type RegimeSwitch = z.infer<typeof regimeSwitchSchema>;

export const regimeSwitchResultSchema = z.object({
  employeeId: z.uuid(),
  /** The year's declaration that carries the regime; null when nothing had to be stored (no declaration, regime unchanged). */
  declarationId: z.uuid().nullable(),
  taxRegime: regimeCode,
  financialYearStart: z.number().int(),
  financialYearEnd: z.number().int(),
  changed: z.boolean(),
});
export type RegimeSwitchResult = z.infer<typeof regimeSwitchResultSchema>;
export const regimeSwitchReplySchema = envelope(regimeSwitchResultSchema);
