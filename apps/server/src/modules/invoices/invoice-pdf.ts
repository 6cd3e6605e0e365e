import { INVOICE_FOOTER, InvoiceFieldGroup, type Invoice, type InvoiceParty } from '@tankha/contracts';
import { formatDisplayDate, formatInr, rupeesToPaise } from '@tankha/domain';
import { CONTENT_WIDTH as CONTENT, MARGIN, openPdf, PAGE_WIDTH, RIGHT } from '../../platform/pdf/layout';

/**
 * The invoice PDF (platform spec §2.7): what the customization preview shows, with the invoice's
 * template (1 classic, 2 a coloured band, 3 boxed) and heading colour. Fonts: the bundled Noto Sans
 * (it has ₹); the chosen web fonts style the preview only (docs/decisions/0136-sales-invoices-and-invoice-customization.md).
 *
 * The particulars of a tax invoice, CGST Rules 2017 r.46: (a) supplier's name, address, GSTIN; (b) number;
 * (c) date; (d) recipient's name, address, GSTIN; state name and code of both; (g) HSN/SAC per line;
 * (h) description; (i) quantity and unit (UQC); (k) taxable value; (l) rate and amount of CGST/SGST or IGST
 * per line; (m) place of supply with its state; (p) whether tax is payable on reverse charge; (q) signature.
 */

function partyLines(p: Pick<InvoiceParty, 'name' | 'address' | 'gstin' | 'pan' | 'email'> & { stateName?: string; stateCode?: string }): string[] {
  return [p.address, p.stateName && p.stateCode ? `State: ${p.stateName}, Code: ${p.stateCode}` : null, p.gstin ? `GSTIN: ${p.gstin}` : null, p.pan ? `PAN: ${p.pan}` : null, p.email ? `Email: ${p.email}` : null].filter((l): l is string => Boolean(l));
}

