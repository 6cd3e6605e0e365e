import { rupeesToPaise } from '@tankha/domain';
import {
  INVITE_LINK_TTL_DAYS,
  InviteResultCode,
  PEOPLE_MSG,
  STALE_REASON,
  Role,
  UserStatus,
  WORK_LOCATION_MSG,
  canActOn,
  employeeDateErrors,
  ifscUnknownMessage,
  type EmployeeForm,
  type ImportMode,
  type ImportSummary,
  type InviteResult,
  type RoleId,
  type UserFieldOptions,
} from '@tankha/contracts';
import { dateInZone } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { badRequest, fieldError, forbidden, notFound } from '../../platform/errors';
import { isKnownIfsc } from '../../platform/ifsc-directory';
import type { RequestContext } from '../../platform/tenancy';
import { newOneTimeToken } from '../../platform/auth/tokens';
import { inviteEmail } from '../../platform/mail/templates';
import type { Scope, TenantDb, TenantScope } from '../../platform/tenancy';
import type { PayrollLockService } from '../payroll-locks/payroll-locks.service';
import type { SalaryService, StructureRequest } from '../salary/salary.service';
import type { UserSettingsService } from '../user-settings/user-settings.service';
import type { WorkLocationService } from '../work-locations/work-locations.service';
import type { ImportCandidate } from '../people-import/people-import.validate';
import * as repo from './employees.repo';
import { recordAudit } from '../../platform/audit/record';
import type { BankChangeService } from '../bank-changes/bank-changes.service';

export const INVITE_LINK_TTL_MS = INVITE_LINK_TTL_DAYS * 86_400_000;

interface Deps {
  clock: Clock;
  config: Pick<Config, 'appUrl'>;
  salary: SalaryService;
  /** Users > Settings: the default role of new users and the employee numbering. */
  userSettings: Pick<UserSettingsService, 'defaultRoleId' | 'noteEmployeeNumberUsed'>;
  /** An edit payroll reads marks the processed month stale (DESIGN §10). */
  locks: Pick<PayrollLockService, 'markChanged'>;
  /** The form's work location must be one of the organisation's. */
  workLocations: Pick<WorkLocationService, 'find'>;
  /** A change of bank details waits for a second person (issue 30 §4). */
  bankChanges: Pick<BankChangeService, 'hold'>;
}

/** The fields of the edit form that a processed month's pay, bank file or returns read, as the form names them. */
const PAY_DETAILS = [
  ['bankAccountNumber', 'Bank account number'],
  ['ifscCode', 'IFSC'],
  ['pan', 'PAN'],
  ['uan', 'UAN'],
  ['esiNumber', 'ESI number'],
  ['dateOfJoining', 'Date of joining'],
  // Its state decides the professional tax and LWF.
  ['workLocationId', 'Work location'],
] as const;

/** An invitation to mail: enqueued in the same transaction, so it goes only if that work commits. */
interface PendingInvite {
  to: string;
  firstName: string;
  organizationName: string;
  token: string;
  hasPassword: boolean;
}

/**
 * The Invite / Add Restricted Login User / Edit User actions (people spec §2.6, §3, §5, §7) and the
 * invitation link. The employee record and its salary associations are written in one transaction.
 */
export class EmployeeService {
  constructor(private readonly deps: Deps) {}

  /** `${APP_URL}/accept-invite/{token}/{email}`, both parts URI-encoded. */
  inviteLink(token: string, email: string): string {
    return `${this.deps.config.appUrl}/accept-invite/${encodeURIComponent(token)}/${encodeURIComponent(email)}`;
  }

  /** POST /Users/invite: a pending membership and the set-password e-mail. 300 when the e-mail is a member already. */
  async invite(scope: Scope, input: EmployeeForm): Promise<InviteResult> {
    const tdb = scope.db;
    const tenant = await repo.findTenant(tdb);
    if (!tenant?.isEmailEnabled) throw badRequest(PEOPLE_MSG.emailServicesDisabled);
    const created = await this.create(scope, input, UserStatus.PendingEmailVerification);
    if (!created) return { statusCode: InviteResultCode.AlreadyExists, userId: null };
    const invite = await this.issueInvite(tdb, created, input.email, input.firstName, tenant.name);
    this.mailInvite(scope, invite);
    return { statusCode: InviteResultCode.Success, userId: created.userId };
  }

