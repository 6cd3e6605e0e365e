import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/**
 * The organisation's logo made fit for 10,000 payslips: decoded once, laid on white, scaled down to
 * at most LOGO_MAX_PX and stored as an opaque PNG. pdfkit copies an opaque PNG's data into the PDF
 * as it is, but decodes and recompresses a transparent one for every document (a 2048×2048 logo,
 * which the logo upload allows, cost 185 ms a payslip and 5 MB of JPEG would be copied into each).
 */
export interface PayslipLogo {
  png: Buffer;
  width: number;
  height: number;
}

/** Four times the printed box (90 × 48 pt) at 72 dpi: sharp at 300 dpi. */
const LOGO_MAX_PX = { width: 360, height: 192 };

function decode(bytes: Buffer): { width: number; height: number; rgba: Uint8Array } | null {
  try {
    if (bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47) {
      const png = PNG.sync.read(bytes);
      return { width: png.width, height: png.height, rgba: png.data };
    }
    if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
      const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 16, maxMemoryUsageInMB: 256 });
      return { width: image.width, height: image.height, rgba: image.data };
    }
  } catch {
    // not decodable: no logo
  }
  return null;
}

/**
 * PNG or JPEG bytes → an opaque PNG no larger than LOGO_MAX_PX, or null for anything else (GIF and
 * WebP logos, broken files): the payslip then prints without a logo. Pixels are averaged over the
 * area each output pixel covers, after laying them on white (the page colour).
 */
export function preparePayslipLogo(bytes: Buffer): PayslipLogo | null {
  const image = decode(bytes);
  if (!image || image.width < 1 || image.height < 1) return null;
  const scale = Math.min(1, LOGO_MAX_PX.width / image.width, LOGO_MAX_PX.height / image.height);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const out = new PNG({ width, height, colorType: 2, inputHasAlpha: true });
  const src = image.rgba;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * image.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * image.height) / height));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor((x * image.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * image.width) / width));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const i = (sy * image.width + sx) * 4;
          const alpha = (src[i + 3] ?? 255) / 255;
          // Over white: c·α + 255·(1 − α).
          r += (src[i] ?? 0) * alpha + 255 * (1 - alpha);
          g += (src[i + 1] ?? 0) * alpha + 255 * (1 - alpha);
          b += (src[i + 2] ?? 0) * alpha + 255 * (1 - alpha);
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * width + x) * 4;
      out.data[o] = Math.round(r / n);
      out.data[o + 1] = Math.round(g / n);
      out.data[o + 2] = Math.round(b / n);
      out.data[o + 3] = 255;
    }
  }
  return { png: PNG.sync.write(out, { colorType: 2 }), width, height };
}
