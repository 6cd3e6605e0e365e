import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { USER_SETTINGS_MSG, userSettingsReplySchema, userSettingsSchema } from '@tankha/contracts';
import type { Services } from '../module';
import { ok } from '../../platform/http';
import { scopeOf } from '../../platform/route-scope';

/** Users > Settings (paths in user-settings.contract.ts). */
export const userSettingsRoutes: FastifyPluginAsyncZod<{
  services: Services;
}> = async (app, { services }) => {
  const tags = ['Users'];
  const svc = services.userSettings;
  app.get(
    '/Users/settings',
    {
      config: { access: { permission: 'users.settings.view' } },
      schema: { tags, response: { 200: userSettingsReplySchema } },
    },
    async (request) => ok(await svc.get(scopeOf(request))),
  );
  app.put(
    '/Users/settings',
    {
      config: { access: { permission: 'users.settings.manage' } },
      schema: {
        tags,
        body: userSettingsSchema,
        response: { 200: userSettingsReplySchema },
      },
    },
    async (request) => ok(await svc.save(scopeOf(request), request.body), USER_SETTINGS_MSG.saved),
  );
};
