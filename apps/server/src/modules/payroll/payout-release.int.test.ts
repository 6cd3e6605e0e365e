import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PAYROLL_BANK_MSG, PAYROLL_MSG, type BankFilePreview, type BankPayments, type PayrollEmployeeRow, type PayrollRun, type Payslip, type SessionUser } from '@tankha/contracts';
import { addDaysToDate, dateInZone, formatDisplayDate } from '@tankha/domain';
import { getDocumentProxy } from 'unpdf';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, uploadBankReturn, type TestApp } from '../../testing';

/*
 * Held pay after finalize and the register's columns, over HTTP.
 *
 * The demo payroll as seeded on Wednesday 6 January 2027: November 2026 paid with one payout on hold
 * (the finance employee, "Salary account change awaiting the bank’s confirmation"), December 2026
 * finalized, loans from November on (a vehicle loan and a medical loan: EMIs; a festival advance).
 * Before the fix, DELETE /PayrollRuns/{november}/holds/{finance} answered 409 "This payroll month is
 * no longer editable" and the bank file knew only all | failed.
 *
 * A second month, June 2026, is inserted as finalized by hand (as payroll-bank.int.test.ts does) with
 * three payslips — A paid, B payout on hold — and C excluded from processing: it checks Mark as Paid
 * against a released payout that is not paid yet, and the register's excluded row.
 */
async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  return parts.join(' ').replace(/\s+/g, ' ');
}

