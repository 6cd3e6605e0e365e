import { formatDisplayDate, formatInr } from '@tankha/domain';
import { ACCENT, CONTENT_WIDTH as WIDTH, DASH, Layout, MARGIN, MUTED, openPdf, RIGHT } from '../../platform/pdf/layout';
import type { PlanCreditNoteData, PlanInvoiceData, PlanInvoiceParty } from './plan-invoice';

function party(l: Layout, title: string, p: PlanInvoiceParty, x: number, y: number, width: number): number {
  let h = l.text(title, x, y, width, { face: 'bold', size: 8, color: ACCENT });
  h += l.text(p.name, x, y + h, width, { face: 'bold', size: 10 });
  if (p.address?.trim()) h += l.text(p.address.trim(), x, y + h, width, { size: 8.5, color: MUTED });
  h += l.text(`GSTIN: ${p.gstin ?? 'Unregistered'}`, x, y + h + 2, width, { size: 8.5 }) + 2;
  if (p.stateCode) h += l.text(`State: ${p.stateName ?? ''} (${p.stateCode})`, x, y + h, width, { size: 8.5 });
  return h;
}

/** The GST block under the line table of an invoice or a credit note: taxable value, CGST + SGST or IGST, total, amount in words. */
function gstTotals(l: Layout, gst: PlanInvoiceData['gst'], taxableLabel: string, totalLabel: string): void {
  const totals: [string, string, boolean][] = [[taxableLabel, formatInr(gst.taxablePaise), false]];
  if (gst.supply === 'intra') {
    totals.push([`CGST @ ${(gst.ratePercent / 2).toString()}%`, formatInr(gst.cgstPaise), false]);
    totals.push([`SGST @ ${(gst.ratePercent / 2).toString()}%`, formatInr(gst.sgstPaise), false]);
  } else {
    totals.push([`IGST @ ${gst.ratePercent.toString()}%`, formatInr(gst.igstPaise), false]);
  }
  totals.push([totalLabel, formatInr(gst.totalPaise), true]);
  for (const [k, v, bold] of totals) {
    l.line(k, RIGHT - 260, l.y, 150, { size: 9.5, face: bold ? 'bold' : 'regular', align: 'right' });
    l.line(v, RIGHT - 105, l.y, 105, { size: 9.5, face: bold ? 'bold' : 'regular', align: 'right' });
    l.y += 15;
  }
  l.y += 6;
  l.y += l.text(`Amount in words: ${gst.totalInWords}`, MARGIN, l.y, WIDTH, { face: 'bold', size: 9 }) + 6;
}

/** A document's title, "Original for recipient" and its particulars, one label and value a row. */
function documentHead(l: Layout, title: string, meta: [string, string][]): void {
  l.text(title, MARGIN, l.y, WIDTH, { face: 'bold', size: 16, color: ACCENT });
  l.text('Original for recipient', MARGIN, l.y + 4, WIDTH, { size: 8, color: MUTED, align: 'right' });
  l.y += 28;
  for (const [k, v] of meta) {
    l.text(k, MARGIN, l.y, 120, { size: 9, color: MUTED });
    l.text(v, MARGIN + 120, l.y, WIDTH - 120, { face: 'bold', size: 9 });
    l.y += 14;
  }
}

/** A rule, then supplier and recipient side by side. */
function parties(l: Layout, seller: PlanInvoiceParty, buyer: PlanInvoiceParty): void {
  l.rule(l.y);
  l.y += 10;
  const half = WIDTH / 2 - 10;
  const hs = party(l, 'SUPPLIER', seller, MARGIN, l.y, half);
  const hb = party(l, 'RECIPIENT', buyer, MARGIN + half + 20, l.y, half);
  l.y += Math.max(hs, hb) + 14;
}

interface Column {
  label: string;
  /** Offset from the left margin. */
  x: number;
  w: number;
  align: 'left' | 'right';
}

/** The one-line table of a plan's document: a shaded header, then the row, whose first cell (the description) wraps. */
function lineTable(l: Layout, columns: Column[], cells: string[]): void {
  l.doc.rect(MARGIN, l.y - 4, WIDTH, 18).fill('#eef2ff');
  for (const c of columns) l.line(c.label, MARGIN + c.x + 2, l.y, c.w - 4, { face: 'bold', size: 8.5, align: c.align });
  l.y += 20;
  let rowH = 0;
  columns.forEach((c, i) => {
    if (i === 0) rowH = l.text(cells[i] ?? '', MARGIN + c.x + 2, l.y, c.w - 4, { size: 9 });
    else l.line(cells[i] ?? '', MARGIN + c.x + 2, l.y, c.w - 4, { size: 9, align: c.align });
  });
  l.y += rowH + 10;
  l.rule(l.y);
  l.y += 8;
}

