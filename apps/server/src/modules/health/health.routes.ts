import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HEALTH_MSG, healthReplySchema, readinessReplySchema } from '@tankha/contracts';
import type { RouteDeps } from '../module';

const startedAt = Date.now();

export const healthRoutes: FastifyPluginAsyncZod<Pick<RouteDeps, 'database' | 'readiness'>> = async (app, { database: { kind, ping }, readiness }) => {
  app.get('/health', { config: { access: { public: true, database: false } }, schema: { tags: ['Health'], response: { 200: healthReplySchema } } }, async () => {
    await ping();
    return {
      statusCode: 200,
      message: 'Success',
      data: { status: 'ok' as const, database: kind, version: '0.1.0', uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) },
    };
  });

  // For load balancers: 200 only while this process takes traffic (migrated, jobs running, not stopping).
  // It reads no database, so a slow database does not take every process out of rotation at once.
  app.get(
    '/health/ready',
    { config: { access: { public: true, database: false } }, schema: { tags: ['Health'], response: { 200: readinessReplySchema, 503: readinessReplySchema } } },
    async (_request, reply) => {
      const status = readiness.state;
      const statusCode = status === 'ready' ? 200 : 503;
      return reply.code(statusCode).header('cache-control', 'no-store').send({ statusCode, message: HEALTH_MSG[status], data: { status } });
    },
  );
};
