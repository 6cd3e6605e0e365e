import { addDaysToDate } from '../attendance/month';
import { dateInZone, type IsoDate } from '../dates/calendar';

/**
 * The income-tax declaration and proof-of-investment windows (payroll spec §4, §5, §9): which
 * financial year is open, which lock dates an administrator may choose, when a reminder is due and
 * how its placeholders are filled. Pure: the caller passes today (in the organisation's zone) or
 * the instant.
 */

/** 'declaration' is the IT declaration window, 'poi' the proof-of-investment window. */
export type TaxWindowKind = 'declaration' | 'poi';

/** Payroll spec §4: "from April onward it runs this year to next year, otherwise last year to this year". */
export function financialYearStartOf(today: IsoDate): number {
  const year = Number(today.slice(0, 4));
  return Number(today.slice(5, 7)) >= 4 ? year : year - 1;
}

/** The last day of `today`'s calendar month. */
export function lastDayOfMonth(today: IsoDate): IsoDate {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${today.slice(0, 7)}-${String(last).padStart(2, '0')}`;
}

/** The month after 'YYYY-MM-DD' on the same day, capped to that month's last day (31 Jan → 28/29 Feb). */
function oneMonthAhead(today: IsoDate): IsoDate {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const next = new Date(Date.UTC(year, month, 1));
  const nextMonth = `${String(next.getUTCFullYear())}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
  const cap = lastDayOfMonth(`${nextMonth}-01`);
  const wanted = `${nextMonth}-${today.slice(8, 10)}`;
  return wanted > cap ? cap : wanted;
}

/**
 * The lock dates a window may be given (payroll spec §5): the IT picker runs from today to one
 * month ahead capped to the month's end, the POI picker from tomorrow to the month's end. Both
 * therefore end on the last day of the current month. `min` is after `max` on the last day of a
 * month for POI: no lock date can then be chosen.
 */
export function lockDateRange(kind: TaxWindowKind, today: IsoDate): { min: IsoDate; max: IsoDate } {
  const monthEnd = lastDayOfMonth(today);
  if (kind === 'declaration') {
    const ahead = oneMonthAhead(today);
    return { min: today, max: ahead < monthEnd ? ahead : monthEnd };
  }
  return { min: addDaysToDate(today, 1), max: monthEnd };
}

/**
 * Why a lock date cannot be saved, or null. `required`: none chosen; `outsideMonth`: not in the
 * current calendar month (payroll spec §5 'Please select a date within the current month.');
 * `tooEarly`: in the month but before the picker's minimum (today for IT, tomorrow for POI).
 */
export function checkLockDate(kind: TaxWindowKind, lockDate: IsoDate | null | undefined, today: IsoDate): 'required' | 'outsideMonth' | 'tooEarly' | null {
  if (!lockDate) return 'required';
  const { min, max } = lockDateRange(kind, today);
  if (lockDate.slice(0, 7) !== today.slice(0, 7) || lockDate > max) return 'outsideMonth';
  if (lockDate < min) return 'tooEarly';
  return null;
}

/**
 * Whether a window can still be used: released and the lock date not yet past. The lock date is
 * the last day on which employees may submit (payroll spec §2 "can still change it up to the lock
 * date"), so the window is locked from the next day even before anybody presses Lock.
 */
export function isWindowOpen(window: { released: boolean; lockDate: IsoDate | null }, today: IsoDate): boolean {
  return window.released && window.lockDate !== null && today <= window.lockDate;
}

/** Reminders go out at 06:00 in the organisation's zone (payroll spec §1, "Reminders go out at 6:00 AM"). */
export const REMINDER_SEND_HOUR = 6;
/** Payroll spec §9: at most 4 reminders, 0 to 10 days before the lock date, defaults 5 and 1 days. */
export const MAX_TAX_REMINDERS = 4;
export const TAX_REMINDER_MAX_DAYS = 10;
export const DEFAULT_TAX_REMINDER_DAYS = [5, 1] as const;

const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** The hour (0–23) of an instant in a time zone (one formatter per zone, kept, as dateInZone). */
export function hourInZone(instant: Date, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  const hour = format.formatToParts(instant).find((p) => p.type === 'hour')?.value;
  return Number(hour ?? '0');
}

