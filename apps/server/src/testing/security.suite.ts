import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AttendanceApproval, DATE_RANGE_MSG, LeaveStatus, MONTH_RANGE_MSG, ROLE_FEATURES, RequestStatus, Role, can, form16DefaultYear, type FeatureKey, type PermissionAction, type RoleId, type SessionUser } from '@tankha/contracts';
import { BANK_FORMAT_PRESETS, dateInZone, financialYearStartOf, lastDayOfMonth, lockDateRange } from '@tankha/domain';
import fs from 'node:fs';
import path from 'node:path';
import { DISGUISED_PDF, makePdf } from './pdfs';
import { makeZipBomb } from './zips';
import { queryRows } from '../db/client';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../seed/demo';
import { API_PREFIX } from '../app';
import { createTestApp, multipart, type Backend, type TestApp } from './harness';
import { bodyProperties, readOperations, sampleOf, type JsonSchema, type Operation } from './openapi-samples';
import { securityFixtures, type OperationFixture, type SecurityIds } from './security.fixtures';


/** Cases the suite finds that need a service restructure; each is a TODO with the reason. Keep empty. */
const KNOWN_FAILURES: Record<string, string> = {};

interface Attempt {
  label: string;
  /** The way it is broken, the same for every field or parameter broken that way ('body field NUL'); the label when alone. */
  kind?: string;
  method: string;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /** A 400 whose reply says this is expected, not only "no 5xx" (a date outside the window). */
  refusedWith?: string;
}

/**
 * A date or month field of a fixture (its valid value is one) gets one outside the window the
 * contracts accept (dates.ts): it must be refused with the window's message wherever it is sent.
 */
function outOfWindow(value: unknown): { value: string; message: string } | null {
  if (typeof value !== 'string') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return { value: '9999-12-31', message: DATE_RANGE_MSG };
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return { value: '9999-12', message: MONTH_RANGE_MSG };
  return null;
}

const REFUSABLE_ROLES: { roleId: RoleId; name: 'moderator' | 'member' }[] = [
  { roleId: Role.Moderator, name: 'moderator' },
  { roleId: Role.Member, name: 'member' },
];

const ID_NAME = /(^id$|Id$|Ids$|^ids$|IdCsv$)/;

const notHere = (() => undefined) as unknown as typeof it;

/**
 * The keys of slice k of n of the operations: whole families (the first path segment, so
 * check-out meets the check-in its family made before it), the largest family first to the slice
 * with the fewest operations so far.
 */
function sliceOf(operations: Operation[], { slice, of }: { slice: number; of: number }): Set<string> {
  const families = new Map<string, Operation[]>();
  for (const op of operations) {
    const family = (op.key.split(' ')[1]?.split('/').filter(Boolean)[0] ?? '').toLowerCase();
    families.set(family, [...(families.get(family) ?? []), op]);
  }
  const slices = Array.from({ length: of }, () => [] as Operation[]);
  for (const [, ops] of [...families].sort(([a, x], [b, y]) => y.length - x.length || a.localeCompare(b))) {
    const lightest = slices.reduce((min, s) => (s.length < min.length ? s : min));
    lightest.push(...ops);
  }
  return new Set((slices[slice - 1] ?? []).map((op) => op.key));
}

/**
 * The security suite: every operation of the served OpenAPI document, present and future,
 *  (a) called by another organisation's Administrator with this organisation's ids reads and changes
 *      nothing of this organisation (a digest of its rows, and its ids, e-mails and names in replies);
 *  (b) called by a role the permission table refuses gets 403;
 *  (c) called with malformed bodies, queries and paths never gets a 5xx; a date or month of its fixture
 *      replaced by one outside 1900–2100 gets 400 with the date window's message; and sent without a
 *      token to an operation that needs one (the valid request and one of each way of breaking it),
 *      gets 401 before any word about its input (access is checked before the body is read);
 *  (d) when it takes an upload, refuses an archive bomb (413 or 422 where it unpacks ZIPs) and a
 *      disguised PDF (HTML between `%PDF-` and `%%EOF`), and stores nothing of either.
 * (a), (b) and (d) run on both databases (security.int.test.ts); (c), about 37,000 requests, on PGlite
 * only and in slices of the operations, one file each, so that the two test workers share it
 * (security.malformed-*.int.test.ts).
 * Ids and valid bodies come from security.fixtures.ts; a missing one fails with what to add.
 * SECURITY_DEBUG=1 prints the status of every fixture request (as B, and as A's Administrator).
 */
export interface SecurityPhases {
  /** The fixture check and phases (a) and (b). */
  tenancyAndRoles: boolean;
  /** Phase (c) over slice k of n (1-based) of the operations (sliceOf). */
  malformed: { slice: number; of: number } | null;
}

