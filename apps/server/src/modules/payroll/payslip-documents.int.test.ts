import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { getDocumentProxy } from 'unpdf';
import { PAYROLL_MSG, type SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { fromJsonColumn } from '../../db/json';
import { DEMO_LOGINS } from '../../seed/demo';
import { LocalFileStorage } from '../../platform/files/file-storage';
import { BACKENDS, createTestApp, makePng, multipart, type TestApp } from '../../testing';

type Line = [code: string, label: string, rupees: number];
interface SlipSpec {
  earnings: Line[];
  deductions: Line[];
  employer: Line[];
  holdKind?: 'payout';
}

/*
 * January 2026, 31 days. Five payslips (amounts in rupees, chosen by hand):
 *   Aditi (member)     Basic 30,000 + HRA 12,000 = 42,000; EPF 1,800 + PT 200 = 2,000; net 40,000; EPF employer 1,800 → cost 43,800
 *   Rahul (on hold)    Basic 36,167 + HRA 15,500 = 51,667; EPF 1,800 + PT 200 + TDS 1,250 = 3,250; net 48,417; cost 53,467
 *   Anita (admin)      Basic 60,000 + HRA 24,000 + Special 16,000 = 1,00,000; EPF 1,800 + PT 200 + TDS 9,000 = 11,000; net 89,000; cost 1,01,800
 *   Vikram (moderator) Basic 25,000; PT 200; net 24,800; cost 25,000
 *   A fifth, no e-mail Basic 20,000; no deductions; net 20,000; cost 20,000
 * Register totals: gross 2,38,667; deductions 16,450; net 2,22,217 (= 2,38,667 − 16,450); employer cost 2,44,067;
 * Basic column 30,000 + 36,167 + 60,000 + 25,000 + 20,000 = 1,71,167; PT column 4 × 200 = 800.
 */
const SLIPS = {
  aditi: { earnings: [['BASIC', 'Basic', 30_000], ['HRA', 'House rent allowance', 12_000]], deductions: [['EPF_EE', 'Employee provident fund', 1_800], ['PT', 'Professional tax', 200]], employer: [['EPF_ER', 'Employer provident fund', 1_800]] },
  rahul: {
    earnings: [['BASIC', 'Basic', 36_167], ['HRA', 'House rent allowance', 15_500]],
    deductions: [['EPF_EE', 'Employee provident fund', 1_800], ['PT', 'Professional tax', 200], ['TDS', 'Income tax (TDS)', 1_250]],
    employer: [['EPF_ER', 'Employer provident fund', 1_800]],
    holdKind: 'payout',
  },
  anita: {
    earnings: [['BASIC', 'Basic', 60_000], ['HRA', 'House rent allowance', 24_000], ['SPECIAL', 'Special allowance', 16_000]],
    deductions: [['EPF_EE', 'Employee provident fund', 1_800], ['PT', 'Professional tax', 200], ['TDS', 'Income tax (TDS)', 9_000]],
    employer: [['EPF_ER', 'Employer provident fund', 1_800]],
  },
  vikram: { earnings: [['BASIC', 'Basic', 25_000]], deductions: [['PT', 'Professional tax', 200]], employer: [] },
  silent: { earnings: [['BASIC', 'Basic', 20_000]], deductions: [], employer: [] },
} satisfies Record<string, SlipSpec>;

const paise = (rupees: number) => rupees * 100;
const sum = (lines: Line[]) => lines.reduce((s, [, , r]) => s + r, 0);
const squash = (text: string) => text.replace(/\s+/g, '');

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  return parts.join(' ');
}

