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
    const today = dateInZone(now, org.time_zone);
    const seesOrg = can(ctx.roleId, 'dashboard.orgCounts');
    const counts = seesOrg ? await repo.findCounts(tdb, `${today.slice(0, 8)}01`) : null;
    return {
      organization: {
        id: org.id,
        tenantName: org.name,
        logoUrl: logoUrlOf(org.logo_key),
        address: org.address,
        planName: org.plan_name,
        isTenantOnTrial: org.is_trial === true,
        trialDaysLeft: org.is_trial && org.end_at ? Math.max(0, Math.ceil((new Date(org.end_at).getTime() - now.getTime()) / DAY_MS)) : null,
      },
      me: {
        id: me.id,
        firstName: me.first_name,
        lastName: me.last_name,
        designation: me.designation,
        departmentName: me.department_name,
        dateOfJoining: me.date_of_joining,
        reportingManagerName: me.manager_name,
        reporteeCount: me.reportee_count,
      },
      counts: counts
        ? {
            activeUsers: counts.active,
            pendingUsers: counts.pending,
            inactiveUsers: counts.inactive,
            restrictedUsers: counts.restricted,
            departments: counts.departments,
            joinedThisMonth: counts.joined_this_month,
          }
        : null,
      departments: seesOrg ? await repo.findDepartmentHeadcounts(tdb) : null,
      recentJoiners: seesOrg
        ? (await repo.findRecentJoiners(tdb, 5)).map((r) => ({ id: r.id, name: r.name, designation: r.designation, dateOfJoining: r.date_of_joining }))
        : null,
      upcomingBirthdays: await repo.findUpcomingBirthdays(tdb, today, 30),
    };
  }
}
