import { z } from 'zod';
import { dateProblem } from './dates';
import { envelope, listEnvelope } from './envelope';

/** Requests (people spec §2.3, §3 Regularization request, §4, §5 Regularization, §7; platform §3.1). */

/** Request type (platform §3.1). Only attendance regularization is served by this issue. */
export const RequestType = { CompOff: 1, AttendanceRegularization: 2, Reimbursement: 3 } as const;
export type RequestTypeId = (typeof RequestType)[keyof typeof RequestType];

/** Request status (platform §3.1). New requests are Opened (people spec §4). */
export const RequestStatus = { Completed: 1, InProgress: 2, Cancelled: 4, Opened: 5, Rejected: 6 } as const;
export type RequestStatusId = (typeof RequestStatus)[keyof typeof RequestStatus];

/** Reportee scope (platform §3.1) of the team's list: 1 direct, 2 indirect (the whole tree below), 3 all employees. */
export const RequestReporteeScope = { Direct: 1, Indirect: 2, All: 3 } as const;
export type RequestReporteeScopeId = (typeof RequestReporteeScope)[keyof typeof RequestReporteeScope];

/** People spec §9: regularization requests are listed 8 a page. */
export const REQUEST_PAGE_SIZE = 8;
export const REQUEST_MAX_PAGE_SIZE = 100;
/** Our limit (docs/decisions/): one request covers at most a month of days. */
export const REGULARIZATION_MAX_DAYS = 31;
export const REQUEST_REASON_MAX = 500;
export const REQUEST_REMARKS_MAX = 500;

export const REQUEST_MSG = {
  // the spec's texts (people spec §5, §8)
  fillRequired: 'Please fill in all required fields',
  futureDate: 'Cannot regularize attendance for future dates',
  submitted: 'Attendance regularization request submitted successfully',
  fetchFailed: 'Failed to fetch requests',
  // our own (docs/decisions/)
  invalidDate: 'Please enter a valid date',
  invalidTime: 'Please enter a valid time',
  endBeforeStart: 'End date cannot be before start date',
  sameTimes: 'End time must be different from start time',
  tooManyDays: `A regularization request can cover at most ${REGULARIZATION_MAX_DAYS.toString()} days`,
  beforeJoining: 'Cannot regularize attendance before your date of joining',
  overlapping: 'An opened regularization request already covers some of these dates',
  reasonTooLong: `Reason must be at most ${REQUEST_REASON_MAX.toString()} characters`,
  remarksTooLong: `Remarks must be at most ${REQUEST_REMARKS_MAX.toString()} characters`,
  onlyRegularization: 'Only attendance regularization requests (requestType 2) are supported',
  notFound: 'Request not found',
  typeMismatch: 'The request type does not match this request',
  invalidStatus: 'Status must be 1 (Completed), 4 (Cancelled) or 6 (Rejected)',
  notOpened: 'Only an opened request can be changed',
  cancelOwnOnly: 'Only the employee who raised a request can cancel it',
  decideOwn: 'You cannot approve or reject your own request',
  notYourReportee: 'Only the reporting manager, an administrator or a moderator can decide this request',
  allScopeAdminsOnly: 'Only administrators and moderators can see the requests of all employees',
  approved: 'Request approved successfully',
  rejected: 'Request rejected successfully',
  cancelled: 'Request cancelled successfully',
  statusFailed: 'Failed to update request status',
  submitFailed: 'Failed to submit the request',
} as const;

export const REQUEST_STATUS_LABELS: Record<RequestStatusId, string> = { 1: 'Completed', 2: 'In Progress', 4: 'Cancelled', 5: 'Opened', 6: 'Rejected' };

