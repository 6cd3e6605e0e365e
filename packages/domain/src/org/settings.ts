/** Organisation working-time settings (platform spec §5 and §9). */
export const WORKING_HOURS_MIN = 6;
export const WORKING_HOURS_MAX = 14;
export const WORKING_HOURS_DEFAULT = 9;
export const MAX_WEEK_DAYS_OFF = 2;

export const WEEK_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
export const DEFAULT_WEEK_DAYS_OFF: readonly WeekDay[] = ['Sunday', 'Saturday'];

export function isValidWorkingHours(hours: number): boolean {
  return Number.isInteger(hours) && hours >= WORKING_HOURS_MIN && hours <= WORKING_HOURS_MAX;
}

/** The wire form is comma-joined text (platform spec §7.3). */
export function joinWeekDaysOff(days: readonly WeekDay[]): string {
  return days.join(',');
}

export function parseWeekDaysOff(text: string): WeekDay[] {
  return text
    .split(',')
    .map((d) => d.trim())
    .filter((d): d is WeekDay => (WEEK_DAYS as readonly string[]).includes(d));
}
