import { sql } from 'drizzle-orm';
import { addDaysToDate, addMonthsToMonth, countLeaveDays, dateInZone, isWeekendDay, type IsoDate } from '@tankha/domain';
import { queryRows, type Db } from '../db/client';
import { provisionLeaveDefaults, type DEFAULT_LEAVE_TYPES } from '../modules/leave/leave.defaults';

/**
 * Public holidays of a Bengaluru company. Fixed dates by month-day; the movable festivals use their
 * 2026 dates (Holi 4 Mar, Ugadi 19 Mar, Eid-ul-Fitr 20 Mar, Good Friday 3 Apr, Ganesh Chaturthi
 * 14 Sep, Vijayadashami 20 Oct, Deepavali Balipadyami 10 Nov) and, in another year, the same
 * month-day as a stand-in. Eid-ul-Fitr is optional (restricted): a working day unless taken.
 */
const HOLIDAYS: { monthDay: string; name: string; description: string; isOptional?: boolean }[] = [
  { monthDay: '01-14', name: 'Makara Sankranti', description: 'Harvest festival' },
  { monthDay: '01-26', name: 'Republic Day', description: 'National holiday' },
  { monthDay: '03-04', name: 'Holi', description: 'Festival of colours' },
  { monthDay: '03-19', name: 'Ugadi', description: 'Kannada New Year' },
  { monthDay: '03-20', name: 'Eid-ul-Fitr', description: 'Restricted holiday', isOptional: true },
  { monthDay: '04-03', name: 'Good Friday', description: 'Christian observance' },
  { monthDay: '05-01', name: 'May Day', description: 'Labour Day' },
  { monthDay: '08-15', name: 'Independence Day', description: 'National holiday' },
  { monthDay: '09-14', name: 'Ganesh Chaturthi', description: 'Festival of Lord Ganesha' },
  { monthDay: '10-02', name: 'Gandhi Jayanti', description: 'National holiday' },
  { monthDay: '10-20', name: 'Vijayadashami', description: 'Dussehra' },
  { monthDay: '11-01', name: 'Kannada Rajyotsava', description: 'Karnataka Formation Day' },
  { monthDay: '11-10', name: 'Deepavali', description: 'Balipadyami' },
  { monthDay: '12-25', name: 'Christmas', description: 'Christian festival' },
];

/** The demo's leave people: none of the four demo logins, so the flows and tests on them start clean. */
const SKIP = ['anita.rao@', 'vikram.nair@', 'rahul.sharma@', 'aditi.agarwal@', 'priya.iyer@', 'arjun.mehta@'];

/**
 * The demo organisation's leave: the default leave types, this year's holidays,
 * carried-forward Earned Leave for two people, and leave in the last two months for seven employees
 * (approved full days, an approved half day, approved Loss of Pay, one rejected, one pending in the
 * coming week), plus Loss of Pay for two more in the two months the demo's payroll finalizes. Runs as the platform role with explicit tenant ids, in a few multi-row statements.
 */
