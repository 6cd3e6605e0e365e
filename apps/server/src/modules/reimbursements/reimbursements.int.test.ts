import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { MSG, REIMBURSEMENT_MSG, type PayrollRun, type Payslip, type ReimbursementRequest, type ReimbursementType, type SessionUser } from '@tankha/contracts';
import { formatRupees } from '@tankha/domain';
import { queryRows } from '../../db/client';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, DISGUISED_PDF, createTestApp, makePdf, multipart, type TestApp } from '../../testing';
import { makePng } from '../../testing/images';
import { REIMBURSEMENT_REPORT_HEADERS } from './reimbursement-report';

/**
 * Reimbursements through HTTP: types, claims with receipts, decisions, the
 * limit per type and financial year, the report, every role and another organisation, and the payroll
 * run paying each approved claim once, in one run. The demo organisation (no payroll seeded) runs
 * October 2026 and November 2026; the clock is 5 October 2026 (FY 2026-27), moved to the 2nd of November and
 * of December to process those months (a month is processed once it has begun).
 */
describe.each(BACKENDS)('reimbursements (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let travel: ReimbursementType;
  let phone: ReimbursementType;
  const PDF = makePdf('Cab bill');

  const as = (who: SessionUser) => (method: string, url: string, body?: unknown) => t.call(method, url, { token: who.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const claim = (who: SessionUser, fields: Record<string, string>, file?: { filename: string; contentType: string; bytes: Buffer }) => {
    const body = multipart(fields, file ? { field: 'receipt', ...file } : undefined);
    return t.call('POST', '/ReimbursementRequests', { token: who.token, body: body.body, headers: body.headers });
  };
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  /** The database refuses the statement with a message matching `re` (the driver wraps it as the cause). */
  const refused = async (query: ReturnType<typeof sql>, re: RegExp) => {
    const error = await t.database.db.execute(query).then(
      () => null,
      (e: unknown) => e as Error & { cause?: Error },
    );
    expect(error, 'the database accepted it').not.toBeNull();
    expect(`${error?.message ?? ''} ${error?.cause?.message ?? ''}`).toMatch(re);
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: new Date('2026-10-05T06:00:00Z') });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders', email: 'owner@kaveri.example.in', password: 'Kaveri@12345' });
    await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'enterprise'), is_trial = false, end_at = NULL WHERE tenant_id = ${other.tenantId}`);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  describe('types', () => {
    it('refuses bad input with the spec’s messages, and records nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ maxLimit: 100 }, `name: ${REIMBURSEMENT_MSG.nameRequired}`],
        [{ name: '   ', maxLimit: 100 }, `name: ${REIMBURSEMENT_MSG.nameRequired}`],
        [{ name: 'x'.repeat(101) }, `name: ${REIMBURSEMENT_MSG.nameTooLong}`],
        [{ name: 'Travel', description: 'd'.repeat(256) }, `description: ${REIMBURSEMENT_MSG.descriptionTooLong}`],
        [{ name: 'Travel', maxLimit: 'lots' }, `maxLimit: ${REIMBURSEMENT_MSG.maxLimitNumber}`],
        [{ name: 'Travel', maxLimit: -1 }, `maxLimit: ${REIMBURSEMENT_MSG.maxLimitNegative}`],
        [{ name: 'Travel', maxLimit: 10.005 }, `maxLimit: ${REIMBURSEMENT_MSG.maxLimitDecimals}`],
      ];
      for (const [body, message] of cases) {
        const res = await as(admin)('POST', '/ReimbursementTypes', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message, JSON.stringify(body)).toBe(message);
      }
      expect(data<ReimbursementType[]>(await as(admin)('GET', '/ReimbursementTypes?isAdminAccess=true'))).toEqual([]);
    });

    it('creates, edits, toggles and deletes; a blank limit is 0 (No Limit); names are unique', async () => {
      const created = await as(admin)('POST', '/ReimbursementTypes', { name: ' Travel ', description: 'Tickets and cabs', maxLimit: 5_000 });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().message).toBe(REIMBURSEMENT_MSG.created);
      travel = data<ReimbursementType>(created);
      expect(travel).toMatchObject({ name: 'Travel', description: 'Tickets and cabs', maxLimit: 5_000, isActive: true, isTaxable: false, tenantId: admin.tenantId });
      phone = data<ReimbursementType>(await as(moderator)('POST', '/ReimbursementTypes', { name: 'Phone', description: '', maxLimit: '' }));
      expect(phone).toMatchObject({ maxLimit: 0, description: null });
      expect((await as(admin)('POST', '/ReimbursementTypes', { name: 'travel' })).json().message).toBe(`name: ${REIMBURSEMENT_MSG.typeNameTaken}`);

      const edited = await as(admin)('PUT', `/ReimbursementTypes/${phone.id}`, { name: 'Phone & Internet', description: 'Bills', maxLimit: 0, isTaxable: true });
      expect(edited.json().message).toBe(REIMBURSEMENT_MSG.updated);
      phone = data<ReimbursementType>(edited);
      expect(phone).toMatchObject({ name: 'Phone & Internet', isTaxable: true });
      expect(data<ReimbursementType>(await as(admin)('GET', `/ReimbursementTypes/${phone.id}`)).dateUpdated).not.toBeNull();

      const off = await as(admin)('PUT', `/ReimbursementTypes/${phone.id}/status`, { isActive: false });
      expect(off.json().message).toBe(REIMBURSEMENT_MSG.statusUpdated);
      expect(data<ReimbursementType>(off).isActive).toBe(false);
      // The request form lists active types only; the admin page every type.
      expect(data<ReimbursementType[]>(await as(member)('GET', '/ReimbursementTypes?isAdminAccess=false')).map((x) => x.name)).toEqual(['Travel']);
      expect(data<ReimbursementType[]>(await as(admin)('GET', '/ReimbursementTypes?isAdminAccess=true')).map((x) => x.name)).toEqual(['Phone & Internet', 'Travel']);
      phone = data<ReimbursementType>(await as(admin)('PUT', `/ReimbursementTypes/${phone.id}/status`, { isActive: true }));

      const spare = data<ReimbursementType>(await as(admin)('POST', '/ReimbursementTypes', { name: 'Books', maxLimit: 100 }));
      const gone = await as(admin)('DELETE', `/ReimbursementTypes/${spare.id}`);
      expect(gone.json().message).toBe(REIMBURSEMENT_MSG.deleted);
      expect((await as(admin)('GET', `/ReimbursementTypes/${spare.id}`)).statusCode).toBe(404);
      expect((await as(admin)('DELETE', `/ReimbursementTypes/${spare.id}`)).statusCode).toBe(404);
      // The name is free again once deleted.
      expect((await as(admin)('POST', '/ReimbursementTypes', { name: 'Books', maxLimit: 100 })).statusCode).toBe(200);
    });

    it('members manage no types and do not see the admin list', async () => {
      expect((await as(member)('POST', '/ReimbursementTypes', { name: 'Gym' })).statusCode).toBe(403);
      expect((await as(member)('PUT', `/ReimbursementTypes/${travel.id}/status`, { isActive: false })).statusCode).toBe(403);
      expect((await as(member)('DELETE', `/ReimbursementTypes/${travel.id}`)).statusCode).toBe(403);
      const list = await as(member)('GET', '/ReimbursementTypes?isAdminAccess=true');
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toBe(REIMBURSEMENT_MSG.adminAccessOnly);
    });

    it('a plan without the Reimbursement feature (free) cannot add types or decide claims', async () => {
      await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'free') WHERE tenant_id = ${other.tenantId}`);
      const free = await t.login('owner@kaveri.example.in', 'Kaveri@12345');
      const res = await as(free)('POST', '/ReimbursementTypes', { name: 'Travel' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.featureNotAllowed);
      expect((await as(free)('GET', '/ReimbursementRequests')).statusCode).toBe(403);
      await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'enterprise') WHERE tenant_id = ${other.tenantId}`);
      other = await t.login('owner@kaveri.example.in', 'Kaveri@12345');
    });
  });

  describe('requests', () => {
    const ok = () => ({ amount: '1200.50', reimbursementTypeId: travel.id, reason: 'Cab to the client office', status: '1' });

    it('refuses bad input with the spec’s messages', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ ...ok(), amount: '0' }, `amount: ${REIMBURSEMENT_MSG.amountPositive}`],
        [{ ...ok(), amount: '-5' }, `amount: ${REIMBURSEMENT_MSG.amountPositive}`],
        [{ ...ok(), amount: 'abc' }, `amount: ${REIMBURSEMENT_MSG.amountPositive}`],
        [{ ...ok(), amount: '10.001' }, `amount: ${REIMBURSEMENT_MSG.amountDecimals}`],
        [{ ...ok(), reimbursementTypeId: '' }, `reimbursementTypeId: ${REIMBURSEMENT_MSG.typeRequired}`],
        [{ ...ok(), reason: '  ' }, `reason: ${REIMBURSEMENT_MSG.reasonRequired}`],
        [{ ...ok(), reason: 'r'.repeat(256) }, `reason: ${REIMBURSEMENT_MSG.reasonTooLong}`],
        [{ ...ok(), status: '2' }, `status: ${REIMBURSEMENT_MSG.newIsPending}`],
        [{ ...ok(), reimbursementTypeId: '00000000-0000-4000-8000-000000000000' }, `reimbursementTypeId: ${REIMBURSEMENT_MSG.typeNotFound}`],
      ];
      const { amount: _amount, ...noAmount } = ok();
      cases.push([noAmount, `amount: ${REIMBURSEMENT_MSG.amountPositive}`]);
      for (const [fields, message] of cases) {
        const res = await claim(member, fields);
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(res.json().message, JSON.stringify(fields)).toBe(message);
      }
      expect(data<ReimbursementRequest[]>(await as(member)('GET', '/ReimbursementRequests/my'))).toEqual([]);
    });

    it('checks the receipt by its content: PDF, JPG or PNG, not empty, at most 5 MB', async () => {
      const text = await claim(member, ok(), { filename: 'bill.pdf', contentType: 'application/pdf', bytes: Buffer.from('not a pdf at all') });
      expect(text.json().message).toBe(`receipt: ${REIMBURSEMENT_MSG.receiptBadType}`);
      // HTML with a script between a PDF header and %%EOF is no PDF: it is parsed as one, and refused.
      const disguised = await claim(member, ok(), { filename: 'bill.pdf', contentType: 'application/pdf', bytes: DISGUISED_PDF });
      expect(disguised.statusCode).toBe(400);
      expect(disguised.json().message).toBe(`receipt: ${REIMBURSEMENT_MSG.receiptBadType}`);
      const big = await claim(member, ok(), { filename: 'bill.pdf', contentType: 'application/pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5_242_881, 32), Buffer.from('%%EOF')]) });
      expect(big.statusCode).toBeGreaterThanOrEqual(400);
      expect(big.statusCode).toBeLessThan(500);
      expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM reimbursement_requests`))[0]?.n).toBe(0);

      const res = await claim(member, ok(), { filename: 'cab bill.pdf', contentType: 'application/pdf', bytes: PDF });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(REIMBURSEMENT_MSG.submitted);
      const created = data<ReimbursementRequest>(res);
      expect(created).toMatchObject({ amount: 1200.5, reimbursementTypeName: 'Travel', status: 1, hasReceipt: true, paidInMonth: null, remarks: null });
      await t.drainJobs();
      const receipt = await as(member)('GET', `/ReimbursementRequests/${created.id}/receipt`);
      expect(receipt.statusCode).toBe(200);
      expect(receipt.headers['content-type']).toBe('application/pdf');
      expect(receipt.rawPayload.equals(PDF)).toBe(true);
      expect((await as(admin)('GET', `/ReimbursementRequests/${created.id}/receipt`)).statusCode).toBe(200);
      // Another employee may not read it.
      const priya = await t.login(`priya.iyer@${DEMO_LOGINS.member.split('@')[1] ?? ''}`);
      expect((await as(priya)('GET', `/ReimbursementRequests/${created.id}/receipt`)).statusCode).toBe(404);

      const png = await claim(member, { ...ok(), amount: '300' }, { filename: 'bill.png', contentType: 'image/png', bytes: makePng(40, 40) });
      expect(png.statusCode, png.body).toBe(200);
    });

    it('the limit counts pending and approved claims of the type in the financial year, not rejected ones', async () => {
      // Travel's limit is ₹5,000; ₹1,200.50 and ₹300 are pending: ₹3,499.50 is left.
      const over = await claim(member, { ...ok(), amount: '3500' });
      expect(over.statusCode).toBe(400);
      expect(over.json().message).toBe(`amount: ${REIMBURSEMENT_MSG.limitExceeded('Travel', '₹5,000', '₹1,500.50', '₹3,499.50')}`);
      const exact = await claim(member, { ...ok(), amount: '3499.50' });
      expect(exact.statusCode, exact.body).toBe(200);
      const rejected = await as(admin)('PUT', `/ReimbursementRequests/${data<ReimbursementRequest>(exact).id}/status`, { status: 3, remarks: 'Duplicate of the earlier bill' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect((await claim(member, { ...ok(), amount: '3499.50' })).statusCode).toBe(200);
      expect((await claim(member, { ...ok(), amount: '0.01' })).statusCode).toBe(400);
      // A type with no limit takes any amount; claims in the next financial year start again.
      expect((await claim(member, { ...ok(), reimbursementTypeId: phone.id, amount: '99999' })).statusCode).toBe(200);
      await t.database.db.execute(sql`UPDATE reimbursement_requests SET financial_year = '2025-26' WHERE type_id = ${travel.id}`);
      expect((await claim(member, { ...ok(), amount: '5000' })).statusCode).toBe(200);
      await t.database.db.execute(sql`DELETE FROM reimbursement_requests WHERE type_id = ${travel.id} AND financial_year = '2026-27'`);
      await t.database.db.execute(sql`UPDATE reimbursement_requests SET financial_year = '2026-27' WHERE type_id = ${travel.id}`);
    });

    it('lists: the employee’s own; payroll admins every claim by page, status and reporting filter', async () => {
      const mine = data<ReimbursementRequest[]>(await as(member)('GET', '/ReimbursementRequests/my'));
      expect(mine.length).toBe(5);
      expect(mine.every((r) => r.employeeId === member.id)).toBe(true);
      expect((await as(member)('GET', '/ReimbursementRequests')).statusCode).toBe(403);

      const page = await as(admin)('GET', '/ReimbursementRequests?page=1&pageSize=2&reportingFilterType=3');
      expect(page.json().totalRecords).toBe(5);
      expect(data<ReimbursementRequest[]>(page)).toHaveLength(2);
      const page3 = data<ReimbursementRequest[]>(await as(admin)('GET', '/ReimbursementRequests?page=3&pageSize=2'));
      expect(page3).toHaveLength(1);
      const rejected = await as(moderator)('GET', '/ReimbursementRequests?status=3');
      expect(rejected.json().totalRecords).toBe(1);
      expect(data<ReimbursementRequest[]>(rejected)[0]).toMatchObject({ status: 3, remarks: 'Duplicate of the earlier bill', decidedByName: 'Anita Rao' });
      // Direct reportees only: the member reports to someone else, so the moderator's direct list is empty unless she reports to them.
      const [manager] = await rows<{ manager: string | null }>(sql`SELECT reporting_manager_id AS manager FROM users WHERE id = ${member.id}`);
      const direct = await as(moderator)('GET', '/ReimbursementRequests?reportingFilterType=1');
      expect(direct.json().totalRecords).toBe(manager?.manager === moderator.id ? 5 : 0);
      expect((await as(admin)('GET', '/ReimbursementRequests?reportingFilterType=2')).statusCode).toBe(200);
      expect((await as(admin)('GET', '/ReimbursementRequests?status=9')).statusCode).toBe(400);
      expect((await as(admin)('GET', '/ReimbursementRequests?pageSize=101')).statusCode).toBe(400);
    });

    it('decides: approve or reject with remarks, once; never one’s own; members never', async () => {
      const pending = data<ReimbursementRequest[]>(await as(admin)('GET', '/ReimbursementRequests?status=1'));
      const first = pending.find((r) => r.amount === 1200.5);
      const second = pending.find((r) => r.amount === 300);
      if (!first || !second) throw new Error('expected two pending claims');
      expect((await as(member)('PUT', `/ReimbursementRequests/${first.id}/status`, { status: 2, remarks: null })).statusCode).toBe(403);
      const bad = await as(admin)('PUT', `/ReimbursementRequests/${first.id}/status`, { status: 1, remarks: null });
      expect(bad.json().message).toBe(`status: ${REIMBURSEMENT_MSG.decideStatus}`);
      const noRemarks = await as(admin)('PUT', `/ReimbursementRequests/${first.id}/status`, { status: 3, remarks: ' ' });
      expect(noRemarks.json().message).toBe(`remarks: ${REIMBURSEMENT_MSG.remarksRequired}`);
      expect((await as(admin)('PUT', `/ReimbursementRequests/${first.id}/status`, { status: 3, remarks: 'r'.repeat(256) })).json().message).toBe(`remarks: ${REIMBURSEMENT_MSG.remarksTooLong}`);

      const approved = await as(moderator)('PUT', `/ReimbursementRequests/${first.id}/status`, { status: 2, remarks: 'Bills checked' });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().message).toBe(REIMBURSEMENT_MSG.statusUpdated);
      expect(data<ReimbursementRequest>(approved)).toMatchObject({ status: 2, remarks: 'Bills checked', decidedByName: 'Vikram Nair' });
      const again = await as(admin)('PUT', `/ReimbursementRequests/${first.id}/status`, { status: 3, remarks: 'Changed my mind' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(REIMBURSEMENT_MSG.notPending);
      expect(data<ReimbursementRequest>(await as(admin)('PUT', `/ReimbursementRequests/${second.id}/status`, { status: 2, remarks: null })).status).toBe(2);

      // The administrator's own claim is decided by someone else.
      const own = data<ReimbursementRequest>(await claim(admin, { ...ok(), amount: '100' }));
      const refused = await as(admin)('PUT', `/ReimbursementRequests/${own.id}/status`, { status: 2, remarks: null });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(REIMBURSEMENT_MSG.decideOwn);
      expect((await as(admin)('PUT', '/ReimbursementRequests/00000000-0000-4000-8000-000000000000/status', { status: 2, remarks: null })).statusCode).toBe(404);
    });

    it('the report: an XLSX of the filtered claims', async () => {
      const res = await as(admin)('GET', '/ReimbursementRequests/report.xlsx?status=2');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="Reimbursements_2026-10-05.xlsx"');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Reimbursements');
      expect(sheet?.getRow(1).values).toEqual([undefined, ...REIMBURSEMENT_REPORT_HEADERS]);
      expect(sheet?.rowCount).toBe(3);
      expect(sheet?.getRow(2).getCell(2).value).toBe('Aditi Agarwal');
      expect(sheet?.getRow(2).getCell(7).value).toBe('Approved');
      expect((await as(member)('GET', '/ReimbursementRequests/report.xlsx')).statusCode).toBe(403);
    });

    it('another organisation reads and changes nothing of this one', async () => {
      const [any] = data<ReimbursementRequest[]>(await as(admin)('GET', '/ReimbursementRequests?status=1'));
      if (!any) throw new Error('expected a pending claim');
      expect((await as(other)('GET', `/ReimbursementTypes/${travel.id}`)).statusCode).toBe(404);
      expect((await as(other)('PUT', `/ReimbursementTypes/${travel.id}`, { name: 'Hijacked' })).statusCode).toBe(404);
      expect((await as(other)('PUT', `/ReimbursementTypes/${travel.id}/status`, { isActive: false })).statusCode).toBe(404);
      expect((await as(other)('DELETE', `/ReimbursementTypes/${travel.id}`)).statusCode).toBe(404);
      expect((await as(other)('PUT', `/ReimbursementRequests/${any.id}/status`, { status: 2, remarks: null })).statusCode).toBe(404);
      expect((await as(other)('GET', `/ReimbursementRequests/${any.id}/receipt`)).statusCode).toBe(404);
      expect(data<unknown[]>(await as(other)('GET', '/ReimbursementRequests'))).toEqual([]);
      expect(data<unknown[]>(await as(other)('GET', '/ReimbursementTypes?isAdminAccess=true'))).toEqual([]);
      const foreign = await claim(other, { ...ok(), reimbursementTypeId: travel.id });
      expect(foreign.json().message).toBe(`reimbursementTypeId: ${REIMBURSEMENT_MSG.typeNotFound}`);
      expect(data<ReimbursementType>(await as(admin)('GET', `/ReimbursementTypes/${travel.id}`))).toMatchObject({ name: 'Travel', isActive: true });
      expect(data<ReimbursementRequest[]>(await as(admin)('GET', '/ReimbursementRequests?status=1')).map((r) => r.id)).toContain(any.id);
    });
  });

  describe('the payroll run pays each approved claim once, in one run', () => {
    let october: PayrollRun;
    const reimbursementLines = async (runId: string) => {
      const [slip] = await rows<{ id: string }>(sql`SELECT id FROM payslips WHERE run_id = ${runId} AND user_id = ${member.id}`);
      if (!slip) return [];
      return data<Payslip>(await as(admin)('GET', `/Payslips/${slip.id}`)).lines.filter((l) => l.code.startsWith('REIMBURSEMENT'));
    };
    /** A month is processed once it has begun: the clock moves to its second day, and everyone signs in again. */
    const moveTo = async (instant: string) => {
      t.clock.set(new Date(instant));
      admin = await t.login(DEMO_LOGINS.administrator);
      moderator = await t.login(DEMO_LOGINS.moderator);
      member = await t.login(DEMO_LOGINS.member);
    };
    const process = async (runId: string) => {
      const res = await as(admin)('POST', `/PayrollRuns/${runId}/process`);
      expect(res.statusCode, res.body).toBe(202);
      await t.drainJobs();
      expect(data<PayrollRun>(await as(admin)('GET', `/PayrollRuns/${runId}`)).status).toBe('processed');
    };

    beforeAll(async () => {
      for (const [method, url, body] of [
        ['PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: 9, lastPayrollYear: 2026 }],
        ['POST', '/PayrollSetup/steps/salaryComponents/complete'],
        ['POST', '/PayrollSetup/steps/statutoryComponents/complete'],
        ['POST', '/PayrollSettings/mark-completed'],
        ['POST', '/PayrollSetup/complete'],
      ] as const) {
        const res = await as(admin)(method, url, body);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      }
      october = data<PayrollRun>(await as(admin)('GET', '/PayrollRuns/current'));
      expect(october.month).toBe('2026-10');
    }, 120_000);

    it('process and re-process: the approved claims appear once, explained', async () => {
      await process(october.id);
      let lines = await reimbursementLines(october.id);
      // Approved: ₹1,200.50 (Travel) and ₹300 (Travel) → ₹1,500.50 → ₹1,501 to the rupee.
      expect(lines.map((l) => [l.code, l.amount])).toEqual([['REIMBURSEMENT', 1_501]]);
      expect(lines[0]?.explanation.at(-1)).toBe('Approved claims paid with this salary: reimbursement of expenses, not taxable salary');
      await process(october.id);
      lines = await reimbursementLines(october.id);
      expect(lines.map((l) => l.amount)).toEqual([1_501]);
      const claimed = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM reimbursement_requests WHERE claimed_run_id = ${october.id}`);
      expect(claimed[0]?.n).toBe(2);
    });

    it('finalize marks the paid claims; the next month pays the rest; the database keeps a paid claim as it is', async () => {
      const fin = await as(admin)('POST', `/PayrollRuns/${october.id}/finalize`);
      expect(fin.statusCode, fin.body).toBe(200);
      await t.drainJobs();
      // Approved after October was finalized: not on its payslip, so paid by the next month. (Approved while
      // October was processed, it would have made the member stale there: payroll-stale.int.test.ts.)
      const [pending] = data<ReimbursementRequest[]>(await as(admin)('GET', '/ReimbursementRequests?status=1&reportingFilterType=3')).filter((r) => r.employeeId === member.id);
      if (!pending) throw new Error('expected a pending claim of the member');
      expect((await as(admin)('PUT', `/ReimbursementRequests/${pending.id}/status`, { status: 2, remarks: null })).statusCode).toBe(200);
      const mine = data<ReimbursementRequest[]>(await as(member)('GET', '/ReimbursementRequests/my'));
      const paid = mine.filter((r) => r.paidInMonth === '2026-10');
      expect(paid.map((r) => r.amount).sort()).toEqual([1200.5, 300]);
      const unpaidApproved = mine.filter((r) => r.status === 2 && r.paidInMonth === null);
      expect(unpaidApproved).toHaveLength(1);
      expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM reimbursement_requests WHERE claimed_run_id IS NOT NULL AND paid_run_id IS NULL`))[0]?.n).toBe(0);

      const november = data<PayrollRun>(await as(admin)('GET', '/PayrollRuns/current'));
      expect(november.month).toBe('2026-11');
      await moveTo('2026-11-02T06:00:00Z');
      await process(november.id);
      const lines = await reimbursementLines(november.id);
      expect(lines.map((l) => l.amount)).toEqual([unpaidApproved[0]?.amount === undefined ? -1 : Math.round(unpaidApproved[0].amount)]);
      // October's payslip is unchanged.
      expect((await reimbursementLines(october.id)).map((l) => l.amount)).toEqual([1_501]);
      expect((await as(admin)('POST', `/PayrollRuns/${november.id}/finalize`)).statusCode).toBe(200);
      await t.drainJobs();
      const after = data<ReimbursementRequest[]>(await as(member)('GET', '/ReimbursementRequests/my'));
      expect(after.filter((r) => r.paidInMonth === '2026-11')).toHaveLength(1);
      expect(after.filter((r) => r.paidInMonth === '2026-10')).toHaveLength(2);

      // The guard: a paid claim cannot move to another run, change, or go; a finalized run takes no claim.
      const [one] = await rows<{ id: string }>(sql`SELECT id FROM reimbursement_requests WHERE paid_run_id = ${october.id} LIMIT 1`);
      await refused(sql`UPDATE reimbursement_requests SET paid_run_id = ${november.id}, claimed_run_id = ${november.id}, paid_month = '2026-11' WHERE id = ${one?.id ?? ''}`, /cannot change/);
      await refused(sql`UPDATE reimbursement_requests SET amount_paise = 1 WHERE id = ${one?.id ?? ''}`, /cannot change/);
      await refused(sql`DELETE FROM reimbursement_requests WHERE id = ${one?.id ?? ''}`, /cannot be deleted/);
      const [fresh] = await rows<{ id: string }>(sql`
        INSERT INTO reimbursement_requests (tenant_id, user_id, type_id, amount_paise, reason, status, claimed_on, financial_year)
        VALUES (${admin.tenantId}, ${member.id}, ${phone.id}, 5000, 'Guard test', 2, '2026-10-05', '2026-27') RETURNING id`);
      await refused(sql`UPDATE reimbursement_requests SET claimed_run_id = ${october.id} WHERE id = ${fresh?.id ?? ''}`, /never changes/);
      await refused(sql`UPDATE reimbursement_requests SET paid_run_id = ${october.id}, paid_month = '2026-10' WHERE id = ${fresh?.id ?? ''}`, /only by the run that claimed it/);
      await refused(sql`UPDATE reimbursement_requests SET status = 3 WHERE id = ${one?.id ?? ''}`, /cannot change/);
      await t.database.db.execute(sql`DELETE FROM reimbursement_requests WHERE id = ${fresh?.id ?? ''}`);
    });

    it('the full-and-final settlement counts approved claims no run has paid, and the run then leaves them to it', async () => {
      const december = data<PayrollRun>(await as(admin)('GET', '/PayrollRuns/current'));
      const pending = await claim(member, { amount: '700', reimbursementTypeId: phone.id, reason: 'Broadband, November', status: '1' });
      await as(admin)('PUT', `/ReimbursementRequests/${data<ReimbursementRequest>(pending).id}/status`, { status: 2, remarks: null });
      const exit = await as(admin)('POST', '/ExitSettlements', { userId: member.id, reason: 'resignation', resignationDate: '2026-12-01', lastWorkingDay: '2026-12-31', noticeRequiredDays: 30, noticeServedDays: 30 });
      expect(exit.statusCode, exit.body).toBe(201);
      const line = data<{ lines: { code: string; amount: number; explanation: string[] }[] }>(exit).lines.find((l) => l.code === 'REIMBURSEMENTS');
      expect(line?.amount).toBe(700);
      expect(line?.explanation.join(' ')).toContain('Phone & Internet ₹700, claimed on 02 Nov 2026, approved and not paid');
      await moveTo('2026-12-02T06:00:00Z');
      await process(december.id);
      expect(await reimbursementLines(december.id)).toEqual([]);
    });

    it('each paid claim appears exactly once, in exactly one run: the run that claimed it and paid it', async () => {
      const claims = await rows<{ id: string; type: string; amount: number; claimed_run_id: string | null; paid_run_id: string | null }>(sql`
        SELECT r.id, t.name AS type, r.amount_paise::float AS amount, r.claimed_run_id, r.paid_run_id
          FROM reimbursement_requests r JOIN reimbursement_types t ON t.id = r.type_id WHERE r.tenant_id = ${admin.tenantId} AND r.user_id = ${member.id} AND r.status = 2`);
      const lines = await rows<{ run_id: string; amount: number; explanation: string[] }>(sql`
        SELECT p.run_id, l.amount_paise::float AS amount, l.explanation FROM payslip_lines l JOIN payslips p ON p.id = l.payslip_id
         WHERE p.user_id = ${member.id} AND l.code LIKE 'REIMBURSEMENT%'`);
      const paid = claims.filter((c) => c.paid_run_id !== null);
      expect(paid).toHaveLength(3);
      for (const c of paid) {
        expect(c.claimed_run_id).toBe(c.paid_run_id);
        // The claim's own explanation line ('Travel ₹1,200.50, claimed on …') is on one payslip line of one run.
        const mention = `${c.type} ${formatRupees(c.amount, { showPaise: c.amount % 100 !== 0 })}, claimed on`;
        const on = lines.filter((l) => l.explanation.some((e) => e.startsWith(mention)));
        expect(on.map((l) => l.run_id), mention).toEqual([c.paid_run_id]);
      }
      // Each run's line is the sum of the claims it paid (to the rupee), and nothing else.
      for (const runId of new Set(lines.map((l) => l.run_id))) {
        const sum = paid.filter((c) => c.paid_run_id === runId).reduce((s, c) => s + c.amount, 0);
        expect(lines.filter((l) => l.run_id === runId).reduce((s, l) => s + l.amount, 0)).toBe(Math.round(sum / 100) * 100);
      }
      // The claim left to the settlement is on no payslip.
      const unpaid = claims.filter((c) => c.paid_run_id === null);
      expect(unpaid.map((c) => c.amount)).toEqual([700_00]);
      expect(lines.filter((l) => l.explanation.some((e) => e.startsWith(`Phone & Internet ${formatRupees(700_00)}`)))).toEqual([]);
    });

    it('once the settlement is approved, a claim of the leaver cannot be approved (neither would pay it); it can be rejected', async () => {
      const late = data<ReimbursementRequest>(await claim(member, { amount: '450', reimbursementTypeId: phone.id, reason: 'Broadband, December', status: '1' }));
      const [exit] = data<{ id: string; userId: string }[]>(await as(admin)('GET', '/ExitSettlements')).filter((e) => e.userId === member.id);
      if (!exit) throw new Error('expected the member’s exit');
      const approved = await as(admin)('POST', `/ExitSettlements/${exit.id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      const refusedApproval = await as(admin)('PUT', `/ReimbursementRequests/${late.id}/status`, { status: 2, remarks: null });
      expect(refusedApproval.statusCode).toBe(409);
      expect((refusedApproval.json() as { message: string }).message).toBe(REIMBURSEMENT_MSG.settledEmployee('Aditi Agarwal'));
      expect(data<ReimbursementRequest[]>(await as(member)('GET', '/ReimbursementRequests/my')).find((r) => r.id === late.id)?.status).toBe(1);
      const rejected = await as(admin)('PUT', `/ReimbursementRequests/${late.id}/status`, { status: 3, remarks: 'Settled already: paid outside Tankha' });
      expect(rejected.statusCode, rejected.body).toBe(200);
    });
  });
});
