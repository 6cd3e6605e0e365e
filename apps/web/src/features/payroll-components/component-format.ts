import { SalaryCalculationType, type TenantEarning } from '@tankha/contracts';
import { rupeesText } from '../../ui/format';

/** Calculation type options of the earning form (payroll spec §3). */
export const CALCULATION_TYPE_OPTIONS = [
  { value: String(SalaryCalculationType.PercentOfCtc), label: 'Percentage of CTC' },
  { value: String(SalaryCalculationType.PercentOfBasic), label: 'Percentage of Basic' },
  { value: String(SalaryCalculationType.Flat), label: 'Flat amount (per year)' },
  { value: String(SalaryCalculationType.CustomFormula), label: 'Custom formula' },
  { value: String(SalaryCalculationType.PercentOfGross), label: 'Percentage of Gross' },
];

const PERCENT_OF: Record<number, string> = { 1: 'CTC', 2: 'Basic', 5: 'Gross' };

/** How an earning is calculated, as one line: '50% of CTC', '₹19,200 a year', 'Formula: BASIC * 0.1'. */
export function calculationText(e: Pick<TenantEarning, 'earningCategory' | 'calculationType' | 'calculationValue'>): string {
  if (e.earningCategory === 'fixedAllowance') return 'Remainder of CTC';
  if (e.calculationType === SalaryCalculationType.Flat) return `${rupeesText(Number(e.calculationValue), { paise: 'auto' })} a year`;
  if (e.calculationType === SalaryCalculationType.CustomFormula) return `Formula: ${String(e.calculationValue)}`;
  return `${String(e.calculationValue)}% of ${PERCENT_OF[e.calculationType] ?? 'CTC'}`;
}

/** Basic and the fixed allowance are in every structure: never deactivated or deleted. */
export function isSystemEarning(e: Pick<TenantEarning, 'earningCategory'>): boolean {
  return e.earningCategory === 'basic' || e.earningCategory === 'fixedAllowance';
}

export const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

export function employeesText(count: number): string {
  return `${String(count)} ${count === 1 ? 'employee' : 'employees'}`;
}
