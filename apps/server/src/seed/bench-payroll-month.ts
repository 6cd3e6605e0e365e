import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../db/client';
import type { Db } from '../db/types';

/** The last whole month before today (UTC): the benchmarked payroll month, with its first and last dates and the month before it. */
export function lastMonth(): { month: string; from: string; to: string; before: { year: number; month: number } } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
  return {
    month: first.toISOString().slice(0, 7),
    from: first.toISOString().slice(0, 10),
    to: last.toISOString().slice(0, 10),
    before: { year: previous.getUTCFullYear(), month: previous.getUTCMonth() + 1 },
  };
}

/**
 * The organisation's month, in bulk with generate_series: `employees` employees (Karnataka defaults:
 * EPF, ESI and Professional Tax on) on a CTC ladder from ₹1.8 lakh to ₹36 lakh a year (about a third
 * under the ESI wage line), the default salary structure as each one's earning associations (as the
 * demo stores them), both tax regimes, men and women, a few senior citizens, one in 200 joining on
 * the 11th; a stored attendance day for every day of the month from joining (weekends WeekOff, one
 * weekday in 25 Absent, one in 40 HalfDay); one employee in 20 with two days of approved Loss of Pay
 * and one in 10 with a day of approved Casual Leave; payroll set up with the month before as the
 * last payroll month. ANALYZE at the end (PostgreSQL's plans for the chunk reads go bad without it).
 */
