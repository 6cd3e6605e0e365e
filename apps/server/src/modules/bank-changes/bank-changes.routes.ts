import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BANK_CHANGE_MSG,
  bankChangeIdPathSchema,
  bankChangeListReplySchema,
  bankChangeReplySchema,
  pendingBankChangeReplySchema,
  rejectBankChangeSchema,
  userIdPathSchema,
} from '@tankha/contracts';
import type { RouteDeps } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';

/** Bank details changes awaiting a second person (issue 30 §4). */
export const bankChangeRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  const changes = services.bankChanges;
  const tags = ['Bank changes'];
  const decide = { access: { permission: 'bankChanges.decide' as const } };
  const own = { access: { permission: 'bankChanges.own' as const } };
  const employeeForm = { access: { permission: 'users.update' as const } };

  app.get('/BankChanges', { config: decide, schema: { tags, response: { 200: bankChangeListReplySchema } } }, async (request) => {
    const rows = await changes.listPending(scopeOf(request));
    return okList(rows, rows.length, rows.length === 0 ? BANK_CHANGE_MSG.emptyList : undefined);
  });

  app.get('/BankChanges/mine', { config: own, schema: { tags, response: { 200: pendingBankChangeReplySchema } } }, async (request) => {
    const scope = scopeOf(request);
    return ok(await changes.pendingFor(scope, scope.ctx.userId));
  });

  app.post('/BankChanges/:id/approve', { config: decide, schema: { tags, params: bankChangeIdPathSchema, response: { 200: bankChangeReplySchema } } }, async (request) =>
    ok(await changes.approve(scopeOf(request), request.params.id), BANK_CHANGE_MSG.approved),
  );

  app.post('/BankChanges/:id/reject', { config: decide, schema: { tags, params: bankChangeIdPathSchema, body: rejectBankChangeSchema, response: { 200: bankChangeReplySchema } } }, async (request) =>
    ok(await changes.reject(scopeOf(request), request.params.id, request.body.reason), BANK_CHANGE_MSG.rejected),
  );

  app.get('/Users/:id/bank-change', { config: employeeForm, schema: { tags, params: userIdPathSchema, response: { 200: pendingBankChangeReplySchema } } }, async (request) =>
    ok(await changes.pendingFor(scopeOf(request), request.params.id)),
  );
};
