import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SETTLEMENT_MSG,
  emptyReplySchema,
  exitSettlementIdPathSchema,
  exitSettlementInputSchema,
  exitSettlementListReplySchema,
  exitSettlementReplySchema,
  exitSettlementSettleSchema,
  exitSettlementUpdateSchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';

/**
 * Exits and full-and-final settlement; paths in the header of
 * settlement.contract.ts. Payroll admins record and compute; the Administrator approves and settles.
 */
export const settlementRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const settlements = services.settlement;
  const tags = ['Exit settlements'];
  const view = { access: { permission: 'payroll.settlement.view' as const, feature: 'Payroll' as const } };
  const manage = { access: { permission: 'payroll.settlement.manage' as const, feature: 'Payroll' as const } };
  const approve = { access: { permission: 'payroll.settlement.approve' as const, feature: 'Payroll' as const } };
  const params = exitSettlementIdPathSchema;

  app.get('/ExitSettlements', { config: view, schema: { tags, response: { 200: exitSettlementListReplySchema } } }, async (request) => {
    const list = await settlements.list(scopeOf(request));
    return okList(list, list.length);
  });
  app.post('/ExitSettlements', { config: manage, schema: { tags, body: exitSettlementInputSchema, response: { 201: exitSettlementReplySchema } } }, async (request, reply) => {
    const created = await settlements.create(scopeOf(request), request.body);
    reply.code(201);
    return ok(created, SETTLEMENT_MSG.recorded, 201);
  });
  app.get('/ExitSettlements/:id', { config: view, schema: { tags, params, response: { 200: exitSettlementReplySchema } } }, async (request) => ok(await settlements.get(scopeOf(request), request.params.id)));
  app.put('/ExitSettlements/:id', { config: manage, schema: { tags, params, body: exitSettlementUpdateSchema, response: { 200: exitSettlementReplySchema } } }, async (request) =>
    ok(await settlements.update(scopeOf(request), request.params.id, request.body), SETTLEMENT_MSG.updated),
  );
  app.delete('/ExitSettlements/:id', { config: manage, schema: { tags, params, response: { 200: emptyReplySchema } } }, async (request) => {
    await settlements.remove(scopeOf(request), request.params.id);
    return ok(null, SETTLEMENT_MSG.deleted);
  });
  app.post('/ExitSettlements/:id/recompute', { config: manage, schema: { tags, params, response: { 200: exitSettlementReplySchema } } }, async (request) =>
    ok(await settlements.recompute(scopeOf(request), request.params.id), SETTLEMENT_MSG.recomputed),
  );
  app.post('/ExitSettlements/:id/approve', { config: approve, schema: { tags, params, response: { 200: exitSettlementReplySchema } } }, async (request) =>
    ok(await settlements.approve(scopeOf(request), request.params.id), SETTLEMENT_MSG.approved),
  );
  app.post('/ExitSettlements/:id/mark-settled', { config: approve, schema: { tags, params, body: exitSettlementSettleSchema, response: { 200: exitSettlementReplySchema } } }, async (request) =>
    ok(await settlements.markSettled(scopeOf(request), request.params.id, request.body), SETTLEMENT_MSG.settled),
  );
  app.get('/ExitSettlements/:id/statement.pdf', { config: view, schema: { tags, params, produces: ['application/pdf'] } }, async (request, reply) => {
    const file = await settlements.statementPdf(scopeOf(request), request.params.id);
    reply.header('content-disposition', `attachment; filename="${file.fileName}"`).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').type('application/pdf');
    return file.bytes;
  });
};
