import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { INVOICE_FOOTER, InvoiceFieldGroup, type Invoice, type InvoiceCustomization, type InvoiceParty } from '@tankha/contracts';
import { displayDate, rupeesText } from '../../ui/format';

/** The UPI QR code of an invoice, drawn in the browser from the same link the PDF prints. */
function UpiQr({ uri, upiId }: { uri: string; upiId: string | null }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 160 }).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div style={{ textAlign: 'center', width: 150 }}>
      <div style={{ fontWeight: 700, fontSize: 12 }}>Scan to pay with UPI</div>
      {src ? <img src={src} alt="UPI QR code" width={130} height={130} /> : null}
      <div style={{ fontSize: 11 }}>{upiId}</div>
    </div>
  );
}

type Shipped = NonNullable<NonNullable<Invoice['shippingDetails']>['shippedTo']>;
function PartyBlock({ title, party, colour, boxed }: { title: string; party: Pick<InvoiceParty, 'name' | 'address' | 'gstin' | 'pan' | 'email' | 'stateName' | 'stateCode'> | Shipped; colour: string; boxed: boolean }) {
  return (
    <div style={{ flex: 1, padding: 10, border: boxed ? `1px solid ${colour}` : undefined, borderRadius: 4 }}>
      <div style={{ color: colour, fontWeight: 700, marginBottom: 4 }}>{title}</div>
      <div style={{ fontWeight: 600 }}>{party.name}</div>
      <div style={{ whiteSpace: 'pre-line' }}>{party.address}</div>
      {'stateName' in party ? (
        <div>
          State: {party.stateName}, Code: {party.stateCode}
        </div>
      ) : null}
      {party.gstin ? <div>GSTIN: {party.gstin}</div> : null}
      {party.pan ? <div>PAN: {party.pan}</div> : null}
      {party.email ? <div>Email: {party.email}</div> : null}
    </div>
  );
}

const SERIF = ['Georgia', 'Times New Roman', 'Lora', 'Playfair Display', 'Merriweather'];
/** A chosen font with a fallback of its kind, for machines that lack it. */
function fontStack(font: string): string {
  return `"${font}", ${font === 'Courier New' ? 'monospace' : SERIF.includes(font) ? 'serif' : 'sans-serif'}`;
}

/**
 * The invoice as the customization page previews it and the PDF prints it (platform spec §2.7): number,
 * dates, billed by/to, shipped from/to and transport, the items, subtotal, tax line, total in INR and in
 * words, terms, notes, the UPI QR block and the footer. Templates: 1 classic, 2 a coloured band, 3 boxed.
 */
