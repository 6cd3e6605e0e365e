/**
 * Time logs of one attendance day. A time of day is 'HH:mm' / 'HH:mm:ss' or a number of minutes
 * from the day's midnight. A shift that crosses midnight belongs to the day it starts (DESIGN §5),
 * so an out-time may be 24:00:00 or later; an out-time given earlier than its own in-time is read
 * as the next day's (22:00 → 06:00 is eight hours).
 */
export type TimeOfDay = string | number;

export interface TimeLog {
  checkIn: TimeOfDay;
  /** Missing while the employee is still checked in. */
  checkOut?: TimeOfDay | null;
}

/** 1 first check-in to last check-out; 2 sum of every valid check-in/check-out pair (spec people §3). */
export type TotalHoursCalculationType = 1 | 2;

const SECONDS_PER_DAY = 86_400;

/** Seconds from the day's midnight. Hours 0–47 are accepted so a next-day out-time can be written. */
export function timeOfDayToSeconds(value: TimeOfDay): number {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0 || value >= 2 * 24 * 60) throw new RangeError(`minutes must be an integer from 0 to 2879, got ${String(value)}`);
    return value * 60;
  }
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) throw new RangeError(`time must be HH:mm or HH:mm:ss, got '${value}'`);
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? '0')];
  if (h > 47 || min > 59 || s > 59) throw new RangeError(`time out of range: '${value}'`);
  return h * 3600 + min * 60 + s;
}

/** 'HH:mm:ss'; hours run past 23 for a next-day time, mirroring the input convention. */
export function secondsToTimeOfDay(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** A duration 'HH:mm' / 'HH:mm:ss' (the settings' full and half day durations) in seconds. */
export function durationToSeconds(value: string): number {
  return timeOfDayToSeconds(value);
}

export interface MeasuredTimeLogs {
  /** Earliest check-in of any log, open or closed; null without logs. */
  firstInSeconds: number | null;
  /** Latest check-out of a closed log; null when no log is closed. */
  lastOutSeconds: number | null;
  /** Worked time under the calculation type, in seconds. */
  workedSeconds: number;
}

interface Pair {
  inS: number;
  outS: number;
}

function closedPairs(logs: readonly TimeLog[]): Pair[] {
  const pairs: Pair[] = [];
  for (const log of logs) {
    if (log.checkOut == null) continue;
    const inS = timeOfDayToSeconds(log.checkIn);
    let outS = timeOfDayToSeconds(log.checkOut);
    if (outS < inS) outS += SECONDS_PER_DAY;
    pairs.push({ inS, outS });
  }
  return pairs;
}

/** Union length of the pairs, so overlapping or duplicated logs are never counted twice. */
function unionSeconds(pairs: Pair[]): number {
  const sorted = [...pairs].sort((a, b) => a.inS - b.inS);
  let total = 0;
  let current: Pair | null = null;
  for (const p of sorted) {
    if (current && p.inS <= current.outS) {
      current.outS = Math.max(current.outS, p.outS);
    } else {
      if (current) total += current.outS - current.inS;
      current = { ...p };
    }
  }
  if (current) total += current.outS - current.inS;
  return total;
}

/**
 * First in, last out and worked time. Type 1: last out − first in (breaks included). Type 2: the
 * sum of the closed pairs, overlaps merged. A log without check-out adds nothing to worked time
 * under either type; under type 1 its check-in can still be the first in.
 */
export function measureTimeLogs(logs: readonly TimeLog[], calculationType: TotalHoursCalculationType): MeasuredTimeLogs {
  const pairs = closedPairs(logs);
  const ins = logs.map((log) => timeOfDayToSeconds(log.checkIn));
  const firstInSeconds = ins.length ? Math.min(...ins) : null;
  const lastOutSeconds = pairs.length ? Math.max(...pairs.map((p) => p.outS)) : null;
  let workedSeconds = 0;
  if (calculationType === 1) {
    if (firstInSeconds !== null && lastOutSeconds !== null) workedSeconds = Math.max(0, lastOutSeconds - firstInSeconds);
  } else {
    workedSeconds = unionSeconds(pairs);
  }
  return { firstInSeconds, lastOutSeconds, workedSeconds };
}

/** Worked minutes (whole minutes, seconds dropped) under either calculation type. */
export function computeTotalMinutes(logs: readonly TimeLog[], calculationType: TotalHoursCalculationType): number {
  return Math.floor(measureTimeLogs(logs, calculationType).workedSeconds / 60);
}