/** A plan's GST tax invoice as an A4 PDF (rule 46 fields), with the payslip's fonts and layout helper. */
export function renderPlanInvoicePdf(d: PlanInvoiceData): Promise<Buffer> {
  const { doc, done } = openPdf({ title: `Tax Invoice ${d.invoiceNumber}`, author: d.seller.name });
  const l = new Layout(doc);
  documentHead(l, 'TAX INVOICE', [
    ['Invoice number', d.invoiceNumber],
    ['Invoice date', formatDisplayDate(d.invoiceDate)],
    ['Place of supply', d.placeOfSupply],
    ['Payment reference', d.paymentReference],
    ['Service period', `${formatDisplayDate(d.periodStart)} to ${d.periodEnd ? formatDisplayDate(d.periodEnd) : DASH}`],
  ]);
  l.y += 8;
  parties(l, d.seller, d.buyer);
  lineTable(
    l,
    [
      { label: 'Description', x: 0, w: 210, align: 'left' },
      { label: 'SAC', x: 215, w: 55, align: 'left' },
      { label: 'Users', x: 270, w: 50, align: 'right' },
      { label: 'Rate per user', x: 325, w: 85, align: 'right' },
      { label: 'Taxable value', x: 415, w: WIDTH - 415, align: 'right' },
    ],
    [d.description, d.sac, d.quantity.toString(), formatInr(d.unitPricePaise), formatInr(d.gst.taxablePaise)],
  );
  gstTotals(l, d.gst, 'Taxable value', 'Total (INR)');
  l.text('Tax payable on reverse charge: No', MARGIN, l.y, WIDTH, { size: 8.5, color: MUTED });
  l.y += 30;
  l.text('This is an electronically generated document, no signature is required.', MARGIN, l.y, WIDTH, { size: 8, color: MUTED, align: 'center' });
  doc.end();
  return done;
}

/**
 * Why a plan's credit note is issued (CGST Act s.34(1): the taxable value charged in the invoice
 * exceeds the value of the supply): the plan was replaced by an upgrade before its paid period ended.
 */
export const CREDIT_NOTE_REASON = 'Plan upgraded before the end of its paid period: the unused days are credited (CGST Act s.34(1))';

/**
 * A plan's GST credit note as an A4 PDF, in the invoice's layout: CGST Rules r.53(1A) particulars — the
 * nature of the document, its number and date, both parties with GSTIN and state, the invoice it
 * reduces (number and date), the taxable value, rate and tax credited, and the reason.
 */
export function renderPlanCreditNotePdf(d: PlanCreditNoteData): Promise<Buffer> {
  const { doc, done } = openPdf({ title: `Credit Note ${d.creditNoteNumber}`, author: d.seller.name });
  const l = new Layout(doc);
  documentHead(l, 'CREDIT NOTE', [
    ['Credit note number', d.creditNoteNumber],
    ['Credit note date', formatDisplayDate(d.creditNoteDate)],
    ['Original invoice', d.againstInvoiceNumber ?? DASH],
    ['Original invoice date', d.againstInvoiceDate ? formatDisplayDate(d.againstInvoiceDate) : DASH],
    ['Place of supply', d.placeOfSupply],
  ]);
  l.text('Reason', MARGIN, l.y, 120, { size: 9, color: MUTED });
  l.y += l.text(CREDIT_NOTE_REASON, MARGIN + 120, l.y, WIDTH - 120, { face: 'bold', size: 9 }) + 8;
  parties(l, d.seller, d.buyer);
  lineTable(
    l,
    [
      { label: 'Description', x: 0, w: 330, align: 'left' },
      { label: 'SAC', x: 335, w: 70, align: 'left' },
      { label: 'Taxable value credited', x: 410, w: WIDTH - 410, align: 'right' },
    ],
    [d.description, d.sac, formatInr(d.gst.taxablePaise)],
  );
  gstTotals(l, d.gst, 'Taxable value credited', 'Total credited (INR)');
  l.y += 24;
  l.text('This is an electronically generated document, no signature is required.', MARGIN, l.y, WIDTH, { size: 8, color: MUTED, align: 'center' });
  doc.end();
  return done;
}
