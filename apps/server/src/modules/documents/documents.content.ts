import { inspectImage } from '../../platform/files/images';
import type { UploadedFile } from '../../platform/files/multipart';
import { inspectPdf } from '../../platform/files/pdf';

export type DocumentKind = 'pdf' | 'png' | 'jpg';
export interface DocumentContent {
  kind: DocumentKind;
  mimeType: string;
}
const MIME: Record<DocumentKind, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg' };
const EXTENSIONS: Record<DocumentKind, readonly string[]> = { pdf: ['pdf'], png: ['png'], jpg: ['jpg', 'jpeg'] };

/**
 * Identifies an uploaded document by its bytes, never by its name or declared type: a PDF must
 * parse as one, with a page (platform/files/pdf.ts, as Form 16 checks it: a `%PDF-` header and
 * `%%EOF` around HTML are not a PDF); password-protected PDFs pass, as the proofs employees have
 * often are. PNG and JPEG must decode as images with a width and a height. Anything else is refused.
 */
export async function sniffDocument(bytes: Buffer): Promise<DocumentContent | null> {
  if (bytes.length === 0) return null;
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    const pdf = await inspectPdf(bytes, { allowEncrypted: true });
    return pdf.ok ? { kind: 'pdf', mimeType: MIME.pdf } : null;
  }
  const image = inspectImage(bytes, ['png', 'jpg']);
  if (image && (image.kind === 'png' || image.kind === 'jpg')) return { kind: image.kind, mimeType: MIME[image.kind] };
  return null;
}

/** An uploaded file and what its bytes are (`content` null: not a PDF, PNG or JPEG, or not read). */
export interface DocumentUpload extends UploadedFile {
  content: DocumentContent | null;
}

/**
 * The file of a document upload with its content read — done before the request's unit of work
 * opens (route-scope.ts beforeUnitOfWork), since parsing a PDF takes a while. A file the service
 * refuses for its size (cut off, over `maxBytes`, empty) is not parsed.
 */
export async function readDocumentUpload(file: UploadedFile | null, maxBytes: number): Promise<DocumentUpload | null> {
  if (!file) return null;
  const readable = !file.truncated && file.bytes.length > 0 && file.bytes.length <= maxBytes;
  return { ...file, content: readable ? await sniffDocument(file.bytes) : null };
}

const MAX_NAME = 120;

/**
 * The stored name of an upload: the last path segment only, control and reserved characters
 * replaced, at most 120 characters, and an extension that matches the detected content (a PNG
 * sent as `scan.pdf` is stored as `scan.pdf.png`, never served under a misleading name).
 */
export function sanitiseFileName(original: string, kind: DocumentKind): string {
  const lastSegment = original.split(/[\\/]/).pop() ?? '';
  let name = lastSegment
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N} ._()-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/_+/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  let base = EXTENSIONS[kind].includes(extension) ? name.slice(0, dot) : name;
  const suffix = EXTENSIONS[kind].includes(extension) ? extension : (EXTENSIONS[kind][0] ?? kind);
  base = base.replace(/[\s.]+$/g, '');
  if (!base) base = 'document';
  name = `${base.slice(0, MAX_NAME - suffix.length - 1)}.${suffix}`;
  return name;
}

/** Content-Disposition for a download: an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
