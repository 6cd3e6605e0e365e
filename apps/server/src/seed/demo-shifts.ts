import { sql } from 'drizzle-orm';
import { DEFAULT_SHIFT_WEEKENDS } from '@tankha/contracts';
import { addMonthsToMonth, dateInZone } from '@tankha/domain';
import { queryRows, type Db } from '../db/client';
import { provisionAttendanceDefaults } from '../modules/attendance-settings/attendance.defaults';

/** People the other demo flows rely on stay on the General shift (administrator, moderator, manager, member). */
const KEEP_ON_GENERAL = ['anita.rao@', 'vikram.nair@', 'rahul.sharma@', 'aditi.agarwal@'];

/**
 * The demo organisation's shifts: the General default (10:00–19:00), a Night Shift
 * (22:00–06:00) worked by three engineers since the first month of demo logs (the month before last),
 * an Early Shift (07:00–16:00) for the Sales department, and a few dated assignments in this and
 * last month. Runs as the
 * platform role with explicit tenant ids; a handful of multi-row statements.
 */
export async function seedDemoShifts(db: Db, tenantId: string, now: Date): Promise<void> {
  await provisionAttendanceDefaults(db, tenantId);
  const weekends = JSON.stringify(DEFAULT_SHIFT_WEEKENDS);
  const shifts = await queryRows<{ id: string; shift_name: string }>(db, sql`
    INSERT INTO shifts (tenant_id, shift_name, shift_start, shift_end, is_default, weekends)
    VALUES (${tenantId}, 'Night Shift', '22:00:00', '06:00:00', false, ${weekends}::jsonb),
           (${tenantId}, 'Early Shift', '07:00:00', '16:00:00', false, ${weekends}::jsonb)
    ON CONFLICT DO NOTHING
    RETURNING id, shift_name`);
  const night = shifts.find((s) => s.shift_name === 'Night Shift')?.id;
  const early = shifts.find((s) => s.shift_name === 'Early Shift')?.id;
  if (!night || !early) return; // already seeded

  const month = dateInZone(now, 'Asia/Kolkata').slice(0, 7);
  const previous = addMonthsToMonth(month, -1);
  // The demo's logs start on the 1st of the month before last (demo-time-logs.ts).
  const firstLogged = `${addMonthsToMonth(month, -2)}-01`;
  // Sales has worked the early shift since the first month of demo logs.
  await db.execute(sql`
    INSERT INTO shift_departments (tenant_id, shift_id, department_id, effective_from)
    SELECT ${tenantId}, ${early}, d.id, ${firstLogged} FROM departments d WHERE d.tenant_id = ${tenantId} AND d.name = 'Sales'`);

  const people = await queryRows<{ id: string; email: string; department: string | null }>(db, sql`
    SELECT u.id, u.email, d.name AS department FROM users u LEFT JOIN departments d ON d.id = u.department_id
     WHERE u.tenant_id = ${tenantId} AND u.status IN (1, 4) ORDER BY u.email`);
  const eligible = people.filter((p) => !KEEP_ON_GENERAL.some((prefix) => p.email.startsWith(prefix)));
  const of = (department: string) => eligible.filter((p) => p.department === department);

  const rows: { userId: string; shiftId: string; start: string; end: string | null; notes: string | null }[] = [
    // Three engineers on nights since the first month of demo logs, open-ended.
    ...of('Engineering')
      .slice(0, 3)
      .map((p) => ({ userId: p.id, shiftId: night, start: firstLogged, end: null, notes: 'Production support rota' })),
    // Two from Finance on the early shift for the close week of last month.
    ...of('Finance')
      .slice(0, 2)
      .map((p) => ({ userId: p.id, shiftId: early, start: `${previous}-24`, end: `${previous}-28`, notes: 'Month-end close' })),
    // One salesperson back on General for two days this month (a client visit), one HR person on nights.
    ...of('Sales')
      .slice(0, 1)
      .map((p) => ({ userId: p.id, shiftId: '', start: `${month}-02`, end: `${month}-03`, notes: 'Client visit' })),
    ...of('Human Resources')
      .slice(0, 1)
      .map((p) => ({ userId: p.id, shiftId: night, start: `${month}-05`, end: `${month}-07`, notes: 'Night hiring drive' })),
  ];
  const [general] = await queryRows<{ id: string }>(db, sql`SELECT id FROM shifts WHERE tenant_id = ${tenantId} AND is_default`);
  const values = rows
    .map((r) => ({ ...r, shiftId: r.shiftId || general?.id || '' }))
    .filter((r) => r.shiftId !== '')
    .map((r) => sql`(${tenantId}, ${r.userId}, ${r.shiftId}, ${r.start}, ${r.end}, ${r.notes})`);
  if (values.length === 0) return;
  await db.execute(sql`INSERT INTO shift_assignments (tenant_id, user_id, shift_id, start_date, end_date, notes) VALUES ${sql.join(values, sql`, `)}`);
}
