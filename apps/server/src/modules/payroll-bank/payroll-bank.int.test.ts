import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PAYROLL_BANK_MSG as MSG, PAYROLL_MSG, type BankFilePreview, type BankPayments, type BankReturnResult, type PayrollReport, type Payslip, type SessionUser } from '@tankha/contracts';
import { addDaysToDate, dateInZone } from '@tankha/domain';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, multipart, type TestApp } from '../../testing';

/*
 * The bank transfer of a finalized month over HTTP. October 2025, inserted as
 * finalized with six payslips whose net pay is chosen by hand (rupees):
 *
 *   Aditi  (member)     40,000.00  HDFC0001753 / 50100111122223        → paid in the file
 *   Rahul  (manager)    48,417.50  payout on hold                       → left out: payout on hold
 *   Anita  (admin)      89,000.25  ICIC0000409 / 040900011122          → paid in the file
 *   Vikram (moderator)  24,800.00  bank account cleared after finalize  → left out: no bank account
 *   Extra1              20,000.00  IFSC 'HDFC1234' (not an IFSC)        → left out: IFSC not valid
 *   Extra2              31,250.75  SBIN0040277 / 39111222333, holder "Séan O'Brien" → 'Sean O Brien'
 *
 *   Σ net of the month                 2,53,468.50 (= the run's net pay)
 *   file total 40,000 + 89,000.25 + 31,250.75 = 1,60,251.00 over 3 payments
 *   left out 48,417.50 + 24,800 + 20,000        =   93,217.50   (1,60,251.00 + 93,217.50 = 2,53,468.50)
 */
const MONTH = '2025-10';
const R = (rupees: number) => Math.round(rupees * 100);

interface Slip {
  key: string;
  net: number;
  hold?: boolean;
  bank: { account: string | null; ifsc: string | null; holder?: string | null };
}

/** A record of a CSV bank file, read by the published layout (docs/decisions/0092-bank-transfer-file.md), not by the writer. */
function parseRecord(fields: string[]) {
  expect(fields).toHaveLength(7);
  const [reference = '', name = '', account = '', ifsc = '', type = '', amount = '', date = ''] = fields;
  const m = /^(\d{1,10})\.(\d{2})$/.exec(amount);
  if (!m) throw new Error(`amount ${amount} is not 12.2`);
  expect(reference.length).toBeLessThanOrEqual(15);
  expect(name.length).toBeLessThanOrEqual(70);
  expect(account.length).toBeLessThanOrEqual(30);
  expect(ifsc).toMatch(/^[A-Z]{4}0[A-Z0-9]{6}$/);
  expect(type).toBe('10');
  expect(date).toMatch(/^\d{8}$/);
  return { reference, name, account, ifsc, paise: Number(m[1]) * 100 + Number(m[2]), date };
}
const csvLines = (text: string) => text.split('\r\n').filter((l) => l !== '');

