import { defineModule, provide } from '../module';
import { InvoiceService } from './invoices.service';
import { invoiceRoutes } from './invoices.routes';

declare module '../module' {
  interface Services {
    invoices: InvoiceService;
  }
}

/** Sales invoices (GST). */
export const invoicesModule = defineModule({
  name: 'invoices',
  services: {
    invoices: provide([], ({ clock }) => new InvoiceService({ clock })),
  },
  routes: [invoiceRoutes],
});