/** People spec §4: Opened yellow, Completed green, Rejected and Cancelled red, anything else 'Unknown'. */
export function requestStatusBadge(status: number): { label: string; color: 'yellow' | 'green' | 'red' | 'gray' } {
  switch (status) {
    case RequestStatus.Opened:
      return { label: 'Opened', color: 'yellow' };
    case RequestStatus.Completed:
      return { label: 'Completed', color: 'green' };
    case RequestStatus.Rejected:
      return { label: 'Rejected', color: 'red' };
    case RequestStatus.Cancelled:
      return { label: 'Cancelled', color: 'red' };
    default:
      return { label: 'Unknown', color: 'gray' };
  }
}

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** 'HH:mm' or 'HH:mm:ss' → 'HH:mm:ss'; null when it is not a time of day. */
export function normalizeRequestTime(value: string): string | null {
  const m = TIME_RE.exec(value.trim());
  if (!m) return null;
  return `${m[1] ?? '00'}:${m[2] ?? '00'}:${m[3] ?? '00'}`;
}

function daysInclusive(start: string, end: string): number {
  const ms = Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)) - 1, Number(start.slice(8, 10)));
  const me = Date.UTC(Number(end.slice(0, 4)), Number(end.slice(5, 7)) - 1, Number(end.slice(8, 10)));
  return Math.round((me - ms) / 86_400_000) + 1;
}

export interface RegularizationFields {
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
  startTime?: string | null | undefined;
  endTime?: string | null | undefined;
  reason?: string | null | undefined;
}

export type RegularizationField = keyof RegularizationFields;

export interface ValidRegularization {
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  reason: string;
}

/**
 * People spec §5 Regularization, shared by the modal and the server so both answer with the same
 * text: every field required (reason trimmed), no future start (today allowed; `today` is the
 * tenant-zone date) unless the settings allow it, then our own rules (docs/decisions/).
 * An end time before the start time is the next day (a shift crossing midnight); equal times are refused.
 */
export function validateRegularization(
  input: RegularizationFields,
  today: string,
  options: { allowFutureDates?: boolean } = {},
): { ok: true; value: ValidRegularization } | { ok: false; field: RegularizationField; message: string } {
  const text = (v: string | null | undefined) => (v ?? '').trim();
  const values = { startDate: text(input.startDate), endDate: text(input.endDate), startTime: text(input.startTime), endTime: text(input.endTime), reason: text(input.reason) };
  const missing = (['startDate', 'endDate', 'startTime', 'endTime', 'reason'] as const).find((f) => values[f] === '');
  if (missing) return { ok: false, field: missing, message: REQUEST_MSG.fillRequired };
  for (const f of ['startDate', 'endDate'] as const) {
    const problem = dateProblem(values[f], REQUEST_MSG.invalidDate);
    if (problem) return { ok: false, field: f, message: problem };
  }
  const startTime = normalizeRequestTime(values.startTime);
  if (!startTime) return { ok: false, field: 'startTime', message: REQUEST_MSG.invalidTime };
  const endTime = normalizeRequestTime(values.endTime);
  if (!endTime) return { ok: false, field: 'endTime', message: REQUEST_MSG.invalidTime };
  if (!options.allowFutureDates) {
    if (values.startDate > today) return { ok: false, field: 'startDate', message: REQUEST_MSG.futureDate };
    if (values.endDate > today) return { ok: false, field: 'endDate', message: REQUEST_MSG.futureDate };
  }
  if (values.endDate < values.startDate) return { ok: false, field: 'endDate', message: REQUEST_MSG.endBeforeStart };
  if (daysInclusive(values.startDate, values.endDate) > REGULARIZATION_MAX_DAYS) return { ok: false, field: 'endDate', message: REQUEST_MSG.tooManyDays };
  if (startTime === endTime) return { ok: false, field: 'endTime', message: REQUEST_MSG.sameTimes };
  if (values.reason.length > REQUEST_REASON_MAX) return { ok: false, field: 'reason', message: REQUEST_MSG.reasonTooLong };
  return { ok: true, value: { ...values, startTime, endTime } };
}

/** Who may cancel (the web hides the action with the same rule): the requester, while Opened. */
export function canCancelRequest(request: { employeeId: string; status: number }, userId: string): boolean {
  return request.employeeId === userId && request.status === RequestStatus.Opened;
}

const optionalText = (max: number) => z.string().max(max, `must be at most ${max.toString()} characters`).nullish();

