import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplySchema, taxCalculateReplySchema, taxCalculateRequestSchema } from '@tankha/contracts';
import type { Services } from '../module';
import { ok } from '../../platform/http';

export const taxRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Tax'];
  // Public: anyone may compare regimes before signing up. No database work, so no rate limit.
  app.post(
    '/tax/calculate',
    {
      config: { access: { public: true, database: false } },
      schema: { tags, security: [], body: taxCalculateRequestSchema, response: { 200: taxCalculateReplySchema, 400: errorReplySchema } },
    },
    async (request) => ok(services.tax.calculate(request.body)),
  );
};
