import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ATTENDANCE_SETTINGS_MSG, attendanceSettingsInputSchema, attendanceSettingsReplySchema } from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok } from '../../platform/http';

/** GET/PUT on the Attendances settings resource (people spec §7 "Attendance settings"). Premium: AttendanceSettings. */
export const attendanceSettingsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Attendance settings'];
  app.get(
    '/Attendances/settings',
    { config: { access: { permission: 'attendance.settings.view', feature: 'AttendanceSettings' } }, schema: { tags, response: { 200: attendanceSettingsReplySchema } } },
    async (request) => ok(await services.attendanceSettings.get(scopeOf(request))),
  );
  app.put(
    '/Attendances/settings',
    {
      config: { access: { permission: 'attendance.settings.update', feature: 'AttendanceSettings' } },
      schema: { tags, body: attendanceSettingsInputSchema, response: { 200: attendanceSettingsReplySchema } },
    },
    async (request) => ok(await services.attendanceSettings.save(scopeOf(request), request.body), ATTENDANCE_SETTINGS_MSG.saved),
  );
};
