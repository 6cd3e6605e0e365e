import { z } from 'zod';

/** Every reply is `{ statusCode, message, data }` (DESIGN §4); lists add `totalRecords`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ statusCode: z.number().int(), message: z.string(), data });
}

export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ statusCode: z.number().int(), message: z.string(), data: z.array(item), totalRecords: z.number().int() });
}

export const errorReplySchema = z.object({
  statusCode: z.number().int(),
  errorCode: z.string(),
  message: z.string(),
  /** Per-field messages for validation errors, keyed by the field's path (e.g. "deductions.80C"). */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

export const emptyReplySchema = envelope(z.null());

export interface Envelope<T> {
  statusCode: number;
  message: string;
  data: T;
}
export interface ListEnvelope<T> extends Envelope<T[]> {
  totalRecords: number;
}
