import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SETTLEMENT_MSG, type ExitSettlement, type PayrollEmployeeRow, type PayrollRun, type Payslip, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * Leavers in the run and full-and-final settlement over HTTP.
 *
 * Ganga Textiles runs September 2026 (30 days) with statutory components off. The default structure
 * of a ₹6,00,000 CTC: Basic ₹25,000, HRA ₹12,500, Conveyance ₹1,600, Medical ₹1,250, Fixed allowance
 * ₹9,650; gross ₹50,000 (see payroll.int.test.ts). Asha joined on 1 February 2019, resigned on
 * 12 August 2026 with 60 days' notice required and leaves on 10 September 2026 (30 days served).
 * Worked by hand:
 *  - service 1 Feb 2019 – 10 Sep 2026 = 7 years 7 months 10 days → 8 years (Code on Social Security s.53(2));
 *    wages (s.2(88)): Basic ₹25,000, the other ₹25,000 exactly one-half of the pay, nothing added back;
 *    gratuity 15/26 × ₹25,000 × 8 = ₹1,15,384.62 → ₹1,15,385, exempt u/s 10(10)(ii);
 *  - leave: 12 days of Privilege Leave (encashable) × ₹25,000 ÷ 30 = ₹10,000, exempt u/s 10(10AA);
 *  - notice: 60 − 30 = 30 days short × ₹50,000 ÷ 30 = ₹50,000 recovered;
 *  - nothing taxable: TDS ₹0; net ₹1,15,385 + ₹10,000 − ₹50,000 = ₹75,385.
 *  - September in the run: each earning × 10 of 30 days: 8,333 + 4,167 + 533 + 417 + 3,217 = ₹16,667.
 */
