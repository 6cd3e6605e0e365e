import { z } from 'zod';
import { daysBetweenInclusive } from '@tankha/domain';
import { dateSchema, isAcceptedDate } from './dates';
import { envelope } from './envelope';

/**
 * My team (platform §2.1 /my-team/overview and /my-team/reports; docs/decisions/0141-my-team-overview-and-reports.md). For a manager, their direct reports; for administrators and
 * moderators, every active employee. Paths under the API base:
 *
 *   GET /MyTeam/overview?state&page&pageSize   today's state of each person, counts, pending approvals
 *   GET /MyTeam/reports?kind&startDate&endDate XLSX (attendance, leave or late), streamed
 */
export const MY_TEAM_MSG = {
  noTeam: 'You have no team members',
  noneInState: 'No one in this list today',
  rangeOrder: 'Start date cannot be later than end date.',
  rangeTooLong: (days: number) => `Choose a date range of at most ${String(days)} days.`,
  startRequired: 'Start date is required',
  endRequired: 'End date is required',
  kindInvalid: 'Report must be attendance, leave or late',
} as const;

export const MY_TEAM_REPORT_MAX_DAYS = 93;

/** Today's state of a person: checked in (and still in), checked out, on leave, not in yet, or a day off. */
export const TEAM_DAY_STATES = ['in', 'out', 'onLeave', 'notIn', 'dayOff'] as const;
export type TeamDayState = (typeof TEAM_DAY_STATES)[number];
export const TEAM_DAY_STATE_LABELS: Record<TeamDayState, string> = {
  in: 'In',
  out: 'Checked out',
  onLeave: 'On leave',
  notIn: 'Not in yet',
  dayOff: 'Day off',
};
/** The filters of the list: a state, or 'late' (checked in after the shift's start plus grace). */
export const TEAM_OVERVIEW_FILTERS = [...TEAM_DAY_STATES, 'late'] as const;

export const teamOverviewQuerySchema = z.object({
  state: z
    .enum(TEAM_OVERVIEW_FILTERS, {
      error: `state must be one of ${TEAM_OVERVIEW_FILTERS.join(', ')}`,
    })
    .optional(),
  page: z.coerce.number({ error: 'page must be a whole number of at least 1' }).int().min(1, { error: 'page must be a whole number of at least 1' }).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be between 1 and 100' })
    .int()
    .min(1, { error: 'pageSize must be between 1 and 100' })
    .max(100, { error: 'pageSize must be between 1 and 100' })
    .default(20),
});
export type TeamOverviewQuery = z.infer<typeof teamOverviewQuerySchema>;

export const teamOverviewPersonSchema = z.object({
  userId: z.string(),
  name: z.string(),
  employeeNumber: z.string().nullable(),
  designation: z.string().nullable(),
  state: z.enum(TEAM_DAY_STATES),
  isLate: z.boolean(),
  /** Tenant-zone clock 'HH:mm' of the first check-in today. */
  firstIn: z.string().nullable(),
  lastOut: z.string().nullable(),
  /** The leave type, with '(half day)' for a half day. */
  leave: z.string().nullable(),
  /** Holiday name or 'Week off' on a day off. */
  dayOff: z.string().nullable(),
});
export type TeamOverviewPerson = z.infer<typeof teamOverviewPersonSchema>;

export const teamOverviewSchema = z.object({
  date: z.string(),
  teamSize: z.number().int(),
  counts: z.object({
    in: z.number().int(),
    out: z.number().int(),
    late: z.number().int(),
    onLeave: z.number().int(),
    notIn: z.number().int(),
    dayOff: z.number().int(),
  }),
  /** What waits for the caller's decision, each as its own page counts it. */
  pendingApprovals: z.object({
    leave: z.number().int(),
    regularization: z.number().int(),
    attendance: z.number().int(),
  }),
  people: z.array(teamOverviewPersonSchema),
  totalRecords: z.number().int(),
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;
export const teamOverviewReplySchema = envelope(teamOverviewSchema);

export const TEAM_REPORT_KINDS = ['attendance', 'leave', 'late'] as const;
export type TeamReportKind = (typeof TEAM_REPORT_KINDS)[number];
export const TEAM_REPORT_LABELS: Record<TeamReportKind, string> = {
  attendance: 'Attendance',
  leave: 'Leave',
  late: 'Late arrivals',
};

const validDate = isAcceptedDate;
const date = (required: string) => dateSchema('Dates are YYYY-MM-DD', { required });

export const teamReportQuerySchema = z
  .object({
    kind: z.enum(TEAM_REPORT_KINDS, { error: MY_TEAM_MSG.kindInvalid }),
    startDate: date(MY_TEAM_MSG.startRequired),
    endDate: date(MY_TEAM_MSG.endRequired),
  })
  .refine((q) => !validDate(q.startDate) || !validDate(q.endDate) || q.startDate <= q.endDate, { message: MY_TEAM_MSG.rangeOrder, path: ['startDate'] })
  .refine(
    (q) =>
      !validDate(q.startDate) || !validDate(q.endDate) || q.startDate > q.endDate || daysBetweenInclusive(q.startDate, q.endDate) <= MY_TEAM_REPORT_MAX_DAYS,
    {
      message: MY_TEAM_MSG.rangeTooLong(MY_TEAM_REPORT_MAX_DAYS),
      path: ['endDate'],
    },
  );
export type TeamReportQuery = z.infer<typeof teamReportQuerySchema>;
