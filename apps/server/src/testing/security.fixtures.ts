/**
 * What the security suite (security.int.test.ts) sends to each operation of the OpenAPI document.
 *
 * Ids are always the demo organisation's ("this tenant", A). The suite calls each operation three
 * ways: as the other organisation's Administrator (B) with A's ids, expecting nothing of A read or
 * changed; as A's Member or Moderator where the permission table refuses them, expecting 403; and
 * as A's Administrator with malformed variants, expecting no 5xx. Bodies should be valid for A's
 * Administrator, so that the refusals come from tenancy and permissions, not from validation.
 *
 * A new operation with a path parameter, an id-like query parameter or body field, or a multipart
 * body fails the suite until it has an entry here (keyed "METHOD /path" without /backend/api).
 */
import { IMPORT_COLUMNS, presetAsInput } from '@tankha/contracts';
import { makePng } from './images';
import { makePdf } from './pdfs';

export interface SecurityIds {
  tenantId: string;
  /** A's subscription in force (the demo's Enterprise plan, not billed by a provider). */
  subscriptionId: string;
  planIds: { basic: string; free: string };
  administratorId: string;
  moderatorId: string;
  memberId: string;
  memberEmployeeNumber: string;
  memberEmail: string;
  /** An invited user who has not verified yet. */
  pendingUserId: string;
  /** A restricted-login user. */
  restrictedUserId: string;
  /** Yesterday in the test clock, YYYY-MM-DD. */
  yesterday: string;
  /** Today in the test clock in Asia/Kolkata (the demo's zone), YYYY-MM-DD. */
  today: string;
  departmentId: string;
  otherDepartmentId: string;
  /** A work location, and a second one with nobody placed there (so that deleting it can succeed). */
  workLocationId: string;
  spareWorkLocationId: string;
  /** Bank details changes awaiting approval (the member's, the moderator's). */
  bankChangeId: string;
  spareBankChangeId: string;
  shiftId: string;
  holidayId: string;
  leaveTypeId: string;
  /** An option of A's Employment Type field. */
  employmentTypeId: string;
  /** A leave policy (made by the suite). */
  leavePolicyId: string;
  /** A pending leave request. */
  leaveRequestId: string;
  /** A pending regularization request of the member. */
  requestId: string;
  /** A document of the member (uploaded by the suite). */
  documentId: string;
  notificationId: string;
  /** A time log waiting for approval. */
  timeLogId: string;
  tenantEarningId: string;
  tenantDeductionId: string;
  /** A finalized payroll month (2024-04, inserted directly) with one payslip, the member's, whose PDF is rendered. */
  finalizedRunId: string;
  renderedPayslipId: string;
  /** An earning and a deduction no employee has, so that editing and deleting them can succeed. */
  spareEarningId: string;
  spareDeductionId: string;
  /** Two bank file formats of A's own (the second for the delete call). */
  bankFormatId: string;
  spareBankFormatId: string;
  /** A's attendance settings as GET returns them (a valid PUT body). */
  attendanceSettings: Record<string, unknown>;
  /** A's payroll settings as GET returns them, less isSettingEditable (a valid PUT body: the last payroll month as set). */
  payrollSettings: Record<string, unknown>;
  /** A's open payroll month, processed, with a one-time adjustment of the member. */
  payrollRunId: string;
  payrollAdjustmentId: string;
  /** The member's payslip in that month. */
  payslipId: string;
  /** A draft exit of the member (last working day next March). */
  settlementId: string;
  /** The demo's pending resignation (an engineer reporting to the demo manager). */
  exitRequestId: string;
  /** A's Full Time employment type (an option of its Employment Type field). */
  fullTimeTypeId: string;
  /** A reimbursement type (made by the suite) and the member's pending claim of it, with a PDF receipt. */
  reimbursementTypeId: string;
  reimbursementRequestId: string;
  /** A salary advance of the member, from the open month. */
  loanId: string;
  /** A TDS challan of April 2024's TDS (inserted directly). */
  tdsChallanId: string;
  /** A's IT declaration and POI windows of the current financial year, released with a lock date at the month's end. */
  taxWindows: {
    financialYearStart: number;
    lockDate: string;
    /** False on the last day of a month, when no POI lock date can be chosen. */
    poiPossible: boolean;
    itConfigId: string;
    itReminderId: string;
    /** A second reminder, for the delete call. */
    itSpareReminderId: string;
    poiConfigId: string;
    poiReminderId: string;
    poiSpareReminderId: string;
    /** The member's draft IT declaration of the year. */
    declarationId: string;
  };
  /** Form 16: the member's Form 16B of last financial year (uploaded by the suite), the member's PAN, two bulk previews. */
  form16: {
    financialYear: string;
    formId: string;
    memberPan: string;
    bulkToken: string;
    spareBulkToken: string;
  };
  /** A skill held by the member, and a client site the member is assigned to. */
  team: { skillId: string; clientSiteId: string };
  /** The manager's submitted declaration with submitted proofs. */
  proofs: {
    managerId: string;
    declarationId: string;
    /** Its one deduction (80C), with a proof and a comment. */
    deductionId: string;
    proofId: string;
    /** A second proof of the deduction, for the delete call. */
    spareProofId: string;
  };
  /** Sales invoices: a business with a UPI id, a client, a draft invoice with two items, a custom field and its value. */
  invoices: {
    businessId: string;
    clientId: string;
    invoiceId: string;
    itemId: string;
    fieldId: string;
    associationId: string;
  };
}

export interface MultipartFixture {
  fields: Record<string, string>;
  file?: { field: string; filename: string; contentType: string; bytes: Buffer };
  /** The file part's name when the fixture sends none (an optional file: the organisation's logo). */
  fileField?: string;
  /** The route unpacks ZIPs (a bulk upload, an XLSX workbook): an archive bomb must get 413 or 422. */
  unpacksArchives?: true;
}

/** In bodies, "{n}" becomes a new number on every request, so unique fields (e-mail, codes) do not collide. */
export interface OperationFixture {
  path?: Record<string, string>;
  query?: Record<string, string>;
  /** Merged over the sample the suite derives from the body schema (an array body is sent as given). */
  body?: Record<string, unknown> | Record<string, unknown>[];
  multipart?: MultipartFixture;
  /** Why calling this as another organisation cannot say anything about isolation (kept short, reviewed). */
  isolationExempt?: string;
  /** Why the fixture request is a 400 even for A's Administrator (a public route that needs a secret token). */
  invalidOnPurpose?: string;
  /** Ends or replaces the caller's session or organisation: fuzzed after everything else. */
  runLast?: boolean;
}

