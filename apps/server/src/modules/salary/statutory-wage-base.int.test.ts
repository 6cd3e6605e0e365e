import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SALARY_MSG, type PayrollEmployeeRow, type PayrollRun, type Payslip, type SessionUser, type StatutoryComponentSetting, type TenantEarningRow } from '@tankha/contracts';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * The PF and ESI wage base (Code on Social Security s.2(88)): a new organisation starts on the labour
 * codes' wages, chosen the day it is created; the demo organisation, which predates the codes, kept the
 * components marked for PF and ESI. Changing the base records the day; the same base keeps its day.
 * A processed month's EPF follows the setting, and its payslip says which base was used.
 */
const FRESH_EMAIL = 'anita@kaveriloom.example.in';

describe.each(BACKENDS)('the PF and ESI wage base (%s)', (backend) => {
  let t: TestApp;
  let demoAdmin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let fresh: SessionUser;
  const call = (user: SessionUser, method: string, url: string, body?: unknown) => t.call(method, url, { token: user.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { data: T }).data;
  };
  const epfBody = (wageBase?: unknown) => ({ restrictToWageCeiling: true, includeEmployerShareInCtc: true, includeEdliAndAdminInCtc: false, ...(wageBase === undefined ? {} : { wageBase }) });
  /** Moves the clock and signs everyone in again (sessions do not outlive a jump of days). */
  const setClock = async (at: string) => {
    t.clock.set(new Date(at));
    demoAdmin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    fresh = await t.login(FRESH_EMAIL, 'Secret123');
  };
  const settingsOf = async (user: SessionUser, component: 'EPF' | 'ESI') => data<StatutoryComponentSetting>(await call(user, 'GET', `/StatutoryComponents/${component}`)).settings;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: new Date('2026-11-12T06:00:00Z') });
    demoAdmin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    fresh = await t.registerOrganisation({ organizationName: 'Kaveri Looms', firstName: 'Anita', lastName: 'Rao', email: FRESH_EMAIL });
    await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'enterprise'), is_trial = false, end_at = NULL WHERE tenant_id = ${fresh.tenantId}`);
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('a new organisation starts on the codes\' wages from the day it was created; the demo organisation kept the components', async () => {
    expect(await settingsOf(fresh, 'EPF')).toMatchObject({ wageBase: 'codes', wageBaseSince: '2026-11-12' });
    expect(await settingsOf(fresh, 'ESI')).toMatchObject({ wageBase: 'codes', wageBaseSince: '2026-11-12' });
    expect(await settingsOf(demoAdmin, 'EPF')).toMatchObject({ wageBase: 'components', wageBaseSince: '2025-11-21' });
  });

  it('changing the base records the day; the same base, or none given, keeps it', async () => {
    await setClock('2026-11-20T06:00:00Z');
    const res = await call(demoAdmin, 'PUT', '/StatutoryComponents/EPF', epfBody('codes'));
    expect(res.json()).toMatchObject({ message: SALARY_MSG.statutoryUpdated, data: { component: 'EPF', settings: { wageBase: 'codes', wageBaseSince: '2026-11-20' } } });
    await setClock('2026-11-25T06:00:00Z');
    expect(data<StatutoryComponentSetting>(await call(demoAdmin, 'PUT', '/StatutoryComponents/EPF', epfBody('codes'))).settings).toMatchObject({ wageBase: 'codes', wageBaseSince: '2026-11-20' });
    expect(data<StatutoryComponentSetting>(await call(demoAdmin, 'PUT', '/StatutoryComponents/EPF', epfBody())).settings).toMatchObject({ wageBase: 'codes', wageBaseSince: '2026-11-20' });
    // ESI is its own setting: unchanged by EPF's.
    expect(await settingsOf(demoAdmin, 'ESI')).toMatchObject({ wageBase: 'components' });
    const esi = await call(demoAdmin, 'PUT', '/StatutoryComponents/ESI', { includeEmployerShareInCtc: true, wageBase: 'codes' });
    expect(data<StatutoryComponentSetting>(esi).settings).toMatchObject({ wageBase: 'codes', wageBaseSince: '2026-11-25' });
  });

  it.each([
    ['/StatutoryComponents/EPF', epfBody('basic')],
    ['/StatutoryComponents/ESI', { includeEmployerShareInCtc: true, wageBase: 42 }],
  ])('400 naming wageBase on %s, and nothing changes', async (url, body) => {
    const before = await settingsOf(demoAdmin, url.endsWith('EPF') ? 'EPF' : 'ESI');
    const res = await call(demoAdmin, 'PUT', url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`wageBase: ${SALARY_MSG.wageBaseInvalid}`);
    expect(await settingsOf(demoAdmin, url.endsWith('EPF') ? 'EPF' : 'ESI')).toEqual(before);
  });

  it('a moderator may change it; a member is refused reading and changing it', async () => {
    expect(data<StatutoryComponentSetting>(await call(moderator, 'PUT', '/StatutoryComponents/EPF', epfBody('components'))).settings).toMatchObject({ wageBase: 'components' });
    expect((await call(member, 'GET', '/StatutoryComponents/EPF')).statusCode).toBe(403);
    expect((await call(member, 'PUT', '/StatutoryComponents/EPF', epfBody('codes'))).statusCode).toBe(403);
    expect(await settingsOf(demoAdmin, 'EPF')).toMatchObject({ wageBase: 'components' });
  });

  it('another organisation\'s change is its own', async () => {
    const res = await call(fresh, 'PUT', '/StatutoryComponents/EPF', epfBody('components'));
    expect(data<StatutoryComponentSetting>(res).settings).toMatchObject({ wageBase: 'components' });
    expect(await settingsOf(demoAdmin, 'EPF')).toMatchObject({ wageBase: 'components', wageBaseSince: '2026-11-25' });
    expect(await settingsOf(fresh, 'ESI')).toMatchObject({ wageBase: 'codes', wageBaseSince: '2026-11-12' });
    await call(fresh, 'PUT', '/StatutoryComponents/EPF', epfBody('codes'));
  });

  it('a processed month: EPF on the codes\' wages, then on the components once the setting changes', async () => {
    // Basic ₹8,000 a month (₹96,000 a year) of a ₹3,00,000 CTC: the rest of the pay is excluded allowances
    // over one-half, so the codes' wages are half the pay, below ₹15,000; the components' PF wage (every
    // earning but HRA, the organisation's default) is over the ₹15,000 ceiling.
    const earnings = data<TenantEarningRow[]>(await call(fresh, 'GET', '/SalaryComponents/earnings'));
    const basicId = earnings.find((e) => e.earningCategory === 'basic')?.id ?? '';
    const hired = data<{ id?: string; userId?: string }>(
      await call(fresh, 'POST', '/Users/restricted', {
        firstName: 'Asha',
        lastName: 'Menon',
        email: 'asha@kaveriloom.example.in',
        dateOfJoining: '2025-01-06',
        experience: 1,
        employeeNumber: 'KL1',
        pan: 'ABCPE1234F',
        bankAccountNumber: '001234567890',
        bankName: 'Canara Bank',
        annualCTC: 300_000,
        regimeType: 1,
        earningAssociations: [{ tenantEarningId: basicId, calculationType: 3, calculationValue: 96_000 }],
      }),
    );
    const asha = hired.userId ?? hired.id ?? '';
    await t.database.db.execute(sql`UPDATE users SET annual_ctc_paise = NULL WHERE id = ${fresh.id}`);
    await setClock('2026-11-30T06:00:00Z');
    await call(fresh, 'PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 10, lastPayrollYear: 2026 });
    await call(fresh, 'POST', '/PayrollSetup/steps/salaryComponents/complete');
    await call(fresh, 'POST', '/PayrollSetup/steps/statutoryComponents/complete');
    await call(fresh, 'POST', '/PayrollSettings/mark-completed');
    await call(fresh, 'POST', '/PayrollSetup/complete');
    const run = data<PayrollRun>(await call(fresh, 'GET', '/PayrollRuns/current'));
    const payslip = async () => {
      expect((await call(fresh, 'POST', `/PayrollRuns/${run.id}/process`)).statusCode).toBe(202);
      const rows = data<PayrollEmployeeRow[]>(await call(fresh, 'GET', `/PayrollRuns/${run.id}/employees?pageSize=100`));
      const row = rows.find((r) => r.userId === asha);
      return data<Payslip>(await call(fresh, 'GET', `/Payslips/${row?.payslipId ?? ''}`));
    };
    const line = (p: Payslip, code: string) => p.lines.find((l) => l.code === code);

    const onCodes = await payslip();
    const pay = onCodes.lines.filter((l) => l.section === 'earning').reduce((s, l) => s + l.amount, 0);
    expect(line(onCodes, 'BASIC')?.amount).toBe(8_000);
    // s.2(88): basic 8,000; the excluded rest (pay − 8,000) exceeds one-half of the pay, so the wages are
    // 8,000 + (pay − 8,000 − pay/2) = pay/2 (whole rupees here: the pay is an even number of rupees or
    // the half is taken down to the paisa). EPF 12% of it, to the rupee.
    const wages = pay - Math.floor((pay * 100) / 2) / 100;
    expect(wages).toBeLessThan(15_000);
    expect(line(onCodes, 'EPF_EE')?.amount).toBe(Math.round(wages * 0.12));
    expect(line(onCodes, 'EPF_EE')?.explanation).toContain("PF wage base: wages under the labour codes (Code on Social Security s.2(88)), the organisation's setting");
    expect(line(onCodes, 'EPF_EE')?.explanation.join('\n')).toContain(`Wages under the Code on Wages s.2(y): Basic ₹8,000; excluded allowances`);

    await call(fresh, 'PUT', '/StatutoryComponents/EPF', epfBody('components'));
    const onComponents = await payslip();
    // Every earning but HRA is PF wage, over ₹15,000: 12% of the ₹15,000 ceiling.
    expect(line(onComponents, 'EPF_EE')?.amount).toBe(1_800);
    expect(line(onComponents, 'EPF_EE')?.explanation).toContain("PF wage base: the salary components counted for PF, the organisation's setting");
  });
});
