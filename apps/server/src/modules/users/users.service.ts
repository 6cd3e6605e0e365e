import { UserStatus, type UserProfile } from '@tankha/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { withTenant, type RequestContext } from '../../platform/tenancy';
import * as repo from './users.repo';

/** Employees of the caller's organisation (the people module grows from here). */
export class UserService {
  constructor(private readonly deps: { db: Db }) {}

  async profile(ctx: RequestContext, id: string): Promise<UserProfile> {
    return withTenant(this.deps.db, ctx.tenantId, async (tdb) => {
      const row = await repo.findProfile(tdb, id);
      if (!row) throw notFound('User not found');
      const u = row;
      return {
        id: u.id,
        employeeNumber: u.employeeNumber,
        firstName: u.firstName,
        middleName: u.middleName,
        lastName: u.lastName,
        email: u.email,
        phoneNumber: u.phoneNumber,
        dateOfBirth: u.dateOfBirth,
        gender: u.gender,
        dateOfJoining: u.dateOfJoining,
        departmentId: u.departmentId,
        departmentName: row.departmentName,
        designation: u.designation,
        workLocation: u.workLocation,
        reportingManagerId: u.reportingManagerId,
        reportingManagerName: row.managerFirstName ? `${row.managerFirstName} ${row.managerLastName ?? ''}`.trim() : null,
        pan: u.pan,
        regimeType: u.regimeType,
        roleId: u.roleId as UserProfile['roleId'],
        status: u.status,
        lastLogin: u.lastLoginAt?.toISOString() ?? null,
        imageUrl: null,
      };
    });
  }

  /** The caller's own name and e-mail in this organisation (used when they create another one). */
  async ownIdentity(ctx: RequestContext): Promise<{ email: string; firstName: string; lastName: string }> {
    const row = await withTenant(this.deps.db, ctx.tenantId, (tdb) => repo.findIdentity(tdb, ctx.userId));
    if (!row) throw notFound('User not found');
    return { email: row.email, firstName: row.firstName, lastName: row.lastName };
  }

  async inviteTarget(ctx: RequestContext, userId: string) {
    return withTenant(this.deps.db, ctx.tenantId, (tdb) => repo.findIdentity(tdb, userId));
  }

  /** Active users for licensing: restricted-login users count as Active (people spec §1). */
  async activeCount(ctx: RequestContext): Promise<number> {
    return withTenant(this.deps.db, ctx.tenantId, (tdb) => repo.countByStatus(tdb, [UserStatus.Active, UserStatus.RestrictedLogin]));
  }
}
