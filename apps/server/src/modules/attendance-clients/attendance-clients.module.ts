import { defineModule, provide } from '../module';
import { AttendanceClientService } from './attendance-clients.service';
import { attendanceClientRoutes } from './attendance-clients.routes';

declare module '../module' {
  interface Services {
    attendanceClients: AttendanceClientService;
  }
}

/** Client sites, geofences and assignments. */
export const attendanceClientsModule = defineModule({
  name: 'attendance-clients',
  services: {
    attendanceClients: provide([], ({ clock }) => new AttendanceClientService({ clock })),
  },
  routes: [attendanceClientRoutes],
});
