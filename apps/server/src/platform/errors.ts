import { ErrorCode, MSG, type ErrorCodeValue } from '@tankha/contracts';

/** An error with the HTTP status and the spec's errorCode and message; the error handler sends it as is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCodeValue | string,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, ErrorCode.Validation, message, errors);
/** A validation failure on one field: the message names the field, `errors` carries the bare text. */
export const fieldError = (field: string, message: string) => new AppError(400, ErrorCode.Validation, `${field}: ${message}`, { [field]: message });
export const unauthorized = (errorCode: string, message: string) => new AppError(401, errorCode, message);
export const forbidden = (message: string = MSG.permissionDenied, errorCode: string = ErrorCode.Forbidden) => new AppError(403, errorCode, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, ErrorCode.NotFound, message);
export const conflict = (message: string) => new AppError(409, ErrorCode.Conflict, message);

/**
 * The SQLSTATE of a database error, looked for down the `cause` chain (an ORM's "Failed query" error
 * wraps the driver's), or null. PGlite and pg report the same codes.
 */
export function sqlStateOf(error: unknown): string | null {
  let e: unknown = error;
  for (let depth = 0; depth < 8 && e !== null && typeof e === 'object'; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** A unique index refused the row: the answer to a race a pre-check lost. */
export const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';
