import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AttendanceApproval, RequestStatus, type Loan, type PayrollEmployeeRow, type PayrollRun, type PayslipSummary, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../db/client';
import { BACKENDS, createTestApp, type TestApp } from '../testing';
import { DEMO_LOGINS, seedDemoOrganisation } from './demo';

/**
 * The demo organisation with its payroll, as `npm start` seeds it but for the
 * months before the last two (`seedDemo({ lastYear: true })` adds them: form16-part-b.demo.int.test.ts):
 * payroll set up, the two months before this one finalized with payslips (the older one paid), this
 * month a draft. "Now" is Wednesday 6 January 2027 in Asia/Kolkata, so the finalized months are November and
 * December 2026 (a year boundary in between). Nothing here depends on the month calculation's
 * figures: counts, statuses, dates and days only.
 */
describe.each(BACKENDS)('demo payroll (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let member: SessionUser;
  let history: PayrollRun[] = [];
  let tenantId = '';
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const get = (user: SessionUser, url: string) => t.call('GET', url, { token: user.token });
  const run = (month: string) => {
    const found = history.find((r) => r.month === month);
    if (!found) throw new Error(`no run for ${month}`);
    return found;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    t.clock.set(new Date('2027-01-06T05:30:00Z'));
    await t.seedDemo({ payroll: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    member = await t.login(DEMO_LOGINS.member);
    tenantId = admin.tenantId;
    history = data<PayrollRun[]>(await get(admin, '/PayrollRuns'));
  }, 240_000);
  afterAll(async () => {
    await t.close();
  });

  it('history: this month a draft, December finalized, November paid, each finalized by the administrator on time', () => {
    expect(history.map((r) => [r.month, r.status])).toEqual([
      ['2027-01', 'draft'],
      ['2026-12', 'finalized'],
      ['2026-11', 'paid'],
    ]);
    for (const month of ['2026-11', '2026-12']) {
      const r = run(month);
      expect(r.finalizedByName).toBe('Anita Rao');
      // Finalized two days before the pay day (the last working day of the month).
      expect(r.finalizedAt?.slice(0, 7)).toBe(month);
      expect(r.payDate.slice(0, 7)).toBe(month);
      expect(r.finalizedAt && r.finalizedAt < `${r.payDate}T23:59:59Z`).toBe(true);
      expect(r.grossEarnings).toBeGreaterThan(0);
      expect(r.netPay).toBeGreaterThan(0);
    }
    expect(run('2026-11')).toMatchObject({ paidOn: run('2026-11').payDate, paymentReference: expect.stringContaining('202611'), holds: { payout: 1, processing: 0 } });
    expect(run('2026-12')).toMatchObject({ paidOn: null, paymentReference: null, holds: { payout: 0, processing: 0 } });
  });

  it('every active employee with a salary structure has a payslip in each finalized month', async () => {
    const [{ n: withStructure } = { n: 0 }] = await queryRows<{ n: number }>(t.database.db, sql`
      SELECT count(*)::int AS n FROM users WHERE tenant_id = ${tenantId} AND status = 1 AND annual_ctc_paise IS NOT NULL`);
    expect(withStructure).toBe(43);
    for (const month of ['2026-11', '2026-12']) {
      const r = run(month);
      const [{ n: payslips } = { n: 0 }] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM payslips WHERE run_id = ${r.id}`);
      expect(r.employeeCount).toBe(withStructure);
      expect(payslips).toBe(withStructure);
    }
  });

  it('the finalized months have a month of attendance: most employees paid in full, a few with Loss of Pay', async () => {
    for (const month of ['2026-11', '2026-12']) {
      const r = run(month);
      const rows = await queryRows<{ days_in_period: number; payable_days: number; lop_days: number; joined_in_month: boolean }>(
        t.database.db,
        sql`SELECT p.days_in_period::float AS days_in_period, p.payable_days::float AS payable_days, p.lop_days::float AS lop_days,
                   u.date_of_joining > ${r.periodStart}::date AS joined_in_month
              FROM payslips p JOIN users u ON u.id = p.user_id WHERE p.run_id = ${r.id}`,
      );
      const withLop = rows.filter((x) => x.lop_days > 0);
      // Payable and LOP days make up the period, but for someone who joined during it.
      expect(rows.filter((x) => !x.joined_in_month && x.payable_days + x.lop_days !== x.days_in_period), month).toEqual([]);
      expect(withLop.length, month).toBeGreaterThan(0);
      expect(withLop.length, month).toBeLessThanOrEqual(rows.length / 4);
      expect(Math.max(...rows.map((x) => x.lop_days)), month).toBeLessThanOrEqual(5);
    }
  });

  it('one-time items, the payout hold and a variance remark are there to read in the finalized months', async () => {
    const adjustments = async (month: string) => data<{ category: string; kind: string }[]>(await get(admin, `/PayrollRuns/${run(month).id}/adjustments`));
    expect((await adjustments('2026-11')).map((a) => a.category).sort()).toEqual(['bonus', 'incentive', 'incentive']);
    expect((await adjustments('2026-12')).map((a) => `${a.kind}:${a.category}`).sort()).toEqual(['deduction:loanRecovery', 'earning:incentive', 'earning:incentive']);
    const held = data<PayrollEmployeeRow[]>(await get(admin, `/PayrollRuns/${run('2026-11').id}/employees?filter=onHold`));
    expect(held).toHaveLength(1);
    expect(held[0]?.hold).toMatchObject({ kind: 'payout', reason: expect.any(String) });
    const december = data<PayrollEmployeeRow[]>(await get(admin, `/PayrollRuns/${run('2026-12').id}/employees?pageSize=100`));
    expect(december.filter((r) => r.remark !== null)).toHaveLength(1);
    expect(december.every((r) => r.lastMonthNetPay !== null)).toBe(true);
    expect(data<{ comparedMonth: string | null }>(await get(admin, `/PayrollRuns/${run('2026-12').id}/variance`)).comparedMonth).toBe('2026-11');
  });

  it('three loans are being repaid: two instalments recovered in the finalized months, the vehicle loan below the SBI rate a perquisite', async () => {
    const loans = data<Loan[]>(await get(admin, '/Loans'));
    expect(loans.map((l) => `${l.kind}:${l.purpose}:${String(l.recoveredCount)}`).sort()).toEqual(['advance:personal:2', 'loan:medical:2', 'loan:vehicle:2']);
    // ₹30,000 advance at ₹10,000 a month: ₹10,000 left for January.
    expect(loans.find((l) => l.kind === 'advance')).toMatchObject({ balance: 10_000, nextInstalment: { no: 3, amount: 10_000, month: '2027-01' } });
    expect(loans.find((l) => l.purpose === 'vehicle')?.perquisiteThisYear).toBeGreaterThan(0);
    expect(loans.find((l) => l.purpose === 'medical')?.perquisiteThisYear).toBe(0);
  });

  it('the current month opens as a draft with every employee and no warnings; November and December are locked', async () => {
    const current = data<PayrollRun>(await get(admin, '/PayrollRuns/current'));
    expect(current).toMatchObject({ month: '2027-01', status: 'draft', warningCount: 0, employeeCount: 43 });
    const locked = await queryRows<{ month: string }>(t.database.db, sql`SELECT month FROM payroll_month_locks WHERE tenant_id = ${tenantId} ORDER BY month`);
    expect(locked.map((l) => l.month)).toEqual(['2026-11', '2026-12']);
  });

  it("the demo's open requests and time logs waiting for approval are all in this month, none in a locked one", async () => {
    const waiting = await queryRows<{ kind: string; day: string }>(t.database.db, sql`
      SELECT 'request' AS kind, (additional_data->'attendanceRegularization'->>'startDate') AS day FROM requests WHERE tenant_id = ${tenantId} AND status = ${RequestStatus.Opened}
      UNION ALL
      SELECT 'log', work_date::text FROM time_logs WHERE tenant_id = ${tenantId} AND approval_status = ${AttendanceApproval.WaitingForApproval}`);
    expect(waiting.filter((w) => w.kind === 'request').length).toBeGreaterThan(0);
    expect(waiting.filter((w) => w.day < '2027-01-01')).toEqual([]);
  });

  it('the demo member sees her two payslips; after the jobs their PDFs are rendered, downloadable and e-mailed to the dev mailbox', async () => {
    await t.drainJobs();
    const list = await get(member, '/Payslips');
    expect(list.statusCode).toBe(200);
    const own = data<PayslipSummary[]>(list);
    expect(own.map((p) => [p.month, p.status, p.hasPdf])).toEqual([
      ['2026-12', 'finalized', true],
      ['2026-11', 'paid', true],
    ]);
    const [{ n: documents } = { n: 0 }] = await queryRows<{ n: number }>(t.database.db, sql`
      SELECT count(*)::int AS n FROM payslip_documents d JOIN payslips p ON p.id = d.payslip_id WHERE p.tenant_id = ${tenantId}`);
    expect(documents).toBe(86);
    const pdf = await t.app.inject({ method: 'GET', url: `/backend/api/Payslips/${own[0]?.id ?? ''}/pdf`, headers: { authorization: `Bearer ${member.token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The outbox (what the dev mailbox shows): one payslip e-mail per payslip, the member's two among them.
    const mails = await queryRows<{ to_address: string; subject: string }>(t.database.db, sql`
      SELECT to_address, subject FROM outbox_emails WHERE tenant_id = ${tenantId} AND subject LIKE 'Your payslip%' ORDER BY subject`);
    expect(mails).toHaveLength(86);
    expect(mails.filter((m) => m.to_address === DEMO_LOGINS.member).map((m) => m.subject)).toEqual(['Your payslip for December 2026 is ready', 'Your payslip for November 2026 is ready']);
    const updated = data<PayrollRun[]>(await get(admin, '/PayrollRuns'));
    expect(updated.filter((r) => r.status !== 'draft').map((r) => r.payslips)).toEqual([
      { total: 43, rendered: 43, emailed: 43 },
      { total: 43, rendered: 43, emailed: 43 },
    ]);
  });

  it("the TDS of November is deposited by a challan on 7 December (rule 30); December's is not due until 7 January, after today", async () => {
    const check = data<{ monthTotals: { month: string; tdsDeducted: number; tdsDeposited: number }[] }>(await get(admin, '/PayrollFilings/Form24Q/check?financialYear=2026-27&quarter=3'));
    const november = check.monthTotals.find((m) => m.month === '2026-11');
    const december = check.monthTotals.find((m) => m.month === '2026-12');
    expect(november?.tdsDeducted).toBeGreaterThan(0);
    expect(november?.tdsDeposited).toBe(november?.tdsDeducted);
    expect(december?.tdsDeducted).toBeGreaterThan(0);
    expect(december?.tdsDeposited).toBe(0);
    const challans = data<{ depositedOn: string; months: string[] }[]>(await get(admin, '/TdsChallans?financialYear=2026-27&quarter=3'));
    expect(challans.map((c) => [c.depositedOn, c.months])).toEqual([['2026-12-07', ['2026-11']]]);
  });
  it('runs once: a second seed finds the demo and adds nothing', async () => {
    expect(await seedDemoOrganisation(t.database.db, t.clock.now(), { jobs: t.app.jobs, documents: t.app.services.payslipDocuments })).toBe(false);
    expect(data<PayrollRun[]>(await get(admin, '/PayrollRuns'))).toHaveLength(3);
  });
  it('Form 16 of the last complete year (2025-2026) for some employees; the demo member has both parts and a merged download', async () => {
    const forms = data<{ formType: number; financialYear: string }[]>(await get(member, `/Form16/employees/${member.id}`));
    expect(forms.map((f) => [f.financialYear, f.formType])).toEqual([
      ['2025-2026', 1],
      ['2025-2026', 2],
    ]);
    const merged = await get(member, `/Form16/merged?employeeId=${member.id}&financialYear=2025-2026`);
    expect(merged.statusCode).toBe(200);
    expect(merged.headers['content-type']).toBe('application/pdf');
    const stats = data<{ totalForms: number; pendingForms: number; totalEmployees: number }>(await get(admin, '/Form16/stats?financialYear=2025-2026'));
    expect(stats.totalForms).toBeGreaterThan(5);
    expect(stats.pendingForms).toBeGreaterThan(0);
    expect(stats.pendingForms).toBeLessThan(stats.totalEmployees);
  });
});
