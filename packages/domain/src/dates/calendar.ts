/** Business dates are 'YYYY-MM-DD' strings in the tenant's zone; the caller passes "now" (no clock reads). */
export type IsoDate = string;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export function isIsoDate(value: string): boolean {
  // By character codes, not a RegExp and a Date: the statutory rate tables check every asOf they are
  // given, many times a payslip (a payroll run of 10,000 spent a tenth of its calculation here).
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  const y = digitsAt(value, 0, 4);
  const mo = digitsAt(value, 5, 2);
  const d = digitsAt(value, 8, 2);
  // Years 0000–0099 are refused, as Date.UTC reads them as 1900–1999.
  if (y < 100 || mo < 1 || mo > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (mo === 2 ? (leap ? 29 : 28) : DAYS_IN_MONTH[mo - 1] ?? 0);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written by `length` ASCII digits from `start`, or -1 when one is not a digit. */
function digitsAt(value: string, start: number, length: number): number {
  let n = 0;
  for (let i = start; i < start + length; i += 1) {
    const c = value.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** 'dd MMM yyyy', the product's display format (platform spec §9). */
export function formatDisplayDate(date: IsoDate): string {
  const [y, m, d] = date.split('-');
  return `${d ?? ''} ${MONTHS[Number(m) - 1] ?? ''} ${y ?? ''}`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per zone, kept: building an Intl.DateTimeFormat loads the zone's rules and costs far more than
 * formatting with it (every page's first render asks for today's date, some of them many times).
 */
function dayFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * Zones whose offset from UTC has not changed since 1946, in minutes: their date is arithmetic, with no
 * Intl.DateTimeFormat. Building the first formatter for a zone loads the time-zone data, which on a phone
 * was the largest single piece of script in an employee page's first render (~40 ms unthrottled), only to
 * learn the organisation's "today". Source: IANA tz database, file `asia` (Zone Asia/Kolkata: "5:30 - IST"
 * from 1945 Oct 15, no rule since; Asia/Calcutta is its backward link) and `etcetera` (Etc/UTC).
 */
const FIXED_OFFSET_MINUTES: Readonly<Record<string, number>> = { 'Asia/Kolkata': 330, 'Asia/Calcutta': 330, UTC: 0, 'Etc/UTC': 0 };
/** 1946-01-01T00:00Z: from here on the zones above have had their offset without a break. */
const FIXED_OFFSET_FROM_MS = Date.UTC(1946, 0, 1);
const MS_PER_MINUTE = 60_000;

/** The calendar date of an instant in a time zone, e.g. the tenant's "today". */
export function dateInZone(instant: Date, timeZone: string): IsoDate {
  const offset = FIXED_OFFSET_MINUTES[timeZone];
  const ms = instant.getTime();
  if (offset !== undefined && ms >= FIXED_OFFSET_FROM_MS) {
    const local = new Date(ms + offset * MS_PER_MINUTE);
    return `${local.getUTCFullYear().toString()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}-${String(local.getUTCDate()).padStart(2, '0')}`;
  }
  const parts = dayFormatIn(timeZone).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Financial year label ('2025-26') of a date; the Indian FY runs April to March. */
export function financialYearOf(date: IsoDate): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const start = m >= 4 ? y : y - 1;
  return `${start.toString()}-${String((start + 1) % 100).padStart(2, '0')}`;
}
