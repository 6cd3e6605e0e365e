import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { INVOICE_MSG as MSG, type CustomField, type Invoice, type InvoiceAnalytics, type InvoiceParty, type InvoiceSummary, type SessionUser } from '@tankha/contracts';
import { DEMO_LOGINS } from '../../seed/demo';
import { BACKENDS, createTestApp, type TestApp } from '../../testing';

/**
 * Sales invoices through HTTP: parties with GSTIN checks, invoices with the
 * CGST/SGST or IGST split, numbers unique per organisation, status and overdue, custom fields, the
 * customization, the PDF and the UPI QR code (decoded), every role and another organisation.
 * The clock is 5 October 2026.
 */
describe.each(BACKENDS)('invoices (%s)', (backend) => {
  let t: TestApp;
  let admin: SessionUser;
  let moderator: SessionUser;
  let member: SessionUser;
  let other: SessionUser;
  let business: InvoiceParty;
  let client: InvoiceParty;
  let outOfState: InvoiceParty;
  let invoice: Invoice;

  const as = (who: SessionUser) => (method: string, url: string, body?: unknown) => t.call(method, url, { token: who.token, ...(body === undefined ? {} : { body }) });
  const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const businessBody = {
    name: 'Nilgiri Software LLP',
    address: '12 MG Road, Bengaluru',
    stateCode: '29',
    gstin: '29AAGCB7383J1Z4',
    pan: 'AAGCB7383J',
    email: 'accounts@nilgiri.example.in',
    bankName: 'State Bank of India',
    accountNumber: '123456789012',
    ifscCode: 'SBIN0001234',
    upiId: 'nilgiri@okicici',
  };
  const invoiceBody = (over: Record<string, unknown> = {}) => ({
    invoiceNumber: 'INV-001',
    invoiceDate: '2026-10-01',
    billedById: business.id,
    billedToId: client.id,
    invoiceItems: [
      { name: 'Consulting', hsnSac: '998313', quantity: 2, rate: 1250, gstRate: 18 },
      { name: 'Support', hsnSac: '998313', quantity: 1, rate: 500, gstRate: 5 },
    ],
    terms: 'Pay within 30 days',
    notes: 'Thank you',
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { demo: new Date('2026-10-05T06:00:00Z') });
    admin = await t.login(DEMO_LOGINS.administrator);
    moderator = await t.login(DEMO_LOGINS.moderator);
    member = await t.login(DEMO_LOGINS.member);
    other = await t.registerOrganisation({ organizationName: 'Kaveri Traders', email: 'owner@kaveri.example.in', password: 'Kaveri@12345' });
    await t.database.db.execute(sql`UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'enterprise'), is_trial = false, end_at = NULL WHERE tenant_id = ${other.tenantId}`);
    // The demo seed's own invoices are not part of these tests.
    await t.database.db.execute(sql`DELETE FROM invoices WHERE tenant_id = ${admin.tenantId}`);
    await t.database.db.execute(sql`DELETE FROM invoice_parties WHERE tenant_id = ${admin.tenantId}`);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  describe('parties', () => {
    it('refuses bad input with a message naming the field, and records nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ ...businessBody, name: ' ' }, `name: ${MSG.nameRequired}`],
        [{ ...businessBody, address: '' }, `address: ${MSG.addressRequired}`],
        [{ ...businessBody, stateCode: '25' }, `stateCode: ${MSG.stateRequired}`],
        [{ ...businessBody, gstin: '29AAGCB7383J1Z' }, `gstin: ${MSG.gstinFormat}`],
        [{ ...businessBody, gstin: '29AAGCB7383J1Z5' }, `gstin: ${MSG.gstinChecksum}`],
        [{ ...businessBody, stateCode: '27' }, `gstin: ${MSG.gstinOtherState('Karnataka')}`],
        [{ ...businessBody, pan: 'AAGCB7383K' }, `pan: ${MSG.panNotInGstin}`],
        [{ ...businessBody, pan: 'AAGCB73830' }, `pan: ${MSG.panFormat}`],
        [{ ...businessBody, email: 'accounts' }, `email: ${MSG.email}`],
        [{ ...businessBody, accountNumber: '12ab' }, `accountNumber: ${MSG.accountNumber}`],
        [{ ...businessBody, ifscCode: 'SBIN1001234' }, `ifscCode: ${MSG.ifsc}`],
        [{ ...businessBody, ifscCode: null }, `ifscCode: ${MSG.bankIncomplete}`],
        [{ ...businessBody, upiId: 'nilgiri' }, `upiId: ${MSG.upiId}`],
      ];
      for (const [body, message] of cases) {
        const res = await as(admin)('POST', '/Invoices/businesses', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message, JSON.stringify(body)).toBe(message);
      }
      expect((await as(admin)('GET', '/Invoices/businesses')).json().totalRecords).toBe(0);
    });

    it('creates, lists, edits and deletes businesses and clients; GSTIN and PAN are upper-cased', async () => {
      const created = await as(admin)('POST', '/Invoices/businesses', { ...businessBody, gstin: '29aagcb7383j1z4', pan: 'aagcb7383j' });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().message).toBe(MSG.partyCreated('Business'));
      business = data<InvoiceParty>(created);
      expect(business).toMatchObject({ gstin: '29AAGCB7383J1Z4', pan: 'AAGCB7383J', stateName: 'Karnataka', upiId: 'nilgiri@okicici' });
      client = data<InvoiceParty>(await as(moderator)('POST', '/Invoices/clients', { name: 'Malnad Coffee', address: 'Chikkamagaluru', stateCode: '29' }));
      outOfState = data<InvoiceParty>(await as(admin)('POST', '/Invoices/clients', { name: 'Konkan Exports', address: 'Mumbai', stateCode: '27', gstin: '27AAPFU0939F1ZV' }));
      const list = await as(admin)('GET', '/Invoices/clients?pageNumber=1&pageSize=1');
      expect(list.json().totalRecords).toBe(2);
      expect(data<InvoiceParty[]>(list).map((p) => p.name)).toEqual(['Konkan Exports']);
      expect(data<InvoiceParty[]>(await as(admin)('GET', '/Invoices/clients?search=malnad')).map((p) => p.name)).toEqual(['Malnad Coffee']);
      // a client is not a business
      expect((await as(admin)('GET', `/Invoices/businesses/${client.id}`)).statusCode).toBe(404);
      const edited = await as(admin)('PUT', `/Invoices/clients/${client.id}`, { name: 'Malnad Coffee Co', address: 'Chikkamagaluru, Karnataka', stateCode: '29' });
      expect(edited.json().message).toBe(MSG.partyUpdated('Client'));
      client = data<InvoiceParty>(edited);
      const spare = data<InvoiceParty>(await as(admin)('POST', '/Invoices/clients', { name: 'Spare', address: 'x', stateCode: '07' }));
      const deleted = await as(admin)('DELETE', `/Invoices/clients/${spare.id}`);
      expect(deleted.json().message).toBe(MSG.partyDeleted('Client'));
      expect((await as(admin)('GET', `/Invoices/clients/${spare.id}`)).json().message).toBe(MSG.partyNotFound('Client'));
    });
  });

  describe('invoices', () => {
    it('refuses bad input with a message naming the field', async () => {
      const item = { name: 'Consulting', quantity: 1, rate: 100, gstRate: 18 };
      const cases: [Record<string, unknown>, string][] = [
        [invoiceBody({ invoiceNumber: '' }), `invoiceNumber: ${MSG.numberRequired}`],
        [invoiceBody({ invoiceNumber: 'INV 001' }), `invoiceNumber: ${MSG.numberFormat}`],
        [invoiceBody({ invoiceNumber: 'INV-0000000000001' }), `invoiceNumber: ${MSG.numberFormat}`],
        [invoiceBody({ invoiceDate: '' }), `invoiceDate: ${MSG.invoiceDateRequired}`],
        [invoiceBody({ invoiceDate: '2026-02-30' }), `invoiceDate: ${MSG.dateFormat}`],
        [invoiceBody({ dueDate: '2026-09-30' }), `dueDate: ${MSG.dueBeforeInvoice}`],
        [invoiceBody({ billedById: undefined }), `billedById: ${MSG.billedByRequired}`],
        [invoiceBody({ billedToId: 'x' }), `billedToId: ${MSG.billedToRequired}`],
        [invoiceBody({ invoiceItems: [] }), `invoiceItems: ${MSG.itemsRequired}`],
        [invoiceBody({ invoiceItems: [{ ...item, name: '' }] }), `invoiceItems.0.name: ${MSG.itemNameRequired}`],
        [invoiceBody({ invoiceItems: [{ ...item, quantity: 0 }] }), `invoiceItems.0.quantity: ${MSG.quantityPositive}`],
        [invoiceBody({ invoiceItems: [{ ...item, quantity: 1.0005 }] }), `invoiceItems.0.quantity: ${MSG.quantityDecimals}`],
        [invoiceBody({ invoiceItems: [{ ...item, rate: -1 }] }), `invoiceItems.0.rate: ${MSG.rateNegative}`],
        [invoiceBody({ invoiceItems: [{ ...item, rate: 1.005 }] }), `invoiceItems.0.rate: ${MSG.rateDecimals}`],
        [invoiceBody({ invoiceItems: [{ ...item, gstRate: 15 }] }), `invoiceItems.0.gstRate: ${MSG.gstRate}`],
        [invoiceBody({ placeOfSupply: '99' }), `placeOfSupply: ${MSG.placeOfSupply}`],
        // r.46(g): SAC 6 digits from 99, HSN 4, 6 or 8 digits; r.46(i): a unit (UQC) for goods
        [invoiceBody({ invoiceItems: [{ ...item, hsnSac: '9983' }] }), `invoiceItems.0.hsnSac: ${MSG.sacFormat}`],
        [invoiceBody({ invoiceItems: [{ ...item, hsnSac: '84713' }] }), `invoiceItems.0.hsnSac: ${MSG.hsnFormat}`],
        [invoiceBody({ invoiceItems: [{ ...item, hsnSac: 'ABCD' }] }), `invoiceItems.0.hsnSac: ${MSG.hsnFormat}`],
        [invoiceBody({ invoiceItems: [{ ...item, hsnSac: '8471' }] }), `invoiceItems.0.unit: ${MSG.unitRequired}`],
        [invoiceBody({ invoiceItems: [{ ...item, hsnSac: '8471', unit: 'HRS' }] }), `invoiceItems.0.unit: ${MSG.unitInvalid}`],
        [invoiceBody({ terms: 't'.repeat(2001) }), `terms: ${MSG.textTooLong}`],
        [invoiceBody({ shippingDetails: { shippedTo: { name: 'Depot', gstin: '29AAGCB7383J1Z5' } } }), `shippingDetails.shippedTo.gstin: ${MSG.gstinFormat}`],
      ];
      for (const [body, message] of cases) {
        const res = await as(admin)('POST', '/Invoices', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message, JSON.stringify(body)).toBe(message);
      }
      // a client where a business belongs
      const swapped = await as(admin)('POST', '/Invoices', invoiceBody({ billedById: client.id }));
      expect(swapped.json().message).toBe(`billedById: ${MSG.billedByNotFound}`);
      expect((await as(admin)('GET', '/Invoices')).json().totalRecords).toBe(0);
    });

    it('creates an intra-state invoice: CGST and SGST, totals in words, due in 30 days', async () => {
      const res = await as(admin)('POST', '/Invoices', invoiceBody({ shippingDetails: { shippedTo: { name: 'Malnad Depot', address: 'Hassan' }, transportName: 'VRL', challanNumber: 'CH-9', challanDate: '2026-10-02' } }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(MSG.created);
      invoice = data<Invoice>(res);
      // ₹2,500 @18% + ₹500 @5%: CGST 225 + 12.50, SGST the same; total ₹3,475
      expect(invoice).toMatchObject({
        status: 'draft',
        invoiceHeader: 'Tax Invoice',
        dueDate: '2026-10-31',
        placeOfSupply: '29',
        isIntegratedTax: false,
        taxLabel: 'CGST + SGST',
        subtotal: 3000,
        cgst: 237.5,
        sgst: 237.5,
        igst: 0,
        taxAmount: 475,
        totalAmount: 3475,
        totalInWords: 'Rupees Three Thousand Four Hundred Seventy Five Only',
        upiUri: 'upi://pay?pa=nilgiri@okicici&pn=Nilgiri%20Software%20LLP&am=3475.00&cu=INR&tn=Invoice%20INV-001',
      });
      expect(invoice.invoiceItems.map((i) => [i.amount, i.cgst, i.sgst, i.total])).toEqual([
        [2500, 225, 225, 2950],
        [500, 12.5, 12.5, 525],
      ]);
      expect(invoice.shippingDetails?.shippedTo?.name).toBe('Malnad Depot');
      expect(invoice).toMatchObject({ reverseCharge: false, financialYear: '2026-27' });
      expect(invoice.invoiceItems.map((i) => [i.hsnSac, i.unit])).toEqual([
        ['998313', null],
        ['998313', null],
      ]);
      expect(invoice.customization).toEqual({ templateType: 1, templateBaseColor: '#2563eb', templateBaseBackgroundColor: '#ffffff', headingFontFamily: 'Segoe UI', bodyFontFamily: 'Segoe UI' });
    });

    it('an inter-state client gets IGST; the place of supply can be set', async () => {
      const res = await as(admin)('POST', '/Invoices', invoiceBody({ invoiceNumber: 'INV-002', billedToId: outOfState.id, invoiceItems: [{ name: 'Licence', hsnSac: '997331', quantity: 3.5, rate: 999.99, gstRate: 12 }] }));
      const inter = data<Invoice>(res);
      // 3.5 × ₹999.99 = ₹3,499.965 → ₹3,499.97; IGST 12% = ₹419.9964 → ₹420.00
      expect(inter).toMatchObject({ isIntegratedTax: true, taxLabel: 'IGST', subtotal: 3499.97, igst: 420, cgst: 0, totalAmount: 3919.97, placeOfSupplyName: 'Maharashtra' });
      const local = data<Invoice>(await as(admin)('PUT', '/Invoices', { id: inter.id, ...invoiceBody({ invoiceNumber: 'INV-002', billedToId: outOfState.id, placeOfSupply: '29', invoiceItems: inter.invoiceItems.map((i) => ({ id: i.id, name: i.name, hsnSac: i.hsnSac, quantity: i.quantity, rate: i.rate, gstRate: i.gstRate })) }) }));
      expect(local).toMatchObject({ isIntegratedTax: false, cgst: 210, sgst: 210, totalAmount: 3919.97 });
      expect(local.invoiceItems[0]?.id).toBe(inter.invoiceItems[0]?.id);
    });

    it('HSN/SAC digits follow the turnover (notification 78/2020-CT): 4 to a registered client, none to an unregistered one, 6 above ₹5 crore', async () => {
      const goods = { name: 'Laptop', hsnSac: '8471', unit: 'nos', quantity: 1, rate: 50000, gstRate: 18 };
      // Konkan Exports is registered (GSTIN): at least 4 digits
      const none = await as(admin)('POST', '/Invoices', invoiceBody({ invoiceNumber: 'HSN-1', billedToId: outOfState.id, invoiceItems: [{ ...goods, hsnSac: null, unit: null }] }));
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(`invoiceItems.0.hsnSac: ${MSG.hsnRequired(4)}`);
      const four = await as(admin)('POST', '/Invoices', invoiceBody({ invoiceNumber: 'HSN-1', billedToId: outOfState.id, invoiceItems: [goods] }));
      expect(four.statusCode, four.body).toBe(200);
      expect(data<Invoice>(four).invoiceItems[0]).toMatchObject({ hsnSac: '8471', unit: 'NOS' });
      // the unregistered Malnad Coffee: the code may be left out (proviso to the notification's table)
      const b2c = await as(admin)('POST', '/Invoices', invoiceBody({ invoiceNumber: 'HSN-2', invoiceItems: [{ name: 'Sundries', quantity: 1, rate: 10, gstRate: 18 }] }));
      expect(b2c.statusCode, b2c.body).toBe(200);
      // above ₹5 crore: 6 digits even to an unregistered client
      const big = data<InvoiceParty>(await as(admin)('POST', '/Invoices/businesses', { ...businessBody, name: 'Nilgiri Big', turnoverAboveFiveCrore: true }));
      expect(big.turnoverAboveFiveCrore).toBe(true);
      const short = await as(admin)('POST', '/Invoices', invoiceBody({ invoiceNumber: 'HSN-3', billedById: big.id, invoiceItems: [goods] }));
      expect(short.json().message).toBe(`invoiceItems.0.hsnSac: ${MSG.hsnRequired(6)}`);
      const six = await as(admin)('POST', '/Invoices', invoiceBody({ invoiceNumber: 'HSN-3', billedById: big.id, invoiceItems: [{ ...goods, hsnSac: '847130' }] }));
      expect(six.statusCode, six.body).toBe(200);
      for (const made of [four, b2c, six]) await as(admin)('DELETE', `/Invoices?id=${data<Invoice>(made).id}`);
      await as(admin)('DELETE', `/Invoices/businesses/${big.id}`);
    });

    it('an invoice number is unique in its financial year (r.46(b)) and may come back the next year', async () => {
      // 2027-04-01 is in 2027-28: INV-001 of 2026-27 does not block it
      expect(data(await as(admin)('GET', '/Invoices/validate/INV-001?invoiceDate=2027-04-01'))).toEqual({ isAvailable: true, message: null });
      expect(data(await as(admin)('GET', '/Invoices/validate/INV-001?invoiceDate=2027-03-31'))).toEqual({ isAvailable: false, message: MSG.numberTaken });
      expect((await as(admin)('GET', '/Invoices/validate/INV-001?invoiceDate=2027-13-01')).json().message).toBe(`invoiceDate: ${MSG.dateFormat}`);
      const next = await as(admin)('POST', '/Invoices', invoiceBody({ invoiceDate: '2027-04-01' }));
      expect(next.statusCode, next.body).toBe(200);
      expect(data<Invoice>(next).financialYear).toBe('2027-28');
      // moving a draft into a year where its number is taken is refused
      const back = await as(admin)('PUT', '/Invoices', { id: data<Invoice>(next).id, ...invoiceBody({ invoiceDate: '2027-03-01' }) });
      expect(back.json().message).toBe(`invoiceNumber: ${MSG.numberTaken}`);
      await as(admin)('DELETE', `/Invoices?id=${data<Invoice>(next).id}`);
    });

    it('invoice numbers are unique per organisation, ignoring case', async () => {
      const taken = await as(admin)('POST', '/Invoices', invoiceBody({ invoiceNumber: 'inv-001' }));
      expect(taken.statusCode).toBe(400);
      expect(taken.json().message).toBe(`invoiceNumber: ${MSG.numberTaken}`);
      expect(data(await as(admin)('GET', '/Invoices/validate/INV-001'))).toEqual({ isAvailable: false, message: MSG.numberTaken });
      expect(data(await as(admin)('GET', `/Invoices/validate/INV-001?invoiceId=${invoice.id}`))).toEqual({ isAvailable: true, message: null });
      expect(data(await as(admin)('GET', '/Invoices/validate/INV-099'))).toEqual({ isAvailable: true, message: null });
      expect(data(await as(admin)('GET', '/Invoices/validate/INV%20099'))).toEqual({ isAvailable: false, message: MSG.numberFormat });
      // another organisation may use the same number
      const kb = data<InvoiceParty>(await as(other)('POST', '/Invoices/businesses', { name: 'Kaveri', address: 'Mysuru', stateCode: '29' }));
      const kc = data<InvoiceParty>(await as(other)('POST', '/Invoices/clients', { name: 'Buyer', address: 'Mysuru', stateCode: '29' }));
      expect(data(await as(other)('GET', '/Invoices/validate/INV-001'))).toEqual({ isAvailable: true, message: null });
      const theirs = await as(other)('POST', '/Invoices', invoiceBody({ billedById: kb.id, billedToId: kc.id }));
      expect(theirs.statusCode, theirs.body).toBe(200);
    });

    it('deletes an item and recomputes; the last item stays', async () => {
      const id = invoice.invoiceItems[1]?.id ?? '';
      const res = await as(admin)('DELETE', `/Invoices/invoiceitem/${id}`);
      expect(res.json().message).toBe(MSG.itemDeleted);
      expect(data<Invoice>(res)).toMatchObject({ subtotal: 2500, cgst: 225, sgst: 225, totalAmount: 2950 });
      const last = await as(admin)('DELETE', `/Invoices/invoiceitem/${invoice.invoiceItems[0]?.id ?? ''}`);
      expect(last.statusCode).toBe(400);
      expect(last.json().message).toBe(MSG.lastItem);
      expect((await as(admin)('DELETE', `/Invoices/invoiceitem/${id}`)).json().message).toBe(MSG.itemNotFound);
    });

    it('status: draft → sent → paid; overdue when sent and past due; only drafts change', async () => {
      const bad = await as(admin)('PUT', `/Invoices/${invoice.id}/status`, { status: 'paid' });
      expect(bad.json().message).toBe(MSG.statusMove('draft', 'paid'));
      expect((await as(admin)('PUT', `/Invoices/${invoice.id}/status`, { status: 'overdue' })).json().message).toBe('status: status must be draft, sent or paid');
      const sent = await as(admin)('PUT', `/Invoices/${invoice.id}/status`, { status: 'sent' });
      expect(sent.json().message).toBe(MSG.statusUpdated);
      expect(data<Invoice>(sent).status).toBe('sent');
      const edit = await as(admin)('PUT', '/Invoices', { id: invoice.id, ...invoiceBody() });
      expect(edit.json().message).toBe(MSG.onlyDraft);
      expect((await as(admin)('DELETE', `/Invoices?id=${invoice.id}`)).json().message).toBe(MSG.onlyDraft);
      // past its due date (moved to 4 Oct, before the clock's 5 Oct): overdue
      await t.database.db.execute(sql`UPDATE invoices SET due_date = '2026-10-04' WHERE id = ${invoice.id}`);
      expect(data<Invoice>(await as(admin)('GET', `/Invoices/${invoice.id}`)).status).toBe('overdue');
      expect(data<InvoiceSummary[]>(await as(admin)('GET', '/Invoices?status=overdue')).map((i) => i.invoiceNumber)).toEqual(['INV-001']);
      expect(data<InvoiceAnalytics>(await as(admin)('GET', '/Invoices/Analytics'))).toEqual({
        total: { count: 1, amount: 2950 },
        paid: { count: 0, amount: 0 },
        due: { count: 0, amount: 0 },
        overdue: { count: 1, amount: 2950 },
      });
      const paid = data<Invoice>(await as(admin)('PUT', `/Invoices/${invoice.id}/status`, { status: 'paid' }));
      expect(paid.status).toBe('paid');
      expect(paid.paidAt).not.toBeNull();
      const analytics = data<InvoiceAnalytics>(await as(admin)('GET', '/Invoices/Analytics'));
      expect(analytics.paid).toEqual({ count: 1, amount: 2950 });
      expect(analytics.total.count).toBe(1);
      const list = await as(admin)('GET', '/Invoices?pageNumber=1&pageSize=10');
      expect(list.json().totalRecords).toBe(2);
      expect(data<InvoiceSummary[]>(list).map((i) => [i.invoiceNumber, i.status, i.clientName])).toEqual([
        ['INV-002', 'draft', 'Konkan Exports'],
        ['INV-001', 'paid', 'Malnad Coffee Co'],
      ]);
      expect((await as(admin)('GET', '/Invoices?status=late')).json().message).toBe('status: status must be draft, sent, paid or overdue');
      expect((await as(admin)('GET', '/Invoices?pageSize=101')).json().message).toBe('pageSize: pageSize must be a whole number from 1 to 100');
    });

    it('a party on an invoice cannot be deleted; a draft can', async () => {
      const res = await as(admin)('DELETE', `/Invoices/clients/${client.id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.partyInUse('Client'));
      const draft = data<Invoice>(await as(admin)('POST', '/Invoices', invoiceBody({ invoiceNumber: 'INV-DEL' })));
      const del = await as(admin)('DELETE', `/Invoices?id=${draft.id}`);
      expect(del.json().message).toBe(MSG.deleted);
      expect((await as(admin)('GET', `/Invoices/${draft.id}`)).json().message).toBe(MSG.notFound);
    });
  });

  describe('custom fields and customization', () => {
    it('fields in three groups, values per invoice', async () => {
      expect((await as(admin)('POST', '/Invoices/customFields', { fieldName: 'PO Number', groupId: 4 })).json().message).toBe(`groupId: ${MSG.fieldGroup}`);
      expect((await as(admin)('POST', '/Invoices/customFields', { fieldName: ' ', groupId: 1 })).json().message).toBe(`fieldName: ${MSG.fieldNameRequired}`);
      const po = data<CustomField>(await as(admin)('POST', '/Invoices/customFields', { fieldName: 'PO Number', groupId: 1 }));
      const late = data<CustomField>(await as(admin)('POST', '/Invoices/customFields', { fieldName: 'Late fee', groupId: 2 }));
      await as(admin)('POST', '/Invoices/customFields', { fieldName: 'Delivery', groupId: 3 });
      expect((await as(admin)('POST', '/Invoices/customFields', { fieldName: 'po number', groupId: 1 })).json().message).toBe(`fieldName: ${MSG.fieldNameTaken}`);
      const saved = await as(admin)('PUT', '/Invoices/customFields/associations', { invoiceId: invoice.id, fieldId: po.id, value: 'PO-7781' });
      expect(saved.json().message).toBe(MSG.associationSaved);
      await as(admin)('PUT', '/Invoices/customFields/associations', { invoiceId: invoice.id, fieldId: late.id, value: '2% a month after the due date' });
      const header = data<CustomField[]>(await as(admin)('GET', `/Invoices/customFields?groupId=1&invoiceId=${invoice.id}`));
      expect(header.map((f) => [f.fieldName, f.value])).toEqual([['PO Number', 'PO-7781']]);
      expect(data<CustomField[]>(await as(admin)('GET', '/Invoices/customFields?groupId=3')).map((f) => f.fieldName)).toEqual(['Delivery']);
      expect(data<Invoice>(await as(admin)('GET', `/Invoices/${invoice.id}`)).customFields.map((f) => [f.groupId, f.fieldName, f.value])).toEqual([
        [1, 'PO Number', 'PO-7781'],
        [2, 'Late fee', '2% a month after the due date'],
      ]);
      const renamed = await as(admin)('PUT', '/Invoices/customFields', { id: late.id, fieldName: 'Interest' });
      expect(renamed.json().message).toBe(MSG.fieldUpdated);
      const assocId = header[0]?.associationId ?? '';
      expect((await as(admin)('DELETE', `/Invoices/customFields/associations?associationId=${assocId}&invoiceId=${invoice.id}`)).json().message).toBe(MSG.associationDeleted);
      expect((await as(admin)('DELETE', `/Invoices/customFields/associations?associationId=${assocId}&invoiceId=${invoice.id}`)).json().message).toBe(MSG.associationNotFound);
      expect((await as(admin)('DELETE', `/Invoices/customFields?fieldId=${late.id}`)).json().message).toBe(MSG.fieldDeleted);
      expect(data<Invoice>(await as(admin)('GET', `/Invoices/${invoice.id}`)).customFields).toEqual([]);
    });

    it('saves a customization; the next invoice starts from it', async () => {
      const body = { templateType: 2, templateBaseColor: '#D946EF', templateBaseBackgroundColor: '#ffffff', headingFontFamily: 'Georgia', bodyFontFamily: 'Verdana', terms: 'Net 15', notes: null };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...body, templateType: 4 }, `templateType: ${MSG.templateType}`],
        [{ ...body, templateBaseColor: '#12345' }, `templateBaseColor: ${MSG.color}`],
        [{ ...body, templateBaseColor: '#12345g' }, `templateBaseColor: ${MSG.color}`],
        [{ ...body, headingFontFamily: 'Comic Sans' }, `headingFontFamily: ${MSG.headingFont}`],
        [{ ...body, bodyFontFamily: 'Arial' }, `bodyFontFamily: ${MSG.bodyFont}`],
      ];
      for (const [b, message] of cases) expect((await as(admin)('PUT', `/Invoices/${invoice.id}/customization`, b)).json().message, JSON.stringify(b)).toBe(message);
      const res = await as(moderator)('PUT', `/Invoices/${invoice.id}/customization`, body);
      expect(res.json().message).toBe(MSG.customizationSaved);
      expect(data<Invoice>(res)).toMatchObject({ terms: 'Net 15', notes: null, customization: { templateType: 2, templateBaseColor: '#d946ef', headingFontFamily: 'Georgia', bodyFontFamily: 'Verdana' } });
      const next = data<Invoice>(await as(admin)('POST', '/Invoices', invoiceBody({ invoiceNumber: 'INV-003' })));
      expect(next.customization.templateType).toBe(2);
      expect(next.customization.templateBaseColor).toBe('#d946ef');
    });

    it('the PDF and the QR code carry the UPI payment link', async () => {
      const pdf = await as(admin)('GET', `/Invoices/${invoice.id}/download`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe('attachment; filename="Invoice_INV-001.pdf"');
      const bytes = pdf.rawPayload;
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
      // r.46: state names and codes, HSN/SAC per line, rate and amount of each tax per line, reverse charge, signature
      const text = (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text.replace(/\s+/g, ' ');
      for (const part of ['GSTIN: 29AAGCB7383J1Z4', 'State: Karnataka, Code: 29', 'Place of supply: Karnataka, Code: 29', 'HSN/SAC', '998313', 'CGST', 'SGST', '9%', 'Reverse charge: No', 'For Nilgiri Software LLP', 'Authorised Signatory']) {
        expect(text, part).toContain(part);
      }
      // The QR image inside the PDF is the route's PNG: decode that PNG and find its pixels' bytes in the PDF.
      const png = await as(admin)('GET', `/Invoices/${invoice.id}/upi-qr`);
      expect(png.headers['content-type']).toBe('image/png');
      const image = PNG.sync.read(png.rawPayload);
      const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
      expect(decoded?.data).toBe('upi://pay?pa=nilgiri@okicici&pn=Nilgiri%20Software%20LLP&am=2950.00&cu=INR&tn=Invoice%20INV-001');
      expect(bytes.includes(Buffer.from('/Subtype /Image'))).toBe(true);
      // No UPI id: no QR.
      const plain = data<InvoiceParty>(await as(admin)('POST', '/Invoices/businesses', { name: 'No UPI', address: 'x', stateCode: '29' }));
      const noQr = data<Invoice>(await as(admin)('POST', '/Invoices', invoiceBody({ invoiceNumber: 'INV-004', billedById: plain.id })));
      expect(noQr.upiUri).toBeNull();
      expect((await as(admin)('GET', `/Invoices/${noQr.id}/upi-qr`)).statusCode).toBe(404);
      expect((await as(admin)('GET', `/Invoices/${noQr.id}/download`)).statusCode).toBe(200);
    });
  });

  describe('access', () => {
    it('members get 403 on every route', async () => {
      // Valid bodies, so that the refusal is the permission's, not validation's.
      const style = { templateType: 1, templateBaseColor: '#000000', templateBaseBackgroundColor: '#ffffff', headingFontFamily: 'Arial', bodyFontFamily: 'Verdana' };
      const party = { name: 'Member Co', address: 'x', stateCode: '29' };
      const calls: [string, string, unknown?][] = [
        ['GET', '/Invoices'],
        ['GET', '/Invoices/Analytics'],
        ['GET', `/Invoices/${invoice.id}`],
        ['GET', `/Invoices/${invoice.id}/download`],
        ['GET', `/Invoices/${invoice.id}/upi-qr`],
        ['GET', '/Invoices/validate/INV-9'],
        ['POST', '/Invoices', invoiceBody({ invoiceNumber: 'M-1' })],
        ['PUT', '/Invoices', { id: invoice.id, ...invoiceBody() }],
        ['DELETE', `/Invoices?id=${invoice.id}`],
        ['PUT', `/Invoices/${invoice.id}/status`, { status: 'sent' }],
        ['PUT', `/Invoices/${invoice.id}/customization`, style],
        ['DELETE', `/Invoices/invoiceitem/${invoice.id}`],
        ['GET', '/Invoices/businesses'],
        ['GET', `/Invoices/clients/${client.id}`],
        ['POST', '/Invoices/clients', party],
        ['PUT', `/Invoices/clients/${client.id}`, party],
        ['DELETE', `/Invoices/businesses/${business.id}`],
        ['GET', '/Invoices/customFields?groupId=1'],
        ['POST', '/Invoices/customFields', { fieldName: 'Member', groupId: 1 }],
        ['PUT', '/Invoices/customFields', { id: invoice.id, fieldName: 'Member' }],
        ['DELETE', `/Invoices/customFields?fieldId=${invoice.id}`],
        ['PUT', '/Invoices/customFields/associations', { invoiceId: invoice.id, fieldId: invoice.id, value: 'x' }],
        ['DELETE', `/Invoices/customFields/associations?associationId=${invoice.id}&invoiceId=${invoice.id}`],
      ];
      for (const [method, url, body] of calls) expect((await as(member)(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      // Moderators may (platform spec §6): one read and one write were made by the moderator above.
      expect((await as(moderator)('GET', '/Invoices/Analytics')).statusCode).toBe(200);
    });

    it('another organisation can neither see nor change these', async () => {
      const b = as(other);
      expect((await b('GET', `/Invoices/${invoice.id}`)).statusCode).toBe(404);
      expect((await b('GET', `/Invoices/${invoice.id}/download`)).statusCode).toBe(404);
      expect((await b('GET', `/Invoices/${invoice.id}/upi-qr`)).statusCode).toBe(404);
      expect((await b('PUT', `/Invoices/${invoice.id}/status`, { status: 'sent' })).statusCode).toBe(404);
      expect((await b('PUT', `/Invoices/${invoice.id}/customization`, { templateType: 1, templateBaseColor: '#000000', templateBaseBackgroundColor: '#ffffff', headingFontFamily: 'Arial', bodyFontFamily: 'Verdana' })).statusCode).toBe(404);
      expect((await b('GET', `/Invoices/clients/${client.id}`)).statusCode).toBe(404);
      expect((await b('PUT', `/Invoices/clients/${client.id}`, { name: 'Taken', address: 'x', stateCode: '29' })).statusCode).toBe(404);
      expect((await b('DELETE', `/Invoices/businesses/${business.id}`)).statusCode).toBe(404);
      expect((await b('POST', '/Invoices', invoiceBody({ invoiceNumber: 'X-1' }))).json().message).toBe(`billedById: ${MSG.billedByNotFound}`);
      expect(data<InvoiceSummary[]>(await b('GET', '/Invoices')).map((i) => i.invoiceNumber)).toEqual(['INV-001']);
      expect(data<InvoiceAnalytics>(await b('GET', '/Invoices/Analytics')).paid.count).toBe(0);
      expect((await b('GET', '/Invoices/businesses')).json().totalRecords).toBe(1);
      expect(data<CustomField[]>(await b('GET', '/Invoices/customFields?groupId=1'))).toEqual([]);
      expect((await b('GET', `/Invoices/customFields?groupId=1&invoiceId=${invoice.id}`)).statusCode).toBe(404);
      expect(data<Invoice>(await as(admin)('GET', `/Invoices/${invoice.id}`))).toMatchObject({ status: 'paid', billedTo: { name: 'Malnad Coffee Co' } });
    });
  });
});
