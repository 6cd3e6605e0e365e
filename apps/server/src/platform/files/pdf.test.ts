import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DISGUISED_PDF, makeEncryptedPdf, makePdf } from '../../testing/pdfs';
import { inspectPdf } from './pdf';

/**
 * A one-page PDF whose catalog and page tree sit in an object stream (FlateDecode) padded with
 * `paddingBytes` of blanks once decoded: a few KB packed, whatever size unpacked.
 */
function pdfWithObjectStream(paddingBytes: number): Buffer {
  const catalog = '<</Type/Catalog/Pages 2 0 R>>';
  const pages = '<</Type/Pages/Kids[4 0 R]/Count 1>>';
  const offsets = `1 0 2 ${String(catalog.length + 1)} `;
  const decoded = Buffer.concat([Buffer.from(`${offsets}${catalog} ${pages} `, 'latin1'), Buffer.alloc(paddingBytes, 0x20)]);
  const packed = deflateSync(decoded);
  const content = 'BT /F1 12 Tf 40 160 Td (Object stream) Tj ET';
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.5\n3 0 obj<</Length ${String(content.length)}>>stream\n${content}\nendstream endobj\n` +
        '4 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 3 0 R>>endobj\n' +
        `5 0 obj<</Type/ObjStm/N 2/First ${String(offsets.length)}/Filter/FlateDecode/Length ${String(packed.length)}>>stream\n`,
      'latin1',
    ),
    packed,
    Buffer.from('\nendstream\nendobj\ntrailer<</Root 1 0 R/Size 6>>\n%%EOF\n', 'latin1'),
  ]);
}

describe('inspectPdf', () => {
  it('parses a PDF and counts its pages', async () => {
    expect(await inspectPdf(makePdf('x', 3))).toEqual({ ok: true, pageCount: 3 });
  });

  it('refuses HTML between a PDF header and %%EOF, and tells an encrypted PDF apart unless it is allowed', async () => {
    expect(await inspectPdf(DISGUISED_PDF)).toEqual({ ok: false, reason: 'notPdf' });
    expect(await inspectPdf(makeEncryptedPdf())).toEqual({ ok: false, reason: 'encrypted' });
    expect(await inspectPdf(makeEncryptedPdf(), { allowEncrypted: true })).toEqual({ ok: true, pageCount: 1 });
  });

  it('decodes at most 32 MB of object streams: one that decodes to 40 MB is refused, not held', async () => {
    expect(await inspectPdf(pdfWithObjectStream(1024 * 1024))).toEqual({ ok: true, pageCount: 1 });
    const bomb = pdfWithObjectStream(40 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await inspectPdf(bomb)).toEqual({ ok: false, reason: 'notPdf' });
  });
});
