import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { plansReplySchema, tenantPathSchema, trialReplySchema } from '@tankha/contracts';
import type { Services } from '../../services';
import { publicScopeOf, scopeOf } from '../../platform/route-scope';
import { SIGNED_IN } from '../../platform/auth/access';
import { ok } from '../../platform/http';

export const subscriptionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Subscriptions'];
  // Public, so the pricing page works signed out; the current plan is not marked there.
  app.get('/Subscriptions/plans', { config: { access: { public: true } }, schema: { tags, response: { 200: plansReplySchema } } }, async (request) =>
    ok({ data: await services.subscriptions.listPlans(publicScopeOf(request)) }),
  );
  app.get('/Subscriptions/tenants/:id/trial', { config: { access: SIGNED_IN }, schema: { tags, params: tenantPathSchema, response: { 200: trialReplySchema } } }, async (request) =>
    ok(await services.subscriptions.trial(scopeOf(request), request.params.id)),
  );
};
