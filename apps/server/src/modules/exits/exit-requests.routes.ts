import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EXIT_REQUEST_MSG as MSG,
  exitProposalReplySchema,
  exitRequestApproveSchema,
  exitRequestIdPathSchema,
  exitRequestInputSchema,
  exitRequestListReplySchema,
  exitRequestRejectSchema,
  exitRequestReplySchema,
  exitRequestTeamQuerySchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { ok, okList } from '../../platform/http';
import { scopeOf } from '../../platform/route-scope';

/**
 * Exit requests (platform §2.1 exit/my-requests and my-team/exit); paths in the header of
 * exit-requests.contract.ts. Every role resigns; deciding is scoped to the reporting manager,
 * administrators and moderators in the service.
 */
export const exitRequestRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const exits = services.exitRequests;
  const tags = ['Exit requests'];
  const own = { access: { permission: 'exits.own' as const, feature: 'ExitManagement' as const } };
  const decide = { access: { permission: 'exits.decide' as const, feature: 'ExitManagement' as const } };
  const settlements = { access: { permission: 'payroll.settlement.view' as const, feature: 'Payroll' as const } };
  const params = exitRequestIdPathSchema;

  app.get('/ExitRequests/proposal', { config: own, schema: { tags, response: { 200: exitProposalReplySchema } } }, async (request) => ok(await exits.proposal(scopeOf(request))));
  app.get('/ExitRequests/mine', { config: own, schema: { tags, response: { 200: exitRequestListReplySchema } } }, async (request) => {
    const list = await exits.mine(scopeOf(request));
    return okList(list, list.length);
  });
  app.post('/ExitRequests', { config: own, schema: { tags, body: exitRequestInputSchema, response: { 201: exitRequestReplySchema } } }, async (request, reply) => {
    const created = await exits.submit(scopeOf(request), request.body);
    reply.code(201);
    return ok(created, MSG.submitted, 201);
  });
  app.post('/ExitRequests/:id/withdraw', { config: own, schema: { tags, params, response: { 200: exitRequestReplySchema } } }, async (request) => ok(await exits.withdraw(scopeOf(request), request.params.id), MSG.withdrawn));
  app.get('/ExitRequests/team', { config: decide, schema: { tags, querystring: exitRequestTeamQuerySchema, response: { 200: exitRequestListReplySchema } } }, async (request) => {
    const list = await exits.team(scopeOf(request), request.query.status);
    return okList(list, list.length);
  });
  app.get('/ExitRequests/awaiting-settlement', { config: settlements, schema: { tags, response: { 200: exitRequestListReplySchema } } }, async (request) => {
    const list = await exits.awaitingSettlement(scopeOf(request));
    return okList(list, list.length);
  });
  app.get('/ExitRequests/:id', { config: own, schema: { tags, params, response: { 200: exitRequestReplySchema } } }, async (request) => ok(await exits.get(scopeOf(request), request.params.id)));
  app.post('/ExitRequests/:id/approve', { config: decide, schema: { tags, params, body: exitRequestApproveSchema, response: { 200: exitRequestReplySchema } } }, async (request) =>
    ok(await exits.approve(scopeOf(request), request.params.id, request.body), MSG.approved),
  );
  app.post('/ExitRequests/:id/reject', { config: decide, schema: { tags, params, body: exitRequestRejectSchema, response: { 200: exitRequestReplySchema } } }, async (request) =>
    ok(await exits.reject(scopeOf(request), request.params.id, request.body), MSG.rejected),
  );
};
