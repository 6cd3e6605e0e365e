import { defineModule, provide } from '../module';
import { TaxService } from './tax.service';
import { taxRoutes } from './tax.routes';

declare module '../module' {
  interface Services {
    tax: TaxService;
  }
}

/** Income tax computation. */
export const taxModule = defineModule({
  name: 'tax',
  services: {
    tax: provide([], () => new TaxService()),
  },
  routes: [taxRoutes],
});
