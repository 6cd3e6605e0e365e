import {
  PEOPLE_MSG,
  Role,
  USER_LIFECYCLE_MSG,
  UserStatus,
  canActOn,
  type Employee,
  type RoleId,
  type UserList,
  type UserListQuery,
  type UserSearchItem,
} from '@tankha/contracts';
import type { Clock } from '../../platform/clock';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/file-storage';
import type { GlobalScope, RequestContext, Scope, TenantDb, TenantScope } from '../../platform/tenancy';
import type { EmployeeService } from '../employees/employees.service';
import type { UserSettingsService } from '../user-settings/user-settings.service';
import * as repo from './users.repo';
import { paiseToRupees } from '@tankha/domain';
import { recordAudit } from '../../platform/audit/record';

/** What is left to do once a user's removal has committed (see UserService.remove). */
export interface RemovedUser {
  accountId: string | null;
  storageKeys: string[];
}

declare module '../../platform/jobs/jobs' {
  interface JobPayloads {
    /** After a user is deleted: their stored files go, and their account unless another organisation has it. */
    'users.removed': RemovedUser;
  }
}

interface Deps {
  clock: Clock;
  files: FileStorage;
  /** Invitations belong to the employees module. */
  employees: Pick<EmployeeService, 'sendInvite'>;
  /** The employee numbering of Users > Settings. */
  userSettings: Pick<UserSettingsService, 'suggestEmployeeNumber'>;
}

/** Employees of the caller's organisation: the list, the record and the lifecycle (people spec §2.5–§2.8, §4). */
export class UserService {
  constructor(private readonly deps: Deps) {}

  /** The full employee record (people spec §3 "User / employee"). */
  async profile({ db: tdb }: TenantScope, id: string): Promise<Employee> {
    const u = await repo.findProfile(tdb, id);
    if (!u) throw notFound('User not found');
    const [fieldValues, earnings, deductions] = [await repo.findFieldValues(tdb, id), await repo.findEarnings(tdb, id), await repo.findDeductions(tdb, id)];
    return {
      id: u.id,
      employeeNumber: u.employeeNumber,
      firstName: u.firstName,
      middleName: u.middleName,
      lastName: u.lastName,
      email: u.email,
      personalEmail: u.personalEmail,
      dateOfBirth: u.dateOfBirth,
      gender: u.gender,
      phoneNumber: u.phoneNumber,
      emergencyContact: u.emergencyContact,
      maritalStatus: u.maritalStatus,
      marriageDate: u.marriageDate,
      spouseName: u.spouseName,
      bloodGroup: u.bloodGroup,
      address: u.address,
      dateOfJoining: u.dateOfJoining,
      experience: u.experience === null ? null : Number(u.experience),
      dateOfConfirmation: u.dateOfConfirmation,
      departmentId: u.departmentId,
      departmentName: u.departmentName,
      designation: u.designation,
      workLocation: u.workLocation,
      workLocationId: u.workLocationId,
      workLocationName: u.workLocationName,
      esiNumber: u.esiNumber,
      pfNumber: u.pfNumber,
      uan: u.uan,
      reportingManagerId: u.reportingManagerId,
      reportingManagerName: u.managerFirstName ? `${u.managerFirstName} ${u.managerLastName ?? ''}`.trim() : null,
      userFieldValues: fieldValues,
      pan: u.pan,
      bankAccountNumber: u.bankAccountNumber,
      bankName: u.bankName,
      ifscCode: u.ifscCode,
      accountHolderName: u.accountHolderName,
      regimeType: u.regimeType,
      forceESICalc: u.forceEsiCalc,
      status: u.status,
      roleId: u.roleId as RoleId,
      lastLogin: u.lastLoginAt?.toISOString() ?? null,
      imageUrl: null,
      annualCTC: u.annualCtcPaise === null ? null : paiseToRupees(u.annualCtcPaise),
      // Stored like the tenant's components: percent text (1, 2, 5), annual paise (3), formula (4).
      earningAssociations: earnings.map((e) => ({
        id: e.id,
        tenantEarningId: e.tenantEarningId,
        calculationType: e.calculationType,
        calculationValue: e.calculationType === 4 ? e.calculationValue : e.calculationType === 3 ? paiseToRupees(Number(e.calculationValue)) : Number(e.calculationValue),
      })),
      deductionAssociations: deductions.map((d) => ({
        id: d.id,
        tenantDeductionId: d.tenantDeductionId,
        calculationValue: paiseToRupees(d.annualPaise),
      })),
    };
  }

  /** The caller's own name and e-mail in this organisation (used when they create another one). */
  async ownIdentity({ db: tdb }: TenantScope, userId: string): Promise<{ email: string; firstName: string; lastName: string }> {
    const row = await repo.findIdentity(tdb, userId);
    if (!row) throw notFound('User not found');
    return {
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
    };
  }

