import type { IsoDate } from '../dates/calendar';

export interface ShiftAssignmentRow {
  shiftId: string;
  startDate: IsoDate;
  /** Inclusive; null = open-ended. */
  endDate: IsoDate | null;
  /** Tie-break for two assignments starting the same day: the later one wins (ISO instant). */
  createdAt: string;
}

/** A department's shift from a date on; the latest row on or before a day applies (one row per date). */
export interface DepartmentShiftRow {
  shiftId: string;
  effectiveFrom: IsoDate;
}

/** The department shift of a date: the row with the latest effectiveFrom on or before it, else none. */
export function departmentShiftOn(date: IsoDate, rows: readonly DepartmentShiftRow[]): string | null {
  let best: DepartmentShiftRow | null = null;
  for (const r of rows) {
    if (r.effectiveFrom <= date && (!best || r.effectiveFrom > best.effectiveFrom)) best = r;
  }
  return best?.shiftId ?? null;
}

/**
 * The shift an employee works on a date (docs/decisions/, attendance): the latest individual
 * assignment covering the date (by start date, then by when it was made) always wins; else the
 * department's shift in force on that date (a department shift never reaches back before its
 * effective date); else the organisation's default shift; else none ('No Shift').
 */
export function resolveShiftId(
  date: IsoDate,
  assignments: readonly ShiftAssignmentRow[],
  departmentShifts: readonly DepartmentShiftRow[],
  defaultShiftId: string | null,
): string | null {
  return winningAssignment(date, assignments)?.shiftId ?? departmentShiftOn(date, departmentShifts) ?? defaultShiftId;
}

/** The individual assignment that decides a date, if any (its notes show on the roster). */
export function winningAssignment<T extends ShiftAssignmentRow>(date: IsoDate, assignments: readonly T[]): T | null {
  let best: T | null = null;
  for (const a of assignments) {
    if (a.startDate > date || (a.endDate !== null && a.endDate < date)) continue;
    if (!best || a.startDate > best.startDate || (a.startDate === best.startDate && a.createdAt > best.createdAt)) best = a;
  }
  return best;
}

/** An earlier definition of a shift, in force on the days before `validUntil` (exclusive). */
export interface ShiftHistoryRow<D> {
  validUntil: IsoDate;
  definition: D;
}

/**
 * The definition (times, weekends) of a shift on a date: the first earlier definition whose
 * `validUntil` is after the date, else the current one. Editing a shift from a date therefore
 * leaves the days before it as they were.
 */
export function shiftDefinitionOn<D>(date: IsoDate, current: D, history: readonly ShiftHistoryRow<D>[]): D {
  let best: ShiftHistoryRow<D> | null = null;
  for (const h of history) {
    if (h.validUntil > date && (!best || h.validUntil < best.validUntil)) best = h;
  }
  return best ? best.definition : current;
}

/**
 * The history after editing a shift with effect from `from`: rows ending before `from` stay; the
 * definition in force the day before `from` is kept for the days up to it; later rows go (the new
 * definition replaces them from `from` on).
 */
export function historyAfterEdit<D>(from: IsoDate, dayBefore: IsoDate, current: D, history: readonly ShiftHistoryRow<D>[]): ShiftHistoryRow<D>[] {
  return [...history.filter((h) => h.validUntil < from), { validUntil: from, definition: shiftDefinitionOn(dayBefore, current, history) }];
}
