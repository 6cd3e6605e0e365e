import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activeCountReplySchema, userIdPathSchema, userProfileReplySchema } from '@tankha/contracts';
import { requireCtx, type Services } from '../../app';
import { ok } from '../../platform/http';

export const userRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Users'];
  app.get('/Users/active-count', { config: { access: { permission: 'users.activeCount' } }, schema: { tags, response: { 200: activeCountReplySchema } } }, async (request) =>
    ok({ activeUsers: await services.users.activeCount(requireCtx(request)) }),
  );
  app.get('/Users/:id', { config: { access: { permission: 'users.viewProfile' } }, schema: { tags, params: userIdPathSchema, response: { 200: userProfileReplySchema } } }, async (request) =>
    ok(await services.users.profile(requireCtx(request), request.params.id)),
  );
};
