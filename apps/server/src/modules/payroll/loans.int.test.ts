import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOAN_MSG, type ExitSettlement, type Loan, type PayrollRun, type Payslip, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * Loans and salary advances over HTTP, in the demo organisation's April 2026 run
 * (FY 2026-27). Aditi (the member) takes a ₹1,00,000 loan at 12% over 12 months (EMI ₹8,885:
 * instalment 1 is ₹7,885 principal + ₹1,000 interest, balance ₹92,115; instalment 2 ₹7,964 + ₹921,
 * balance ₹84,151 — loans.test.ts) and an interest-free ₹30,000 salary advance at ₹10,000 a month,
 * SBI rate 11%: April's perquisite is ₹20,000 × 11% ÷ 12 = ₹183.33 → ₹183 (the loans together are
 * above ₹20,000).
 */
describe.each(BACKENDS)('loans and advances (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let april: PayrollRun;
  let loan: Loan;
  let advance: Loan;

  const as = (user: SessionUser, method: string, url: string, body?: unknown) => t.call(method, url, { token: user.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const loanBody = (overrides: Record<string, unknown> = {}) => ({
    userId: member.id,
    kind: 'loan',
    purpose: 'personal',
    amount: 100_000,
    startMonth: '2026-04',
    termsBy: 'instalments',
    instalments: 12,
    interestRate: 12,
    sbiRate: 12,
    ...overrides,
  });
  const recoveries = (month: string) =>
    queryRows<{ loan_id: string; status: string; instalment_no: number; amount_paise: string; balance_after_paise: string }>(
      t.database.db,
      sql`SELECT loan_id, status, instalment_no, amount_paise::text, balance_after_paise::text FROM loan_recoveries WHERE tenant_id = ${admin.tenantId} AND month = ${month} ORDER BY loan_recoveries.amount_paise DESC`,
    );
  const memberPayslip = async (run: PayrollRun): Promise<Payslip> => {
    const [row] = data<{ payslipId: string | null }[]>(await as(admin, 'GET', `/PayrollRuns/${run.id}/employees?search=aditi`));
    return data<Payslip>(await as(admin, 'GET', `/Payslips/${row?.payslipId ?? ''}`));
  };
  const process = async (run: PayrollRun) => {
    expect((await as(admin, 'POST', `/PayrollRuns/${run.id}/process`)).statusCode).toBe(202);
    await t.drainJobs();
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: new Date('2026-05-04T06:00:00Z') });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
    for (const [method, url, body] of [
      ['PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 3, lastPayrollYear: 2026 }],
      ['POST', '/PayrollSetup/steps/salaryComponents/complete'],
      ['POST', '/PayrollSetup/steps/statutoryComponents/complete'],
      ['POST', '/PayrollSettings/mark-completed'],
      ['POST', '/PayrollSetup/complete'],
    ] as const) {
      const res = await as(admin, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    }
    april = data<PayrollRun>(await as(admin, 'GET', '/PayrollRuns/current'));
    expect(april).toMatchObject({ month: '2026-04', status: 'draft' });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('refuses bad input with the field and its message, and records nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [loanBody({ userId: undefined }), `userId: ${LOAN_MSG.employeeRequired}`],
      [loanBody({ kind: 'gift' }), `kind: ${LOAN_MSG.kindRequired}`],
      [loanBody({ purpose: undefined }), `purpose: ${LOAN_MSG.purposeRequired}`],
      [loanBody({ amount: 0 }), `amount: ${LOAN_MSG.amountInvalid}`],
      [loanBody({ amount: 1000.5 }), `amount: ${LOAN_MSG.amountInvalid}`],
      [loanBody({ amount: 1_00_00_001 }), `amount: ${LOAN_MSG.amountInvalid}`],
      [loanBody({ startMonth: '' }), `startMonth: ${LOAN_MSG.startMonthRequired}`],
      [loanBody({ startMonth: '2026-13' }), `startMonth: ${LOAN_MSG.startMonthInvalid}`],
      [loanBody({ termsBy: 'weekly' }), `termsBy: ${LOAN_MSG.termsByRequired}`],
      [loanBody({ instalments: null }), `instalments: ${LOAN_MSG.instalmentsInvalid}`],
      [loanBody({ instalments: 241 }), `instalments: ${LOAN_MSG.instalmentsInvalid}`],
      [loanBody({ termsBy: 'emi', emi: null }), `emi: ${LOAN_MSG.emiInvalid}`],
      [loanBody({ termsBy: 'emi', emi: 100_001 }), `emi: ${LOAN_MSG.emiAboveAmount}`],
      [loanBody({ termsBy: 'emi', emi: 1_000 }), `emi: ${LOAN_MSG.emiTooLow}`],
      [loanBody({ termsBy: 'emi', emi: 400, interestRate: 0 }), `emi: ${LOAN_MSG.tooManyInstalments}`],
      [loanBody({ interestRate: 50.5 }), `interestRate: ${LOAN_MSG.rateInvalid}`],
      [loanBody({ interestRate: 8.125 }), `interestRate: ${LOAN_MSG.rateInvalid}`],
      [loanBody({ sbiRate: null }), `sbiRate: ${LOAN_MSG.sbiRateRequired}`],
      [loanBody({ sbiRate: -1 }), `sbiRate: ${LOAN_MSG.sbiRateInvalid}`],
      [loanBody({ note: 'x'.repeat(501) }), `note: ${LOAN_MSG.noteTooLong}`],
      [loanBody({ userId: '00000000-0000-4000-8000-000000000000' }), `userId: ${LOAN_MSG.employeeNotFound}`],
      [loanBody({ userId: other.id }), `userId: ${LOAN_MSG.employeeNotFound}`],
      [loanBody({ startMonth: '2026-03' }), `startMonth: ${LOAN_MSG.startMonthClosed('March 2026')}`],
    ];
    for (const [body, message] of cases) {
      const res = await as(admin, 'POST', '/Loans', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    // Small and medical loans need no SBI rate.
    expect(data<Loan[]>(await as(admin, 'GET', '/Loans'))).toEqual([]);
  });

  it('the Administrator records a loan and an advance; the schedule and balance are shown', async () => {
    const created = await as(admin, 'POST', '/Loans', loanBody({ note: 'Two-wheeler' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(LOAN_MSG.recorded);
    loan = data<Loan>(created);
    expect(loan).toMatchObject({ kind: 'loan', amount: 100_000, instalments: 12, emi: 8_885, interestRate: 12, sbiRate: 12, status: 'active', balance: 100_000, recoveredCount: 0 });
    expect(loan.nextInstalment).toEqual({ no: 1, amount: 8_885, month: '2026-04' });
    expect(loan.schedule[11]).toMatchObject({ no: 12, month: '2027-03', amount: 8_884, closing: 0 });
    advance = data<Loan>(await as(admin, 'POST', '/Loans', loanBody({ kind: 'advance', amount: 30_000, termsBy: 'emi', emi: 10_000, instalments: undefined, interestRate: 0, sbiRate: 11 })));
    expect(advance).toMatchObject({ kind: 'advance', instalments: 3, emi: 10_000, interestRate: 0 });
    const small = await as(admin, 'POST', '/Loans', loanBody({ userId: moderator.id, kind: 'advance', amount: 5_000, instalments: 1, interestRate: 0, sbiRate: null }));
    expect(small.statusCode, small.body).toBe(201);
    expect(data<Loan>(await as(admin, 'POST', `/Loans/${data<Loan>(small).id}/cancel`))).toMatchObject({ status: 'cancelled', nextInstalment: null });
  });

  it('roles: moderators see loans but cannot record them; members see only their own', async () => {
    expect((await as(moderator, 'GET', '/Loans')).statusCode).toBe(200);
    expect((await as(moderator, 'POST', '/Loans', loanBody())).statusCode).toBe(403);
    expect((await as(moderator, 'PUT', `/Loans/${loan.id}`, loanBody())).statusCode).toBe(403);
    expect((await as(moderator, 'POST', `/Loans/${loan.id}/cancel`)).statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', '/Loans'],
      ['GET', `/Loans/${loan.id}`],
      ['POST', '/Loans'],
      ['PUT', `/Loans/${loan.id}`],
      ['POST', `/Loans/${loan.id}/cancel`],
    ] as const) {
      expect((await as(member, method, url, method === 'GET' ? undefined : loanBody())).statusCode, `${method} ${url}`).toBe(403);
    }
    const mine = data<Loan[]>(await as(member, 'GET', '/Loans/mine'));
    expect(mine.map((l) => l.id).sort()).toEqual([loan.id, advance.id].sort());
    // The moderator's own cancelled advance is not listed; nobody else's loans are.
    expect(data<Loan[]>(await as(moderator, 'GET', '/Loans/mine'))).toEqual([]);
  });

  it('another organisation can neither see nor change the loans', async () => {
    expect(data<Loan[]>(await as(other, 'GET', '/Loans'))).toEqual([]);
    expect((await as(other, 'GET', `/Loans/${loan.id}`)).statusCode).toBe(404);
    expect((await as(other, 'PUT', `/Loans/${loan.id}`, { ...loanBody(), userId: undefined })).statusCode).toBe(404);
    expect((await as(other, 'POST', `/Loans/${loan.id}/cancel`)).statusCode).toBe(404);
    expect(data<Loan>(await as(admin, 'GET', `/Loans/${loan.id}`)).status).toBe('active');
  });

  it('processing takes each instalment once, however often the month is processed again', async () => {
    await process(april);
    const slip = await memberPayslip(april);
    const lines = slip.lines.filter((l) => l.code === 'LOAN_RECOVERY');
    expect(lines.map((l) => [l.label, l.amount])).toEqual([
      ['Loan recovery', 8_885],
      ['Salary advance recovery', 10_000],
    ]);
    expect(lines[0]?.explanation).toEqual(['Instalment 1 of 12: principal ₹7,885 + interest ₹1,000 at 12.00% a year on ₹1,00,000 = ₹8,885', 'Balance after this instalment ₹92,115']);
    expect(lines[1]?.explanation).toContain('Perquisite s.17(2)(viii), rule 3(7)(i): balance ₹20,000 at the month\'s end × SBI rate 11.00% ÷ 12 = ₹183');
    expect(slip.tdsExplanation.join('\n')).toContain('Perquisite of concessional loans this month (s.17(2)(viii), rule 3(7)(i)) ₹183');
    await process(april);
    await process(april);
    expect((await as(admin, 'POST', `/PayrollRuns/${april.id}/employees/${member.id}/process`)).statusCode).toBe(200);
    const rows = await recoveries('2026-04');
    expect(rows.map((r) => [r.status, r.instalment_no, Number(r.amount_paise) / 100])).toEqual([
      ['recovered', 1, 10_000],
      ['recovered', 1, 8_885],
    ]);
    expect((await memberPayslip(april)).lines.filter((l) => l.code === 'LOAN_RECOVERY')).toHaveLength(2);
    // The database itself refuses a second deduction of the month.
    await expect(
      t.database.db.execute(sql`INSERT INTO loan_recoveries (tenant_id, loan_id, user_id, run_id, payslip_id, month, instalment_no, status, amount_paise, principal_paise, interest_paise, balance_after_paise)
        SELECT tenant_id, loan_id, user_id, run_id, payslip_id, month, 2, status, amount_paise, principal_paise, interest_paise, balance_after_paise FROM loan_recoveries WHERE loan_id = ${loan.id}`),
    ).rejects.toThrow();
  });

  it('a payout hold still recovers; a processing hold leaves the month out and loses nothing', async () => {
    expect((await as(admin, 'PUT', `/PayrollRuns/${april.id}/holds/${member.id}`, { kind: 'payout', reason: 'Bank details' })).statusCode).toBe(200);
    expect((await recoveries('2026-04')).map((r) => r.status)).toEqual(['recovered', 'recovered']);
    expect((await as(admin, 'PUT', `/PayrollRuns/${april.id}/holds/${member.id}`, { kind: 'processing', reason: 'Query' })).statusCode).toBe(200);
    expect(await recoveries('2026-04')).toEqual([]);
    expect((await as(admin, 'DELETE', `/PayrollRuns/${april.id}/holds/${member.id}`)).statusCode).toBe(200);
    expect(await recoveries('2026-04')).toHaveLength(2);
  });

  it('a month whose pay cannot cover the instalments defers them whole, and takes them when it can', async () => {
    const slip = await memberPayslip(april);
    const withoutLoans = slip.netPay + 8_885 + 10_000;
    const added = await as(admin, 'POST', `/PayrollRuns/${april.id}/adjustments`, { userId: member.id, kind: 'deduction', category: 'other', label: 'Notice pay recovery', amount: withoutLoans - 5_000 });
    expect(added.statusCode, added.body).toBe(201);
    expect((await recoveries('2026-04')).map((r) => [r.status, Number(r.amount_paise)])).toEqual([
      ['deferred', 0],
      ['deferred', 0],
    ]);
    const deferred = await memberPayslip(april);
    expect(deferred.netPay).toBe(5_000);
    expect(deferred.lines.find((l) => l.code === 'LOAN_RECOVERY')?.explanation[0]).toContain('deferred');
    expect((await as(admin, 'DELETE', `/PayrollRuns/${april.id}/adjustments/${data<{ id: string }>(added).id}`)).statusCode).toBe(200);
    expect((await recoveries('2026-04')).map((r) => r.status)).toEqual(['recovered', 'recovered']);
  });

  it('finalized: balances move, the employee sees them, the recoveries never change and May takes instalment 2', async () => {
    expect((await as(admin, 'POST', `/PayrollRuns/${april.id}/finalize`)).statusCode).toBe(200);
    await expect(t.database.db.execute(sql`UPDATE loan_recoveries SET amount_paise = 1 WHERE loan_id = ${loan.id}`)).rejects.toThrow();
    const mine = data<Loan[]>(await as(member, 'GET', '/Loans/mine'));
    const l = mine.find((x) => x.id === loan.id);
    const a = mine.find((x) => x.id === advance.id);
    expect(l).toMatchObject({ recoveredCount: 1, recoveredPrincipal: 7_885, recoveredInterest: 1_000, balance: 92_115, nextInstalment: { no: 2, amount: 8_885, month: '2026-05' } });
    expect(l?.schedule[0]).toMatchObject({ status: 'recovered', month: '2026-04' });
    expect(a).toMatchObject({ recoveredCount: 1, balance: 20_000, perquisiteThisYear: 183 });
    // Terms are fixed once an instalment is recovered; the SBI rate and the note still change.
    const locked = await as(admin, 'PUT', `/Loans/${loan.id}`, { ...loanBody({ instalments: 24 }), userId: undefined });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(LOAN_MSG.termsLocked);
    expect(data<Loan>(await as(admin, 'PUT', `/Loans/${loan.id}`, { ...loanBody({ sbiRate: 11.5, note: 'SBI rate corrected' }), userId: undefined }))).toMatchObject({ sbiRate: 11.5, note: 'SBI rate corrected' });
    expect((await as(admin, 'POST', `/Loans/${loan.id}/cancel`)).json().message).toBe(LOAN_MSG.notCancellable);

    const may = data<PayrollRun>(await as(admin, 'GET', '/PayrollRuns/current'));
    expect(may.month).toBe('2026-05');
    await process(may);
    expect((await recoveries('2026-05')).map((r) => [r.instalment_no, Number(r.amount_paise) / 100, Number(r.balance_after_paise) / 100])).toEqual([
      [2, 10_000, 10_000],
      [2, 8_885, 84_151],
    ]);
  });

  it('the full-and-final settlement recovers the balance after the finalized months', async () => {
    const res = await as(admin, 'POST', '/ExitSettlements', { userId: member.id, reason: 'resignation', resignationDate: '2026-05-01', lastWorkingDay: '2026-05-31', noticeRequiredDays: 30, noticeServedDays: 30 });
    expect(res.statusCode, res.body).toBe(201);
    const line = data<ExitSettlement>(res).lines.find((x) => x.code === 'LOAN_RECOVERY');
    // 92,115 + 20,000.
    expect(line?.amount).toBe(1_12_115);
    expect(line?.explanation.join(' ')).toContain('1 of 12 instalments recovered, balance ₹92,115');
    expect((await as(admin, 'DELETE', `/ExitSettlements/${data<ExitSettlement>(res).id}`)).statusCode).toBe(200);
  });

  it("the perquisite this year follows the organisation's financial year: it turns at midnight IST on 1 April, not UTC's", async () => {
    const perquisite = async (instant: string) => {
      t.clock.set(new Date(instant));
      // A fresh sign-in: the earlier sessions have expired by next March.
      const me = await t.login(DEMO_LOGINS.member);
      return data<Loan[]>(await as(me, 'GET', '/Loans/mine')).find((x) => x.id === advance.id)?.perquisiteThisYear;
    };
    // 23:59 IST on 31 March 2027: still FY 2026-27, which holds April 2026's finalized ₹183.
    expect(await perquisite('2027-03-31T18:29:00Z')).toBe(183);
    // 00:01 IST on 1 April 2027 (still 31 March in UTC): FY 2027-28 has recovered nothing yet.
    expect(await perquisite('2027-03-31T18:31:00Z')).toBe(0);
  });
});