  /** POST /Users/restricted: the same record with no login and no e-mail (counted as Active). */
  async addRestricted(scope: Scope, input: EmployeeForm): Promise<InviteResult> {
    const created = await this.create(scope, input, UserStatus.RestrictedLogin);
    if (!created) return { statusCode: InviteResultCode.AlreadyExists, userId: null };
    return { statusCode: InviteResultCode.Success, userId: created.userId };
  }

  /**
   * Import Users (the import module validates first): every row in the request's one transaction,
   * so nothing is written unless all rows are; managers named by e-mail within the file are linked
   * after the rows exist. Invitations are mail jobs enqueued in that transaction: they go after the
   * commit and a failed send is retried by the job (so invitesFailed stays 0), the user stays pending.
   */
  async createImported(scope: Scope, candidates: readonly ImportCandidate[], mode: ImportMode): Promise<ImportSummary> {
    const { db: tdb } = scope;
    const status = mode === 'restricted' ? UserStatus.RestrictedLogin : UserStatus.PendingEmailVerification;
    const tenant = await repo.findTenant(tdb);
    if (!tenant) throw notFound();
    if (status === UserStatus.PendingEmailVerification && !tenant.isEmailEnabled) throw badRequest(PEOPLE_MSG.emailServicesDisabled);
    const created: {
      candidate: ImportCandidate;
      userId: string;
      accountId: string | null;
    }[] = [];
    for (const candidate of candidates) {
      const form = candidate.managerEmailInFile ? { ...candidate.form, reportingManagerId: null } : candidate.form;
      const row = await this.create(scope, form, status).catch((error: unknown) => {
        if (error instanceof Error) error.message = `Row ${String(candidate.rowNumber)}: ${error.message}`;
        throw error;
      });
      if (!row) throw badRequest(`Row ${String(candidate.rowNumber)}: ${PEOPLE_MSG.userExists}`);
      created.push({ candidate, ...row });
    }
    for (const { candidate, userId } of created) {
      if (!candidate.managerEmailInFile) continue;
      const managerId = await repo.findUserIdByEmail(tdb, candidate.managerEmailInFile.toLowerCase());
      if (!managerId) throw badRequest(`Row ${String(candidate.rowNumber)}: Reporting manager not found`);
      await repo.updateUser(tdb, userId, { reportingManagerId: managerId });
    }
    if (status === UserStatus.PendingEmailVerification) {
      for (const c of created) this.mailInvite(scope, await this.issueInvite(tdb, c, c.candidate.form.email, c.candidate.form.firstName, tenant.name));
    }
    return {
      created: candidates.length,
      invited: status === UserStatus.PendingEmailVerification ? candidates.length : 0,
      restricted: status === UserStatus.RestrictedLogin ? candidates.length : 0,
      invitesFailed: 0,
    };
  }

  /**
   * (Re)sends the invitation of an existing user: a pending user gets a fresh 7-day link (the older
   * one stops working); a restricted-login user is given a login (their account is linked or
   * created) and moves to Pending Verification until they accept. For the users list's 'Resend
   * Verification Email' and 'Send Verification Email'.
   */
  async sendInvite(scope: Scope, userId: string): Promise<void> {
    const { db: tdb, ctx } = scope;
    const tenant = await repo.findTenant(tdb);
    const target = await repo.findTarget(tdb, userId);
    if (!target || !tenant) throw notFound('User not found');
    if (!canActOn({ id: ctx.userId, roleId: ctx.roleId }, { id: target.id, roleId: target.roleId as RoleId }, 'edit')) throw forbidden();
    if (!tenant.isEmailEnabled) throw badRequest(PEOPLE_MSG.emailServicesDisabled);
    if (target.status !== UserStatus.PendingEmailVerification && target.status !== UserStatus.RestrictedLogin) {
      throw badRequest('This user has already verified their email.');
    }
    let accountId = target.accountId;
    if (!accountId) {
      accountId = (await this.accountFor(tdb, target.email, target.firstName, target.lastName)).id;
      await repo.updateUser(tdb, target.id, {
        accountId,
        status: UserStatus.PendingEmailVerification,
        updatedAt: this.deps.clock.now(),
      });
    }
    this.mailInvite(scope, await this.issueInvite(tdb, { userId: target.id, accountId }, target.email, target.firstName, tenant.name));
  }

