import { defineModule, provide } from '../module';
import { DataRightsService } from './data-rights.service';
import { dataRightsRoutes } from './data-rights.routes';

declare module '../module' {
  interface Services {
    dataRights: DataRightsService;
  }
}

/** Employees' data rights under the DPDP Act 2023: the export of one's own data and the erasure of a relieved employee's. */
export const dataRightsModule = defineModule({
  name: 'data-rights',
  services: {
    dataRights: provide([], ({ clock, files }) => new DataRightsService({ clock, files })),
  },
  routes: [dataRightsRoutes],
});
