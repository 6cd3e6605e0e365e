import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payrollReportListQuerySchema, payrollReportListReplySchema } from '@tankha/contracts';
import type { Services } from '../module';
import { okList } from '../../platform/http';
import { scopeOf } from '../../platform/route-scope';

/** The payroll area's Reports page: every output generated for a month. */
export const payrollReportRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Payroll reports'];
  const view = { access: { permission: 'payroll.reports.view' as const, feature: 'Payroll' as const } };
  app.get('/PayrollReports', { config: view, schema: { tags, querystring: payrollReportListQuerySchema, response: { 200: payrollReportListReplySchema } } }, async (request) => {
    const list = await services.payrollReports.listEntries(scopeOf(request), request.query.month);
    return okList(list, list.length);
  });
};
