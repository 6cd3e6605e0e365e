import {
  REQUEST_MSG,
  STALE_REASON,
  RequestReporteeScope,
  RequestStatus,
  RequestType,
  validateRegularization,
  type CreateRequest,
  type RequestListQuery,
  type RequestRow,
  type UpdateRequestStatus,
  mayDecideFor,
} from '@tankha/contracts';
import { dateInZone } from '@tankha/domain';
import type { Clock } from '../../platform/clock';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/tenancy';
import { decisionOf, isAdminOrModerator, mayCancel, mayDecide } from './requests.policy';
import * as repo from './requests.repo';
import type { PayrollLockService } from '../payroll-locks/payroll-locks.service';

function toRow(row: repo.RequestRecord): RequestRow {
  return {
    id: row.id,
    employeeId: row.userId,
    employeeName: row.employeeName,
    requestType: row.requestType,
    reason: row.reason,
    status: row.status,
    startDate: row.startDate,
    endDate: row.endDate,
    startTime: row.startTime,
    endTime: row.endTime,
    dateCreated: row.dateCreated,
    decidedByName: row.decidedByName,
    remarks: row.remarks,
  };
}

/** Attendance regularization requests (people spec §2.3, §4, §5, §6, §7; DESIGN §5). */
export class RequestService {
  constructor(private readonly deps: { clock: Clock; locks: PayrollLockService }) {}

  /** Raised for the signed-in user (people spec §6), created Opened (§4). */
  async create({ db: tdb, ctx }: Scope, input: CreateRequest): Promise<RequestRow> {
    const now = this.deps.clock.now();
    const requester = await repo.findRequester(tdb, ctx.userId);
    if (!requester) throw notFound(REQUEST_MSG.notFound);
    const today = dateInZone(now, requester.timeZone);
    const fields = input.additionalData?.attendanceRegularization ?? {};
    const checked = validateRegularization({ ...fields, reason: input.reason }, today, { allowFutureDates: requester.allowFutureDates });
    if (!checked.ok) throw badRequest(checked.message, { [checked.field]: checked.message });
    const value = checked.value;
    if (requester.dateOfJoining && value.startDate < requester.dateOfJoining) throw badRequest(REQUEST_MSG.beforeJoining, { startDate: REQUEST_MSG.beforeJoining });
    await repo.lockUserRequests(tdb, ctx.userId);
    if (await repo.hasOverlappingOpened(tdb, ctx.userId, value.startDate, value.endDate)) {
      throw new AppError(409, 'CONFLICT', REQUEST_MSG.overlapping, { startDate: REQUEST_MSG.overlapping });
    }
    const id = await repo.insertRequest(tdb, {
      userId: ctx.userId,
      requestType: RequestType.AttendanceRegularization,
      status: RequestStatus.Opened,
      reason: value.reason,
      additionalData: { attendanceRegularization: { startDate: value.startDate, endDate: value.endDate, startTime: value.startTime, endTime: value.endTime } },
      now,
    });
    const row = await repo.findRequest(tdb, id);
    if (!row) throw notFound(REQUEST_MSG.notFound);
    return toRow(row);
  }

  /**
   * onlyMyRequests: the caller's own. Otherwise the requests the caller may decide, never their own:
   * 1 direct reportees, 2 the whole reporting tree below, 3 every employee (administrators and moderators,
   * and their default).
   */
  async list({ db: tdb, ctx }: Scope, query: RequestListQuery): Promise<{ rows: RequestRow[]; totalRecords: number }> {
    let scope: repo.RequestScope;
    // Issue 16: administrators and moderators decide for everyone, so that is what they see unless they narrow it.
    const reporting = query.reportingFilterType ?? (isAdminOrModerator(ctx.roleId) ? RequestReporteeScope.All : RequestReporteeScope.Direct);
    if (query.onlyMyRequests) scope = { kind: 'own', userId: ctx.userId };
    else if (reporting === RequestReporteeScope.All) {
      if (!isAdminOrModerator(ctx.roleId)) throw forbidden(REQUEST_MSG.allScopeAdminsOnly);
      scope = { kind: 'all', exceptUserId: ctx.userId };
    } else if (reporting === RequestReporteeScope.Indirect) scope = { kind: 'tree', managerId: ctx.userId };
    else scope = { kind: 'direct', managerId: ctx.userId };
    const filters: repo.RequestFilters = {
      scope,
      requestType: query.requestType ?? RequestType.AttendanceRegularization,
      ...(query.status ? { status: query.status } : {}),
    };
    const [totalRecords, rows] = [await repo.countRequests(tdb, filters), await repo.findRequests(tdb, filters, query.pageSize, (query.pageNumber - 1) * query.pageSize)];
    return { totalRecords, rows: rows.map(toRow) };
  }

