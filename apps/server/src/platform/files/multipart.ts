import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../errors';

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  bytes: Buffer;
  /** True when the file was larger than the upload limit and was cut off. */
  truncated: boolean;
}

/** Reads a multipart body into text fields and at most one file (the limits are set on the plugin). */
export async function readMultipart(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data body');
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer().catch((error: unknown) => {
        if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') return null;
        throw error;
      });
      file = { field: part.fieldname, filename: part.filename, mimetype: part.mimetype, bytes: bytes ?? Buffer.alloc(0), truncated: bytes === null || part.file.truncated };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file: file && file.filename === '' && file.bytes.length === 0 ? null : file };
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
