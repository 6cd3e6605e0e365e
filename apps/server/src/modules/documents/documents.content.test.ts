import { describe, expect, it } from 'vitest';
import { makePng } from '../../testing/images';
import { DISGUISED_PDF, makeEncryptedPdf, makePdf } from '../../testing/pdfs';
import { attachmentDisposition, sanitiseFileName, sniffDocument } from './documents.content';

describe('sniffDocument', () => {
  it('knows PDF, PNG and JPEG by their bytes', async () => {
    expect(await sniffDocument(makePdf())).toEqual({ kind: 'pdf', mimeType: 'application/pdf' });
    expect(await sniffDocument(makePng(1, 1))).toEqual({ kind: 'png', mimeType: 'image/png' });
    const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0001108001000200301220002110103110100ffd9', 'hex');
    expect(await sniffDocument(jpeg)).toEqual({ kind: 'jpg', mimeType: 'image/jpeg' });
  });

  it('takes a password-protected PDF whose pages parse (proofs often are)', async () => {
    expect(await sniffDocument(makeEncryptedPdf())).toEqual({ kind: 'pdf', mimeType: 'application/pdf' });
  });

  it('refuses everything else, a PDF header and %%EOF around anything but a PDF included', async () => {
    expect(await sniffDocument(Buffer.alloc(0))).toBeNull();
    expect(await sniffDocument(Buffer.from('MZ\x90\x00'))).toBeNull();
    expect(await sniffDocument(Buffer.from('%PDF-1.4 but no end'))).toBeNull();
    expect(await sniffDocument(Buffer.from(' %PDF-1.4\n%%EOF'))).toBeNull();
    expect(await sniffDocument(Buffer.from('%PDF-1.7\n%%EOF\n'))).toBeNull();
    expect(await sniffDocument(DISGUISED_PDF)).toBeNull();
    expect(await sniffDocument(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
  });
});

describe('sanitiseFileName', () => {
  it.each([
    ['Aadhaar card.pdf', 'pdf', 'Aadhaar card.pdf'],
    ['C:\\Users\\meera\\pan.PDF', 'pdf', 'pan.pdf'],
    ['../../etc/passwd', 'pdf', 'passwd.pdf'],
    ['photo.jpg', 'png', 'photo.jpg.png'],
    ['scan.JPEG', 'jpg', 'scan.jpeg'],
    ['a<b>:c|d?.png', 'png', 'a_b_c_d_.png'],
    ['...', 'pdf', 'document.pdf'],
    ['', 'png', 'document.png'],
    ['आधार.pdf', 'pdf', 'आधार.pdf'],
  ] as const)('%j as %s → %j', (input, kind, expected) => {
    expect(sanitiseFileName(input, kind)).toBe(expected);
  });

  it('keeps names to 120 characters with the extension', () => {
    const name = sanitiseFileName(`${'x'.repeat(300)}.pdf`, 'pdf');
    expect(name).toHaveLength(120);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('आधार.pdf')).toBe(`attachment; filename="____.pdf"; filename*=UTF-8''%E0%A4%86%E0%A4%A7%E0%A4%BE%E0%A4%B0.pdf`);
    expect(attachmentDisposition('pan (1).pdf')).toBe(`attachment; filename="pan (1).pdf"; filename*=UTF-8''pan%20%281%29.pdf`);
  });
});
