import { AsyncLocalStorage } from 'node:async_hooks';
import { PDFContext, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

/** What an uploaded file turned out to be, by its bytes (never its name or declared type). */
export type PdfInspection = { ok: true; pageCount: number } | { ok: false; reason: 'notPdf' | 'encrypted' };

const HEADER = /^%PDF-[12]\.\d/;

/**
 * Bytes pdf-lib may decode while it parses one upload. Parsing decodes the object streams and
 * cross-reference streams (a few KB to a few MB in real files), and a FlateDecode stream of 5 MB
 * can decode to 5 GB: past this budget the file is refused instead.
 */
const MAX_DECODED_BYTES = 32 * 1024 * 1024;
const LIMITED = Symbol.for('tankha.pdf-decode-budget');
/** One store for every copy of this module: pdf-lib is loaded once per process, a test runner may load this file again. */
const shared = globalThis as { [LIMITED]?: AsyncLocalStorage<{ remainingBytes: number }> };
const decodeBudget = (shared[LIMITED] ??= new AsyncLocalStorage<{ remainingBytes: number }>());
class DecodeBudgetExceeded extends Error {}

/**
 * pdf-lib decodes every stream through one base class (its port of pdf.js's DecodeStream), which
 * grows its buffer through `ensureBuffer` as a block decodes — inside a single block, so asking
 * for fewer bytes does not bound it. The class is not exported; its prototype is reached through a
 * stream pdf-lib makes. Within `decodeBudget.run`, each growth is charged and the decode stops when
 * the budget is spent; elsewhere (merging stored PDFs) nothing changes.
 */
function limitStreamDecoding(): void {
  const context = PDFContext.create();
  // A zlib header alone (0x78 0x9c): FlateStream reads it when made, nothing more.
  const probe = decodePDFRawStream(PDFRawStream.of(context.obj({ Filter: 'FlateDecode' }), Uint8Array.of(0x78, 0x9c)));
  type EnsureBuffer = (this: { buffer: Uint8Array; minBufferLength: number }, requested: number) => Uint8Array;
  const base = Object.getPrototypeOf(Object.getPrototypeOf(probe)) as { ensureBuffer?: EnsureBuffer; [LIMITED]?: true };
  const original = base.ensureBuffer;
  if (typeof original !== 'function') throw new Error('pdf-lib: DecodeStream.ensureBuffer not found; the decode budget for uploaded PDFs cannot be set');
  if (base[LIMITED]) return;
  base[LIMITED] = true;
  base.ensureBuffer = function ensureBuffer(requested) {
    const budget = decodeBudget.getStore();
    if (budget && requested > this.buffer.length) {
      // The buffer it is about to allocate: the first power of two from minBufferLength that holds `requested`.
      let size = this.minBufferLength;
      while (size < requested) size *= 2;
      budget.remainingBytes -= size - this.buffer.length;
      if (budget.remainingBytes < 0) throw new DecodeBudgetExceeded('decoded streams past the budget');
    }
    return original.call(this, requested);
  };
}
limitStreamDecoding();

/**
 * A PDF by content: the header `%PDF-1.x` / `%PDF-2.x` at the start, `%%EOF` within the last
 * 1 KiB (as readers require), and a real parse with pdf-lib that finds at least one page, with at
 * most MAX_DECODED_BYTES of streams decoded on the way. An encrypted (password-protected) PDF is
 * told apart — its pages cannot be merged or read back — unless `allowEncrypted`, where it passes
 * when its page tree parses (a password-protected bank statement is still a proof).
 */
export async function inspectPdf(bytes: Uint8Array, options: { allowEncrypted?: boolean } = {}): Promise<PdfInspection> {
  if (bytes.length < 8) return { ok: false, reason: 'notPdf' };
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!HEADER.test(buffer.subarray(0, 8).toString('latin1'))) return { ok: false, reason: 'notPdf' };
  if (!buffer.subarray(Math.max(0, buffer.length - 1024)).toString('latin1').includes('%%EOF')) return { ok: false, reason: 'notPdf' };
  try {
    const doc = await decodeBudget.run({ remainingBytes: MAX_DECODED_BYTES }, () =>
      PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: options.allowEncrypted === true }),
    );
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