/** The suite's tests on one database, inside the caller's describe. */
export function securitySuite(backend: Backend, phases: SecurityPhases): void {
  // A phase another file runs is not declared here at all (rather than counted as skipped).
  const tenancyAndRoles = phases.tenancyAndRoles ? it : notHere;
  let t: TestApp;
  let adminA: SessionUser;
  const refusedTokens: Record<'moderator' | 'member', string> = { moderator: '', member: '' };
  let adminB: SessionUser;
  const emailB = `security.owner.${backend}@example.in`;
  let ids: SecurityIds;
  let fixtures: Record<string, OperationFixture>;
  let operations: Operation[] = [];
  let resolve: (s: JsonSchema) => JsonSchema;
  /** A's ids, e-mails and names: none may appear in a reply to B unless B sent it. */
  let secretsOfA: string[];
  const summary: Record<string, { attempts: number; failures: number }> = {};
  /** Reply statuses per phase, printed so that a phase that only ever saw one refusal stands out. */
  const statuses: Record<string, Record<number, number>> = {};
  const count = (phase: string, status: number) => {
    const s = (statuses[phase] ??= {});
    s[status] = (s[status] ?? 0) + 1;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: true });
    adminA = await t.login(DEMO_LOGINS.administrator);
    refusedTokens.moderator = (await t.login(DEMO_LOGINS.moderator)).token;
    const member = await t.login(DEMO_LOGINS.member);
    refusedTokens.member = member.token;
    adminB = await t.registerOrganisation({ organizationName: 'Kaveri Traders', email: emailB });
    // B on the richest plan, so that a refusal to B is about tenancy, not about B's plan.
    await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'enterprise') WHERE tenant_id = ${adminB.tenantId}`);
    ids = await collectIds(member);
    fixtures = securityFixtures(ids);
    ({ operations, resolve } = readOperations(t.app.swagger(), API_PREFIX));
    secretsOfA = await collectSecrets();
  });

  afterAll(async () => {
    const total = Object.values(summary).reduce((s, x) => ({ attempts: s.attempts + x.attempts, failures: s.failures + x.failures }), { attempts: 0, failures: 0 });
    const phases = Object.entries(summary)
      .map(([k, v]) => `${k} ${String(v.attempts)}/${String(v.failures)}`)
      .join(', ');
    console.log(`security suite (${backend}): operations ${String(operations.length)}, attempts ${String(total.attempts)}, failures ${String(total.failures)} [attempts/failures: ${phases}] statuses ${JSON.stringify(statuses)}`);
    await t.close();
  });

  async function collectIds(member: SessionUser): Promise<SecurityIds> {
    const db = t.database.db;
    const a = adminA.tenantId;
    const one = async (query: ReturnType<typeof sql>, what: string): Promise<string> => {
      const [row] = await queryRows<{ id: string }>(db, query);
      if (!row) throw new Error(`security fixtures: the demo seed has no ${what}`);
      return row.id;
    };
    const moderator = await t.login(DEMO_LOGINS.moderator);
    // A document of the member, uploaded through the API so the file exists too.
    const pdf = multipart({ documentType: '2' }, { field: 'file', filename: 'pan.pdf', contentType: 'application/pdf', bytes: makePdf('Security') });
    const uploaded = await t.call('POST', `/Users/${member.id}/documents`, { token: adminA.token, body: pdf.body, headers: pdf.headers });
    if (uploaded.statusCode !== 201) throw new Error(`security fixtures: document upload failed: ${uploaded.body}`);
    const settings = await t.call('GET', '/Attendances/settings', { token: adminA.token });
    const payroll = await setUpPayroll(member);
    const windows = await setUpTaxWindows();
    // A reimbursement type and the member's pending claim of it, with a receipt.
    const type = await t.call('POST', '/ReimbursementTypes', { token: adminA.token, body: { name: 'Security Travel', maxLimit: 0 } });
    if (type.statusCode !== 200) throw new Error(`security fixtures: reimbursement type failed: ${type.body}`);
    const reimbursementTypeId = (type.json() as { data: { id: string } }).data.id;
    const claimBody = multipart({ amount: '250', reimbursementTypeId, reason: 'Cab to the client', status: '1' }, { field: 'receipt', filename: 'bill.pdf', contentType: 'application/pdf', bytes: makePdf('Security') });
    const claimed = await t.call('POST', '/ReimbursementRequests', { token: member.token, body: claimBody.body, headers: claimBody.headers });
    if (claimed.statusCode !== 200) throw new Error(`security fixtures: reimbursement claim failed: ${claimed.body}`);
    const reimbursementRequestId = (claimed.json() as { data: { id: string } }).data.id;
    const form16 = await setUpForm16(member);
    const invoices = await setUpInvoices();
    // A skill the member holds and a client site the member is assigned to.
    const skill = await t.call('POST', '/Skills', { token: adminA.token, body: { name: 'Security Skill' } });
    const skillId = (skill.json() as { data: { id: string } }).data.id;
    await t.call('PUT', '/EmployeeSkills', { token: adminA.token, body: { userId: member.id, skillId, level: 2 } });
    const site = await t.call('POST', '/AttendanceClients', { token: adminA.token, body: { name: 'Security Site', address: 'MG Road', latitude: 12.97, longitude: 77.59, radiusMetres: 200 } });
    if (site.statusCode !== 200) throw new Error(`security fixtures: client site failed: ${site.body}`);
    const clientSiteId = (site.json() as { data: { id: string } }).data.id;
    await t.call('PUT', `/AttendanceClients/${clientSiteId}/employees`, { token: adminA.token, body: { userIds: [member.id] } });
    const proofs = await setUpProofs(windows.taxWindows.financialYearStart);
    const yesterday = new Date(t.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    const createUser = async (kind: 'invite' | 'restricted', label: string): Promise<string> => {
      const body = { firstName: 'Security', lastName: 'Fixture', email: `security.${label}@example.in`, dateOfJoining: '2025-06-01', annualCTC: 600_000, experience: 1, employeeNumber: `SECFIX${label.toUpperCase()}`, regimeType: 1 };
      const res = await t.call('POST', `/Users/${kind}`, { token: adminA.token, body });
      const id = (res.json() as { data?: { id?: string; userId?: string } }).data;
      if (res.statusCode >= 300 || !(id?.userId ?? id?.id)) throw new Error(`security fixtures: ${kind} failed: ${res.body}`);
      return id?.userId ?? id?.id ?? '';
    };
    // A finalized month with the member's payslip and its rendered PDF (inserted as processed: triggers refuse payslips in a finalized run).
    const payrollRunId = await one(
      sql`INSERT INTO payroll_runs (tenant_id, month, period_start, period_end, pay_date, status, employee_count, gross_paise, deductions_paise, net_paise, employer_cost_paise)
          VALUES (${a}, '2024-04', '2024-04-01', '2024-04-30', '2024-04-30', 'processed', 1, 3000000, 20000, 2980000, 3000000) RETURNING id`,
      'payroll run',
    );
    const payslipId = await one(
      sql`INSERT INTO payslips (tenant_id, run_id, user_id, month, employee, days_in_period, payable_days, lop_days, gross_paise, deductions_paise, net_paise,
                                employer_cost_paise, tds_paise, tax_regime, ytd, tds_explanation, wages)
          VALUES (${a}, ${payrollRunId}, ${member.id}, '2024-04', ${JSON.stringify({ name: `${member.firstName} ${member.lastName}` })}::jsonb, 30, 30, 0, 3000000, 20000, 2980000,
                  3000000, 0, 1, ${JSON.stringify({ grossPaise: 3000000, deductionsPaise: 20000, netPaise: 2980000, tdsPaise: 0, lines: [] })}::jsonb, '[]'::jsonb, '{}'::jsonb) RETURNING id`,
      'payslip',
    );
    await db.execute(sql`INSERT INTO payslip_lines (tenant_id, payslip_id, seq, section, code, label, amount_paise, explanation) VALUES
                           (${a}, ${payslipId}, 0, 'earning', 'BASIC', 'Basic', 3000000, '[]'::jsonb), (${a}, ${payslipId}, 1, 'deduction', 'PT', 'Professional tax', 20000, '[]'::jsonb)`);
    // Finalized on the test clock's instant: marking its payments paid takes a date from that day to today.
    await db.execute(sql`UPDATE payroll_runs SET status = 'finalized', finalized_at = ${t.clock.now().toISOString()}::timestamptz WHERE id = ${payrollRunId}`);
    await t.tenantScope(a, (scope) => t.app.services.payslipDocuments.startPayslipDocuments(scope, payrollRunId));
    return {
      tenantId: a,
      subscriptionId: await one(sql`SELECT id FROM subscriptions WHERE tenant_id = ${a} AND status = 'active' ORDER BY start_at DESC LIMIT 1`, 'subscription'),
      planIds: { basic: await one(sql`SELECT id FROM plans WHERE code = 'basic'`, 'basic plan'), free: await one(sql`SELECT id FROM plans WHERE code = 'free'`, 'free plan') },
      administratorId: adminA.id,
      moderatorId: moderator.id,
      memberId: member.id,
      memberEmail: member.email,
      pendingUserId: await createUser('invite', 'pending'),
      restrictedUserId: await createUser('restricted', 'restricted'),
      yesterday,
      today: dateInZone(t.clock.now(), 'Asia/Kolkata'),
      memberEmployeeNumber: await one(sql`SELECT employee_number AS id FROM users WHERE id = ${member.id}`, 'employee number of the member'),
      departmentId: await one(sql`SELECT id FROM departments WHERE tenant_id = ${a} ORDER BY name LIMIT 1`, 'department'),
      // A department with nobody in it, so that deleting it can succeed.
      otherDepartmentId: await one(sql`INSERT INTO departments (tenant_id, name, code) VALUES (${a}, 'Security Spare', 'SPARE') RETURNING id`, 'spare department'),
      workLocationId: await one(sql`INSERT INTO work_locations (tenant_id, name, state_code) VALUES (${a}, 'Security Office', 'KA') RETURNING id`, 'work location'),
      spareWorkLocationId: await one(sql`INSERT INTO work_locations (tenant_id, name, state_code) VALUES (${a}, 'Security Spare Office', 'TG') RETURNING id`, 'spare work location'),
      // Two bank details changes awaiting approval (asked for by the moderator, so A's administrator may decide them).
      bankChangeId: await one(sql`INSERT INTO bank_detail_changes (tenant_id, user_id, bank_account_number, ifsc_code, current_bank_account_number, requested_by, requested_at) VALUES (${a}, ${member.id}, '50100999988887', 'HDFC0001753', '50100123456789', ${moderator.id}, now()) RETURNING id`, 'bank change'),
      spareBankChangeId: await one(sql`INSERT INTO bank_detail_changes (tenant_id, user_id, bank_account_number, ifsc_code, current_bank_account_number, requested_by, requested_at) VALUES (${a}, ${moderator.id}, '50100999988886', 'HDFC0001753', '50100123456788', ${member.id}, now()) RETURNING id`, 'spare bank change'),
      shiftId: await one(sql`SELECT id FROM shifts WHERE tenant_id = ${a} AND NOT is_default ORDER BY shift_name LIMIT 1`, 'non-default shift'),
      holidayId: await one(sql`SELECT id FROM holidays WHERE tenant_id = ${a} ORDER BY holiday_date DESC LIMIT 1`, 'holiday'),
      leaveTypeId: await one(sql`SELECT id FROM leave_types WHERE tenant_id = ${a} AND code = 'CL'`, 'casual leave type'),
      employmentTypeId: await one(
        sql`SELECT o.id FROM user_field_options o JOIN user_fields f ON f.id = o.user_field_id WHERE f.tenant_id = ${a} AND f.name = 'Employment Type' ORDER BY o.label LIMIT 1`,
        'employment type',
      ),
      leavePolicyId: await one(
        sql`INSERT INTO leave_policies (tenant_id, name, leave_type_id, sandwich_rule) SELECT ${a}, 'Security Policy', id, true FROM leave_types WHERE tenant_id = ${a} AND code = 'SL' RETURNING id`,
        'leave policy',
      ),
      leaveRequestId: await one(sql`SELECT id FROM leave_requests WHERE tenant_id = ${a} AND status = ${LeaveStatus.Pending} ORDER BY created_at LIMIT 1`, 'pending leave request'),
      requestId: await one(sql`SELECT id FROM requests WHERE tenant_id = ${a} AND status = ${RequestStatus.Opened} ORDER BY created_at LIMIT 1`, 'open regularization request'),
      fullTimeTypeId: await one(sql`SELECT o.id FROM user_field_options o JOIN user_fields f ON f.id = o.user_field_id AND f.name = 'Employment Type' WHERE o.tenant_id = ${a} AND o.label = 'Full Time'`, 'Full Time employment type'),
      exitRequestId: await one(sql`SELECT id FROM exit_requests WHERE tenant_id = ${a} AND status = 'pending' ORDER BY created_at LIMIT 1`, 'pending exit request'),
      documentId: (uploaded.json() as { data: { id: string } }).data.id,
      notificationId: await one(sql`INSERT INTO notifications (tenant_id, user_id, type, title, message) VALUES (${a}, ${member.id}, 'info', 'Welcome', 'Hello') RETURNING id`, 'notification'),
      timeLogId: await one(
        sql`INSERT INTO time_logs (tenant_id, user_id, work_date, check_in, check_out, source, approval_status)
            VALUES (${a}, ${member.id}, ${yesterday}, ${`${yesterday}T04:00:00Z`}, ${`${yesterday}T13:00:00Z`}, 'manual', ${AttendanceApproval.WaitingForApproval}) RETURNING id`,
        'time log waiting for approval',
      ),
      tenantEarningId: await one(sql`SELECT id FROM tenant_earnings WHERE tenant_id = ${a} LIMIT 1`, 'earning component'),
      tenantDeductionId: await one(sql`SELECT id FROM tenant_deductions WHERE tenant_id = ${a} LIMIT 1`, 'deduction component'),
      spareEarningId: await one(
        sql`INSERT INTO tenant_earnings (tenant_id, earning_name, name_in_payslip, code, calculation_type, calculation_value, is_part_of_salary_structure)
            VALUES (${a}, 'Security Spare', 'Security Spare', 'SECURITY_SPARE', 3, '0', false) RETURNING id`,
        'spare earning',
      ),
      bankFormatId: await one(sql`INSERT INTO payroll_bank_formats (tenant_id, name, definition) VALUES (${a}, 'Security format', ${JSON.stringify(BANK_FORMAT_PRESETS['axis-corporate'].format)}::jsonb) RETURNING id`, 'bank file format'),
      spareBankFormatId: await one(sql`INSERT INTO payroll_bank_formats (tenant_id, name, definition) VALUES (${a}, 'Security spare format', ${JSON.stringify(BANK_FORMAT_PRESETS['hdfc-enet'].format)}::jsonb) RETURNING id`, 'spare bank file format'),
      spareDeductionId: await one(sql`INSERT INTO tenant_deductions (tenant_id, deduction_name, deduction_type) VALUES (${a}, 'Security Spare', 0) RETURNING id`, 'spare deduction'),
      tdsChallanId: await one(
        sql`INSERT INTO tds_challans (tenant_id, bsr_code, deposited_on, serial_number, minor_head, tax_paise, surcharge_paise, cess_paise, interest_paise, fee_paise, others_paise, months)
            VALUES (${a}, '0510308', '2024-05-07', '00042', '200', 100000, 0, 0, 0, 0, 0, ARRAY['2024-04']) RETURNING id`,
        'TDS challan',
      ),
      attendanceSettings: (settings.json() as { data: Record<string, unknown> }).data,
      ...payroll,
      ...windows,
      reimbursementTypeId,
      reimbursementRequestId,
      form16,
      proofs,
      invoices,
      team: { skillId, clientSiteId },
      finalizedRunId: payrollRunId,
      renderedPayslipId: payslipId,
    };
  }

  /** A's sales invoice, made through its API. */
  async function setUpInvoices(): Promise<SecurityIds['invoices']> {
    const dataOf = async <T>(method: string, url: string, body: unknown): Promise<T> => {
      const res = await t.call(method, url, { token: adminA.token, body });
      if (res.statusCode >= 300) throw new Error(`security fixtures: ${url} failed: ${res.body}`);
      return (res.json() as { data: T }).data;
    };
    const business = await dataOf<{ id: string }>('POST', '/Invoices/businesses', { name: 'Security Business', address: 'MG Road', stateCode: '29', upiId: 'security@okicici' });
    const client = await dataOf<{ id: string }>('POST', '/Invoices/clients', { name: 'Security Client', address: 'Pune', stateCode: '27' });
    const invoice = await dataOf<{ id: string; invoiceItems: { id: string }[] }>('POST', '/Invoices', {
      invoiceNumber: 'SECURITY-1',
      invoiceDate: '2026-10-01',
      billedById: business.id,
      billedToId: client.id,
      invoiceItems: [
        { name: 'Consulting', quantity: 1, rate: 100, gstRate: 18 },
        { name: 'Support', quantity: 2, rate: 50, gstRate: 5 },
      ],
    });
    const field = await dataOf<{ id: string }>('POST', '/Invoices/customFields', { fieldName: 'Security PO', groupId: 1 });
    const association = await dataOf<{ associationId: string }>('PUT', '/Invoices/customFields/associations', { invoiceId: invoice.id, fieldId: field.id, value: 'PO-1' });
    return { businessId: business.id, clientId: client.id, invoiceId: invoice.id, itemId: invoice.invoiceItems[1]?.id ?? '', fieldId: field.id, associationId: association.associationId };
  }

  /** Payroll on for A (through its API, so the ids are real): the open month processed, with an adjustment of the member. */
  async function setUpPayroll(member: SessionUser): Promise<Pick<SecurityIds, 'payrollSettings' | 'payrollRunId' | 'payrollAdjustmentId' | 'payslipId' | 'settlementId' | 'loanId'>> {
    const as = (method: string, url: string, body?: unknown) => t.call(method, url, { token: adminA.token, ...(body === undefined ? {} : { body }) });
    const dataOf = <T>(res: { statusCode: number; body: string; json(): unknown }, what: string): T => {
      if (res.statusCode >= 300) throw new Error(`security fixtures: ${what} failed: ${res.body}`);
      return (res.json() as { data: T }).data;
    };
    let current = dataOf<Record<string, unknown>>(await as('GET', '/PayrollSettings'), 'payroll settings');
    if (current.isSettingEditable) {
      const now = t.clock.now();
      const back = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
      current = dataOf(await as('PUT', '/PayrollSettings', { payPeriodType: 1, payDayType: 0, lastPayrollRunMonth: back.getUTCMonth() + 1, lastPayrollYear: back.getUTCFullYear() }), 'payroll settings');
    }
    for (const url of ['/PayrollSetup/steps/salaryComponents/complete', '/PayrollSetup/steps/statutoryComponents/complete', '/PayrollSettings/mark-completed', '/PayrollSetup/complete']) dataOf(await as('POST', url), url);
    const run = dataOf<{ id: string; status: string; month: string }>(await as('GET', '/PayrollRuns/current'), 'the open payroll month');
    const adjustment = dataOf<{ id: string }>(await as('POST', `/PayrollRuns/${run.id}/adjustments`, { userId: member.id, kind: 'deduction', category: 'other', label: 'Canteen', amount: 500 }), 'an adjustment');
    const loan = dataOf<{ id: string }>(
      await as('POST', '/Loans', { userId: member.id, kind: 'advance', purpose: 'personal', amount: 10_000, startMonth: run.month, termsBy: 'instalments', instalments: 2, interestRate: 0 }),
      'a salary advance',
    );
    if (run.status === 'draft') dataOf(await as('POST', `/PayrollRuns/${run.id}/process`), 'processing');
    const [row] = dataOf<{ payslipId: string | null }[]>(await as('GET', `/PayrollRuns/${run.id}/employees?search=${encodeURIComponent(member.email.split('@')[0] ?? '')}`), 'the run’s employees');
    if (!row?.payslipId) throw new Error('security fixtures: the member has no payslip in the processed month');
    const { isSettingEditable: _shown, ...payrollSettings } = current;
    // A draft exit of the member, leaving next March (the open month stays theirs).
    const year = t.clock.now().getUTCFullYear() + 1;
    const settlement = dataOf<{ id: string }>(
      await as('POST', '/ExitSettlements', { userId: member.id, reason: 'resignation', resignationDate: `${String(year)}-02-01`, lastWorkingDay: `${String(year)}-03-31`, noticeRequiredDays: 60, noticeServedDays: 30 }),
      'an exit',
    );
    return { payrollSettings, payrollRunId: run.id, payrollAdjustmentId: adjustment.id, payslipId: row.payslipId, settlementId: settlement.id, loanId: loan.id };
  }

  /** A's IT declaration and POI windows released this month (through the API), each with its two default reminders. */
  async function setUpTaxWindows(): Promise<Pick<SecurityIds, 'taxWindows'>> {
    const today = dateInZone(t.clock.now(), 'Asia/Kolkata');
    const financialYearStart = financialYearStartOf(today);
    const lockDate = lastDayOfMonth(today);
    // No POI lock date exists on the last day of a month (payroll spec §5: tomorrow to the month's end).
    const poiPossible = lockDateRange('poi', today).min <= lockDate;
    const common = { endDate: lockDate, financialYearStart, financialYearEnd: financialYearStart + 1, enableReminderEmails: true };
    const released = async (url: string, body: Record<string, unknown>) => {
      const res = await t.call('POST', url, { token: adminA.token, body });
      if (res.statusCode !== 200) throw new Error(`security fixtures: ${url} failed: ${res.body}`);
      const data = (res.json() as { data: { id: string; reminders: { id?: string; poiReminderId?: string }[] } }).data;
      return { id: data.id, reminderIds: data.reminders.map((r) => r.id ?? r.poiReminderId ?? '') };
    };
    // Regime switching allowed, so that the switch succeeds for A's Administrator.
    const it = await released('/ITDeclaration/config', { ...common, allowRegimeSwitch: true });
    // On the last day of a month the POI window cannot be released through the API: inserted instead.
    const poi = poiPossible
      ? await released('/POI/config', { ...common, processPayrollFromMonth: '04' })
      : await (async () => {
          const id = (
            await queryRows<{ id: string }>(
              t.database.db,
              sql`INSERT INTO tax_windows (tenant_id, kind, financial_year_start, status, lock_date, process_payroll_from_month) VALUES (${adminA.tenantId}, 'poi', ${financialYearStart}, 1, ${lockDate}, 4) RETURNING id`,
            )
          )[0]?.id;
          const reminders = await queryRows<{ id: string }>(
            t.database.db,
            sql`INSERT INTO tax_window_reminders (tenant_id, window_id, days_before_lock_date, subject, body) VALUES (${adminA.tenantId}, ${id}, 5, 'S', '<p>B</p>'), (${adminA.tenantId}, ${id}, 1, 'S', '<p>B</p>') RETURNING id`,
          );
          return { id: id ?? '', reminderIds: reminders.map((r) => r.id) };
        })();
    return {
      taxWindows: {
        financialYearStart,
        lockDate,
        poiPossible,
        itConfigId: it.id,
        itReminderId: it.reminderIds[0] ?? '',
        itSpareReminderId: it.reminderIds[1] ?? '',
        poiConfigId: poi.id,
        poiReminderId: poi.reminderIds[0] ?? '',
        poiSpareReminderId: poi.reminderIds[1] ?? '',
        declarationId: await (async () => {
          const res = await t.call('POST', '/ITDeclaration/declarations', { token: refusedTokens.member, body: { financialYearStart, financialYearEnd: financialYearStart + 1, isDraft: true, isSubmitted: false } });
          if (res.statusCode !== 200) throw new Error(`security fixtures: declaration failed: ${res.body}`);
          return (res.json() as { data: { id: string } }).data.id;
        })(),
      },
    };
  }

  /** The member's Form 16B of last year, and two bulk previews of their Part A (through the API). */
  async function setUpForm16(member: SessionUser): Promise<SecurityIds['form16']> {
    const financialYear = form16DefaultYear(dateInZone(t.clock.now(), 'Asia/Kolkata'));
    const pdf = (field: string, filename: string) => ({ field, filename, contentType: 'application/pdf', bytes: makePdf('Form 16') });
    const form = multipart({ EmployeeId: member.id, FormType: '2', FinancialYear: financialYear }, pdf('File', 'part-b.pdf'));
    const uploaded = await t.call('POST', '/Form16/upload', { token: adminA.token, body: form.body, headers: form.headers });
    if (uploaded.statusCode !== 201) throw new Error(`security fixtures: Form 16 upload failed: ${uploaded.body}`);
    const [row] = await queryRows<{ pan: string }>(t.database.db, sql`SELECT pan FROM users WHERE id = ${member.id}`);
    const memberPan = row?.pan ?? '';
    const preview = async () => {
      const bulk = multipart({ FinancialYear: financialYear, FormType: '1' }, pdf('files', `${memberPan}_PartA.pdf`));
      const res = await t.call('POST', '/Form16/bulk/preview', { token: adminA.token, body: bulk.body, headers: bulk.headers });
      const token = (res.json() as { data?: { token?: string | null } }).data?.token;
      if (res.statusCode !== 200 || !token) throw new Error(`security fixtures: Form 16 bulk preview failed: ${res.body}`);
      return token;
    };
    return { financialYear, formId: (uploaded.json() as { data: { id: string } }).data.id, memberPan, bulkToken: await preview(), spareBulkToken: await preview() };
  }

  /** The manager's submitted declaration with submitted proofs, two proof files and a comment. */
  async function setUpProofs(financialYearStart: number): Promise<SecurityIds['proofs']> {
    const manager = await t.login(DEMO_LOGINS.manager);
    const ok = async (res: { statusCode: number; body: string; json(): unknown }, what: string) => {
      if (res.statusCode !== 200) throw new Error(`security fixtures: ${what} failed: ${res.body}`);
      return (res.json() as { data: Record<string, unknown> }).data;
    };
    const declaration = (await ok(
      await t.call('POST', '/ITDeclaration/declarations', { token: manager.token, body: { financialYearStart, financialYearEnd: financialYearStart + 1, deductions: [{ deductionItemId: 101, declaredAmount: 50000 }], isDraft: false, isSubmitted: true } }),
      'the manager\'s declaration',
    )) as { id: string; deductions: { id: string }[] };
    const deductionId = declaration.deductions[0]?.id ?? '';
    const upload = async () => {
      const form = multipart({ declarationId: declaration.id, employeeDeductionId: deductionId }, { field: 'file', filename: 'ppf.pdf', contentType: 'application/pdf', bytes: makePdf('Security') });
      return ((await ok(await t.call('POST', '/POI/proofs', { token: manager.token, body: form.body, headers: form.headers }), 'proof upload')) as { id: string }).id;
    };
    const proofId = await upload();
    const spareProofId = await upload();
    await ok(await t.call('POST', '/POI/submit', { token: manager.token, body: { declarationId: declaration.id, deductions: [{ id: deductionId, actualAmount: 45000 }], isSubmitted: true } }), 'POI submit');
    await ok(await t.call('POST', '/ITDeclaration/comments', { token: manager.token, body: { declarationId: declaration.id, itemId: deductionId, comments: 'Passbook attached' } }), 'comment');
    return { managerId: manager.id, declarationId: declaration.id, deductionId, proofId, spareProofId };
  }

  async function collectSecrets(): Promise<string[]> {
    const a = adminA.tenantId;
    const rows = await queryRows<{ s: string }>(
      t.database.db,
      sql`SELECT id::text AS s FROM users WHERE tenant_id = ${a}
          UNION SELECT email FROM users WHERE tenant_id = ${a}
          UNION SELECT first_name || ' ' || last_name FROM users WHERE tenant_id = ${a}
          UNION SELECT id::text FROM departments WHERE tenant_id = ${a}
          UNION SELECT id::text FROM shifts WHERE tenant_id = ${a}
          UNION SELECT id::text FROM holidays WHERE tenant_id = ${a}
          UNION SELECT id::text FROM leave_types WHERE tenant_id = ${a}
          UNION SELECT id::text FROM leave_requests WHERE tenant_id = ${a}
          UNION SELECT id::text FROM requests WHERE tenant_id = ${a}
          UNION SELECT id::text FROM user_documents WHERE tenant_id = ${a}
          UNION SELECT id::text FROM notifications WHERE tenant_id = ${a}
          UNION SELECT id::text FROM payroll_runs WHERE tenant_id = ${a}
          UNION SELECT id::text FROM payroll_adjustments WHERE tenant_id = ${a}
          UNION SELECT id::text FROM payslips WHERE tenant_id = ${a}
          UNION SELECT id::text FROM exit_settlements WHERE tenant_id = ${a}
          UNION SELECT id::text FROM exit_requests WHERE tenant_id = ${a}
          UNION SELECT id::text FROM employment_type_setting_values WHERE tenant_id = ${a}
          UNION SELECT id::text FROM tax_windows WHERE tenant_id = ${a}
          UNION SELECT id::text FROM tax_declaration_proofs WHERE tenant_id = ${a}
          UNION SELECT id::text FROM tax_declaration_comments WHERE tenant_id = ${a}
          UNION SELECT id::text FROM tax_window_reminders WHERE tenant_id = ${a}
          UNION SELECT id::text FROM form16_documents WHERE tenant_id = ${a}
          UNION SELECT id::text FROM form16_bulk_uploads WHERE tenant_id = ${a}
          UNION SELECT name FROM tenants WHERE id = ${a}`,
    );
    return rows.map((r) => r.s).filter((s) => s.length >= 6);
  }

  /** One digest per table of everything A owns (every table with tenant_id, A's organisation, accounts and mail). */
  async function digestOfA(): Promise<Map<string, string>> {
    const a = adminA.tenantId;
    const tables = await queryRows<{ table_name: string }>(t.database.db, sql`SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'tenant_id' ORDER BY table_name`);
    const parts = tables.map((r) => sql`SELECT ${r.table_name} AS name, md5(coalesce(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) AS d FROM ${sql.identifier(r.table_name)} x WHERE x.tenant_id = ${a}`);
    parts.push(sql`SELECT 'tenants' AS name, md5(coalesce(string_agg(md5(x::text), ''), '')) AS d FROM tenants x WHERE x.id = ${a}`);
    parts.push(sql`SELECT 'accounts' AS name, md5(coalesce(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) AS d FROM accounts x WHERE x.id IN (SELECT account_id FROM users WHERE tenant_id = ${a})`);
    parts.push(sql`SELECT 'auth_tokens' AS name, md5(coalesce(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) AS d FROM auth_tokens x WHERE x.account_id IN (SELECT account_id FROM users WHERE tenant_id = ${a})`);
    parts.push(sql`SELECT 'outbox_emails to A' AS name, md5(coalesce(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) AS d FROM outbox_emails x WHERE x.to_address IN (SELECT email FROM users WHERE tenant_id = ${a})`);
    const rows = await queryRows<{ name: string; d: string }>(t.database.db, sql.join(parts, sql` UNION ALL `));
    return new Map(rows.map((r) => [r.name, r.d]));
  }

  /** The server's own account of the last 500 (the reply only says 'Something went wrong'). */
  const lastServerError = () => {
    const line = t.serverErrors.at(-1) ?? '';
    try {
      const entry = JSON.parse(line) as { err?: { message?: string; code?: string } };
      return `${entry.err?.code ?? ''} ${entry.err?.message ?? line}`.slice(0, 300);
    } catch {
      return line.slice(0, 300);
    }
  };

  const fixtureOf = (op: Operation): OperationFixture => fixtures[op.key] ?? {};

  /** What an operation needs from security.fixtures.ts and does not have. */
  function missingFixtures(op: Operation): string[] {
    const f = fixtureOf(op);
    const add = (what: string) => `add a fixture for ${what} of ${op.method} ${op.path} in security.fixtures.ts (key '${op.key}')`;
    const missing: string[] = [];
    for (const p of op.pathParams) if (f.path?.[p] === undefined) missing.push(add(`path param :${p}`));
    for (const q of op.queryParams) if (ID_NAME.test(q.name) && f.query?.[q.name] === undefined) missing.push(add(`query param ${q.name}`));
    for (const name of Object.keys(bodyProperties(op.body, resolve))) if (ID_NAME.test(name) && (Array.isArray(f.body) ? f.body[0] : f.body)?.[name] === undefined) missing.push(add(`body field ${name}`));
    if (op.multipart && !f.multipart) missing.push(add('the multipart body (fields and file)'));
    if (op.multipart && f.multipart && !f.multipart.file && !f.multipart.fileField) missing.push(add('the file part of the multipart body (file, or fileField when the route takes the file optionally)'));
    return missing;
  }

  function urlOf(op: Operation, path: Record<string, string> = {}, rawQuery?: string): string {
    const f = fixtureOf(op);
    let url = op.path;
    for (const p of op.pathParams) url = url.replace(`{${p}}`, path[p] ?? encodeURIComponent(f.path?.[p] ?? ''));
    const query = rawQuery ?? baseQuery(op).toString();
    return query ? `${url}?${query}` : url;
  }

  function baseQuery(op: Operation): URLSearchParams {
    const f = fixtureOf(op);
    const q = new URLSearchParams();
    for (const p of op.queryParams) {
      const value = f.query?.[p.name] ?? (p.required ? sampleOf(p.schema, resolve) : undefined);
      if (value !== undefined && value !== null) q.set(p.name, typeof value === 'string' ? value : JSON.stringify(value));
    }
    return q;
  }

  function baseBody(op: Operation): unknown {
    const f = fixtureOf(op);
    if (f.body) return f.body;
    return op.body ? sampleOf(op.body, resolve) : undefined;
  }

  /** The valid-looking request: fixture ids, fixture or sampled body, multipart when the route reads one. */
  function validAttempt(op: Operation, label: string): Attempt {
    const f = fixtureOf(op);
    if (op.multipart && f.multipart) {
      const m = multipart(f.multipart.fields, f.multipart.file);
      return { label, method: op.method, url: urlOf(op), payload: m.body, headers: m.headers };
    }
    const body = baseBody(op);
    return { label, method: op.method, url: urlOf(op), ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }) };
  }

  let unique = 0;
  /** Sends one attempt; "{n}" in a JSON body becomes a new number, so unique fields never collide. */
  const send = (a: Attempt, token?: string) => {
    const fresh = (text: string) => text.replaceAll('{n}', () => String((unique += 1)));
    const payload = typeof a.payload === 'string' ? fresh(a.payload) : a.payload?.includes('{n}') ? Buffer.from(fresh(a.payload.toString('latin1')), 'latin1') : a.payload;
    return t.app.inject({
      method: a.method as 'GET',
      url: a.url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...a.headers },
      ...(payload !== undefined ? { payload } : {}),
    });
  };

  /** Operations in a safe order: reads and writes, then deletions, then what ends a session or an organisation. */
  const ordered = () => {
    const rank = (op: Operation) => (fixtureOf(op).runLast ? (op.method === 'DELETE' ? 3 : 2) : op.method === 'DELETE' ? 1 : 0);
    return [...operations].sort((x, y) => rank(x) - rank(y));
  };

  const record = (phase: string, attempts: number, failures: string[]) => {
    const known = failures.filter((f) => Object.keys(KNOWN_FAILURES).some((k) => f.startsWith(k)));
    summary[phase] = { attempts, failures: failures.length - known.length };
    if (known.length > 0) console.log(`known failures (${phase}): ${known.join('\n')}`);
    return failures.filter((f) => !known.includes(f));
  };

  tenancyAndRoles('has fixtures for every id, path parameter and multipart body of every operation', () => {
    expect(operations.length).toBeGreaterThan(90);
    const missing = operations.flatMap(missingFixtures);
    const stale = Object.keys(fixtures).filter((k) => !operations.some((op) => op.key === k));
    expect(missing).toEqual([]);
    expect(stale, 'fixtures for operations that no longer exist').toEqual([]);
  });

  tenancyAndRoles("(a) another organisation's Administrator, given this organisation's ids, reads and changes nothing of it", async () => {
    const failures: string[] = [];
    let attempts = 0;
    let before = await digestOfA();
    for (const op of ordered()) {
      const f = fixtureOf(op);
      if (f.isolationExempt || missingFixtures(op).length > 0) continue;
      const attempt = validAttempt(op, 'as B');
      const res = await send(attempt, adminB.token);
      attempts += 1;
      count('isolation', res.statusCode);
      if (process.env.SECURITY_DEBUG) console.log(`as B ${op.key} ${String(res.statusCode)} ${res.body.slice(0, 120)}`);
      const sent = `${attempt.url} ${typeof attempt.payload === 'string' ? attempt.payload : (attempt.payload?.toString('latin1') ?? '')}`;
      const leaked = secretsOfA.filter((s) => res.body.includes(s) && !sent.includes(s));
      if (leaked.length > 0) failures.push(`${op.key}: ${String(res.statusCode)} reply to B holds A's ${leaked.slice(0, 3).join(', ')}`);
      if (res.statusCode >= 500) failures.push(`${op.key}: ${String(res.statusCode)} ${lastServerError()}`);
      const after = await digestOfA();
      const changed = [...after].filter(([k, v]) => before.get(k) !== v).map(([k]) => k);
      if (changed.length > 0) failures.push(`${op.key}: B changed A's ${changed.join(', ')} (reply ${String(res.statusCode)} ${res.body.slice(0, 160)})`);
      before = after;
      // B's session may end by design (logout, a new organisation); the next operation needs one.
      if ((await t.call('GET', '/Account/me', { token: adminB.token })).statusCode !== 200) adminB = await t.login(emailB, 'Secret123');
    }
    expect(record('isolation', attempts, failures)).toEqual([]);
    // Two digests of every tenant table per operation: over 160 operations this passes 60 s on a busy 2-core machine.
  }, 300_000);

  tenancyAndRoles('(b) a role the permission table refuses gets 403', async () => {
    const failures: string[] = [];
    let attempts = 0;
    for (const op of ordered()) {
      const { permission, feature } = op.access;
      if (op.access.public || (!permission && !feature) || missingFixtures(op).length > 0) continue;
      for (const role of REFUSABLE_ROLES) {
        const refusedByPermission = permission !== undefined && !can(role.roleId, permission as PermissionAction);
        const refusedByFeature = feature !== undefined && !ROLE_FEATURES[feature as FeatureKey].includes(role.roleId);
        if (!refusedByPermission && !refusedByFeature) continue;
        const res = await send(validAttempt(op, `as ${role.name}`), refusedTokens[role.name]);
        attempts += 1;
        count('permissions', res.statusCode);
        if (res.statusCode !== 403) failures.push(`${op.key} as ${role.name} (${permission ?? feature ?? ''}): ${String(res.statusCode)} ${res.body.slice(0, 200)}`);
      }
    }
    expect(attempts).toBeGreaterThan(40);
    expect(record('permissions', attempts, failures)).toEqual([]);
  });

  tenancyAndRoles('(d) every upload route refuses an archive bomb and a disguised PDF, and stores nothing of either', async () => {
    const failures: string[] = [];
    let attempts = 0;
    // Small: 8 MB of zeros per entry, each claiming 600 bytes, are enough to tell real bytes counted from headers believed.
    // Named as no part a workbook reader parses, so that only what they unpack to can refuse them.
    const bomb = makeZipBomb({ entries: 3, unpackedBytes: 8 * 1024 * 1024, declaredSize: 600, name: (i) => `bomb-${String(i)}.bin` });
    const uploads = ordered().filter((op) => op.multipart && missingFixtures(op).length === 0);
    for (const op of uploads) {
      const m = fixtureOf(op).multipart;
      if (!m) continue;
      const field = m.file?.field ?? m.fileField ?? 'file';
      const attempt = (label: string, file?: { filename: string; contentType: string; bytes: Buffer }): Attempt => {
        const body = multipart(m.fields, file ? { field, ...file } : m.file);
        return { label, method: op.method, url: urlOf(op), payload: body.body, headers: body.headers };
      };
      const before = await digestOfA();
      const filesBefore = storedFileCount();
      const hostile = [
        { label: 'archive bomb', res: await send(attempt('archive bomb', { filename: 'upload.zip', contentType: 'application/zip', bytes: bomb }), adminA.token) },
        { label: 'disguised PDF', res: await send(attempt('disguised PDF', { filename: 'receipt.pdf', contentType: 'application/pdf', bytes: DISGUISED_PDF }), adminA.token) },
      ];
      const changed = [...(await digestOfA())].filter(([k, v]) => before.get(k) !== v).map(([k]) => k);
      if (changed.length > 0) failures.push(`${op.key}: a refused upload changed A's ${changed.join(', ')}`);
      if (storedFileCount() !== filesBefore) failures.push(`${op.key}: a refused upload left a stored file`);
      // The same request with the fixture's own file: what it answers tells a refused file from a refused request.
      const control = await send(attempt('control'), adminA.token);
      const messageOf = (res: { body: string }) => (jsonOf(res.body) as { message?: string } | null)?.message ?? res.body;
      for (const { label, res } of hostile) {
        attempts += 1;
        count('uploads', res.statusCode);
        const why = `${op.key} [${label}]: ${String(res.statusCode)} ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) failures.push(`${why} ${lastServerError()}`);
        else if (label === 'archive bomb' && m.unpacksArchives && res.statusCode !== 413 && res.statusCode !== 422) failures.push(`${why} (a route that unpacks ZIPs answers a bomb 413 or 422)`);
        else if (res.statusCode < 400 && !listsEveryFileRefused(res.body)) failures.push(`${why} (accepted)`);
        else if (res.statusCode >= 400 && control.statusCode >= 400 && messageOf(res) === messageOf(control)) failures.push(`${why} (refused as the fixture itself is: the file was never looked at)`);
      }
    }
    expect(uploads.length).toBeGreaterThanOrEqual(11);
    expect(record('uploads', attempts, failures)).toEqual([]);
  }, 120_000);

  const jsonOf = (body: string): unknown => {
    try {
      return JSON.parse(body) as unknown;
    } catch {
      return null;
    }
  };

  /** Files in the app's storage, final and pending. */
  const storedFileCount = () => {
    const root = path.join(t.config.dataDir, 'files');
    return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
  };

  /** A 200 that lists the files it was sent (a bulk preview) refuses them all when it lists none as matched and stages nothing. */
  const listsEveryFileRefused = (body: string) => {
    const data = (jsonOf(body) as { data?: { items?: { status: string }[]; token?: string | null } } | null)?.data;
    return Array.isArray(data?.items) && data.items.length > 0 && data.items.every((i) => i.status !== 'matched') && !data.token;
  };

  const slice = phases.malformed;
  (slice ? it : notHere)(`(c) malformed bodies, queries and paths never get a 5xx (operations, slice ${String(slice?.slice)} of ${String(slice?.of)})`, async () => {
    const failures: string[] = [];
    let attempts = 0;
    let token = adminA.token;
    const mine = slice ? sliceOf(operations, slice) : new Set<string>();
    for (const op of ordered().filter((o) => mine.has(o.key))) {
      if (missingFixtures(op).length > 0) continue;
      // The fixture must be a request A's Administrator may make, or phases (a) and (b) prove nothing.
      const valid = await send(validAttempt(op, 'valid'), op.access.public ? undefined : token);
      attempts += 1;
      count('valid as A', valid.statusCode);
      if (process.env.SECURITY_DEBUG) console.log(`valid as A ${op.key} ${String(valid.statusCode)} ${valid.body.slice(0, 120)}`);
      if (valid.statusCode === 400 && !fixtureOf(op).invalidOnPurpose) failures.push(`${op.key}: the fixture request is refused as invalid; correct it in security.fixtures.ts: ${valid.body.slice(0, 200)}`);
      if (valid.statusCode >= 500) failures.push(`${op.key} [valid]: ${String(valid.statusCode)} ${lastServerError()}`);
      const variants = malformedVariants(op);
      if (variants.length < 20) failures.push(`${op.key}: only ${String(variants.length)} malformed variants`);
      for (const v of variants) {
        const res = await send(v, op.access.public ? undefined : token);
        attempts += 1;
        count(v.refusedWith ? 'date outside 1900–2100' : 'malformed', res.statusCode);
        if (res.statusCode >= 500) failures.push(`${op.key} [${v.label}]: ${String(res.statusCode)} ${lastServerError()}`);
        else if (v.refusedWith && (res.statusCode !== 400 || !res.body.includes(v.refusedWith))) failures.push(`${op.key} [${v.label}]: expected 400 "${v.refusedWith}", got ${String(res.statusCode)} ${res.body.slice(0, 200)}`);
      }
      // Without a token: 401 before the input is looked at (never a field message, 413 or 415), for the
      // valid request and one variant of each way of breaking it: which field is broken does not matter to
      // a check made before the body is read, and sending every variant again made a slice a third slower.
      if (!op.access.public) {
        const oneOfEachKind = new Map<string, Attempt>();
        for (const v of [validAttempt(op, 'valid'), ...variants]) if (!oneOfEachKind.has(v.kind ?? v.label)) oneOfEachKind.set(v.kind ?? v.label, v);
        for (const v of oneOfEachKind.values()) {
          const res = await send(v);
          attempts += 1;
          count('malformed, no token', res.statusCode);
          const problem = notRefusedAsAnonymous(res);
          if (problem) failures.push(`${op.key} [${v.label}, no token]: ${problem}`);
        }
      }
      // A variant may have been accepted (logout, delete): keep a working session for the next operation.
      if ((await t.call('GET', '/Account/me', { token })).statusCode !== 200) {
        const again = await t.call('POST', '/Account/login', { body: { email: DEMO_LOGINS.administrator, password: DEMO_PASSWORD } });
        if (again.statusCode !== 200) {
          failures.push(`after ${op.key}: A's Administrator cannot log in again: ${String(again.statusCode)} ${lastServerError()}`);
          break;
        }
        token = (again.json() as { data: SessionUser }).data.token;
      }
    }
    expect(record('malformed', attempts, failures)).toEqual([]);
    // About 80 requests per operation: the time grows with the API (over 60 s at 121 operations on a busy 2-core
    // machine; 109 s at about 300 on a quiet one, past 600 s while seven other test runs shared the machine).
  }, 1_200_000);

  /**
   * What is wrong with the reply to a tokenless request to an operation that needs a token: null when
   * it is the 401 'Token not found.'. A URL the router itself refuses — a path that does not decode
   * (400 FST_ERR_BAD_URL), a path parameter past its 100 characters (414 FST_ERR_MAX_PARAM_LENGTH) — is
   * answered before any route is chosen, so before any route's access or schema, and says nothing about
   * the operation's input.
   */
  function notRefusedAsAnonymous(res: { statusCode: number; body: string }): string | null {
    let reply: { errorCode?: string; code?: string } = {};
    try {
      reply = JSON.parse(res.body) as typeof reply;
    } catch {
      return `${String(res.statusCode)} not the error envelope: ${res.body.slice(0, 160)}`;
    }
    if (res.statusCode === 401 && reply.errorCode === 'TokenNotFound') return null;
    if ((res.statusCode === 400 && reply.code === 'FST_ERR_BAD_URL') || (res.statusCode === 414 && reply.code === 'FST_ERR_MAX_PARAM_LENGTH')) return null;
    return `${String(res.statusCode)} instead of 401: ${res.body.slice(0, 200)}`;
  }

  /** At least 20 malformed requests per operation: body, query and path, each broken one way. */
  function malformedVariants(op: Operation): Attempt[] {
    const out: Attempt[] = [];
    const valid = validAttempt(op, 'valid');
    const query = baseQuery(op);
    const json = (label: string, payload: string | Buffer, contentType = 'application/json', kind?: string): Attempt => ({
      label,
      ...(kind ? { kind } : {}),
      method: op.method,
      url: valid.url,
      payload,
      headers: { 'content-type': contentType },
    });

    // Query: hostile extra keys, then each declared parameter broken on its own (the others valid,
    // so the bad value gets as far as it can), or every parameter at once when there are none.
    const declared = op.queryParams.map((p) => p.name);
    const setOne = (name: string, raw: string) => {
      const q = new URLSearchParams(query);
      q.delete(name);
      return [q.toString(), `${encodeURIComponent(name)}=${raw}`].filter(Boolean).join('&');
    };
    const badValues: [string, string][] = [
      ['NUL', '%00'],
      ['NUL inside', 'ab%00cd'],
      ['10 KB', RANDOM_LETTERS.slice(0, 10_000)],
      ['1e309', '1e309'],
      ['huge negative', '-99999999999999999999'],
      ['empty', ''],
      ['object text', '%5Bobject%20Object%5D'],
      ['bad percent', '%'],
      ['truncated UTF-8', '%E0%A4%A'],
      ['lone surrogate', '%ED%A0%80'],
      ['hex', '0x1F'],
      ['impossible date', '2026-02-30'],
      ['traversal', '..%2F..%2Fetc%2Fpasswd'],
      ['SQL', "'%20OR%201%3D1%20--"],
      ['not an id', 'not-an-id'],
    ];
    const queryVariants: [label: string, raw: string, kind?: string][] = [
      ['query __proto__', `${query.toString()}&__proto__[polluted]=1&__proto__.polluted=1`],
      ['query constructor.prototype', `${query.toString()}&constructor[prototype][polluted]=1`],
      ['query nested keys', `${query.toString()}&a[b][c][d][e]=1`],
      ['query 1000 keys', `${query.toString()}&${Array.from({ length: 1000 }, (_, i) => `k${String(i)}=1`).join('&')}`],
      ['query repeated', [query.toString(), ...(declared.length > 0 ? declared : ['x']).map((n) => `${n}=1&${n}=2`)].filter(Boolean).join('&')],
      ['query array brackets', [query.toString(), ...(declared.length > 0 ? declared : ['x']).map((n) => `${n}[]=1`)].filter(Boolean).join('&')],
    ];
    for (const name of declared.length > 0 ? declared : ['x']) {
      for (const [label, raw] of badValues) queryVariants.push([`query ${name} ${label}`, setOne(name, raw), `query parameter ${label}`]);
    }
    for (const [label, raw, kind] of queryVariants) out.push({ ...valid, label, ...(kind ? { kind } : {}), url: urlOf(op, {}, raw) });
    for (const name of declared) {
      const far = outOfWindow(query.get(name));
      if (far) out.push({ ...valid, label: `query ${name} ${far.value}`, url: urlOf(op, {}, setOne(name, far.value)), refusedWith: far.message });
    }

    // Path: each parameter broken.
    for (const p of op.pathParams) {
      for (const [label, raw] of [
        ['NUL', '%00'],
        ['5000 chars', 'a'.repeat(5000)],
        ['traversal', '..%2F..%2Fetc%2Fpasswd'],
        ['SQL', "1'%20OR%201%3D1"],
        ['negative', '-1'],
        ['huge', '99999999999999999999'],
        ['lone surrogate', '%ED%A0%80'],
      ] as const) {
        out.push({ ...valid, label: `path ${p} ${label}`, kind: `path parameter ${label}`, url: urlOf(op, { [p]: raw }) });
      }
    }

    if (op.method === 'GET' || op.method === 'HEAD') return out;

    // Body: the whole body broken.
    const base = baseBody(op);
    const deep = (n: number, open: string, close: string, inner: string) => `${open.repeat(n)}${inner}${close.repeat(n)}`;
    out.push(
      json('JSON syntax error', '{"a":'),
      json('empty JSON', ''),
      json('array', '[]'),
      json('null', 'null'),
      json('number', '42'),
      json('string', '"text"'),
      json('deep objects', deep(10_000, '{"a":', '}', '1')),
      json('deep arrays', deep(10_000, '[', ']', '1')),
      json('__proto__ key', '{"__proto__":{"polluted":true}}'),
      json('constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'),
      json('invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
      json('UTF-16 charset', JSON.stringify(base ?? {}), 'application/json; charset=utf-16'),
      json('2 MB body', JSON.stringify({ a: 'a'.repeat(2_000_000) })),
      json('text/plain', 'hello', 'text/plain'),
      json('form-urlencoded', 'a=1&b=2', 'application/x-www-form-urlencoded'),
      json('multipart without boundary', '--x\r\n', 'multipart/form-data'),
      json('multipart wrong boundary', multipart({ a: '1' }).body, 'multipart/form-data; boundary=not-the-boundary'),
      json('multipart NUL field', nulMultipart().body, nulMultipart().headers['content-type']),
      json('multipart truncated', truncatedMultipart(op), truncatedMultipartType),
      json('multipart garbage', Buffer.from('--b\r\nContent-Disposition: form-data\r\n\r\n\r\n--b--'), 'multipart/form-data; boundary=b'),
    );
    if (base !== undefined) {
      out.push(json('every string NUL', JSON.stringify(mapLeaves(base, (v) => (typeof v === 'string' ? `${v}\u0000` : v)))));
      out.push(json('every number 1e308', JSON.stringify(mapLeaves(base, (v) => (typeof v === 'number' ? 1e308 : v)))));
      out.push(json('every number -1', JSON.stringify(mapLeaves(base, (v) => (typeof v === 'number' ? -1 : v)))));
      out.push(json('every number 0.5', JSON.stringify(mapLeaves(base, (v) => (typeof v === 'number' ? 0.5 : v)))));
      out.push(json('array of bodies', JSON.stringify([base, base])));
    }

    // Body: each top-level field broken on its own, the rest valid, so the bad value reaches the database if unchecked.
    if (base && typeof base === 'object' && !Array.isArray(base)) {
      const fields = new Set([...Object.keys(base), ...Object.keys(bodyProperties(op.body, resolve))]);
      for (const field of fields) {
        for (const [label, value] of [
          ['NUL', 'a\u0000b'],
          ['100 KB', RANDOM_LETTERS.slice(0, 100_000)],
          ['3 KB word', RANDOM_LETTERS.slice(0, 3000)],
          ['1e308', 1e308],
          ['-1', -1],
          ['1.5', 1.5],
          ['array', []],
          ['object', {}],
          ['true', true],
          ['null', null],
          ['empty', ''],
          ['impossible date', '2026-02-30'],
          ['not an id', 'not-an-id'],
        ] as const) {
          out.push(json(`body ${field} ${label}`, JSON.stringify({ ...(base as object), [field]: value }), undefined, `body field ${label}`));
        }
      }
    }
    // Body: every date and month leaf, at any depth, outside the window.
    if (base && typeof base === 'object') {
      for (const path of leafPaths(base)) {
        const far = outOfWindow(path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], base));
        if (far) out.push({ ...json(`body ${path.join('.')} ${far.value}`, JSON.stringify(setAt(base, path, far.value))), refusedWith: far.message });
      }
    }
    // Body: each nested leaf (inside objects and the first element of arrays) broken on its own.
    if (base && typeof base === 'object') {
      for (const path of leafPaths(base).filter((p) => p.length > 1)) {
        for (const [label, value] of [
          ['NUL', 'a\u0000b'],
          ['3 KB word', RANDOM_LETTERS.slice(0, 3000)],
          ['not an id', 'not-an-id'],
          ['impossible date', '2026-02-30'],
          ['-1', -1],
          ['1e308', 1e308],
          ['null', null],
          ['object', {}],
        ] as const) {
          out.push(json(`body ${path.join('.')} ${label}`, JSON.stringify(setAt(base, path, value)), undefined, `body nested field ${label}`));
        }
      }
    }
    const f = fixtureOf(op);
    if (op.multipart && f.multipart) {
      for (const [field, fieldValue] of Object.entries(f.multipart.fields)) {
        const far = outOfWindow(fieldValue);
        if (far) {
          const m = multipart({ ...f.multipart.fields, [field]: far.value }, f.multipart.file);
          out.push({ ...valid, label: `multipart ${field} ${far.value}`, payload: m.body, headers: m.headers, refusedWith: far.message });
        }
        for (const [label, value] of [
          ['NUL', 'a\u0000b'],
          ['3 KB', RANDOM_LETTERS.slice(0, 3000)],
          ['9 KB', RANDOM_LETTERS.slice(0, 9000)],
          ['20 KB', RANDOM_LETTERS.slice(0, 20_000)],
          ['empty', ''],
        ] as const) {
          const m = multipart({ ...f.multipart.fields, [field]: value }, f.multipart.file);
          out.push({ ...valid, label: `multipart ${field} ${label}`, kind: `multipart field ${label}`, payload: m.body, headers: m.headers });
        }
      }
      if (f.multipart.file) {
        const m = multipart(f.multipart.fields, { ...f.multipart.file, filename: 'a\u0000.pdf' });
        out.push({ ...valid, label: 'multipart NUL file name', payload: m.body, headers: m.headers });
        const long = multipart(f.multipart.fields, { ...f.multipart.file, filename: `${'n'.repeat(3000)}.pdf` });
        out.push({ ...valid, label: 'multipart 3 KB file name', payload: long.body, headers: long.headers });
        const empty = multipart(f.multipart.fields, { ...f.multipart.file, bytes: Buffer.alloc(0) });
        out.push({ ...valid, label: 'multipart empty file', payload: empty.body, headers: empty.headers });
      }
    }
    return out;
  }
}

