/** Business dates are 'YYYY-MM-DD' strings in the tenant's zone; the caller passes "now" (no clock reads). */
export type IsoDate = string;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** 'dd MMM yyyy', the product's display format (platform spec §9). */
export function formatDisplayDate(date: IsoDate): string {
  const [y, m, d] = date.split('-');
  return `${d ?? ''} ${MONTHS[Number(m) - 1] ?? ''} ${y ?? ''}`;
}

/** The calendar date of an instant in a time zone, e.g. the tenant's "today". */
export function dateInZone(instant: Date, timeZone: string): IsoDate {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
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
