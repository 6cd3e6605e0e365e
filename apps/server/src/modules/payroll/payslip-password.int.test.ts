import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { getDocumentProxy } from 'unpdf';
import type { Payslip, PayrollSettings, SessionUser } from '@tankha/contracts';
import { queryRows } from '../../db/client';
import { fromJsonColumn } from '../../db/json';
import { DEMO_LOGINS } from '../../seed/demo';
import { inspectPdf } from '../../platform/files/pdf';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/*
 * Payslip PDFs protected with the employee's password (payroll settings): Aditi (the member) has
 * PAN ABCDE1234F and was born on 1 August 1990, so her password is ABCDE0108; Vikram (the
 * moderator) has no date of birth, so his payslip cannot be protected and stays plain.
 */
const PASSWORD = 'ABCDE0108';

async function pdfText(pdf: Uint8Array, password?: string): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf), password === undefined ? {} : { password });
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  return parts.join(' ');
}

/** The trailer names an /Encrypt dictionary (the standard security handler). */
const trailerEncrypts = (pdf: Uint8Array) => /trailer\s*<<[\s\S]*\/Encrypt\s+\d+\s+0\s+R[\s\S]*>>/.test(Buffer.from(pdf).toString('latin1').slice(-600));

/** Encrypted: the trailer says so, pdf-lib refuses to load it and the platform's inspection reports it; the password opens it. */
async function expectProtected(pdf: Uint8Array, password: string): Promise<void> {
  expect(trailerEncrypts(pdf)).toBe(true);
  await expect(PDFDocument.load(pdf)).rejects.toThrow(/is encrypted/);
  expect(await inspectPdf(pdf)).toEqual({ ok: false, reason: 'encrypted' });
  await expect(pdfText(pdf)).rejects.toThrow(/password/i);
  await expect(pdfText(pdf, 'WRONG0000')).rejects.toThrow(/password/i);
  expect(await pdfText(pdf, password)).toContain('₹40,000.00');
}

async function expectPlain(pdf: Uint8Array): Promise<void> {
  expect(trailerEncrypts(pdf)).toBe(false);
  expect(await inspectPdf(pdf)).toEqual({ ok: true, pageCount: 1 });
  expect(await pdfText(pdf)).toContain('computer-generated payslip');
}

