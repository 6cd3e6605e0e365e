import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REGIME_MSG, regimeSwitchQuerySchema, regimeSwitchReplySchema, regimeSwitchSchema, taxComparisonQuerySchema, taxComparisonReplySchema } from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok } from '../../platform/http';

/**
 * Regime comparison and switch (payroll spec §7 "Get tax comparison", "Switch regime"),
 * behind the ITDeclaration feature: every role for their own; another employee's (userId) for
 * Administrators and Moderators, checked in the service. Paths in the header of regime.contract.ts.
 */
export const regimeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const regime = services.regime;
  const tags = ['IT declaration'];
  const own = { access: { permission: 'declarations.own' as const, feature: 'ITDeclaration' as const } };

  app.get('/ITDeclaration/tax-comparison', { config: own, schema: { tags, querystring: taxComparisonQuerySchema, response: { 200: taxComparisonReplySchema } } }, async (request) =>
    ok(await regime.comparison(scopeOf(request), request.query), REGIME_MSG.loaded),
  );

  app.post('/ITDeclaration/switch-regime', { config: own, schema: { tags, querystring: regimeSwitchQuerySchema, body: regimeSwitchSchema, response: { 200: regimeSwitchReplySchema } } }, async (request) => {
    const { result, message } = await regime.switchRegime(scopeOf(request), request.query, request.body);
    return ok(result, message);
  });
};