  /** PUT /Users/:id: every field, CTC and associations; not the role (that is the Role Assign modal). */
  async update(scope: Scope, id: string, input: EmployeeForm): Promise<{ statusCode: number; userId: string; bankChange: 'approval' | 'cooling' | null }> {
    const { db: tdb, ctx } = scope;
    const target = await repo.findTarget(tdb, id);
    if (!target) throw notFound('User not found');
    if (!canActOn({ id: ctx.userId, roleId: ctx.roleId }, { id: target.id, roleId: target.roleId as RoleId }, 'edit')) throw forbidden();
    this.checkDates(ctx, input);
    const other = await repo.findUserIdByEmail(tdb, input.email);
    if (other && other !== id) throw fieldError('email', PEOPLE_MSG.userExists);
    if (input.email !== target.email && target.accountId) {
      // The e-mail is the login of a linked account; changing it here would split the identity.
      throw fieldError('email', 'The email of a user who can log in cannot be changed here.');
    }
    await this.check(scope, input, id);
    const associations = await this.associations(scope, input);
    const before = { details: await repo.findPayDetails(tdb, id), structure: await this.deps.salary.storedRequest(scope, id) };
    // A change of bank details is held for a second person: the record keeps the account being paid.
    const bank = await this.deps.bankChanges.hold(scope, id, {
      bankAccountNumber: input.bankAccountNumber,
      bankName: input.bankName,
      ifscCode: input.ifscCode,
      accountHolderName: input.accountHolderName,
    });
    await repo.updateUser(tdb, id, {
      ...this.values(input),
      ...bank.write,
      updatedAt: this.deps.clock.now(),
    });
    await this.writeDetails(tdb, id, input, associations);
    // What payroll reads changed: the processed month is stale for the employee until processed again.
    const after = { details: await repo.findPayDetails(tdb, id), structure: await this.deps.salary.storedRequest(scope, id) };
    const changed: string[] = PAY_DETAILS.filter(([field]) => (before.details?.[field] ?? null) !== (after.details?.[field] ?? null)).map(([, label]) => label);
    if (JSON.stringify(structureKey(before.structure)) !== JSON.stringify(structureKey(after.structure))) changed.unshift('Salary structure');
    if (changed.length > 0) await this.deps.locks.markChanged(scope, { userIds: [id], reach: 'any', by: ctx.userId, reason: (by) => STALE_REASON.detailsChanged(changed, by) });
    await recordAudit(scope, { entity: 'BankDetails', entityId: id, action: 'Update', before: before.details, after: after.details, only: ['bankAccountNumber', 'ifscCode'] });
    await recordAudit(scope, { entity: 'User', entityId: id, action: 'Update', before: before.details, after: after.details, only: ['pan', 'uan', 'esiNumber', 'dateOfJoining', 'dateOfBirth', 'workLocationId'] });
    await recordAudit(scope, { entity: 'SalaryStructure', entityId: id, action: 'Update', before: structureKey(before.structure), after: structureKey(after.structure) });
    // The payslip password is made of the PAN and the date of birth: protected PDFs follow them.
    if ((before.details?.pan ?? null) !== (after.details?.pan ?? null) || (before.details?.dateOfBirth ?? null) !== (after.details?.dateOfBirth ?? null)) {
      scope.enqueue('payroll.payslips.reprotect', { userIds: [id] });
    }
    return { statusCode: 200, userId: id, bankChange: bank.pending };
  }

  /** GET /UserFields/options?name=Employment Type. */
  async userFieldOptions({ db: tdb }: Scope, name: string): Promise<UserFieldOptions> {
    const field = await repo.findFieldByName(tdb, name);
    if (!field) return { userFieldId: null, name, options: [] };
    return {
      userFieldId: field.id,
      name: field.name,
      options: await repo.listOptions(tdb, field.id),
    };
  }

  // ---------------------------------------------------------------------------------------------