describe.each(BACKENDS)('payslip PDFs protected with a password (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let outsider: SessionUser;
  const db = () => t.database.db;
  const service = () => t.app.services.payslipDocuments;
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;

  /** A finalized run of Aditi (net ₹40,000) and Vikram (net ₹24,800), its payslips inserted as processed first (triggers refuse them later). */
  async function finalizedRun(month: string): Promise<{ runId: string; aditi: string; vikram: string }> {
    const tenantId = admin.tenantId;
    const [run] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO payroll_runs (tenant_id, month, period_start, period_end, pay_date, status, employee_count)
          VALUES (${tenantId}, ${month}, ${`${month}-01`}, ${`${month}-28`}, ${`${month}-28`}, 'processed', 2) RETURNING id`,
    );
    if (!run) throw new Error('run not inserted');
    const ids: string[] = [];
    for (const [userId, gross, deductions] of [
      [member.id, 42_000, 2_000],
      [moderator.id, 25_000, 200],
    ] as const) {
      const employee = {
        name: 'Employee',
        employeeNumber: null,
        designation: null,
        department: null,
        pan: 'ABCDE1234F',
        uan: null,
        esiNumber: null,
        bankAccount: null,
        bankName: null,
        dateOfJoining: null,
      };
      const ytd = { grossPaise: gross * 100, deductionsPaise: deductions * 100, netPaise: (gross - deductions) * 100, tdsPaise: 0, lines: [] };
      const [slip] = await queryRows<{ id: string }>(
        db(),
        sql`INSERT INTO payslips (tenant_id, run_id, user_id, month, employee, days_in_period, payable_days, lop_days, gross_paise, deductions_paise, net_paise,
                                  employer_cost_paise, tds_paise, tax_regime, ytd, tds_explanation, wages)
            VALUES (${tenantId}, ${run.id}, ${userId}, ${month}, ${JSON.stringify(employee)}::jsonb, 28, 28, 0, ${gross * 100}, ${deductions * 100},
                    ${(gross - deductions) * 100}, ${gross * 100}, 0, 1, ${JSON.stringify(ytd)}::jsonb, '[]'::jsonb, '{}'::jsonb) RETURNING id`,
      );
      if (!slip) throw new Error('payslip not inserted');
      ids.push(slip.id);
      await db().execute(sql`INSERT INTO payslip_lines (tenant_id, payslip_id, seq, section, code, label, amount_paise, explanation)
                             VALUES (${tenantId}, ${slip.id}, 0, 'earning', 'BASIC', 'Basic', ${gross * 100}, '[]'::jsonb),
                                    (${tenantId}, ${slip.id}, 1, 'deduction', 'PT', 'Professional tax', ${deductions * 100}, '[]'::jsonb)`);
    }
    await db().execute(sql`UPDATE payroll_runs SET status = 'finalized', finalized_at = now() WHERE id = ${run.id}`);
    // The finalize's job: render the PDFs and e-mail them (jobs run after the scope commits).
    await t.tenantScope(admin.tenantId, (scope) => service().startPayslipDocuments(scope, run.id));
    return { runId: run.id, aditi: ids[0] ?? '', vikram: ids[1] ?? '' };
  }

  const download = async (payslipId: string, user: SessionUser) => {
    const res = await t.app.inject({ method: 'GET', url: `/backend/api/Payslips/${payslipId}/pdf`, headers: { authorization: `Bearer ${user.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return new Uint8Array(res.rawPayload);
  };
  /** The payslip mails of a month to Aditi, with the stored bytes of their attachment (read as the mail job reads it). */
  const mailsToAditi = async (month: string) => {
    const rows = await queryRows<{ text: string; html: string; attachments: unknown }>(
      db(),
      sql`SELECT o.text_body AS text, o.html_body AS html, j.data->'data'->'attachments' AS attachments
            FROM outbox_emails o JOIN users u ON u.email = o.to_address AND u.id = ${member.id} LEFT JOIN pgboss.job j ON j.id = o.id
           WHERE o.subject = ${`Your payslip for ${month} is ready`}`,
    );
    return rows.map((r) => {
      const [attachment] = fromJsonColumn<{ storageKey: string }[]>(r.attachments);
      return { text: r.text, html: r.html, pdf: new Uint8Array(fs.readFileSync(path.join(t.config.dataDir, 'files', attachment?.storageKey ?? 'missing'))) };
    });
  };
  const settings = async (user: SessionUser) => data<PayrollSettings>(await t.call('GET', '/PayrollSettings', { token: user.token }));
  /** PUT /PayrollSettings as `user`, the other settings as `reader` (the user, or its administrator) reads them. */
  const setProtection = async (user: SessionUser, on: boolean, reader: SessionUser = user) => {
    const s = await settings(reader);
    const body = {
      payPeriodType: s.payPeriodType,
      payDayType: s.payDayType,
      payDay: s.payDay,
      lastPayrollRunMonth: s.lastPayrollRunMonth ?? 12,
      lastPayrollYear: s.lastPayrollYear ?? 2025,
      protectPayslipPdfs: on,
    };
    return t.call('PUT', '/PayrollSettings', { token: user.token, body });
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    outsider = await t.registerOrganisation({ organizationName: 'Elsewhere Passwords' });
    await db().execute(sql`UPDATE users SET pan = 'abcde1234f', date_of_birth = '1990-08-01' WHERE id = ${member.id}`);
    await db().execute(sql`UPDATE users SET date_of_birth = NULL WHERE id = ${moderator.id}`);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('is off by default: the downloaded PDF and the e-mailed one are plain, and the mail says nothing of a password', async () => {
    expect((await settings(admin)).protectPayslipPdfs).toBe(false);
    const run = await finalizedRun('2026-01');
    await expectPlain(await download(run.aditi, member));
    const [mail] = await mailsToAditi('January 2026');
    expect(mail).toBeDefined();
    await expectPlain(mail?.pdf ?? new Uint8Array());
    expect(mail?.text).not.toContain('password');
    expect(data<Payslip>(await t.call('GET', `/Payslips/${run.aditi}`, { token: member.token })).pdfPasswordProtected).toBe(false);
  });

  it('only an administrator of the organisation changes it: a member is refused, another organisation changes its own', async () => {
    const refused = await setProtection(member, true, admin);
    expect(refused.statusCode).toBe(403);
    const elsewhere = await setProtection(outsider, true);
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(data<PayrollSettings>(elsewhere).protectPayslipPdfs).toBe(true);
    expect((await settings(admin)).protectPayslipPdfs).toBe(false);
  });

  it('turned on, protects the stored PDFs of issued months: the download opens only with ABCDE0108; without a date of birth it stays plain', async () => {
    const saved = await setProtection(admin, true);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data<PayrollSettings>(saved).protectPayslipPdfs).toBe(true);
    const [january] = await queryRows<{ aditi: string; vikram: string }>(
      db(),
      sql`SELECT max(CASE WHEN user_id = ${member.id} THEN id::text END) AS aditi, max(CASE WHEN user_id = ${moderator.id} THEN id::text END) AS vikram
            FROM payslips WHERE tenant_id = ${admin.tenantId} AND month = '2026-01'`,
    );
    // Re-rendered after the save's commit, for the employee and for the administrator who downloads it.
    await expectProtected(await download(january?.aditi ?? '', member), PASSWORD);
    await expectProtected(await download(january?.aditi ?? '', admin), PASSWORD);
    expect(data<Payslip>(await t.call('GET', `/Payslips/${january?.aditi ?? ''}`, { token: member.token })).pdfPasswordProtected).toBe(true);
    await expectPlain(await download(january?.vikram ?? '', moderator));
    expect(data<Payslip>(await t.call('GET', `/Payslips/${january?.vikram ?? ''}`, { token: moderator.token })).pdfPasswordProtected).toBe(false);
  });

  it('e-mails a new month protected, and the mail tells the pattern, never the password', async () => {
    await finalizedRun('2026-02');
    const [mail] = await mailsToAditi('February 2026');
    await expectProtected(mail?.pdf ?? new Uint8Array(), PASSWORD);
    expect(mail?.text).toContain('The PDF is protected with a password: the first five letters of your PAN in capitals followed by your date of birth as DDMM');
    expect(mail?.html).toContain('the first five letters of your PAN');
    // The example is the made-up ABCDE0108; Aditi's PAN happens to be ABCDE…, so her PAN must not appear whole.
    expect(mail?.text).not.toContain('ABCDE1234F and a birthday on 1 August 1990');
  });

  it('follows a changed date of birth, and turned off makes every PDF plain again', async () => {
    const [february] = await queryRows<{ id: string }>(db(), sql`SELECT id FROM payslips WHERE user_id = ${member.id} AND month = '2026-02'`);
    await db().execute(sql`UPDATE users SET date_of_birth = '1990-12-25' WHERE id = ${member.id}`);
    await t.tenantScope(admin.tenantId, (scope) => service().reprotectPayslips(scope, { userIds: [member.id] }));
    await expectProtected(await download(february?.id ?? '', member), 'ABCDE2512');

    expect((await setProtection(admin, false)).statusCode).toBe(200);
    await expectPlain(await download(february?.id ?? '', member));
    expect(data<Payslip>(await t.call('GET', `/Payslips/${february?.id ?? ''}`, { token: member.token })).pdfPasswordProtected).toBe(false);
  });
});
