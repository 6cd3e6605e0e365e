import { defineModule, provide } from '../module';
import { AttendanceSettingsService } from './attendance-settings.service';
import { attendanceSettingsRoutes } from './attendance-settings.routes';

declare module '../module' {
  interface Services {
    attendanceSettings: AttendanceSettingsService;
  }
}

/** Attendance settings. */
export const attendanceSettingsModule = defineModule({
  name: 'attendance-settings',
  services: {
    attendanceSettings: provide([], ({ clock }) => new AttendanceSettingsService({ clock })),
  },
  routes: [attendanceSettingsRoutes],
});
