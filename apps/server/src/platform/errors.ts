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

/**
 * A refusal that keeps what the work wrote before it: the unit of work commits, then the caller gets the
 * error (a failed sign-in answers 401 and its audit entry stays). Only the route wrapper reads it.
 */
export class CommittedRefusal extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}
export const refuseKeepingWork = (error: AppError) => new CommittedRefusal(error);

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

/** An upload over a limit that counts what it unpacks to (a ZIP's files, a workbook's parts): the message says which limit. */
export const payloadTooLarge = (message: string) => new AppError(413, ErrorCode.PayloadTooLarge, message);
/** An upload whose content cannot be what it claims (a ZIP bomb, a workbook cell past Excel's own limit). */
export const unprocessable = (message: string) => new AppError(422, ErrorCode.Unprocessable, message);

/**
 * The outcome of work done before a request's unit of work opens (reading an upload's content):
 * its value, or the AppError it ended with, for the service to throw where it checks that input,
 * so that the order of a request's refusals does not depend on where the work ran.
 */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Runs `work`, keeping an AppError as the outcome; any other error is a failure and goes on. */
export async function settle<T>(work: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error };
    throw error;
  }
}

/** The value of a settled outcome, or its error thrown now. */
export function unwrap<T>(settled: Settled<T>): T {
  if (settled.ok) return settled.value;
  throw settled.error;
}
