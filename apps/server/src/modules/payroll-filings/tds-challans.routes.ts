import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TDS_CHALLAN_MSG, emptyReplySchema, form24QQuerySchema, tdsChallanIdPathSchema, tdsChallanInputSchema, tdsChallanListReplySchema, tdsChallanReplySchema } from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';

/** TDS challans; paths in the TDS challans section of payroll-filings.contract.ts. */
export const tdsChallanRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const challans = services.tdsChallans;
  const tags = ['TDS challans'];
  const view = { access: { permission: 'payroll.filings.download' as const, feature: 'Payroll' as const } };
  const manage = { access: { permission: 'payroll.challans.manage' as const, feature: 'Payroll' as const } };
  const params = tdsChallanIdPathSchema;

  app.get('/TdsChallans', { config: view, schema: { tags, querystring: form24QQuerySchema, response: { 200: tdsChallanListReplySchema } } }, async (request) => {
    const rows = await challans.list(scopeOf(request), request.query);
    return okList(rows, rows.length);
  });
  app.post('/TdsChallans', { config: manage, schema: { tags, body: tdsChallanInputSchema, response: { 201: tdsChallanReplySchema } } }, async (request, reply) => {
    const created = await challans.create(scopeOf(request), request.body);
    reply.code(201);
    return ok(created, TDS_CHALLAN_MSG.recorded, 201);
  });
  app.put('/TdsChallans/:id', { config: manage, schema: { tags, params, body: tdsChallanInputSchema, response: { 200: tdsChallanReplySchema } } }, async (request) =>
    ok(await challans.update(scopeOf(request), request.params.id, request.body), TDS_CHALLAN_MSG.updated),
  );
  app.delete('/TdsChallans/:id', { config: manage, schema: { tags, params, response: { 200: emptyReplySchema } } }, async (request) => {
    await challans.remove(scopeOf(request), request.params.id);
    return ok(null, TDS_CHALLAN_MSG.deleted);
  });
};
