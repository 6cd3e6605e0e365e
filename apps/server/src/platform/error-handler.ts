import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, MSG } from '@tankha/contracts';
import { AppError, CommittedRefusal, fieldError, sqlStateOf } from './errors';
import type {} from './route-scope';

/** An unexpected error of a signed-in organisation's request, as the exception log keeps it. */
export interface UnexpectedErrorReport {
  tenantId: string;
  userId: string;
  occurredAt: string;
  method: string;
  /** The route pattern, never the URL: no query string, no ids. */
  route: string;
  requestId: string;
  errorType: string;
  message: string;
}

const MAX_MESSAGE = 500;

/**
 * The type and message of an unexpected error, without personal data: the driver's own error (the
 * cause of an ORM's "Failed query" error, whose text carries the statement and its parameters) is
 * preferred, and e-mail addresses, PAN-like codes and long digit runs (phone, Aadhaar, account
 * numbers) are masked. Cut to 500 characters.
 */
export function describeUnexpectedError(error: unknown): { errorType: string; message: string } {
  let inner: unknown = error;
  while (inner instanceof Error && inner.cause instanceof Error && /failed query/i.test(inner.message)) inner = inner.cause;
  const e = inner instanceof Error ? inner : new Error(String(inner));
  const code = (e as { code?: unknown }).code;
  const errorType = typeof code === 'string' && code !== '' ? `${e.name} ${code}` : e.name;
  const firstLine = (e.message.split(/\r?\n/)[0] ?? '').replace(/\bparams:.*$/i, '');
  const message = firstLine
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]')
    .replace(/\b[A-Z]{5}\d{4}[A-Z]\b/g, '[pan]')
    .replace(/\d{6,}/g, '[number]')
    .slice(0, MAX_MESSAGE);
  return { errorType: errorType.slice(0, 100), message: message || 'No message' };
}

/** PostgreSQL refuses U+0000 in text and jsonb; refused here, the caller gets a 400 naming the field. */
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

/**
 * The path ("deductions.0.name", "search", "id") of the first string or key holding U+0000 in a
 * parsed body, query or path, or null. Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function findNulField(value: unknown, root = ''): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [current, at] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return at || 'body';
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childAt = at ? `${at}.${key}` : key;
        if (key.includes('\u0000')) return childAt.replaceAll('\u0000', '\\0');
        stack.push([child, childAt]);
      }
    }
  }
  return null;
}

/**
 * SQLSTATEs of a write that lost a race to another at the same moment: a unique key the other took
 * first (23505), a deadlock (40P01) or a serialization failure (40001). The safety net behind the
 * services' own locks and upserts: such a request answers 409 (try again), never 500.
 */
const CONCURRENT_WRITE_STATES: ReadonlySet<string> = new Set(['23505', '40P01', '40001']);

/** Maps every failure to the error envelope `{ statusCode, errorCode, message, errors? }` (DESIGN §4). */
export function registerErrorHandling(app: FastifyInstance, options: { onUnexpected?: (report: UnexpectedErrorReport) => void } = {}): void {
  // One check for every route, present and future: no text with U+0000 reaches a schema or the database.
  app.addHook('preValidation', async (request) => {
    const field = findNulField(request.params) ?? findNulField(request.query) ?? findNulField(request.body);
    if (field !== null) throw fieldError(field, NUL_MESSAGE);
  });
  app.setErrorHandler((thrown: FastifyError | AppError | CommittedRefusal, request, reply) => {
    // A refusal that kept its work answers as its error wherever it surfaces (route-scope.ts unwraps it after COMMIT).
    const error = thrown instanceof CommittedRefusal ? thrown.error : thrown;
    // A failure after a handler chose another type (the app shell's text/html stream, a file
    // download) must still answer the JSON envelope, not fail again on the stale content type.
    reply.removeHeader('content-type');
    reply.removeHeader('content-disposition');
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ statusCode: error.statusCode, errorCode: error.errorCode, message: error.message, errors: error.errors });
    }
    if (CONCURRENT_WRITE_STATES.has(sqlStateOf(error) ?? '')) {
      request.log.warn({ err: error }, 'a concurrent write lost its race: 409');
      return reply.code(409).send({ statusCode: 409, errorCode: ErrorCode.Conflict, message: MSG.concurrentWrite });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      const [field, message] = Object.entries(errors)[0] ?? ['body', 'Invalid request'];
      return reply.code(400).send({ statusCode: 400, errorCode: ErrorCode.Validation, message: `${field}: ${message}`, errors });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ statusCode: 429, errorCode: ErrorCode.RateLimited, message: MSG.tooManyRequests });
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT' || error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return reply.code(error.statusCode ?? 400).send({ statusCode: error.statusCode ?? 400, errorCode: ErrorCode.Validation, message: error.message });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ statusCode: error.statusCode, errorCode: ErrorCode.Validation, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    // By now the request's transaction has rolled back; the log is written apart from it and not waited for.
    const ctx = request.ctx;
    if (ctx && options.onUnexpected) {
      try {
        options.onUnexpected({
          tenantId: ctx.tenantId,
          userId: ctx.userId,
          occurredAt: new Date().toISOString(),
          method: request.method,
          route: request.routeOptions.url ?? (request.url.split('?')[0] ?? ''),
          requestId: String(request.id),
          ...describeUnexpectedError(error),
        });
      } catch (recordError) {
        request.log.error({ err: recordError }, 'exception log not recorded');
      }
    }
    reply.header('x-request-id', String(request.id));
    return reply.code(500).send({ statusCode: 500, errorCode: ErrorCode.Internal, message: 'Something went wrong. Please try again.' });
  });
}