export async function seedPayrollMonth(db: Db, tenantId: string, domain: string, employees: number): Promise<{ attendanceDays: number; leaveRequests: number }> {
  const { from, to, before } = lastMonth();
  const tenant = sql`${tenantId}::uuid`;
  const joinOf = sql`CASE WHEN n % 200 = 7 THEN ${from}::date + 10 ELSE DATE '2019-06-01' + (n % 1500) END`;
  await db.execute(sql`
    INSERT INTO users (tenant_id, email, employee_number, first_name, last_name, role_id, status, designation, department_id, date_of_joining,
                       date_of_birth, gender, regime_type, annual_ctc_paise, pan, uan, esi_number, bank_account_number, bank_name, ifsc_code, work_location)
    SELECT ${tenant}, 'pay' || n || '@' || ${domain}, 'PR' || lpad(n::text, 6, '0'),
           (ARRAY['Aarav','Vivaan','Aditya','Ananya','Diya','Saanvi','Kavya','Meera','Rohan','Karthik'])[1 + n % 10],
           (ARRAY['Sharma','Iyer','Reddy','Nair','Patel','Gupta','Menon','Rao'])[1 + (n / 10) % 8],
           3, CASE WHEN n % 50 = 13 THEN 4 ELSE 1 END, 'Engineer',
           (SELECT id FROM departments WHERE tenant_id = ${tenant} ORDER BY id OFFSET (n % 4) LIMIT 1),
           ${joinOf},
           DATE '1965-01-01' + (n * 37) % 13000, CASE WHEN n % 10 IN (3, 4, 5, 8) THEN 2 ELSE 1 END, CASE WHEN n % 4 = 0 THEN 0 ELSE 1 END,
           ((ARRAY[264000, 270000, 276000, 360000, 480000, 600000, 840000, 1200000, 1800000, 3600000])[1 + (n / 3) % 10] + (n % 97) * 60)::bigint * 100,
           'ABCP' || chr(65 + n % 26) || lpad((n % 10000)::text, 4, '0') || 'F', '1001' || lpad(n::text, 8, '0'), '31' || lpad(n::text, 15, '0'),
           '0012' || lpad(n::text, 8, '0'), 'Canara Bank', 'CNRB0000123', 'Bengaluru'
      FROM generate_series(1, ${employees}::int) AS n`);
  // The default structure, as the demo stores it: one association per structure earning at the component's own calculation.
  await db.execute(sql`
    INSERT INTO user_earnings (tenant_id, user_id, tenant_earning_id, calculation_type, calculation_value)
    SELECT ${tenant}, u.id, e.id, e.calculation_type, e.calculation_value
      FROM users u CROSS JOIN tenant_earnings e
     WHERE u.tenant_id = ${tenant} AND e.tenant_id = ${tenant} AND e.is_part_of_salary_structure AND u.annual_ctc_paise IS NOT NULL`);
  // Approved leave: Loss of Pay for two weekdays (one in 20), Casual Leave for one (one in 10), dates spread over the month's weekdays.
  const weekday = (offset: SQL) => sql`(SELECT d::date FROM generate_series(${from}::date, ${to}::date, interval '1 day') d WHERE extract(isodow FROM d) < 6 ORDER BY d OFFSET ${offset} LIMIT 1)`;
  await db.execute(sql`
    INSERT INTO leave_requests (tenant_id, user_id, leave_type_id, start_date, end_date, portion, days, status, decided_at)
    SELECT ${tenant}, u.id, t.id, x.day, x.day + 1, 'full', 2, 2, now()
      FROM (SELECT id, row_number() OVER (ORDER BY employee_number) AS n FROM users WHERE tenant_id = ${tenant} AND employee_number LIKE 'PR%') u
      JOIN leave_types t ON t.tenant_id = ${tenant} AND t.code = 'LOP'
     CROSS JOIN LATERAL (SELECT ${weekday(sql`(u.n % 15)::int`)} AS day) x
     WHERE u.n % 20 = 3 AND extract(isodow FROM x.day) < 5`);
  await db.execute(sql`
    INSERT INTO leave_requests (tenant_id, user_id, leave_type_id, start_date, end_date, portion, days, status, decided_at)
    SELECT ${tenant}, u.id, t.id, x.day, x.day, 'full', 1, 2, now()
      FROM (SELECT id, row_number() OVER (ORDER BY employee_number) AS n FROM users WHERE tenant_id = ${tenant} AND employee_number LIKE 'PR%') u
      JOIN leave_types t ON t.tenant_id = ${tenant} AND t.code = 'CL'
     CROSS JOIN LATERAL (SELECT ${weekday(sql`(u.n % 19)::int`)} AS day) x
     WHERE u.n % 10 = 5`);
  // A stored day for every day from joining, as the attendance recompute leaves them: leave days from the approved leave.
  await db.execute(sql`
    INSERT INTO attendance_days (tenant_id, user_id, work_date, status, first_in, last_out, total_minutes, payable_fraction, approval_status)
    SELECT ${tenant}, u.id, d.day,
           CASE WHEN extract(isodow FROM d.day) >= 6 THEN 'WeekOff' WHEN l.leave_type_id IS NOT NULL THEN 'Leave'
                WHEN abs(hashtext(u.id::text || d.day::text)) % 80 = 0 THEN 'Absent' WHEN abs(hashtext(u.id::text || d.day::text)) % 120 = 1 THEN 'HalfDay' ELSE 'Present' END,
           NULL, NULL, 0,
           CASE WHEN extract(isodow FROM d.day) >= 6 THEN 1 WHEN l.leave_type_id IS NOT NULL THEN (CASE WHEN t.is_paid THEN 1 ELSE 0 END)
                WHEN abs(hashtext(u.id::text || d.day::text)) % 80 = 0 THEN 0 WHEN abs(hashtext(u.id::text || d.day::text)) % 120 = 1 THEN 0.5 ELSE 1 END,
           NULL
      FROM users u
     CROSS JOIN LATERAL (SELECT g::date AS day FROM generate_series(greatest(${from}::date, u.date_of_joining), ${to}::date, interval '1 day') g) d
      LEFT JOIN leave_requests l ON l.tenant_id = ${tenant} AND l.user_id = u.id AND l.status = 2 AND d.day BETWEEN l.start_date AND l.end_date
      LEFT JOIN leave_types t ON t.id = l.leave_type_id
     WHERE u.tenant_id = ${tenant} AND u.employee_number LIKE 'PR%'`);
  await db.execute(sql`
    INSERT INTO payroll_settings (tenant_id, pay_period_type, pay_day_type, pay_day, last_payroll_run_month, last_payroll_year,
                                  salary_components_done, statutory_components_done, settings_done, is_payroll_enabled)
    VALUES (${tenant}, 1, 0, -1, ${before.month}, ${before.year}, true, true, true, true)`);
  for (const table of ['users', 'user_earnings', 'leave_requests', 'attendance_days', 'payroll_settings', 'payslips', 'payslip_lines', 'payroll_runs', 'payroll_holds', 'payroll_adjustments']) {
    await db.execute(sql.raw(`ANALYZE ${table}`));
  }
  const [counts] = await queryRows<{ days: number; leave: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM attendance_days WHERE tenant_id = ${tenant}) AS days, (SELECT count(*)::int FROM leave_requests WHERE tenant_id = ${tenant}) AS leave`,
  );
  return { attendanceDays: counts?.days ?? 0, leaveRequests: counts?.leave ?? 0 };
}

