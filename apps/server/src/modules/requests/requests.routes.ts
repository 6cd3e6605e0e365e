import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REQUEST_MSG,
  RequestStatus,
  createRequestSchema,
  requestIdPathSchema,
  requestListQuerySchema,
  requestListReplySchema,
  requestReplySchema,
  updateRequestStatusSchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';

/**
 * Requests (people spec §7 "Regularization requests"; platform §3.1): create for the signed-in user,
 * list own or the team's by reportee scope, change the status. A premium feature (people spec §6).
 */
export const requestRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Requests'];
  const own = { access: { permission: 'requests.own' as const, feature: 'AttendanceRequests' as const } };
  const decide = { access: { permission: 'requests.decide' as const, feature: 'AttendanceRequests' as const } };

  app.post('/Requests', { config: own, schema: { tags, body: createRequestSchema, response: { 200: requestReplySchema } } }, async (request) =>
    ok(await services.request.create(scopeOf(request), request.body), REQUEST_MSG.submitted),
  );

  app.get('/Requests', { config: own, schema: { tags, querystring: requestListQuerySchema, response: { 200: requestListReplySchema } } }, async (request) => {
    const page = await services.request.list(scopeOf(request), request.query);
    return okList(page.rows, page.totalRecords);
  });

  app.put(
    '/Requests/:id/status',
    { config: decide, schema: { tags, params: requestIdPathSchema, body: updateRequestStatusSchema, response: { 200: requestReplySchema } } },
    async (request) => {
      const row = await services.request.updateStatus(scopeOf(request), request.params.id, request.body);
      const message = request.body.status === RequestStatus.Completed ? REQUEST_MSG.approved : request.body.status === RequestStatus.Rejected ? REQUEST_MSG.rejected : REQUEST_MSG.cancelled;
      return ok(row, message);
    },
  );
};
