import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TAX_WINDOW_MSG,
  emptyReplySchema,
  helpDocumentQuerySchema,
  itDeclarationConfigInputSchema,
  itDeclarationConfigReplySchema,
  itDeclarationStatusReplySchema,
  itReminderInputSchema,
  itReminderListQuerySchema,
  itReminderListReplySchema,
  itReminderPathSchema,
  itReminderReplySchema,
  poiConfigInputSchema,
  poiConfigReplySchema,
  poiReminderInputSchema,
  poiReminderListQuerySchema,
  poiReminderListReplySchema,
  poiReminderPathSchema,
  poiReminderReplySchema,
  poiStatusReplySchema,
  taxWindowLockInputSchema,
  taxYearQuerySchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok, okList } from '../../platform/http';

/**
 * The IT declaration and POI windows (payroll spec §7 "Declaration and POI configuration"): status
 * for every role, configuration, lock and reminders for Administrators and Moderators, behind the
 * ITDeclaration and POI features. Paths in the header of tax-declarations.contract.ts.
 */
export const taxDeclarationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const windows = services.taxWindows;

  {
    const tags = ['IT declaration window'];
    const status = { access: { permission: 'taxWindows.status' as const, feature: 'ITDeclaration' as const } };
    const manage = { access: { permission: 'taxWindows.manage' as const, feature: 'ITDeclaration' as const } };
    app.get('/ITDeclaration/status', { config: status, schema: { tags, querystring: taxYearQuerySchema, response: { 200: itDeclarationStatusReplySchema } } }, async (request) =>
      ok(await windows.itStatus(scopeOf(request), request.query), TAX_WINDOW_MSG.loaded),
    );
    app.get('/ITDeclaration/config', { config: manage, schema: { tags, querystring: taxYearQuerySchema, response: { 200: itDeclarationConfigReplySchema } } }, async (request) =>
      ok(await windows.getItConfig(scopeOf(request), request.query), TAX_WINDOW_MSG.loaded),
    );
    app.post('/ITDeclaration/config', { config: manage, schema: { tags, body: itDeclarationConfigInputSchema, response: { 200: itDeclarationConfigReplySchema } } }, async (request) => {
      const { config, message } = await windows.saveItConfig(scopeOf(request), request.body);
      return ok(config, message);
    });
    app.post('/ITDeclaration/config/lock', { config: manage, schema: { tags, body: taxWindowLockInputSchema, response: { 200: itDeclarationConfigReplySchema } } }, async (request) =>
      ok(await windows.lockIt(scopeOf(request), request.body.id), TAX_WINDOW_MSG.itLocked),
    );
    app.get('/ITDeclaration/reminders', { config: manage, schema: { tags, querystring: itReminderListQuerySchema, response: { 200: itReminderListReplySchema } } }, async (request) => {
      const list = await windows.listItReminders(scopeOf(request), request.query.itDeclarationConfigId);
      return okList(list, list.length);
    });
    app.post('/ITDeclaration/reminders', { config: manage, schema: { tags, body: itReminderInputSchema, response: { 200: itReminderReplySchema } } }, async (request) =>
      ok(await windows.saveItReminder(scopeOf(request), request.body), TAX_WINDOW_MSG.reminderSaved),
    );
    app.delete('/ITDeclaration/reminders/:id', { config: manage, schema: { tags, params: itReminderPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
      await windows.deleteReminder(scopeOf(request), 'declaration', request.params.id);
      return ok(null, TAX_WINDOW_MSG.reminderDeleted);
    });
  }

  {
    const tags = ['POI window'];
    const status = { access: { permission: 'taxWindows.status' as const, feature: 'POI' as const } };
    const manage = { access: { permission: 'taxWindows.manage' as const, feature: 'POI' as const } };
    app.get('/POI/status', { config: status, schema: { tags, querystring: taxYearQuerySchema, response: { 200: poiStatusReplySchema } } }, async (request) =>
      ok(await windows.poiStatus(scopeOf(request), request.query), TAX_WINDOW_MSG.loaded),
    );
    app.get('/POI/config', { config: manage, schema: { tags, querystring: taxYearQuerySchema, response: { 200: poiConfigReplySchema } } }, async (request) =>
      ok(await windows.getPoiConfig(scopeOf(request), request.query), TAX_WINDOW_MSG.loaded),
    );
    app.post('/POI/config', { config: manage, schema: { tags, body: poiConfigInputSchema, response: { 200: poiConfigReplySchema } } }, async (request) => {
      const { config, message } = await windows.savePoiConfig(scopeOf(request), request.body);
      return ok(config, message);
    });
    app.post('/POI/config/lock', { config: manage, schema: { tags, body: taxWindowLockInputSchema, response: { 200: poiConfigReplySchema } } }, async (request) =>
      ok(await windows.lockPoi(scopeOf(request), request.body.id), TAX_WINDOW_MSG.poiLocked),
    );
    app.get('/POI/reminders', { config: manage, schema: { tags, querystring: poiReminderListQuerySchema, response: { 200: poiReminderListReplySchema } } }, async (request) => {
      const list = await windows.listPoiReminders(scopeOf(request), request.query.poiConfigId);
      return okList(list, list.length);
    });
    app.post('/POI/reminders', { config: manage, schema: { tags, body: poiReminderInputSchema, response: { 200: poiReminderReplySchema } } }, async (request) =>
      ok(await windows.savePoiReminder(scopeOf(request), request.body), TAX_WINDOW_MSG.reminderSaved),
    );
    app.delete('/POI/reminders/:poiReminderId', { config: manage, schema: { tags, params: poiReminderPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
      await windows.deleteReminder(scopeOf(request), 'poi', request.params.poiReminderId);
      return ok(null, TAX_WINDOW_MSG.reminderDeleted);
    });
  }

  // Help documents (payroll spec §2 "Help document links", §7 download-help-document): every role.
  app.get(
    '/HelpDocuments/download-help-document',
    { config: { access: { permission: 'taxWindows.help' } }, schema: { tags: ['Help documents'], querystring: helpDocumentQuerySchema, produces: ['application/pdf'] } },
    async (request, reply) => {
      const file = await windows.helpDocument(request.query.key);
      reply.header('content-disposition', `inline; filename="${file.fileName}"`).header('x-content-type-options', 'nosniff').header('cache-control', 'private, max-age=3600').type('application/pdf');
      return file.bytes;
    },
  );
};