/** A valid bank file format of one's own: a copy of a preset. */
const BANK_FORMAT_BODY = { ...presetAsInput('axis-corporate'), name: 'Security format {n}' } as unknown as Record<string, unknown>;

/** Every upload that claims to be a PDF must parse as one, with a page. */
const PDF = makePdf('Security');
const FORM16_PDF = makePdf('Form 16');
const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
/** The template's own example row with a number and e-mail of its own: a file the import accepts. */
const EXAMPLE_ROW: Record<string, string> = { employeeNumber: 'SECIMP{n}', email: 'security.import.{n}@example.in', departmentId: '' };
const CSV = Buffer.from(`${IMPORT_COLUMNS.map((c) => csvCell(c.header)).join(',')}\n${IMPORT_COLUMNS.map((c) => csvCell(EXAMPLE_ROW[c.field] ?? c.example)).join(',')}\n`);

/** The IT declaration and POI windows. */
function taxWindowFixtures(ids: SecurityIds): Record<string, OperationFixture> {
  const w = ids.taxWindows;
  const year = { financialYearStart: w.financialYearStart, financialYearEnd: w.financialYearStart + 1 };
  const yearQuery = { financialYearStart: String(w.financialYearStart), financialYearEnd: String(w.financialYearStart + 1) };
  const reminder = { daysBeforeLockDate: 3, isEnabled: true, subject: 'Reminder for %TaxYear%', body: '<p>Dear <strong>%EmployeeName%</strong></p>' };
  return {
    'POST /ITDeclaration/config': { body: { id: w.itConfigId, endDate: w.lockDate, ...year, allowRegimeSwitch: true, enableReminderEmails: true } },
    'POST /ITDeclaration/config/lock': { body: { id: w.itConfigId } },
    'GET /ITDeclaration/reminders': { query: { itDeclarationConfigId: w.itConfigId } },
    'POST /ITDeclaration/reminders': { body: { id: w.itReminderId, itDeclarationConfigId: w.itConfigId, ...reminder } },
    'DELETE /ITDeclaration/reminders/{id}': { path: { id: w.itSpareReminderId } },
    'POST /POI/config': {
      body: { id: w.poiConfigId, endDate: w.lockDate, ...year, processPayrollFromMonth: '04', enableReminderEmails: true },
      ...(w.poiPossible ? {} : { invalidOnPurpose: 'no POI lock date exists on the last day of a month (payroll spec §5)' }),
    },
    'POST /POI/config/lock': { body: { id: w.poiConfigId } },
    'GET /POI/reminders': { query: { poiConfigId: w.poiConfigId } },
    'POST /POI/reminders': { body: { poiReminderId: w.poiReminderId, poiConfigId: w.poiConfigId, ...reminder } },
    'DELETE /POI/reminders/{poiReminderId}': { path: { poiReminderId: w.poiSpareReminderId } },
    // The member's declaration: A's Administrator may act on the member's behalf.
    'GET /ITDeclaration/declarations': { query: { employeeId: ids.memberId, ...yearQuery } },
    'POST /ITDeclaration/declarations': { body: { employeeId: ids.memberId, ...year, isDraft: true, isSubmitted: false } },
    'PUT /ITDeclaration/declarations/{declarationId}': { path: { declarationId: w.declarationId }, body: { employeeId: ids.memberId, ...year, isDraft: true, isSubmitted: false } },
    'GET /ITDeclaration/summary': { query: { userId: ids.memberId, ...yearQuery } },
    // Regime comparison and switch, for the member.
    'GET /ITDeclaration/tax-comparison': { query: { userId: ids.memberId, ...yearQuery } },
    'POST /ITDeclaration/switch-regime': { query: { userId: ids.memberId }, body: { newRegimeType: 0, ...year } },
  };
}

/** Form 16. */
function form16Fixtures(ids: SecurityIds): Record<string, OperationFixture> {
  const f = ids.form16;
  const pdf = { field: 'File', filename: 'form16.pdf', contentType: 'application/pdf', bytes: FORM16_PDF };
  return {
    'GET /Form16/users': { query: { financialYear: f.financialYear, searchText: 'aditi' } },
    'GET /Form16/stats': { query: { financialYear: f.financialYear } },
    'POST /Form16/upload': { multipart: { fields: { EmployeeId: ids.memberId, FormType: '1', FinancialYear: f.financialYear }, file: pdf } },
    'GET /Form16/employees/{employeeId}': { path: { employeeId: ids.memberId }, query: { financialYear: f.financialYear } },
    'GET /Form16/{id}/download': { path: { id: f.formId } },
    'GET /Form16/{id}/file': { path: { id: f.formId } },
    'GET /Form16/merged': { query: { employeeId: ids.memberId, financialYear: f.financialYear } },
    'DELETE /Form16/{id}': { path: { id: f.formId } },
    'POST /Form16/bulk/preview': { multipart: { fields: { FinancialYear: f.financialYear, FormType: '1' }, file: { ...pdf, field: 'files', filename: `${f.memberPan}_PartA.pdf` }, unpacksArchives: true } },
    'POST /Form16/bulk/confirm': { body: { token: f.bulkToken } },
    'DELETE /Form16/bulk/{token}': { path: { token: f.spareBulkToken } },
    // The suite runs no payroll: generating Part B is refused as 'no finalized payroll' (400); form16-part-b.int.test.ts finalizes months and generates.
    'POST /Form16/part-b/generate': { body: { financialYear: f.financialYear }, invalidOnPurpose: 'no finalized payroll in the suite' },
    'POST /Form16/part-b/generate/{employeeId}': { path: { employeeId: ids.memberId }, body: { financialYear: f.financialYear }, invalidOnPurpose: 'no finalized payroll in the suite' },
    'GET /Form16/responsible-person': {},
    'PUT /Form16/responsible-person': { body: { name: 'Meera Iyer', fatherName: 'Ramesh Iyer', designation: 'Finance Manager', place: 'Bengaluru' } },
  };
}

