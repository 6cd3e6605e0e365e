import QRCode from 'qrcode';

/** The UPI payment link as a QR code PNG (error correction M, as UPI apps print them). */
export function upiQrPng(upiUri: string): Promise<Buffer> {
  return QRCode.toBuffer(upiUri, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
}
