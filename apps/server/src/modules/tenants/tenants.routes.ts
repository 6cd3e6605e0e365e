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
import type { Services } from '../module';
import { accountScopeOf, beforeUnitOfWork, scopeOf } from '../../platform/route-scope';
import { authorise, SIGNED_IN } from '../../platform/auth/access';
import { ok } from '../../platform/http';
import { parseFields, readMultipart } from '../../platform/files/multipart';
import { notFound } from '../../platform/errors';

/**
 * Organisation, its settings and its logo (platform §7.3, §7.4). The signed-in organisation's own
 * details are tenant routes; the routes that may name another organisation the account
 * administers (`?tenantId`: creating one, its settings and logo, soft delete, reactivation) are
 * account-level and work on the global transaction.
 */
export const tenantRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tenants = services.tenants;

  app.get('/Tenants', { config: { access: SIGNED_IN }, schema: { tags: ['Tenants'], response: { 200: organizationReplySchema } } }, async (request) =>
    ok(await tenants.getOrganization(scopeOf(request))),
  );

  // Bodies with a logo are received before the unit of work opens (route-scope.ts).
  const received = beforeUnitOfWork((request) => readMultipart(request));
  const receivedLogo = beforeUnitOfWork(async (request) => {
    // An account-level access declares no plan feature: Branding of the signed-in organisation's plan, checked as the access hook would.
    if (request.ctx) authorise(request.ctx, { feature: 'Branding' });
    return readMultipart(request);
  });

  app.put('/Tenants', { config: { access: { permission: 'org.update' } }, preHandler: received.preHandler, schema: { tags: ['Tenants'], consumes: ['multipart/form-data'], response: { 200: organizationReplySchema } } }, async (request) => {
    const { fields, file } = received.of(request);
    const input = parseFields(organizationInputSchema, fields);
    return ok(await tenants.updateOrganization(scopeOf(request), input, file), MSG.orgUpdated);
  });

  app.post(
    '/Tenants',
    { config: { access: { account: true, permission: 'org.create' } }, preHandler: received.preHandler, schema: { tags: ['Tenants'], consumes: ['multipart/form-data'], response: { 201: createdOrganizationReplySchema } } },
    async (request, reply) => {
      const scope = accountScopeOf(request);
      const { ctx } = scope;
      const { fields, file } = received.of(request);
      const input = parseFields(organizationInputSchema, fields);
      const owner = await scope.asTenant(ctx.tenantId, (own) => services.users.ownIdentity(own, ctx.userId));
      const created = await tenants.createOrganization(scope, owner, input, file);
      reply.code(201);
      return ok(created, 'Organization created successfully', 201);
    },
  );

  app.post(
    '/logos',
    { config: { access: { account: true, permission: 'org.logo' } }, preHandler: receivedLogo.preHandler, schema: { tags: ['Tenants'], querystring: tenantIdQuerySchema, consumes: ['multipart/form-data'], response: { 200: logoReplySchema } } },
    async (request) => {
      const scope = accountScopeOf(request);
      authorise(scope.ctx, { feature: 'Branding' });
      const { file } = receivedLogo.of(request);
      return ok(await tenants.uploadLogo(scope, request.query.tenantId, file), MSG.logoUploaded);
    },
  );

  app.delete('/logos', { config: { access: { permission: 'org.logo', feature: 'Branding' } }, schema: { tags: ['Tenants'], response: { 200: logoReplySchema } } }, async (request) =>
    ok(await tenants.deleteLogo(scopeOf(request)), 'Logo removed successfully'),
  );

  app.get('/files/logos/:name', { config: { access: { public: true, database: false } }, schema: { tags: ['Tenants'], params: z.object({ name: z.string().max(100) }) } }, async (request, reply) => {
    const logo = await tenants.readLogo(request.params.name);
    if (!logo) throw notFound('Logo not found');
    return reply.header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').type(logo.mimeType).send(logo.bytes);
  });

  app.delete(
    '/softDelete',
    { config: { access: { account: true, permission: 'org.softDelete' } }, schema: { tags: ['Tenants'], querystring: requiredTenantIdQuerySchema, response: { 200: emptyReplySchema } } },
    async (request) => {
      await tenants.softDelete(accountScopeOf(request), request.query.tenantId);
      return ok(null, 'Organization deleted successfully');
    },
  );

  app.put(
    '/reactivate',
    { config: { access: { account: true, permission: 'org.softDelete' } }, schema: { tags: ['Tenants'], querystring: requiredTenantIdQuerySchema, response: { 200: emptyReplySchema } } },
    async (request) => {
      await tenants.reactivate(accountScopeOf(request), request.query.tenantId);
      return ok(null, 'Organization reactivated successfully');
    },
  );

  app.get('/settings', { config: { access: { account: true } }, schema: { tags: ['Tenants'], querystring: tenantIdQuerySchema, response: { 200: organizationSettingsReplySchema } } }, async (request) =>
    ok(await tenants.getSettings(accountScopeOf(request), request.query.tenantId)),
  );

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/settings',
      config: { access: { account: true, permission: 'org.settings' } },
      schema: { tags: ['Tenants'], querystring: tenantIdQuerySchema, body: organizationSettingsInputSchema, response: { 200: organizationSettingsReplySchema } },
      handler: async (request) => ok(await tenants.saveSettings(accountScopeOf(request), request.query.tenantId, request.body), MSG.orgSettingsAdded),
    });
  }

  app.get('/orgprofilecompletionstatus', { config: { access: SIGNED_IN }, schema: { tags: ['Tenants'], response: { 200: completionStatusReplySchema } } }, async (request) =>
    ok(await tenants.completionStatus(scopeOf(request))),
  );
};