  async inviteTarget({ db: tdb }: TenantScope, userId: string) {
    return repo.findIdentity(tdb, userId);
  }

  /** Active users for licensing: restricted-login users count as Active (people spec §1). */
  async activeCount({ db: tdb }: Scope): Promise<number> {
    return repo.countByStatus(tdb, [UserStatus.Active, UserStatus.RestrictedLogin]);
  }

  /** The user management list (people spec §2.5): one page plus the tab counts. */
  async list({ db: tdb }: Scope, q: UserListQuery): Promise<UserList> {
    const rows = await repo.findUserPage(tdb, q);
    const counts = await repo.countTabs(tdb, q);
    const totals: Record<number, number> = {
      1: counts.active,
      2: counts.inactive,
      3: counts.pending,
      4: counts.restricted,
    };
    const totalRecords = q.userStatus === undefined ? counts.active + counts.pending + counts.inactive : (totals[q.userStatus] ?? 0);
    return {
      data: rows.map((r) => ({
        id: r.id,
        employeeNumber: r.employeeNumber,
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        roleId: r.roleId as RoleId,
        phoneNumber: r.phoneNumber,
        designation: r.designation,
        status: r.status,
        dateOfJoining: r.dateOfJoining,
        lastLogin: r.lastLogin,
        canLogin: r.hasAccount && r.status !== UserStatus.RestrictedLogin,
        departmentId: r.departmentId,
        departmentName: r.departmentName,
        imageUrl: null,
      })),
      records: rows.length,
      totalRecords,
      activeUsersCount: counts.active,
      pendingUsersCount: counts.pending,
      inactiveUsersCount: counts.inactive,
      restrictedUsersCount: counts.restricted,
    };
  }

  /** Employee pickers: Active and Restricted Login users. */
  async search({ db: tdb }: Scope, q: { search?: string | undefined; pageSize: number; pageNo: number }): Promise<{ data: UserSearchItem[]; totalRecords: number }> {
    const rows = await repo.searchUsers(tdb, q);
    const totalRecords = await repo.countSearch(tdb, q.search);
    return {
      data: rows.map((r) => ({
        id: r.id,
        firstName: r.firstName,
        lastName: r.lastName,
        name: `${r.firstName} ${r.lastName}`,
        email: r.email,
        employeeNumber: r.employeeNumber,
        designation: r.designation,
      })),
      totalRecords,
    };
  }

  async latestEmployeeNumber(scope: Scope): Promise<{
    employeeNumber: string | null;
    lastEmployeeNumber: string | null;
    nextEmployeeNumber: string | null;
  }> {
    const employeeNumber = await repo.findLatestEmployeeNumber(scope.db);
    return {
      employeeNumber,
      lastEmployeeNumber: employeeNumber,
      // Users > Settings' numbering (which continues the last number until the page is saved).
      nextEmployeeNumber: await this.deps.userSettings.suggestEmployeeNumber(scope),
    };
  }

  async employeeNumberExists({ db: tdb }: Scope, employeeNumber: string, exceptUserId: string | undefined): Promise<boolean> {
    return repo.employeeNumberTaken(tdb, employeeNumber, exceptUserId);
  }

  /** Loads and locks the target; refuses a moderator acting on an administrator (spec §6). */
  private async target(tdb: TenantDb, ctx: RequestContext, id: string, action: 'edit' | 'changeRole') {
    const target = await repo.lockTarget(tdb, id);
    if (!target) throw notFound('User not found');
    const actor = { id: ctx.userId, roleId: ctx.roleId };
    if (!canActOn(actor, { id: target.id, roleId: target.roleId as RoleId }, action)) {
      if (action === 'changeRole' && target.id === ctx.userId) throw forbidden(PEOPLE_MSG.ownRole);
      throw forbidden();
    }
    return target;
  }

  /** The organisation keeps at least one active administrator (docs/decisions/). */
  private async keepAnAdministrator(tdb: TenantDb, target: { id: string; roleId: number; status: number }): Promise<void> {
    if (target.roleId !== Role.Administrator || target.status !== UserStatus.Active) return;
    if ((await repo.countOtherActiveAdministrators(tdb, target.id)) === 0) throw badRequest(USER_LIFECYCLE_MSG.lastAdministrator);
  }

