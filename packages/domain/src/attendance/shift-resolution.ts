import type { IsoDate } from '../dates/calendar';

export interface ShiftAssignmentRow {
  shiftId: string;
  startDate: IsoDate;
  /** Inclusive; null = open-ended. */
  endDate: IsoDate | null;
  /** Tie-break for two assignments starting the same day: the later one wins (ISO instant). */
  createdAt: string;
}

/**
 * The shift an employee works on a date (docs/decisions.md, attendance): the latest assignment
 * covering the date (by start date, then by when it was made); else a shift of their department;
 * else the organisation's default shift; else none ('No Shift').
 */
export function resolveShiftId(
  date: IsoDate,
  assignments: readonly ShiftAssignmentRow[],
  departmentShiftId: string | null,
  defaultShiftId: string | null,
): string | null {
  let best: ShiftAssignmentRow | null = null;
  for (const a of assignments) {
    if (a.startDate > date || (a.endDate !== null && a.endDate < date)) continue;
    if (!best || a.startDate > best.startDate || (a.startDate === best.startDate && a.createdAt > best.createdAt)) best = a;
  }
  return best?.shiftId ?? departmentShiftId ?? defaultShiftId;
}
