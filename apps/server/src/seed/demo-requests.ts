import { sql } from 'drizzle-orm';
import { RequestStatus, RequestType } from '@tankha/contracts';
import { addDaysToDate, dateInZone, dayOfWeekOf } from '@tankha/domain';
import { queryRows, type Db } from '../db/client';
import { withTenant } from '../platform/unit-of-work';
import { PayrollLockService } from '../modules/payroll-locks/payroll-locks.service';
import { AttendanceService } from '../modules/attendance/attendance.service';

interface Person extends Record<string, unknown> {
  id: string;
  email: string;
  manager_id: string | null;
  manager_email: string | null;
}

/** Reasons people give for a day the logs got wrong. */
const REASONS = [
  'Forgot to check out after the client call ran late',
  'Laptop was being repaired; worked from the office desktop without checking in',
  'Internet outage at home in the morning, checked in late by mistake',
  'Was at the customer site all day and could not check in',
  'Check-in failed on the app; swiped at the office gate at 9:30',
];

/** The last `count` working days (Monday to Friday) before `today`, newest first. */
function recentWorkingDays(today: string, count: number): string[] {
  const days: string[] = [];
  for (let d = addDaysToDate(today, -1); days.length < count; d = addDaysToDate(d, -1)) {
    const dow = dayOfWeekOf(d);
    if (dow !== 0 && dow !== 6) days.push(d);
  }
  return days;
}

/**
 * The demo organisation's regularization requests (issue §8): open requests from members to their
 * managers for recent working days of this month, one Completed (its times written as the day's logs and the day
 * recomputed, as an approval does) and one Rejected. Runs as the platform role with explicit tenant ids, in a handful of statements.
 */
export async function seedDemoRequests(db: Db, tenantId: string, now: Date): Promise<void> {
  const people = await queryRows<Person>(db, sql`
    SELECT u.id, u.email, u.reporting_manager_id AS manager_id, m.email AS manager_email
      FROM users u LEFT JOIN users m ON m.id = u.reporting_manager_id
     WHERE u.tenant_id = ${tenantId} AND u.status = 1
     ORDER BY u.employee_number`);
  const reporteesOf = (managerEmail: string) => people.filter((p) => p.manager_email === managerEmail);
  const engineers = reporteesOf('rahul.sharma@nilgiri.demo');
  const sales = reporteesOf('priya.iyer@nilgiri.demo');
  const [zone] = await queryRows<{ time_zone: string }>(db, sql`SELECT time_zone FROM tenants WHERE id = ${tenantId}`);
  const timeZone = zone?.time_zone ?? 'Asia/Kolkata';
  // This month's only: the months before it are the demo's finalized payroll (demo-payroll.ts), locked
  // for attendance, where a request could be neither filed nor approved. Early in a month there are
  // fewer days (several requests share one), on its first working day none (no requests).
  const today = dateInZone(now, timeZone);
  const days = recentWorkingDays(today, 6).filter((d) => d.slice(0, 7) === today.slice(0, 7));
  const day = (i: number) => days[i] ?? days[0] ?? '';

  interface Seeded {
    person: Person | undefined;
    date: string;
    endDate?: string;
    start: string;
    end: string;
    reason: string;
    status: number;
    remarks?: string;
  }
  // Aditi (engineers[0]) is the browser test's member: she is left without an open request so her
  // own list starts from what the test files.
  const seeded: Seeded[] = [
    { person: engineers[1], date: day(0), start: '09:45:00', end: '18:45:00', reason: REASONS[0] ?? '', status: RequestStatus.Opened },
    { person: engineers[2], date: day(1), start: '10:00:00', end: '19:00:00', reason: REASONS[1] ?? '', status: RequestStatus.Opened },
    { person: engineers[3], date: day(3), endDate: day(2), start: '09:30:00', end: '18:30:00', reason: REASONS[3] ?? '', status: RequestStatus.Opened },
    { person: sales[0], date: day(1), start: '09:30:00', end: '18:30:00', reason: REASONS[4] ?? '', status: RequestStatus.Opened },
    { person: engineers[4], date: day(4), start: '10:00:00', end: '19:00:00', reason: REASONS[2] ?? '', status: RequestStatus.Completed, remarks: 'Verified with the gate register' },
    { person: sales[1], date: day(5), start: '09:00:00', end: '18:00:00', reason: REASONS[0] ?? '', status: RequestStatus.Rejected, remarks: 'The CRM shows no activity that day' },
  ];
  const rows = seeded.filter((s): s is Seeded & { person: Person } => s.person !== undefined && s.date !== '');
  if (rows.length === 0) return;

  const values = rows.map((s, i) => {
    const data = { attendanceRegularization: { startDate: s.date, endDate: s.endDate ?? s.date, startTime: s.start, endTime: s.end } };
    const decided = s.status !== RequestStatus.Opened;
    // Filed the morning after the day (or a little later), so the list reads newest first.
    const created = new Date(now.getTime() - (rows.length - i) * 3_600_000 * 5).toISOString();
    return sql`(${tenantId}, ${s.person.id}, ${RequestType.AttendanceRegularization}, ${s.status}, ${s.reason}, ${JSON.stringify(data)}::jsonb,
                ${decided ? s.person.manager_id : null}, ${decided ? now.toISOString() : null}, ${s.remarks ?? null}, ${created}, ${created})`;
  });
  await db.execute(sql`
    INSERT INTO requests (tenant_id, user_id, request_type, status, reason, additional_data, decided_by, decided_at, remarks, created_at, updated_at)
    VALUES ${sql.join(values, sql`, `)}`);

  // The Completed request's times are the day's only logs, as an approval writes them.
  const completed = rows.filter((s) => s.status === RequestStatus.Completed);
  for (const s of completed) {
    await db.execute(sql`DELETE FROM time_logs WHERE tenant_id = ${tenantId} AND user_id = ${s.person.id} AND work_date = ${s.date}::date`);
    await db.execute(sql`
      INSERT INTO time_logs (tenant_id, user_id, work_date, check_in, check_out, source, approval_status, notes)
      VALUES (${tenantId}, ${s.person.id}, ${s.date}::date,
              (${s.date}::date + ${s.start}::time) AT TIME ZONE ${timeZone},
              (${s.date}::date + ${s.end}::time) AT TIME ZONE ${timeZone},
              'regularization', 2, ${s.reason})`);
  }
  if (completed.length > 0) {
    const attendance = new AttendanceService({ clock: { now: () => now }, locks: new PayrollLockService({ clock: { now: () => now } }) });
    await withTenant(db, tenantId, async (tdb) => {
      const scope = { db: tdb, tenantId, enqueue: () => {} };
      for (const s of completed) await attendance.recompute(scope, { userIds: [s.person.id], from: s.date, to: s.date });
    });
  }
}
