import { inspectImage } from '../../platform/files/images';

export type DocumentKind = 'pdf' | 'png' | 'jpg';
const MIME: Record<DocumentKind, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg' };
const EXTENSIONS: Record<DocumentKind, readonly string[]> = { pdf: ['pdf'], png: ['png'], jpg: ['jpg', 'jpeg'] };

/**
 * Identifies an uploaded document by its bytes, never by its name or declared type: a PDF begins
 * with `%PDF-1.` or `%PDF-2.` and ends (within its last 1 KiB, as readers require) with `%%EOF`;
 * PNG and JPEG must decode as images with a width and a height. Anything else is refused.
 */
export function sniffDocument(bytes: Buffer): { kind: DocumentKind; mimeType: string } | null {
  if (bytes.length === 0) return null;
  if (/^%PDF-[12]\.\d/.test(bytes.subarray(0, 8).toString('latin1'))) {
    const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
    return tail.includes('%%EOF') ? { kind: 'pdf', mimeType: MIME.pdf } : null;
  }
  const image = inspectImage(bytes, ['png', 'jpg']);
  if (image && (image.kind === 'png' || image.kind === 'jpg')) return { kind: image.kind, mimeType: MIME[image.kind] };
  return null;
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
