import { invoiceCreateInputSchema, invoicePartyInputSchema } from '@tankha/contracts';
import { addDaysToDate, dateInZone } from '@tankha/domain';
import type { Db } from '../db/client';
import type { Clock } from '../platform/clock';
import type { JobQueue } from '../platform/jobs/job-queue';
import { UnitOfWork } from '../platform/unit-of-work';
import { InvoiceService } from '../modules/invoices/invoices.service';
import { administratorContext } from './demo-payroll';

/**
 * The demo's sales invoices: the organisation as the business (with bank
 * details and a UPI id, so the QR code shows), a client in Karnataka (CGST + SGST) and one in
 * Maharashtra (IGST), and three invoices: paid, sent and past due (overdue), and a draft. Made through
 * the invoice service as the administrator would, on the seed's clock.
 */
export async function seedDemoInvoices(db: Db, tenantId: string, now: Date, jobs: JobQueue): Promise<void> {
  let instant = now;
  const clock: Clock = { now: () => instant };
  const service = new InvoiceService({ clock });
  const ctx = await administratorContext(db, tenantId);
  if (!ctx.planFeatures.includes('Invoices')) return;
  const uow = new UnitOfWork(db, jobs);
  const today = dateInZone(now, ctx.timeZone);
  const day = (offset: number) => addDaysToDate(today, offset);

  await uow.tenant(ctx, async (scope) => {
    const business = await service.createParty(
      scope,
      'business',
      invoicePartyInputSchema.parse({
        name: 'Nilgiri Software Pvt Ltd',
        address: '4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru, Karnataka 560103',
        stateCode: '29',
        gstin: '29AAFCN4821K1Z6',
        pan: 'AAFCN4821K',
        email: 'accounts@nilgiri.demo',
        bankName: 'HDFC Bank',
        accountNumber: '50200012345678',
        ifscCode: 'HDFC0000523',
        upiId: 'nilgirisoftware@hdfcbank',
      }),
    );
    const malnad = await service.createParty(
      scope,
      'client',
      invoicePartyInputSchema.parse({ name: 'Malnad Coffee Estates', address: 'Estate Road, Chikkamagaluru, Karnataka 577101', stateCode: '29', email: 'purchase@malnadcoffee.example.in' }),
    );
    const konkan = await service.createParty(
      scope,
      'client',
      invoicePartyInputSchema.parse({ name: 'Konkan Exports', address: 'Plot 14, MIDC, Andheri East, Mumbai, Maharashtra 400093', stateCode: '27', gstin: '27AAPFU0939F1ZV', email: 'ap@konkanexports.example.in' }),
    );
    const make = (number: string, date: number, client: string, items: { name: string; hsnSac: string; unit?: string; quantity: number; rate: number; gstRate: number }[]) =>
      service.create(
        scope,
        invoiceCreateInputSchema.parse({
          invoiceNumber: number,
          invoiceDate: day(date),
          billedById: business.id,
          billedToId: client,
          invoiceItems: items,
          terms: 'Payment due within 30 days of the invoice date.',
          notes: 'Thank you for your business.',
        }),
      );
    instant = new Date(now.getTime() - 60 * 86_400_000);
    const paid = await make('NSPL-001', -60, malnad.id, [
      { name: 'Payroll implementation', hsnSac: '998313', quantity: 1, rate: 75_000, gstRate: 18 },
      { name: 'Training (hours)', hsnSac: '999293', quantity: 6, rate: 2_500, gstRate: 18 },
    ]);
    await service.setStatus(scope, paid.id, 'sent');
    instant = new Date(now.getTime() - 30 * 86_400_000);
    await service.setStatus(scope, paid.id, 'paid');
    instant = new Date(now.getTime() - 45 * 86_400_000);
    const overdue = await make('NSPL-002', -45, konkan.id, [{ name: 'HR software subscription (annual)', hsnSac: '998315', quantity: 25, rate: 1_200, gstRate: 18 }]);
    await service.setStatus(scope, overdue.id, 'sent');
    instant = now;
    await make('NSPL-003', 0, malnad.id, [
      { name: 'Attendance devices', hsnSac: '847190', unit: 'NOS', quantity: 2, rate: 14_500, gstRate: 18 },
      { name: 'Installation', hsnSac: '998733', quantity: 1, rate: 3_000, gstRate: 18 },
    ]);
  });
}
