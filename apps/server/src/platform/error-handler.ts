import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, MSG } from '@tankha/contracts';
import { AppError } from './errors';

/** Maps every failure to the error envelope `{ statusCode, errorCode, message, errors? }` (DESIGN §4). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // A failure after a handler chose another type (the app shell's text/html stream, a file
    // download) must still answer the JSON envelope, not fail again on the stale content type.
    reply.removeHeader('content-type');
    reply.removeHeader('content-disposition');
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ statusCode: error.statusCode, errorCode: error.errorCode, message: error.message, errors: error.errors });
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
    return reply.code(500).send({ statusCode: 500, errorCode: ErrorCode.Internal, message: 'Something went wrong. Please try again.' });
  });
}
