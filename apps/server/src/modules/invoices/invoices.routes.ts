import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INVOICE_MSG as MSG,
  PARTY_LABEL,
  customFieldAssociationDeleteQuerySchema,
  customFieldAssociationInputSchema,
  customFieldAssociationReplySchema,
  customFieldCreateInputSchema,
  customFieldDeleteQuerySchema,
  customFieldListQuerySchema,
  customFieldListReplySchema,
  customFieldReplySchema,
  customFieldUpdateInputSchema,
  emptyReplySchema,
  invoiceAnalyticsReplySchema,
  invoiceCreateInputSchema,
  invoiceCustomizationInputSchema,
  invoiceIdPathSchema,
  invoiceIdQuerySchema,
  invoiceListQuerySchema,
  invoiceListReplySchema,
  invoiceNumberPathSchema,
  invoicePartyInputSchema,
  invoicePartyListQuerySchema,
  invoicePartyListReplySchema,
  invoicePartyReplySchema,
  invoiceReplySchema,
  invoiceStatusInputSchema,
  invoiceUpdateInputSchema,
  invoiceValidateQuerySchema,
  invoiceValidateReplySchema,
  type PartyKind,
} from '@tankha/contracts';
import type { Services } from '../module';
import { ok, okList } from '../../platform/http';
import { scopeOf } from '../../platform/route-scope';

/**
 * Sales invoices, their parties, custom fields and customization (platform spec §7.5; paths in the
 * header of invoices.contract.ts): Administrators and Moderators, under the Invoices feature.
 */