/** The day a reminder is sent: `daysBeforeLockDate` days before the lock date (0 = on the lock date). */
export function reminderDueDate(lockDate: IsoDate, daysBeforeLockDate: number): IsoDate {
  return addDaysToDate(lockDate, -daysBeforeLockDate);
}

export interface ReminderScheduleWindow<R> {
  released: boolean;
  lockDate: IsoDate | null;
  /** The window's 'Enable e-mail reminder' switch. */
  enableReminderEmails: boolean;
  reminders: readonly (R & { daysBeforeLockDate: number; isEnabled: boolean })[];
}

/**
 * The reminders of a window that are due at `now` in `timeZone`: from 06:00 on the day that is
 * `daysBeforeLockDate` before the lock date, while the window is released and open, with both the
 * window's switch and the reminder's own on. Before 06:00 nothing is due; on any other day nothing
 * is due (a missed day is not made up later: the message would name a lock date that is closer
 * than it says).
 */
export function dueReminders<R>(window: ReminderScheduleWindow<R>, now: Date, timeZone: string): { reminder: R & { daysBeforeLockDate: number; isEnabled: boolean }; dueDate: IsoDate }[] {
  if (!window.enableReminderEmails || window.lockDate === null) return [];
  if (hourInZone(now, timeZone) < REMINDER_SEND_HOUR) return [];
  const today = dateInZone(now, timeZone);
  if (!isWindowOpen(window, today)) return [];
  const lockDate = window.lockDate;
  return window.reminders.filter((r) => r.isEnabled && reminderDueDate(lockDate, r.daysBeforeLockDate) === today).map((reminder) => ({ reminder, dueDate: today }));
}

/** The placeholders a reminder's subject and body may carry (payroll spec §3 "Reminder"). */
export const TAX_REMINDER_PLACEHOLDERS = ['CompanyName', 'EmployeeName', 'FiscalYearStart', 'FiscalYearEnd', 'LockDate', 'PrimaryContactName', 'TaxYear'] as const;
export type TaxReminderPlaceholder = (typeof TAX_REMINDER_PLACEHOLDERS)[number];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** 'YYYY-MM-DD' → 'dd/MM/yyyy' (payroll spec §9: dates use dd/MM/yyyy). */
function ddmmyyyy(date: IsoDate): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/**
 * The values of one employee's reminder. FiscalYearStart and FiscalYearEnd are the years (2025,
 * 2026); TaxYear is the financial year '2025-26' (the Income-tax Act 2025's "tax year" is the
 * financial year); LockDate is dd/MM/yyyy.
 */
export function taxReminderValues(input: {
  companyName: string;
  employeeName: string;
  financialYearStart: number;
  lockDate: IsoDate;
  primaryContactName: string;
}): Record<TaxReminderPlaceholder, string> {
  const end = input.financialYearStart + 1;
  return {
    CompanyName: input.companyName,
    EmployeeName: input.employeeName,
    FiscalYearStart: String(input.financialYearStart),
    FiscalYearEnd: String(end),
    LockDate: ddmmyyyy(input.lockDate),
    PrimaryContactName: input.primaryContactName,
    TaxYear: `${String(input.financialYearStart)}-${String(end % 100).padStart(2, '0')}`,
  };
}

const PLACEHOLDER = /%([A-Za-z]+)%/g;

/**
 * Fills %Name% placeholders. In 'html' mode every value is HTML-escaped (a company called
 * "A & B <Pvt>" stays text); in 'text' mode (a subject line) values go in as they are. Unknown
 * %Words% are left untouched, so a body that mentions "100%" twice is not mangled.
 */
export function fillTaxReminderTemplate(template: string, values: Record<TaxReminderPlaceholder, string>, mode: 'html' | 'text'): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!(TAX_REMINDER_PLACEHOLDERS as readonly string[]).includes(name)) return whole;
    const value = values[name as TaxReminderPlaceholder];
    return mode === 'html' ? escapeHtml(value) : value;
  });
}