export async function seedDemoLeave(db: Db, tenantId: string, now: Date): Promise<void> {
  await provisionLeaveDefaults(db, tenantId);
  const today = dateInZone(now, 'Asia/Kolkata');
  const year = today.slice(0, 4);
  const thisMonth = today.slice(0, 7);

  // This year's holidays, and last year's too when the demo's logs (from the month before last) start in it.
  const firstLogged = addMonthsToMonth(thisMonth, -2);
  const years = firstLogged.slice(0, 4) === year ? [year] : [firstLogged.slice(0, 4), year];
  const holidays = years.flatMap((y) => HOLIDAYS.map((h) => ({ ...h, date: `${y}-${h.monthDay}` })));
  await db.execute(sql`
    INSERT INTO holidays (tenant_id, holiday_date, name, description, is_optional)
    VALUES ${sql.join(
      holidays.map((h) => sql`(${tenantId}, ${h.date}, ${h.name}, ${h.description}, ${h.isOptional === true})`),
      sql`, `,
    )}
    ON CONFLICT DO NOTHING`);

  const existing = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM leave_requests WHERE tenant_id = ${tenantId}`);
  if ((existing[0]?.n ?? 0) > 0) return;

  const types = await queryRows<{ id: string; code: string }>(db, sql`SELECT id, code FROM leave_types WHERE tenant_id = ${tenantId}`);
  const typeId = (code: (typeof DEFAULT_LEAVE_TYPES)[number]['code']) => types.find((t) => t.code === code)?.id;
  const people = await queryRows<{ id: string; email: string; department: string | null; manager_id: string | null }>(db, sql`
    SELECT u.id, u.email, d.name AS department, u.reporting_manager_id AS manager_id
      FROM users u LEFT JOIN departments d ON d.id = u.department_id
     WHERE u.tenant_id = ${tenantId} AND u.status = 1 ORDER BY u.employee_number`);
  const eligible = people.filter((p) => !SKIP.some((prefix) => p.email.startsWith(prefix)));
  const of = (department: string) => eligible.filter((p) => p.department === department);
  const [engA, engB, engC, engD] = of('Engineering').slice(-4);
  const [salesE, salesF] = of('Sales').slice(-2);
  const [finG] = of('Finance').slice(-1);
  const [hrH] = of('Human Resources').slice(-1);
  const [salesI] = of('Sales').slice(-3);

  // Working days on the default calendar (Saturdays and Sundays off, the non-optional holidays above).
  const closed = new Set(holidays.filter((h) => h.isOptional !== true).map((h) => h.date));
  const isWorkingDay = (d: IsoDate) => !isWeekendDay(d) && !closed.has(d);
  const workingDay = (offset: number): IsoDate => {
    let d = today;
    let n = 0;
    const step = offset < 0 ? -1 : 1;
    while (n < Math.abs(offset)) {
      d = addDaysToDate(d, step);
      if (isWorkingDay(d)) n += 1;
    }
    return d;
  };
  /** `length` working days from the `nth` working day of `month` (months before this one: the payroll months). */
  const inMonth = (month: string, nth: number, length: number): [IsoDate, IsoDate] => {
    const days: IsoDate[] = [];
    for (let d = `${month}-01`; d.startsWith(month); d = addDaysToDate(d, 1)) if (isWorkingDay(d)) days.push(d);
    const start = days[Math.min(nth, days.length) - 1] ?? `${month}-01`;
    return [start, days[Math.min(nth + length - 1, days.length) - 1] ?? start];
  };
  /** `length` working days ending on the working day `offset` away, kept inside one calendar year. */
  const span = (offset: number, length: number): [IsoDate, IsoDate] => {
    const end = workingDay(offset);
    const start = workingDay(offset - length + 1);
    return start.slice(0, 4) === end.slice(0, 4) ? [start, end] : [end, end];
  };

  type Portion = 'full' | 'firstHalf' | 'secondHalf';
  interface Plan {
    who: { id: string; manager_id: string | null } | undefined;
    code: (typeof DEFAULT_LEAVE_TYPES)[number]['code'];
    dates: [IsoDate, IsoDate];
    portion?: Portion;
    status: 1 | 2 | 3;
    reason: string;
    remarks?: string;
    decidedDaysAgo?: number;
  }
  const plans: Plan[] = [
    { who: engA, code: 'CL', dates: span(-30, 2), status: 2, reason: "Family function in Mysuru", remarks: 'Enjoy', decidedDaysAgo: 45 },
    { who: engB, code: 'SL', dates: span(-12, 1), status: 2, reason: 'Fever', decidedDaysAgo: 16 },
    { who: engC, code: 'CL', dates: span(-8, 1), portion: 'firstHalf', status: 2, reason: 'Bank work in the morning', decidedDaysAgo: 12 },
    { who: engD, code: 'EL', dates: span(6, 2), status: 1, reason: 'Trip to Coorg' },
    { who: salesE, code: 'CL', dates: span(-20, 1), status: 3, reason: 'Personal work', remarks: 'Quarter-end client reviews that day; please pick another date', decidedDaysAgo: 30 },
    { who: salesF, code: 'LOP', dates: span(-15, 1), status: 2, reason: 'Extended travel', decidedDaysAgo: 22 },
    { who: finG, code: 'EL', dates: span(-40, 3), status: 2, reason: 'Vacation', decidedDaysAgo: 60 },
    // Unpaid leave in the two months the demo's payroll finalizes (their payslips show Loss of Pay).
    { who: hrH, code: 'LOP', dates: inMonth(addMonthsToMonth(thisMonth, -2), 12, 2), status: 2, reason: "Sister's wedding in Hubballi; no leave left", decidedDaysAgo: 75 },
    { who: salesI, code: 'LOP', dates: inMonth(addMonthsToMonth(thisMonth, -1), 8, 1), status: 2, reason: 'Personal work; no leave left', decidedDaysAgo: 40 },
  ];
  const rows = plans.flatMap((p) => {
    const leaveTypeId = typeId(p.code);
    if (!p.who || !leaveTypeId) return [];
    const portion = p.portion ?? 'full';
    const days = countLeaveDays({ startDate: p.dates[0], endDate: p.dates[1], portion, isWorkingDay });
    const decided = p.decidedDaysAgo === undefined ? null : new Date(now.getTime() - p.decidedDaysAgo * 86_400_000).toISOString();
    const created = new Date(now.getTime() - ((p.decidedDaysAgo ?? 1) + 2) * 86_400_000).toISOString();
    return [
      sql`(${tenantId}, ${p.who.id}, ${leaveTypeId}, ${p.dates[0]}, ${p.dates[1]}, ${portion}, ${String(days)}, ${p.reason}, ${p.status},
           ${p.status === 1 ? null : p.who.manager_id}, ${decided}::timestamptz, ${p.remarks ?? null}, ${created}::timestamptz, ${created}::timestamptz)`,
    ];
  });
  if (rows.length > 0) {
    await db.execute(sql`
      INSERT INTO leave_requests (tenant_id, user_id, leave_type_id, start_date, end_date, portion, days, reason, status, approver_id, decided_at, remarks, created_at, updated_at)
      VALUES ${sql.join(rows, sql`, `)}`);
  }

  // Earned Leave brought in from last year for two people (the balance row's carry-in is authoritative).
  const el = typeId('EL');
  const carried = [
    [engA, '8'],
    [salesE, '4.5'],
  ] as const;
  const balanceRows = carried.flatMap(([who, days]) => (who && el ? [sql`(${tenantId}, ${who.id}, ${el}, ${Number(year)}, ${days}, 0)`] : []));
  if (balanceRows.length > 0) {
    await db.execute(sql`
      INSERT INTO leave_balances (tenant_id, user_id, leave_type_id, year, carried_forward, adjustment)
      VALUES ${sql.join(balanceRows, sql`, `)} ON CONFLICT DO NOTHING`);
  }
}
