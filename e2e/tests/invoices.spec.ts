import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';

test.use({ signedInAs: 'administrator' });

/**
 * Issue 14 items 5 and 6, the browser test: the administrator adds a business (with a UPI id) and a
 * client, creates an invoice with two items and sees the CGST/SGST totals and the total in words,
 * customizes the template (template 2, a preset colour, zoom) and saves, then downloads the PDF.
 */
test('add a business and a client, create an invoice with two items, customize it and download the PDF', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = String(Date.now()).slice(-5);
  const businessName = `Coorg Analytics ${tag}`;
  const clientName = `Hampi Traders ${tag}`;
  const invoiceNumber = `E2E-${tag}`;

  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/invoices\/allInvoices$/);
  await expect(page.getByLabel('Paid invoices')).toContainText('1 invoice');

  // A business: a wrong GSTIN check character is refused, the right one accepted.
  await page.getByRole('tab', { name: 'Businesses' }).click();
  await page.getByRole('button', { name: 'Add Business' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Business' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(businessName);
  await dialog.getByLabel('Address').fill('14 Main Road, Madikeri');
  await dialog.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Karnataka (29)' }).click();
  await dialog.getByLabel('GSTIN').fill('29AAGCB7383J1Z5');
  await dialog.getByLabel('UPI Id').fill('coorg@okaxis');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('GSTIN check character does not match; please check the number')).toBeVisible();
  await dialog.getByLabel('GSTIN').fill('29AAGCB7383J1Z4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Business created successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: businessName })).toContainText('29AAGCB7383J1Z4');

  // A client in the same state.
  await page.getByRole('tab', { name: 'Clients' }).click();
  await page.getByRole('button', { name: 'Add Client' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Client' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(clientName);
  await dialog.getByLabel('Address').fill('Bazaar Street, Hosapete');
  await dialog.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Karnataka (29)' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Client created successfully')).toBeVisible();

  // The invoice: two items, CGST + SGST, the total in words.
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page).toHaveURL(/\/Invoice\/create$/);
  await page.getByLabel('Invoice Number').fill(invoiceNumber);
  await page.getByRole('combobox', { name: 'Billed By' }).click();
  await page.getByRole('option', { name: businessName }).click();
  await page.getByRole('combobox', { name: 'Billed To' }).click();
  await page.getByRole('option', { name: clientName }).click();
  await page.getByLabel('Item 1 name').fill('Dashboard design');
  await page.getByLabel('Item 1 HSN/SAC').fill('998314');
  await page.getByLabel('Item 1 quantity').fill('2');
  await page.getByLabel('Item 1 rate').fill('1250');
  await page.getByRole('button', { name: 'Add Item' }).click();
  await page.getByLabel('Item 2 name').fill('Hosting');
  await page.getByLabel('Item 2 HSN/SAC').fill('998315');
  await page.getByLabel('Item 2 quantity').fill('1');
  await page.getByLabel('Item 2 rate').fill('500');
  await page.getByRole('combobox', { name: 'Item 2 GST rate' }).click();
  await page.getByRole('option', { name: '5%', exact: true }).click();
  const totals = page.getByLabel('Totals');
  // ₹2,500 @18% + ₹500 @5%: CGST = SGST = ₹225 + ₹12.50
  await expect(totals).toContainText('₹3,000.00');
  await expect(totals).toContainText('CGST₹237.50');
  await expect(totals).toContainText('SGST₹237.50');
  await expect(totals).toContainText('₹3,475.00');
  await expect(totals).toContainText('Rupees Three Thousand Four Hundred Seventy Five Only');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByText('Invoice created successfully')).toBeVisible();

  // Customize: template 2, a preset colour, zoom from 80% to 90%.
  await expect(page).toHaveURL(/\/customize-invoice$/);
  const preview = page.getByTestId('invoice-preview');
  await expect(preview).toContainText(invoiceNumber);
  await expect(preview).toContainText('This is an electronically generated document, no signature is required.');
  // CGST Rules r.46: HSN/SAC per line, reverse charge, the signature block
  await expect(preview).toContainText('998314');
  await expect(preview).toContainText('Reverse charge: No');
  await expect(preview).toContainText(`For ${businessName}`);
  await expect(preview).toContainText('Authorised Signatory');
  await expect(preview.getByRole('img', { name: 'UPI QR code' })).toBeVisible();
  await expect(page.getByLabel('Zoom level')).toHaveText('80%');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByLabel('Zoom level')).toHaveText('90%');
  await page.getByRole('button', { name: /template2/ }).click();
  await page.getByRole('button', { name: 'Colour #d946ef' }).click();
  await expect(page.getByLabel('Hex')).toHaveValue('d946ef');
  await page.screenshot({ path: 'artifacts/invoice-customize.png', fullPage: true });
  await page.getByRole('button', { name: 'Save Customization' }).click();
  await expect(page.getByText('Customization saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/invoices\/allInvoices$/);

  // The invoice in the list; its page downloads the PDF.
  const row = page.getByRole('row').filter({ hasText: invoiceNumber });
  await expect(row).toContainText('₹3,475.00');
  await expect(row).toContainText('Draft');
  await row.getByRole('link', { name: invoiceNumber }).click();
  await expect(page.getByRole('heading', { name: `Invoice ${invoiceNumber}` })).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(file.suggestedFilename()).toBe(`Invoice_${invoiceNumber}.pdf`);
  const bytes = await readFile((await file.path()) ?? '');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
