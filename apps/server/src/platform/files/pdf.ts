import { PDFDocument } from 'pdf-lib';

/** What an uploaded file turned out to be, by its bytes (never its name or declared type). */
export type PdfInspection = { ok: true; pageCount: number } | { ok: false; reason: 'notPdf' | 'encrypted' };

const HEADER = /^%PDF-[12]\.\d/;

/**
 * A PDF by content: the header `%PDF-1.x` / `%PDF-2.x` at the start, `%%EOF` within the last
 * 1 KiB (as readers require), and a real parse with pdf-lib that finds at least one page. An
 * encrypted (password-protected) PDF is told apart: its pages cannot be merged or read back.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  if (bytes.length < 8) return { ok: false, reason: 'notPdf' };
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!HEADER.test(buffer.subarray(0, 8).toString('latin1'))) return { ok: false, reason: 'notPdf' };
  if (!buffer.subarray(Math.max(0, buffer.length - 1024)).toString('latin1').includes('%%EOF')) return { ok: false, reason: 'notPdf' };
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const pageCount = doc.getPageCount();
    return pageCount > 0 ? { ok: true, pageCount } : { ok: false, reason: 'notPdf' };
  } catch (error) {
    // pdf-lib is compiled to ES5, where `instanceof EncryptedPDFError` is false: its message tells.
    if (error instanceof Error && /is encrypted/.test(error.message)) return { ok: false, reason: 'encrypted' };
    return { ok: false, reason: 'notPdf' };
  }
}

/** One PDF of every page of `parts`, in order (each part was checked by inspectPdf when it was stored). */
export async function mergePdfs(parts: readonly Uint8Array[], title: string): Promise<Buffer> {
  const merged = await PDFDocument.create();
  merged.setTitle(title);
  merged.setProducer('Tankha');
  for (const bytes of parts) {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = await merged.copyPages(doc, doc.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  // Without object streams: readable by older PDF readers (and its page tree by eye).
  return Buffer.from(await merged.save({ useObjectStreams: false }));
}
