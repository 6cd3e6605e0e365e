import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamOverviewQuerySchema, teamOverviewReplySchema, teamReportQuerySchema } from '@tankha/contracts';
import type { Services } from '../module';
import { ok } from '../../platform/http';
import { scopeOf } from '../../platform/route-scope';

/** My team overview and reports (platform §2.1; paths in my-team.contract.ts). */
export const myTeamRoutes: FastifyPluginAsyncZod<{
  services: Services;
}> = async (app, { services }) => {
  const tags = ['My team'];
  const svc = services.myTeam;
  app.get(
    '/MyTeam/overview',
    {
      config: { access: { permission: 'myTeam.overview' } },
      schema: {
        tags,
        querystring: teamOverviewQuerySchema,
        response: { 200: teamOverviewReplySchema },
      },
    },
    async (request) => ok(await svc.overview(scopeOf(request), request.query)),
  );
  app.get(
    '/MyTeam/reports',
    {
      config: { access: { permission: 'myTeam.reports' } },
      schema: {
        tags,
        querystring: teamReportQuerySchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const file = await svc.report(scopeOf(request), request.query, (error) => request.log.error({ err: error }, 'team report stream failed'));
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${file.filename}"`);
      return file.stream;
    },
  );
};
