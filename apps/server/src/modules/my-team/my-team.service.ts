import { AttendanceApproval, RequestStatus, RequestType, type TeamOverview, type TeamOverviewQuery, type TeamReportQuery } from '@tankha/contracts';
import type { Readable } from 'node:stream';
import type { Scope } from '../../platform/tenancy';
import type { AttendanceService } from '../attendance/attendance.service';
import type { LeaveService } from '../leave/leave.service';
import type { RequestService } from '../requests/requests.service';
import { streamTeamReport } from './my-team.report';

interface Deps {
  attendance: Pick<AttendanceService, 'teamToday' | 'teamDays' | 'approvals'>;
  leave: Pick<LeaveService, 'list'>;
  requests: Pick<RequestService, 'list'>;
}

/**
 * My team: who is in, late, on leave or not in today, and what waits for the
 * caller's decision; and the team's attendance, leave and late reports. The team is the attendance
 * module's (a manager's direct reports; administrators and moderators everyone), and each pending
 * count is the one its own approvals page shows, asked of the module that owns it.
 */
export class MyTeamService {
  constructor(private readonly deps: Deps) {}

  async overview(scope: Scope, query: TeamOverviewQuery): Promise<TeamOverview> {
    const { date, people } = await this.deps.attendance.teamToday(scope);
    const counts = { in: 0, out: 0, late: 0, onLeave: 0, notIn: 0, dayOff: 0 };
    for (const p of people) {
      counts[p.state] += 1;
      if (p.isLate) counts.late += 1;
    }
    const chosen = query.state === undefined ? people : query.state === 'late' ? people.filter((p) => p.isLate) : people.filter((p) => p.state === query.state);
    const [leave, regularization, attendance] = [
      await this.deps.leave.list(scope, {
        scope: 'team',
        status: 1,
        pageNumber: 1,
        pageSize: 1,
      }),
      await this.deps.requests.list(scope, {
        onlyMyRequests: false,
        status: RequestStatus.Opened,
        requestType: RequestType.AttendanceRegularization,
        pageNumber: 1,
        pageSize: 1,
      }),
      await this.deps.attendance.approvals(scope, {
        status: AttendanceApproval.WaitingForApproval,
        page: 1,
        pageSize: 1,
      }),
    ];
    return {
      date,
      teamSize: people.length,
      counts,
      pendingApprovals: {
        leave: leave.totalRecords,
        regularization: regularization.totalRecords,
        attendance: attendance.totalRecords,
      },
      people: chosen.slice((query.page - 1) * query.pageSize, query.page * query.pageSize),
      totalRecords: chosen.length,
    };
  }

  /** The report's rows are read here, in the request's transaction; the XLSX is written as it streams out. */
  async report(scope: Scope, query: TeamReportQuery, onError: (error: unknown) => void): Promise<{ stream: Readable; filename: string }> {
    const employees = await this.deps.attendance.teamDays(scope, query.startDate, query.endDate);
    return {
      stream: streamTeamReport(query.kind, employees, onError),
      filename: `team-${query.kind}-report-${query.startDate}-to-${query.endDate}.xlsx`,
    };
  }
}