export const invoiceRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const invoices = services.invoices;
  const config = { access: { permission: 'invoices.manage' as const, feature: 'Invoices' as const } };
  const params = invoiceIdPathSchema;

  for (const [kind, segment] of [['business', 'businesses'], ['client', 'clients']] as [PartyKind, string][]) {
    const tags = ['Invoice parties'];
    const label = PARTY_LABEL[kind];
    app.get(`/Invoices/${segment}`, { config, schema: { tags, querystring: invoicePartyListQuerySchema, response: { 200: invoicePartyListReplySchema } } }, async (request) => {
      const { rows, total } = await invoices.listParties(scopeOf(request), kind, request.query);
      return okList(rows, total);
    });
    app.get(`/Invoices/${segment}/:id`, { config, schema: { tags, params, response: { 200: invoicePartyReplySchema } } }, async (request) => ok(await invoices.getParty(scopeOf(request), kind, request.params.id)));
    app.post(`/Invoices/${segment}`, { config, schema: { tags, body: invoicePartyInputSchema, response: { 200: invoicePartyReplySchema } } }, async (request) =>
      ok(await invoices.createParty(scopeOf(request), kind, request.body), MSG.partyCreated(label)),
    );
    app.put(`/Invoices/${segment}/:id`, { config, schema: { tags, params, body: invoicePartyInputSchema, response: { 200: invoicePartyReplySchema } } }, async (request) =>
      ok(await invoices.updateParty(scopeOf(request), kind, request.params.id, request.body), MSG.partyUpdated(label)),
    );
    app.delete(`/Invoices/${segment}/:id`, { config, schema: { tags, params, response: { 200: emptyReplySchema } } }, async (request) => {
      await invoices.deleteParty(scopeOf(request), kind, request.params.id);
      return ok(null, MSG.partyDeleted(label));
    });
  }

  {
    const tags = ['Invoice custom fields'];
    app.get('/Invoices/customFields', { config, schema: { tags, querystring: customFieldListQuerySchema, response: { 200: customFieldListReplySchema } } }, async (request) => {
      const list = await invoices.listFields(scopeOf(request), request.query.groupId, request.query.invoiceId);
      return okList(list, list.length);
    });
    app.post('/Invoices/customFields', { config, schema: { tags, body: customFieldCreateInputSchema, response: { 200: customFieldReplySchema } } }, async (request) => ok(await invoices.createField(scopeOf(request), request.body), MSG.fieldCreated));
    app.put('/Invoices/customFields', { config, schema: { tags, body: customFieldUpdateInputSchema, response: { 200: customFieldReplySchema } } }, async (request) => ok(await invoices.renameField(scopeOf(request), request.body), MSG.fieldUpdated));
    app.delete('/Invoices/customFields', { config, schema: { tags, querystring: customFieldDeleteQuerySchema, response: { 200: emptyReplySchema } } }, async (request) => {
      await invoices.deleteField(scopeOf(request), request.query.fieldId);
      return ok(null, MSG.fieldDeleted);
    });
    app.put('/Invoices/customFields/associations', { config, schema: { tags, body: customFieldAssociationInputSchema, response: { 200: customFieldAssociationReplySchema } } }, async (request) =>
      ok(await invoices.saveFieldValue(scopeOf(request), request.body), MSG.associationSaved),
    );
    app.delete('/Invoices/customFields/associations', { config, schema: { tags, querystring: customFieldAssociationDeleteQuerySchema, response: { 200: emptyReplySchema } } }, async (request) => {
      await invoices.deleteFieldValue(scopeOf(request), request.query.associationId, request.query.invoiceId);
      return ok(null, MSG.associationDeleted);
    });
  }

  {
    const tags = ['Invoices'];
    app.get('/Invoices', { config, schema: { tags, querystring: invoiceListQuerySchema, response: { 200: invoiceListReplySchema } } }, async (request) => {
      const { rows, total } = await invoices.list(scopeOf(request), request.query);
      return okList(rows, total);
    });
    app.get('/Invoices/Analytics', { config, schema: { tags, response: { 200: invoiceAnalyticsReplySchema } } }, async (request) => ok(await invoices.analytics(scopeOf(request))));
    app.get('/Invoices/validate/:invoiceNumber', { config, schema: { tags, params: invoiceNumberPathSchema, querystring: invoiceValidateQuerySchema, response: { 200: invoiceValidateReplySchema } } }, async (request) =>
      ok(await invoices.validateNumber(scopeOf(request), request.params.invoiceNumber, request.query)),
    );
    app.get('/Invoices/:id', { config, schema: { tags, params, response: { 200: invoiceReplySchema } } }, async (request) => ok(await invoices.get(scopeOf(request), request.params.id)));
    app.post('/Invoices', { config, schema: { tags, body: invoiceCreateInputSchema, response: { 200: invoiceReplySchema } } }, async (request) => ok(await invoices.create(scopeOf(request), request.body), MSG.created));
    app.put('/Invoices', { config, schema: { tags, body: invoiceUpdateInputSchema, response: { 200: invoiceReplySchema } } }, async (request) => ok(await invoices.update(scopeOf(request), request.body), MSG.updated));
    app.delete('/Invoices', { config, schema: { tags, querystring: invoiceIdQuerySchema, response: { 200: emptyReplySchema } } }, async (request) => {
      await invoices.remove(scopeOf(request), request.query.id);
      return ok(null, MSG.deleted);
    });
    app.put('/Invoices/:id/status', { config, schema: { tags, params, body: invoiceStatusInputSchema, response: { 200: invoiceReplySchema } } }, async (request) =>
      ok(await invoices.setStatus(scopeOf(request), request.params.id, request.body.status), MSG.statusUpdated),
    );
    app.put('/Invoices/:id/customization', { config, schema: { tags, params, body: invoiceCustomizationInputSchema, response: { 200: invoiceReplySchema } } }, async (request) =>
      ok(await invoices.customize(scopeOf(request), request.params.id, request.body), MSG.customizationSaved),
    );
    app.delete('/Invoices/invoiceitem/:id', { config, schema: { tags, params, response: { 200: invoiceReplySchema } } }, async (request) => ok(await invoices.deleteItem(scopeOf(request), request.params.id), MSG.itemDeleted));
    app.get('/Invoices/:id/download', { config, schema: { tags, params, produces: ['application/pdf'] } }, async (request, reply) => {
      const file = await invoices.pdf(scopeOf(request), request.params.id);
      reply.header('content-disposition', `attachment; filename="${file.fileName}"`).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').type('application/pdf');
      return file.bytes;
    });
    app.get('/Invoices/:id/upi-qr', { config, schema: { tags, params, produces: ['image/png'] } }, async (request, reply) => {
      const png = await invoices.upiQr(scopeOf(request), request.params.id);
      reply.header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').type('image/png');
      return png;
    });
  }
};
