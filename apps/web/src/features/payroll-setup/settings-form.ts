import { NEXT_MONTH_PAY_DAY_MAX, PAY_DAY_LAST_WORKING_DAY, PAY_DAY_TYPES, PAY_DAY_TYPE_LABELS, PAY_PERIOD_TYPES, type PayrollSettings, type PayrollSettingsInput } from '@tankha/contracts';

/**
 * The payroll settings form's rules (people spec §2.9, §4, §5): pay period Days in month / Fixed
 * range with start and end days 1–30 (shown only for a fixed range), pay day type Last working day /
 * Day of month with a pay day 1–30 / Day of next month with a pay day 1–7 (wages are due by
 * the 7th of the next month), and the last payroll month and year, editable until first saved.
 */
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** Pay start, end and pay day options: 1 to 30 (people §5). */
export const DAY_OPTIONS: string[] = Array.from({ length: 30 }, (_, i) => String(i + 1));

export const PAY_PERIOD_OPTIONS = [
  { value: String(PAY_PERIOD_TYPES.DaysInMonth), label: 'Days in month' },
  { value: String(PAY_PERIOD_TYPES.FixedRange), label: 'Fixed range' },
];
export const PAY_DAY_TYPE_OPTIONS = [PAY_DAY_TYPES.LastWorkingDay, PAY_DAY_TYPES.DayOfMonth, PAY_DAY_TYPES.DayOfNextMonth].map((type) => ({ value: String(type), label: PAY_DAY_TYPE_LABELS[type] }));

/** Pay day options of the next month: the 1st to the 7th (Code on Wages 2019, s.17(1)(iv)). */
export const NEXT_MONTH_DAY_OPTIONS: string[] = DAY_OPTIONS.slice(0, NEXT_MONTH_PAY_DAY_MAX);

/** The pay day select is shown for a day of this month or of the next; its options follow the type. */
export function payDayOptions(payDayType: string): string[] | null {
  if (payDayType === String(PAY_DAY_TYPES.DayOfMonth)) return DAY_OPTIONS;
  if (payDayType === String(PAY_DAY_TYPES.DayOfNextMonth)) return NEXT_MONTH_DAY_OPTIONS;
  return null;
}

/** What the chosen pay day means for a month, in words (shown under the select). */
export function payDayHint(payDayType: string, payDay: string): string {
  if (payDayType === String(PAY_DAY_TYPES.DayOfMonth)) return `Each month is paid on day ${payDay} of that month (the month's last day when it is shorter).`;
  if (payDayType === String(PAY_DAY_TYPES.DayOfNextMonth)) return `Each month is paid on day ${payDay} of the next month: November's pay on ${payDay} December. Wages are due by the 7th of the next month.`;
  return 'Each month is paid on its last working day (before week-offs and holidays).';
}

/** Form values: selects hold text. */
export interface SettingsValues {
  payPeriodType: string;
  payStartDay: string;
  payEndDay: string;
  payDayType: string;
  payDay: string;
  lastPayrollRunMonth: string;
  lastPayrollYear: string;
  /** Payslip PDFs open only with the employee's password. */
  protectPayslipPdfs: boolean;
}

/** 'YYYY-MM-DD' → the previous month, December of the previous year in January (people §4). */
export function defaultLastPayroll(today: string): { month: number; year: number } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
}

/** The year options: the current year down to 2000 (people §5). */
export function yearOptions(today: string): string[] {
  const year = Number(today.slice(0, 4));
  return Array.from({ length: Math.max(1, year - 1999) }, (_, i) => String(year - i));
}

/** The last payroll month and year are set once (the confirm dialog) and read-only afterwards. */
export function lastPayrollIsSet(settings: PayrollSettings | null | undefined): boolean {
  return !!settings && settings.lastPayrollRunMonth !== null && settings.lastPayrollYear !== null;
}

export function isLastPayrollEditable(settings: PayrollSettings | null | undefined): boolean {
  return !lastPayrollIsSet(settings) && (settings?.isSettingEditable ?? true);
}

export function initialValues(settings: PayrollSettings | null, today: string): SettingsValues {
  const fallback = defaultLastPayroll(today);
  const fixed = settings?.payPeriodType === PAY_PERIOD_TYPES.FixedRange;
  const dayOfMonth = (settings?.payDayType === PAY_DAY_TYPES.DayOfMonth || settings?.payDayType === PAY_DAY_TYPES.DayOfNextMonth) && settings.payDay > 0;
  return {
    payPeriodType: String(settings?.payPeriodType ?? PAY_PERIOD_TYPES.DaysInMonth),
    payStartDay: fixed && settings.payStartDay !== null ? String(settings.payStartDay) : '1',
    payEndDay: fixed && settings.payEndDay !== null ? String(settings.payEndDay) : '1',
    payDayType: String(settings?.payDayType ?? PAY_DAY_TYPES.LastWorkingDay),
    payDay: dayOfMonth ? String(settings.payDay) : '1',
    lastPayrollRunMonth: String(settings?.lastPayrollRunMonth ?? fallback.month),
    lastPayrollYear: String(settings?.lastPayrollYear ?? fallback.year),
    protectPayslipPdfs: settings?.protectPayslipPdfs ?? false,
  };
}

/**
 * Switching to a fixed range prefills start and end days from the saved settings, else 1 (people §4).
 */
export function fixedRangeDays(settings: PayrollSettings | null): { payStartDay: string; payEndDay: string } {
  return { payStartDay: String(settings?.payStartDay ?? 1), payEndDay: String(settings?.payEndDay ?? 1) };
}

/** The PUT body; a set last payroll month and year are sent as they are stored (the server refuses a change). */
export function toInput(values: SettingsValues, settings: PayrollSettings | null): PayrollSettingsInput {
  const fixed = values.payPeriodType === String(PAY_PERIOD_TYPES.FixedRange);
  const payDayType =
    values.payDayType === String(PAY_DAY_TYPES.DayOfMonth) ? PAY_DAY_TYPES.DayOfMonth : values.payDayType === String(PAY_DAY_TYPES.DayOfNextMonth) ? PAY_DAY_TYPES.DayOfNextMonth : PAY_DAY_TYPES.LastWorkingDay;
  const editable = isLastPayrollEditable(settings);
  return {
    payPeriodType: fixed ? PAY_PERIOD_TYPES.FixedRange : PAY_PERIOD_TYPES.DaysInMonth,
    payStartDay: fixed ? Number(values.payStartDay) : null,
    payEndDay: fixed ? Number(values.payEndDay) : null,
    payDayType,
    payDay: payDayType === PAY_DAY_TYPES.LastWorkingDay ? PAY_DAY_LAST_WORKING_DAY : Number(values.payDay),
    lastPayrollRunMonth: editable ? Number(values.lastPayrollRunMonth) : (settings?.lastPayrollRunMonth ?? null),
    lastPayrollYear: editable ? Number(values.lastPayrollYear) : (settings?.lastPayrollYear ?? null),
    protectPayslipPdfs: values.protectPayslipPdfs,
  };
}

export function monthYearText(month: string | number, year: string | number): string {
  return `${MONTH_NAMES[Number(month) - 1] ?? ''} ${String(year)}`;
}
