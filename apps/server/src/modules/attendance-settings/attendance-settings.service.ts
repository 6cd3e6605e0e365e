import { DEFAULT_ATTENDANCE_SETTINGS, attendanceSettingsSchema, type AttendanceSettings } from '@tankha/contracts';
import { addMonthsToMonth, dateInZone, daysInMonth } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import type { Scope, TenantScope } from '../../platform/tenancy';
import * as repo from './attendance-settings.repo';

/**
 * Stored settings over the defaults: a field added to the entity later reads as its default for
 * organisations that saved before it existed.
 */
export function readSettings(stored: unknown): AttendanceSettings {
  const merged = { ...DEFAULT_ATTENDANCE_SETTINGS, ...(stored && typeof stored === 'object' ? stored : {}) };
  const parsed = attendanceSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : attendanceSettingsSchema.parse(DEFAULT_ATTENDANCE_SETTINGS);
}

/** Attendance settings (people spec §2.1, §3, §5, §7 "Attendance settings"). */
export class AttendanceSettingsService {
  constructor(private readonly deps: { clock: Clock }) {}

  async get({ db: tdb }: TenantScope): Promise<AttendanceSettings> {
    return readSettings(await repo.findSettings(tdb));
  }

  /**
   * Saves the full settings, then recomputes everyone's current and previous month: the settings
   * decide every day's status, and those are the months payroll can still use. The recompute is a
   * job of this unit of work: it runs once the save commits.
   */
  async save({ db: tdb, enqueue }: Scope, settings: AttendanceSettings): Promise<AttendanceSettings> {
    await repo.upsertSettings(tdb, settings, this.deps.clock.now());
    const today = dateInZone(this.deps.clock.now(), await repo.tenantTimeZone(tdb));
    const month = today.slice(0, 7);
    enqueue('attendance.recompute', { from: `${addMonthsToMonth(month, -1)}-01`, to: `${month}-${daysInMonth(month).toString().padStart(2, '0')}` });
    return settings;
  }
}
