/** Payroll spec §2 "Employee screens": the declaration's routes. */
export const DECLARATION_PATHS = {
  landing: '/payroll/taxes/employeeITDeclaration',
  summary: '/payroll/taxes/employeeITDeclaration/overallSummary',
  form: '/payroll/taxes/employeeDeclaration',
  /** Built by the regime-comparison work. */
  taxCalculator: '/payroll/taxes/taxCalculator',
} as const;
