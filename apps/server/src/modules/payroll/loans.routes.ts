import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOAN_MSG, loanIdPathSchema, loanInputSchema, loanListQuerySchema, loanListReplySchema, loanReplySchema, loanUpdateSchema } from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';

/**
 * Loans and salary advances; paths in the header of loans.contract.ts. Payroll
 * admins see every loan, the Administrator records and changes them, every employee sees their own.
 */
export const loanRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const loans = services.loans;
  const tags = ['Loans and advances'];
  const view = { access: { permission: 'payroll.loans.view' as const, feature: 'Payroll' as const } };
  const manage = { access: { permission: 'payroll.loans.manage' as const, feature: 'Payroll' as const } };
  const own = { access: { permission: 'loans.own' as const, feature: 'Payslips' as const } };
  const params = loanIdPathSchema;

  app.get('/Loans', { config: view, schema: { tags, querystring: loanListQuerySchema, response: { 200: loanListReplySchema } } }, async (request) => {
    const list = await loans.list(scopeOf(request), request.query.userId);
    return okList(list, list.length);
  });
  app.get('/Loans/mine', { config: own, schema: { tags, response: { 200: loanListReplySchema } } }, async (request) => {
    const list = await loans.mine(scopeOf(request));
    return okList(list, list.length);
  });
  app.post('/Loans', { config: manage, schema: { tags, body: loanInputSchema, response: { 201: loanReplySchema } } }, async (request, reply) => {
    const created = await loans.create(scopeOf(request), request.body);
    reply.code(201);
    return ok(created, LOAN_MSG.recorded, 201);
  });
  app.get('/Loans/:id', { config: view, schema: { tags, params, response: { 200: loanReplySchema } } }, async (request) => ok(await loans.get(scopeOf(request), request.params.id)));
  app.put('/Loans/:id', { config: manage, schema: { tags, params, body: loanUpdateSchema, response: { 200: loanReplySchema } } }, async (request) =>
    ok(await loans.update(scopeOf(request), request.params.id, request.body), LOAN_MSG.updated),
  );
  app.post('/Loans/:id/cancel', { config: manage, schema: { tags, params, response: { 200: loanReplySchema } } }, async (request) => ok(await loans.cancel(scopeOf(request), request.params.id), LOAN_MSG.cancelled));
};
