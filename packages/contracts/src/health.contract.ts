import { z } from 'zod';

export const healthReplySchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  data: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), version: z.string(), uptimeSeconds: z.number() }),
});
