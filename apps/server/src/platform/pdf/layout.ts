import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { create as parseFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * The one PDF layout kit (payslips, settlement statements, Form 16 Part B, sales and plan invoices):
 * the bundled fonts, the A4 page and its palette, a document that collects its bytes, a layout
 * cursor that breaks pages, and the page footer. Renderers in the modules draw their own content
 * with it; money text comes from the domain (formatInr), never from here.
 *
 * Font: a subset of Noto Sans (SIL OFL 1.1, `fonts/OFL.txt`) is bundled, so the rupee sign ₹ and
 * accented Latin names print on every machine; the PDF standard Helvetica has no ₹ and system fonts
 * are not guaranteed on CI or in production images.
 */

function loadFont(file: string): PDFKit.Mixins.PDFFontSource {
  const font = parseFont(readFileSync(new URL(`./fonts/${file}`, import.meta.url)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection`);
  // pdfkit takes a parsed fontkit font as well as bytes (PDFFontFactory.open); its typings list only bytes.
  return font satisfies Font as unknown as PDFKit.Mixins.PDFFontSource;
}
/** Parsed once: parsing per document doubled the render time. Each document still makes its own subset. */
export const FONT_REGULAR = loadFont('NotoSans-Regular.ttf');
export const FONT_BOLD = loadFont('NotoSans-Bold.ttf');

// A4 in points, and the page furniture.
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 40;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
export const RIGHT = PAGE_WIDTH - MARGIN;
/** Content stops here; the footer lives below. */
export const BOTTOM = PAGE_HEIGHT - 56;

export const INK = '#1f2937';
export const MUTED = '#6b7280';
export const RULE = '#d1d5db';
export const PANEL = '#f8f9fc';
export const ACCENT = '#3b5bdb';
export const ACCENT_SOFT = '#eef2ff';
/** A note that needs attention (a held payout, a draft statement). */
export const AMBER_INK = '#92400e';
export const AMBER_FILL = '#fffbeb';
export const AMBER_RULE = '#f59e0b';

export const DASH = '—';
/** A printed value, or a dash when there is none. */
export const orDash = (value: string | null | undefined): string => (value?.trim() ? value.trim() : DASH);

export type Doc = PDFKit.PDFDocument;
export type Face = 'regular' | 'bold';

export interface TextStyle {
  face?: Face;
  size?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

/**
 * The standard security handler of a protected document: AES-128 (PDF 1.6+, security handler
 * revision 4), which every PDF reader opens, phones' built-in viewers included (AES-256 of pdfkit is
 * the deprecated revision 5). Printing is allowed, at full resolution; changing the document,
 * annotating it, filling it and assembling it are not; copying text stays allowed (an employee
 * copies figures into a tax return). The owner password is random and kept nowhere: nobody can lift
 * the restrictions with it.
 */
function protection(userPassword: string): PDFKit.PDFDocumentOptions {
  return {
    pdfVersion: '1.7',
    userPassword,
    ownerPassword: randomBytes(24).toString('base64url'),
    permissions: {
      printing: 'highResolution',
      modifying: false,
      copying: true,
      annotating: false,
      fillingForms: false,
      contentAccessibility: true,
      documentAssembly: false,
    },
  };
}

/**
 * An A4 document in our fonts ('regular' and 'bold'), no page margins (every renderer places its
 * own text), and the promise of its bytes once `doc.end()` is called. `bufferPages` keeps every page
 * open so `pageFooters` can number them at the end. `userPassword`: the document is encrypted and
 * opens only with it (see `protection`).
 */
export function openPdf(options: { title: string; author: string; bufferPages?: boolean; userPassword?: string }): { doc: Doc; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    ...(options.bufferPages ? { bufferPages: true } : {}),
    ...(options.userPassword ? protection(options.userPassword) : {}),
    // Our font as the default: the default default (Helvetica) would parse its metrics file for every document.
    font: FONT_REGULAR as unknown as string,
    info: { Title: options.title, Author: options.author, Creator: 'Tankha' },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** One document being laid out: a cursor `y` that moves down the page and breaks to a new one. */
export class Layout {
  y = MARGIN;
  constructor(readonly doc: Doc) {}

  use(style: TextStyle): Doc {
    return this.doc
      .font(style.face === 'bold' ? 'bold' : 'regular')
      .fontSize(style.size ?? 9)
      .fillColor(style.color ?? INK);
  }

  height(text: string, width: number, style: TextStyle = {}): number {
    return this.use(style).heightOfString(text, { width });
  }

  /** Wrapped text in a box `width` wide; returns its height. */
  text(text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    const doc = this.use(style);
    const height = doc.heightOfString(text, { width });
    doc.text(text, x, y, { width, align: style.align ?? 'left' });
    return height;
  }

  /** One line that never wraps: shrunk until it fits `width` (a crore amount in a narrow column). */
  line(text: string, x: number, y: number, width: number, style: TextStyle = {}): void {
    let size = style.size ?? 9;
    const doc = this.use(style);
    while (size > 6 && doc.widthOfString(text) > width) doc.fontSize((size -= 0.5));
    doc.text(text, x, y, { width, align: style.align ?? 'left', lineBreak: false });
  }

  /** A new page when `needed` points do not fit below the cursor; true when it broke. */
  ensure(needed: number): boolean {
    if (this.y + needed <= BOTTOM) return false;
    this.doc.addPage();
    this.y = MARGIN;
    return true;
  }

  rule(y: number, x1 = MARGIN, x2 = RIGHT, color = RULE): void {
    this.doc.moveTo(x1, y).lineTo(x2, y).lineWidth(0.6).strokeColor(color).stroke();
  }

  box(x: number, y: number, width: number, height: number, fill: string, stroke?: string): void {
    this.doc.roundedRect(x, y, width, height, 4).lineWidth(0.6);
    if (stroke) this.doc.fillAndStroke(fill, stroke);
    else this.doc.fill(fill);
  }
}

/**
 * The footer of every page of a document opened with `bufferPages`: a rule, the document's line
 * ("This is a computer-generated payslip …") and, when there is more than one page, "Page 1 of 2".
 */
export function pageFooters(doc: Doc, text: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = PAGE_HEIGHT - 40;
    doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.6).strokeColor(RULE).stroke();
    doc.font('regular').fontSize(7.5).fillColor(MUTED).text(text, MARGIN, y + 6, { width: CONTENT_WIDTH - 80, lineBreak: false });
    if (range.count > 1) doc.text(`Page ${String(i - range.start + 1)} of ${String(range.count)}`, RIGHT - 80, y + 6, { width: 80, align: 'right', lineBreak: false });
  }
}

/** An image ready to print (PNG bytes and its size in pixels), e.g. an organisation's logo. */
export interface PdfImage {
  png: Buffer;
  width: number;
  height: number;
}

/** The printed logo's box, in points. */
const LOGO_BOX = { width: 90, height: 48 };

/**
 * The document header: the logo and the organisation's name and address on the left; on the right
 * a small label ('PAYSLIP'), the title ('May 2026', the employee's name) and a line under it; an
 * accent rule across the page below the taller side.
 */
export function documentHeader(
  l: Layout,
  h: { name: string; address: string | null; logo: PdfImage | null; rightWidth: number; label: string; title: string; titleSize: number; subtitle: string },
): void {
  const top = l.y;
  let textX = MARGIN;
  let logoBottom = top;
  if (h.logo) {
    const scale = Math.min(LOGO_BOX.width / h.logo.width, LOGO_BOX.height / h.logo.height);
    const width = h.logo.width * scale;
    l.doc.image(h.logo.png, MARGIN, top, { width, height: h.logo.height * scale });
    textX = MARGIN + width + 14;
    logoBottom = top + h.logo.height * scale;
  }
  const leftWidth = RIGHT - h.rightWidth - 12 - textX;
  let y = top;
  y += l.text(h.name, textX, y, leftWidth, { face: 'bold', size: 15 });
  if (h.address?.trim()) {
    y += 2;
    y += l.text(h.address.trim(), textX, y, leftWidth, { size: 8.5, color: MUTED });
  }
  const rx = RIGHT - h.rightWidth;
  let ry = top;
  ry += l.text(h.label, rx, ry, h.rightWidth, { face: 'bold', size: 8, color: ACCENT, align: 'right' });
  ry += l.text(h.title, rx, ry, h.rightWidth, { face: 'bold', size: h.titleSize, align: 'right' });
  ry += l.text(h.subtitle, rx, ry, h.rightWidth, { size: 8, color: MUTED, align: 'right' });
  l.y = Math.max(y, ry, logoBottom) + 12;
  l.rule(l.y, MARGIN, RIGHT, ACCENT);
  l.y += 14;
}

/**
 * Two columns of label and value pairs in a panel (the employee's details): row i of `left` beside
 * row i of `right`, each row as tall as its taller value; the first value in bold.
 */
export function keyValueBox(l: Layout, left: readonly [string, string][], right: readonly [string, string][], options: { labelWidth: number; gapAfter: number }): void {
  const pad = 10;
  const colWidth = (CONTENT_WIDTH - 2 * pad - 16) / 2;
  const { labelWidth } = options;
  const valueWidth = colWidth - labelWidth;
  const rowGap = 5;
  const heights = left.map((row, i) => {
    const other = right[i] ?? ['', ''];
    return Math.max(l.height(row[1], valueWidth, { size: 9 }), l.height(other[1], valueWidth, { size: 9 }));
  });
  const boxHeight = heights.reduce((a, h) => a + h + rowGap, 0) - rowGap + 2 * pad;
  l.ensure(boxHeight);
  l.box(MARGIN, l.y, CONTENT_WIDTH, boxHeight, PANEL, RULE);
  let y = l.y + pad;
  left.forEach((row, i) => {
    const other = right[i] ?? ['', ''];
    const x1 = MARGIN + pad;
    const x2 = MARGIN + pad + colWidth + 16;
    l.text(row[0], x1, y + 0.5, labelWidth - 6, { size: 8, color: MUTED });
    l.text(row[1], x1 + labelWidth, y, valueWidth, { face: i === 0 ? 'bold' : 'regular', size: 9 });
    l.text(other[0], x2, y + 0.5, labelWidth - 6, { size: 8, color: MUTED });
    l.text(other[1], x2 + labelWidth, y, valueWidth, { size: 9 });
    y += (heights[i] ?? 0) + rowGap;
  });
  l.y += boxHeight + options.gapAfter;
}

/** A full-width note in bold (a held payout, a draft statement), in its own colours. */
export function noteBox(l: Layout, text: string, colours: { ink: string; fill: string; stroke: string } = { ink: AMBER_INK, fill: AMBER_FILL, stroke: AMBER_RULE }): void {
  const pad = 8;
  const height = l.height(text, CONTENT_WIDTH - 2 * pad, { face: 'bold', size: 8.5 }) + 2 * pad;
  l.ensure(height);
  l.box(MARGIN, l.y, CONTENT_WIDTH, height, colours.fill, colours.stroke);
  l.text(text, MARGIN + pad, l.y + pad, CONTENT_WIDTH - 2 * pad, { face: 'bold', size: 8.5, color: colours.ink });
  l.y += height + 10;
}
