import { GRACE_PERIOD_MAX_MINUTES, type AttendanceSettings, type AttendanceSettingsInput } from '@tankha/contracts';

/** The form's values: durations as 'HH:mm' text, numbers as typed (people spec §3, §5). */
export type SettingsFormValues = Omit<AttendanceSettings, 'fullDayDuration' | 'halfDayDuration' | 'shiftStart' | 'shiftEnd'> & {
  fullDayDuration: string;
  halfDayDuration: string;
  shiftStart: string;
  shiftEnd: string;
};

/** 'HH:mm:ss' → 'HH:mm' for the inputs. */
export const toHourMinute = (value: string): string => value.slice(0, 5);

/** The stored settings as form values. */
export function settingsToForm(settings: AttendanceSettings): SettingsFormValues {
  return {
    ...settings,
    fullDayDuration: toHourMinute(settings.fullDayDuration),
    halfDayDuration: toHourMinute(settings.halfDayDuration),
    shiftStart: toHourMinute(settings.shiftStart),
    shiftEnd: toHourMinute(settings.shiftEnd),
  };
}

/**
 * People spec §5: a duration is HH:mm text — digits and a colon only, at most 5 characters, hours
 * capped at 23 and minutes at 59 as they are typed.
 */
export function sanitizeDuration(raw: string): string {
  const text = raw.replace(/[^0-9:]/g, '').slice(0, 5);
  const colon = text.indexOf(':');
  if (colon === -1) {
    // Two digits of hours typed without a colon: cap them; a third digit starts the minutes.
    if (text.length <= 2) return text.length === 2 && Number(text) > 23 ? '23' : text;
    const hours = Math.min(Number(text.slice(0, 2)), 23).toString().padStart(2, '0');
    return `${hours}:${capMinutes(text.slice(2, 4))}`;
  }
  const hoursText = text.slice(0, colon).slice(0, 2);
  const minutesText = text
    .slice(colon + 1)
    .replace(/:/g, '')
    .slice(0, 2);
  const hours = hoursText !== '' && Number(hoursText) > 23 ? '23' : hoursText;
  return `${hours}:${capMinutes(minutesText)}`;
}

function capMinutes(text: string): string {
  return text.length === 2 && Number(text) > 59 ? '59' : text;
}

/** A complete 'H:mm' or 'HH:mm' duration. */
export const isCompleteDuration = (value: string): boolean => /^\d{1,2}:\d{2}$/.test(value);

/** People spec §5: the grace period is an integer clamped to 0–120. */
export function clampGrace(value: number | string): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return 0;
  return Math.min(GRACE_PERIOD_MAX_MINUTES, Math.max(0, Math.trunc(n)));
}

/** People spec §5: max past days is a non-negative integer. */
export function clampMaxPastDays(value: number | string): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0;
}

/** People spec §4: turning self attendance update off resets max past days to 0. */
export function withSelfUpdate(values: SettingsFormValues, allow: boolean): SettingsFormValues {
  return { ...values, allowSelfAttendanceUpdate: allow, maxPastDaysForAttendanceUpdate: allow ? values.maxPastDaysForAttendanceUpdate : 0 };
}

/** Which inputs are live (people spec §4): manual durations only for manual input type; grace is what lenient mode forgives. */
export function enabledInputs(values: Pick<SettingsFormValues, 'minHoursInputType' | 'allowSelfAttendanceUpdate'>) {
  return {
    durations: values.minHoursInputType === 1,
    maxPastDays: values.allowSelfAttendanceUpdate,
  };
}

const pad = (value: string) => (/^\d{1,2}:\d{2}$/.test(value) ? `${value.padStart(5, '0')}:00` : value);

/** People spec §7: the full settings; ':00' appended when missing; max past days 0 when self update is off. */
export function formToPayload(values: SettingsFormValues): AttendanceSettingsInput {
  return {
    ...values,
    fullDayDuration: pad(values.fullDayDuration),
    halfDayDuration: pad(values.halfDayDuration),
    shiftStart: pad(values.shiftStart),
    shiftEnd: pad(values.shiftEnd),
    gracePeriodMinutes: clampGrace(values.gracePeriodMinutes),
    maxPastDaysForAttendanceUpdate: values.allowSelfAttendanceUpdate ? clampMaxPastDays(values.maxPastDaysForAttendanceUpdate) : 0,
  };
}

/** Client-side checks before saving; the server repeats them. */
export function validateSettingsForm(values: SettingsFormValues): Partial<Record<keyof SettingsFormValues, string>> {
  const errors: Partial<Record<keyof SettingsFormValues, string>> = {};
  if (!isCompleteDuration(values.fullDayDuration)) errors.fullDayDuration = 'Please enter the full day duration as HH:mm';
  if (!isCompleteDuration(values.halfDayDuration)) errors.halfDayDuration = 'Please enter the half day duration as HH:mm';
  if (!errors.fullDayDuration && !errors.halfDayDuration && pad(values.halfDayDuration) > pad(values.fullDayDuration)) {
    errors.halfDayDuration = 'Half day duration cannot be more than the full day duration';
  }
  if (!values.shiftStart) errors.shiftStart = 'Please select a shift start-time';
  if (!values.shiftEnd) errors.shiftEnd = 'Please select a shift end-time';
  return errors;
}