describe.each(BACKENDS)('leavers and full-and-final settlement (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let tenantId = '';
  const ids: Record<'asha' | 'bala' | 'dev', string> = { asha: '', bala: '', dev: '' };
  let september: PayrollRun;
  let settlement: ExitSettlement;

  const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token: admin.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const ashaExit = { reason: 'resignation', resignationDate: '2026-08-12', lastWorkingDay: '2026-09-10', noticeRequiredDays: 60, noticeServedDays: 30 };

  const hire = async (key: keyof typeof ids, first: string, joining: string | null) => {
    const res = await call('POST', '/Users/restricted', {
      firstName: first,
      lastName: 'Test',
      email: `${first.toLowerCase()}@ganga.example.in`,
      ...(joining ? { dateOfJoining: joining } : {}),
      experience: 2,
      employeeNumber: `GT${key.toUpperCase()}`,
      regimeType: 1,
      annualCTC: 600_000,
      pan: 'ABCPE1234F',
      bankAccountNumber: '001234567890',
      bankName: 'Canara Bank',
      ifscCode: 'CNRB0000002',
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const created = data<{ id?: string; userId?: string }>(res);
    ids[key] = created.userId ?? created.id ?? '';
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    t.clock.set(new Date('2026-10-05T06:00:00Z'));
    admin = await t.registerOrganisation({ organizationName: 'Ganga Textiles', firstName: 'Kiran', lastName: 'Das' });
    tenantId = admin.tenantId;
    await t.database.db.execute(sql`UPDATE statutory_components SET is_enabled = false WHERE tenant_id = ${tenantId}`);
    await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'enterprise'), is_trial = false, end_at = NULL WHERE tenant_id = ${tenantId}`);
    await hire('asha', 'Asha', '2019-02-01');
    await hire('bala', 'Bala', '2025-01-06');
    await hire('dev', 'Dev', '2025-03-03');
    await t.database.db.execute(sql`UPDATE users SET date_of_joining = NULL WHERE id = ${ids.dev}`);
    // Only Privilege Leave is encashable here (Earned Leave's accrual would make the balance depend on the date).
    await t.database.db.execute(sql`UPDATE leave_types SET is_encashable = false WHERE tenant_id = ${tenantId}`);
    const pl = await call('POST', '/LeaveTypes', { name: 'Privilege Leave', code: 'PL', isPaid: true, yearlyQuota: 0, isEncashable: true });
    expect(pl.statusCode, pl.body).toBe(201);
    expect(data<{ isEncashable: boolean }>(pl).isEncashable).toBe(true);
    await t.database.db.execute(sql`
      INSERT INTO leave_balances (tenant_id, user_id, leave_type_id, year, carried_forward, adjustment)
      SELECT ${tenantId}, ${ids.asha}, id, 2026, 0, 12 FROM leave_types WHERE tenant_id = ${tenantId} AND code = 'PL'`);
    for (const [method, url, body] of [
      ['PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 8, lastPayrollYear: 2026 }],
      ['POST', '/PayrollSetup/steps/salaryComponents/complete'],
      ['POST', '/PayrollSetup/steps/statutoryComponents/complete'],
      ['POST', '/PayrollSettings/mark-completed'],
      ['POST', '/PayrollSetup/complete'],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    }
    september = data<PayrollRun>(await call('GET', '/PayrollRuns/current'));
    expect(september).toMatchObject({ month: '2026-09', periodStart: '2026-09-01', periodEnd: '2026-09-30', status: 'draft' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('refuses bad input with a message naming the field, and records nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ashaExit }, `userId: ${SETTLEMENT_MSG.employeeRequired}`],
      [{ ...ashaExit, userId: ids.asha, reason: undefined }, `reason: ${SETTLEMENT_MSG.reasonRequired}`],
      [{ ...ashaExit, userId: ids.asha, reason: 'absconding' }, `reason: ${SETTLEMENT_MSG.reasonRequired}`],
      [{ ...ashaExit, userId: ids.asha, lastWorkingDay: undefined }, `lastWorkingDay: ${SETTLEMENT_MSG.lastWorkingDayRequired}`],
      [{ ...ashaExit, userId: ids.asha, lastWorkingDay: '2026-02-30' }, `lastWorkingDay: ${SETTLEMENT_MSG.dateInvalid}`],
      [{ ...ashaExit, userId: ids.asha, resignationDate: null }, `resignationDate: ${SETTLEMENT_MSG.resignationDateRequired}`],
      [{ ...ashaExit, userId: ids.asha, resignationDate: '2026-09-11' }, `resignationDate: ${SETTLEMENT_MSG.resignationAfterLastDay}`],
      [{ ...ashaExit, userId: ids.asha, noticeRequiredDays: 1.5 }, `noticeRequiredDays: ${SETTLEMENT_MSG.noticeDaysInvalid}`],
      [{ ...ashaExit, userId: ids.asha, noticeRequiredDays: 366 }, `noticeRequiredDays: ${SETTLEMENT_MSG.noticeDaysInvalid}`],
      [{ ...ashaExit, userId: ids.asha, resignationDate: '2026-09-01', noticeServedDays: 30 }, `noticeServedDays: ${SETTLEMENT_MSG.noticeServedTooLong(10)}`],
      [{ ...ashaExit, userId: ids.asha, remarks: 'x'.repeat(501) }, `remarks: ${SETTLEMENT_MSG.remarksTooLong}`],
      [{ ...ashaExit, userId: '00000000-0000-4000-8000-000000000000' }, `userId: ${SETTLEMENT_MSG.employeeNotFound}`],
      [{ ...ashaExit, userId: ids.dev }, `userId: ${SETTLEMENT_MSG.noJoiningDate}`],
      [{ ...ashaExit, userId: ids.asha, resignationDate: null, reason: 'retirement', lastWorkingDay: '2019-01-31' }, `lastWorkingDay: ${SETTLEMENT_MSG.lastDayBeforeJoining}`],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/ExitSettlements', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    await t.database.db.execute(sql`UPDATE users SET date_of_joining = '2025-03-03', annual_ctc_paise = NULL WHERE id = ${ids.dev}`);
    const noStructure = await call('POST', '/ExitSettlements', { ...ashaExit, userId: ids.dev });
    expect(noStructure.json().message).toBe(`userId: ${SETTLEMENT_MSG.noStructure}`);
    expect(data<ExitSettlement[]>(await call('GET', '/ExitSettlements'))).toEqual([]);
  });

  it('September processed before the exit is approved: Asha is paid the full month', async () => {
    expect((await call('POST', `/PayrollRuns/${september.id}/process`)).statusCode).toBe(202);
    const rows = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${september.id}/employees?search=asha`));
    expect(rows[0]).toMatchObject({ payableDays: 30, grossEarnings: 50_000 });
  });

  it('records the exit: a draft with every line explained (the worked example)', async () => {
    const res = await call('POST', '/ExitSettlements', { ...ashaExit, userId: ids.asha, remarks: 'Moving to Pune' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(SETTLEMENT_MSG.recorded);
    settlement = data<ExitSettlement>(res);
    expect(settlement).toMatchObject({
      employeeName: 'Asha Test',
      status: 'draft',
      reason: 'resignation',
      dateOfJoining: '2019-02-01',
      servicePeriod: '7 years 7 months 10 days',
      payable: 1_25_385,
      recoveries: 50_000,
      netPay: 75_385,
      taxable: 0,
      exempt: 1_25_385,
      tds: 0,
      remarks: 'Moving to Pune',
    });
    const line = (code: string) => settlement.lines.find((l) => l.code === code);
    expect(line('GRATUITY')?.amount).toBe(1_15_385);
    expect(line('GRATUITY')?.explanation).toContain('15/26 × last drawn wages ₹25,000 × 8 years = ₹1,15,385 (to the rupee)');
    expect(line('LEAVE_ENCASHMENT')?.amount).toBe(10_000);
    expect(line('LEAVE_ENCASHMENT')?.explanation[0]).toBe('Privilege Leave (PL): 12 days to credit');
    expect(line('NOTICE_RECOVERY')).toMatchObject({ section: 'recovery', amount: 50_000 });
    expect(line('REIMBURSEMENTS')?.explanation[0]).toBe('No approved reimbursement claims waiting to be paid');
    expect(line('LOAN_RECOVERY')).toMatchObject({ amount: 0 });
    expect(line('LOAN_RECOVERY')?.explanation[0]).toContain('No loans or advances outstanding');
    // Payroll starts in Tankha in September; its payslip is a draft: September is estimated, 10 of 30 days.
    expect(line('TDS')?.explanation).toContain('September 2026 not finalized yet: estimated at ₹50,000 × 10 of 30 days = ₹16,666.67');
    expect(settlement.finalSalaryNote).toContain('September 2026 payroll run');
    const again = await call('POST', '/ExitSettlements', { ...ashaExit, userId: ids.asha });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SETTLEMENT_MSG.exitExists);
  });

  it('a draft changes and recomputes; the employee is still paid in full until approval', async () => {
    const edited = await call('PUT', `/ExitSettlements/${settlement.id}`, { ...ashaExit, noticeServedDays: 15 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(data<ExitSettlement>(edited).recoveries).toBe(75_000);
    const back = await call('PUT', `/ExitSettlements/${settlement.id}`, ashaExit);
    expect(data<ExitSettlement>(back)).toMatchObject({ recoveries: 50_000, remarks: null });
    expect(data<ExitSettlement>(await call('POST', `/ExitSettlements/${settlement.id}/recompute`)).netPay).toBe(75_385);
    const [user] = await queryRows<{ d: string | null }>(t.database.db, sql`SELECT date_of_leaving::text AS d FROM users WHERE id = ${ids.asha}`);
    expect(user?.d).toBeNull();
  });

  it('approving sets the date of leaving and prorates September: each earning × 10 of 30 days', async () => {
    const res = await call('POST', `/ExitSettlements/${settlement.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SETTLEMENT_MSG.approved);
    expect(data<ExitSettlement>(res)).toMatchObject({ status: 'approved', approvedByName: 'Kiran Das', netPay: 75_385 });
    const [user] = await queryRows<{ d: string | null }>(t.database.db, sql`SELECT date_of_leaving::text AS d FROM users WHERE id = ${ids.asha}`);
    expect(user?.d).toBe('2026-09-10');
    const [row] = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${september.id}/employees?search=asha`));
    expect(row).toMatchObject({ daysInPeriod: 30, payableDays: 10, lopDays: 0, grossEarnings: 16_667 });
    const slip = data<Payslip>(await call('GET', `/Payslips/${row?.payslipId ?? ''}`));
    const earnings = Object.fromEntries(slip.lines.filter((l) => l.section === 'earning').map((l) => [l.code, l.amount]));
    // 25,000 × 10/30 = 8,333.33; 12,500 × 10/30 = 4,166.67; 1,600 × 10/30 = 533.33; 1,250 × 10/30 = 416.67; 9,650 × 10/30 = 3,216.67.
    expect(Object.values(earnings).sort((a, b) => a - b)).toEqual([417, 533, 3_217, 4_167, 8_333]);
    const run = data<PayrollRun>(await call('GET', `/PayrollRuns/${september.id}`));
    // Bala 50,000 + Asha 16,667 (Dev has no structure).
    expect(run.grossEarnings).toBe(66_667);
  });

  it('an approved settlement is frozen: edits are refused, and the database refuses a change of its figures', async () => {
    for (const [method, url, body] of [
      ['PUT', `/ExitSettlements/${settlement.id}`, ashaExit],
      ['POST', `/ExitSettlements/${settlement.id}/recompute`, undefined],
      ['DELETE', `/ExitSettlements/${settlement.id}`, undefined],
      ['POST', `/ExitSettlements/${settlement.id}/approve`, undefined],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().message).toBe(SETTLEMENT_MSG.notDraft);
    }
    const error = await t.database.db.execute(sql`UPDATE exit_settlements SET net_paise = 1 WHERE id = ${settlement.id}`).then(
      () => null,
      (e: unknown) => e as Error & { cause?: Error },
    );
    expect(`${error?.message ?? ''} ${error?.cause?.message ?? ''}`).toMatch(/approved/);
  });

  it('the statement PDF downloads and is logged as a settlement report', async () => {
    const res = await call('GET', `/ExitSettlements/${settlement.id}/statement.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Full-and-Final-Settlement-GTASHA-2026-09-10.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const reports = await queryRows<{ kind: string; month: string; file_name: string; generated_by: string }>(
      t.database.db,
      sql`SELECT kind, month, file_name, generated_by::text FROM payroll_reports WHERE tenant_id = ${tenantId} AND kind = 'settlement'`,
    );
    expect(reports).toEqual([{ kind: 'settlement', month: '2026-09', file_name: 'Full-and-Final-Settlement-GTASHA-2026-09-10.pdf', generated_by: admin.id }]);
  });

  it('settled: the payment is recorded once', async () => {
    const bad = await call('POST', `/ExitSettlements/${settlement.id}/mark-settled`, { paidOn: '2026-09-12', reference: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('reference: Payment reference is required');
    const res = await call('POST', `/ExitSettlements/${settlement.id}/mark-settled`, { paidOn: '2026-09-12', reference: 'UTR1234' });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<ExitSettlement>(res)).toMatchObject({ status: 'settled', settledOn: '2026-09-12', paymentReference: 'UTR1234' });
    const twice = await call('POST', `/ExitSettlements/${settlement.id}/mark-settled`, { paidOn: '2026-09-12', reference: 'UTR1234' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(SETTLEMENT_MSG.notApproved);
  });

  it('after September is finalized, October leaves Asha out of the employees, the warnings and the payslips', async () => {
    expect((await call('POST', `/PayrollRuns/${september.id}/finalize`)).statusCode).toBe(200);
    const october = data<PayrollRun>(await call('GET', '/PayrollRuns/current'));
    expect(october.month).toBe('2026-10');
    // Kiran (administrator), Bala, Dev.
    expect(october.employeeCount).toBe(3);
    const names = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${october.id}/employees`)).map((r) => r.name);
    expect(names).not.toContain('Asha Test');
    expect(names).toContain('Bala Test');
    await t.database.db.execute(sql`UPDATE users SET pan = NULL WHERE id = ${ids.asha}`);
    const warned = data<{ name: string }[]>(await call('GET', `/PayrollRuns/${october.id}/warnings`)).map((w) => w.name);
    expect(warned).not.toContain('Asha Test');
    await call('POST', `/PayrollRuns/${october.id}/process`);
    const processed = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${october.id}/employees`));
    expect(processed.map((r) => r.name)).not.toContain('Asha Test');
    expect(processed.find((r) => r.name === 'Bala Test')?.grossEarnings).toBe(50_000);
  });

  it('a last working day in a finalized month is refused', async () => {
    const res = await call('POST', '/ExitSettlements', { reason: 'termination', lastWorkingDay: '2026-09-30', userId: ids.bala });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`lastWorkingDay: ${SETTLEMENT_MSG.lastDayInClosedMonth('September 2026')}`);
  });

  it('a fixed-term employee is paid gratuity after one year (Code on Social Security s.53(1)); others after five', async () => {
    // Bala joined 6 Jan 2025 and leaves 31 Oct 2026: 1 year 9 months 26 days → 2 years counted.
    // Wages: Basic ₹25,000 (the rest is exactly one-half of the pay); 15/26 × 25,000 × 2 = ₹28,846.15 → ₹28,846.
    const body = { userId: ids.bala, reason: 'resignation', resignationDate: '2026-10-01', lastWorkingDay: '2026-10-31', noticeRequiredDays: 30, noticeServedDays: 30 };
    const permanent = await call('POST', '/ExitSettlements', body);
    expect(permanent.statusCode, permanent.body).toBe(201);
    const draft = data<ExitSettlement>(permanent);
    expect(draft.lines.find((l) => l.code === 'GRATUITY')).toBeUndefined();
    // Bala is on a Contract; the organisation marks Contract as fixed-term employment.
    const types = data<{ id: string; name: string }[]>(await call('GET', '/EmploymentTypeSettings/employment-types'));
    const contract = types.find((x) => x.name === 'Contract')?.id ?? '';
    await t.database.db.execute(
      sql`INSERT INTO user_field_values (tenant_id, user_id, user_field_id, option_id, field_value)
          SELECT ${tenantId}, ${ids.bala}, f.id, ${contract}, 'Contract' FROM user_fields f WHERE f.tenant_id = ${tenantId} AND f.name = 'Employment Type'
          ON CONFLICT DO NOTHING`,
    );
    await t.database.db.execute(sql`UPDATE user_field_values SET option_id = ${contract}, field_value = 'Contract' WHERE user_id = ${ids.bala} AND user_field_id = (SELECT id FROM user_fields WHERE tenant_id = ${tenantId} AND name = 'Employment Type')`);
    // The exit-settlement category is saved whole: its current values and the new one.
    const saved = data<{ employmentTypeSettingId: number; employmentTypeIds: string; value: string }[]>(await call('GET', '/EmploymentTypeSettings/tenants'));
    const category = saved.filter((v) => [11, 12, 13].includes(v.employmentTypeSettingId)).map((v) => ({ employmentTypeSettingId: v.employmentTypeSettingId, employmentTypeIds: v.employmentTypeIds, value: v.value }));
    const marked = await call('PUT', '/EmploymentTypeSettings/tenants?settingCategory=5', [...category, { employmentTypeSettingId: 14, employmentTypeIds: contract, value: 'true' }]);
    expect(marked.statusCode, marked.body).toBeLessThan(300);
    const fixedTerm = data<ExitSettlement>(await call('POST', `/ExitSettlements/${draft.id}/recompute`));
    const gratuity = fixedTerm.lines.find((l) => l.code === 'GRATUITY');
    expect(gratuity?.amount).toBe(28_846);
    expect(gratuity?.explanation).toContain('Fixed-term employee: gratuity after 1 year of service instead of 5 (Code on Social Security s.53(1) proviso)');
    expect(gratuity?.explanation).toContain('15/26 × last drawn wages ₹25,000 × 2 years = ₹28,846 (to the rupee)');
    expect((await call('DELETE', `/ExitSettlements/${draft.id}`)).statusCode).toBe(200);
  });
});

describe.each(BACKENDS)('exit settlement permissions and tenancy (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;

  const as = (user: SessionUser, method: string, url: string, body?: unknown) => t.call(method, url, { token: user.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: new Date('2026-05-04T06:00:00Z') });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('a moderator records and downloads; only the administrator approves and settles; a member is refused everything; another organisation sees nothing', async () => {
    const body = { userId: member.id, reason: 'termination', lastWorkingDay: '2026-05-20', noticeRequiredDays: 30, noticeServedDays: 0 };
    const created = await as(moderator, 'POST', '/ExitSettlements', body);
    expect(created.statusCode, created.body).toBe(201);
    const id = data<ExitSettlement>(created).id;
    // Termination with 30 days short: pay in lieu of notice is a payable, taxable line.
    expect(data<ExitSettlement>(created).lines.find((l) => l.code === 'NOTICE_PAY')?.amount).toBeGreaterThan(0);
    expect((await as(moderator, 'GET', '/ExitSettlements')).json().totalRecords).toBe(1);
    expect((await as(moderator, 'GET', `/ExitSettlements/${id}/statement.pdf`)).statusCode).toBe(200);
    expect((await as(moderator, 'POST', `/ExitSettlements/${id}/approve`)).statusCode).toBe(403);
    expect((await as(moderator, 'POST', `/ExitSettlements/${id}/mark-settled`, { paidOn: '2026-05-21', reference: 'X1' })).statusCode).toBe(403);

    for (const [method, url, payload] of [
      ['GET', '/ExitSettlements', undefined],
      ['POST', '/ExitSettlements', body],
      ['GET', `/ExitSettlements/${id}`, undefined],
      ['PUT', `/ExitSettlements/${id}`, body],
      ['DELETE', `/ExitSettlements/${id}`, undefined],
      ['POST', `/ExitSettlements/${id}/recompute`, undefined],
      ['POST', `/ExitSettlements/${id}/approve`, undefined],
      ['POST', `/ExitSettlements/${id}/mark-settled`, { paidOn: '2026-05-21', reference: 'X1' }],
      ['GET', `/ExitSettlements/${id}/statement.pdf`, undefined],
    ] as const) {
      const res = await as(member, method, url, payload);
      expect(res.statusCode, `member ${method} ${url}`).toBe(403);
    }

    expect((await as(other, 'GET', '/ExitSettlements')).json().totalRecords).toBe(0);
    for (const [method, url] of [
      ['GET', `/ExitSettlements/${id}`],
      ['POST', `/ExitSettlements/${id}/approve`],
      ['GET', `/ExitSettlements/${id}/statement.pdf`],
      ['DELETE', `/ExitSettlements/${id}`],
    ] as const) {
      const res = await as(other, method, url);
      expect(res.statusCode, `other ${method} ${url}`).toBe(404);
    }
    const stranger = await as(other, 'POST', '/ExitSettlements', body);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(`userId: ${SETTLEMENT_MSG.employeeNotFound}`);

    const approved = await as(admin, 'POST', `/ExitSettlements/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const settled = await as(admin, 'POST', `/ExitSettlements/${id}/mark-settled`, { paidOn: '2026-05-21', reference: 'NEFT-77' });
    expect(data<ExitSettlement>(settled).status).toBe('settled');
  });

  it('a draft can be deleted; then the employee can have an exit recorded again', async () => {
    const body = { userId: moderator.id, reason: 'retirement', lastWorkingDay: '2026-06-30' };
    const created = await as(admin, 'POST', '/ExitSettlements', body);
    expect(created.statusCode, created.body).toBe(201);
    const id = data<ExitSettlement>(created).id;
    const removed = await as(admin, 'DELETE', `/ExitSettlements/${id}`);
    expect(removed.json().message).toBe(SETTLEMENT_MSG.deleted);
    expect((await as(admin, 'GET', `/ExitSettlements/${id}`)).statusCode).toBe(404);
    expect((await as(admin, 'POST', '/ExitSettlements', body)).statusCode).toBe(201);
  });
});