/**
 * Letters that do not compress: PostgreSQL compresses long index entries, so 'aaaa…' fits a btree
 * page where a real 3 KB name does not.
 */
const RANDOM_LETTERS = (() => {
  let seed = 20_260_401;
  let out = '';
  while (out.length < 100_000) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    out += String.fromCharCode(97 + (seed % 26));
  }
  return out;
})();

const truncatedMultipartType = 'multipart/form-data; boundary=----tankhacut';
function truncatedMultipart(op: Operation): Buffer {
  const whole = Buffer.from(`------tankhacut\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n------tankhacut\r\nContent-Disposition: form-data; name="file"; filename="x-${op.method}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 and more bytes`);
  return whole;
}

function nulMultipart() {
  return multipart({ 'na\u0000me': 'va\u0000lue' }, { field: 'file', filename: 'a\u0000.png', contentType: 'image/png', bytes: Buffer.from([0x89, 0x50]) });
}

/** Paths to the leaves of a JSON value (arrays: the first element only), at most five levels deep. */
function leafPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (at.length >= 5) return [at];
  if (Array.isArray(value)) return value.length > 0 ? leafPaths(value[0], [...at, 0]) : [at];
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length > 0 ? entries.flatMap(([k, v]) => leafPaths(v, [...at, k])) : [at];
  }
  return [at];
}

/** A copy of the value with the leaf at the path replaced. */
function setAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? setAt(v, rest, leaf) : v));
  if (value !== null && typeof value === 'object') return { ...value, [head]: setAt((value as Record<string | number, unknown>)[head], rest, leaf) };
  return value;
}

/** The value with every leaf replaced (iterative depth is small: bodies are fixtures or samples). */
function mapLeaves(value: unknown, f: (leaf: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => mapLeaves(v, f));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, f)]));
  return f(value);
}
