import { zipSync } from 'fflate';

/**
 * Small PDFs for upload tests, written by hand so that they are synchronous: `pages` pages, each
 * with a line of text. pdf-lib reads them (it rebuilds the cross-reference table it is not given).
 */
export function makePdf(text = 'Form 16', pages = 1): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${String(4 + i)} 0 R`).join(' ');
  const content = `BT /F1 12 Tf 40 160 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
    `2 0 obj<</Type/Pages/Kids[${kids}]/Count ${String(pages)}>>endobj`,
    `3 0 obj<</Length ${String(content.length)}>>stream\n${content}\nendstream endobj`,
    ...Array.from({ length: pages }, (_, i) => `${String(4 + i)} 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 3 0 R/Resources<</Font<</F1<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>>>>>>>endobj`),
  ];
  return Buffer.from(`%PDF-1.4\n${objects.join('\n')}\ntrailer<</Root 1 0 R/Size ${String(4 + pages)}>>\n%%EOF\n`, 'latin1');
}

/** A PDF whose trailer says it is encrypted (a password-protected file). */
export function makeEncryptedPdf(): Buffer {
  return Buffer.from(
    makePdf('secret')
      .toString('latin1')
      .replace('trailer<<', '9 0 obj<</Filter/Standard/V 1/R 2/O(owner)/U(user)/P -4>>endobj\ntrailer<</Encrypt 9 0 R/ID[<00><00>]'),
    'latin1',
  );
}

/** A ZIP of the given files (name → bytes). */
export function makeZip(entries: Record<string, Buffer>): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, new Uint8Array(bytes)]))));
}

/** A PDF of exactly `size` bytes that parses (one page; a comment line pads it), for size limits. */
export function makePdfOfSize(size: number): Buffer {
  const pdf = makePdf('Sized').toString('latin1');
  const at = pdf.indexOf('trailer');
  const padding = size - pdf.length - 2; // '%' and the line's end
  if (padding < 0) throw new Error(`a PDF cannot be as small as ${String(size)} bytes`);
  return Buffer.from(`${pdf.slice(0, at)}%${'A'.repeat(padding)}\n${pdf.slice(at)}`, 'latin1');
}

/** HTML with a script between a PDF header and an end-of-file marker: not a PDF at all. */
export const DISGUISED_PDF = Buffer.from('%PDF-1.4\n<html><body><script>alert(document.domain)</script></body></html>\n%%EOF\n', 'latin1');