  /** Creates the membership; undefined when the e-mail is already a member of this organisation. */
  private async create(scope: Scope, input: EmployeeForm, status: number): Promise<{ userId: string; accountId: string | null } | undefined> {
    const { db: tdb, ctx } = scope;
    if (input.roleId === Role.Administrator && ctx.roleId !== Role.Administrator) throw forbidden();
    const roleId = input.roleId ?? (await this.deps.userSettings.defaultRoleId(scope));
    this.checkDates(ctx, input);
    if (await repo.findUserIdByEmail(tdb, input.email)) return undefined;
    await this.check(scope, input, undefined);
    const associations = await this.associations(scope, input);
    const account = status === UserStatus.RestrictedLogin ? null : await this.accountFor(tdb, input.email, input.firstName, input.lastName);
    const userId = await repo.insertUser(tdb, {
      ...this.values(input),
      email: input.email,
      roleId,
      status,
      accountId: account?.id ?? null,
    });
    await this.writeDetails(tdb, userId, input, associations);
    await recordAudit(scope, { entity: 'User', entityId: userId, action: 'Create', after: { email: input.email, roleId, status, ...(await repo.findPayDetails(tdb, userId)) } });
    await this.deps.userSettings.noteEmployeeNumberUsed(scope, input.employeeNumber);
    return { userId, accountId: account?.id ?? null };
  }

  /** The form's rules about today, with the server's clock in the organisation's zone: the contract cannot know today. */
  private checkDates(ctx: RequestContext, input: EmployeeForm): void {
    const errors = employeeDateErrors(input, dateInZone(this.deps.clock.now(), ctx.timeZone));
    const [field, message] = Object.entries(errors)[0] ?? [];
    if (field && message) throw badRequest(`${field}: ${message}`, errors);
  }

  /**
   * Cross-record rules: unique employee number, this tenant's manager and department, field options;
   * and an IFSC of a real branch (the contract checks its format; the branch list is the server's).
   */
  private async check(scope: Scope, input: EmployeeForm, selfId: string | undefined): Promise<void> {
    const tdb = scope.db;
    if (input.ifscCode && !isKnownIfsc(input.ifscCode)) throw fieldError('ifscCode', ifscUnknownMessage(input.ifscCode));
    if (await repo.employeeNumberTaken(tdb, input.employeeNumber, selfId)) throw fieldError('employeeNumber', PEOPLE_MSG.employeeNumberExists);
    if (input.reportingManagerId) {
      if (input.reportingManagerId === selfId) throw fieldError('reportingManagerId', 'A user cannot be their own reporting manager');
      if (!(await repo.findTarget(tdb, input.reportingManagerId))) throw fieldError('reportingManagerId', 'Reporting manager not found');
    }
    if (input.departmentId && !(await repo.departmentExists(tdb, input.departmentId))) throw fieldError('departmentId', 'Department not found');
    if (input.workLocationId && !(await this.deps.workLocations.find(scope, input.workLocationId))) throw fieldError('workLocationId', WORK_LOCATION_MSG.employeeLocationInvalid);
    if (input.userFieldValues.length > 0) {
      const known = await repo.listFieldsWithOptions(tdb);
      const seen = new Set<string>();
      for (const v of input.userFieldValues) {
        const rows = known.filter((k) => k.fieldId === v.userFieldId);
        if (rows.length === 0 || seen.has(v.userFieldId)) throw fieldError('userFieldValues', 'Unknown user field');
        if (v.optionId !== null && !rows.some((r) => r.optionId === v.optionId)) throw fieldError('userFieldValues', 'Unknown option');
        seen.add(v.userFieldId);
      }
    }
  }

  /** The salary associations, checked, and the structure computed once so a negative remainder is refused. */
  private async associations(scope: TenantScope, input: EmployeeForm) {
    const earnings = input.earningAssociations.map((e) => ({
      tenantEarningId: e.tenantEarningId,
      calculationValue: e.calculationValue,
      calculationType: e.calculationType,
    }));
    const deductions = input.deductionAssociations.map((d) => ({
      tenantDeductionId: d.tenantDeductionId,
      calculationValue: d.calculationValue,
    }));
    const resolved = await this.deps.salary.resolveAssociations(scope, earnings, deductions);
    await this.deps.salary.structureIn(scope, {
      annualCTC: input.annualCTC,
      regimeType: input.regimeType,
      earningAssociationValues: earnings,
      deductionAssociationValues: deductions,
      forceESICalc: input.forceESICalc,
      dateOfBirth: input.dateOfBirth,
      gender: input.gender,
      workLocationId: input.workLocationId,
    });
    return resolved;
  }

