import { DEFAULT_ATTENDANCE_SETTINGS, type AttendanceSettingsValues, type ShiftInfo } from '@tankha/contracts';
import {
  DEFAULT_WEEKENDS,
  addDaysToDate,
  computeAttendanceDay,
  isWeekendDay,
  resolveShiftId,
  shiftDefinitionOn,
  type ApprovedLeave,
  type DepartmentShiftRow,
  type AttendanceDay,
  type ShiftAssignmentRow,
  type ShiftHistoryRow,
  type TimeLog,
  type WeekendRule,
} from '@tankha/domain';
import type { TenantDb } from '../../platform/tenancy';
import * as repo from './attendance.repo';

/** The saved settings merged over the defaults, so a partly saved or missing row still computes. */
export function mergeSettings(saved: Record<string, unknown> | null): AttendanceSettingsValues {
  const merged: Record<string, unknown> = { ...DEFAULT_ATTENDANCE_SETTINGS };
  if (saved) {
    for (const [key, value] of Object.entries(saved)) {
      if (key in merged && value !== null && value !== undefined && typeof value === typeof merged[key]) merged[key] = value;
    }
  }
  return merged as AttendanceSettingsValues;
}

export interface ShiftDef {
  id: string | null;
  shiftName: string;
  shiftStart: string;
  shiftEnd: string;
  weekends: readonly WeekendRule[];
}

function weekendsOf(list: unknown): readonly WeekendRule[] {
  if (!Array.isArray(list) || list.length === 0) return DEFAULT_WEEKENDS;
  return list.filter((r): r is WeekendRule => typeof r === 'object' && r !== null && 'dayOfWeek' in r && 'weekNumber' in r);
}

