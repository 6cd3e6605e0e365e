import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardReplySchema } from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok } from '../../platform/http';

export const dashboardRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get('/dashboard', { config: { access: { permission: 'dashboard.view', feature: 'Dashboard' } }, schema: { tags: ['Dashboard'], response: { 200: dashboardReplySchema } } }, async (request) =>
    ok(await services.dashboard.summary(scopeOf(request))),
  );
};
