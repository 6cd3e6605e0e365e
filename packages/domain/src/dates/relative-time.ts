import { dateInZone, formatDisplayDate } from './calendar';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function parseInstant(name: string, iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`${name} is not an ISO instant: '${iso}'`);
  return ms;
}

/**
 * The comment time label (payroll §9): under 1 hour 'Just now', under 24 hours 'Nh ago', under
 * 7 days 'Nd ago' (whole hours and days, rounded down), otherwise the date 'dd MMM yyyy' in the
 * tenant's zone. Platform §9's 'Just now' under 30 seconds is contained in the first rule. An
 * instant after `now` (clock skew) is 'Just now'.
 */
export function relativeTimeLabel(instantIso: string, nowIso: string, timeZone = 'Asia/Kolkata'): string {
  const instant = parseInstant('instant', instantIso);
  const elapsed = parseInstant('now', nowIso) - instant;
  if (elapsed < HOUR_MS) return 'Just now';
  if (elapsed < DAY_MS) return `${String(Math.floor(elapsed / HOUR_MS))}h ago`;
  if (elapsed < 7 * DAY_MS) return `${String(Math.floor(elapsed / DAY_MS))}d ago`;
  return formatDisplayDate(dateInZone(new Date(instant), timeZone));
}
