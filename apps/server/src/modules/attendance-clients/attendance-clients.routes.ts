import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLIENT_SITE_MSG,
  attendanceLocationSettingsReplySchema,
  attendanceLocationSettingsSchema,
  clientSiteEmployeesInputSchema,
  clientSiteEmployeesReplySchema,
  clientSiteIdPathSchema,
  clientSiteInputSchema,
  clientSiteListReplySchema,
  clientSiteReplySchema,
  emptyReplySchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { ok, okList } from '../../platform/http';
import { scopeOf } from '../../platform/route-scope';

/** Attendance > Clients (platform §2.1, §6; paths in attendance-clients.contract.ts). */
export const attendanceClientRoutes: FastifyPluginAsyncZod<{
  services: Services;
}> = async (app, { services }) => {
  const tags = ['Attendance clients'];
  const config = {
    access: { permission: 'attendance.clients.manage' as const },
  };
  const params = clientSiteIdPathSchema;
  const svc = services.attendanceClients;
  app.get('/AttendanceClients', { config, schema: { tags, response: { 200: clientSiteListReplySchema } } }, async (request) => {
    const list = await svc.list(scopeOf(request));
    return okList(list, list.length);
  });
  app.post(
    '/AttendanceClients',
    {
      config,
      schema: {
        tags,
        body: clientSiteInputSchema,
        response: { 200: clientSiteReplySchema },
      },
    },
    async (request) => ok(await svc.create(scopeOf(request), request.body), CLIENT_SITE_MSG.created),
  );
  app.get(
    '/AttendanceClients/settings',
    {
      config,
      schema: {
        tags,
        response: { 200: attendanceLocationSettingsReplySchema },
      },
    },
    async (request) => ok(await svc.settings(scopeOf(request))),
  );
  app.put(
    '/AttendanceClients/settings',
    {
      config,
      schema: {
        tags,
        body: attendanceLocationSettingsSchema,
        response: { 200: attendanceLocationSettingsReplySchema },
      },
    },
    async (request) => ok(await svc.saveSettings(scopeOf(request), request.body), CLIENT_SITE_MSG.settingsSaved),
  );
  app.put(
    '/AttendanceClients/:id',
    {
      config,
      schema: {
        tags,
        params,
        body: clientSiteInputSchema,
        response: { 200: clientSiteReplySchema },
      },
    },
    async (request) => ok(await svc.update(scopeOf(request), request.params.id, request.body), CLIENT_SITE_MSG.updated),
  );
  app.delete('/AttendanceClients/:id', { config, schema: { tags, params, response: { 200: emptyReplySchema } } }, async (request) => {
    await svc.delete(scopeOf(request), request.params.id);
    return ok(null, CLIENT_SITE_MSG.deleted);
  });
  app.get(
    '/AttendanceClients/:id/employees',
    {
      config,
      schema: {
        tags,
        params,
        response: { 200: clientSiteEmployeesReplySchema },
      },
    },
    async (request) => {
      const list = await svc.employees(scopeOf(request), request.params.id);
      return okList(list, list.length);
    },
  );
  app.put(
    '/AttendanceClients/:id/employees',
    {
      config,
      schema: {
        tags,
        params,
        body: clientSiteEmployeesInputSchema,
        response: { 200: clientSiteEmployeesReplySchema },
      },
    },
    async (request) => {
      const list = await svc.assign(scopeOf(request), request.params.id, request.body.userIds);
      return okList(list, list.length, CLIENT_SITE_MSG.assigned);
    },
  );
};
