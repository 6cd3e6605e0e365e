import { defineModule, provide } from '../module';
import { DocumentService } from './documents.service';
import { documentRoutes } from './documents.routes';

declare module '../module' {
  interface Services {
    document: DocumentService;
  }
}

/** Employees' documents. */
export const documentsModule = defineModule({
  name: 'documents',
  services: {
    document: provide(['users'], ({ clock, files, users }) => new DocumentService({ clock, files, users })),
  },
  routes: [documentRoutes],
});
