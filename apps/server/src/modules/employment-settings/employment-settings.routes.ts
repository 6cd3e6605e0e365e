import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  employmentSettingsQuerySchema,
  employmentTypeListReplySchema,
  employmentTypeSettingListReplySchema,
  savedSettingValueListReplySchema,
  settingCategoryListReplySchema,
  settingValuesInputSchema,
  settingValuesReplySchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { ok, okList } from '../../platform/http';
import { scopeOf } from '../../platform/route-scope';

/** Employment-type settings (platform §7.6); paths in the header of employment-settings.contract.ts. */
export const employmentSettingsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const settings = services.employmentSettings;
  const tags = ['Employment type settings'];
  const view = { access: { permission: 'employmentSettings.view' as const, feature: 'EmploymentTypeSettings' as const } };
  const manage = { access: { permission: 'employmentSettings.manage' as const, feature: 'EmploymentTypeSettings' as const } };

  app.get('/EmploymentTypeSettings/categories', { config: view, schema: { tags, response: { 200: settingCategoryListReplySchema } } }, async () => {
    const list = settings.categories();
    return okList(list, list.length);
  });
  app.get('/EmploymentTypeSettings', { config: view, schema: { tags, querystring: employmentSettingsQuerySchema, response: { 200: employmentTypeSettingListReplySchema } } }, async (request) => {
    const list = settings.settings(request.query.settingCategory);
    return okList(list, list.length);
  });
  app.get('/EmploymentTypeSettings/employment-types', { config: view, schema: { tags, response: { 200: employmentTypeListReplySchema } } }, async (request) => {
    const list = await settings.employmentTypes(scopeOf(request));
    return okList(list, list.length);
  });
  app.get('/EmploymentTypeSettings/tenants', { config: view, schema: { tags, response: { 200: savedSettingValueListReplySchema } } }, async (request) => {
    const list = await settings.values(scopeOf(request));
    return okList(list, list.length);
  });
  app.post('/EmploymentTypeSettings/tenants', { config: manage, schema: { tags, body: settingValuesInputSchema, response: { 200: settingValuesReplySchema } } }, async (request) =>
    ok(await settings.create(scopeOf(request), request.body), 'Settings saved successfully!'),
  );
  app.put('/EmploymentTypeSettings/tenants', { config: manage, schema: { tags, querystring: employmentSettingsQuerySchema, body: settingValuesInputSchema, response: { 200: settingValuesReplySchema } } }, async (request) =>
    ok(await settings.replace(scopeOf(request), request.body, request.query.settingCategory), 'Settings saved successfully!'),
  );
};