  /** Role Assign modal (spec §2.7): nobody changes their own role; the same role is refused. */
  async assignRole(scope: Scope, userId: string, roleId: RoleId): Promise<void> {
    const { db: tdb, ctx } = scope;
    const target = await this.target(tdb, ctx, userId, 'changeRole');
    // A moderator may not raise anyone above their own role.
    if (ctx.roleId === Role.Moderator && roleId === Role.Administrator) throw forbidden(USER_LIFECYCLE_MSG.moderatorCannotGrantAdmin);
    if (target.roleId === roleId) throw badRequest(PEOPLE_MSG.roleAlreadyAssigned);
    if (roleId !== Role.Administrator) await this.keepAnAdministrator(tdb, target);
    await repo.updateUser(tdb, userId, { roleId }, this.deps.clock.now());
    await recordAudit(scope, { entity: 'User', entityId: userId, action: 'RoleChange', before: { roleId: target.roleId }, after: { roleId } });
  }

  /**
   * De-Activate (Active → Deactivated) and Re-Activate (Deactivated → Active), spec §4. A
   * deactivated user's open sessions are refused by the access check, which reads the status on
   * every request and answers 403 ACCOUNT_DEACTIVATED; re-activation ends those old sessions so
   * the person signs in afresh.
   */
  async setStatus(scope: Scope, userId: string, status: 1 | 2): Promise<{ id: string; status: number }> {
    const { db: tdb, ctx } = scope;
    const target = await this.target(tdb, ctx, userId, 'edit');
    if (target.id === ctx.userId) throw forbidden(USER_LIFECYCLE_MSG.cannotDeactivateSelf);
    const now = this.deps.clock.now();
    if (status === UserStatus.Deactivated) {
      if (target.status !== UserStatus.Active) throw badRequest(USER_LIFECYCLE_MSG.onlyActiveDeactivated);
      await this.keepAnAdministrator(tdb, target);
    } else {
      if (target.status !== UserStatus.Deactivated) throw badRequest(USER_LIFECYCLE_MSG.onlyInactiveReactivated);
      // sessions are a global table: a function confined to this tenant ends them, so it commits with this work
      await repo.revokeUserSessions(tdb, userId, now);
    }
    await repo.updateUser(tdb, userId, { status }, now);
    // Access given or taken away (issue 30: roles and permissions).
    await recordAudit(scope, { entity: 'User', entityId: userId, action: 'Update', before: { status: target.status }, after: { status } });
    return { id: userId, status };
  }

  /**
   * Permanent for access and personal data (docs/decisions/): the membership row goes
   * (documents, field values and salary associations cascade; stored files are removed), its
   * sessions end, and the global account goes too unless it belongs to another organisation. The
   * stored files and the account are the job 'users.removed', after the commit: whether another
   * organisation has the account can only be seen across tenants, which row-level security hides
   * from this tenant's transaction.
   */
  async remove(scope: Scope, userId: string): Promise<void> {
    const { db: tdb, ctx, enqueue } = scope;
    const target = await this.target(tdb, ctx, userId, 'edit');
    if (target.id === ctx.userId) throw forbidden(USER_LIFECYCLE_MSG.cannotDeleteSelf);
    await this.keepAnAdministrator(tdb, target);
    const documentFiles = await repo.findDocumentFiles(tdb, userId);
    // sessions are a global table: a function confined to this tenant deletes them, so it commits with this work
    await repo.deleteUserSessions(tdb, userId);
    await repo.clearDepartmentHead(tdb, userId);
    await repo.deleteUser(tdb, userId);
    // The person's fields are not copied into a log that is never erased: the id, role and status say what went.
    await recordAudit(scope, { entity: 'User', entityId: userId, action: 'Delete', before: { roleId: target.roleId, status: target.status } });
    await repo.deleteFiles(
      tdb,
      documentFiles.map((f) => f.id),
    );
    enqueue('users.removed', {
      accountId: target.accountId,
      storageKeys: [...documentFiles.map((f) => f.storageKey), ...(target.imageKey ? [target.imageKey] : [])],
    });
  }

  /** The job 'users.removed': cross-tenant by nature (the account's other memberships), hence the global scope. */
  async cleanUpRemoved({ global }: GlobalScope, removed: RemovedUser): Promise<void> {
    if (removed.accountId && !(await repo.accountHasMemberships(global, removed.accountId))) await repo.deleteAccount(global, removed.accountId);
    for (const key of removed.storageKeys) await this.deps.files.remove(key).catch(() => undefined);
  }

  /**
   * Send Verification Email for a Restricted Login user (spec §4): they become an invited user —
   * Pending Verification, linked to an account (created when the address has none) — and receive
   * the invitation with the set-password link.
   */
  async sendVerification(scope: Scope, userId: string): Promise<void> {
    const target = await this.target(scope.db, scope.ctx, userId, 'edit');
    if (target.status !== UserStatus.RestrictedLogin) throw badRequest(USER_LIFECYCLE_MSG.onlyRestrictedVerification);
    await this.deps.employees.sendInvite(scope, userId);
  }
}
