import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, fieldError } from '../errors';
import { NUL_MESSAGE } from '../error-handler';

export const MALFORMED_MULTIPART = 'The upload could not be read: the multipart/form-data body is malformed or incomplete. Please choose the file again.';

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  bytes: Buffer;
  /** True when the file was larger than the upload limit and was cut off. */
  truncated: boolean;
}

/**
 * Reads a multipart body into text fields and at most one file (the limits are set on the plugin).
 * With `truncateLargeFile`, a file over the size limit comes back `truncated` for the caller's own
 * message instead of ending the request with the plugin's 413.
 */
export async function readMultipart(request: FastifyRequest, options: { truncateLargeFile?: boolean } = {}): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data body');
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    // throwFileSizeLimit is read by @fastify/multipart per call, though its type lists only busboy's options.
    const perCall = (options.truncateLargeFile ? { throwFileSizeLimit: false } : {}) as Parameters<typeof request.parts>[0];
    for await (const part of request.parts(perCall)) {
      // PostgreSQL refuses U+0000 in text: a field name, value or file name with it is a 400, as in JSON bodies.
      if (part.fieldname.includes('\u0000')) throw fieldError('body', NUL_MESSAGE);
      if (part.type === 'file') {
        if (part.filename.includes('\u0000')) throw fieldError(part.fieldname, `file name ${NUL_MESSAGE}`);
        const bytes = await part.toBuffer().catch((error: unknown) => {
          if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') return null;
          throw error;
        });
        file = { field: part.fieldname, filename: part.filename, mimetype: part.mimetype, bytes: bytes ?? Buffer.alloc(0), truncated: bytes === null || part.file.truncated };
      } else if (typeof part.value === 'string') {
        if (part.value.includes('\u0000')) throw fieldError(part.fieldname, NUL_MESSAGE);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw asMultipartError(error);
  }
  return { fields, file: file && file.filename === '' && file.bytes.length === 0 ? null : file };
}

/**
 * A multipart body with several files (a bulk upload): text fields and every file part, with this
 * request's own limits instead of the one-file limits set on the plugin. More than `maxFiles` files,
 * a file over `maxTotalBytes` or files over it together end the read with the caller's messages.
 */
export async function readMultipartFiles(
  request: FastifyRequest,
  limits: { maxFiles: number; maxTotalBytes: number; messages: { tooMany: string; tooLarge: string } },
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data body');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.maxTotalBytes + 1, files: limits.maxFiles + 1, fields: 30, fieldSize: 10_000 } })) {
      if (part.fieldname.includes('\u0000')) throw fieldError('body', NUL_MESSAGE);
      if (part.type === 'file') {
        if (part.filename.includes('\u0000')) throw fieldError(part.fieldname, `file name ${NUL_MESSAGE}`);
        if (files.length >= limits.maxFiles) throw badRequest(limits.messages.tooMany);
        const bytes = await part.toBuffer().catch((error: unknown) => {
          if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(limits.messages.tooLarge);
          throw error;
        });
        total += bytes.length;
        if (total > limits.maxTotalBytes) throw badRequest(limits.messages.tooLarge);
        if (part.filename === '' && bytes.length === 0) continue;
        files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, bytes, truncated: false });
      } else if (typeof part.value === 'string') {
        if (part.value.includes('\u0000')) throw fieldError(part.fieldname, NUL_MESSAGE);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw asMultipartError(error);
  }
  return { fields, files };
}

/**
 * A body that is not the multipart it claims to be (no boundary, another boundary, cut off, bad
 * headers) is the client's fault: 400, never 500. Limits keep their own 413 and message.
 */
function asMultipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const statusCode = typeof error === 'object' && error !== null && 'statusCode' in error ? Number(error.statusCode) : 0;
  if (statusCode >= 400 && statusCode < 500 && statusCode !== 400) return error;
  return badRequest(MALFORMED_MULTIPART, { body: MALFORMED_MULTIPART });
}

/** Validates multipart text fields with a contract schema; failures look like any other 400. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
  const [field, message] = Object.entries(errors)[0] ?? ['body', 'Invalid request'];
  throw badRequest(`${field}: ${message}`, errors);
}