export function InvoiceTemplate({ invoice, style }: { invoice: Invoice; style: InvoiceCustomization }) {
  const colour = style.templateBaseColor;
  const banded = style.templateType === 2;
  const boxed = style.templateType === 3;
  const heading = { fontFamily: fontStack(style.headingFontFamily) };
  const byGroup = (g: number) => invoice.customFields.filter((f) => f.groupId === g);
  const s = invoice.shippingDetails;
  const transport = s ? [s.transportName && `Transport: ${s.transportName}`, s.challanNumber && `Challan No: ${s.challanNumber}`, s.challanDate && `Challan Date: ${displayDate(s.challanDate)}`, s.transportNote && `Note: ${s.transportNote}`].filter(Boolean) : [];
  const cell = { padding: '6px 8px', borderBottom: '1px solid #e5e7eb' } as const;
  return (
    <div data-testid="invoice-preview" style={{ width: 794, minHeight: 1123, background: style.templateBaseBackgroundColor, color: '#111827', fontFamily: fontStack(style.bodyFontFamily), fontSize: 13, boxShadow: '0 1px 4px rgba(0,0,0,.15)' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', padding: '28px 40px', background: banded ? colour : undefined, color: banded ? '#fff' : undefined }}>
        <h1 style={{ ...heading, margin: 0, color: banded ? '#fff' : colour, fontSize: 28 }}>{invoice.invoiceHeader}</h1>
        <div style={{ textAlign: 'right' }}>
          <div>Invoice No: {invoice.invoiceNumber}</div>
          <div>Invoice Date: {displayDate(invoice.invoiceDate)}</div>
          <div>Due Date: {displayDate(invoice.dueDate)}</div>
          <div>Reverse charge: {invoice.reverseCharge ? 'Yes' : 'No'}</div>
          {byGroup(InvoiceFieldGroup.Header).map((f) => (
            <div key={f.fieldId}>
              {f.fieldName}: {f.value}
            </div>
          ))}
        </div>
      </div>
      <div style={{ padding: '0 40px 32px' }}>
        <div style={{ display: 'flex', gap: 16, marginTop: 12 }}>
          <PartyBlock title="Billed By" party={invoice.billedBy} colour={colour} boxed={boxed} />
          <PartyBlock title="Billed To" party={invoice.billedTo} colour={colour} boxed={boxed} />
        </div>
        <div style={{ marginTop: 6 }}>
          Place of supply: {invoice.placeOfSupplyName}, Code: {invoice.placeOfSupply}
        </div>
        {s?.shippedFrom || s?.shippedTo ? (
          <div style={{ display: 'flex', gap: 16, marginTop: 12 }}>
            {s.shippedFrom ? <PartyBlock title="Shipped From" party={s.shippedFrom} colour={colour} boxed={boxed} /> : <div style={{ flex: 1 }} />}
            {s.shippedTo ? <PartyBlock title="Shipped To" party={s.shippedTo} colour={colour} boxed={boxed} /> : <div style={{ flex: 1 }} />}
          </div>
        ) : null}
        {transport.length ? <div style={{ marginTop: 6 }}>{transport.join('   ')}</div> : null}
        <table style={{ width: '100%', borderCollapse: 'collapse', marginTop: 16 }}>
          <thead>
            <tr style={{ background: colour, color: '#fff', ...heading }}>
              <th style={{ ...cell, textAlign: 'left' }}>Description</th>
              <th style={{ ...cell, textAlign: 'left' }}>HSN/SAC</th>
              <th style={{ ...cell, textAlign: 'right' }}>Qty</th>
              <th style={{ ...cell, textAlign: 'right' }}>Rate</th>
              <th style={{ ...cell, textAlign: 'right' }}>Taxable value</th>
              {invoice.isIntegratedTax ? (
                <th style={{ ...cell, textAlign: 'right' }}>IGST</th>
              ) : (
                <>
                  <th style={{ ...cell, textAlign: 'right' }}>CGST</th>
                  <th style={{ ...cell, textAlign: 'right' }}>SGST</th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {invoice.invoiceItems.map((i) => (
              <tr key={i.id}>
                <td style={cell}>{i.name}</td>
                <td style={cell}>{i.hsnSac ?? ''}</td>
                <td style={{ ...cell, textAlign: 'right' }}>
                  {i.quantity}
                  {i.unit ? ` ${i.unit}` : ''}
                </td>
                <td style={{ ...cell, textAlign: 'right' }}>{rupeesText(i.rate)}</td>
                <td style={{ ...cell, textAlign: 'right' }}>{rupeesText(i.amount)}</td>
                {invoice.isIntegratedTax ? (
                  <td style={{ ...cell, textAlign: 'right' }}>
                    {i.gstRate}% {rupeesText(i.igst)}
                  </td>
                ) : (
                  <>
                    <td style={{ ...cell, textAlign: 'right' }}>
                      {i.gstRate / 2}% {rupeesText(i.cgst)}
                    </td>
                    <td style={{ ...cell, textAlign: 'right' }}>
                      {i.gstRate / 2}% {rupeesText(i.sgst)}
                    </td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 12 }}>
          <table style={{ minWidth: 280 }}>
            <tbody>
              <tr>
                <td>Sub Total</td>
                <td style={{ textAlign: 'right' }}>{rupeesText(invoice.subtotal)}</td>
              </tr>
              {invoice.isIntegratedTax ? (
                <tr>
                  <td>IGST</td>
                  <td style={{ textAlign: 'right' }}>{rupeesText(invoice.igst)}</td>
                </tr>
              ) : (
                <>
                  <tr>
                    <td>CGST</td>
                    <td style={{ textAlign: 'right' }}>{rupeesText(invoice.cgst)}</td>
                  </tr>
                  <tr>
                    <td>SGST</td>
                    <td style={{ textAlign: 'right' }}>{rupeesText(invoice.sgst)}</td>
                  </tr>
                </>
              )}
              <tr style={{ fontWeight: 700, color: colour, ...heading }}>
                <td>Total (INR)</td>
                <td style={{ textAlign: 'right' }}>{rupeesText(invoice.totalAmount)}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <div style={{ marginTop: 8 }}>Total in words: {invoice.totalInWords}</div>
        <div style={{ display: 'flex', gap: 24, marginTop: 20 }}>
          <div style={{ flex: 1 }}>
            {invoice.terms || byGroup(InvoiceFieldGroup.Terms).length ? (
              <>
                <h3 style={{ ...heading, color: colour, margin: '0 0 4px', fontSize: 15 }}>Terms and Conditions</h3>
                {invoice.terms ? <div style={{ whiteSpace: 'pre-line' }}>{invoice.terms}</div> : null}
                {byGroup(InvoiceFieldGroup.Terms).map((f) => (
                  <div key={f.fieldId}>{f.value ? `${f.fieldName}: ${f.value}` : f.fieldName}</div>
                ))}
              </>
            ) : null}
            {invoice.notes || byGroup(InvoiceFieldGroup.Notes).length ? (
              <>
                <h3 style={{ ...heading, color: colour, margin: '12px 0 4px', fontSize: 15 }}>Notes</h3>
                {invoice.notes ? <div style={{ whiteSpace: 'pre-line' }}>{invoice.notes}</div> : null}
                {byGroup(InvoiceFieldGroup.Notes).map((f) => (
                  <div key={f.fieldId}>{f.value ? `${f.fieldName}: ${f.value}` : f.fieldName}</div>
                ))}
              </>
            ) : null}
            {invoice.billedBy.bankName ? (
              <>
                <h3 style={{ ...heading, color: colour, margin: '12px 0 4px', fontSize: 15 }}>Bank Details</h3>
                <div>
                  {invoice.billedBy.bankName}, A/c {invoice.billedBy.accountNumber}, IFSC {invoice.billedBy.ifscCode}
                </div>
              </>
            ) : null}
          </div>
          {invoice.upiUri ? <UpiQr uri={invoice.upiUri} upiId={invoice.bussinessUpiId} /> : null}
        </div>
        <div style={{ marginTop: 32, textAlign: 'right' }}>
          <div style={{ fontWeight: 600 }}>For {invoice.billedBy.name}</div>
          <div style={{ marginTop: 36, borderTop: '1px solid #9ca3af', display: 'inline-block', minWidth: 160, paddingTop: 4 }}>Authorised Signatory</div>
        </div>
        <div style={{ marginTop: 40, textAlign: 'center', color: '#6b7280', fontSize: 11 }}>{INVOICE_FOOTER}</div>
      </div>
    </div>
  );
}
