import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SENDER_EMAIL_MSG, TAX_WINDOW_MSG, senderEmailPreferencesInputSchema, senderEmailPreferencesReplySchema } from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok } from '../../platform/http';

/** Settings > Preferences > Sender Email Preferences (payroll spec §1): Administrators and Moderators. */
export const preferencesRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Preferences'];
  const access = { access: { permission: 'preferences.senderEmail' as const } };
  app.get('/Preferences/sender-email', { config: access, schema: { tags, response: { 200: senderEmailPreferencesReplySchema } } }, async (request) =>
    ok(await services.preferences.senderEmail(scopeOf(request)), TAX_WINDOW_MSG.loaded),
  );
  app.put('/Preferences/sender-email', { config: access, schema: { tags, body: senderEmailPreferencesInputSchema, response: { 200: senderEmailPreferencesReplySchema } } }, async (request) =>
    ok(await services.preferences.saveSenderEmail(scopeOf(request), request.body), SENDER_EMAIL_MSG.saved),
  );
};
