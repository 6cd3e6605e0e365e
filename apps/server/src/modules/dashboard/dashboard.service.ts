import { can, type Dashboard } from '@tankha/contracts';
import { dateInZone } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import type { Scope } from '../../platform/tenancy';
import { logoUrlOf } from '../tenants/tenants.service';
import * as repo from './dashboard.repo';

const DAY_MS = 86_400_000;

export class DashboardService {
  constructor(private readonly deps: { clock: Clock }) {}

  async summary({ db: tdb, ctx }: Scope): Promise<Dashboard> {
    const now = this.deps.clock.now();
    const org = await repo.findOrganization(tdb, now);
    const me = await repo.findMe(tdb, ctx.userId);
    if (!org || !me) throw notFound();
    const today = dateInZone(now, org.timeZone);
    const seesOrg = can(ctx.roleId, 'dashboard.orgCounts');
    const counts = seesOrg ? await repo.findCounts(tdb, `${today.slice(0, 8)}01`) : null;
    return {
      organization: {
        id: org.id,
        tenantName: org.name,
        logoUrl: logoUrlOf(org.logoKey),
        address: org.address,
        planName: org.planName,
        isTenantOnTrial: org.isTrial,
        trialDaysLeft: org.isTrial && org.trialEndAt ? Math.max(0, Math.ceil((org.trialEndAt.getTime() - now.getTime()) / DAY_MS)) : null,
      },
      me: {
        id: me.id,
        firstName: me.firstName,
        lastName: me.lastName,
        designation: me.designation,
        departmentName: me.departmentName,
        dateOfJoining: me.dateOfJoining,
        reportingManagerName: me.managerName,
        reporteeCount: me.reporteeCount,
      },
      counts: counts
        ? {
            activeUsers: counts.active,
            pendingUsers: counts.pending,
            inactiveUsers: counts.inactive,
            restrictedUsers: counts.restricted,
            departments: counts.departments,
            joinedThisMonth: counts.joinedThisMonth,
          }
        : null,
      departments: seesOrg ? await repo.findDepartmentHeadcounts(tdb) : null,
      recentJoiners: seesOrg ? await repo.findRecentJoiners(tdb, 5) : null,
      upcomingBirthdays: await repo.findUpcomingBirthdays(tdb, today, 30),
    };
  }
}