describe.each(BACKENDS)('payslip PDFs, e-mails and the register (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let rahul: SessionUser;
  let outsider: SessionUser;
  let silentUserId: string;
  let runId: string;
  const slipIds: Record<keyof typeof SLIPS, string> = { aditi: '', rahul: '', anita: '', vikram: '', silent: '' };

  const service = () => t.app.services.payslipDocuments;
  const db = () => t.database.db;

  /** A run inserted as processed with its payslips and lines (triggers refuse payslips in a finalized run), then finalized. */
  async function insertRun(month: string, slips: { userId: string; spec: SlipSpec }[], status: 'processed' | 'finalized' = 'finalized'): Promise<{ runId: string; payslipIds: string[] }> {
    const tenantId = admin.tenantId;
    const [start, end] = [`${month}-01`, `${month}-28`];
    const [run] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO payroll_runs (tenant_id, month, period_start, period_end, pay_date, status, employee_count)
          VALUES (${tenantId}, ${month}, ${start}, ${end}, ${end}, 'processed', ${slips.length}) RETURNING id`,
    );
    if (!run) throw new Error('run not inserted');
    const payslipIds: string[] = [];
    for (const [i, { userId, spec }] of slips.entries()) {
      const gross = sum(spec.earnings);
      const deductions = sum(spec.deductions);
      const employer = sum(spec.employer);
      const tds = spec.deductions.find(([code]) => code === 'TDS')?.[2] ?? 0;
      const all = [...spec.earnings.map((l) => ['earning', ...l] as const), ...spec.deductions.map((l) => ['deduction', ...l] as const), ...spec.employer.map((l) => ['employer', ...l] as const)];
      const employee = { name: `Employee ${String(i + 1)}`, employeeNumber: `PS${String(i + 1).padStart(4, '0')}`, designation: 'Engineer', department: 'Engineering', pan: 'ABCPE1234K', uan: '100200300400', esiNumber: null, bankAccount: 'XXXXXX1234', bankName: 'HDFC Bank', dateOfJoining: '2024-06-01' };
      const ytd = { grossPaise: paise(gross) * 10, deductionsPaise: paise(deductions) * 10, netPaise: paise(gross - deductions) * 10, tdsPaise: paise(tds) * 10, taxableGrossPaise: paise(gross) * 10, lines: all.map(([section, code, label, r]) => ({ section, code, label, amountPaise: paise(r) * 10 })) };
      const [slip] = await queryRows<{ id: string }>(
        db(),
        sql`INSERT INTO payslips (tenant_id, run_id, user_id, month, hold_kind, employee, days_in_period, payable_days, lop_days, gross_paise, deductions_paise, net_paise,
                                  employer_cost_paise, tds_paise, tax_regime, ytd, tds_explanation, wages)
            VALUES (${tenantId}, ${run.id}, ${userId}, ${month}, ${spec.holdKind ?? null}, ${JSON.stringify(employee)}::jsonb, 28, 27.5, 0.5, ${paise(gross)}, ${paise(deductions)},
                    ${paise(gross - deductions)}, ${paise(gross + employer)}, ${paise(tds)}, 1, ${JSON.stringify(ytd)}::jsonb, '[]'::jsonb, '{}'::jsonb) RETURNING id`,
      );
      if (!slip) throw new Error('payslip not inserted');
      payslipIds.push(slip.id);
      for (const [seq, [section, code, label, r]] of all.entries()) {
        await db().execute(sql`INSERT INTO payslip_lines (tenant_id, payslip_id, seq, section, code, label, amount_paise, explanation)
                               VALUES (${tenantId}, ${slip.id}, ${seq}, ${section}, ${code}, ${label}, ${paise(r)}, '[]'::jsonb)`);
      }
    }
    if (status === 'finalized') await db().execute(sql`UPDATE payroll_runs SET status = 'finalized', finalized_at = now() WHERE id = ${run.id}`);
    return { runId: run.id, payslipIds };
  }

  const documents = () => queryRows<{ payslipId: string; fileId: string; emailed: boolean; storageKey: string }>(
    db(),
    sql`SELECT d.payslip_id AS "payslipId", d.file_id AS "fileId", d.emailed_at IS NOT NULL AS emailed, f.storage_key AS "storageKey"
          FROM payslip_documents d JOIN files f ON f.id = d.file_id WHERE d.run_id = ${runId}`,
  );
  const payslipMails = async () =>
    queryRows<{ to: string; subject: string; text: string; attachments: { storageKey: string; filename: string }[] | null }>(
      db(),
      sql`SELECT o.to_address AS "to", o.subject, o.text_body AS text, j.data->'data'->'attachments' AS attachments
            FROM outbox_emails o LEFT JOIN pgboss.job j ON j.id = o.id
           WHERE o.subject = 'Your payslip for January 2026 is ready'`,
    ).then((rows) =>
      rows.map((r) => ({ ...r, attachments: fromJsonColumn<{ storageKey: string; filename: string }[] | null>(r.attachments) })).sort((a, b) => (a.to < b.to ? -1 : 1)),
    );
  const filesDir = () => path.join(t.config.dataDir, 'files');
  /** The stored PDFs of the January run, final or pending. */
  const storedPayslipFiles = (pending: boolean): string[] => {
    const dir = path.join(filesDir(), ...(pending ? ['pending'] : []), 'payslips', admin.tenantId, runId);
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  };
  const pdfOf = (id: string, token: string) => t.app.inject({ method: 'GET', url: `/backend/api/Payslips/${id}/pdf`, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    rahul = await t.login(DEMO_LOGINS.manager);
    outsider = await t.registerOrganisation({ organizationName: 'Elsewhere Payroll' });
    // The letterhead: a logo, so every render job reads it (once) and prints it.
    const logo = multipart({}, { field: 'file', filename: 'logo.png', contentType: 'image/png', bytes: makePng(240, 80) });
    const uploaded = await t.call('POST', `/logos?tenantId=${admin.tenantId}`, { token: admin.token, body: logo.body, headers: logo.headers });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [silent] = await queryRows<{ id: string }>(
      db(),
      sql`UPDATE users SET email = '' WHERE id = (SELECT id FROM users WHERE tenant_id = ${admin.tenantId} AND id NOT IN (${admin.id}, ${moderator.id}, ${member.id}, ${rahul.id}) ORDER BY employee_number LIMIT 1) RETURNING id`,
    );
    silentUserId = silent?.id ?? '';
    const run = await insertRun('2026-01', [
      { userId: member.id, spec: SLIPS.aditi },
      { userId: rahul.id, spec: SLIPS.rahul },
      { userId: admin.id, spec: SLIPS.anita },
      { userId: moderator.id, spec: SLIPS.vikram },
      { userId: silentUserId, spec: SLIPS.silent },
    ]);
    runId = run.runId;
    [slipIds.aditi, slipIds.rahul, slipIds.anita, slipIds.vikram, slipIds.silent] = run.payslipIds as [string, string, string, string, string];
  }, 120_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  it('answers that the PDF is not ready before the documents are rendered, and counts nothing yet', async () => {
    const res = await pdfOf(slipIds.aditi, member.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(PAYROLL_MSG.pdfNotReady);
    expect(await t.tenantScope(admin.tenantId, (scope) => service().progress(scope, runId))).toEqual({ total: 5, rendered: 0, emailed: 0 });
  });

  it('leaves no document, file row or stored bytes when a render job fails half-way, and its retry renders everything', async () => {
    const original = LocalFileStorage.prototype.putPending;
    let calls = 0;
    const spy = vi.spyOn(LocalFileStorage.prototype, 'putPending').mockImplementation(async function (this: LocalFileStorage, key, bytes) {
      calls += 1;
      if (calls === 3) throw new Error('disk full');
      return original.call(this, key, bytes);
    });
    await expect(t.tenantSteps(admin.tenantId, (steps) => service().renderPayslips(steps, { runId, payslipIds: Object.values(slipIds) }))).rejects.toThrow('disk full');
    spy.mockRestore();
    expect(await documents()).toEqual([]);
    expect(await queryRows(db(), sql`SELECT id FROM files WHERE tenant_id = ${admin.tenantId} AND kind = 'payslip'`)).toEqual([]);
    expect(storedPayslipFiles(true)).toEqual([]);
    expect(storedPayslipFiles(false)).toEqual([]);
    expect(await payslipMails()).toEqual([]);
  });

  it('renders one PDF per payslip after start, promotes the files, and e-mails each employee with an address once with the PDF attached', async () => {
    const started = await t.tenantScope(admin.tenantId, (scope) => service().startPayslipDocuments(scope, runId));
    expect(started).toEqual({ renderJobs: 1, emailJobs: 0 });
    const docs = await documents();
    expect(docs.map((d) => d.payslipId).sort()).toEqual(Object.values(slipIds).sort());
    expect(new Set(docs.map((d) => d.fileId)).size).toBe(5);
    // Promoted after the commit: final names only, nothing left pending.
    expect(storedPayslipFiles(false)).toHaveLength(5);
    expect(storedPayslipFiles(true)).toEqual([]);

    const mails = await payslipMails();
    const emails = await queryRows<{ id: string; email: string }>(db(), sql`SELECT id, email FROM users WHERE id IN (${member.id}, ${rahul.id}, ${admin.id}, ${moderator.id})`);
    expect(mails.map((m) => m.to)).toEqual(emails.map((e) => e.email).sort());
    const keyOf = new Map(docs.map((d) => [d.payslipId, d.storageKey]));
    const mailTo = (userId: string) => mails.find((m) => m.to === emails.find((e) => e.id === userId)?.email);
    expect(mailTo(member.id)?.attachments).toEqual([{ filename: 'Payslip-January-2026.pdf', contentType: 'application/pdf', storageKey: keyOf.get(slipIds.aditi) }]);
    // The payout on hold is issued and mailed, with the hold said in the mail.
    expect(mailTo(rahul.id)?.text).toContain('Your salary payout for January 2026 is on hold.');
    expect(mailTo(member.id)?.text).not.toContain('on hold');

    expect(await t.tenantScope(admin.tenantId, (scope) => service().progress(scope, runId))).toEqual({ total: 5, rendered: 5, emailed: 4 });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const many = await t.tenantScope(admin.tenantId, (scope) => service().progressOfRuns(scope, [runId, unknown]));
    expect(Object.fromEntries(many)).toEqual({ [runId]: { total: 5, rendered: 5, emailed: 4 }, [unknown]: { total: 0, rendered: 0, emailed: 0 } });
  });

  it('serves the employee their own PDF with the net pay in figures and in words, and nobody else’s', async () => {
    const own = await pdfOf(slipIds.aditi, member.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe('attachment; filename="Payslip-January-2026.pdf"');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    const text = await pdfText(own.rawPayload);
    expect(text).toContain('₹40,000.00');
    expect(squash(text)).toContain(squash('Rupees Forty Thousand Only'));
    expect(text).toContain('Nilgiri');

    const held = await pdfText((await pdfOf(slipIds.rahul, rahul.token)).rawPayload);
    expect(squash(held)).toContain(squash('Rupees Forty Eight Thousand Four Hundred Seventeen Only'));
    expect(squash(held)).toContain(squash('Payout on hold'));

    // A colleague's payslip: not found, as if it did not exist.
    const colleague = await pdfOf(slipIds.rahul, member.token);
    expect(colleague.statusCode).toBe(404);
    expect(colleague.json().message).toBe(PAYROLL_MSG.payslipNotFound);
    // payroll.run.view reads anyone's in the organisation; another organisation reads nothing.
    expect((await pdfOf(slipIds.aditi, moderator.token)).statusCode).toBe(200);
    expect((await pdfOf(slipIds.aditi, admin.token)).statusCode).toBe(200);
    const other = await pdfOf(slipIds.aditi, outsider.token);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('%PDF');
    expect((await pdfOf('00000000-0000-4000-8000-000000000000', admin.token)).statusCode).toBe(404);
  });

  it('renders nothing new and e-mails nobody twice when started again or when a job is retried', async () => {
    const before = await documents();
    const mailsBefore = await payslipMails();
    const again = await t.tenantScope(admin.tenantId, (scope) => service().startPayslipDocuments(scope, runId));
    // Only the payslip whose employee has no address is still unsent; its job sends nothing.
    expect(again).toEqual({ renderJobs: 0, emailJobs: 1 });
    const retried = await t.tenantSteps(admin.tenantId, (steps) => service().renderPayslips(steps, { runId, payslipIds: Object.values(slipIds) }));
    expect(retried).toMatchObject({ rendered: 0, skipped: 5 });
    expect(await t.tenantScope(admin.tenantId, (scope) => service().emailPayslips(scope, { runId, payslipIds: Object.values(slipIds) }))).toBe(0);
    expect(await documents()).toEqual(before);
    expect(await payslipMails()).toEqual(mailsBefore);
    expect(storedPayslipFiles(false)).toHaveLength(5);
  });

  it('builds the register XLSX with one row per payslip and the right totals; members and other organisations get none', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/backend/api/PayrollRuns/${runId}/register.xlsx`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Payroll-Register-January-2026.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const header = (sheet.getRow(5).values as unknown[]).slice(1).map(String);
    const column = (name: string) => header.indexOf(name) + 1;
    const rows: ExcelJS.Row[] = [];
    // The month inserted by hand pays five of the organisation's employees: the others are listed after them as not
    // processed (no salary structure), with no figures and outside the totals.
    const leftOut: ExcelJS.Row[] = [];
    sheet.eachRow((row, n) => {
      if (n > 5) (String(row.getCell(column('Status / Reason')).value).startsWith('Not processed:') ? leftOut : rows).push(row);
    });
    expect(rows).toHaveLength(6);
    expect(leftOut.every((r) => r.getCell(column('Net Pay')).value === null)).toBe(true);
    expect(rows.slice(0, 5).map((r) => r.getCell(1).value)).toEqual(['PS0001', 'PS0002', 'PS0003', 'PS0004', 'PS0005']);
    const totals = rows[5];
    if (!totals) throw new Error('no totals row');
    expect(totals.getCell(2).value).toBe('Total');
    expect(totals.getCell(column('Gross Earnings')).value).toBe(238_667);
    expect(totals.getCell(column('Total Deductions')).value).toBe(16_450);
    expect(totals.getCell(column('Net Pay')).value).toBe(222_217);
    expect(totals.getCell(column('Employer Cost')).value).toBe(244_067);
    expect(totals.getCell(column('Basic')).value).toBe(171_167);
    expect(totals.getCell(column('Professional tax')).value).toBe(800);
    expect(totals.getCell(column('Status / Reason')).value).toBe(`1 on hold, ${String(leftOut.length)} excluded`);
    expect(rows.slice(0, 5).filter((r) => r.getCell(column('Status / Reason')).value === 'Payout on hold')).toHaveLength(1);
    expect(rows.slice(0, 5).filter((r) => r.getCell(column('Status / Reason')).value === 'Paid in this run')).toHaveLength(4);
    // Every component column reconciles with the payslips' lines: its total is the sum of the lines under that label.
    const byLabel = await queryRows<{ label: string; rupees: number }>(
      t.database.db,
      sql`SELECT l.label, (sum(l.amount_paise) / 100.0)::float8 AS rupees FROM payslip_lines l JOIN payslips p ON p.id = l.payslip_id WHERE p.run_id = ${runId} GROUP BY l.label`,
    );
    const components = header.slice(column('LOP Days'), column('Gross Earnings') - 1);
    expect(components.length).toBeGreaterThan(0);
    expect(components.map((h) => [h, totals.getCell(column(h)).value])).toEqual(components.map((h) => [h, byLabel.find((b) => b.label === h)?.rupees]));

    const byMember = await t.call('GET', `/PayrollRuns/${runId}/register.xlsx`, { token: member.token });
    expect(byMember.statusCode).toBe(403);
    const byOutsider = await t.call('GET', `/PayrollRuns/${runId}/register.xlsx`, { token: outsider.token });
    expect(byOutsider.statusCode).toBe(404);
    expect(byOutsider.json().message).toBe(PAYROLL_MSG.runNotFound);
  });

  it('renders nothing for a run that is not finalized, but its register is ready once processed', async () => {
    const processed = await insertRun('2025-12', [{ userId: member.id, spec: SLIPS.aditi }], 'processed');
    await expect(t.tenantScope(admin.tenantId, (scope) => service().startPayslipDocuments(scope, processed.runId))).rejects.toThrow(PAYROLL_MSG.payslipsNotIssued);
    expect(await t.tenantSteps(admin.tenantId, (steps) => service().renderPayslips(steps, { runId: processed.runId, payslipIds: processed.payslipIds }))).toMatchObject({ rendered: 0 });
    expect((await t.call('GET', `/PayrollRuns/${processed.runId}/register.xlsx`, { token: admin.token })).statusCode).toBe(200);
    // The employee does not see an unfinalized payslip; the administrator is told it has no PDF.
    expect((await pdfOf(processed.payslipIds[0] ?? '', member.token)).json().message).toBe(PAYROLL_MSG.payslipNotFound);
    expect((await pdfOf(processed.payslipIds[0] ?? '', admin.token)).json().message).toBe(PAYROLL_MSG.pdfNotReady);

    const [draft] = await queryRows<{ id: string }>(db(), sql`INSERT INTO payroll_runs (tenant_id, month, period_start, period_end, pay_date) VALUES (${admin.tenantId}, '2025-11', '2025-11-01', '2025-11-30', '2025-11-30') RETURNING id`);
    const res = await t.call('GET', `/PayrollRuns/${draft?.id ?? ''}/register.xlsx`, { token: admin.token });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PAYROLL_MSG.registerNotReady);
  });

  it('renders each payslip once when two jobs are given the same payslips at the same time', async () => {
    const run = await insertRun('2025-09', [
      { userId: member.id, spec: SLIPS.aditi },
      { userId: rahul.id, spec: SLIPS.rahul },
      { userId: moderator.id, spec: SLIPS.vikram },
    ]);
    const render = () => t.tenantSteps(admin.tenantId, (steps) => service().renderPayslips(steps, { runId: run.runId, payslipIds: run.payslipIds }));
    const [a, b] = await Promise.all([render(), render()]);
    expect(a.rendered + b.rendered).toBe(3);
    expect(a.skipped + b.skipped).toBe(3);
    const rows = await queryRows<{ n: number; files: number }>(
      db(),
      sql`SELECT count(*)::int AS n, count(DISTINCT file_id)::int AS files FROM payslip_documents WHERE run_id = ${run.runId}`,
    );
    expect(rows[0]).toEqual({ n: 3, files: 3 });
    const mails = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM outbox_emails WHERE subject = 'Your payslip for September 2025 is ready'`);
    expect(mails[0]?.n).toBe(3);
  });

  it('renders but does not e-mail while the organisation has e-mail services disabled, and a later start sends what is unsent', async () => {
    const run = await insertRun('2025-08', [{ userId: member.id, spec: SLIPS.aditi }]);
    const mailsOfAugust = async () => (await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM outbox_emails WHERE subject = 'Your payslip for August 2025 is ready'`))[0]?.n;
    await db().execute(sql`UPDATE tenants SET is_email_enabled = false WHERE id = ${admin.tenantId}`);
    try {
      await t.tenantScope(admin.tenantId, (scope) => service().startPayslipDocuments(scope, run.runId));
      expect(await t.tenantScope(admin.tenantId, (scope) => service().progress(scope, run.runId))).toEqual({ total: 1, rendered: 1, emailed: 0 });
      expect(await mailsOfAugust()).toBe(0);
    } finally {
      await db().execute(sql`UPDATE tenants SET is_email_enabled = true WHERE id = ${admin.tenantId}`);
    }
    expect(await t.tenantScope(admin.tenantId, (scope) => service().startPayslipDocuments(scope, run.runId))).toEqual({ renderJobs: 0, emailJobs: 1 });
    expect(await mailsOfAugust()).toBe(1);
  });

  it('sweeps the pending PDF a crashed job left behind, and keeps the committed ones', async () => {
    const storage = new LocalFileStorage(filesDir());
    await storage.putPending(`payslips/${admin.tenantId}/${runId}/orphan.pdf`, Buffer.from('%PDF-1.7\n'));
    expect(storedPayslipFiles(true)).toEqual(['orphan.pdf']);
    t.clock.advance(2 * 3600_000);
    const swept = await t.globalScope((scope) => service().sweepStoredFiles(scope));
    expect(swept).toEqual({ removed: 1, promoted: 0 });
    expect(storedPayslipFiles(true)).toEqual([]);
    expect(storedPayslipFiles(false)).toHaveLength(5);
  });

  it('renders a chunk of 100 payslips in one job, reading in bulk (render + store time per payslip logged)', async () => {
    const tenantId = admin.tenantId;
    const users = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO users (tenant_id, email, first_name, last_name, status, employee_number)
          SELECT ${tenantId}, 'bulk.' || n || '@payslips.test', 'Bulk', 'Employee ' || n, 1, 'BULK' || lpad(n::text, 4, '0') FROM generate_series(1, 100) AS n RETURNING id`,
    );
    const run = await insertRun('2025-10', users.map((u) => ({ userId: u.id, spec: SLIPS.rahul })));
    let reads = 0;
    let jobMs = 0;
    const total = performance.now();
    // Every statement of the job's two transactions goes through its steps: count the reads there.
    const stats = await t.tenantSteps(tenantId, async (steps) => {
      const began = performance.now();
      const counting: typeof steps = (fn) =>
        steps(async (scope) => {
          // Counted while the job's own code runs, not the platform's commit work (writing the enqueued jobs).
          let counting = true;
          const tx = scope.db.tx as unknown as { execute: (...a: unknown[]) => unknown; select: (...a: unknown[]) => unknown };
          const [execute, select] = [tx.execute.bind(tx), tx.select.bind(tx)];
          tx.execute = (...a: unknown[]) => ((reads += counting ? 1 : 0), execute(...a));
          tx.select = (...a: unknown[]) => ((reads += counting ? 1 : 0), select(...a));
          try {
            return await fn(scope);
          } finally {
            counting = false;
          }
        });
      const result = await service().renderPayslips(counting, { runId: run.runId, payslipIds: run.payslipIds });
      jobMs = performance.now() - began;
      return result;
    });
    // The commit and the jobs it started: promoting the files, the e-mail job and its 100 mails.
    const afterMs = performance.now() - total - jobMs;
    expect(stats.rendered).toBe(100);
    // Bulk: the run, the payslips, their lines, the organisation, the held payouts' dates and whether payslips are
    // password-protected (off here: no PAN or date of birth read), then the lock; no read per payslip.
    expect(reads).toBe(7);
    const perPayslip = (stats.renderMs + stats.storeMs) / stats.rendered;
    console.log(
      `payslip PDFs (${backend}): 100 in one job, render ${(stats.renderMs / 100).toFixed(1)} ms + store ${(stats.storeMs / 100).toFixed(1)} ms = ${perPayslip.toFixed(1)} ms per payslip; ` +
        `the whole job with its reads and inserts ${jobMs.toFixed(0)} ms; commit, promotion and e-mails ${afterMs.toFixed(0)} ms`,
    );
    const mails = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM outbox_emails WHERE to_address LIKE 'bulk.%@payslips.test'`);
    expect(mails[0]?.n).toBe(100);
  });

  it('holds no transaction while it renders: a request made in the middle of a render job is answered at once', async () => {
    const run = await insertRun('2025-07', [{ userId: member.id, spec: SLIPS.aditi }]);
    const original = LocalFileStorage.prototype.putPending;
    let answered: number | 'waiting' = 'waiting';
    const spy = vi.spyOn(LocalFileStorage.prototype, 'putPending').mockImplementation(async function (this: LocalFileStorage, key, bytes) {
      // On PGlite (one connection) this request would wait for a transaction the job kept open: for ever, here.
      const request = t.app.inject({ method: 'GET', url: `/backend/api/PayrollRuns/${run.runId}`, headers: { authorization: `Bearer ${admin.token}` } });
      const waited = new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 5_000));
      const res = await Promise.race([request, waited]);
      answered = res === 'waiting' ? res : res.statusCode;
      return original.call(this, key, bytes);
    });
    try {
      const stats = await t.tenantSteps(admin.tenantId, (steps) => service().renderPayslips(steps, { runId: run.runId, payslipIds: run.payslipIds }));
      expect(stats.rendered).toBe(1);
    } finally {
      spy.mockRestore();
    }
    expect(answered).toBe(200);
  });
});