  private values(input: EmployeeForm) {
    const married = input.maritalStatus === 1;
    return {
      employeeNumber: input.employeeNumber,
      firstName: input.firstName,
      middleName: input.middleName,
      lastName: input.lastName,
      email: input.email,
      personalEmail: input.personalEmail,
      dateOfBirth: input.dateOfBirth,
      gender: input.gender,
      phoneNumber: input.phoneNumber,
      emergencyContact: input.emergencyContact,
      maritalStatus: input.maritalStatus,
      // Spouse name and marriage date belong to a married person only (people spec §3).
      marriageDate: married ? input.marriageDate : null,
      spouseName: married ? input.spouseName : null,
      bloodGroup: input.bloodGroup,
      address: input.address,
      dateOfJoining: input.dateOfJoining,
      experience: String(input.experience),
      dateOfConfirmation: input.dateOfConfirmation,
      departmentId: input.departmentId,
      designation: input.designation,
      workLocation: input.workLocation,
      workLocationId: input.workLocationId,
      esiNumber: input.esiNumber,
      pfNumber: input.pfNumber,
      uan: input.uan,
      reportingManagerId: input.reportingManagerId,
      pan: input.pan,
      bankAccountNumber: input.bankAccountNumber,
      bankName: input.bankName,
      ifscCode: input.ifscCode,
      accountHolderName: input.accountHolderName,
      regimeType: input.regimeType,
      forceEsiCalc: input.forceESICalc,
      annualCtcPaise: rupeesToPaise(input.annualCTC),
    };
  }

  private async writeDetails(tdb: TenantDb, userId: string, input: EmployeeForm, associations: Awaited<ReturnType<SalaryService['resolveAssociations']>>) {
    await repo.replaceEarnings(tdb, userId, associations.earnings);
    await repo.replaceDeductions(tdb, userId, associations.deductions);
    await repo.replaceFieldValues(
      tdb,
      userId,
      input.userFieldValues
        .filter((v) => v.optionId !== null || (v.fieldValue ?? '') !== '')
        .map((v) => ({
          userFieldId: v.userFieldId,
          optionId: v.optionId,
          fieldValue: v.fieldValue,
        })),
    );
  }

  /**
   * The global account for an invited e-mail: linked when the person already has one (another
   * organisation), else created without a password (they set it from the invitation). Accounts are
   * global and closed to the tenant role: a function confined to this tenant does it (migration 0012).
   */
  private async accountFor(tdb: TenantDb, email: string, firstName: string, lastName: string): Promise<{ id: string }> {
    return { id: await repo.inviteAccountId(tdb, email, firstName, lastName) };
  }

  private async issueInvite(tdb: TenantDb, to: { userId: string; accountId: string | null }, email: string, firstName: string, organizationName: string): Promise<PendingInvite> {
    if (!to.accountId) throw new Error('an invitation needs an account');
    const { token, hash } = newOneTimeToken();
    const account = await repo.insertInviteToken(tdb, {
      accountId: to.accountId,
      tokenHash: hash,
      expiresAt: new Date(this.deps.clock.now().getTime() + INVITE_LINK_TTL_MS),
    });
    return {
      to: email,
      firstName,
      organizationName,
      token,
      hasPassword: account.hasPassword,
    };
  }

  /** The invitation e-mail, as a job of this unit of work. */
  private mailInvite(scope: TenantScope, invite: PendingInvite): void {
    const mail = inviteEmail({
      firstName: invite.firstName,
      organizationName: invite.organizationName,
      url: this.inviteLink(invite.token, invite.to),
      validDays: INVITE_LINK_TTL_DAYS,
      hasPassword: invite.hasPassword,
    });
    scope.enqueue('mail.send', { to: invite.to, tenantId: scope.tenantId, ...mail });
  }
}

/** A stored structure in a form that compares equal when the pay is the same (associations in id order). */
function structureKey(request: StructureRequest | null) {
  if (!request) return null;
  return {
    ...request,
    earningAssociationValues: [...(request.earningAssociationValues ?? [])].sort((a, b) => a.tenantEarningId.localeCompare(b.tenantEarningId)),
    deductionAssociationValues: [...(request.deductionAssociationValues ?? [])].sort((a, b) => a.tenantDeductionId.localeCompare(b.tenantDeductionId)),
  };
}
