import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthReplySchema } from '@tankha/contracts';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';

const startedAt = Date.now();

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; clock: Clock }> = async (app, { database }) => {
  app.get('/health', { config: { access: { public: true } }, schema: { tags: ['Health'], response: { 200: healthReplySchema } } }, async () => {
    await database.db.execute(sql`SELECT 1`);
    return {
      statusCode: 200,
      message: 'Success',
      data: { status: 'ok' as const, database: database.kind, version: '0.1.0', uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) },
    };
  });
};
