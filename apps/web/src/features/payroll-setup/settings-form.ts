import { PAY_DAY_LAST_WORKING_DAY, PAY_DAY_TYPES, PAY_PERIOD_TYPES, type PayrollSettings, type PayrollSettingsInput } from '@tankha/contracts';

/**
 * The payroll settings form's rules (people spec §2.9, §4, §5): pay period Days in month / Fixed
 * range with start and end days 1–30 (shown only for a fixed range), pay day type Last working day /
 * Day of month with a pay day 1–30, and the last payroll month and year, editable until first saved.
 */
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** Pay start, end and pay day options: 1 to 30 (people §5). */
export const DAY_OPTIONS: string[] = Array.from({ length: 30 }, (_, i) => String(i + 1));

export const PAY_PERIOD_OPTIONS = [
  { value: String(PAY_PERIOD_TYPES.DaysInMonth), label: 'Days in month' },
  { value: String(PAY_PERIOD_TYPES.FixedRange), label: 'Fixed range' },
];
export const PAY_DAY_TYPE_OPTIONS = [
  { value: String(PAY_DAY_TYPES.LastWorkingDay), label: 'Last working day' },
  { value: String(PAY_DAY_TYPES.DayOfMonth), label: 'Day of month' },
];

/** Form values: selects hold text. */
export interface SettingsValues {
  payPeriodType: string;
  payStartDay: string;
  payEndDay: string;
  payDayType: string;
  payDay: string;
  lastPayrollRunMonth: string;
  lastPayrollYear: string;
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
  const dayOfMonth = settings?.payDayType === PAY_DAY_TYPES.DayOfMonth && settings.payDay > 0;
  return {
    payPeriodType: String(settings?.payPeriodType ?? PAY_PERIOD_TYPES.DaysInMonth),
    payStartDay: fixed && settings.payStartDay !== null ? String(settings.payStartDay) : '1',
    payEndDay: fixed && settings.payEndDay !== null ? String(settings.payEndDay) : '1',
    payDayType: String(settings?.payDayType ?? PAY_DAY_TYPES.LastWorkingDay),
    payDay: dayOfMonth ? String(settings.payDay) : '1',
    lastPayrollRunMonth: String(settings?.lastPayrollRunMonth ?? fallback.month),
    lastPayrollYear: String(settings?.lastPayrollYear ?? fallback.year),
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
  const dayOfMonth = values.payDayType === String(PAY_DAY_TYPES.DayOfMonth);
  const editable = isLastPayrollEditable(settings);
  return {
    payPeriodType: fixed ? PAY_PERIOD_TYPES.FixedRange : PAY_PERIOD_TYPES.DaysInMonth,
    payStartDay: fixed ? Number(values.payStartDay) : null,
    payEndDay: fixed ? Number(values.payEndDay) : null,
    payDayType: dayOfMonth ? PAY_DAY_TYPES.DayOfMonth : PAY_DAY_TYPES.LastWorkingDay,
    payDay: dayOfMonth ? Number(values.payDay) : PAY_DAY_LAST_WORKING_DAY,
    lastPayrollRunMonth: editable ? Number(values.lastPayrollRunMonth) : (settings?.lastPayrollRunMonth ?? null),
    lastPayrollYear: editable ? Number(values.lastPayrollYear) : (settings?.lastPayrollYear ?? null),
  };
}

export function monthYearText(month: string | number, year: string | number): string {
  return `${MONTH_NAMES[Number(month) - 1] ?? ''} ${String(year)}`;
}
