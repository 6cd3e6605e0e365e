import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DECLARATION_MSG,
  declarationInputSchema,
  declarationPathSchema,
  declarationQuerySchema,
  declarationReplySchema,
  declarationSummaryQuerySchema,
  declarationSummaryReplySchema,
  deductionOptionsReplySchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok } from '../../platform/http';

/**
 * The employee's IT declaration (payroll spec §7 "Employee declaration"), behind the ITDeclaration
 * feature: every role for their own; another employee's (employeeId / userId) for Administrators and
 * Moderators, checked in the service. Paths in the header of declarations.contract.ts.
 */
export const declarationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const declarations = services.declarations;
  const tags = ['IT declaration'];
  const own = { access: { permission: 'declarations.own' as const, feature: 'ITDeclaration' as const } };

  app.get('/ITDeclaration/deduction-options', { config: own, schema: { tags, response: { 200: deductionOptionsReplySchema } } }, async () => ok(declarations.options(), DECLARATION_MSG.loaded));

  app.get('/ITDeclaration/declarations', { config: own, schema: { tags, querystring: declarationQuerySchema, response: { 200: declarationReplySchema } } }, async (request) =>
    ok(await declarations.get(scopeOf(request), request.query), DECLARATION_MSG.loaded),
  );

  app.post('/ITDeclaration/declarations', { config: own, schema: { tags, body: declarationInputSchema, response: { 200: declarationReplySchema } } }, async (request) =>
    ok(await declarations.create(scopeOf(request), request.body), DECLARATION_MSG.added),
  );

  app.put('/ITDeclaration/declarations/:declarationId', { config: own, schema: { tags, params: declarationPathSchema, body: declarationInputSchema, response: { 200: declarationReplySchema } } }, async (request) =>
    ok(await declarations.update(scopeOf(request), request.params.declarationId, request.body), DECLARATION_MSG.updated),
  );

  app.get('/ITDeclaration/summary', { config: own, schema: { tags, querystring: declarationSummaryQuerySchema, response: { 200: declarationSummaryReplySchema } } }, async (request) =>
    ok(await declarations.summary(scopeOf(request), request.query), DECLARATION_MSG.loaded),
  );
};