/** Sales invoices. */
function invoiceFixtures(ids: SecurityIds): Record<string, OperationFixture> {
  const v = ids.invoices;
  const party = { name: 'Security Party {n}', address: 'MG Road', stateCode: '29', upiId: 'security.party@okicici' };
  const invoice = { invoiceNumber: 'SEC-{n}', invoiceDate: '2026-10-01', billedById: v.businessId, billedToId: v.clientId, invoiceItems: [{ name: 'Consulting', hsnSac: '998313', quantity: 1, rate: 100, gstRate: 18 }] };
  const style = { templateType: 2, templateBaseColor: '#d946ef', templateBaseBackgroundColor: '#ffffff', headingFontFamily: 'Georgia', bodyFontFamily: 'Verdana', terms: null, notes: null };
  const routes: Record<string, OperationFixture> = {
    'GET /Invoices/{id}': { path: { id: v.invoiceId } },
    'GET /Invoices/{id}/download': { path: { id: v.invoiceId } },
    'GET /Invoices/{id}/upi-qr': { path: { id: v.invoiceId } },
    'PUT /Invoices/{id}/status': { path: { id: v.invoiceId }, body: { status: 'sent' } },
    'PUT /Invoices/{id}/customization': { path: { id: v.invoiceId }, body: style },
    'DELETE /Invoices/invoiceitem/{id}': { path: { id: v.itemId } },
    // An earlier operation of the suite marks the invoice sent: only drafts may be deleted, and its parties stay in use.
    'DELETE /Invoices': { query: { id: v.invoiceId }, invalidOnPurpose: 'the suite’s invoice is no longer a draft' },
    'POST /Invoices': { body: invoice },
    'PUT /Invoices': { body: { id: v.invoiceId, ...invoice } },
    'GET /Invoices/validate/{invoiceNumber}': { path: { invoiceNumber: 'SEC-1' }, query: { invoiceId: v.invoiceId } },
    'GET /Invoices/customFields': { query: { groupId: '1', invoiceId: v.invoiceId } },
    'POST /Invoices/customFields': { body: { fieldName: 'Security {n}', groupId: 1 } },
    'PUT /Invoices/customFields': { body: { id: v.fieldId, fieldName: 'Security PO {n}' } },
    'DELETE /Invoices/customFields': { query: { fieldId: v.fieldId } },
    'PUT /Invoices/customFields/associations': { body: { invoiceId: v.invoiceId, fieldId: v.fieldId, value: 'PO-1' } },
    'DELETE /Invoices/customFields/associations': { query: { associationId: v.associationId, invoiceId: v.invoiceId } },
  };
  for (const [segment, id] of [['businesses', v.businessId], ['clients', v.clientId]] as const) {
    routes[`GET /Invoices/${segment}`] = { query: { pageNumber: '1', pageSize: '10', search: 'security' } };
    routes[`POST /Invoices/${segment}`] = { body: party };
    routes[`GET /Invoices/${segment}/{id}`] = { path: { id } };
    routes[`PUT /Invoices/${segment}/{id}`] = { path: { id }, body: party };
    routes[`DELETE /Invoices/${segment}/{id}`] = { path: { id }, invalidOnPurpose: 'the party is on the suite’s invoice, which cannot be deleted once sent' };
  }
  return routes;
}

/** Proof of investment, item comments and the team review: the manager's declaration. */
function proofFixtures(ids: SecurityIds): Record<string, OperationFixture> {
  const p = ids.proofs;
  const year = ids.taxWindows.financialYearStart;
  const yearQuery = { financialYearStart: String(year), financialYearEnd: String(year + 1) };
  const noActuals = { houseRentDetails: [], letOutProperties: [], selfOccupiedHomeLoan: null, isSubmitted: true };
  return {
    'GET /POI': { query: { employeeId: p.managerId, ...yearQuery } },
    'POST /POI/submit': { body: { declarationId: p.declarationId, ...noActuals, deductions: [{ id: p.deductionId, actualAmount: 45000 }] } },
    'GET /POI/summary': { query: { userId: p.managerId, ...yearQuery } },
    'POST /POI/proofs': { multipart: { fields: { declarationId: p.declarationId, documentType: '0', employeeDeductionId: p.deductionId }, file: { field: 'file', filename: 'ppf.pdf', contentType: 'application/pdf', bytes: PDF } } },
    'GET /POI/proofs/{proofId}/download': { path: { proofId: p.proofId } },
    'DELETE /POI/proofs/{proofId}': { path: { proofId: p.spareProofId } },
    'PUT /POI/review/{declarationId}': { path: { declarationId: p.declarationId }, body: { items: [{ itemId: p.deductionId, isApproved: true }] } },
    'GET /ITDeclaration/team': { query: { page: '1', pageSize: '10', fyStart: String(year), fyEnd: String(year + 1), isSubmitted: 'true', status: '0' } },
    'GET /ITDeclaration/team/declaration': { query: { employeeId: p.managerId, ...yearQuery } },
    'PUT /ITDeclaration/team/{declarationId}/status': { path: { declarationId: p.declarationId }, body: { status: 3 } },
    'GET /ITDeclaration/comments/counts': { query: { declarationId: p.declarationId, itemIds: p.deductionId } },
    'GET /ITDeclaration/comments': { query: { declarationId: p.declarationId, itemId: p.deductionId } },
    'POST /ITDeclaration/comments': { body: { declarationId: p.declarationId, itemId: p.deductionId, comments: 'Checked', parentCommentId: null } },
  };
}

