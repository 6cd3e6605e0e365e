import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WORK_LOCATION_MSG, emptyReplySchema, workLocationIdPathSchema, workLocationInputSchema, workLocationListReplySchema, workLocationReplySchema } from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';

/** Work locations (issue 28): list (everyone in the organisation), create, update, delete (the Administrator). */
export const workLocationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['WorkLocations'];
  const list = { access: { permission: 'workLocations.list' as const } };
  const manage = { access: { permission: 'workLocations.manage' as const } };

  app.get('/WorkLocations', { config: list, schema: { tags, response: { 200: workLocationListReplySchema } } }, async (request) => {
    const rows = await services.workLocation.list(scopeOf(request));
    return okList(rows, rows.length);
  });

  app.post('/WorkLocations', { config: manage, schema: { tags, body: workLocationInputSchema, response: { 201: workLocationReplySchema } } }, async (request, reply) => {
    const created = await services.workLocation.create(scopeOf(request), request.body);
    reply.code(201);
    return ok(created, WORK_LOCATION_MSG.created, 201);
  });

  app.put('/WorkLocations/:id', { config: manage, schema: { tags, params: workLocationIdPathSchema, body: workLocationInputSchema, response: { 200: workLocationReplySchema } } }, async (request) =>
    ok(await services.workLocation.update(scopeOf(request), request.params.id, request.body), WORK_LOCATION_MSG.updated),
  );

  app.delete('/WorkLocations/:id', { config: manage, schema: { tags, params: workLocationIdPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await services.workLocation.remove(scopeOf(request), request.params.id);
    return ok(null, WORK_LOCATION_MSG.deleted);
  });
};
