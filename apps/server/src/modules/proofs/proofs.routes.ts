import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PROOF_MAX_BYTES,
  PROOF_MSG,
  declarationStatusInputSchema,
  declarationStatusPathSchema,
  emptyReplySchema,
  poiQuerySchema,
  poiReplySchema,
  poiSubmitInputSchema,
  poiSummaryQuerySchema,
  poiSummaryReplySchema,
  proofPathSchema,
  proofReplySchema,
  proofReviewInputSchema,
  statusChangeReplySchema,
  teamDeclarationQuerySchema,
  teamDeclarationReplySchema,
  teamListQuerySchema,
  teamListReplySchema,
} from '@tankha/contracts';
import type { Services } from '../module';
import { beforeUnitOfWork, scopeOf } from '../../platform/route-scope';
import { ok } from '../../platform/http';
import { readMultipart } from '../../platform/files/multipart';
import { badRequest } from '../../platform/errors';
import { readDocumentUpload } from '../documents/documents.content';
import { sendStoredDownload } from '../../platform/files/download';

/**
 * Proof of investment (POI feature: every role for their own, administrators on behalf) and the team
 * review of declarations (UserDeclarations feature: Administrators and Moderators). Paths in the header
 * of proofs.contract.ts; who may act on which declaration is checked in the services.
 */
export const proofRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const proofs = services.proofs;
  const team = services.teamReview;
  const tags = ['Proof of investment'];
  const own = { access: { permission: 'proofs.own' as const, feature: 'POI' as const } };
  const review = { access: { permission: 'declarations.review' as const, feature: 'UserDeclarations' as const } };

  app.get('/POI', { config: own, schema: { tags, querystring: poiQuerySchema, response: { 200: poiReplySchema } } }, async (request) => ok(await proofs.get(scopeOf(request), request.query)));

  app.post('/POI/submit', { config: own, schema: { tags, body: poiSubmitInputSchema, response: { 200: poiReplySchema } } }, async (request) => {
    const { poi, message } = await proofs.submit(scopeOf(request), request.body);
    return ok(poi, message);
  });

  app.get('/POI/summary', { config: own, schema: { tags, querystring: poiSummaryQuerySchema, response: { 200: poiSummaryReplySchema } } }, async (request) => ok(await proofs.summary(scopeOf(request), request.query)));

  // The file is received and its content read before the unit of work opens (route-scope.ts).
  const upload = beforeUnitOfWork(async (request) => {
    // A file over the upload limit stops the multipart stream (413): answered with the size message.
    const { fields, file } = await readMultipart(request).catch((error: unknown) => {
      if (typeof error === 'object' && error !== null && 'statusCode' in error && error.statusCode === 413) throw badRequest(PROOF_MSG.tooLarge, { file: PROOF_MSG.tooLarge });
      throw error;
    });
    return { fields, file: await readDocumentUpload(file, PROOF_MAX_BYTES) };
  });
  app.post('/POI/proofs', { config: own, preHandler: upload.preHandler, schema: { tags, consumes: ['multipart/form-data'], response: { 200: proofReplySchema } } }, async (request) => {
    const { fields, file } = upload.of(request);
    return ok(await proofs.upload(scopeOf(request), fields, file), PROOF_MSG.uploaded);
  });

  app.get('/POI/proofs/:proofId/download', { config: own, schema: { tags, params: proofPathSchema } }, async (request, reply) => {
    return sendStoredDownload(reply, await proofs.download(scopeOf(request), request.params.proofId));
  });

  app.delete('/POI/proofs/:proofId', { config: own, schema: { tags, params: proofPathSchema, response: { 200: emptyReplySchema } } }, async (request) => {
    await proofs.remove(scopeOf(request), request.params.proofId);
    return ok(null, PROOF_MSG.deleted);
  });

  app.put('/POI/review/:declarationId', { config: review, schema: { tags, params: declarationStatusPathSchema, body: proofReviewInputSchema, response: { 200: teamDeclarationReplySchema } } }, async (request) =>
    ok(await team.reviewProofs(scopeOf(request), request.params.declarationId, request.body), PROOF_MSG.reviewed),
  );

  const teamTags = ['Team review'];
  app.get('/ITDeclaration/team', { config: review, schema: { tags: teamTags, querystring: teamListQuerySchema, response: { 200: teamListReplySchema } } }, async (request) => {
    const { rows, total, pending } = await team.list(scopeOf(request), request.query);
    return { statusCode: 200, message: 'Success', data: rows, totalRecords: total, pendingCount: pending };
  });

  app.get('/ITDeclaration/team/declaration', { config: review, schema: { tags: teamTags, querystring: teamDeclarationQuerySchema, response: { 200: teamDeclarationReplySchema } } }, async (request) =>
    ok(await team.detail(scopeOf(request), request.query)),
  );

  app.put('/ITDeclaration/team/:declarationId/status', { config: review, schema: { tags: teamTags, params: declarationStatusPathSchema, body: declarationStatusInputSchema, response: { 200: statusChangeReplySchema } } }, async (request) => {
    const { message, ...data } = await team.changeStatus(scopeOf(request), request.params.declarationId, request.body.status);
    return ok(data, message);
  });
};