describe.each(BACKENDS)('payout holds released after finalize, and the register (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let member: SessionUser;
  let outsider: SessionUser;
  let november: PayrollRun;
  let december: PayrollRun;
  let held: PayrollEmployeeRow;
  let today = '';
  const db = () => t.database.db;
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const get = (user: SessionUser, url: string) => t.call('GET', url, { token: user.token });
  const runOf = async (id: string) => data<PayrollRun>(await get(admin, `/PayrollRuns/${id}`));
  const storedPdf = async () => {
    const res = await t.app.inject({ method: 'GET', url: `/backend/api/Payslips/${held.payslipId ?? ''}/pdf`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return pdfText(res.rawPayload);
  };
  const release = (user: SessionUser, runId: string, userId: string) => t.call('DELETE', `/PayrollRuns/${runId}/holds/${userId}`, { token: user.token });
  const returnFile = (runId: string, text: string) => uploadBankReturn(t, admin, runId, text);

  beforeAll(async () => {
    t = await createTestApp(backend);
    t.clock.set(new Date('2027-01-06T05:30:00Z'));
    await t.seedDemo({ payroll: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    member = await t.login(DEMO_LOGINS.member);
    outsider = await t.registerOrganisation({ organizationName: 'Elsewhere Holds' });
    today = dateInZone(t.clock.now(), 'Asia/Kolkata');
    const history = data<PayrollRun[]>(await get(admin, '/PayrollRuns'));
    november = history.find((r) => r.month === '2026-11') as PayrollRun;
    december = history.find((r) => r.month === '2026-12') as PayrollRun;
    const onHold = data<PayrollEmployeeRow[]>(await get(admin, `/PayrollRuns/${november.id}/employees?filter=onHold`));
    expect(onHold).toHaveLength(1);
    held = onHold[0] as PayrollEmployeeRow;
  }, 240_000);
  afterAll(async () => {
    await t.close();
  });

  it('before the release: November is paid with the payout held and left out of the month’s bank file', async () => {
    expect(november).toMatchObject({ status: 'paid', holds: { payout: 1, released: 0, releasedUnpaid: 0 } });
    expect(held.hold).toMatchObject({ kind: 'payout', reason: 'Salary account change awaiting the bank’s confirmation', releasedAt: null });
    const all = data<BankFilePreview>(await get(admin, `/PayrollRuns/${november.id}/bank-file/preview?scope=all`));
    expect(all.excluded.find((e) => e.payslipId === held.payslipId)).toMatchObject({ reason: 'payoutHold' });
    // Nothing released yet: the released file has nobody and its download says why.
    const nobody = await get(admin, `/PayrollRuns/${november.id}/bank-file?scope=released`);
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().message).toBe(PAYROLL_BANK_MSG.noReleasedPayouts);
    const slip = data<Payslip>(await get(admin, `/Payslips/${held.payslipId ?? ''}`));
    expect(slip.payout).toMatchObject({ holdReason: 'Salary account change awaiting the bank’s confirmation', releasedOn: null, paidOn: null });
    expect(slip.payout?.heldOn).toMatch(/^2026-11-\d{2}$/);
    // The PDF stored at finalize says the pay is held, with when and why.
    const pdf = await storedPdf();
    expect(pdf).toContain(`Payout on hold on ${formatDisplayDate(slip.payout?.heldOn ?? '')} (Salary account change awaiting the bank’s confirmation): this month’s net pay is held and will be paid when the hold is released.`);
  });

  it('a member cannot release, another organisation cannot see the run, and only a payout hold is released', async () => {
    expect((await release(member, november.id, held.userId)).statusCode).toBe(403);
    const other = await release(outsider, november.id, held.userId);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(PAYROLL_MSG.runNotFound);
    expect((await get(outsider, `/PayrollRuns/${november.id}/bank-file/preview?scope=released`)).statusCode).toBe(404);
    const notHeld = await release(admin, november.id, member.id);
    expect(notHeld.statusCode).toBe(409);
    expect(notHeld.json().message).toBe(PAYROLL_MSG.noPayoutHold);
    expect(data<PayrollRun>(await get(admin, `/PayrollRuns/${november.id}`)).holds).toMatchObject({ payout: 1, released: 0 });
  });

  it('releases the payout of the paid month: no figure of the month changes, who and when are recorded', async () => {
    const res = await release(admin, november.id, held.userId);
    expect(res.statusCode, res.body).toBe(200);
    const row = data<PayrollEmployeeRow>(res);
    expect(row.hold).toMatchObject({ kind: 'payout', releasedAt: t.clock.now().toISOString() });
    expect(row.netPay).toBe(held.netPay);
    const after = await runOf(november.id);
    expect(after).toMatchObject({ status: 'paid', grossEarnings: november.grossEarnings, netPay: november.netPay, totalDeductions: november.totalDeductions, employeeCount: november.employeeCount });
    expect(after.holds).toMatchObject({ payout: 0, released: 1, releasedUnpaid: 1 });
    const [stored] = await queryRows<{ released_by: string }>(db(), sql`SELECT released_by FROM payroll_payout_releases WHERE payslip_id = ${held.payslipId}`);
    expect(stored?.released_by).toBe(admin.id);
    const again = await release(admin, november.id, held.userId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYROLL_MSG.payoutAlreadyReleased);
    const slip = data<Payslip>(await get(admin, `/Payslips/${held.payslipId ?? ''}`));
    expect(slip.payout).toMatchObject({ releasedOn: today, releasedByName: 'Anita Rao', paidOn: null });
    expect(slip.netPay).toBe(held.netPay);
    // The stored PDF is rendered again after the release's commit: it no longer says "will be paid when released".
    const pdf = await storedPdf();
    expect(pdf).toContain(`released on ${formatDisplayDate(today)} by Anita Rao, payment awaiting the bank.`);
    expect(pdf).not.toContain('will be paid when the hold is released');
  });

  it('the released payout has its own bank file whose total is its net pay; the full file leaves it out', async () => {
    const all = data<BankFilePreview>(await get(admin, `/PayrollRuns/${november.id}/bank-file/preview?scope=all`));
    expect(all.records.map((r) => r.payslipId)).not.toContain(held.payslipId);
    expect(all.excluded.find((e) => e.payslipId === held.payslipId)).toMatchObject({ reason: 'holdReleased' });
    const preview = data<BankFilePreview>(await get(admin, `/PayrollRuns/${november.id}/bank-file/preview?scope=released`));
    expect(preview).toMatchObject({ scope: 'released', employees: 1, total: held.netPay, fileName: 'Bank-Transfer-November-2026-Released.csv' });
    expect(preview.records.map((r) => r.payslipId)).toEqual([held.payslipId]);
    const file = await get(admin, `/PayrollRuns/${november.id}/bank-file?scope=released&valueDate=${addDaysToDate(today, 1)}`);
    expect(file.statusCode, file.body).toBe(200);
    const lines = file.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const fields = (lines[0] ?? '').split(',');
    expect(fields[0]).toBe(preview.records[0]?.reference);
    expect(Number(fields[5])).toBe(held.netPay);
    // Downloaded again: the same payment, the same reference; the member is refused the file.
    const twice = await get(admin, `/PayrollRuns/${november.id}/bank-file?scope=released&valueDate=${addDaysToDate(today, 1)}`);
    expect(twice.body.split(',')[0]).toBe(fields[0]);
    expect((await get(member, `/PayrollRuns/${november.id}/bank-file?scope=released`)).statusCode).toBe(403);
    const payments = data<BankPayments>(await get(admin, `/PayrollRuns/${november.id}/payments`));
    expect(payments.rows.find((r) => r.payslipId === held.payslipId)).toMatchObject({ state: 'sent', reference: fields[0] });
  });

  it('the bank’s return file marks the released payment paid, on its own; the payslip says when', async () => {
    const reference = data<BankFilePreview>(await get(admin, `/PayrollRuns/${november.id}/bank-file/preview?scope=released`)).records[0]?.reference ?? '';
    const res = await returnFile(november.id, `Reference,Status,UTR,Value Date\n${reference},Paid,HDFCN520270107001,07/01/2027\n`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ paid: 1, failed: 0, paidAmount: held.netPay });
    expect((await runOf(november.id)).holds).toMatchObject({ payout: 0, released: 1, releasedUnpaid: 0 });
    const slip = data<Payslip>(await get(admin, `/Payslips/${held.payslipId ?? ''}`));
    expect(slip.payout).toMatchObject({ releasedOn: today, paidOn: '2027-01-07' });
    // …and again once paid: the stored PDF says held on, released on and by whom, paid on; the employee is told.
    const pdf = await storedPdf();
    expect(pdf).toContain(`Payout held on ${formatDisplayDate(slip.payout?.heldOn ?? '')} (Salary account change awaiting the bank’s confirmation), released on ${formatDisplayDate(today)} by Anita Rao, paid on 07 Jan 2027.`);
    expect(pdf).toContain('Net pay for November 2026 (held, since paid)');
    const mails = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM outbox_emails WHERE subject = 'Your held salary for November 2026 has been paid'`);
    expect(mails[0]?.n).toBe(1);
    // Paid: the released file has nobody left to pay.
    const released = data<BankFilePreview>(await get(admin, `/PayrollRuns/${november.id}/bank-file/preview?scope=released`));
    expect(released.records).toEqual([]);
    expect(released.excluded).toEqual([expect.objectContaining({ payslipId: held.payslipId, reason: 'alreadyPaid' })]);
  });

  it('Mark as Paid refuses a month whose released payout is not paid, and accepts it once the bank reports it paid', async () => {
    const tenantId = admin.tenantId;
    const [a, b, c] = await queryRows<{ id: string; name: string; number: string | null }>(
      db(),
      sql`SELECT id, first_name || ' ' || last_name AS name, employee_number AS number FROM users
           WHERE tenant_id = ${tenantId} AND bank_account_number IS NOT NULL AND ifsc_code IS NOT NULL ORDER BY employee_number LIMIT 3`,
    );
    if (!a || !b || !c) throw new Error('three employees with bank details expected in the demo');
    const [run] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO payroll_runs (tenant_id, month, period_start, period_end, pay_date, status, employee_count, gross_paise, deductions_paise, net_paise, employer_cost_paise)
          VALUES (${tenantId}, '2026-06', '2026-06-01', '2026-06-30', '2026-06-30', 'processed', 2, 7000000, 0, 7000000, 7000000) RETURNING id`,
    );
    const runId = run?.id ?? '';
    for (const [who, netPaise, hold] of [[a, 3000000, null], [b, 4000000, 'payout']] as const) {
      const employee = { name: who.name, employeeNumber: who.number, designation: null, department: null, pan: null, uan: null, esiNumber: null, bankAccount: null, bankName: null, dateOfJoining: null };
      const ytd = { grossPaise: netPaise, deductionsPaise: 0, netPaise, tdsPaise: 0, lines: [] };
      await db().execute(sql`INSERT INTO payslips (tenant_id, run_id, user_id, month, hold_kind, employee, days_in_period, payable_days, lop_days, gross_paise, deductions_paise, net_paise,
                                                   employer_cost_paise, tds_paise, tax_regime, ytd, tds_explanation, wages)
            VALUES (${tenantId}, ${runId}, ${who.id}, '2026-06', ${hold}, ${JSON.stringify(employee)}::jsonb, 30, 30, 0, ${netPaise}, 0, ${netPaise},
                    ${netPaise}, 0, 1, ${JSON.stringify(ytd)}::jsonb, '[]'::jsonb, '{}'::jsonb)`);
    }
    await db().execute(sql`INSERT INTO payroll_holds (tenant_id, run_id, user_id, kind, reason) VALUES (${tenantId}, ${runId}, ${b.id}, 'payout', 'Bank proof pending'),
                                                                                                    (${tenantId}, ${runId}, ${c.id}, 'processing', 'On unpaid sabbatical')`);
    // Finalized on the test clock's day, so that Mark as Paid can be dated today (finalize date to today).
    await db().execute(sql`UPDATE payroll_runs SET status = 'finalized', finalized_at = ${t.clock.now().toISOString()}::timestamptz WHERE id = ${runId}`);

    // The excluded employee has no payout to release: the message says where their pay goes.
    const excluded = await release(admin, runId, c.id);
    expect(excluded.statusCode).toBe(409);
    expect(excluded.json().message).toBe(PAYROLL_MSG.processingHoldClosed);

    expect((await release(admin, runId, b.id)).statusCode).toBe(200);
    const markPaid = () => t.call('POST', `/PayrollRuns/${runId}/mark-paid`, { token: admin.token, body: { paidOn: today, reference: 'NEFT JUNE' } });
    const refused = await markPaid();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PAYROLL_MSG.releasedPayoutsUnpaid(1));
    expect((await runOf(runId)).status).toBe('finalized');

    // Sent but not reported: still refused.
    const file = await get(admin, `/PayrollRuns/${runId}/bank-file?scope=released&valueDate=${today}`);
    expect(file.statusCode, file.body).toBe(200);
    const reference = file.body.split(',')[0] ?? '';
    expect(file.body.split('\r\n').filter(Boolean)).toHaveLength(1);
    expect(Number(file.body.split(',')[5])).toBe(40_000);
    expect((await markPaid()).statusCode).toBe(409);
    expect((await returnFile(runId, `Reference,Status,UTR\n${reference},Paid,HDFCN520270106009\n`)).statusCode).toBe(200);
    const paid = await markPaid();
    expect(paid.statusCode, paid.body).toBe(200);
    expect(data<PayrollRun>(paid)).toMatchObject({ status: 'paid', holds: { payout: 0, released: 1, releasedUnpaid: 0, processing: 1 } });

    // The register of the month: the held-then-released payout and the excluded employee, each with its reason;
    // the totals are the payslips' (the excluded employee adds nothing).
    const res = await t.app.inject({ method: 'GET', url: `/backend/api/PayrollRuns/${runId}/register.xlsx`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const headers = (sheet.getRow(5).values as unknown[]).slice(1);
    const col = (h: string) => headers.indexOf(h) + 1;
    // The month inserted by hand pays two of the demo's employees: every other one is listed as not processed.
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((r, n) => {
      if (n >= 6) rows.push(r);
    });
    const byName = (name: string) => rows.find((r) => r.getCell(2).value === name) as ExcelJS.Row;
    expect(byName(a.name).getCell(col('Status / Reason')).value).toBe('Paid in this run');
    expect(byName(b.name).getCell(col('Status / Reason')).value).toMatch(/^Payout released on \d{2} \w{3} 2027 \(held: Bank proof pending\)$/);
    expect(byName(c.name).getCell(col('Status / Reason')).value).toBe('Excluded from processing: On unpaid sabbatical');
    expect(byName(c.name).getCell(col('Net Pay')).value).toBeNull();
    const totals = rows.find((r) => r.getCell(2).value === 'Total') as ExcelJS.Row;
    expect(totals.getCell(col('Net Pay')).value).toBe(70_000);
    const notProcessed = rows.filter((r) => String(r.getCell(col('Status / Reason')).value).startsWith('Not processed:')).length;
    expect(notProcessed).toBeGreaterThan(0);
    expect(totals.getCell(col('Status / Reason')).value).toBe(`1 released, ${String(1 + notProcessed)} excluded`);
  });

  it('register: loan EMIs and salary advance recoveries are separate columns, each the sum of its payslip lines', async () => {
    for (const run of [november, december]) {
      const res = await t.app.inject({ method: 'GET', url: `/backend/api/PayrollRuns/${run.id}/register.xlsx`, headers: { authorization: `Bearer ${admin.token}` } });
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0] as ExcelJS.Worksheet;
      const headers = (sheet.getRow(5).values as unknown[]).slice(1);
      let totals: ExcelJS.Row | undefined;
      sheet.eachRow((row) => {
        if (row.getCell(2).value === 'Total') totals = row;
      });
      const total = (header: string) => Number(totals?.getCell(headers.indexOf(header) + 1).value ?? NaN);
      const sums = await queryRows<{ label: string; rupees: number }>(
        db(),
        sql`SELECT l.label, (sum(l.amount_paise) / 100.0)::float8 AS rupees FROM payslip_lines l JOIN payslips p ON p.id = l.payslip_id
             WHERE p.run_id = ${run.id} AND l.code = 'LOAN_RECOVERY' GROUP BY l.label`,
      );
      const loan = sums.find((s) => s.label === 'Loan recovery')?.rupees ?? 0;
      const advance = sums.find((s) => s.label === 'Salary advance recovery')?.rupees ?? 0;
      expect(loan).toBeGreaterThan(0);
      expect(advance).toBeGreaterThan(0);
      expect(headers.filter((h) => h === 'Salary advance recovery')).toHaveLength(1);
      expect(total('Loan EMI')).toBeCloseTo(loan, 2);
      expect(total('Salary advance recovery')).toBeCloseTo(advance, 2);
      // The register still reconciles: Σ net pay of the rows = the run's net pay.
      expect(total('Net Pay')).toBeCloseTo(run.netPay, 2);
    }
  });
});
