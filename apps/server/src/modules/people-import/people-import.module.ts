import { defineModule, provide } from '../module';
import { PeopleImportService } from './people-import.service';
import { peopleImportRoutes } from './people-import.routes';

declare module '../module' {
  interface Services {
    peopleImport: PeopleImportService;
  }
}

/** Importing people from a spreadsheet. */
export const peopleImportModule = defineModule({
  name: 'people-import',
  services: {
    peopleImport: provide(['employee'], ({ clock, employee }) => new PeopleImportService({ clock, employees: employee })),
  },
  routes: [peopleImportRoutes],
});