describe.each(BACKENDS)('bank transfer file and return file (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let outsider: SessionUser;
  let runId = '';
  let processedRunId = '';
  let today = '';
  const users: Record<string, string> = {};
  const slipIds: Record<string, string> = {};
  const db = () => t.database.db;
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const get = (user: SessionUser, url: string) => t.call('GET', url, { token: user.token });
  const upload = (user: SessionUser, id: string, file?: { filename: string; contentType: string; bytes: Buffer }) => {
    const body = multipart({}, file ? { field: 'file', ...file } : undefined);
    return t.call('POST', `/PayrollRuns/${id}/bank-return`, { token: user.token, body: body.body, headers: body.headers });
  };
  const csvFile = (text: string) => ({ filename: 'return.csv', contentType: 'text/csv', bytes: Buffer.from(text, 'utf8') });
  const preview = async (scope: 'all' | 'failed' = 'all', user = admin) => {
    const res = await get(user, `/PayrollRuns/${runId}/bank-file/preview?scope=${scope}`);
    expect(res.statusCode, res.body).toBe(200);
    return data<BankFilePreview>(res);
  };
  const payments = async () => data<BankPayments>(await get(admin, `/PayrollRuns/${runId}/payments`));
  const statuses = () => queryRows<{ reference: string; status: string }>(db(), sql`SELECT reference, status FROM payroll_payments WHERE run_id = ${runId} ORDER BY reference`);

  const SLIPS: Slip[] = [
    { key: 'aditi', net: 40_000, bank: { account: '50100111122223', ifsc: 'HDFC0001753' } },
    { key: 'rahul', net: 48_417.5, hold: true, bank: { account: '50100999988887', ifsc: 'HDFC0001753' } },
    { key: 'anita', net: 89_000.25, bank: { account: '040900011122', ifsc: 'ICIC0000409' } },
    { key: 'vikram', net: 24_800, bank: { account: '91801000000001', ifsc: 'UTIB0000009' } },
    { key: 'extra1', net: 20_000, bank: { account: '8100000001', ifsc: 'HDFC1234' } },
    { key: 'extra2', net: 31_250.75, bank: { account: '39111222333', ifsc: 'SBIN0040277', holder: "Séan O'Brien" } },
  ];

  async function insertRun(month: string, status: 'processed' | 'finalized', slips: Slip[]): Promise<string> {
    const tenantId = admin.tenantId;
    const total = slips.reduce((s, x) => s + R(x.net), 0);
    const [run] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO payroll_runs (tenant_id, month, period_start, period_end, pay_date, status, employee_count, gross_paise, deductions_paise, net_paise, employer_cost_paise)
          VALUES (${tenantId}, ${month}, ${`${month}-01`}, ${`${month}-28`}, ${addDaysToDate(today, 2)}, 'processed', ${slips.length}, ${total}, 0, ${total}, ${total}) RETURNING id`,
    );
    if (!run) throw new Error('run not inserted');
    for (const s of slips) {
      const userId = users[s.key] ?? '';
      const [u] = await queryRows<{ name: string; number: string | null }>(db(), sql`SELECT first_name || ' ' || last_name AS name, employee_number AS number FROM users WHERE id = ${userId}`);
      const employee = { name: u?.name ?? '', employeeNumber: u?.number ?? null, designation: null, department: null, pan: null, uan: null, esiNumber: null, bankAccount: null, bankName: null, dateOfJoining: null };
      const ytd = { grossPaise: R(s.net), deductionsPaise: 0, netPaise: R(s.net), tdsPaise: 0, lines: [] };
      const [slip] = await queryRows<{ id: string }>(
        db(),
        sql`INSERT INTO payslips (tenant_id, run_id, user_id, month, hold_kind, employee, days_in_period, payable_days, lop_days, gross_paise, deductions_paise, net_paise,
                                  employer_cost_paise, tds_paise, tax_regime, ytd, tds_explanation, wages)
            VALUES (${tenantId}, ${run.id}, ${userId}, ${month}, ${s.hold ? 'payout' : null}, ${JSON.stringify(employee)}::jsonb, 31, 31, 0, ${R(s.net)}, 0, ${R(s.net)},
                    ${R(s.net)}, 0, 1, ${JSON.stringify(ytd)}::jsonb, '[]'::jsonb, '{}'::jsonb) RETURNING id`,
      );
      if (!slip) throw new Error('payslip not inserted');
      if (status === 'finalized') slipIds[s.key] = slip.id;
      await db().execute(sql`INSERT INTO payslip_lines (tenant_id, payslip_id, seq, section, code, label, amount_paise, explanation) VALUES (${tenantId}, ${slip.id}, 0, 'earning', 'BASIC', 'Basic', ${R(s.net)}, '[]'::jsonb)`);
    }
    if (status === 'finalized') await db().execute(sql`UPDATE payroll_runs SET status = 'finalized', finalized_at = now() WHERE id = ${run.id}`);
    return run.id;
  }

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    const manager = await t.login(DEMO_LOGINS.manager);
    outsider = await t.registerOrganisation({ organizationName: 'Elsewhere Bank Files' });
    today = dateInZone(t.clock.now(), 'Asia/Kolkata');
    Object.assign(users, { aditi: member.id, rahul: manager.id, anita: admin.id, vikram: moderator.id });
    const extras = await queryRows<{ id: string }>(
      db(),
      sql`SELECT id FROM users WHERE tenant_id = ${admin.tenantId} AND id NOT IN (${admin.id}, ${moderator.id}, ${member.id}, ${manager.id}) ORDER BY employee_number LIMIT 2`,
    );
    users.extra1 = extras[0]?.id ?? '';
    users.extra2 = extras[1]?.id ?? '';
    for (const s of SLIPS) {
      await db().execute(
        sql`UPDATE users SET bank_account_number = ${s.bank.account}, ifsc_code = ${s.bank.ifsc}, account_holder_name = ${s.bank.holder ?? null} WHERE id = ${users[s.key] ?? ''}`,
      );
    }
    runId = await insertRun(MONTH, 'finalized', SLIPS);
    processedRunId = await insertRun('2025-11', 'processed', SLIPS.slice(0, 2));
    // After finalize the moderator's account is cleared in their profile: the next file uses today's details.
    await db().execute(sql`UPDATE users SET bank_account_number = NULL WHERE id = ${moderator.id}`);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('settings: CSV without header by default; the control-total template needs the debit account and IFSC', async () => {
    expect(data(await get(admin, '/PayrollBankSettings'))).toEqual({ template: 'plainCsv', debitAccountNumber: null, debitIfsc: null, bankFormat: null, bankFormatName: null, updatedAt: null, updatedByName: null });
    const missing = await t.call('PUT', '/PayrollBankSettings', { token: admin.token, body: { template: 'controlCsv' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ debitAccountNumber: MSG.debitAccountRequired, debitIfsc: MSG.debitIfscRequired });
    const bad = await t.call('PUT', '/PayrollBankSettings', { token: admin.token, body: { template: 'controlCsv', debitAccountNumber: '12-3', debitIfsc: 'HDFC1234' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ debitAccountNumber: MSG.debitAccountInvalid, debitIfsc: MSG.debitIfscInvalid });
    const template = await t.call('PUT', '/PayrollBankSettings', { token: admin.token, body: { template: 'pdf' } });
    expect(template.json().errors).toEqual({ template: MSG.templateInvalid });
    expect(data(await get(admin, '/PayrollBankSettings'))).toMatchObject({ template: 'plainCsv', updatedAt: null });
    expect((await t.call('PUT', '/PayrollBankSettings', { token: member.token, body: { template: 'xlsx' } })).statusCode).toBe(403);
    expect((await get(member, '/PayrollBankSettings')).statusCode).toBe(403);
  });

  it('previews who the file pays and who is left out, and the total is the month’s net less those left out', async () => {
    const p = await preview();
    expect(p).toMatchObject({ month: MONTH, template: 'plainCsv', scope: 'all', valueDate: addDaysToDate(today, 2), fileName: 'Bank-Transfer-October-2025.csv', employees: 3, total: 160_251, runNetPay: 253_468.5, excludedNetPay: 93_217.5, failedCount: 0 });
    const byPayslip = (a: { payslipId: string }, b: { payslipId: string }) => a.payslipId.localeCompare(b.payslipId);
    expect(p.records.map((r) => ({ payslipId: r.payslipId, amount: r.amount, attempt: r.attempt })).sort(byPayslip)).toEqual(
      [['aditi', 40_000], ['anita', 89_000.25], ['extra2', 31_250.75]].map(([k, amount]) => ({ payslipId: slipIds[k as string] ?? '', amount, attempt: 1 })).sort(byPayslip),
    );
    // By employee number, line after line.
    expect(p.records.map((r) => r.employeeNumber)).toEqual(p.records.map((r) => r.employeeNumber).sort());
    expect(Object.fromEntries(p.excluded.map((e) => [e.payslipId, [e.reason, e.reasonText, e.netPay]]))).toEqual({
      [slipIds.rahul ?? '']: ['payoutHold', 'Payout on hold', 48_417.5],
      [slipIds.vikram ?? '']: ['noBankAccount', 'No bank account number', 24_800],
      [slipIds.extra1 ?? '']: ['invalidIfsc', 'IFSC code is not valid', 20_000],
    });
    expect(p.records.find((r) => r.payslipId === slipIds.extra2)).toMatchObject({ beneficiaryName: 'Sean O Brien', accountNumber: 'XXXXXXX2333', ifsc: 'SBIN0040277' });
    expect(p.explanation[0]).toBe('Net pay of October 2025: ₹2,53,468.50 for 6 payslips');
    expect(p.explanation.slice(1, -1).sort()).toEqual(['Less ifsc code is not valid: ₹20,000 (1 employee)', 'Less no bank account number: ₹24,800 (1 employee)', 'Less payout on hold: ₹48,417.50 (1 employee)']);
    expect(p.explanation.at(-1)).toBe('File total: ₹1,60,251 for 3 payments');
    // Nothing is recorded by a preview.
    expect(await statuses()).toEqual([]);
  });

  it('downloads the headerless CSV; its total, read back by the layout, is Σ net pay of the included payslips', async () => {
    const res = await get(admin, `/PayrollRuns/${runId}/bank-file`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Bank-Transfer-October-2025.csv"');
    const records = csvLines(res.body).map((l) => parseRecord(l.split(',')));
    expect(records).toHaveLength(3);
    const fileTotal = records.reduce((s, r) => s + r.paise, 0);
    expect(fileTotal).toBe(R(160_251));
    // Σ net of the included, from the payslips themselves.
    const p = await preview();
    let netOfIncluded = 0;
    for (const r of p.records) netOfIncluded += R(data<Payslip>(await get(admin, `/Payslips/${r.payslipId}`)).netPay);
    expect(fileTotal).toBe(netOfIncluded);
    // The run's net (payroll-rules §2) = file total + the net of those left out.
    const run = data<{ netPay: number }>(await get(admin, `/PayrollRuns/${runId}`));
    expect(R(run.netPay)).toBe(fileTotal + R(p.excludedNetPay));
    expect(records.every((r) => r.date === addDaysToDate(today, 2).replaceAll('-', ''))).toBe(true);
    expect(records.map((r) => r.name)).toContain('Sean O Brien');
    // Each payment is recorded once, as sent; a second download carries the same references and records nothing new.
    const sent = await statuses();
    expect(sent.map((s) => s.status)).toEqual(['sent', 'sent', 'sent']);
    expect(sent.map((s) => s.reference).sort()).toEqual(records.map((r) => r.reference).sort());
    const again = await get(admin, `/PayrollRuns/${runId}/bank-file`);
    expect(again.body).toBe(res.body);
    expect(await statuses()).toEqual(sent);
  });

  it('logs each download in the payroll reports with its control figures', async () => {
    const res = await get(admin, `/PayrollReports?month=${MONTH}`);
    expect(res.statusCode).toBe(200);
    const reports = data<PayrollReport[]>(res);
    expect(reports.filter((r) => r.kind === 'bank')).toHaveLength(2);
    expect(reports[0]).toMatchObject({ runId, month: MONTH, kind: 'bank', fileName: 'Bank-Transfer-October-2025.csv', employees: 3, total: 160_251, generatedBy: admin.id, generatedByName: 'Anita Rao' });
    expect(reports[0]?.summary).toMatchObject({ template: 'plainCsv', scope: 'all', leftOut: 3, leftOutNetPay: 93_217.5 });
    expect(data<PayrollReport[]>(await get(admin, '/PayrollReports?month=2025-09'))).toEqual([]);
    expect((await get(admin, '/PayrollReports?month=2025-13')).json().message).toBe('month: month must be a month (YYYY-MM)');
  });

  it('refuses a value date in the past or not a date, and a month that is not finalized', async () => {
    const past = await get(admin, `/PayrollRuns/${runId}/bank-file?valueDate=${addDaysToDate(today, -1)}`);
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual({ valueDate: MSG.valueDatePast });
    const bad = await get(admin, `/PayrollRuns/${runId}/bank-file/preview?valueDate=2025-02-30`);
    expect(bad.json().errors).toEqual({ valueDate: MSG.valueDateInvalid });
    const scope = await get(admin, `/PayrollRuns/${runId}/bank-file?scope=some`);
    expect(scope.json().errors).toEqual({ scope: MSG.scopeInvalid });
    for (const url of [`/PayrollRuns/${processedRunId}/bank-file/preview`, `/PayrollRuns/${processedRunId}/bank-file`, `/PayrollRuns/${processedRunId}/payments`]) {
      const res = await get(admin, url);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.runNotFinalized);
    }
    const notFound = await get(admin, '/PayrollRuns/6a4b9a52-3c0f-4f7e-9d55-2b7f0c1d9e11/bank-file');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe(PAYROLL_MSG.runNotFound);
  });

  it('checks the return file: size, type, content and columns, naming what is wrong', async () => {
    const cases: [ReturnType<typeof csvFile> | undefined, string][] = [
      [undefined, MSG.returnFileRequired],
      [{ filename: 'return.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n\u0000\u0001%%EOF') }, MSG.returnFileType],
      [{ filename: 'return.csv', contentType: 'text/csv', bytes: Buffer.alloc(0) }, MSG.returnFileEmpty],
      [{ filename: 'return.csv', contentType: 'text/csv', bytes: Buffer.from([0x52, 0x65, 0x66, 0xff, 0xfe, 0x0a]) }, MSG.returnFileNotUtf8],
      [csvFile('Name,Amount\r\nAditi,40000\r\n'), MSG.returnFileColumns('Name, Amount')],
      [csvFile('Reference,Status,UTR\r\n'), MSG.returnFileNoRows],
      [{ filename: 'return.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]) }, 'The file could not be read as an Excel workbook (.xlsx).'],
      [{ filename: 'big.csv', contentType: 'text/csv', bytes: Buffer.alloc(5_242_881, 0x41) }, MSG.returnFileTooLarge],
    ];
    for (const [file, message] of cases) {
      const res = await upload(admin, runId, file);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await statuses()).map((s) => s.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('refuses a return file with any wrong row, lists every one with its row number, and records nothing', async () => {
    const p = await preview();
    const ref = (key: string) => p.records.find((r) => r.payslipId === slipIds[key])?.reference ?? '';
    const text = [
      'Bulk payment status report',
      'Customer Ref No,Transaction Status,UTR No,Return Reason,Amount',
      `${ref('aditi')},Success,HDFCN520251031001,,"40,000.00"`,
      'SAL251099999901,Success,HDFCN520251031002,,100.00',
      `${ref('anita')},Pending,,,89000.25`,
      `${ref('extra2')},Rejected,,,31250.75`,
      `${ref('aditi')},Success,HDFCN520251031003,,40000`,
    ].join('\r\n');
    const res = await upload(admin, runId, csvFile(text));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.returnRowsInvalid(4, 5));
    expect(res.json().errors).toEqual({
      'row 4': MSG.unknownReference('SAL251099999901'),
      'row 5': MSG.statusUnknown('Pending'),
      'row 6': MSG.reasonRequired,
      'row 7': MSG.duplicateReference(ref('aditi'), 3),
    });
    expect((await statuses()).map((s) => s.status)).toEqual(['sent', 'sent', 'sent']);
    expect(data<PayrollReport[]>(await get(admin, `/PayrollReports?month=${MONTH}`)).some((r) => r.kind === 'bank-return')).toBe(false);
  });

  it('records a return file: paid with UTR, failed with the reason; the run shows each employee’s payment status', async () => {
    const p = await preview();
    const ref = (key: string) => p.records.find((r) => r.payslipId === slipIds[key])?.reference ?? '';
    const text = ['Reference,Status,UTR,Reason,Amount,Value Date', `${ref('aditi')},Paid,HDFCN520251031001,,40000.00,31/10/2025`, `${ref('anita')},Credited,ICICN520251031002,,89000.25,31/10/2025`, `${ref('extra2')},Returned,,Account closed,31250.75,31/10/2025`].join('\n');
    const res = await upload(admin, runId, csvFile(text));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.returnRecorded(2, 1));
    expect(data<BankReturnResult>(res)).toEqual({ fileName: 'return.csv', rows: 3, paid: 2, failed: 1, unchanged: 0, paidAmount: 129_000.25, failedAmount: 31_250.75 });

    const status = await payments();
    expect(status.counts).toEqual({ notSent: 0, sent: 0, paid: 2, failed: 1, leftOut: 3 });
    expect(status.paidAmount).toBe(129_000.25);
    const byKey = (key: string) => status.rows.find((r) => r.payslipId === slipIds[key]);
    expect(byKey('aditi')).toMatchObject({ state: 'paid', utr: 'HDFCN520251031001', statusDate: '2025-10-31', attempts: 1 });
    expect(byKey('extra2')).toMatchObject({ state: 'failed', reason: 'Account closed', reference: ref('extra2') });
    expect(byKey('rahul')).toMatchObject({ state: 'leftOut', reason: 'Payout on hold' });
    expect(byKey('vikram')).toMatchObject({ state: 'leftOut', reason: 'No bank account number' });

    // The same file again changes nothing (every row repeats what is recorded).
    const again = data<BankReturnResult>(await upload(admin, runId, csvFile(text)));
    expect(again).toMatchObject({ paid: 2, failed: 1, unchanged: 3 });
    // A paid payment cannot be reported failed afterwards.
    const flip = await upload(admin, runId, csvFile(`Reference,Status,Reason\n${ref('aditi')},Failed,Returned\n`));
    expect(flip.json().errors).toEqual({ 'row 2': MSG.paidCannotFail(ref('aditi')) });
    const log = data<PayrollReport[]>(await get(admin, `/PayrollReports?month=${MONTH}`)).filter((r) => r.kind === 'bank-return');
    expect(log).toHaveLength(2);
    expect(log[1]).toMatchObject({ fileName: 'return.csv', employees: 3, total: 129_000.25, summary: { paid: 2, failed: 1, unchanged: 0 } });
  });

  it('re-exports only the failed payments under new references; the full file leaves out the paid and the failed', async () => {
    const full = await preview('all');
    expect(full.employees).toBe(0);
    expect(full.failedCount).toBe(1);
    expect(full.excluded.map((e) => e.reason).sort()).toEqual(['alreadyPaid', 'alreadyPaid', 'invalidIfsc', 'noBankAccount', 'paymentFailed', 'payoutHold']);
    const none = await get(admin, `/PayrollRuns/${runId}/bank-file`);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(MSG.nobodyToPay);

    // The employee's account is corrected in their profile; the retry uses it.
    await db().execute(sql`UPDATE users SET bank_account_number = '39111222444' WHERE id = ${users.extra2 ?? ''}`);
    const retry = await preview('failed');
    expect(retry).toMatchObject({ scope: 'failed', employees: 1, total: 31_250.75, excluded: [], fileName: 'Bank-Transfer-October-2025-Failed.csv' });
    const oldRef = (await payments()).rows.find((r) => r.payslipId === slipIds.extra2)?.reference ?? '';
    const newRef = retry.records[0]?.reference ?? '';
    expect(newRef).toBe(`${oldRef.slice(0, 13)}02`);
    const res = await get(admin, `/PayrollRuns/${runId}/bank-file?scope=failed`);
    expect(res.statusCode).toBe(200);
    const [record, ...rest] = csvLines(res.body).map((l) => parseRecord(l.split(',')));
    expect(rest).toEqual([]);
    expect(record).toMatchObject({ reference: newRef, account: '39111222444', paise: R(31_250.75) });
    // Now the payment awaits the bank in the retry file: the full file says so, the retry file still carries it.
    expect((await preview('all')).excluded.find((e) => e.payslipId === slipIds.extra2)?.reason).toBe('inRetryFile');
    expect((await preview('failed')).records.map((r) => r.reference)).toEqual([newRef]);
    expect((await payments()).rows.find((r) => r.payslipId === slipIds.extra2)).toMatchObject({ state: 'sent', attempts: 2, reference: newRef });

    // The old reference is refused; the new one is recorded (an Excel return file this time).
    const stale = await upload(admin, runId, csvFile(`Reference,Status,UTR\n${oldRef},Paid,X\n`));
    expect(stale.json().errors).toEqual({ 'row 2': MSG.supersededReference(oldRef, newRef) });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Status');
    sheet.addRow(['Payment Reference', 'Payment Status', 'UTR Number', 'Transaction Date']);
    sheet.addRow([newRef, 'SUCCESS', 'SBINR52025110300077', new Date(Date.UTC(2025, 10, 3))]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const ok = await upload(admin, runId, { filename: 'status.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes: xlsx });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await payments()).rows.find((r) => r.payslipId === slipIds.extra2)).toMatchObject({ state: 'paid', utr: 'SBINR52025110300077', statusDate: '2025-11-03' });
    expect((await payments()).counts).toEqual({ notSent: 0, sent: 0, paid: 3, failed: 0, leftOut: 3 });
    expect((await get(admin, `/PayrollRuns/${runId}/bank-file?scope=failed`)).json().message).toBe(MSG.noFailedPayments);
  });

  it('the database keeps what the bank was told: amount and reference never change, a reported status never moves', async () => {
    const [paid] = await queryRows<{ id: string }>(db(), sql`SELECT id FROM payroll_payments WHERE run_id = ${runId} AND status = 'paid' LIMIT 1`);
    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await db().execute(statement);
        return 'accepted';
      } catch (error) {
        return String((error as { cause?: { message?: string } }).cause?.message ?? error);
      }
    };
    expect(await refusal(sql`UPDATE payroll_payments SET amount_paise = 1 WHERE id = ${paid?.id ?? ''}`)).toMatch(/was sent to the bank and cannot change/);
    expect(await refusal(sql`UPDATE payroll_payments SET status = 'failed' WHERE id = ${paid?.id ?? ''}`)).toMatch(/is recorded as paid and cannot become failed/);
  });

  it('writes the control-total CSV and the Excel file in the organisation’s template, with totals = Σ net of the included', async () => {
    // A second finalized month with fresh payments, so both templates have something to pay.
    const month = '2025-12';
    const slips = SLIPS.filter((s) => s.key !== 'vikram');
    const id = await insertRun(month, 'finalized', slips);
    const saved = await t.call('PUT', '/PayrollBankSettings', { token: admin.token, body: { template: 'controlCsv', debitAccountNumber: '5020 0012 3456 78', debitIfsc: 'hdfc0000001' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data(saved)).toMatchObject({ template: 'controlCsv', debitAccountNumber: '50200012345678', debitIfsc: 'HDFC0000001', updatedByName: 'Anita Rao' });
    const csv = await get(admin, `/PayrollRuns/${id}/bank-file`);
    const [header = '', ...details] = csvLines(csv.body);
    const h = header.split(',');
    expect(h.slice(0, 4)).toEqual(['H', '50200012345678', 'HDFC0000001', addDaysToDate(today, 2).replaceAll('-', '')]);
    const records = details.map((l) => {
      const f = l.split(',');
      expect(f[0]).toBe('D');
      return parseRecord(f.slice(1));
    });
    // Paid: Aditi 40,000 + Anita 89,000.25 + Extra2 31,250.75 (account corrected) = 1,60,251.00; Rahul held, Extra1 bad IFSC.
    expect(Number(h[4])).toBe(records.length);
    expect(h[5]).toBe('160251.00');
    expect(records.reduce((s, r) => s + r.paise, 0)).toBe(R(160_251));

    await t.call('PUT', '/PayrollBankSettings', { token: admin.token, body: { template: 'xlsx', debitAccountNumber: '50200012345678', debitIfsc: 'HDFC0000001' } });
    const xlsx = await t.app.inject({ method: 'GET', url: `/backend/api/PayrollRuns/${id}/bank-file`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="Bank-Transfer-December-2025.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const payments = book.getWorksheet('Payments');
    const control = book.getWorksheet('Control');
    expect((payments?.getRow(1).values as unknown[]).slice(1, 8)).toEqual(['Payment Reference', 'Beneficiary Name', 'Account Number', 'IFSC', 'Account Type', 'Amount', 'Value Date']);
    let sum = 0;
    for (let r = 2; r <= (payments?.rowCount ?? 0); r++) sum += Math.round(Number(payments?.getCell(r, 6).value) * 100);
    expect(sum).toBe(R(160_251));
    expect(control?.getCell(3, 2).value).toBe(3);
    expect(control?.getCell(4, 2).value).toBe(160_251);
    // The same references as the CSV of this month (same payments).
    expect(payments?.getCell(2, 1).value).toBe(records[0]?.reference);
    await t.call('PUT', '/PayrollBankSettings', { token: admin.token, body: { template: 'plainCsv' } });
  });

  it('roles: moderators prepare and download, only the Administrator records the return file, members get nothing', async () => {
    expect((await get(moderator, `/PayrollRuns/${runId}/bank-file/preview`)).statusCode).toBe(200);
    expect((await get(moderator, `/PayrollRuns/${runId}/payments`)).statusCode).toBe(200);
    expect((await get(moderator, `/PayrollReports?month=${MONTH}`)).statusCode).toBe(200);
    const modImport = await upload(moderator, runId, csvFile('Reference,Status\nX,Paid\n'));
    expect(modImport.statusCode).toBe(403);
    for (const url of [`/PayrollRuns/${runId}/bank-file/preview`, `/PayrollRuns/${runId}/bank-file`, `/PayrollRuns/${runId}/payments`, `/PayrollReports?month=${MONTH}`]) {
      expect((await get(member, url)).statusCode, url).toBe(403);
    }
    expect((await upload(member, runId, csvFile('Reference,Status\nX,Paid\n'))).statusCode).toBe(403);
  });

  it('another organisation can neither read the bank file, the payments and the log, nor record a return file', async () => {
    const before = await statuses();
    for (const url of [`/PayrollRuns/${runId}/bank-file/preview`, `/PayrollRuns/${runId}/bank-file`, `/PayrollRuns/${runId}/payments`]) {
      const res = await get(outsider, url);
      expect([403, 404], `${url} ${res.body}`).toContain(res.statusCode);
      expect(res.body).not.toContain('SAL2510');
    }
    const imported = await upload(outsider, runId, csvFile(`Reference,Status,UTR\n${before[0]?.reference ?? ''},Paid,X\n`));
    expect([403, 404]).toContain(imported.statusCode);
    expect(await statuses()).toEqual(before);
    const theirs = await get(outsider, `/PayrollReports?month=${MONTH}`);
    if (theirs.statusCode === 200) expect(data<PayrollReport[]>(theirs)).toEqual([]);
    else expect(theirs.statusCode).toBe(403);
    const settings = await get(outsider, '/PayrollBankSettings');
    if (settings.statusCode === 200) expect(data(settings)).toMatchObject({ template: 'plainCsv', debitAccountNumber: null });
    else expect(settings.statusCode).toBe(403);
  });
});
