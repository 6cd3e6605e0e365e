import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PAYROLL_MSG, type BankFilePreview, type PayrollEmployeeRow, type PayrollRun, type Payslip, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, finalizeMonth, holdProcessingAndProcess, uploadBankReturn, type TestApp } from '../../testing';

/*
 * Pay excluded from processing, brought into a later month, the register's left-out
 * employees and when a month may be marked Paid, over HTTP.
 *
 * The demo payroll on Wednesday 6 January 2027 (January 2027 open). One employee's processing is held
 * ("On unpaid sabbatical") and another has no annual CTC; January is processed and finalized, then on
 * 3 February the held employee's January pay is brought into February, which pays it as lines of its
 * own. Before the change there was no way to pay the excluded month (DELETE …/holds answered 409
 * "their pay comes as arrears in a later month"), and the register listed only processing holds.
 */
describe.each(BACKENDS)('excluded pay brought into a later month, the register, Paid (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let outsider: SessionUser;
  let january: PayrollRun;
  let february: PayrollRun;
  let excluded: { id: string; name: string };
  let noCtc: { id: string; name: string };
  let paid: { id: string; name: string };
  const db = () => t.database.db;
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const get = (user: SessionUser, url: string) => t.call('GET', url, { token: user.token });
  const bringIn = (user: SessionUser, runId: string, userId: string) => t.call('POST', `/PayrollRuns/${runId}/excluded/${userId}/bring-in`, { token: user.token });
  const rowOf = async (runId: string, name: string) =>
    data<PayrollEmployeeRow[]>(await get(admin, `/PayrollRuns/${runId}/employees?search=${encodeURIComponent(name)}`)).find((r) => r.name === name) as PayrollEmployeeRow;
  const payslipOf = async (runId: string, name: string) => data<Payslip>(await get(admin, `/Payslips/${(await rowOf(runId, name)).payslipId ?? ''}`));
  const returnFile = (runId: string, text: string) => uploadBankReturn(t, admin, runId, text);
  const undo = (user: SessionUser, runId: string, userId: string) => t.call('DELETE', `/PayrollRuns/${runId}/excluded/${userId}/bring-in`, { token: user.token });

  beforeAll(async () => {
    t = await createTestApp(backend);
    t.clock.set(new Date('2027-01-06T05:30:00Z'));
    await t.seedDemo({ payroll: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    outsider = await t.registerOrganisation({ organizationName: 'Elsewhere Excluded' });
    january = data<PayrollRun>(await get(admin, '/PayrollRuns/current'));
    expect(january).toMatchObject({ month: '2027-01', status: 'draft' });
    const people = await queryRows<{ id: string; name: string }>(
      db(),
      sql`SELECT id, first_name || ' ' || last_name AS name FROM users
           WHERE tenant_id = ${admin.tenantId} AND status = 1 AND annual_ctc_paise > 0 AND bank_account_number IS NOT NULL AND ifsc_code IS NOT NULL
             AND email NOT IN (${DEMO_LOGINS.administrator}, ${DEMO_LOGINS.moderator}, ${DEMO_LOGINS.member})
           ORDER BY employee_number LIMIT 3`,
    );
    const [a, b, c] = people;
    if (!a || !b || !c) throw new Error('three paid demo employees expected');
    [excluded, noCtc, paid] = [a, b, c];
    await db().execute(sql`UPDATE users SET annual_ctc_paise = NULL WHERE id = ${noCtc.id}`);
    await holdProcessingAndProcess(t, admin, january.id, excluded.id, 'On unpaid sabbatical');
  }, 240_000);
  afterAll(async () => {
    await t.close();
  });

  it('an open month cannot bring in its own excluded employee: the hold is released there instead', async () => {
    const res = await bringIn(admin, january.id, excluded.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PAYROLL_MSG.excludedPayMonthOpen);
  });

  it('after finalize the closed month lists the excluded employee with the reason; refusals by role, organisation and kind', async () => {
    await finalizeMonth(t, admin, january.id);
    // Nothing brought in yet: nothing to undo.
    const nothing = await undo(admin, january.id, excluded.id);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(PAYROLL_MSG.excludedPayNotBroughtIn('2027-01'));
    const row = await rowOf(january.id, excluded.name);
    expect(row).toMatchObject({ payslipId: null, netPay: null, hold: { kind: 'processing', reason: 'On unpaid sabbatical' }, broughtInto: null });
    expect(data<PayrollEmployeeRow[]>(await get(admin, `/PayrollRuns/${january.id}/employees?filter=onHold`)).map((r) => r.name)).toContain(excluded.name);

    expect((await bringIn(member, january.id, excluded.id)).statusCode).toBe(403);
    const other = await bringIn(outsider, january.id, excluded.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(PAYROLL_MSG.runNotFound);
    for (const who of [paid, noCtc]) {
      // Paid in January, or left out for having no salary structure: nothing excluded to bring in.
      const res = await bringIn(admin, january.id, who.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(PAYROLL_MSG.excludedPayNotExcluded('2027-01'));
    }
    expect((await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM payroll_excluded_pay`))[0]?.n).toBe(0);
  });

  it('brings January into February once (a moderator may); February pays it as lines per component with the explanation', async () => {
    t.clock.set(new Date('2027-02-03T05:30:00Z'));
    // Four weeks on: the sessions of January have expired.
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    february = data<PayrollRun>(await get(admin, '/PayrollRuns/current'));
    expect(february).toMatchObject({ month: '2027-02', status: 'draft' });
    const res = await bringIn(moderator, january.id, excluded.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PAYROLL_MSG.excludedPayBroughtIn('2027-01', '2027-02'));
    expect(data<PayrollEmployeeRow>(res)).toMatchObject({ hold: { kind: 'processing' }, broughtInto: { runId: february.id, month: '2027-02' } });
    const again = await bringIn(admin, january.id, excluded.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYROLL_MSG.excludedPayAlreadyBroughtIn('2027-01', '2027-02'));

    expect((await t.call('POST', `/PayrollRuns/${february.id}/process`, { token: admin.token })).statusCode).toBe(202);
    const slip = await payslipOf(february.id, excluded.name);
    const own = slip.lines.filter((l) => !l.code.startsWith('EXC_'));
    const brought = slip.lines.filter((l) => l.code.startsWith('EXC_'));
    // One line per earning of the structure (and the month's own EPF/ESI when it has them), each saying why.
    const ownEarnings = own.filter((l) => l.section === 'earning').map((l) => l.code);
    expect(brought.filter((l) => l.section === 'earning').map((l) => l.code.slice(4)).sort()).toEqual([...ownEarnings].sort());
    for (const l of brought) {
      expect(l.label).toMatch(/ for Jan 2027$/);
      expect(l.explanation[0]).toBe('Pay for Jan 2027, excluded from processing (On unpaid sabbatical), paid in Feb 2027');
    }
    if (own.some((l) => l.code === 'EPF_EE')) expect(brought.map((l) => l.code)).toContain('EXC_EPF_EE');
    // Professional tax and TDS are February's own (on the gross that includes January's pay), never a January line.
    expect(brought.some((l) => ['EXC_PT', 'EXC_TDS'].includes(l.code))).toBe(false);
    const sum = (lines: typeof slip.lines) => lines.reduce((s, l) => s + l.amount, 0);
    expect(sum(slip.lines.filter((l) => l.section === 'earning'))).toBeCloseTo(slip.grossEarnings, 2);
    const broughtGross = sum(brought.filter((l) => l.section === 'earning'));
    expect(broughtGross).toBeGreaterThan(0);
    expect(slip.grossEarnings).toBeCloseTo(sum(own.filter((l) => l.section === 'earning')) + broughtGross, 2);

    // Processed again: still once.
    expect((await t.call('POST', `/PayrollRuns/${february.id}/process`, { token: admin.token })).statusCode).toBe(202);
    const twice = await payslipOf(february.id, excluded.name);
    expect(twice.lines.filter((l) => l.code.startsWith('EXC_')).length).toBe(brought.length);
    expect(twice.netPay).toBe(slip.netPay);
  });

  it('undoes the bring-in while February is open: left out again, February recomputed without the lines; member 403, another organisation 404', async () => {
    const withJanuary = await payslipOf(february.id, excluded.name);
    // The sessions of January have expired (see above), and so has the other organisation's trial: a new one.
    member = await t.login(DEMO_LOGINS.member);
    outsider = await t.registerOrganisation({ organizationName: 'Elsewhere Undo' });
    expect((await undo(member, january.id, excluded.id)).statusCode).toBe(403);
    const other = await undo(outsider, january.id, excluded.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(PAYROLL_MSG.runNotFound);
    expect((await rowOf(january.id, excluded.name)).broughtInto).toMatchObject({ runId: february.id, month: '2027-02', finalized: false });

    const res = await undo(admin, january.id, excluded.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PAYROLL_MSG.excludedPayUndone('2027-01', '2027-02'));
    expect(data<PayrollEmployeeRow>(res)).toMatchObject({ payslipId: null, hold: { kind: 'processing', reason: 'On unpaid sabbatical' }, broughtInto: null });
    // February (processed) recomputed at once: no January lines, the net pay without them.
    const without = await payslipOf(february.id, excluded.name);
    expect(without.lines.some((l) => l.code.startsWith('EXC_'))).toBe(false);
    expect(without.grossEarnings).toBeLessThan(withJanuary.grossEarnings);
    const again = await undo(admin, january.id, excluded.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYROLL_MSG.excludedPayNotBroughtIn('2027-01'));

    // Brought in again (once more allowed): February pays it as before.
    expect((await bringIn(admin, january.id, excluded.id)).statusCode).toBe(200);
    const back = await payslipOf(february.id, excluded.name);
    expect(back.netPay).toBe(withJanuary.netPay);
  });

  it('February finalized: January does not change and its excluded entry names February; the register says why each was left out', async () => {
    const januaryBefore = data<PayrollRun>(await get(admin, `/PayrollRuns/${january.id}`));
    await finalizeMonth(t, admin, february.id);
    const row = await rowOf(january.id, excluded.name);
    expect(row).toMatchObject({ payslipId: null, broughtInto: { runId: february.id, month: '2027-02', finalized: true } });
    // February is final: the bring-in stays.
    const undone = await undo(admin, january.id, excluded.id);
    expect(undone.statusCode).toBe(409);
    expect(undone.json().message).toBe(PAYROLL_MSG.excludedPayUndoFinalized('2027-01', '2027-02'));
    const januaryAfter = data<PayrollRun>(await get(admin, `/PayrollRuns/${january.id}`));
    expect(januaryAfter).toMatchObject({ grossEarnings: januaryBefore.grossEarnings, netPay: januaryBefore.netPay, employeeCount: januaryBefore.employeeCount });
    const again = await bringIn(admin, january.id, excluded.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYROLL_MSG.excludedPayAlreadyBroughtIn('2027-01', '2027-02'));

    const res = await t.app.inject({ method: 'GET', url: `/backend/api/PayrollRuns/${january.id}/register.xlsx`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const headers = (sheet.getRow(5).values as unknown[]).slice(1);
    const status = headers.indexOf('Status / Reason') + 1;
    const byName = new Map<string, ExcelJS.Row>();
    sheet.eachRow((r) => byName.set(String(r.getCell(2).value), r));
    expect(byName.get(excluded.name)?.getCell(status).value).toBe('Excluded from processing: On unpaid sabbatical; pay brought into February 2027');
    expect(byName.get(noCtc.name)?.getCell(status).value).toBe('Not processed: no salary structure (annual CTC not set)');
    expect(byName.get(paid.name)?.getCell(status).value).toBe('Paid in this run');
    expect(byName.get('Total')?.getCell(headers.indexOf('Net Pay') + 1).value).toBeCloseTo(januaryAfter.netPay, 2);
  });

  it('Paid only when every payout is paid or held: a failed payment refuses Mark as Paid until it is paid', async () => {
    const file = await get(admin, `/PayrollRuns/${january.id}/bank-file?scope=all&valueDate=2027-02-03`);
    expect(file.statusCode, file.body).toBe(200);
    const preview = data<BankFilePreview>(await get(admin, `/PayrollRuns/${january.id}/bank-file/preview?scope=all`));
    const refs = file.body.split('\r\n').filter(Boolean).map((l) => l.split(',')[0] ?? '');
    const [first, ...rest] = refs;
    const rows = [`${first ?? ''},Failed,,Account closed`, ...rest.map((r, i) => `${r},Paid,HDFCN5202702030${String(i).padStart(2, '0')},`)];
    const back = await returnFile(january.id, `Reference,Status,UTR,Reason\n${rows.join('\n')}\n`);
    expect(back.statusCode, back.body).toBe(200);
    expect(preview.employees).toBe(refs.length);
    const markPaid = () => t.call('POST', `/PayrollRuns/${january.id}/mark-paid`, { token: admin.token, body: { paidOn: '2027-02-03', reference: 'NEFT JAN' } });
    const refused = await markPaid();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PAYROLL_MSG.failedPaymentsUnpaid(1));
    expect(data<PayrollRun>(await get(admin, `/PayrollRuns/${january.id}`)).status).toBe('finalized');

    const retry = await get(admin, `/PayrollRuns/${january.id}/bank-file?scope=failed&valueDate=2027-02-03`);
    expect(retry.statusCode, retry.body).toBe(200);
    const retryRef = retry.body.split(',')[0] ?? '';
    expect((await returnFile(january.id, `Reference,Status,UTR\n${retryRef},Paid,HDFCN520270203999\n`)).statusCode).toBe(200);
    const ok = await markPaid();
    expect(ok.statusCode, ok.body).toBe(200);
    // The excluded employee is no payout of January: the month is Paid and still says who was excluded and why.
    expect(data<PayrollRun>(ok)).toMatchObject({ status: 'paid', holds: { processing: 1, payout: 0 } });
    expect((await rowOf(january.id, excluded.name)).hold).toMatchObject({ kind: 'processing', reason: 'On unpaid sabbatical' });
  });
});