export function renderInvoicePdf(invoice: Invoice, upiQrPng: Buffer | null): Promise<Buffer> {
  const c = invoice.customization;
  const colour = c.templateBaseColor;
  const { doc, done } = openPdf({ title: `${invoice.invoiceHeader} ${invoice.invoiceNumber}`, author: invoice.billedBy.name });

  let y = MARGIN;
  const ensure = (height: number) => {
    if (y + height > 800) {
      doc.addPage();
      y = MARGIN;
    }
  };

  // Heading: template 2 prints it white on a coloured band; 1 and 3 in the heading colour.
  if (c.templateType === 2) {
    doc.rect(0, 0, PAGE_WIDTH, 90).fill(colour);
    doc.fillColor('#ffffff');
    y = 30;
  } else if (c.templateBaseBackgroundColor !== '#ffffff') {
    doc.rect(0, 0, PAGE_WIDTH, 90).fill(c.templateBaseBackgroundColor);
    doc.fillColor(colour);
  } else doc.fillColor(colour);
  doc.font('bold').fontSize(20).text(invoice.invoiceHeader, MARGIN, y, { width: CONTENT / 2 });
  doc.font('regular').fontSize(9);
  const meta: [string, string][] = [
    ['Invoice No', invoice.invoiceNumber],
    ['Invoice Date', formatDisplayDate(invoice.invoiceDate)],
    ['Due Date', formatDisplayDate(invoice.dueDate)],
    ['Reverse charge', invoice.reverseCharge ? 'Yes' : 'No'],
    ...invoice.customFields.filter((f) => f.groupId === InvoiceFieldGroup.Header).map((f): [string, string] => [f.fieldName, f.value]),
  ];
  let my = y;
  for (const [k, v] of meta) {
    if (c.templateType !== 2) doc.fillColor('#374151');
    doc.text(`${k}: ${v}`, MARGIN + CONTENT / 2, my, { width: CONTENT / 2, align: 'right' });
    my += 13;
  }
  y = Math.max(y + 40, my, c.templateType === 2 ? 100 : 0) + 10;

  // Billed by / billed to.
  const box = (title: string, p: Pick<InvoiceParty, 'name' | 'address' | 'gstin' | 'pan' | 'email'> & { stateName?: string; stateCode?: string }, x: number, top: number) => {
    doc.fillColor(colour).font('bold').fontSize(10).text(title, x + 8, top + 6, { width: CONTENT / 2 - 24 });
    doc.fillColor('#111827').font('bold').fontSize(9.5).text(p.name, x + 8, doc.y + 2, { width: CONTENT / 2 - 24 });
    doc.font('regular').fontSize(8.5).fillColor('#374151');
    for (const line of partyLines(p)) doc.text(line, x + 8, doc.y + 1, { width: CONTENT / 2 - 24 });
    return doc.y + 6;
  };
  const half = CONTENT / 2;
  const bottom = Math.max(box('Billed By', invoice.billedBy, MARGIN, y), box('Billed To', invoice.billedTo, MARGIN + half + 8, y));
  if (c.templateType === 3) {
    doc.lineWidth(0.8).strokeColor(colour).rect(MARGIN, y, half - 8, bottom - y).stroke().rect(MARGIN + half + 8, y, half - 8, bottom - y).stroke();
  }
  y = bottom + 6;
  doc.fillColor('#374151').font('regular').fontSize(8.5).text(`Place of supply: ${invoice.placeOfSupplyName}, Code: ${invoice.placeOfSupply}`, MARGIN, y);
  y = doc.y + 6;

  const s = invoice.shippingDetails;
  if (s && (s.shippedFrom || s.shippedTo || s.transportName || s.challanNumber)) {
    ensure(80);
    const top = y;
    let end = y;
    if (s.shippedFrom?.name || s.shippedFrom?.address) end = Math.max(end, box('Shipped From', { name: s.shippedFrom.name ?? '', address: s.shippedFrom.address ?? '', gstin: s.shippedFrom.gstin, pan: s.shippedFrom.pan, email: s.shippedFrom.email }, MARGIN, top));
    if (s.shippedTo?.name || s.shippedTo?.address) end = Math.max(end, box('Shipped To', { name: s.shippedTo.name ?? '', address: s.shippedTo.address ?? '', gstin: s.shippedTo.gstin, pan: s.shippedTo.pan, email: s.shippedTo.email }, MARGIN + half + 8, top));
    y = end;
    const transport = [s.transportName ? `Transport: ${s.transportName}` : null, s.challanNumber ? `Challan No: ${s.challanNumber}` : null, s.challanDate ? `Challan Date: ${formatDisplayDate(s.challanDate)}` : null, s.transportNote ? `Note: ${s.transportNote}` : null].filter(Boolean);
    if (transport.length) {
      doc.fillColor('#374151').font('regular').fontSize(8.5).text(transport.join('   '), MARGIN, y, { width: CONTENT });
      y = doc.y + 6;
    }
  }

  // Items (r.46(g)-(l)): Description, HSN/SAC, Qty and unit, Rate, Taxable value, then the rate and amount of each tax.
  const taxCols = invoice.isIntegratedTax ? [{ title: 'IGST', width: 80, align: 'right' as const }] : [{ title: 'CGST', width: 68, align: 'right' as const }, { title: 'SGST', width: 68, align: 'right' as const }];
  const fixed = 52 + 52 + 66 + 72 + taxCols.reduce((w, c) => w + c.width, 0);
  const cols = [
    { title: 'Description', width: CONTENT - fixed, align: 'left' as const },
    { title: 'HSN/SAC', width: 52, align: 'left' as const },
    { title: 'Qty', width: 52, align: 'right' as const },
    { title: 'Rate', width: 66, align: 'right' as const },
    { title: 'Taxable value', width: 72, align: 'right' as const },
    ...taxCols,
  ];
  const row = (cells: string[], opts: { header?: boolean }) => {
    ensure(22);
    const heights = cells.map((cell, i) => doc.font(opts.header ? 'bold' : 'regular').fontSize(8.5).heightOfString(cell, { width: (cols[i]?.width ?? 50) - 8 }));
    const h = Math.max(...heights) + 8;
    if (opts.header) doc.rect(MARGIN, y, CONTENT, h).fill(colour);
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const col = cols[i];
      if (!col) return;
      doc.fillColor(opts.header ? '#ffffff' : '#111827').text(cell, x + 4, y + 4, { width: col.width - 8, align: col.align });
      x += col.width;
    });
    y += h;
    if (!opts.header) doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.3).strokeColor('#d1d5db').stroke();
  };
  row(cols.map((c) => c.title), { header: true });
  for (const item of invoice.invoiceItems) {
    const taxes = invoice.isIntegratedTax
      ? [`${String(item.gstRate)}%\n${formatInr(rupeesToPaise(item.igst))}`]
      : [`${String(item.gstRate / 2)}%\n${formatInr(rupeesToPaise(item.cgst))}`, `${String(item.gstRate / 2)}%\n${formatInr(rupeesToPaise(item.sgst))}`];
    row([item.name, item.hsnSac ?? '', item.unit ? `${String(item.quantity)} ${item.unit}` : String(item.quantity), formatInr(rupeesToPaise(item.rate)), formatInr(rupeesToPaise(item.amount)), ...taxes], {});
  }

  // Totals.
  y += 8;
  ensure(90);
  const totals: [string, string][] = [['Sub Total', formatInr(rupeesToPaise(invoice.subtotal))]];
  if (invoice.isIntegratedTax) totals.push(['IGST', formatInr(rupeesToPaise(invoice.igst))]);
  else totals.push(['CGST', formatInr(rupeesToPaise(invoice.cgst))], ['SGST', formatInr(rupeesToPaise(invoice.sgst))]);
  totals.push(['Total (INR)', formatInr(rupeesToPaise(invoice.totalAmount))]);
  for (const [k, v] of totals) {
    const last = k.startsWith('Total');
    doc.font(last ? 'bold' : 'regular').fontSize(last ? 10.5 : 9).fillColor(last ? colour : '#111827');
    doc.text(k, RIGHT - 220, y, { width: 110 });
    doc.text(v, RIGHT - 110, y, { width: 110, align: 'right' });
    y = doc.y + 3;
  }
  doc.font('regular').fontSize(8.5).fillColor('#374151').text(`Total in words: ${invoice.totalInWords}`, MARGIN, y + 4, { width: CONTENT });
  y = doc.y + 12;

  // Terms, notes, bank details and the UPI QR.
  const qrSize = 110;
  const textWidth = upiQrPng ? CONTENT - qrSize - 20 : CONTENT;
  const top = y;
  const section = (title: string, body: string | null, extra: { fieldName: string; value: string }[]) => {
    const lines = [body, ...extra.map((f) => (f.value ? `${f.fieldName}: ${f.value}` : f.fieldName))].filter((l): l is string => Boolean(l));
    if (!lines.length) return;
    ensure(40);
    doc.font('bold').fontSize(9.5).fillColor(colour).text(title, MARGIN, y, { width: textWidth });
    doc.font('regular').fontSize(8.5).fillColor('#374151');
    for (const line of lines) doc.text(line, MARGIN, doc.y + 1, { width: textWidth });
    y = doc.y + 8;
  };
  section('Terms and Conditions', invoice.terms, invoice.customFields.filter((f) => f.groupId === InvoiceFieldGroup.Terms));
  section('Notes', invoice.notes, invoice.customFields.filter((f) => f.groupId === InvoiceFieldGroup.Notes));
  const b = invoice.billedBy;
  if (b.bankName && b.accountNumber && b.ifscCode) section('Bank Details', `${b.bankName}, A/c ${b.accountNumber}, IFSC ${b.ifscCode}`, []);
  if (upiQrPng) {
    const qrTop = top + qrSize + 30 > 800 ? (doc.addPage(), MARGIN) : top;
    doc.font('bold').fontSize(9).fillColor(colour).text('Scan to pay with UPI', RIGHT - qrSize, qrTop, { width: qrSize, align: 'center' });
    doc.image(upiQrPng, RIGHT - qrSize, qrTop + 14, { width: qrSize, height: qrSize });
    doc.font('regular').fontSize(7.5).fillColor('#374151').text(b.upiId ?? '', RIGHT - qrSize - 10, qrTop + qrSize + 16, { width: qrSize + 20, align: 'center' });
    y = Math.max(y, qrTop + qrSize + 30);
  }

  // r.46(q): signature of the supplier or its authorised representative.
  ensure(70);
  doc.font('bold').fontSize(9).fillColor('#111827').text(`For ${b.name}`, RIGHT - 200, y + 10, { width: 200, align: 'right' });
  doc.moveTo(RIGHT - 160, y + 50).lineTo(RIGHT, y + 50).lineWidth(0.5).strokeColor('#9ca3af').stroke();
  doc.font('regular').fontSize(8.5).fillColor('#374151').text('Authorised Signatory', RIGHT - 200, y + 54, { width: 200, align: 'right' });
  y = doc.y + 6;

  ensure(30);
  doc.font('regular').fontSize(7.5).fillColor('#6b7280').text(INVOICE_FOOTER, MARGIN, Math.max(y + 10, 790), { width: CONTENT, align: 'center' });
  doc.end();
  return done;
}
