import { COMMENT_MSG, PROOF_MSG, can, type CommentCount, type CommentInput, type ItemComment } from '@tankha/contracts';
import type { Clock } from '../../platform/clock';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/tenancy';
import type { DeclarationService } from '../declarations/declarations.service';
import { findItem } from '../proofs/proof-items';
import * as repo from './declaration-comments.repo';

function toComment(row: repo.CommentRow): Omit<ItemComment, 'replies'> {
  return {
    id: row.id,
    itemId: row.itemId,
    comments: row.comments,
    createdBy: row.createdBy,
    createdByName: row.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : 'Former employee',
    dateCreated: row.createdAt.toISOString(),
    isEdited: row.isEdited,
    parentCommentId: row.parentCommentId,
  };
}

/**
 * Comments on the items of a declaration (payroll spec §3 "Item comments", §5, §8):
 * the employee on their own declaration, reviewers (declarations.review) on anyone's. Threads are one
 * level deep: a reply to a reply joins its thread.
 */
export class DeclarationCommentService {
  constructor(private readonly deps: { clock: Clock; declarations: Pick<DeclarationService, 'aggregateById'> }) {}

  /** The declaration, if the caller may talk about it: 404 when not in the organisation, 403 when someone else's. */
  private async declarationFor(scope: Scope, declarationId: string) {
    const owner = await repo.findDeclarationOwner(scope.db, declarationId);
    if (!owner) throw notFound(PROOF_MSG.declarationNotFound);
    if (owner.userId !== scope.ctx.userId && !can(scope.ctx.roleId, 'declarations.review')) throw forbidden();
    return owner;
  }

  /** Counts per item; items without comments (or unknown to the declaration) count 0. */
  async counts(scope: Scope, declarationId: string, itemIds: readonly string[]): Promise<CommentCount[]> {
    await this.declarationFor(scope, declarationId);
    const counts = await repo.countByItem(scope.db, declarationId, itemIds);
    return itemIds.map((itemId) => ({ itemId, commentCount: counts.get(itemId) ?? 0 }));
  }

  /** The item's threads, oldest first, each with its replies oldest first. */
  async list(scope: Scope, declarationId: string, itemId: string): Promise<ItemComment[]> {
    await this.declarationFor(scope, declarationId);
    const rows = await repo.findComments(scope.db, declarationId, itemId);
    const roots: ItemComment[] = [];
    const byId = new Map<string, ItemComment>();
    for (const row of rows) {
      const c: ItemComment = { ...toComment(row), replies: [] };
      byId.set(c.id, c);
      if (!row.parentCommentId) roots.push(c);
    }
    for (const row of rows) {
      const parent = row.parentCommentId ? byId.get(row.parentCommentId) : undefined;
      const c = byId.get(row.id);
      if (parent && c) parent.replies.push(c);
    }
    return roots;
  }

  async add(scope: Scope, input: CommentInput): Promise<{ comment: ItemComment; message: string }> {
    await this.declarationFor(scope, input.declarationId);
    const agg = await this.deps.declarations.aggregateById(scope, input.declarationId);
    if (!agg || !findItem(agg, input.itemId)) throw badRequest(PROOF_MSG.itemNotFound, { itemId: PROOF_MSG.itemNotFound });
    let parentCommentId: string | null = null;
    if (input.parentCommentId) {
      const parent = await repo.findComment(scope.db, input.parentCommentId);
      if (!parent || parent.declarationId !== input.declarationId || parent.itemId !== input.itemId) throw notFound(COMMENT_MSG.parentNotFound);
      parentCommentId = parent.parentCommentId ?? parent.id;
    }
    const comment = await this.write(scope, input.declarationId, input.itemId, input.comments, parentCommentId);
    return { comment, message: parentCommentId ? COMMENT_MSG.replyAdded : COMMENT_MSG.added };
  }

  /** A comment written by the caller (the review of proofs adds the reviewer's reason this way). */
  async write(scope: Scope, declarationId: string, itemId: string, text: string, parentCommentId: string | null = null): Promise<ItemComment> {
    const id = await repo.insertComment(scope.db, { declarationId, itemId, parentCommentId, comments: text.trim(), createdBy: scope.ctx.userId, at: this.deps.clock.now() });
    const row = await repo.findComment(scope.db, id);
    if (!row) throw new Error('comment vanished after its insert');
    return { ...toComment(row), replies: [] };
  }
}
