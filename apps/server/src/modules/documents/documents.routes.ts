import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_MSG, IDEMPOTENCY_KEY_HEADER, USER_DOCUMENT_MAX_BYTES, emptyReplySchema, userDocumentUploadHeadersSchema, employeeReplySchema, userDocumentListReplySchema, userDocumentPathSchema, userDocumentReplySchema, userIdPathSchema } from '@tankha/contracts';
import type { Services } from '../module';
import { beforeUnitOfWork, scopeOf } from '../../platform/route-scope';
import { ok } from '../../platform/http';
import { readMultipart } from '../../platform/files/multipart';
import { readDocumentUpload } from './documents.content';
import { sendStoredDownload } from '../../platform/files/download';

/**
 * An employee's documents and the caller's own record. The route permission is
 * users.documents.own (every role); the service adds users.documents.manage for other people's
 * documents and the moderator-on-administrator rule.
 */
export const documentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ['Documents'];
  const documents = services.document;

  // A static segment wins over /Users/:id in the router, whatever the registration order.
  app.get('/Users/me', { config: { access: { permission: 'users.viewOwnProfile' } }, schema: { tags: ['Users'], response: { 200: employeeReplySchema } } }, async (request) =>
    ok(await documents.ownProfile(scopeOf(request))),
  );

  app.get('/Users/:id/documents', { config: { access: { permission: 'users.documents.own' } }, schema: { tags, params: userIdPathSchema, response: { 200: userDocumentListReplySchema } } }, async (request) =>
    ok(await documents.list(scopeOf(request), request.params.id)),
  );

  // The file is received and its content read before the unit of work opens (route-scope.ts).
  const upload = beforeUnitOfWork(async (request) => {
    const { fields, file } = await readMultipart(request);
    return { fields, file: await readDocumentUpload(file, USER_DOCUMENT_MAX_BYTES) };
  });
  app.post(
    '/Users/:id/documents',
    { config: { access: { permission: 'users.documents.own' } }, preHandler: upload.preHandler, schema: { tags, params: userIdPathSchema, headers: userDocumentUploadHeadersSchema, consumes: ['multipart/form-data'], response: { 201: userDocumentReplySchema } } },
    async (request, reply) => {
      const { fields, file } = upload.of(request);
      const created = await documents.upload(scopeOf(request), request.params.id, fields, file, request.headers[IDEMPOTENCY_KEY_HEADER] ?? null);
      reply.code(201);
      return ok(created, DOCUMENT_MSG.uploaded, 201);
    },
  );

  app.get('/Users/:id/documents/:documentId/download', { config: { access: { permission: 'users.documents.own' } }, schema: { tags, params: userDocumentPathSchema } }, async (request, reply) => {
    return sendStoredDownload(reply, await documents.download(scopeOf(request), request.params.id, request.params.documentId));
  });

  app.delete('/Users/:id/documents/:documentId', { config: { access: { permission: 'users.documents.own' } }, schema: { tags, params: userDocumentPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await documents.remove(scopeOf(request), request.params.id, request.params.documentId);
    return ok(null, DOCUMENT_MSG.deleted);
  });
};
