import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exceptionLogListReplySchema, exceptionLogQuerySchema } from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { okList } from '../../platform/http';

/** GET /exception-logs (platform §7.4; administrators and moderators, §6). */
export const exceptionLogRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/exception-logs',
    { config: { access: { permission: 'exceptionLogs.view' } }, schema: { tags: ['Exception logs'], querystring: exceptionLogQuerySchema, response: { 200: exceptionLogListReplySchema } } },
    async (request) => {
      const page = await services.exceptionLogs.list(scopeOf(request), request.query);
      return okList(page.rows, page.totalRecords);
    },
  );
};
