import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PayrollRun, SessionUser, Shift, TenantEarningRow } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * Every input of pay marks a processed employee stale with its reason (DESIGN §10, a
 * month's life): November is processed on 30 November 2026; each kind of change is made through HTTP,
 * the run counts the employee stale with the reason naming what, when and who, finalize refuses naming
 * the employee, and process-stale takes the change in. A draft month and a finalized one get no mark,
 * and another organisation's changes never mark ours.
 */
describe.each(BACKENDS)('stale marks for every input of pay (%s)', (backend) => {
  let t: TestApp;
  interface Org {
    admin: SessionUser;
    asha: string;
    bala: string;
    basicId: string;
    run: PayrollRun;
  }
  const orgs: Org[] = [];
  const call = (admin: SessionUser, method: string, url: string, body?: unknown) => t.call(method, url, { token: admin.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { data: T }).data;
  };
  const marks = (tenantId: string) => queryRows<{ user_id: string; month: string; reason: string }>(t.database.db, sql`SELECT user_id, month, reason FROM payroll_stale_inputs WHERE tenant_id = ${tenantId} ORDER BY marked_at, id`);
  const person = (o: { domain: string; first: string; last: string; number: string; pan: string }, basicId: string) => ({
    firstName: o.first,
    lastName: o.last,
    email: `${o.first.toLowerCase()}@${o.domain}`,
    dateOfJoining: '2025-01-06',
    experience: 1,
    employeeNumber: o.number,
    pan: o.pan,
    bankAccountNumber: '001234567890',
    bankName: 'Canara Bank',
    annualCTC: 360_000,
    regimeType: 1,
    earningAssociations: [{ tenantEarningId: basicId, calculationType: 3, calculationValue: 180_000 }],
  });

  const organisation = async (name: string, first: string): Promise<Org> => {
    const domain = `${name.toLowerCase().replace(/\s+/g, '')}.example.in`;
    const admin = await t.registerOrganisation({ organizationName: name, firstName: first, lastName: 'Rao', email: `${first.toLowerCase()}@${domain}` });
    await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'enterprise'), is_trial = false, end_at = NULL WHERE tenant_id = ${admin.tenantId}`);
    await t.database.db.execute(sql`UPDATE statutory_components SET is_enabled = false WHERE tenant_id = ${admin.tenantId}`);
    const earnings = data<TenantEarningRow[]>(await call(admin, 'GET', '/SalaryComponents/earnings'));
    const basicId = earnings.find((e) => e.earningCategory === 'basic')?.id ?? '';
    const hire = async (p: Parameters<typeof person>[0]) => {
      const hired = data<{ id?: string; userId?: string }>(await call(admin, 'POST', '/Users/restricted', person(p, basicId)));
      return hired.userId ?? hired.id ?? '';
    };
    const asha = await hire({ domain, first: 'Asha', last: 'Menon', number: 'ST1', pan: 'ABCPE1234F' });
    const bala = await hire({ domain, first: 'Bala', last: 'Iyer', number: 'ST2', pan: 'ABCPI1234F' });
    await t.database.db.execute(sql`UPDATE users SET annual_ctc_paise = NULL WHERE id = ${admin.id}`);
    await call(admin, 'PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 10, lastPayrollYear: 2026 });
    await call(admin, 'POST', '/PayrollSetup/steps/salaryComponents/complete');
    await call(admin, 'POST', '/PayrollSetup/steps/statutoryComponents/complete');
    await call(admin, 'POST', '/PayrollSettings/mark-completed');
    await call(admin, 'POST', '/PayrollSetup/complete');
    const run = data<PayrollRun>(await call(admin, 'GET', '/PayrollRuns/current'));
    return { admin, asha, bala, basicId, run };
  };
  const ours = (): Org => {
    const o = orgs[0];
    if (!o) throw new Error('no organisation');
    return o;
  };
  const theirs = (): Org => {
    const o = orgs[1];
    if (!o) throw new Error('no organisation');
    return o;
  };
  const runOf = async (o: Org) => data<PayrollRun>(await call(o.admin, 'GET', `/PayrollRuns/${o.run.id}`));

  /** The change marks exactly these reasons; finalize refuses naming the employees; process-stale clears them. */
  const expectStale = async (o: Org, expected: { names: string[]; reason: string }) => {
    const found = await marks(o.admin.tenantId);
    expect(found.map((m) => m.reason)).toEqual(expected.names.map(() => expected.reason));
    expect(new Set(found.map((m) => m.month))).toEqual(new Set(['2026-11']));
    expect((await runOf(o)).staleCount).toBe(expected.names.length);
    const refused = await call(o.admin, 'POST', `/PayrollRuns/${o.run.id}/finalize`);
    expect(refused.statusCode).toBe(409);
    for (const name of expected.names) expect(refused.json().message).toContain(name);
    const again = data<PayrollRun>(await call(o.admin, 'POST', `/PayrollRuns/${o.run.id}/process-stale`));
    expect(again.staleCount).toBe(0);
    expect(await marks(o.admin.tenantId)).toEqual([]);
    // The other organisation's run was never touched.
    expect(await marks(theirs().admin.tenantId)).toEqual([]);
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    // 30 November 2026: November's payroll may run (the month has begun).
    t.clock.set(new Date('2026-11-30T06:00:00Z'));
    orgs.push(await organisation('Kaveri Looms', 'Anita'));
    orgs.push(await organisation('Tapti Mills', 'Ravi'));
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('a change while the month is a draft marks nothing (processing reads it anyway)', async () => {
    const o = ours();
    const res = await call(o.admin, 'PUT', `/Users/${o.asha}`, person({ domain: 'kaverilooms.example.in', first: 'Asha', last: 'Menon', number: 'ST1', pan: 'ABCPE9999F' }, o.basicId));
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await marks(o.admin.tenantId)).toEqual([]);
    for (const org of orgs) {
      expect((await call(org.admin, 'POST', `/PayrollRuns/${org.run.id}/process`)).statusCode).toBe(202);
      expect(await runOf(org)).toMatchObject({ status: 'processed', employeeCount: 2, staleCount: 0 });
    }
  });

  it('bank account, IFSC, PAN, UAN or ESI number changed through PUT /Users/:id', async () => {
    const o = ours();
    const form = { ...person({ domain: 'kaverilooms.example.in', first: 'Asha', last: 'Menon', number: 'ST1', pan: 'ABCPE1234F' }, o.basicId), bankAccountNumber: '009999999999' };
    expect(data(await call(o.admin, 'PUT', `/Users/${o.asha}`, form))).toBeTruthy();
    // The bank account waits for a second person (issue 30 §4): the month is stale for the PAN now, for the
    // account when the change takes effect (bank-changes.int.test.ts).
    await expectStale(o, { names: ['Asha Menon'], reason: 'PAN changed by Anita Rao' });
    // The same record again changes nothing payroll reads: no mark.
    data(await call(o.admin, 'PUT', `/Users/${o.asha}`, form));
    expect(await marks(o.admin.tenantId)).toEqual([]);
  });

  it('an attendance log of the period decided by an administrator', async () => {
    const o = ours();
    const [log] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO time_logs (tenant_id, user_id, work_date, check_in, check_out, source, approval_status)
          VALUES (${o.admin.tenantId}, ${o.bala}, '2026-11-12', '2026-11-12T04:30:00Z', '2026-11-12T13:30:00Z', 'manual', 1) RETURNING id`,
    );
    data(await call(o.admin, 'POST', '/Attendances/approval', { attendanceIdCsv: log?.id ?? '', status: 2 }));
    await expectStale(o, { names: ['Bala Iyer'], reason: 'Attendance logs of 12 Nov 2026 approved by Anita Rao' });
  });

  it('a holiday added, moved and removed in the period marks every employee of the run', async () => {
    const o = ours();
    const holiday = data<{ id: string }>(await call(o.admin, 'POST', '/Holidays', { date: '2026-11-20', name: 'Founders Day', description: null, isOptional: false }));
    await expectStale(o, { names: ['Asha Menon', 'Bala Iyer'], reason: 'Holiday Founders Day added on 20 Nov 2026 by Anita Rao' });
    data(await call(o.admin, 'PUT', `/Holidays/${holiday.id}`, { date: '2026-11-23', name: 'Founders Day', description: null, isOptional: false }));
    await expectStale(o, { names: ['Asha Menon', 'Bala Iyer'], reason: 'Holiday Founders Day moved from 20 Nov 2026 to 23 Nov 2026 by Anita Rao' });
    // A new name changes no day.
    data(await call(o.admin, 'PUT', `/Holidays/${holiday.id}`, { date: '2026-11-23', name: 'Foundation Day', description: null, isOptional: false }));
    expect(await marks(o.admin.tenantId)).toEqual([]);
    expect((await call(o.admin, 'DELETE', `/Holidays/${holiday.id}`)).statusCode).toBeLessThan(300);
    await expectStale(o, { names: ['Asha Menon', 'Bala Iyer'], reason: 'Holiday Foundation Day on 23 Nov 2026 removed by Anita Rao' });
    // A holiday of the next month's days reaches no processed run.
    data(await call(o.admin, 'POST', '/Holidays', { date: '2026-12-25', name: 'Christmas', description: null, isOptional: false }));
    expect(await marks(o.admin.tenantId)).toEqual([]);
  });

  it('a shift assigned over days of the period that have passed', async () => {
    const o = ours();
    const general = data<Shift[]>(await call(o.admin, 'GET', '/Shifts')).find((s) => s.isDefault);
    const res = await call(o.admin, 'POST', '/Shifts/assign/employees', { employeeIds: [o.asha], shiftId: general?.id, startDate: '2026-11-16', endDate: null, notes: null, updateAttendance: true });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await expectStale(o, { names: ['Asha Menon'], reason: `Shift ${general?.shiftName ?? ''} assigned from 16 Nov 2026 by Anita Rao` });
  });

  it('a salary revision effective in the period', async () => {
    const o = ours();
    const revise = (effectiveFrom: string, annualCTC: number) =>
      call(o.admin, 'POST', `/Users/${o.bala}/salary-revisions`, {
        effectiveFrom,
        annualCTC,
        regimeType: 1,
        earningAssociations: [{ tenantEarningId: o.basicId, calculationType: 3, calculationValue: annualCTC / 2 }],
      });
    expect((await revise('2026-11-01', 420_000)).statusCode).toBe(201);
    await expectStale(o, { names: ['Bala Iyer'], reason: 'Salary revised from 01 Nov 2026 by Anita Rao' });
  });

  it('an investment declaration decided and its proofs reviewed (the year’s TDS)', async () => {
    const o = ours();
    const [declaration] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO tax_declarations (tenant_id, user_id, financial_year_start, status, is_draft, is_submitted, income_other_sources_paise, is_poi_form_submitted)
          VALUES (${o.admin.tenantId}, ${o.asha}, 2026, 1, false, true, 5000000, true) RETURNING id`,
    );
    const id = declaration?.id ?? '';
    data(await call(o.admin, 'PUT', `/ITDeclaration/team/${id}/status`, { status: 4 }));
    await expectStale(o, { names: ['Asha Menon'], reason: 'Investment declaration for FY 2026-27 approved by Anita Rao' });
    data(await call(o.admin, 'PUT', `/POI/review/${id}`, { items: [{ itemId: 'incomeOtherSources', isApproved: true }] }));
    await expectStale(o, { names: ['Asha Menon'], reason: 'Investment proofs for FY 2026-27 reviewed by Anita Rao' });
  });

  it('a reimbursement claim approved (paid by the open month); a rejection marks nothing', async () => {
    const o = ours();
    const type = data<{ id: string }>(await call(o.admin, 'POST', '/ReimbursementTypes', { name: 'Phone', description: null, maxLimit: '5000' }));
    const claim = async () => {
      const [row] = await queryRows<{ id: string }>(
        t.database.db,
        sql`INSERT INTO reimbursement_requests (tenant_id, user_id, type_id, amount_paise, reason, status, claimed_on, financial_year)
            VALUES (${o.admin.tenantId}, ${o.bala}, ${type.id}, 120000, 'Phone bill', 1, '2026-11-05', '2026-27') RETURNING id`,
      );
      return row?.id ?? '';
    };
    data(await call(o.admin, 'PUT', `/ReimbursementRequests/${await claim()}/status`, { status: 3, remarks: 'Not this one' }));
    expect(await marks(o.admin.tenantId)).toEqual([]);
    data(await call(o.admin, 'PUT', `/ReimbursementRequests/${await claim()}/status`, { status: 2, remarks: null }));
    await expectStale(o, { names: ['Bala Iyer'], reason: 'Reimbursement claim of ₹1,200 approved by Anita Rao' });
  });

  it('a one-time adjustment re-computes the employee at once: nothing is left stale', async () => {
    const o = ours();
    const before = await runOf(o);
    data(await call(o.admin, 'POST', `/PayrollRuns/${o.run.id}/adjustments`, { userId: o.asha, kind: 'earning', category: 'bonus', label: 'Festival bonus', amount: 1000 }));
    expect(await runOf(o)).toMatchObject({ staleCount: 0, grossEarnings: before.grossEarnings + 1_000 });
  });

  it('finalize succeeds once nothing is stale; changes to the finalized month mark nothing', async () => {
    const o = ours();
    expect(data<PayrollRun>(await call(o.admin, 'POST', `/PayrollRuns/${o.run.id}/finalize`)).status).toBe('finalized');
    // December is a draft, November finalized: a late approval goes to December's processing, no mark.
    const type = data<{ id: string }[]>(await call(o.admin, 'GET', '/ReimbursementTypes?isAdminAccess=true'))[0];
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO reimbursement_requests (tenant_id, user_id, type_id, amount_paise, reason, status, claimed_on, financial_year)
          VALUES (${o.admin.tenantId}, ${o.asha}, ${type?.id ?? ''}, 50000, 'Late bill', 1, '2026-11-06', '2026-27') RETURNING id`,
    );
    data(await call(o.admin, 'PUT', `/ReimbursementRequests/${row?.id ?? ''}/status`, { status: 2, remarks: null }));
    expect((await call(o.admin, 'POST', `/Users/${o.asha}/salary-revisions`, { effectiveFrom: '2026-11-15', annualCTC: 480_000, regimeType: 1, earningAssociations: [{ tenantEarningId: o.basicId, calculationType: 3, calculationValue: 240_000 }] })).statusCode).toBe(201);
    expect(await marks(o.admin.tenantId)).toEqual([]);
  });

  it('the other organisation, processed all along, was never marked and finalizes', async () => {
    const o = theirs();
    expect(await runOf(o)).toMatchObject({ status: 'processed', staleCount: 0 });
    expect(data<PayrollRun>(await call(o.admin, 'POST', `/PayrollRuns/${o.run.id}/finalize`)).status).toBe('finalized');
  });
});
