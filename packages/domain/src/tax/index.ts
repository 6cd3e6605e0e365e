export type {
  TaxAgeBand,
  TaxDeductionCaps,
  TaxEmployerType,
  TaxFinancialYear,
  TaxRebate87ARule,
  TaxRegimeAllowances,
  TaxRegimeCode,
  TaxRegimeRules,
  TaxSlab,
  TaxSurchargeSlab,
  TaxYearRules,
} from './types';
export { TAX_FINANCIAL_YEARS, TaxInputError, isTaxFinancialYear, taxRulesFor } from './rules';
export { computeHraExemption, type TaxHraExemption, type TaxHraInput } from './hra';
export { computeLetOutProperty, type TaxLetOutPropertyInput, type TaxLetOutPropertyResult } from './house-property';
export {
  computeIncomeTax,
  computeSlabTax,
  roundTaxToTenRupees,
  type IncomeTaxInput,
  type IncomeTaxResult,
  type TaxDeductionsInput,
  type TaxExplanationLine,
  type TaxOtherIncomeInput,
  type TaxPreviousEmploymentInput,
  type TaxSection80DInput,
  type TaxSlabPart,
} from './income-tax';
export { TAX_COMPARISON_PARTICULARS, compareTaxRegimes, type TaxComparisonParticular, type TaxComparisonRow, type TaxRegimeComparison } from './compare';
export {
  computeMonthlyTds,
  projectAnnualSalary,
  remainingMonthsInFinancialYear,
  type TaxMonthlyTdsInput,
  type TaxSalaryProjection,
  type TaxSalaryProjectionInput,
} from './tds';
export {
  DEFAULT_TAX_REMINDER_DAYS,
  MAX_TAX_REMINDERS,
  REMINDER_SEND_HOUR,
  TAX_REMINDER_MAX_DAYS,
  TAX_REMINDER_PLACEHOLDERS,
  checkLockDate,
  dueReminders,
  escapeHtml,
  fillTaxReminderTemplate,
  financialYearStartOf,
  hourInZone,
  isWindowOpen,
  lastDayOfMonth,
  lockDateRange,
  reminderDueDate,
  taxReminderValues,
  type ReminderScheduleWindow,
  type TaxReminderPlaceholder,
  type TaxWindowKind,
} from './declaration-window';
