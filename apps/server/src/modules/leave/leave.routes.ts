import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LEAVE_MSG,
  LeaveStatus,
  emptyReplySchema,
  holidayInputSchema,
  holidayListQuerySchema,
  holidayListReplySchema,
  holidayReplySchema,
  leaveAdjustmentInputSchema,
  leaveAdjustmentListQuerySchema,
  leaveAdjustmentListReplySchema,
  leaveAdjustmentReplySchema,
  leaveApplySchema,
  leavePolicyInputSchema,
  leavePolicyListReplySchema,
  leavePolicyReplySchema,
  leaveSettingsInputSchema,
  leaveSettingsReplySchema,
  leaveBalanceQuerySchema,
  leaveBalanceReplySchema,
  leaveDaysQuerySchema,
  leaveDaysReplySchema,
  leaveIdPathSchema,
  leaveListQuerySchema,
  leaveListReplySchema,
  leaveRequestReplySchema,
  leaveStatusInputSchema,
  leaveTypeInputSchema,
  leaveTypeListQuerySchema,
  leaveTypeListReplySchema,
  leaveTypeReplySchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';

const STATUS_MESSAGES = { [LeaveStatus.Approved]: LEAVE_MSG.approved, [LeaveStatus.Rejected]: LEAVE_MSG.rejected, [LeaveStatus.Cancelled]: LEAVE_MSG.cancelled } as const;

