import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { FORM16_MSG, FORM16_PERSON_MAX, type Form16GenerateResult, type Form16Record, type Form16ResponsiblePersonSettings, type PayrollRun, type Payslip, type SessionUser } from '@tankha/contracts';
import { amountInWords, formatInr, formatRupees, rupeesToPaise } from '@tankha/domain';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, makePdf, multipart, type TestApp } from '../../testing';

/**
 * Form 16 Part B generated from the payroll through HTTP. 15 March 2026: the demo
 * has January and February 2026 finalized and March a draft; March is processed and finalized here,
 * which completes FY 2025-26 as the payroll sees it. The member's Part B must carry the payroll's
 * own figures: net tax payable = the March payslip's "Tax for the year" = DeclarationService.positionOf
 * (the summary), and TDS deducted = Σ of the year's payslip TDS.
 */
const MARCH_15 = new Date('2026-03-15T06:00:00Z');
const YEAR = '2025-2026';

type Reply = { statusCode: number; body: string; rawPayload: Buffer; json(): unknown };
const textOf = async (pdf: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text.replace(/\s+/g, ' ');

describe.each(BACKENDS)('Form 16 Part B generated from the payroll (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  const slips: Payslip[] = [];

  const call = (user: SessionUser, method: string, url: string, body?: unknown) => t.call(method, url, { token: user.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: Reply): T => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: T }).data;
  };
  const error = (res: Reply, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as { message: string; errors?: Record<string, string> };
  };
  const generateOne = (user: SessionUser, employeeId: string, financialYear = YEAR) => call(user, 'POST', `/Form16/part-b/generate/${employeeId}`, { financialYear });
  const generateAll = (user: SessionUser, financialYear = YEAR) => call(user, 'POST', '/Form16/part-b/generate', { financialYear });
  const partBsOf = async (userId: string) =>
    queryRows<{ id: string; kind: string; form_type: number }>(t.database.db, sql`SELECT id, kind, form_type FROM form16_documents WHERE user_id = ${userId} AND financial_year_start = 2025 AND form_type = 2`);

  beforeAll(async () => {
    t = await createTestApp(backend);
    t.clock.set(MARCH_15);
    await t.seedDemo({ payroll: true });
    await t.drainJobs();
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders' });
    // March without loss of pay, the member in the new regime with nothing declared, on a CTC of
    // ₹2.4 crore (March alone ₹20 lakh, so the year is taxed): the payroll's year-end projection is
    // then the year as paid, so positionOf must give Part B's tax exactly.
    await t.database.db.execute(sql`DELETE FROM attendance_days WHERE tenant_id = ${admin.tenantId} AND work_date BETWEEN '2026-03-01' AND '2026-03-31'`);
    await t.database.db.execute(sql`DELETE FROM leave_requests WHERE tenant_id = ${admin.tenantId} AND start_date <= '2026-03-31' AND end_date >= '2026-03-01'`);
    await t.database.db.execute(sql`DELETE FROM tax_declarations WHERE user_id = ${member.id}`);
    await t.database.db.execute(sql`UPDATE users SET regime_type = 1, annual_ctc_paise = 2400000000 WHERE id = ${member.id}`);
    await t.database.db.execute(sql`DELETE FROM form16_documents WHERE tenant_id = ${admin.tenantId} AND financial_year_start = 2025`);
    const march = data<PayrollRun>(await call(admin, 'GET', '/PayrollRuns/current'));
    expect(march.month).toBe('2026-03');
    expect((await call(admin, 'POST', `/PayrollRuns/${march.id}/process`)).statusCode).toBe(202);
    await t.drainJobs();
    data(await call(admin, 'POST', `/PayrollRuns/${march.id}/finalize`));
    await t.drainJobs();
    const mine = await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT p.id FROM payslips p JOIN payroll_runs r ON r.id = p.run_id WHERE p.user_id = ${member.id} AND p.month BETWEEN '2025-04' AND '2026-03' AND r.status IN ('finalized', 'paid') ORDER BY p.month`,
    );
    for (const slip of mine) slips.push(data<Payslip>(await call(admin, 'GET', `/Payslips/${slip.id}`)));
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  const PERSON = { name: 'Meera Iyer', fatherName: 'Ramesh Iyer', designation: 'Finance Manager', place: 'Bengaluru' };
  const savePerson = (user: SessionUser, body: unknown) => call(user, 'PUT', '/Form16/responsible-person', body);

  it('the person responsible: Part B refused until set, naming what is missing; each field checked; payroll admins only; per organisation', async () => {
    // Nothing saved: both ways of generating are refused and name all four fields.
    expect(data<Form16ResponsiblePersonSettings>(await call(admin, 'GET', '/Form16/responsible-person'))).toEqual({ name: null, fatherName: null, designation: null, place: null });
    const missingAll = FORM16_MSG.responsiblePersonMissing(['Full name', "Father's name", 'Designation', 'Place']);
    expect(missingAll).toBe("Form 16 Part B cannot be generated until the person responsible for deducting tax is set in the Form 16 settings: Full name, Father's name, Designation, Place are missing");
    expect(error(await generateOne(admin, member.id), 400).message).toBe(missingAll);
    expect(error(await generateAll(admin), 400).message).toBe(missingAll);
    expect(await partBsOf(member.id)).toEqual([]);

    // Validation: each field required, at most 100 characters.
    const blank = error(await savePerson(admin, { name: ' ', fatherName: '', designation: '  ', place: '' }), 400).errors;
    expect(blank).toMatchObject({ name: FORM16_MSG.responsibleNameRequired, fatherName: FORM16_MSG.responsibleFatherNameRequired, designation: FORM16_MSG.responsibleDesignationRequired, place: FORM16_MSG.responsiblePlaceRequired });
    const long = 'x'.repeat(FORM16_PERSON_MAX + 1);
    const tooLong = error(await savePerson(admin, { name: long, fatherName: long, designation: long, place: long }), 400).errors;
    expect(tooLong).toMatchObject({ name: FORM16_MSG.responsibleNameTooLong, fatherName: FORM16_MSG.responsibleFatherNameTooLong, designation: FORM16_MSG.responsibleDesignationTooLong, place: FORM16_MSG.responsiblePlaceTooLong });
    expect(FORM16_MSG.responsibleNameTooLong).toBe('Full name must be at most 100 characters');
    expect(error(await savePerson(admin, {}), 400).errors).toMatchObject({ name: FORM16_MSG.responsibleNameRequired });

    // A member may neither read nor set it.
    expect((await call(member, 'GET', '/Form16/responsible-person')).statusCode).toBe(403);
    expect((await savePerson(member, PERSON)).statusCode).toBe(403);

    // Saved (trimmed) by the administrator; the moderator (a payroll admin) reads it.
    const saved = await savePerson(admin, { ...PERSON, name: '  Meera Iyer ' });
    expect((saved.json() as { message: string }).message).toBe(FORM16_MSG.responsiblePersonSaved);
    expect(data<Form16ResponsiblePersonSettings>(saved)).toEqual(PERSON);
    expect(data<Form16ResponsiblePersonSettings>(await call(moderator, 'GET', '/Form16/responsible-person'))).toEqual(PERSON);

    // Another organisation has its own (none), and saving it there leaves this one as it is.
    expect(data<Form16ResponsiblePersonSettings>(await call(other, 'GET', '/Form16/responsible-person'))).toEqual({ name: null, fatherName: null, designation: null, place: null });
    data(await savePerson(other, { name: 'Someone Else', fatherName: 'Another', designation: 'Director', place: 'Pune' }));
    expect(data<Form16ResponsiblePersonSettings>(await call(admin, 'GET', '/Form16/responsible-person'))).toEqual(PERSON);
  });

  it("one employee: stored as a generated Form 16B whose figures are the payroll's (positionOf, the March TDS line, Σ TDS)", async () => {
    expect(slips.map((s) => s.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    const record = data<Form16Record>(await generateOne(admin, member.id));
    expect(record).toMatchObject({ employeeId: member.id, formType: 2, kind: 'generated', financialYear: YEAR });

    // The figures the service stored, and the ones the summary and the payroll give.
    const parts = await t.tenantScope(admin.tenantId, async (scope) => {
      const s = { ...scope, ctx: { userId: admin.id, tenantId: admin.tenantId, roleId: admin.roleId, timeZone: 'Asia/Kolkata' } };
      const [dob] = await queryRows<{ d: string | null }>(scope.db.tx, sql`SELECT date_of_birth::text AS d FROM users WHERE id = ${member.id}`);
      const figures = await t.app.services.form16PartB.figures(s as never, 2025, '2025-26', [{ id: member.id, dateOfBirth: dob?.d ?? null }]);
      const position = await t.app.services.declarations.positionOf(s, member.id, 2025);
      return { figures, position };
    });
    const b = parts.figures[0]?.figures;
    if (!b) throw new Error('no Part B figures');
    const tdsSum = slips.reduce((s, p) => s + rupeesToPaise(p.lines.find((l) => l.code === 'TDS')?.amount ?? 0), 0);
    const [ytd] = await queryRows<{ taxable: string }>(t.database.db, sql`SELECT ytd->>'taxableGrossPaise' AS taxable FROM payslips WHERE id = ${slips.at(-1)?.id ?? ''}`);
    // Row 1: the year's taxable salary as the payslips hold it.
    expect(b.grossSalaryPaise).toBe(Number(ytd?.taxable));
    // The same computation as the summary's (positionOf) and the payroll's March TDS.
    expect(b.regime).toBe(1);
    expect(b.netTaxPayablePaise).toBe(parts.position.position.tax.totalTaxPaise);
    expect(b.position.tax.taxableIncomePaise).toBe(parts.position.position.tax.taxableIncomePaise);
    const yearLine = slips.at(-1)?.lines.find((l) => l.code === 'TDS')?.explanation?.find((l) => l.startsWith('Tax for the year')) ?? '';
    expect(b.netTaxPayablePaise).toBeGreaterThan(0);
    expect(yearLine).toContain(`= ${formatRupees(b.netTaxPayablePaise)}`);
    expect(b.tdsDeductedPaise).toBe(tdsSum);
    expect(b.balancePaise).toBe(b.netTaxPayablePaise - tdsSum);

    // The PDF: the statutory rows with those amounts.
    const file = await call(admin, 'GET', `/Form16/${record.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    const text = await textOf(file.rawPayload);
    for (const row of ['FORM NO. 16', 'PART B', 'section 17(1)', 'section 17(2)', 'section 17(3)', 'section 10', 'section 16(ia)', 'section 16(iii)', 'Gross total income', 'Chapter VI-A', 'Total taxable income', 'Rebate under section 87A', 'Surcharge', 'Health and education cess', 'Relief under section 89', 'Net tax payable', 'Tax deducted at source']) {
      expect(text).toContain(row);
    }
    expect(text).toContain(formatInr(b.grossSalaryPaise));
    expect(text).toContain(formatInr(b.netTaxPayablePaise));
    expect(text).toContain(formatInr(tdsSum));
    // Rows 1–19 with the notified words, in order.
    const order = ['1 Gross Salary', '2 Less: Allowances to the extent exempt under section 10', '3 Total amount of salary received from current employer', '4 Less: Deductions under section 16', '5 Total amount of deductions under section 16', '6 Income chargeable under the head "Salaries"', '7 Add: Any other income reported by the employee', '8 Total amount of other income reported by the employee', '9 Gross total income (6+8)', '10 Deductions under Chapter VI-A', '11 Aggregate of deductible amount under Chapter VI-A', '12 Total taxable income (9-11)', '13 Tax on total income', '14 Rebate under section 87A', '15 Surcharge, wherever applicable', '16 Health and education cess', '17 Tax payable (13+15+16-14)', '18 Less: Relief under section 89', '19 Net tax payable (17-18)', 'Verification'];
    const at = order.map((row) => text.indexOf(row));
    expect(at.every((i) => i >= 0), order.filter((_, i) => (at[i] ?? -1) < 0).join(' | ')).toBe(true);
    expect([...at].sort((x, y) => x - y)).toEqual(at);
    // Indian dates: the period of the payslips (January–March 2026) and the day it was signed (15 March 2026).
    expect(text).toContain('Period with the Employer 01/01/2026 to 31/03/2026');
    expect(text).not.toMatch(/\d{4}-\d{2} to \d{4}-\d{2}/);
    // The verification, signed by the person responsible, with the TDS in figures and in words.
    const figures = formatRupees(tdsSum, { showPaise: true }).replace('₹', '');
    expect(text).toContain(`I, ${PERSON.name}, son/daughter of ${PERSON.fatherName} working in the capacity of ${PERSON.designation} do hereby certify that a sum of Rs. ${figures} [Rs. ${amountInWords(tdsSum)}] has been deducted and deposited to the credit of the Central Government.`);
    expect(text).toContain('Place: Bengaluru');
    expect(text).toContain('Date: 15/03/2026');
    expect(text).toContain(`Full Name: ${PERSON.name}`);
    expect(text).toContain(`Designation: ${PERSON.designation}`);

    // Again: replaces the generated one (one Part B, a new id).
    const again = data<Form16Record>(await generateOne(admin, member.id));
    expect(again.id).not.toBe(record.id);
    expect((await partBsOf(member.id)).map((r) => r.id)).toEqual([again.id]);
    await t.drainJobs();
  });

  it('everyone in one click: a Part B for each employee with finalized payroll; an uploaded Part B is kept', async () => {
    // The moderator's Part B was uploaded: never replaced.
    const form = multipart({ EmployeeId: moderator.id, FormType: '2', FinancialYear: YEAR }, { field: 'File', filename: 'part-b.pdf', contentType: 'application/pdf', bytes: makePdf('Form 16B') });
    const upload = await t.call('POST', '/Form16/upload', { token: admin.token, body: form.body, headers: form.headers });
    expect(upload.statusCode, upload.body).toBe(201);
    const uploaded = (upload.json() as { data: Form16Record }).data;
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(DISTINCT p.user_id)::int AS n FROM payslips p JOIN payroll_runs r ON r.id = p.run_id WHERE p.tenant_id = ${admin.tenantId} AND p.month BETWEEN '2025-04' AND '2026-03' AND r.status IN ('finalized', 'paid')`,
    );
    const res = await generateAll(admin);
    const done = data<Form16GenerateResult>(res);
    expect(done).toEqual({ financialYear: YEAR, employees: n, generated: n - 1, replaced: 1, keptUploaded: 1 });
    expect((res.json() as { message: string }).message).toBe(FORM16_MSG.partBGeneratedAll(n - 1, 1));
    expect(await partBsOf(moderator.id)).toEqual([{ id: uploaded?.id, kind: 'uploaded', form_type: 2 }]);
    expect((await partBsOf(member.id)).map((r) => r.kind)).toEqual(['generated']);
    // One employee with an uploaded Part B: refused, kept.
    expect(error(await generateOne(admin, moderator.id), 409).message).toBe(FORM16_MSG.partBUploaded);
    // The moderator (a payroll admin) may generate too.
    data(await generateAll(moderator));
    await t.drainJobs();
  });

  it('validation: a year without payroll, a future year, a bad year, a year without tax rules, an unknown employee', async () => {
    expect(error(await generateOne(admin, member.id, '2024-2025'), 400).message).toBe(FORM16_MSG.partBNoPayroll);
    expect(error(await generateAll(admin, '2024-2025'), 400).message).toBe(FORM16_MSG.partBNoPayrollAll);
    expect(error(await generateAll(admin, '2026-2027'), 400).message).toBe(FORM16_MSG.futureYear);
    expect(error(await generateAll(admin, '2025-26'), 400).errors?.financialYear).toBe(FORM16_MSG.financialYear);
    expect(error(await generateAll(admin, '2023-2024'), 400).message).toBe(FORM16_MSG.partBNoTaxRules('2023-2024'));
    expect(error(await generateOne(admin, '00000000-0000-4000-8000-000000000000'), 404).message).toBe(FORM16_MSG.employeeNotFound);
  });

  it('roles and organisations: a member is refused; another organisation reaches nothing of this one', async () => {
    expect((await generateAll(member)).statusCode).toBe(403);
    expect((await generateOne(member, member.id)).statusCode).toBe(403);
    const before = await partBsOf(member.id);
    expect(error(await generateOne(other, member.id), 404).message).toBe(FORM16_MSG.employeeNotFound);
    expect(error(await generateAll(other), 400).message).toBe(FORM16_MSG.partBNoPayrollAll);
    expect(await partBsOf(member.id)).toEqual(before);
  });
});
