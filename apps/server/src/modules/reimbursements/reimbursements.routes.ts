import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REIMBURSEMENT_MSG as MSG,
  REIMBURSEMENT_RECEIPT_MAX_BYTES,
  emptyReplySchema,
  reimbursementDecisionInputSchema,
  reimbursementIdPathSchema,
  reimbursementReportQuerySchema,
  reimbursementRequestListQuerySchema,
  reimbursementRequestListReplySchema,
  reimbursementRequestReplySchema,
  reimbursementTypeInputSchema,
  reimbursementTypeListQuerySchema,
  reimbursementTypeListReplySchema,
  reimbursementTypeReplySchema,
  reimbursementTypeStatusInputSchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { readMultipart } from '../../platform/files/multipart';
import { ok, okList } from '../../platform/http';
import { beforeUnitOfWork, scopeOf } from '../../platform/route-scope';
import { readDocumentUpload } from '../documents/documents.content';
import { sendStoredDownload } from '../../platform/files/download';

/**
 * Reimbursement types and requests (payroll spec §7 "Reimbursement"; paths in the header of
 * reimbursements.contract.ts). Types are managed under the Reimbursement feature; claims are every
 * role's under ReimbursementRequests; deciding, the list of all and the report are payroll admins'.
 */
export const reimbursementRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const reimbursements = services.reimbursements;
  const manage = { access: { permission: 'reimbursements.types.manage' as const, feature: 'Reimbursement' as const } };
  const own = { access: { permission: 'reimbursements.own' as const, feature: 'ReimbursementRequests' as const } };
  const decide = { access: { permission: 'reimbursements.decide' as const, feature: 'Reimbursement' as const } };
  const params = reimbursementIdPathSchema;

  {
    const tags = ['Reimbursement types'];
    // isAdminAccess=false is the request form's list (every role); true is the admin page's (the service checks).
    app.get('/ReimbursementTypes', { config: own, schema: { tags, querystring: reimbursementTypeListQuerySchema, response: { 200: reimbursementTypeListReplySchema } } }, async (request) => {
      const list = await reimbursements.listTypes(scopeOf(request), request.query.isAdminAccess);
      return okList(list, list.length);
    });
    app.get('/ReimbursementTypes/:id', { config: manage, schema: { tags, params, response: { 200: reimbursementTypeReplySchema } } }, async (request) => ok(await reimbursements.getType(scopeOf(request), request.params.id)));
    app.post('/ReimbursementTypes', { config: manage, schema: { tags, body: reimbursementTypeInputSchema, response: { 200: reimbursementTypeReplySchema } } }, async (request) =>
      ok(await reimbursements.createType(scopeOf(request), request.body), MSG.created),
    );
    app.put('/ReimbursementTypes/:id', { config: manage, schema: { tags, params, body: reimbursementTypeInputSchema, response: { 200: reimbursementTypeReplySchema } } }, async (request) =>
      ok(await reimbursements.updateType(scopeOf(request), request.params.id, request.body), MSG.updated),
    );
    app.put('/ReimbursementTypes/:id/status', { config: manage, schema: { tags, params, body: reimbursementTypeStatusInputSchema, response: { 200: reimbursementTypeReplySchema } } }, async (request) =>
      ok(await reimbursements.setTypeStatus(scopeOf(request), request.params.id, request.body.isActive), MSG.statusUpdated),
    );
    app.delete('/ReimbursementTypes/:id', { config: manage, schema: { tags, params, response: { 200: emptyReplySchema } } }, async (request) => {
      await reimbursements.deleteType(scopeOf(request), request.params.id);
      return ok(null, MSG.deleted);
    });
  }

  {
    const tags = ['Reimbursement requests'];
    // The receipt is received and its content read before the unit of work opens (route-scope.ts).
    const claim = beforeUnitOfWork(async (request) => {
      const { fields, file } = await readMultipart(request);
      return { fields, file: await readDocumentUpload(file, REIMBURSEMENT_RECEIPT_MAX_BYTES) };
    });
    app.post('/ReimbursementRequests', { config: own, preHandler: claim.preHandler, schema: { tags, consumes: ['multipart/form-data'], response: { 200: reimbursementRequestReplySchema } } }, async (request) => {
      const { fields, file } = claim.of(request);
      return ok(await reimbursements.createRequest(scopeOf(request), fields, file), MSG.submitted);
    });
    app.get('/ReimbursementRequests/my', { config: own, schema: { tags, response: { 200: reimbursementRequestListReplySchema } } }, async (request) => {
      const list = await reimbursements.myRequests(scopeOf(request));
      return okList(list, list.length);
    });
    app.get('/ReimbursementRequests', { config: decide, schema: { tags, querystring: reimbursementRequestListQuerySchema, response: { 200: reimbursementRequestListReplySchema } } }, async (request) => {
      const { rows, totalRecords } = await reimbursements.listRequests(scopeOf(request), request.query);
      return okList(rows, totalRecords);
    });
    app.get('/ReimbursementRequests/report.xlsx', { config: decide, schema: { tags, querystring: reimbursementReportQuerySchema, produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] } }, async (request, reply) => {
      const file = await reimbursements.report(scopeOf(request), request.query);
      reply
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return file.bytes;
    });
    app.put('/ReimbursementRequests/:id/status', { config: decide, schema: { tags, params, body: reimbursementDecisionInputSchema, response: { 200: reimbursementRequestReplySchema } } }, async (request) =>
      ok(await reimbursements.decide(scopeOf(request), request.params.id, request.body), MSG.statusUpdated),
    );
    app.get('/ReimbursementRequests/:id/receipt', { config: own, schema: { tags, params } }, async (request, reply) => {
      return sendStoredDownload(reply, await reimbursements.receipt(scopeOf(request), request.params.id));
    });
  }
};
