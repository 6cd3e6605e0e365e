import { z } from 'zod';

export const healthReplySchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  data: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), version: z.string(), uptimeSeconds: z.number() }),
});

/** Texts of the readiness probe (load balancers read the status code; people read these in logs). */
export const HEALTH_MSG = {
  ready: 'Ready',
  starting: 'Starting: not accepting traffic yet',
  stopping: 'Shutting down: not accepting new traffic',
} as const;

/** GET /health/ready: 200 when the process takes traffic, 503 while it starts or stops. */
export const readinessReplySchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  data: z.object({ status: z.enum(['starting', 'ready', 'stopping']) }),
});
