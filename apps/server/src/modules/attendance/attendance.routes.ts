import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ATTENDANCE_MSG,
  attendanceApprovalListQuerySchema,
  attendanceApprovalListReplySchema,
  attendanceApprovalReplySchema,
  attendanceApprovalSchema,
  attendanceDaysQuerySchema,
  attendanceDaysReplySchema,
  attendanceGridQuerySchema,
  attendanceGridReplySchema,
  attendanceReportQuerySchema,
  attendanceTodayReplySchema,
  checkInInputSchema,
  manualTimeLogSchema,
  teamQuerySchema,
  teamReplySchema,
  timeLogReplySchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';

/** Time logs, computed days, the grid, approvals, the report and the team lookup (people spec §7 "Attendance data", "Attendance approval"; platform §2.2). */
export const attendanceRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Attendance'];
  const own = { access: { permission: 'attendance.own' as const } };
  const team = { access: { permission: 'attendance.team' as const } };
  const approve = { access: { permission: 'attendance.approve' as const } };
  const svc = services.attendance;

  app.get('/Attendances/today', { config: own, schema: { tags, response: { 200: attendanceTodayReplySchema } } }, async (request) => ok(await svc.today(scopeOf(request))));

  // The body is optional: { latitude, longitude, accuracyMetres } from the browser when the organisation requires location.
  app.post('/Attendances/check-in', { config: own, schema: { tags, body: checkInInputSchema.nullish(), response: { 200: attendanceTodayReplySchema } } }, async (request) =>
    ok(await svc.checkIn(scopeOf(request), request.body ?? {}), ATTENDANCE_MSG.checkedIn),
  );

  app.post('/Attendances/check-out', { config: own, schema: { tags, response: { 200: attendanceTodayReplySchema } } }, async (request) =>
    ok(await svc.checkOut(scopeOf(request)), ATTENDANCE_MSG.checkedOut),
  );

  app.post('/Attendances/logs', { config: own, schema: { tags, body: manualTimeLogSchema, response: { 201: timeLogReplySchema } } }, async (request, reply) => {
    const log = await svc.addLog(scopeOf(request), request.body);
    reply.code(201);
    return ok(log, ATTENDANCE_MSG.logAdded, 201);
  });

  app.get('/Attendances', { config: own, schema: { tags, querystring: attendanceDaysQuerySchema, response: { 200: attendanceDaysReplySchema } } }, async (request) =>
    ok(await svc.days(scopeOf(request), request.query)),
  );

  app.get('/Attendances/grid', { config: team, schema: { tags, querystring: attendanceGridQuerySchema, response: { 200: attendanceGridReplySchema } } }, async (request) => {
    const page = await svc.grid(scopeOf(request), request.query);
    return okList(page.rows, page.totalRecords);
  });

  app.get('/Attendances/approvals', { config: team, schema: { tags, querystring: attendanceApprovalListQuerySchema, response: { 200: attendanceApprovalListReplySchema } } }, async (request) => {
    const page = await svc.approvals(scopeOf(request), request.query);
    return okList(page.rows, page.totalRecords);
  });

  app.post('/Attendances/approval', { config: approve, schema: { tags, body: attendanceApprovalSchema, response: { 200: attendanceApprovalReplySchema } } }, async (request) =>
    ok(await svc.decide(scopeOf(request), request.body), ATTENDANCE_MSG.statusUpdated),
  );

  app.get('/Attendances/reports', { config: team, schema: { tags, querystring: attendanceReportQuerySchema } }, async (request, reply) => {
    const file = await svc.report(scopeOf(request), request.query);
    reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('content-disposition', `attachment; filename="${file.filename}"`);
    return file.buffer;
  });

  app.get('/Users/team', { config: team, schema: { tags: ['Users'], querystring: teamQuerySchema, response: { 200: teamReplySchema } } }, async (request) =>
    ok(await svc.team(scopeOf(request), request.query)),
  );
};
