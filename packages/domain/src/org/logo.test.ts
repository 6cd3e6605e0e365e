import { describe, expect, it } from 'vitest';
import { checkLogoDimensions, checkLogoFile, formatFileSize, LOGO_MAX_BYTES } from './logo';

describe('logo upload rules (platform §5: 5 MB, gif/jpeg/png/jpg, 50x50 to 2048x2048)', () => {
  const png = { name: 'brand.png', sizeBytes: 120_000, mimeType: 'image/png' };

  it('passes a small PNG with the spec’s success text', () => {
    expect(checkLogoFile(png)).toEqual({ ok: true, message: 'File validation passed! brand.png (117.19 KB) is ready for upload.' });
  });

  it('5 MB is 5,242,880 bytes: exactly that passes, one byte more does not', () => {
    expect(checkLogoFile({ ...png, sizeBytes: LOGO_MAX_BYTES }).ok).toBe(true);
    expect(checkLogoFile({ ...png, sizeBytes: LOGO_MAX_BYTES + 1 })).toEqual({ ok: false, message: 'File size (5 MB) exceeds 5MB limit. Please upload a smaller image.' });
  });

  it.each([
    [null, 'No file selected.'],
    [{ ...png, mimeType: 'image/webp' }, 'Invalid file type (image/webp). Please upload GIF, JPEG, PNG, or JPG files only.'],
    [{ ...png, name: 'brand.bmp' }, 'Invalid file extension (.bmp). Please use .gif, .jpeg, .jpg, or .png files.'],
    [{ ...png, name: 'brand' }, 'Invalid file extension (none). Please use .gif, .jpeg, .jpg, or .png files.'],
  ])('%j → %s', (file, message) => expect(checkLogoFile(file)).toEqual({ ok: false, message }));

  it('checks dimensions at both limits', () => {
    expect(checkLogoDimensions({ width: 50, height: 50 }).ok).toBe(true);
    expect(checkLogoDimensions({ width: 2048, height: 2048 }).ok).toBe(true);
    expect(checkLogoDimensions({ width: 49, height: 300 }).message).toBe('Image dimensions (49x300) are below the minimum required size of 50x50 pixels.');
    expect(checkLogoDimensions({ width: 2049, height: 10 }).message).toBe('Image dimensions (2049x10) exceed the maximum allowed size of 2048x2048 pixels.');
    expect(checkLogoDimensions(null).message).toBe('Unable to read image dimensions. Please try a different file.');
  });

  it('formats sizes the way the messages show them', () => {
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(6_500_000)).toBe('6.2 MB');
  });
});
