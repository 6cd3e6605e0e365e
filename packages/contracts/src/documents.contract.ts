import { z } from 'zod';
import { envelope } from './envelope';
import { USER_DOCUMENT_MAX_BYTES, USER_DOCUMENT_TYPES } from './people.messages';

/**
 * An employee's documents (people spec §3 document types, §9 5 MB limit). Files are checked by
 * their content: PDF, JPEG and PNG only, whatever the name or the declared type say.
 */
export const DOCUMENT_MSG = {
  /** The size limit text (§9: 5242880 bytes). */
  tooLarge: 'File size must be less than 5MB',
  badType: 'Only PDF, JPG and PNG files are allowed',
  empty: 'The selected file is empty',
  selectFile: 'Please select a file to upload',
  selectType: 'Please select a document type',
  uploaded: 'Document uploaded successfully',
  deleted: 'Document deleted successfully',
  notFound: 'Document not found',
  userNotFound: 'User not found',
  none: 'No documents uploaded yet',
  /** An Idempotency-Key already used for an upload to another person. */
  keyReused: 'This upload was already used for another person. Choose the file again and upload it.',
} as const;

/** What the file chooser accepts; the server decides by content, not by these. */
export const USER_DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
export const USER_DOCUMENT_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;
export const USER_DOCUMENT_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export type UserDocumentTypeId = (typeof USER_DOCUMENT_TYPES)[number]['id'];

export function documentTypeName(id: number): string {
  return USER_DOCUMENT_TYPES.find((t) => t.id === id)?.name ?? 'Other';
}

/**
 * The client-side pre-check with the server's messages: null when the file may be sent.
 * The server checks again by content.
 */
export function precheckDocumentFile(file: { name: string; size: number; type: string }): string | null {
  if (file.size === 0) return DOCUMENT_MSG.empty;
  if (file.size > USER_DOCUMENT_MAX_BYTES) return DOCUMENT_MSG.tooLarge;
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  const extensionOk = (USER_DOCUMENT_EXTENSIONS as readonly string[]).includes(extension);
  const typeOk = file.type === '' || (USER_DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type);
  if (!extensionOk || !typeOk) return DOCUMENT_MSG.badType;
  return null;
}

export const userDocumentSchema = z.object({
  id: z.string(),
  documentType: z.number().int(),
  documentTypeName: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  mimeType: z.string(),
  /** ISO timestamp. */
  uploadedAt: z.string(),
  uploadedByName: z.string().nullable(),
});
export type UserDocument = z.infer<typeof userDocumentSchema>;
export const userDocumentReplySchema = envelope(userDocumentSchema);
export const userDocumentListReplySchema = envelope(z.array(userDocumentSchema));

/** The multipart text field of an upload (the file travels as the part named `file`). */
export const userDocumentUploadFieldsSchema = z.object({
  documentType: z
    .string({ error: DOCUMENT_MSG.selectType })
    .trim()
    .regex(/^\d+$/, { error: DOCUMENT_MSG.selectType })
    .transform(Number)
    .refine((v) => USER_DOCUMENT_TYPES.some((t) => t.id === v), { error: DOCUMENT_MSG.selectType }),
});

export const userDocumentPathSchema = z.object({
  id: z.uuid({ error: 'id must be a valid id' }),
  documentId: z.uuid({ error: 'documentId must be a valid id' }),
});

/**
 * The header of an upload: a UUID the client makes when the file is picked and sends
 * again on a retry, so a retried upload answers the first one's document instead of adding another.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const userDocumentUploadHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z.uuid({ error: 'Idempotency-Key must be a UUID' }).optional(),
});
