import { defineModule, provide } from '../module';
import { Form16Service } from './form16.service';
import { Form16PartBService } from './form16-part-b.service';
import { form16Routes } from './form16.routes';

declare module '../module' {
  interface Services {
    form16: Form16Service;
    form16PartB: Form16PartBService;
  }
}

/** Form 16: uploads, lists, downloads, Part B from the finalized payroll. */
export const form16Module = defineModule({
  name: 'form16',
  services: {
    form16: provide([], ({ clock, files }) => new Form16Service({ clock, files })),
    form16PartB: provide(['form16'], ({ clock, form16 }) => new Form16PartBService({ clock, form16 })),
  },
  routes: [form16Routes],
});
