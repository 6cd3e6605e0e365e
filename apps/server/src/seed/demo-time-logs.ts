import { sql } from 'drizzle-orm';
import { addDaysToDate, addMonthsToMonth, dateInZone, timeOfDayToSeconds } from '@tankha/domain';
import type { Db } from '../db/client';
import { withTenant } from '../platform/unit-of-work';
import * as repo from '../modules/attendance/attendance.repo';
import { isWeekendFor, leaveOn, loadInputs, midnightOf, shiftOf } from '../modules/attendance/attendance.inputs';
import { PayrollLockService } from '../modules/payroll-locks/payroll-locks.service';
import { AttendanceService } from '../modules/attendance/attendance.service';

/** A small deterministic generator so the demo is the same on every start. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let r = Math.imul(s ^ (s >>> 15), 1 | s);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface LogRow {
  u: string;
  d: string;
  i: string;
  o: string;
  s: string;
  a: number;
  n: string | null;
}

/**
 * Time logs from the 1st of the month before last to yesterday, so the two months
 * the demo's payroll finalizes (demo-payroll.ts) have a full month of attendance, for every active
 * demo employee on their working days (their shift, its weekends, holidays and approved leave from
 * the seeds before this one): mostly on time, some late arrivals past the grace period, and three
 * manual entries waiting for approval this month. Absences (no logs) and half days cost pay, so they
 * are rare for most people and come mostly from a few: about one employee in eight is irregular.
 * Built in memory, written in one statement, then the days are recomputed.
 */
export async function seedDemoTimeLogs(db: Db, tenantId: string, now: Date): Promise<void> {
  const rnd = random(20_261_121);
  const rows: LogRow[] = [];
  let from = '';
  let yesterday = '';
  await withTenant(db, tenantId, async (tdb) => {
    const timeZone = await repo.findTimeZone(tdb);
    const today = dateInZone(now, timeZone);
    yesterday = addDaysToDate(today, -1);
    from = `${addMonthsToMonth(today.slice(0, 7), -2)}-01`;
    // In e-mail order (the repository's is by id, random UUIDs): each person draws the same numbers on every start.
    const employees = (await repo.findEmployees(tdb)).sort((a, b) => a.email.localeCompare(b.email));
    const inputs = await loadInputs(
      tdb,
      employees.map((e) => e.id),
      from,
      yesterday,
      false,
    );
    let pendingLeft = 3;
    for (const employee of employees) {
      // Per working day: absent below `absent`, a half day below `half` (most people almost never).
      const irregular = rnd() < 0.12;
      const absent = irregular ? 0.025 : 0.001;
      const half = absent + (irregular ? 0.03 : 0.002);
      for (let date = from; date <= yesterday; date = addDaysToDate(date, 1)) {
        if (employee.dateOfJoining && date < employee.dateOfJoining) continue;
        const shift = shiftOf(inputs, employee, date);
        if (inputs.holidays.has(date) || isWeekendFor(shift, date)) continue;
        const leave = leaveOn(inputs, employee.id, date);
        if (leave?.portion === 'full') continue;
        const r = rnd();
        if (r < absent) continue;
        const start = timeOfDayToSeconds(shift.shiftStart);
        let end = timeOfDayToSeconds(shift.shiftEnd);
        if (end <= start) end += 86_400;
        const length = end - start;
        let inS: number;
        let outS: number;
        if (leave || r < half) {
          // A half day (or the worked half beside a half-day leave): a little over half the shift.
          inS = start + Math.floor(rnd() * 10) * 60;
          outS = inS + Math.floor(length / 2) + (20 + Math.floor(rnd() * 40)) * 60;
        } else if (r < half + 0.14) {
          // Late: 20 to 80 minutes after the start, past the 15-minute grace; a full day after that.
          inS = start + (20 + Math.floor(rnd() * 60)) * 60;
          outS = inS + length + Math.floor(rnd() * 30) * 60;
        } else {
          inS = start - (Math.floor(rnd() * 25) - 10) * 60;
          outS = inS + length + Math.floor(rnd() * 45) * 60;
        }
        const midnight = midnightOf(inputs, date);
        // Waiting for approval in the last week, and in this month: the months before are the payroll's, finalized.
        const manual = pendingLeft > 0 && date >= addDaysToDate(yesterday, -6) && date >= `${today.slice(0, 7)}-01` && r > 0.97;
        if (manual) pendingLeft -= 1;
        rows.push({
          u: employee.id,
          d: date,
          i: new Date(midnight + inS * 1000).toISOString(),
          o: new Date(midnight + outS * 1000).toISOString(),
          s: manual ? 'manual' : 'web',
          a: manual ? 1 : 2,
          n: manual ? 'Forgot to check in' : null,
        });
      }
    }
    if (rows.length > 0) {
      await tdb.tx.execute(sql`
        INSERT INTO time_logs (tenant_id, user_id, work_date, check_in, check_out, source, approval_status, notes)
        SELECT ${tenantId}::uuid, r.u, r.d, r.i, r.o, r.s, r.a, r.n
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(u uuid, d date, i timestamptz, o timestamptz, s text, a smallint, n text)`);
    }
  });
  if (!from) return;
  // The seed recomputes inline (no job queue here): a tenant transaction and a scope whose enqueue is unused.
  const attendance = new AttendanceService({ clock: { now: () => now }, locks: new PayrollLockService({ clock: { now: () => now } }) });
  await withTenant(db, tenantId, (tdb) => attendance.recompute({ db: tdb, tenantId, enqueue: () => {} }, { from, to: yesterday }));
}
