import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { preparePayslipLogo } from './payslip-logo';

/** A w×h RGBA PNG: the left half opaque blue (#3b5bdb), the right half fully transparent. */
function halfBluePng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const blue = x < width / 2;
      png.data[i] = 0x3b;
      png.data[i + 1] = 0x5b;
      png.data[i + 2] = 0xdb;
      png.data[i + 3] = blue ? 255 : 0;
    }
  }
  return PNG.sync.write(png);
}

function pixel(png: PNG, x: number, y: number): number[] {
  const i = (y * png.width + x) * 4;
  return [png.data[i] ?? -1, png.data[i + 1] ?? -1, png.data[i + 2] ?? -1, png.data[i + 3] ?? -1];
}

describe('payslip logo', () => {
  it('lays a transparent PNG on white and keeps it opaque, so pdfkit need not decode it per payslip', () => {
    const logo = preparePayslipLogo(halfBluePng(200, 100));
    expect(logo).not.toBeNull();
    if (!logo) return;
    expect([logo.width, logo.height]).toEqual([200, 100]);
    const out = PNG.sync.read(logo.png);
    // colour type 2: RGB, no alpha channel
    expect(logo.png[25]).toBe(2);
    expect(pixel(out, 10, 50)).toEqual([0x3b, 0x5b, 0xdb, 255]);
    expect(pixel(out, 190, 50)).toEqual([255, 255, 255, 255]);
  });

  it('scales a large logo down to at most 360 × 192 pixels, keeping its shape, averaging what it merges', () => {
    const logo = preparePayslipLogo(halfBluePng(2048, 2048));
    expect(logo && [logo.width, logo.height]).toEqual([192, 192]);
    const wide = preparePayslipLogo(halfBluePng(1800, 300));
    expect(wide && [wide.width, wide.height]).toEqual([360, 60]);
    if (!wide) return;
    const out = PNG.sync.read(wide.png);
    expect(pixel(out, 0, 0)).toEqual([0x3b, 0x5b, 0xdb, 255]);
    expect(pixel(out, 359, 59)).toEqual([255, 255, 255, 255]);
    expect(wide.png.length).toBeLessThan(10_000);
  });

  it('reads a JPEG', () => {
    const width = 400;
    const height = 400;
    const data = Buffer.alloc(width * height * 4, 200);
    const logo = preparePayslipLogo(jpeg.encode({ width, height, data }, 90).data);
    expect(logo && [logo.width, logo.height]).toEqual([192, 192]);
  });

  it('gives no logo for GIF, WebP or broken bytes (the payslip prints without one)', () => {
    expect(preparePayslipLogo(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).toBeNull();
    expect(preparePayslipLogo(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))).toBeNull();
    expect(preparePayslipLogo(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3]))).toBeNull();
    expect(preparePayslipLogo(Buffer.alloc(0))).toBeNull();
  });
});
