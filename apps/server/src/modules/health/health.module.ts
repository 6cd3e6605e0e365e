import { defineModule } from '../module';
import { healthRoutes } from './health.routes';

/** The health check (no login, no transaction). */
export const healthModule = defineModule({
  name: 'health',
  routes: [healthRoutes],
});
