import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SHIFT_MSG,
  currentShiftQuerySchema,
  currentShiftReplySchema,
  emptyReplySchema,
  rosterReplySchema,
  shiftArrayReplySchema,
  shiftAssignDepartmentsSchema,
  shiftAssignReplySchema,
  shiftAssignmentRequestSchema,
  shiftCreateSchema,
  shiftDepartmentPathSchema,
  shiftIdPathSchema,
  shiftListQuerySchema,
  shiftListReplySchema,
  shiftReplySchema,
  shiftRosterQuerySchema,
  shiftUpdateSchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';

/**
 * Shifts (people spec §7 "Shifts", known shapes). Creating and assigning are premium
 * (AdvancedShifts); reading, deleting and editing the default shift are not (docs/decisions/).
 */
export const shiftRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Shifts'];
  const view = { access: { permission: 'shifts.view' as const } };
  const manage = { access: { permission: 'shifts.manage' as const } };
  const create = { access: { permission: 'shifts.manage' as const, feature: 'AdvancedShifts' as const } };
  const assign = { access: { permission: 'shifts.assign' as const, feature: 'AdvancedShifts' as const } };

  // Static paths first in the file for readers; Fastify matches static segments before :id anyway.
  app.get('/Shifts/assigned', { config: view, schema: { tags, querystring: shiftRosterQuerySchema, response: { 200: rosterReplySchema } } }, async (request) => {
    const page = await services.shift.roster(scopeOf(request), request.query);
    return okList<(typeof page.rows)[number]>(page.rows, page.totalRecords);
  });

  app.get(
    '/Shifts/current-shift',
    { config: { access: { permission: 'attendance.own' as const } }, schema: { tags, querystring: currentShiftQuerySchema, response: { 200: currentShiftReplySchema } } },
    async (request) => ok(await services.shift.currentShift(scopeOf(request), request.query.employeeId)),
  );

  app.get('/Shifts/department/:departmentId', { config: view, schema: { tags, params: shiftDepartmentPathSchema, response: { 200: shiftArrayReplySchema } } }, async (request) =>
    ok(await services.shift.forDepartment(scopeOf(request), request.params.departmentId)),
  );

  app.post('/Shifts/assign/departments', { config: assign, schema: { tags, body: shiftAssignDepartmentsSchema, response: { 200: shiftReplySchema } } }, async (request) =>
    ok(await services.shift.assignDepartments(scopeOf(request), request.body), SHIFT_MSG.departmentsAssigned),
  );

  app.post('/Shifts/assign/employees', { config: assign, schema: { tags, body: shiftAssignmentRequestSchema, response: { 200: shiftAssignReplySchema } } }, async (request) =>
    ok(await services.shift.assignEmployees(scopeOf(request), request.body), SHIFT_MSG.assigned),
  );

  app.get('/Shifts', { config: view, schema: { tags, querystring: shiftListQuerySchema, response: { 200: shiftListReplySchema } } }, async (request) => {
    const page = await services.shift.list(scopeOf(request), request.query);
    return okList<(typeof page.rows)[number]>(page.rows, page.totalRecords);
  });

  app.get('/Shifts/:id', { config: view, schema: { tags, params: shiftIdPathSchema, response: { 200: shiftReplySchema } } }, async (request) =>
    ok(await services.shift.get(scopeOf(request), request.params.id)),
  );

  app.post('/Shifts', { config: create, schema: { tags, body: shiftCreateSchema, response: { 201: shiftReplySchema } } }, async (request, reply) => {
    const created = await services.shift.create(scopeOf(request), request.body);
    reply.code(201);
    return ok(created, SHIFT_MSG.created, 201);
  });

  app.put('/Shifts', { config: manage, schema: { tags, body: shiftUpdateSchema, response: { 200: shiftReplySchema } } }, async (request) =>
    ok(await services.shift.update(scopeOf(request), request.body), SHIFT_MSG.updated),
  );

  app.delete('/Shifts/:id', { config: manage, schema: { tags, params: shiftIdPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await services.shift.remove(scopeOf(request), request.params.id);
    return ok(null, SHIFT_MSG.deleted);
  });
};