export function securityFixtures(ids: SecurityIds): Record<string, OperationFixture> {
  const employeeBody = (n: string) => ({
    firstName: 'Kavya',
    middleName: null,
    lastName: 'Menon',
    email: `kavya.${n}.{n}@example.in`,
    personalEmail: null,
    dateOfBirth: '1994-05-01',
    marriageDate: null,
    dateOfConfirmation: null,
    spouseName: null,
    dateOfJoining: '2025-06-01',
    annualCTC: 1_200_000,
    experience: 3,
    employeeNumber: `SEC${n}{n}`,
    regimeType: 1,
    roleId: 3,
    departmentId: ids.departmentId,
    workLocationId: ids.workLocationId,
    reportingManagerId: ids.administratorId,
    userFieldValues: [],
    earningAssociations: [],
    deductionAssociations: [],
  });
  const account = { token: 'not-a-mailed-token', email: 'someone@example.in', password: 'Secret123', confirmPassword: 'Secret123' };
  const organisation = { tenantName: 'Hijacked Pvt Ltd', address: '1 MG Road, Bengaluru', pan: 'AAFCH1234K' };
  return {
    'POST /Account/register': { body: { firstName: 'Kiran', lastName: 'Das', organizationName: 'Security Org {n}', email: 'security.reg.{n}@example.in', password: 'Secret123', confirmPassword: 'Secret123' } },
    'POST /Account/verify-user': { body: { token: account.token, email: account.email }, invalidOnPurpose: 'needs the token mailed to the address' },
    'POST /Account/resend-verification': { body: { email: account.email } },
    'POST /Account/forgot-password': { body: { email: account.email } },
    'POST /Account/reset-password': { body: account, invalidOnPurpose: 'needs the token mailed to the address' },
    'POST /Account/accept-invite': { body: account, invalidOnPurpose: 'needs the token mailed to the address' },
    'POST /Account/update-password': { body: { currentPassword: 'NotTheCurrent1', newPassword: 'Secret456', confirmPassword: 'Secret456' }, invalidOnPurpose: 'the suite does not change the password of the account it calls with' },
    'POST /Account/select-tenant': { query: { tenantId: ids.tenantId }, runLast: true },
    'POST /Account/oauth-authorize': {
      body: { provider: 'google', codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' },
      invalidOnPurpose: 'no sign-in provider is configured in this suite (the mock-provider flow is oauth.int.test.ts)',
    },
    'POST /Account/validate-oauth': {
      body: { provider: 'google', code: 'not-a-provider-code', redirectUri: 'http://127.0.0.1:3000/auth/callback/google', state: 'not-our-state', codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk' },
      invalidOnPurpose: 'needs a code from the provider (the mock-provider flow is oauth.int.test.ts)',
    },
    'POST /Account/resend-invite': { query: { userId: ids.pendingUserId } },
    'POST /Account/logout': { isolationExempt: 'ends the caller’s own session; takes no ids', runLast: true },
    'PUT /Tenants': { multipart: { fields: organisation, fileField: 'logoImage' } },
    'POST /Tenants': { multipart: { fields: organisation, fileField: 'logoImage' }, runLast: true },
    'POST /logos': { query: { tenantId: ids.tenantId }, multipart: { fields: {}, file: { field: 'file', filename: 'logo.png', contentType: 'image/png', bytes: makePng(100, 100) } } },
    'GET /files/logos/{name}': { path: { name: `${ids.tenantId}.png` }, isolationExempt: 'logos are public by design (e-mails and payslips embed them)' },
    'DELETE /softDelete': { query: { tenantId: ids.tenantId }, runLast: true },
    'PUT /reactivate': { query: { tenantId: ids.tenantId }, runLast: true },
    'GET /settings': { query: { tenantId: ids.tenantId } },
    'POST /settings': { query: { tenantId: ids.tenantId }, body: { workingHours: 8, weekDaysOff: 'Sunday' } },
    'PUT /settings': { query: { tenantId: ids.tenantId }, body: { workingHours: 8, weekDaysOff: 'Sunday' } },
    'GET /Subscriptions/tenants/{id}/trial': { path: { id: ids.tenantId } },
    // Issue 14. B buying a plan changes only B; A's Enterprise is not billed by a provider, so cancelling it is refused.
    'POST /Subscriptions': { body: { planId: ids.planIds.basic, quantity: 10_000, billingType: 'monthly', scheduleChangesAt: 'cycle_end' } },
    'POST /Subscriptions/create': { body: { planId: ids.planIds.free }, invalidOnPurpose: 'the demo organisation has more active users than the Free plan allows' },
    'POST /Subscriptions/{id}/verify': { path: { id: ids.subscriptionId }, body: { razorpay_payment_id: 'pay_security', razorpay_subscription_id: 'sub_security', razorpay_signature: 'ab'.repeat(32) }, invalidOnPurpose: 'needs a payment signed by the provider' },
    'PUT /Subscriptions/{id}/status/{status}': { path: { id: ids.subscriptionId, status: 'cancelled' }, invalidOnPurpose: 'only a pending checkout is dismissed; A has none' },
    'DELETE /Subscriptions/{id}/scheduled-change': { path: { id: ids.subscriptionId }, invalidOnPurpose: 'A’s plan has no scheduled change' },
    'GET /Subscriptions/pending/{customerId}': { path: { customerId: ids.tenantId } },
    'GET /Subscriptions/customers/{customerId}': { path: { customerId: ids.tenantId } },
    'PATCH /Subscriptions/{subscriptionId}/{supabaseSubscriptionId}': { path: { subscriptionId: 'sub_security', supabaseSubscriptionId: ids.subscriptionId }, invalidOnPurpose: 'A’s Enterprise plan is not billed by a provider' },
    'GET /Subscriptions/invoices/renewal': { query: { subscriptionId: ids.subscriptionId, invoiceMonth: ids.yesterday.slice(0, 7) }, invalidOnPurpose: 'A’s plan has no invoices' },
    'GET /Subscriptions/credit-notes/{id}/pdf': { path: { id: ids.subscriptionId }, invalidOnPurpose: 'A has no credit notes (only an upgrade issues one)' },
    'POST /Subscriptions/credit-notes/{id}/retry-refund': { path: { id: ids.subscriptionId }, invalidOnPurpose: 'A has no credit notes, so no failed refund to retry' },
    'GET /LocalPayments/{id}': { path: { id: 'sub_local_security' }, invalidOnPurpose: 'A has no pending checkout' },
    'POST /LocalPayments/{id}/pay': { path: { id: 'sub_local_security' }, invalidOnPurpose: 'A has no pending checkout' },
    'POST /webhooks/razorpay': { body: { event: 'subscription.charged' }, invalidOnPurpose: 'needs the provider’s signature' },
    'GET /Users': { query: { departmentId: ids.departmentId, roleId: '3' } },
    'GET /Users/employee-number-exists': { query: { employeeNumber: ids.memberEmployeeNumber, id: ids.administratorId } },
    'GET /Users/{id}': { path: { id: ids.memberId } },
    'DELETE /Users/{id}': { path: { id: ids.pendingUserId } },
    'PUT /Users/{id}': { path: { id: ids.memberId }, body: { ...employeeBody('put'), email: ids.memberEmail, employeeNumber: ids.memberEmployeeNumber } },
    'POST /Users/roles/{userId}/{roleId}': { path: { userId: ids.memberId, roleId: '1' }, runLast: true },
    'PUT /Users/{id}/status': { path: { id: ids.memberId }, body: { status: 2 }, runLast: true },
    'POST /Users/{id}/send-verification': { path: { id: ids.restrictedUserId } },
    'POST /Attendances/logs': { body: { date: ids.yesterday, checkIn: '21:00', checkOut: '23:00', reason: 'Forgot to check in' } },
    'GET /Attendances': { query: { startDate: '2026-03-01', endDate: '2026-03-31', employeeId: ids.memberId } },
    'GET /Attendances/grid': { query: { month: '2026-03', departmentId: ids.departmentId } },
    'POST /Attendances/approval': { body: { attendanceIdCsv: ids.timeLogId, status: 2 } },
    'GET /Attendances/reports': { query: { startDate: '2026-03-01', endDate: '2026-03-31', employeeIds: ids.memberId } },
    'GET /Shifts/assigned': { query: { startDate: '2026-03-01', endDate: '2026-03-31' } },
    'GET /Leaves/days': { query: { startDate: '2026-06-22', endDate: '2026-06-26', leaveTypeId: ids.leaveTypeId } },
    'GET /Shifts/current-shift': { query: { employeeId: ids.memberId } },
    'GET /Shifts/department/{departmentId}': { path: { departmentId: ids.departmentId } },
    'POST /Shifts/assign/departments': { body: { departmentIds: [ids.departmentId], shiftId: ids.shiftId } },
    'POST /Shifts/assign/employees': { body: { employeeIds: [ids.memberId], shiftId: ids.shiftId, startDate: '2026-04-01', endDate: null, notes: 'Night cover', updateAttendance: false } },
    'POST /Shifts': { body: { shiftName: 'Security Late', shiftStart: '12:00', shiftEnd: '21:00', departmentIds: [ids.otherDepartmentId], weekends: [] } },
    'PUT /Shifts': { body: { id: ids.shiftId, shiftName: 'Security Renamed', shiftStart: '12:00', shiftEnd: '21:00', departmentIds: [ids.departmentId], weekends: [] } },
    'GET /Shifts/{id}': { path: { id: ids.shiftId } },
    'DELETE /Shifts/{id}': { path: { id: ids.shiftId } },
    'PUT /Attendances/settings': { body: ids.attendanceSettings },
    'POST /Requests': { body: { requestType: 2, reason: 'Forgot to check in', additionalData: { attendanceRegularization: { startDate: '2026-03-02', endDate: '2026-03-02', startTime: '09:30', endTime: '18:30' } } } },
    'PUT /Requests/{id}/status': { path: { id: ids.requestId }, body: { status: 1, requestType: 2, remarks: 'ok' } },
    'POST /Holidays': { body: { date: '2026-08-28', name: 'Onam', description: 'Harvest festival', isOptional: true } },
    'PUT /Holidays/{id}': { path: { id: ids.holidayId }, body: { date: '2026-08-29', name: 'Moved', description: null, isOptional: false } },
    'DELETE /Holidays/{id}': { path: { id: ids.holidayId } },
    'POST /LeaveTypes': { body: { name: 'Study Leave', code: 'STL', isPaid: true, yearlyQuota: 5, color: 'violet' } },
    'PUT /LeaveTypes/{id}': { path: { id: ids.leaveTypeId }, body: { name: 'Renamed Leave', code: 'RNL', isPaid: true, yearlyQuota: 50, color: 'violet', isActive: true } },
    'DELETE /LeaveTypes/{id}': { path: { id: ids.leaveTypeId } },
    'GET /Leaves/balances': { query: { employeeId: ids.memberId } },
    'GET /Leaves': { query: { employeeId: ids.memberId, scope: 'team', leaveTypeId: ids.leaveTypeId } },
    'POST /Leaves': { body: { leaveTypeId: ids.leaveTypeId, startDate: '2026-06-24', endDate: '2026-06-24', portion: 'full', reason: 'Family function' } },
    'GET /Leaves/balance-adjustments': { query: { employeeId: ids.memberId, year: '2026' } },
    'POST /Leaves/balance-adjustments': { body: { employeeId: ids.memberId, leaveTypeId: ids.leaveTypeId, year: 2026, kind: 'adjustment', days: 1.5, reason: 'Compensatory off for the audit weekend' } },
    'POST /LeavePolicies': { body: { name: 'Security Interns', leaveTypeId: ids.leaveTypeId, employmentTypeIds: [ids.employmentTypeId], departmentIds: [ids.departmentId], sandwichRule: true } },
    'PUT /LeavePolicies/{id}': {
      path: { id: ids.leavePolicyId },
      body: { name: 'Security Renamed', leaveTypeId: ids.leaveTypeId, employmentTypeIds: [ids.employmentTypeId], departmentIds: [ids.departmentId], sandwichRule: false, isActive: true },
    },
    'DELETE /LeavePolicies/{id}': { path: { id: ids.leavePolicyId } },
    'PUT /Leaves/{id}/status': { path: { id: ids.leaveRequestId }, body: { status: 2, remarks: 'ok' } },
    'POST /Notifications/read': { body: { ids: [ids.notificationId], all: false } },
    'POST /Departments': { body: { name: 'Security Research', code: 'SECR', description: 'x', departmentHeadId: ids.memberId, parentDepartmentId: ids.departmentId, status: 1 } },
    'GET /Departments/{id}': { path: { id: ids.departmentId } },
    'PUT /Departments/{id}': { path: { id: ids.departmentId }, body: { name: 'Hijacked', code: 'HJK', departmentHeadId: ids.memberId, parentDepartmentId: null, status: 0 } },
    'DELETE /Departments/{id}': { path: { id: ids.otherDepartmentId } },
    'POST /WorkLocations': { body: { name: 'Security Office {n}', stateCode: 'KA', city: 'Mysuru', ptRegistrationNumber: 'PTSEC{n}', lwfRegistrationNumber: null } },
    'PUT /WorkLocations/{id}': { path: { id: ids.workLocationId }, body: { name: 'Hijacked Office', stateCode: 'MH', city: 'Pune', ptRegistrationNumber: null, lwfRegistrationNumber: null } },
    'DELETE /WorkLocations/{id}': { path: { id: ids.spareWorkLocationId } },
    'GET /Users/{id}/documents': { path: { id: ids.memberId } },
    'POST /Users/{id}/documents': { path: { id: ids.memberId }, multipart: { fields: { documentType: '2' }, file: { field: 'file', filename: 'pan.pdf', contentType: 'application/pdf', bytes: PDF } } },
    'GET /Users/{id}/documents/{documentId}/download': { path: { id: ids.memberId, documentId: ids.documentId } },
    'DELETE /Users/{id}/documents/{documentId}': { path: { id: ids.memberId, documentId: ids.documentId } },
    'POST /Users/invite': { body: employeeBody('inv') },
    'POST /Users/restricted': { body: employeeBody('rst') },
    'POST /SalaryStructure/calculate': {
      body: { annualCTC: 1_200_000, regimeType: 1, earningAssociationValues: [{ tenantEarningId: ids.tenantEarningId, calculationValue: 50, calculationType: 1 }], deductionAssociationValues: [{ tenantDeductionId: ids.tenantDeductionId, calculationValue: 0 }], forceESICalc: false, dateOfBirth: '1990-01-01', gender: 0, workLocationId: ids.workLocationId },
    },
    'GET /Users/{id}/salary-structure': { path: { id: ids.memberId } },
    'GET /Users/{id}/salary-revisions': { path: { id: ids.memberId } },
    'POST /Users/{id}/salary-revisions': { path: { id: ids.memberId }, body: { effectiveFrom: ids.yesterday, annualCTC: 987_654, regimeType: 1 } },
    'POST /SalaryComponents/earnings': { body: { earningType: 'custom', earningName: 'Security Allowance {n}', nameInPayslip: 'Security Allowance', calculationType: 3, calculationValue: 1200, isPartOfSalaryStructure: false } },
    'PUT /SalaryComponents/earnings/{id}': {
      path: { id: ids.spareEarningId },
      body: { earningName: 'Security Spare Renamed', nameInPayslip: 'Security Spare', calculationType: 3, calculationValue: 2400, isPartOfSalaryStructure: false },
    },
    'PATCH /SalaryComponents/earnings/{id}/status': { path: { id: ids.spareEarningId }, body: { isActive: true } },
    'DELETE /SalaryComponents/earnings/{id}': { path: { id: ids.spareEarningId } },
    'POST /SalaryComponents/deductions': { body: { deductionName: 'Security Fund {n}', description: null, deductionType: 0 } },
    'PUT /SalaryComponents/deductions/{id}': { path: { id: ids.spareDeductionId }, body: { deductionName: 'Security Spare Renamed', description: null, deductionType: 3, preTaxDeductionSection: '80C' } },
    'PATCH /SalaryComponents/deductions/{id}/status': { path: { id: ids.spareDeductionId }, body: { isActive: true } },
    'DELETE /SalaryComponents/deductions/{id}': { path: { id: ids.spareDeductionId } },
    'GET /StatutoryComponents/{component}': { path: { component: 'EPF' } },
    'PUT /StatutoryComponents/EPF': { body: { isEnabled: true, epfNumber: 'KABNG0012345000', restrictToWageCeiling: true, includeEmployerShareInCtc: true, includeEdliAndAdminInCtc: false } },
    'PUT /StatutoryComponents/ESI': { body: { isEnabled: true, esiNumber: '31000123450001001', includeEmployerShareInCtc: true } },
    'PUT /StatutoryComponents/ProfessionalTax': { body: { isEnabled: true, stateCode: 'KA', registrationNumber: null } },
    'PUT /StatutoryComponents/LWF': { body: { isEnabled: true, stateCode: 'KA', registrationNumber: null } },
    'DELETE /StatutoryComponents/{component}': { path: { component: 'LWF' } },
    'POST /Users/import/preview': { multipart: { fields: {}, file: { field: 'file', filename: 'people.csv', contentType: 'text/csv', bytes: CSV }, unpacksArchives: true } },
    'POST /Users/import': { multipart: { fields: { mode: 'restricted' }, file: { field: 'file', filename: 'people.csv', contentType: 'text/csv', bytes: CSV }, unpacksArchives: true } },
    'POST /payroll/calculate': { body: { month: '2026-04', state: 'KA', daysInPeriod: 30, payableDays: 28, earnings: [{ name: 'Basic', monthlyAmount: 30_000 }] } },
    'GET /Payslips/{id}/pdf': { path: { id: ids.renderedPayslipId } },
    'GET /PayrollRuns/{id}/register.xlsx': { path: { id: ids.finalizedRunId } },
    // The bank transfer of the finalized month: its one payslip (the member's) is line 1 of April 2024.
    // The audit log: B's administrator filtering by A's people finds nothing of A; a member is refused.
    // Data rights: B's administrator naming A's member finds no employee; a member or moderator is refused.
    'PUT /DataRights/settings': { body: { retentionYears: 8 } },
    'GET /DataRights/erasure/{userId}': { path: { userId: ids.memberId } },
    'POST /DataRights/erasure/{userId}': { path: { userId: ids.memberId }, body: { confirm: true } },
    'GET /AuditLog': { query: { actorId: ids.administratorId, entityId: ids.memberId, entity: 'User' } },
    // Bank details changes: B's administrator can neither read nor decide A's; a member or moderator is refused.
    'GET /Users/{id}/bank-change': { path: { id: ids.memberId } },
    'POST /BankChanges/{id}/approve': { path: { id: ids.bankChangeId } },
    'POST /BankChanges/{id}/reject': { path: { id: ids.spareBankChangeId }, body: { reason: 'Not asked for by the employee' } },
    'GET /AuditLog/export': { query: { actorId: ids.administratorId, entityId: ids.memberId, format: 'csv' } },
    'PUT /PayrollBankSettings': { body: { template: 'controlCsv', debitAccountNumber: '50200012345678', debitIfsc: 'HDFC0000001', bankFormat: null } },
    'POST /PayrollBankFormats': { body: BANK_FORMAT_BODY },
    'PUT /PayrollBankFormats/{id}': { path: { id: ids.bankFormatId }, body: BANK_FORMAT_BODY },
    'DELETE /PayrollBankFormats/{id}': { path: { id: ids.spareBankFormatId } },
    'GET /PayrollRuns/{id}/bank-file/preview': { path: { id: ids.finalizedRunId }, query: { scope: 'all' } },
    'GET /PayrollRuns/{id}/bank-file': { path: { id: ids.finalizedRunId }, query: { scope: 'all' } },
    'GET /PayrollRuns/{id}/payments': { path: { id: ids.finalizedRunId } },
    // The finalized month was finalized today: paid on today is the one date allowed.
    'POST /PayrollRuns/{id}/payments/{payslipId}/mark-paid': { path: { id: ids.finalizedRunId, payslipId: ids.renderedPayslipId }, body: { paidOn: ids.today, reference: 'UTR{n}' } },
    'POST /PayrollRuns/{id}/bank-return': {
      path: { id: ids.finalizedRunId },
      multipart: { fields: {}, file: { field: 'file', filename: 'bank-return.csv', contentType: 'text/csv', bytes: Buffer.from('Reference,Status,UTR\r\nSAL240400000101,Paid,HDFCN52024043000001\r\n') }, unpacksArchives: true },
      invalidOnPurpose: 'the reference is known once a bank file of the month has been downloaded; before that the row is an unknown reference (400)',
    },
    'GET /PayrollRuns/{id}/filings': { path: { id: ids.finalizedRunId } },
    'GET /PayrollRuns/{id}/filings/ecr': { path: { id: ids.finalizedRunId } },
    'GET /PayrollRuns/{id}/filings/ecr.txt': { path: { id: ids.finalizedRunId }, query: { validOnly: 'true' } },
    'GET /PayrollRuns/{id}/filings/esic': { path: { id: ids.finalizedRunId } },
    'GET /PayrollRuns/{id}/filings/esic.xlsx': { path: { id: ids.finalizedRunId }, query: { validOnly: 'true' } },
    'GET /PayrollRuns/{id}/filings/professional-tax.xlsx': { path: { id: ids.finalizedRunId } },
    'GET /PayrollRuns/{id}/filings/lwf.xlsx': { path: { id: ids.finalizedRunId } },
    'GET /PayrollRuns/{id}/filings/journal': { path: { id: ids.finalizedRunId } },
    'GET /PayrollRuns/{id}/filings/journal.xlsx': { path: { id: ids.finalizedRunId } },
    'GET /PayrollRuns/{id}/filings/journal.csv': { path: { id: ids.finalizedRunId } },
    // Q1 of 2024-25 holds the finalized April 2024.
    'GET /PayrollFilings/Form24Q/check': { query: { financialYear: '2024-25', quarter: '1' } },
    'GET /PayrollFilings/Form24Q/annexure.xlsx': { query: { financialYear: '2024-25', quarter: '1' } },
    'POST /PayrollFilings/Form24Q/fvu.txt': {
      body: { financialYear: '2024-25', quarter: 1, stateCode: '15', pin: '560001', deductorType: 'K', responsibleName: 'Meera Rao', responsibleDesignation: 'Director', responsiblePan: 'ABCPR1234Q', responsibleMobile: '9876543210', earlierStatementFiled: true },
    },
    'GET /TdsChallans': { query: { financialYear: '2024-25', quarter: '1' } },
    'POST /TdsChallans': { body: { bsrCode: '0510308', depositedOn: '2024-06-07', serialNumber: '00043', minorHead: '200', tax: 1000, months: ['2024-05'] } },
    'PUT /TdsChallans/{id}': { path: { id: ids.tdsChallanId }, body: { bsrCode: '0510308', depositedOn: '2024-05-07', serialNumber: '00042', minorHead: '200', tax: 1000, months: ['2024-04'] } },
    'DELETE /TdsChallans/{id}': { path: { id: ids.tdsChallanId } },
    'GET /PayrollLedgerAccounts': { query: { runId: ids.finalizedRunId } },
    'PUT /PayrollLedgerAccounts': { body: { accounts: [{ section: 'earning', code: 'BASIC', accountCode: '5001', accountName: 'Salaries and wages' }, { section: 'total', code: 'NET_PAY', accountCode: '2110', accountName: 'Salary payable' }] } },
    'PUT /PayrollSettings': { body: ids.payrollSettings },
    'POST /PayrollSetup/steps/{step}/complete': { path: { step: 'salaryComponents' } },
    'GET /PayrollRuns/{id}': { path: { id: ids.payrollRunId } },
    'GET /PayrollRuns/{id}/employees': { path: { id: ids.payrollRunId }, query: { search: 'a', filter: 'all' } },
    'GET /PayrollRuns/{id}/warnings': { path: { id: ids.payrollRunId } },
    'GET /PayrollRuns/{id}/variance': { path: { id: ids.payrollRunId } },
    'PUT /PayrollRuns/{id}/holds/{userId}': { path: { id: ids.payrollRunId, userId: ids.memberId }, body: { kind: 'payout', reason: 'Bank details being verified' } },
    'DELETE /PayrollRuns/{id}/holds/{userId}': { path: { id: ids.payrollRunId, userId: ids.memberId } },
    // The open run is not a closed month: the allowed roles get the refusal (409), the others 403/404 before it.
    'POST /PayrollRuns/{id}/excluded/{userId}/bring-in': { path: { id: ids.payrollRunId, userId: ids.memberId } },
    'DELETE /PayrollRuns/{id}/excluded/{userId}/bring-in': { path: { id: ids.payrollRunId, userId: ids.memberId } },
    'GET /PayrollRuns/{id}/adjustments': { path: { id: ids.payrollRunId }, query: { userId: ids.memberId } },
    'POST /PayrollRuns/{id}/adjustments': { path: { id: ids.payrollRunId }, body: { userId: ids.memberId, kind: 'earning', category: 'bonus', label: 'Security bonus', amount: 1000, taxable: true } },
    'DELETE /PayrollRuns/{id}/adjustments/{adjustmentId}': { path: { id: ids.payrollRunId, adjustmentId: ids.payrollAdjustmentId } },
    'PUT /PayrollRuns/{id}/remarks/{userId}': { path: { id: ids.payrollRunId, userId: ids.memberId }, body: { remark: 'Joined mid-month' } },
    'POST /PayrollRuns/{id}/process': { path: { id: ids.payrollRunId } },
    'POST /PayrollRuns/{id}/employees/{userId}/process': { path: { id: ids.payrollRunId, userId: ids.memberId } },
    'POST /PayrollRuns/{id}/process-stale': { path: { id: ids.payrollRunId } },
    'POST /PayrollRuns/{id}/finalize': { path: { id: ids.payrollRunId } },
    // Finalized by the finalize fixture before it (today): paid on takes the finalize date to today.
    'POST /PayrollRuns/{id}/mark-paid': { path: { id: ids.payrollRunId }, body: { paidOn: ids.today, reference: 'UTR{n}' } },
    'GET /Payslips': { query: { userId: ids.memberId, year: '2026' } },
    'GET /Payslips/{id}': { path: { id: ids.payslipId } },
    'POST /ExitSettlements': {
      body: { userId: ids.memberId, reason: 'resignation', resignationDate: ids.yesterday, lastWorkingDay: ids.yesterday, noticeRequiredDays: 30, noticeServedDays: 1 },
    },
    'GET /ExitSettlements/{id}': { path: { id: ids.settlementId } },
    // Exit requests: the demo's pending resignation; the member may not decide it (not their report).
    'GET /ExitRequests/{id}': { path: { id: ids.exitRequestId } },
    // A resignation as given (the last working day proposed by the server).
    'POST /ExitRequests': { body: { reason: 'Security {n}' } },
    // Employment-type settings: the body is the saved list (an array); A's Full Time type.
    'POST /EmploymentTypeSettings/tenants': { body: [{ employmentTypeSettingId: 3, employmentTypeIds: ids.fullTimeTypeId, value: '45' }] },
    'PUT /EmploymentTypeSettings/tenants': { query: { settingCategory: '2' }, body: [{ employmentTypeSettingId: 3, employmentTypeIds: ids.fullTimeTypeId, value: '45' }] },
    'POST /ExitRequests/{id}/withdraw': { path: { id: ids.exitRequestId } },
    'POST /ExitRequests/{id}/approve': { path: { id: ids.exitRequestId }, body: { lastWorkingDay: ids.yesterday, remarks: 'Security' } },
    'POST /ExitRequests/{id}/reject': { path: { id: ids.exitRequestId }, body: { reason: 'Security' } },
    'PUT /ExitSettlements/{id}': {
      path: { id: ids.settlementId },
      body: { reason: 'termination', resignationDate: null, lastWorkingDay: ids.yesterday, noticeRequiredDays: 30, noticeServedDays: 0 },
    },
    'DELETE /ExitSettlements/{id}': { path: { id: ids.settlementId } },
    'POST /ExitSettlements/{id}/recompute': { path: { id: ids.settlementId } },
    'POST /ExitSettlements/{id}/approve': { path: { id: ids.settlementId } },
    'POST /ExitSettlements/{id}/mark-settled': { path: { id: ids.settlementId }, body: { paidOn: ids.yesterday, reference: 'FNF{n}' } },
    'GET /ExitSettlements/{id}/statement.pdf': { path: { id: ids.settlementId } },
    'GET /Loans': { query: { userId: ids.memberId } },
    'POST /Loans': { body: { userId: ids.memberId, kind: 'loan', purpose: 'vehicle', amount: 50_000, startMonth: '2030-01', termsBy: 'emi', emi: 10_000, interestRate: 8.5, sbiRate: 9.25 } },
    'GET /Loans/{id}': { path: { id: ids.loanId } },
    'PUT /Loans/{id}': { path: { id: ids.loanId }, body: { kind: 'advance', purpose: 'personal', amount: 10_000, startMonth: '2030-01', termsBy: 'instalments', instalments: 2, interestRate: 0, note: 'Security' } },
    'POST /Loans/{id}/cancel': { path: { id: ids.loanId } },
    ...taxWindowFixtures(ids),
    // Users > Settings, skills and attendance client sites.
    'PUT /Users/settings': { body: { employeeNumberPrefix: 'SEC', nextEmployeeNumber: 900, employeeNumberDigits: 4, defaultRoleId: 3 } },
    'PUT /Skills/{id}': { path: { id: ids.team.skillId }, body: { name: 'Security Skill {n}', description: null } },
    'DELETE /Skills/{id}': { path: { id: ids.team.skillId } },
    'GET /EmployeeSkills': { query: { userId: ids.memberId, skillId: ids.team.skillId } },
    'PUT /EmployeeSkills': { body: { userId: ids.memberId, skillId: ids.team.skillId, level: 3 } },
    'DELETE /EmployeeSkills/{userId}/{skillId}': { path: { userId: ids.memberId, skillId: ids.team.skillId } },
    'POST /Skills': { body: { name: 'Security New Skill {n}' } },
    'POST /AttendanceClients': { body: { name: 'Security Site {n}', address: 'MG Road', latitude: 12.97, longitude: 77.59, radiusMetres: 200 } },
    'PUT /AttendanceClients/{id}': { path: { id: ids.team.clientSiteId }, body: { name: 'Security Site {n}', address: 'MG Road', latitude: 12.97, longitude: 77.59, radiusMetres: 200 } },
    'DELETE /AttendanceClients/{id}': { path: { id: ids.team.clientSiteId } },
    'GET /AttendanceClients/{id}/employees': { path: { id: ids.team.clientSiteId } },
    'PUT /AttendanceClients/{id}/employees': { path: { id: ids.team.clientSiteId }, body: { userIds: [ids.memberId] } },
    'GET /MyTeam/reports': { query: { kind: 'attendance', startDate: ids.yesterday, endDate: ids.yesterday } },
    // Reimbursements.
    'GET /ReimbursementTypes': { query: { isAdminAccess: 'true' } },
    'GET /ReimbursementTypes/{id}': { path: { id: ids.reimbursementTypeId } },
    'PUT /ReimbursementTypes/{id}': { path: { id: ids.reimbursementTypeId }, body: { name: 'Security Travel {n}', description: null, maxLimit: 0, isTaxable: false } },
    'PUT /ReimbursementTypes/{id}/status': { path: { id: ids.reimbursementTypeId }, body: { isActive: true } },
    'DELETE /ReimbursementTypes/{id}': { path: { id: ids.reimbursementTypeId } },
    'POST /ReimbursementTypes': { body: { name: 'Security Type {n}', description: null, maxLimit: 100 } },
    'POST /ReimbursementRequests': {
      multipart: { fields: { amount: '100', reimbursementTypeId: ids.reimbursementTypeId, reason: 'Security cab', status: '1' }, file: { field: 'receipt', filename: 'bill.pdf', contentType: 'application/pdf', bytes: PDF } },
    },
    'GET /ReimbursementRequests': { query: { page: '1', pageSize: '10', reportingFilterType: '3', status: '1' } },
    'GET /ReimbursementRequests/report.xlsx': { query: { reportingFilterType: '3', status: '1' } },
    'PUT /ReimbursementRequests/{id}/status': { path: { id: ids.reimbursementRequestId }, body: { status: 2, remarks: 'Bills checked' } },
    'GET /ReimbursementRequests/{id}/receipt': { path: { id: ids.reimbursementRequestId } },
    ...form16Fixtures(ids),
    ...proofFixtures(ids),
    ...invoiceFixtures(ids),
    'PUT /Preferences/sender-email': { body: { primaryContactUserId: ids.moderatorId } },
    'GET /dev/mailbox': { isolationExempt: 'the development mailbox is only mounted without SMTP, never in production' },
  };
}
