import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { plansReplySchema, tenantPathSchema, trialReplySchema } from '@tankha/contracts';
import { requireCtx, type Services } from '../../app';
import { ok } from '../../platform/http';

export const subscriptionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Subscriptions'];
  // Public, so the pricing page works signed out; the current plan is not marked there.
  app.get('/Subscriptions/plans', { config: { access: { public: true } }, schema: { tags, response: { 200: plansReplySchema } } }, async () =>
    ok({ data: await services.subscriptions.listPlans() }),
  );
  app.get('/Subscriptions/tenants/:id/trial', { schema: { tags, params: tenantPathSchema, response: { 200: trialReplySchema } } }, async (request) =>
    ok(await services.subscriptions.trial(requireCtx(request), request.params.id)),
  );
};
