import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditEntryView, PayrollRun, SessionUser, TenantEarningRow } from '@tankha/contracts';
import { BACKENDS, createTestApp, finalizeMonth, holdProcessingAndProcess, type TestApp } from '../../testing';

/**
 * Payroll actions in the audit log, through HTTP: the settings saved, holds with their reasons and a release,
 * processing, finalize, the bank file's download and the month marked paid each leave an entry with the administrator as the actor, and the
 * chain stays intact.
 */
describe.each(BACKENDS)('payroll actions in the audit log (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let asha = '';
  let bala = '';
  let run: PayrollRun;
  const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token: admin.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { data: T }).data;
  };
  const entries = async (query: string) => (await call('GET', `/AuditLog${query}`)).json() as { data: AuditEntryView[] };

  beforeAll(async () => {
    t = await createTestApp(backend);
    // 30 November 2026: November's payroll may run (the month has begun).
    t.clock.set(new Date('2026-11-30T06:00:00Z'));
    const domain = 'audit-looms.example.in';
    admin = await t.registerOrganisation({ organizationName: 'Audit Looms', firstName: 'Anita', lastName: 'Rao', email: `anita@${domain}` });
    await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'enterprise'), is_trial = false, end_at = NULL WHERE tenant_id = ${admin.tenantId}`);
    await t.database.db.execute(sql`UPDATE statutory_components SET is_enabled = false WHERE tenant_id = ${admin.tenantId}`);
    const basicId = data<TenantEarningRow[]>(await call('GET', '/SalaryComponents/earnings')).find((e) => e.earningCategory === 'basic')?.id ?? '';
    const hire = async (first: string, number: string, pan: string) =>
      data<{ userId: string }>(
        await call('POST', '/Users/restricted', {
          firstName: first, lastName: 'Menon', email: `${first.toLowerCase()}@${domain}`, dateOfJoining: '2025-01-06', experience: 1, employeeNumber: number, pan,
          bankAccountNumber: '001234567890', bankName: 'HDFC Bank', ifscCode: 'HDFC0001753', annualCTC: 360_000, regimeType: 1,
          earningAssociations: [{ tenantEarningId: basicId, calculationType: 3, calculationValue: 180_000 }],
        }),
      ).userId;
    asha = await hire('Asha', 'AU1', 'ABCPE1234F');
    bala = await hire('Bala', 'AU2', 'ABCPI1234F');
    await t.database.db.execute(sql`UPDATE users SET annual_ctc_paise = NULL WHERE id = ${admin.id}`);
    data(await call('PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 10, lastPayrollYear: 2026 }));
    await call('POST', '/PayrollSetup/steps/salaryComponents/complete');
    await call('POST', '/PayrollSetup/steps/statutoryComponents/complete');
    await call('POST', '/PayrollSettings/mark-completed');
    await call('POST', '/PayrollSetup/complete');
    run = data<PayrollRun>(await call('GET', '/PayrollRuns/current'));
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('records the pay settings, holds with their reasons, a release, processing, finalize, the bank file and the month paid', async () => {
    data(await call('PUT', `/PayrollRuns/${run.id}/holds/${bala}`, { kind: 'payout', reason: 'Awaiting the cancelled cheque' }));
    data(await call('DELETE', `/PayrollRuns/${run.id}/holds/${bala}`));
    await holdProcessingAndProcess(t, admin, run.id, asha, 'Bank details under verification');
    await finalizeMonth(t, admin, run.id);
    const file = await call('GET', `/PayrollRuns/${run.id}/bank-file?scope=all`);
    expect(file.statusCode, file.body).toBe(200);
    data(await call('POST', `/PayrollRuns/${run.id}/mark-paid`, { paidOn: '2026-11-30', reference: 'UTR-NOV-0001' }));

    const [settings] = (await entries('?entity=PayrollSettings&entityId=pay-period')).data;
    expect(settings).toMatchObject({ action: 'Update', actorId: admin.id, after: { lastPayrollRunMonth: 10, lastPayrollYear: 2026 } });
    const ofRun = (await entries(`?entity=PayrollRun&entityId=${run.id}`)).data;
    expect(ofRun.map((e) => e.action)).toEqual(['MarkPaid', 'BankFileDownload', 'Finalize', 'Process', 'Hold', 'Release', 'Hold']);
    expect(ofRun.every((e) => e.actorId === admin.id && e.ip === '127.0.0.1')).toBe(true);
    expect(ofRun[4]).toMatchObject({ reason: 'Bank details under verification', after: { userId: asha, kind: 'processing' } });
    expect(ofRun[6]).toMatchObject({ reason: 'Awaiting the cancelled cheque', after: { userId: bala, kind: 'payout' } });
    expect(ofRun[5]).toMatchObject({ after: { userId: bala, payoutReleased: false } });
    expect(ofRun[0]?.after).toMatchObject({ paidOn: '2026-11-30', reference: 'UTR-NOV-0001' });
    expect(ofRun.find((e) => e.action === 'Finalize')?.after).toMatchObject({ status: 'finalized' });
    expect(ofRun.find((e) => e.action === 'BankFileDownload')?.after).toMatchObject({ scope: 'all', employees: 1 });

    const check = data<{ valid: boolean; firstBrokenId: string | null }>(await call('GET', '/AuditLog/verify'));
    expect(check).toMatchObject({ valid: true, firstBrokenId: null });
  });
});
