import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATA_RIGHTS_MSG, dataRetentionSettingsReplySchema, dataRetentionSettingsSchema, emptyReplySchema, eraseBodySchema, erasureParamsSchema, erasureStatusReplySchema } from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok } from '../../platform/http';

/** Employees' data rights: one's own data as a ZIP; the retention period and erasing a relieved employee's personal data. */
export const dataRightsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const rights = services.dataRights;
  const tags = ['Data rights'];
  const own = { access: { permission: 'dataRights.exportOwn' as const } };
  const erase = { access: { permission: 'dataRights.erase' as const } };

  // The caller's own data only: the route takes no user id.
  app.get('/Me/data-export', { config: own, schema: { tags, produces: ['application/zip'] } }, async (request, reply) => {
    const file = await rights.exportOwn(scopeOf(request));
    reply.header('content-disposition', `attachment; filename="${file.fileName}"`).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').type('application/zip');
    return file.stream;
  });

  app.get('/DataRights/settings', { config: erase, schema: { tags, response: { 200: dataRetentionSettingsReplySchema } } }, async (request) => ok(await rights.settings(scopeOf(request))));

  app.put('/DataRights/settings', { config: erase, schema: { tags, body: dataRetentionSettingsSchema, response: { 200: dataRetentionSettingsReplySchema } } }, async (request) =>
    ok(await rights.saveSettings(scopeOf(request), request.body), DATA_RIGHTS_MSG.settingsSaved),
  );

  app.get('/DataRights/erasure/:userId', { config: erase, schema: { tags, params: erasureParamsSchema, response: { 200: erasureStatusReplySchema } } }, async (request) =>
    ok(await rights.erasureStatus(scopeOf(request), request.params.userId)),
  );

  app.post('/DataRights/erasure/:userId', { config: erase, schema: { tags, params: erasureParamsSchema, body: eraseBodySchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await rights.erase(scopeOf(request), request.params.userId);
    return ok(null, DATA_RIGHTS_MSG.erased);
  });
};
