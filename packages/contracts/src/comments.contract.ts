import { z } from 'zod';
import { envelope } from './envelope';

/**
 * Comments on the items of an IT declaration (payroll spec §2, §5, §8, §9): its own module, so that a page
 * showing the comment buttons (the declaration summary) does not load the proofs contract.
 *   GET    /ITDeclaration/comments?declarationId=&itemId=         → commentListReplySchema
 *   GET    /ITDeclaration/comments/counts?declarationId=&itemIds=a,b → commentCountsReplySchema
 *   POST   /ITDeclaration/comments  commentInputSchema                → commentReplySchema
 */

export const COMMENT_MSG = {
  // Payroll spec §5, §8 (word for word).
  noDeclaration: 'Declaration ID not available',
  loadFailed: 'Failed to load comments',
  addFailed: 'Failed to add comment',
  replyFailed: 'Failed to add reply',
  added: 'Comment added successfully',
  replyAdded: 'Reply added successfully',
  // Ours.
  empty: 'Comment cannot be empty',
  tooLong: 'Comment cannot exceed 2000 characters',
  itemRequired: 'Select the item to comment on',
  parentNotFound: 'The comment you are replying to was not found',
  tooManyItems: 'Ask for at most 50 items at a time',
} as const;

/** Payroll spec §9: comment counts are fetched in batches of 5 with 100 ms between batches. */
export const COMMENT_COUNT_BATCH = 5;
export const COMMENT_COUNT_BATCH_DELAY_MS = 100;
export const COMMENT_MAX_LENGTH = 2000;

// ---- Comments --------------------------------------------------------------------------------------

export interface ItemComment {
  id: string;
  itemId: string;
  comments: string;
  createdBy: string | null;
  createdByName: string;
  dateCreated: string;
  isEdited: boolean;
  parentCommentId: string | null;
  replies: ItemComment[];
}
export const itemCommentSchema: z.ZodType<ItemComment> = z.object({
  id: z.uuid(),
  itemId: z.string(),
  comments: z.string(),
  createdBy: z.string().nullable(),
  createdByName: z.string(),
  dateCreated: z.string(),
  isEdited: z.boolean(),
  parentCommentId: z.string().nullable(),
  get replies() {
    return z.array(itemCommentSchema);
  },
});
export const commentListReplySchema = envelope(z.array(itemCommentSchema));
export const commentReplySchema = envelope(itemCommentSchema);

const declarationIdParam = z.uuid({ error: COMMENT_MSG.noDeclaration });
const itemIdParam = z.string({ error: COMMENT_MSG.itemRequired }).trim().min(1, { error: COMMENT_MSG.itemRequired }).max(64, { error: COMMENT_MSG.itemRequired });

export const commentListQuerySchema = z.object({ declarationId: declarationIdParam, itemId: itemIdParam });
export const commentCountsQuerySchema = z.object({
  declarationId: declarationIdParam,
  /** Comma-separated item ids. */
  itemIds: z
    .string({ error: COMMENT_MSG.itemRequired })
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
    .refine((v) => v.length > 0, { error: COMMENT_MSG.itemRequired })
    .refine((v) => v.length <= 50, { error: COMMENT_MSG.tooManyItems })
    .refine((v) => v.every((s) => s.length <= 64), { error: COMMENT_MSG.itemRequired }),
});
export const commentCountsReplySchema = envelope(z.array(z.object({ itemId: z.string(), commentCount: z.number().int() })));
export type CommentCount = { itemId: string; commentCount: number };

export const commentInputSchema = z.object({
  declarationId: declarationIdParam,
  itemId: itemIdParam,
  /** Payroll spec §5: trimmed; empty or only spaces is refused. */
  comments: z.string({ error: COMMENT_MSG.empty }).trim().min(1, { error: COMMENT_MSG.empty }).max(COMMENT_MAX_LENGTH, { error: COMMENT_MSG.tooLong }),
  parentCommentId: z.uuid({ error: COMMENT_MSG.parentNotFound }).nullish(),
});
export type CommentInput = z.infer<typeof commentInputSchema>;
