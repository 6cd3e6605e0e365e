import { z } from 'zod';
import { dateSchema } from './dates';
import { listEnvelope } from './envelope';

/**
 * Exception logs (platform §2.1 /exception-logs, §6, §7.4 GET /exception-logs): the organisation's
 * unexpected server errors. The spec shows the path only; the fields and filters are ours
 * (docs/decisions/0133-exception-logs.md).
 */

export const EXCEPTION_LOG_PAGE_SIZE = 20;
export const EXCEPTION_LOG_RETENTION_DAYS = 90;

export const exceptionLogSchema = z.object({
  id: z.string(),
  /** ISO 8601 UTC. */
  occurredAt: z.string(),
  method: z.string(),
  /** The route pattern ('/backend/api/Leaves/:id/status'), never the query string. */
  route: z.string(),
  requestId: z.string(),
  errorType: z.string(),
  message: z.string(),
  userId: z.string().nullable(),
});
export type ExceptionLog = z.infer<typeof exceptionLogSchema>;

const date = (name: string) => dateSchema(`${name} must be a date (YYYY-MM-DD)`);

export const exceptionLogQuerySchema = z
  .object({
    pageNumber: z.coerce.number({ error: 'pageNumber must be a whole number of at least 1' }).int('pageNumber must be a whole number of at least 1').min(1, 'pageNumber must be a whole number of at least 1').default(1),
    pageSize: z.coerce.number({ error: 'pageSize must be between 1 and 100' }).int('pageSize must be between 1 and 100').min(1, 'pageSize must be between 1 and 100').max(100, 'pageSize must be between 1 and 100').default(EXCEPTION_LOG_PAGE_SIZE),
    /** Dates in the organisation's time zone, both included. */
    from: date('from').optional(),
    to: date('to').optional(),
    /** Part of the route pattern. */
    route: z.string().trim().max(200, 'route must be at most 200 characters').optional(),
    /** Part of the message, the error type or the request id. */
    search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to cannot be before from' });
  });
export type ExceptionLogQuery = z.output<typeof exceptionLogQuerySchema>;
export const exceptionLogListReplySchema = listEnvelope(exceptionLogSchema);
