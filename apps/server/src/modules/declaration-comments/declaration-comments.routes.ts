import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commentCountsQuerySchema, commentCountsReplySchema, commentInputSchema, commentListQuerySchema, commentListReplySchema, commentReplySchema } from '@tankha/contracts';
import type { Services } from '../module';
import { scopeOf } from '../../platform/route-scope';
import { ok } from '../../platform/http';

/**
 * Item comments (payroll spec §7 "Team review": counts, comments with replies, add),
 * behind the ITDeclaration feature: the employee on their own declaration, reviewers on anyone's
 * (checked in the service). Paths in the header of proofs.contract.ts.
 */
export const declarationCommentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const comments = services.declarationComments;
  const tags = ['Declaration comments'];
  const config = { access: { permission: 'declarations.comment' as const, feature: 'ITDeclaration' as const } };

  app.get('/ITDeclaration/comments/counts', { config, schema: { tags, querystring: commentCountsQuerySchema, response: { 200: commentCountsReplySchema } } }, async (request) =>
    ok(await comments.counts(scopeOf(request), request.query.declarationId, request.query.itemIds)),
  );

  app.get('/ITDeclaration/comments', { config, schema: { tags, querystring: commentListQuerySchema, response: { 200: commentListReplySchema } } }, async (request) =>
    ok(await comments.list(scopeOf(request), request.query.declarationId, request.query.itemId)),
  );

  app.post('/ITDeclaration/comments', { config, schema: { tags, body: commentInputSchema, response: { 200: commentReplySchema } } }, async (request) => {
    const { comment, message } = await comments.add(scopeOf(request), request.body);
    return ok(comment, message);
  });
};