/** Offset of a zone from UTC at an instant, in ms (Intl, no tz database of our own). */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? '0');
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant a tenant-zone date starts, in ms since the epoch. */
export function zoneMidnightMs(date: string, timeZone: string): number {
  const guess = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  const first = guess - zoneOffsetMs(guess, timeZone);
  return guess - zoneOffsetMs(first, timeZone);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 'HH:mm:ss' from seconds after the work date's midnight; clamped to the domain's 0–47:59:59. */
export function secondsLabel(seconds: number): string {
  const s = Math.min(Math.max(0, Math.floor(seconds)), 48 * 3600 - 1);
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Everything a range of days of some employees depends on, read with one query per table. */
export interface AttendanceInputs {
  timeZone: string;
  settings: AttendanceSettingsValues;
  shifts: Map<string, ShiftDef>;
  defaultShiftId: string | null;
  departmentShift: Map<string, DepartmentShiftRow[]>;
  /** Earlier times and weekends of edited shifts, by shift id. */
  history: Map<string, ShiftHistoryRow<ShiftDef>[]>;
  assignments: Map<string, ShiftAssignmentRow[]>;
  holidays: Map<string, string>;
  leave: Map<string, repo.LeaveRow[]>;
  midnights: Map<string, number>;
}

/** The fallback when an organisation has no shift at all: the settings' hours and default weekends. */
function settingsShift(settings: AttendanceSettingsValues): ShiftDef {
  return { id: null, shiftName: 'General', shiftStart: settings.shiftStart, shiftEnd: settings.shiftEnd, weekends: DEFAULT_WEEKENDS };
}

export async function loadInputs(tdb: TenantDb, userIds: readonly string[], from: string, to: string, withLogs: boolean): Promise<AttendanceInputs & { logs: repo.TimeLogRow[] }> {
  const [timeZone, saved, shiftRows, deptRows, historyRows, assignmentRows, holidayRows, leaveRows, logs] = [
    await repo.findTimeZone(tdb),
    await repo.findSettings(tdb),
    await repo.findShifts(tdb),
    await repo.findDepartmentShifts(tdb, to),
    await repo.findShiftHistory(tdb, from),
    await repo.findAssignments(tdb, userIds, from, to),
    await repo.findHolidays(tdb, from, to),
    await repo.findApprovedLeave(tdb, userIds, from, to),
    withLogs ? await repo.findTimeLogs(tdb, userIds, from, to) : [],
  ];
  const shifts = new Map<string, ShiftDef>();
  let defaultShiftId: string | null = null;
  for (const s of shiftRows) {
    shifts.set(s.id, { id: s.id, shiftName: s.shiftName, shiftStart: s.shiftStart, shiftEnd: s.shiftEnd, weekends: weekendsOf(s.weekends) });
    if (s.isDefault) defaultShiftId = s.id;
  }
  const history = new Map<string, ShiftHistoryRow<ShiftDef>[]>();
  for (const h of historyRows) {
    const shift = shifts.get(h.shiftId);
    if (!shift) continue;
    const definition: ShiftDef = { ...shift, shiftStart: h.shiftStart, shiftEnd: h.shiftEnd, weekends: weekendsOf(h.weekends) };
    history.set(h.shiftId, [...(history.get(h.shiftId) ?? []), { validUntil: h.validUntil, definition }]);
  }
  const departmentShift = new Map<string, DepartmentShiftRow[]>();
  for (const d of deptRows) departmentShift.set(d.departmentId, [...(departmentShift.get(d.departmentId) ?? []), { shiftId: d.shiftId, effectiveFrom: d.effectiveFrom }]);
  const assignments = new Map<string, ShiftAssignmentRow[]>();
  for (const a of assignmentRows) {
    const list = assignments.get(a.userId) ?? [];
    list.push({ shiftId: a.shiftId, startDate: a.startDate, endDate: a.endDate, createdAt: a.createdAt });
    assignments.set(a.userId, list);
  }
  const leave = new Map<string, repo.LeaveRow[]>();
  for (const l of leaveRows) {
    const list = leave.get(l.userId) ?? [];
    list.push(l);
    leave.set(l.userId, list);
  }
  return {
    timeZone,
    settings: mergeSettings(saved),
    shifts,
    defaultShiftId,
    departmentShift,
    history,
    assignments,
    holidays: new Map(holidayRows.map((h) => [h.holidayDate, h.name])),
    leave,
    midnights: new Map(),
    logs,
  };
}

export function midnightOf(inputs: AttendanceInputs, date: string): number {
  let ms = inputs.midnights.get(date);
  if (ms === undefined) {
    ms = zoneMidnightMs(date, inputs.timeZone);
    inputs.midnights.set(date, ms);
  }
  return ms;
}

export function shiftOf(inputs: AttendanceInputs, employee: { id: string; departmentId: string | null }, date: string): ShiftDef {
  const deptShifts = employee.departmentId ? (inputs.departmentShift.get(employee.departmentId) ?? []) : [];
  const id = resolveShiftId(date, inputs.assignments.get(employee.id) ?? [], deptShifts, inputs.defaultShiftId);
  return (id ? shiftByIdOn(inputs, id, date) : undefined) ?? settingsShift(inputs.settings);
}

/** A shift as defined on a date (the stored day's shift may be another than today's resolution). */
export function shiftByIdOn(inputs: AttendanceInputs, id: string, date: string): ShiftDef | undefined {
  const shift = inputs.shifts.get(id);
  return shift ? shiftDefinitionOn(date, shift, inputs.history.get(id) ?? []) : undefined;
}

export function shiftInfoOf(shift: ShiftDef): ShiftInfo | null {
  return shift.id ? { shiftName: shift.shiftName, shiftStart: shift.shiftStart, shiftEnd: shift.shiftEnd } : null;
}

export interface DayLeave extends ApprovedLeave {
  leaveTypeName: string;
}

/** Approved leave on a date; two halves on one day make a full day (paid only if both are). */
export function leaveOn(inputs: AttendanceInputs, userId: string, date: string): DayLeave | null {
  const covering = (inputs.leave.get(userId) ?? []).filter((l) => l.startDate <= date && l.endDate >= date);
  if (covering.length === 0) return null;
  const full = covering.find((l) => l.portion === 'full');
  const halves = new Set(covering.map((l) => l.portion));
  if (full || (halves.has('firstHalf') && halves.has('secondHalf'))) {
    const pick = full ?? covering[0];
    return { portion: 'full', isPaid: full ? full.isPaid : covering.every((l) => l.isPaid), leaveTypeName: pick?.leaveTypeName ?? '' };
  }
  const first = covering[0];
  if (!first) return null;
  return { portion: first.portion, isPaid: first.isPaid, leaveTypeName: first.leaveTypeName };
}

export function isWeekendFor(shift: ShiftDef, date: string): boolean {
  return isWeekendDay(date, shift.weekends);
}

/** A log's times in seconds after its work date's midnight (night shifts run past 24:00). */
export function logSeconds(inputs: AttendanceInputs, log: repo.TimeLogRow): { inS: number; outS: number | null } {
  const midnight = midnightOf(inputs, log.workDate);
  const clamp = (s: number) => Math.min(Math.max(0, Math.floor(s)), 48 * 3600 - 1);
  return { inS: clamp((log.checkInMs - midnight) / 1000), outS: log.checkOutMs === null ? null : clamp((log.checkOutMs - midnight) / 1000) };
}

export interface ComputedDay {
  userId: string;
  date: string;
  day: AttendanceDay;
  shift: ShiftDef;
  approvalStatus: number | null;
}

/**
 * Computes the days of one employee from `from` to `to` (none before joining). Rejected logs never
 * count; pending ones count provisionally until decided (docs/decisions/).
 */
export function computeEmployeeDays(
  inputs: AttendanceInputs,
  employee: { id: string; departmentId: string | null; dateOfJoining: string | null },
  logsByDate: Map<string, repo.TimeLogRow[]>,
  from: string,
  to: string,
  today: string,
): ComputedDay[] {
  const out: ComputedDay[] = [];
  let date = employee.dateOfJoining && employee.dateOfJoining > from ? employee.dateOfJoining : from;
  const s = inputs.settings;
  const daySettings = {
    totalHoursCalculationType: s.totalHoursCalculationType,
    minHoursRequiredMode: s.minHoursRequiredMode,
    minHoursInputType: s.minHoursInputType,
    fullDayDuration: s.fullDayDuration,
    halfDayDuration: s.halfDayDuration,
    gracePeriodMinutes: Math.min(120, Math.max(0, Math.round(s.gracePeriodMinutes))),
    areHolidaysIncluded: s.areHolidaysIncluded,
    areLeavesIncluded: s.areLeavesIncluded,
  };
  while (date <= to) {
    const shift = shiftOf(inputs, employee, date);
    const dayLogs = logsByDate.get(date) ?? [];
    const timeLogs: TimeLog[] = [];
    let approval: number | null = null;
    for (const log of dayLogs) {
      approval = approval === null ? log.approvalStatus : Math.min(approval, log.approvalStatus);
      if (log.approvalStatus === 3) continue;
      const { inS, outS } = logSeconds(inputs, log);
      timeLogs.push({ checkIn: secondsLabel(inS), checkOut: outS === null ? null : secondsLabel(Math.max(outS, inS)) });
    }
    const leave = leaveOn(inputs, employee.id, date);
    const day = computeAttendanceDay({
      date,
      today,
      timeLogs,
      shift: { shiftStart: shift.shiftStart, shiftEnd: shift.shiftEnd, weekends: shift.weekends },
      isHoliday: inputs.holidays.has(date),
      leave: leave ? { portion: leave.portion, isPaid: leave.isPaid } : null,
      settings: daySettings,
    });
    out.push({ userId: employee.id, date, day, shift, approvalStatus: approval });
    date = addDaysToDate(date, 1);
  }
  return out;
}