/** Holidays, leave types, balances and leave requests (platform §2.1 leaves/ and holidays; docs/api.md "Leave and holidays"). */
export const leaveRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const holidayView = { access: { permission: 'holidays.view' as const } };
  const holidayManage = { access: { permission: 'holidays.manage' as const } };
  const own = { access: { permission: 'leave.own' as const } };
  const decide = { access: { permission: 'leave.decide' as const } };
  const typesManage = { access: { permission: 'leave.types.manage' as const } };
  const balancesManage = { access: { permission: 'leave.balances.manage' as const } };
  const policiesManage = { access: { permission: 'leave.policies.manage' as const } };
  const settingsManage = { access: { permission: 'leave.settings.manage' as const } };

  // Holidays
  {
    const tags = ['Holidays'];
    app.get('/Holidays', { config: holidayView, schema: { tags, querystring: holidayListQuerySchema, response: { 200: holidayListReplySchema } } }, async (request) => {
      const rows = await services.leave.listHolidays(scopeOf(request), request.query.year);
      return okList(rows, rows.length);
    });
    app.post('/Holidays', { config: holidayManage, schema: { tags, body: holidayInputSchema, response: { 201: holidayReplySchema } } }, async (request, reply) => {
      const created = await services.leave.createHoliday(scopeOf(request), request.body);
      reply.code(201);
      return ok(created, LEAVE_MSG.holidayCreated, 201);
    });
    app.put('/Holidays/:id', { config: holidayManage, schema: { tags, params: leaveIdPathSchema, body: holidayInputSchema, response: { 200: holidayReplySchema } } }, async (request) =>
      ok(await services.leave.updateHoliday(scopeOf(request), request.params.id, request.body), LEAVE_MSG.holidayUpdated),
    );
    app.delete('/Holidays/:id', { config: holidayManage, schema: { tags, params: leaveIdPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
      await services.leave.deleteHoliday(scopeOf(request), request.params.id);
      return ok(null, LEAVE_MSG.holidayDeleted);
    });
  }

  // Leave types
  {
    const tags = ['Leave types'];
    app.get('/LeaveTypes', { config: own, schema: { tags, querystring: leaveTypeListQuerySchema, response: { 200: leaveTypeListReplySchema } } }, async (request) => {
      const rows = await services.leave.listLeaveTypes(scopeOf(request), request.query.includeInactive === true);
      return okList(rows, rows.length);
    });
    app.post('/LeaveTypes', { config: typesManage, schema: { tags, body: leaveTypeInputSchema, response: { 201: leaveTypeReplySchema } } }, async (request, reply) => {
      const created = await services.leave.createLeaveType(scopeOf(request), request.body);
      reply.code(201);
      return ok(created, LEAVE_MSG.typeCreated, 201);
    });
    app.put('/LeaveTypes/:id', { config: typesManage, schema: { tags, params: leaveIdPathSchema, body: leaveTypeInputSchema, response: { 200: leaveTypeReplySchema } } }, async (request) =>
      ok(await services.leave.updateLeaveType(scopeOf(request), request.params.id, request.body), LEAVE_MSG.typeUpdated),
    );
    app.delete('/LeaveTypes/:id', { config: typesManage, schema: { tags, params: leaveIdPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
      await services.leave.deleteLeaveType(scopeOf(request), request.params.id);
      return ok(null, LEAVE_MSG.typeDeleted);
    });
  }

  // Balances and requests
  {
    const tags = ['Leaves'];
    app.get('/Leaves/balances', { config: own, schema: { tags, querystring: leaveBalanceQuerySchema, response: { 200: leaveBalanceReplySchema } } }, async (request) => {
      const rows = await services.leave.balances(scopeOf(request), request.query);
      return okList(rows, rows.length);
    });
    app.get('/Leaves/days', { config: own, schema: { tags, querystring: leaveDaysQuerySchema, response: { 200: leaveDaysReplySchema } } }, async (request) =>
      ok(await services.leave.previewDays(scopeOf(request), request.query)),
    );
    app.get('/Leaves', { config: own, schema: { tags, querystring: leaveListQuerySchema, response: { 200: leaveListReplySchema } } }, async (request) => {
      const page = await services.leave.list(scopeOf(request), request.query);
      return okList(page.rows, page.totalRecords);
    });
    app.post('/Leaves', { config: own, schema: { tags, body: leaveApplySchema, response: { 201: leaveRequestReplySchema } } }, async (request, reply) => {
      const created = await services.leave.apply(scopeOf(request), request.body);
      reply.code(201);
      return ok(created, LEAVE_MSG.applied, 201);
    });
    app.put('/Leaves/:id/status', { config: decide, schema: { tags, params: leaveIdPathSchema, body: leaveStatusInputSchema, response: { 200: leaveRequestReplySchema } } }, async (request) =>
      ok(await services.leave.setStatus(scopeOf(request), request.params.id, request.body), STATUS_MESSAGES[request.body.status]),
    );
  }

  // Customize balance: opening balances and adjustments, the ledger
  {
    const tags = ['Leave balances'];
    app.get('/Leaves/balance-adjustments', { config: balancesManage, schema: { tags, querystring: leaveAdjustmentListQuerySchema, response: { 200: leaveAdjustmentListReplySchema } } }, async (request) => {
      const page = await services.leave.listAdjustments(scopeOf(request), request.query);
      return okList(page.rows, page.totalRecords);
    });
    app.post('/Leaves/balance-adjustments', { config: balancesManage, schema: { tags, body: leaveAdjustmentInputSchema, response: { 201: leaveAdjustmentReplySchema } } }, async (request, reply) => {
      const created = await services.leave.adjustBalance(scopeOf(request), request.body);
      reply.code(201);
      return ok(created, LEAVE_MSG.adjustmentSaved, 201);
    });
  }

  // Policies and settings
  {
    const tags = ['Leave policies'];
    app.get('/LeavePolicies', { config: policiesManage, schema: { tags, response: { 200: leavePolicyListReplySchema } } }, async (request) => {
      const rows = await services.leave.listPolicies(scopeOf(request));
      return okList(rows, rows.length);
    });
    app.post('/LeavePolicies', { config: policiesManage, schema: { tags, body: leavePolicyInputSchema, response: { 201: leavePolicyReplySchema } } }, async (request, reply) => {
      const created = await services.leave.createPolicy(scopeOf(request), request.body);
      reply.code(201);
      return ok(created, LEAVE_MSG.policyCreated, 201);
    });
    app.put('/LeavePolicies/:id', { config: policiesManage, schema: { tags, params: leaveIdPathSchema, body: leavePolicyInputSchema, response: { 200: leavePolicyReplySchema } } }, async (request) =>
      ok(await services.leave.updatePolicy(scopeOf(request), request.params.id, request.body), LEAVE_MSG.policyUpdated),
    );
    app.delete('/LeavePolicies/:id', { config: policiesManage, schema: { tags, params: leaveIdPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
      await services.leave.deletePolicy(scopeOf(request), request.params.id);
      return ok(null, LEAVE_MSG.policyDeleted);
    });
    // Everyone reads the settings (the apply modal hides half days when they are off); administrators and moderators change them.
    app.get('/LeaveSettings', { config: own, schema: { tags: ['Leave settings'], response: { 200: leaveSettingsReplySchema } } }, async (request) => ok(await services.leave.getSettings(scopeOf(request))));
    app.put('/LeaveSettings', { config: settingsManage, schema: { tags: ['Leave settings'], body: leaveSettingsInputSchema, response: { 200: leaveSettingsReplySchema } } }, async (request) =>
      ok(await services.leave.saveSettings(scopeOf(request), request.body), LEAVE_MSG.settingsSaved),
    );
  }
};