  /**
   * Cancel (requester), Complete or Reject (manager above, administrator, moderator), only from
   * Opened. Completing writes the requested times as that employee's time logs and enqueues the
   * recompute of those days, which runs once the transaction has committed; Rejected and Cancelled
   * change nothing else (DESIGN §5).
   */
  async updateStatus({ db: tdb, ctx, enqueue }: Scope, id: string, input: UpdateRequestStatus): Promise<RequestRow> {
    const now = this.deps.clock.now();
    const decision = decisionOf(input.status);
    if (!decision) throw badRequest(REQUEST_MSG.invalidStatus, { status: REQUEST_MSG.invalidStatus });
    const locked = await repo.lockRequest(tdb, id);
    const current = locked ? await repo.findRequest(tdb, id) : undefined;
    if (!locked || !current) throw notFound(REQUEST_MSG.notFound);
    if (decision === 'cancel') {
      if (!mayCancel(ctx.userId, current.userId)) throw forbidden(REQUEST_MSG.cancelOwnOnly);
    } else {
      if (!mayDecideFor(ctx.userId, current.userId)) throw forbidden(REQUEST_MSG.decideOwn);
      const above = isAdminOrModerator(ctx.roleId) ? false : await repo.isAboveInChain(tdb, ctx.userId, current.userId);
      if (!mayDecide({ id: ctx.userId, roleId: ctx.roleId }, current.userId, above)) throw forbidden(REQUEST_MSG.notYourReportee);
    }
    if (current.requestType !== input.requestType) throw badRequest(REQUEST_MSG.typeMismatch, { requestType: REQUEST_MSG.typeMismatch });
    if (locked.status !== RequestStatus.Opened) throw badRequest(REQUEST_MSG.notOpened, { status: REQUEST_MSG.notOpened });

    const remarks = input.remarks ? input.remarks : null;
    await repo.updateRequestStatus(tdb, id, { status: input.status, decidedBy: decision === 'decide' ? ctx.userId : null, remarks, now });
    if (input.status === RequestStatus.Completed) {
      const { startDate, endDate, startTime, endTime } = current;
      if (!startDate || !endDate || !startTime || !endTime) throw badRequest(REQUEST_MSG.fillRequired);
      const timeZone = await repo.tenantTimeZone(tdb);
      await repo.replaceLogsWithRegularization(tdb, { userId: current.userId, startDate, endDate, startTime, endTime, timeZone, notes: current.reason, now });
      // A fact of the employee, in a finalized month too: its pay is corrected in the next open month (DESIGN §10).
      enqueue('attendance.recompute', { userIds: [current.userId], from: startDate, to: endDate, facts: true });
    }
    const updated = await repo.findRequest(tdb, id);
    if (!updated) throw notFound(REQUEST_MSG.notFound);
    if (input.status === RequestStatus.Completed && updated.startDate && updated.endDate) {
      // A processed month that has these days is stale for the employee until processed again (DESIGN §10).
      const { startDate, endDate } = updated;
      await this.deps.locks.markInputChanged({ db: tdb }, updated.userId, startDate, endDate, STALE_REASON.regularized(startDate, endDate, updated.decidedByName ?? 'an administrator'));
    }
    return toRow(updated);
  }
}