/** POST /Requests. Shape only: the required-field and date rules answer with the spec's texts (validateRegularization). */
export const createRequestSchema = z.object({
  requestType: z.literal(RequestType.AttendanceRegularization, { error: REQUEST_MSG.onlyRegularization }),
  reason: optionalText(REQUEST_REASON_MAX * 2),
  additionalData: z
    .object({
      attendanceRegularization: z
        .object({
          startDate: optionalText(20),
          endDate: optionalText(20),
          startTime: optionalText(20),
          endTime: optionalText(20),
        })
        .nullish(),
    })
    .nullish(),
});
export type CreateRequest = z.infer<typeof createRequestSchema>;

const queryBoolean = (name: string) => z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((v) => v === 'true');
const queryInt = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from ${min.toString()} to ${max.toString()}` })
    .int(`${name} must be a whole number from ${min.toString()} to ${max.toString()}`)
    .min(min, `${name} must be a whole number from ${min.toString()} to ${max.toString()}`)
    .max(max, `${name} must be a whole number from ${min.toString()} to ${max.toString()}`);

/**
 * GET /Requests (people spec §7). onlyMyRequests (default true) lists the caller's own; false lists
 * the requests the caller may decide, by reportingFilterType (by default everyone's for administrators and
 * moderators, direct reportees' for others). status 0 or absent means all.
 */
export const requestListQuerySchema = z.object({
  pageNumber: queryInt('pageNumber', 1, 1_000_000).default(1),
  pageSize: queryInt('pageSize', 1, REQUEST_MAX_PAGE_SIZE).default(REQUEST_PAGE_SIZE),
  status: z
    .union([z.literal('0'), z.literal('1'), z.literal('2'), z.literal('4'), z.literal('5'), z.literal('6')], { error: 'status must be 0 (all), 1, 2, 4, 5 or 6' })
    .transform(Number)
    .optional(),
  requestType: z.literal('2', { error: REQUEST_MSG.onlyRegularization }).transform(Number).optional(),
  onlyMyRequests: queryBoolean('onlyMyRequests').default(true),
  reportingFilterType: z
    .union([z.literal('1'), z.literal('2'), z.literal('3')], { error: 'reportingFilterType must be 1 (direct), 2 (indirect) or 3 (all)' })
    .transform((v) => Number(v) as RequestReporteeScopeId)
    /** Absent: 3 (all employees) for administrators and moderators, 1 (direct reportees) for others. */
    .optional(),
});
export type RequestListQuery = z.output<typeof requestListQuerySchema>;
export type RequestListQueryInput = z.input<typeof requestListQuerySchema>;

/** One row of the list: the request and its regularization fields flattened. */
export const requestRowSchema = z.object({
  id: z.string(),
  employeeId: z.string(),
  employeeName: z.string(),
  requestType: z.number().int(),
  reason: z.string(),
  status: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** ISO instant. */
  dateCreated: z.string(),
  decidedByName: z.string().nullable(),
  remarks: z.string().nullable(),
});
export type RequestRow = z.infer<typeof requestRowSchema>;

export const requestListReplySchema = listEnvelope(requestRowSchema);
export const requestReplySchema = envelope(requestRowSchema);

export const requestIdPathSchema = z.object({ id: z.uuid({ error: REQUEST_MSG.notFound }) });

/** PUT /Requests/{id}/status: the requester cancels (4); a manager, administrator or moderator completes (1) or rejects (6). */
export const updateRequestStatusSchema = z.object({
  status: z.union([z.literal(RequestStatus.Completed), z.literal(RequestStatus.Cancelled), z.literal(RequestStatus.Rejected)], { error: REQUEST_MSG.invalidStatus }),
  requestType: z.literal(RequestType.AttendanceRegularization, { error: REQUEST_MSG.onlyRegularization }),
  remarks: z.string().trim().max(REQUEST_REMARKS_MAX, REQUEST_MSG.remarksTooLong).nullish(),
});
export type UpdateRequestStatus = z.infer<typeof updateRequestStatusSchema>;
