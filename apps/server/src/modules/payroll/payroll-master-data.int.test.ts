import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BankFilePreview, EcrCheck, PayrollEmployeeRow, PayrollRun, PayrollWarning, Payslip, SessionUser } from '@tankha/contracts';
import { formatRupees } from '@tankha/domain';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * A payroll month you can trust, over HTTP on a fresh organisation with EPF
 * on and the other statutory components off, June 2026 run on 5 July:
 *   Asha   complete details; 1 day absent and 1 half day (1.5 days LOP); a ₹2,400 travel claim paid.
 *   Bala   hired with valid details; the record then holds an IFSC of no branch (HDFC0000000) and the
 *          UAN 12345 (data from before the checks, written straight into the database).
 *   Chitra no UAN though EPF is charged; a one-time ₹30,000 deduction (over half her wages).
 *   Dev    the account number 12 (old data).
 * Kiran, who registered the organisation, joined on the day of registration (July): not in June's run.
 */
const HDFC = 'HDFC0001753';

describe.each(BACKENDS)('payroll master data, the 50%% deduction guard and the ECR (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let outsider: SessionUser;
  let tenantId = '';
  let june: PayrollRun;
  const ids: Record<'asha' | 'bala' | 'chitra' | 'dev', string> = { asha: '', bala: '', chitra: '', dev: '' };

  const call = (method: string, url: string, body?: unknown, token = admin.token) => t.call(method, url, { token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const warnings = async () => {
    const res = await call('GET', `/PayrollRuns/${june.id}/warnings`);
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries(data<PayrollWarning[]>(res).map((w) => [w.name, w]));
  };
  const payslipOf = async (userId: string): Promise<Payslip> => {
    const rows = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${june.id}/employees?pageSize=100`));
    const row = rows.find((r) => r.userId === userId);
    return data<Payslip>(await call('GET', `/Payslips/${row?.payslipId ?? ''}`));
  };

  const hire = async (key: keyof typeof ids, first: string, extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/Users/restricted', {
      firstName: first,
      lastName: 'Test',
      email: `${first.toLowerCase()}@ganga-mills.example.in`,
      dateOfJoining: '2025-01-06',
      experience: 2,
      employeeNumber: `GM${key.toUpperCase()}`,
      regimeType: 1,
      annualCTC: 600_000,
      pan: 'ABCPE1234F',
      bankAccountNumber: '50100123456789',
      bankName: 'HDFC Bank',
      ifscCode: HDFC,
      uan: '100427607286',
      ...extra,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    ids[key] = data<{ userId: string }>(res).userId;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    t.clock.set(new Date('2026-07-05T06:00:00Z'));
    admin = await t.registerOrganisation({ organizationName: 'Ganga Mills', firstName: 'Kiran', lastName: 'Das' });
    outsider = await t.registerOrganisation({ organizationName: 'Elsewhere Mills', email: 'owner@elsewhere-mills.example.in' });
    tenantId = admin.tenantId;
    await t.database.db.execute(sql`UPDATE statutory_components SET is_enabled = (component = 'EPF') WHERE tenant_id = ${tenantId}`);
    await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'enterprise'), is_trial = false, end_at = NULL WHERE tenant_id = ${tenantId}`);
    await hire('asha', 'Asha', { uan: '1004 2760 7286' });
    await hire('bala', 'Bala', { uan: '100427607287', bankAccountNumber: '50100123456790' });
    await hire('chitra', 'Chitra', { uan: null, bankAccountNumber: '50100123456791' });
    await hire('dev', 'Dev', { uan: '100427607288', bankAccountNumber: '50100123456792' });
    // Records saved before the checks existed: the API refuses these now, the database still holds them.
    await t.database.db.execute(sql`UPDATE users SET ifsc_code = 'HDFC0000000', uan = '12345' WHERE id = ${ids.bala}`);
    await t.database.db.execute(sql`UPDATE users SET bank_account_number = '12' WHERE id = ${ids.dev}`);
    // Asha: absent on 9 June, half a day on 10 June.
    await t.database.db.execute(sql`
      INSERT INTO attendance_days (tenant_id, user_id, work_date, status, payable_fraction)
      VALUES (${tenantId}, ${ids.asha}, '2026-06-09', 'Absent', 0), (${tenantId}, ${ids.asha}, '2026-06-10', 'HalfDay', 0.5)`);
    // Asha's approved travel claim of ₹2,400, paid with June's salary.
    const type = await call('POST', '/ReimbursementTypes', { name: 'Travel', maxLimit: 0 });
    expect(type.statusCode, type.body).toBe(200);
    await t.database.db.execute(sql`
      INSERT INTO reimbursement_requests (tenant_id, user_id, type_id, amount_paise, reason, status, claimed_on, financial_year)
      VALUES (${tenantId}, ${ids.asha}, ${data<{ id: string }>(type).id}, 240000, 'Client visit', 2, '2026-06-20', '2026-27')`);

    const settings = await call('PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, payDay: -1, lastPayrollRunMonth: 5, lastPayrollYear: 2026 });
    expect(settings.statusCode, settings.body).toBe(200);
    await call('POST', '/PayrollSetup/steps/salaryComponents/complete');
    await call('POST', '/PayrollSetup/steps/statutoryComponents/complete');
    await call('POST', '/PayrollSettings/mark-completed');
    expect((await call('POST', '/PayrollSetup/complete')).statusCode).toBe(200);
    june = data<PayrollRun>(await call('GET', '/PayrollRuns/current'));
    expect(june.month).toBe('2026-06');
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('before processing: a warning per employee whose bank or statutory details would be refused, naming the value and what it holds', async () => {
    const byName = await warnings();
    expect(Object.keys(byName).sort()).toEqual(['Bala Test', 'Dev Test']);
    expect(byName['Bala Test']).toEqual({
      userId: ids.bala,
      name: 'Bala Test',
      employeeNumber: 'GMBALA',
      warnings: ['unknownIfsc', 'invalidUan'],
      messages: ['IFSC HDFC0000000 is not a known bank branch: its line is left out of the bank file until it is fixed', 'UAN 12345 is not 12 digits: EPFO refuses the ECR line'],
      bankLineHeld: true,
      deductions: null,
    });
    expect(byName['Dev Test']).toMatchObject({ warnings: ['invalidBankAccount'], messages: ['The bank account number is not 9 to 18 digits: its line is left out of the bank file until it is fixed'], bankLineHeld: true });
    // The run counts them, and the employee list filters to them.
    expect(data<PayrollRun>(await call('GET', `/PayrollRuns/${june.id}`)).warningCount).toBe(2);
    const filtered = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${june.id}/employees?filter=warnings`));
    expect(filtered.map((r) => [r.name, r.warnings])).toEqual([
      ['Bala Test', ['unknownIfsc', 'invalidUan']],
      ['Dev Test', ['invalidBankAccount']],
    ]);
  });

  it('after processing: EPF charged without a UAN, and deductions over half of the wages with the figures', async () => {
    const adjustment = await call('POST', `/PayrollRuns/${june.id}/adjustments`, { userId: ids.chitra, kind: 'deduction', category: 'other', label: 'Salary advance', amount: 30_000 });
    expect(adjustment.statusCode, adjustment.body).toBe(201);
    expect((await call('POST', `/PayrollRuns/${june.id}/process`)).statusCode).toBe(202);
    expect(data<PayrollRun>(await call('GET', `/PayrollRuns/${june.id}`))).toMatchObject({ status: 'processed', employeeCount: 4, warningCount: 3 });

    const chitra = await payslipOf(ids.chitra);
    // The guard's own figures: ₹30,000 and the EPF on a ₹50,000-CTC month are well over half of the wages.
    expect(chitra.totalDeductions).toBeGreaterThan(30_000);
    expect(chitra.totalDeductions / chitra.grossEarnings).toBeGreaterThan(0.5);
    const percent = Math.ceil((chitra.totalDeductions * 10_000) / chitra.grossEarnings) / 100;
    const byName = await warnings();
    expect(byName['Chitra Test']).toEqual({
      userId: ids.chitra,
      name: 'Chitra Test',
      employeeNumber: 'GMCHITRA',
      warnings: ['noUan', 'deductionsOverHalf'],
      messages: [
        'No UAN: EPF is deducted this month, and the ECR leaves out a member without one',
        `Deductions ${formatRupees(chitra.totalDeductions * 100)} are ${percent.toFixed(2)}% of wages ${formatRupees(chitra.grossEarnings * 100)}: more than the 50% the Code on Wages 2019 (s.18(2)) allows in a wage period`,
      ],
      bankLineHeld: false,
      deductions: { wages: chitra.grossEarnings, totalDeductions: chitra.totalDeductions, percent },
    });
    // Asha's claim is paid with her salary but is not wages: her deductions stay far below half.
    const asha = await payslipOf(ids.asha);
    expect(asha.lines.find((l) => l.code === 'REIMBURSEMENT')?.amount).toBe(2_400);
    expect(asha.lopDays).toBe(1.5);
    expect(byName['Asha Test']).toBeUndefined();
    const row = data<PayrollEmployeeRow[]>(await call('GET', `/PayrollRuns/${june.id}/employees?search=chitra`))[0];
    expect(row?.warnings).toEqual(['noUan', 'deductionsOverHalf']);
  });

  it('deductions over half of the wages: wages are gross less the reimbursement stored with the payslip, or summed from its lines on a payslip from before it was stored', async () => {
    const asha = await payslipOf(ids.asha);
    const [stored] = await t.database.db.execute(sql`SELECT id, deductions_paise::float8 AS d, reimbursed_paise::float8 AS r FROM payslips WHERE run_id = ${june.id} AND user_id = ${ids.asha}`).then((res) => (res as unknown as { rows: { id: string; d: number; r: number | null }[] }).rows);
    // Written with the payslip: the ₹2,400 of her claim's line.
    expect(stored?.r).toBe(240_000);
    // Deductions within half of her gross, but over half of gross less the ₹2,400: (gross ÷ 2 − ₹600) of (gross − ₹2,400).
    const grossPaise = Math.round(asha.grossEarnings * 100);
    const deductionsPaise = Math.floor(grossPaise / 2) - 60_000;
    const wages = (grossPaise - 240_000) / 100;
    const expected = { warnings: ['deductionsOverHalf'], deductions: { wages, totalDeductions: deductionsPaise / 100 } };
    try {
      await t.database.db.execute(sql`UPDATE payslips SET deductions_paise = ${deductionsPaise} WHERE id = ${stored?.id ?? ''}`);
      expect((await warnings())['Asha Test']).toMatchObject(expected);
      // A payslip of a month processed before reimbursed_paise was kept (null): the same wages, from its lines.
      await t.database.db.execute(sql`UPDATE payslips SET reimbursed_paise = NULL WHERE id = ${stored?.id ?? ''}`);
      expect((await warnings())['Asha Test']).toMatchObject(expected);
      // The stored sum is what is read: none stored, none taken off, and the deductions are within half of the gross.
      await t.database.db.execute(sql`UPDATE payslips SET reimbursed_paise = 0 WHERE id = ${stored?.id ?? ''}`);
      expect((await warnings())['Asha Test']).toBeUndefined();
    } finally {
      await t.database.db.execute(sql`UPDATE payslips SET deductions_paise = ${stored?.d ?? 0}, reimbursed_paise = ${stored?.r ?? null} WHERE id = ${stored?.id ?? ''}`);
    }
  });

  it('finalize goes ahead; the bank file holds the lines of the refused bank details and pays the rest', async () => {
    const finalized = await call('POST', `/PayrollRuns/${june.id}/finalize`);
    expect(finalized.statusCode, finalized.body).toBe(200);
    const res = await call('GET', `/PayrollRuns/${june.id}/bank-file/preview?scope=all`);
    expect(res.statusCode, res.body).toBe(200);
    const preview = data<BankFilePreview>(res);
    expect(preview.excluded.map((e) => [e.name, e.reason, e.reasonText]).sort()).toEqual([
      ['Bala Test', 'unknownIfsc', 'IFSC code is not a known bank branch'],
      ['Dev Test', 'invalidBankAccount', 'Bank account number is not valid'],
    ]);
    expect(preview.records.map((r) => [r.name, r.ifsc]).sort()).toEqual([
      ['Asha Test', HDFC],
      ['Chitra Test', HDFC],
    ]);
    const asha = await payslipOf(ids.asha);
    const chitra = await payslipOf(ids.chitra);
    expect(preview.total).toBeCloseTo(asha.netPay + chitra.netPay, 2);
  });

  it('ECR: gross wages without the reimbursement; 1.5 days of loss of pay are 2 NCP days', async () => {
    const res = await call('GET', `/PayrollRuns/${june.id}/filings/ecr`);
    expect(res.statusCode, res.body).toBe(200);
    const ecr = data<EcrCheck>(res);
    const asha = await payslipOf(ids.asha);
    const line = ecr.lines.find((l) => l.userId === ids.asha);
    expect(line).toMatchObject({ uan: '100427607286', grossWages: asha.grossEarnings - 2_400, ncpDays: 2 });
    expect(line?.text.split('#~#')[2]).toBe(String(asha.grossEarnings - 2_400));
    expect(line?.text.split('#~#')[9]).toBe('2');
    // The UAN problems the run warned of are the lines EPFO would refuse.
    expect(ecr.errors.map((e) => [e.name, e.field]).sort()).toEqual([
      ['Bala Test', 'uan'],
      ['Chitra Test', 'uan'],
    ]);
  });

  it('another organisation sees none of it: the warnings, the list, the bank file and the ECR are not found', async () => {
    for (const path of ['warnings', 'employees?filter=warnings', 'bank-file/preview?scope=all', 'filings/ecr']) {
      const res = await call('GET', `/PayrollRuns/${june.id}/${path}`, undefined, outsider.token);
      expect(res.statusCode, path).toBe(404);
    }
  });
});
