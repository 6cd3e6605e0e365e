import { DEFAULT_ATTENDANCE_SETTINGS, attendanceSettingsSchema, type AttendanceSettings } from '@tankha/contracts';
import { addMonthsToMonth, dateInZone, daysInMonth } from '@tankha/domain';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { withTenant, type RequestContext } from '../../platform/tenancy';
import type { RecomputeScope } from '../attendance/attendance.service';
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
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      /** AttendanceService.recompute, called after a save commits. */
      recompute: (tenantId: string, scope: RecomputeScope) => Promise<void>;
    },
  ) {}

  async get(ctx: Pick<RequestContext, 'tenantId'>): Promise<AttendanceSettings> {
    return withTenant(this.deps.db, ctx.tenantId, async (tdb) => readSettings(await repo.findSettings(tdb)));
  }

  /**
   * Saves the full settings, then recomputes everyone's current and previous month: the settings
   * decide every day's status, and those are the months payroll can still use.
   */
  async save(ctx: RequestContext, settings: AttendanceSettings): Promise<AttendanceSettings> {
    const today = await withTenant(this.deps.db, ctx.tenantId, async (tdb) => {
      await repo.upsertSettings(tdb, settings, this.deps.clock.now());
      return dateInZone(this.deps.clock.now(), await repo.tenantTimeZone(tdb));
    });
    const month = today.slice(0, 7);
    await this.deps.recompute(ctx.tenantId, { from: `${addMonthsToMonth(month, -1)}-01`, to: `${month}-${daysInMonth(month).toString().padStart(2, '0')}` });
    return settings;
  }
}
