import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MSG,
  completionStatusReplySchema,
  createdOrganizationReplySchema,
  emptyReplySchema,
  logoReplySchema,
  organizationInputSchema,
  organizationReplySchema,
  organizationSettingsInputSchema,
  organizationSettingsReplySchema,
  requiredTenantIdQuerySchema,
  tenantIdQuerySchema,
} from '@tankha/contracts';
import { z } from 'zod';
import { requireCtx, type Services } from '../../app';
import { ok } from '../../platform/http';
import { parseFields, readMultipart } from '../../platform/files/multipart';
import { notFound } from '../../platform/errors';

/** Organisation, its settings and its logo (platform §7.3, §7.4). */
export const tenantRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tenants = services.tenants;

  app.get('/Tenants', { schema: { tags: ['Tenants'], response: { 200: organizationReplySchema } } }, async (request) =>
    ok(await tenants.getOrganization(requireCtx(request))),
  );

  app.put('/Tenants', { config: { access: { permission: 'org.update' } }, schema: { tags: ['Tenants'], consumes: ['multipart/form-data'], response: { 200: organizationReplySchema } } }, async (request) => {
    const { fields, file } = await readMultipart(request);
    const input = parseFields(organizationInputSchema, fields);
    return ok(await tenants.updateOrganization(requireCtx(request), input, file), MSG.orgUpdated);
  });

  app.post('/Tenants', { config: { access: { permission: 'org.create' } }, schema: { tags: ['Tenants'], consumes: ['multipart/form-data'], response: { 201: createdOrganizationReplySchema } } }, async (request, reply) => {
    const ctx = requireCtx(request);
    const { fields, file } = await readMultipart(request);
    const input = parseFields(organizationInputSchema, fields);
    const owner = await services.users.ownIdentity(ctx);
    const created = await tenants.createOrganization(ctx, owner, input, file);
    return reply.code(201).send(ok(created, 'Organization created successfully', 201));
  });

  app.post('/logos', { config: { access: { permission: 'org.logo', feature: 'Branding' } }, schema: { tags: ['Tenants'], querystring: tenantIdQuerySchema, consumes: ['multipart/form-data'], response: { 200: logoReplySchema } } }, async (request) => {
    const { file } = await readMultipart(request);
    return ok(await tenants.uploadLogo(requireCtx(request), request.query.tenantId, file), MSG.logoUploaded);
  });

  app.delete('/logos', { config: { access: { permission: 'org.logo', feature: 'Branding' } }, schema: { tags: ['Tenants'], response: { 200: logoReplySchema } } }, async (request) =>
    ok(await tenants.deleteLogo(requireCtx(request)), 'Logo removed successfully'),
  );

  app.get('/files/logos/:name', { config: { access: { public: true } }, schema: { tags: ['Tenants'], params: z.object({ name: z.string().max(100) }) } }, async (request, reply) => {
    const logo = await tenants.readLogo(request.params.name);
    if (!logo) throw notFound('Logo not found');
    return reply.header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').type(logo.mimeType).send(logo.bytes);
  });

  app.delete('/softDelete', { config: { access: { permission: 'org.softDelete' } }, schema: { tags: ['Tenants'], querystring: requiredTenantIdQuerySchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await tenants.softDelete(requireCtx(request), request.query.tenantId);
    return ok(null, 'Organization deleted successfully');
  });

  app.put('/reactivate', { config: { access: { permission: 'org.softDelete' } }, schema: { tags: ['Tenants'], querystring: requiredTenantIdQuerySchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await tenants.reactivate(requireCtx(request), request.query.tenantId);
    return ok(null, 'Organization reactivated successfully');
  });

  app.get('/settings', { schema: { tags: ['Tenants'], querystring: tenantIdQuerySchema, response: { 200: organizationSettingsReplySchema } } }, async (request) =>
    ok(await tenants.getSettings(requireCtx(request), request.query.tenantId)),
  );

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/settings',
      config: { access: { permission: 'org.settings' } },
      schema: { tags: ['Tenants'], querystring: tenantIdQuerySchema, body: organizationSettingsInputSchema, response: { 200: organizationSettingsReplySchema } },
      handler: async (request) => ok(await tenants.saveSettings(requireCtx(request), request.query.tenantId, request.body), MSG.orgSettingsAdded),
    });
  }

  app.get('/orgprofilecompletionstatus', { schema: { tags: ['Tenants'], response: { 200: completionStatusReplySchema } } }, async (request) =>
    ok(await tenants.completionStatus(requireCtx(request))),
  );
};
