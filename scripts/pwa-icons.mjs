// Draws the web app's install icons (apps/web/public/*.png) from the same shapes as favicon.svg: a white
// "T" on the theme's indigo. Run again after changing the mark: `scripts/node24.sh node scripts/pwa-icons.mjs`.
// A plain PNG writer (zlib is built in) so the icons need no image package.
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const OUT = path.resolve(import.meta.dirname, '../apps/web/public');
/** Mantine's indigo[6], the theme's primary shade in light mode (apps/web/src/app/theme.ts). */
const INDIGO = [0x4c, 0x6e, 0xf5];
const WHITE = [0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, tail]);
}
function png(size, pixel) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) row.set(pixel(x + 0.5, y + 0.5), 1 + x * 4);
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** The "T" in a unit square: a bar and a stem, sized to sit inside a maskable icon's safe circle at scale 0.6. */
function inGlyph(u, v) {
  const bar = u >= 0.2 && u <= 0.8 && v >= 0.2 && v <= 0.36;
  const stem = u >= 0.42 && u <= 0.58 && v >= 0.2 && v <= 0.8;
  return bar || stem;
}
/** Inside a square with rounded corners (radius r, in unit coordinates). */
function inRounded(u, v, r) {
  const cx = Math.min(Math.max(u, r), 1 - r);
  const cy = Math.min(Math.max(v, r), 1 - r);
  return (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
}

function icon(size, { maskable }) {
  // A maskable icon is cropped by the platform to a circle or squircle: full-bleed background, glyph in the middle 60%.
  const glyphScale = maskable ? 0.6 : 0.8;
  return png(size, (x, y) => {
    const u = x / size;
    const v = y / size;
    if (!maskable && !inRounded(u, v, 0.2)) return [0, 0, 0, 0];
    const gu = (u - 0.5) / glyphScale + 0.5;
    const gv = (v - 0.5) / glyphScale + 0.5;
    return [...(inGlyph(gu, gv) ? WHITE : INDIGO), 0xff];
  });
}

fs.mkdirSync(OUT, { recursive: true });
fs.writeFileSync(path.join(OUT, 'pwa-192x192.png'), icon(192, { maskable: false }));
fs.writeFileSync(path.join(OUT, 'pwa-512x512.png'), icon(512, { maskable: false }));
fs.writeFileSync(path.join(OUT, 'maskable-512x512.png'), icon(512, { maskable: true }));
fs.writeFileSync(path.join(OUT, 'apple-touch-icon-180x180.png'), icon(180, { maskable: true }));
console.log(`icons written to ${OUT}`);
