import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthReplySchema } from '@tankha/contracts';
import type { RouteDeps } from '../module';

const startedAt = Date.now();

export const healthRoutes: FastifyPluginAsyncZod<Pick<RouteDeps, 'database'>> = async (app, { database: { kind, ping } }) => {
  app.get('/health', { config: { access: { public: true, database: false } }, schema: { tags: ['Health'], response: { 200: healthReplySchema } } }, async () => {
    await ping();
    return {
      statusCode: 200,
      message: 'Success',
      data: { status: 'ok' as const, database: kind, version: '0.1.0', uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) },
    };
  });
};
