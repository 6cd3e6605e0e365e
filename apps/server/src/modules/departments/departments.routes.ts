import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEPARTMENT_MSG,
  departmentDeleteQuerySchema,
  departmentDetailQuerySchema,
  departmentDetailReplySchema,
  departmentIdPathSchema,
  departmentInputSchema,
  departmentListOrFilterReplySchema,
  departmentListQuerySchema,
  departmentReplySchema,
  emptyReplySchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';

/** Departments (people spec §7): list, detail with its employees, create, update (also the status toggle), delete. */
export const departmentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Departments'];
  const list = { access: { permission: 'departments.list' as const } };
  const manage = { access: { permission: 'departments.manage' as const } };

  app.get('/Departments', { config: list, schema: { tags, querystring: departmentListQuerySchema, response: { 200: departmentListOrFilterReplySchema } } }, async (request) => {
    const page = await services.department.list(scopeOf(request), request.query);
    return okList<(typeof page.rows)[number]>(page.rows, page.totalRecords);
  });

  app.get('/Departments/:id', { config: list, schema: { tags, params: departmentIdPathSchema, querystring: departmentDetailQuerySchema, response: { 200: departmentDetailReplySchema } } }, async (request) =>
    ok(await services.department.detail(scopeOf(request), request.params.id, request.query)),
  );

  app.post('/Departments', { config: manage, schema: { tags, body: departmentInputSchema, response: { 201: departmentReplySchema } } }, async (request, reply) => {
    const created = await services.department.create(scopeOf(request), request.body);
    reply.code(201);
    return ok(created, DEPARTMENT_MSG.created, 201);
  });

  app.put('/Departments/:id', { config: manage, schema: { tags, params: departmentIdPathSchema, body: departmentInputSchema, response: { 200: departmentReplySchema } } }, async (request) =>
    ok(await services.department.update(scopeOf(request), request.params.id, request.body), DEPARTMENT_MSG.updated),
  );

  app.delete('/Departments/:id', { config: manage, schema: { tags, params: departmentIdPathSchema, querystring: departmentDeleteQuerySchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await services.department.remove(scopeOf(request), request.params.id, request.query);
    return ok(null, DEPARTMENT_MSG.deleted);
  });
};
