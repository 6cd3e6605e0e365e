import { useEffect, useState } from 'react';
import { COMMENT_COUNT_BATCH, COMMENT_COUNT_BATCH_DELAY_MS, commentCountsReplySchema, commentListReplySchema, commentReplySchema, type ItemComment } from '@tankha/contracts';
import { api } from '../../app/api';

/** Every comment query starts with this key: adding a comment refreshes the item's thread and counts. */
export const COMMENTS_KEY = 'declaration-comments';

export async function fetchComments(declarationId: string, itemId: string, signal?: AbortSignal): Promise<ItemComment[]> {
  return (await api.get('/ITDeclaration/comments', commentListReplySchema, { query: { declarationId, itemId }, signal, quiet: true })).data;
}

export async function addComment(input: { declarationId: string; itemId: string; comments: string; parentCommentId?: string | null }): Promise<{ comment: ItemComment; message: string }> {
  const reply = await api.post('/ITDeclaration/comments', commentReplySchema, input, { quiet: true });
  return { comment: reply.data, message: reply.message };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Comment counts of many items (payroll spec §7, §9): asked in batches of 5 items with 100 ms between
 * batches; a failed batch counts its items as 0 (§8). `refreshKey` asks again (after a comment).
 */
export async function fetchCommentCounts(declarationId: string, itemIds: readonly string[], signal?: AbortSignal): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (let i = 0; i < itemIds.length; i += COMMENT_COUNT_BATCH) {
    if (signal?.aborted) break;
    if (i > 0) await wait(COMMENT_COUNT_BATCH_DELAY_MS);
    const batch = itemIds.slice(i, i + COMMENT_COUNT_BATCH);
    try {
      const reply = await api.get('/ITDeclaration/comments/counts', commentCountsReplySchema, { query: { declarationId, itemIds: batch.join(',') }, signal, suppress: true });
      for (const c of reply.data) counts[c.itemId] = c.commentCount;
    } catch {
      for (const id of batch) counts[id] = 0;
    }
  }
  return counts;
}

/** The counts of `itemIds` of a declaration, fetched in batches; re-fetched when `refreshKey` changes. */
export function useCommentCounts(declarationId: string | null | undefined, itemIds: readonly string[], refreshKey = 0): Record<string, number> {
  const [counts, setCounts] = useState<Record<string, number>>({});
  const key = itemIds.join(',');
  useEffect(() => {
    if (!declarationId || key === '') return;
    const controller = new AbortController();
    void fetchCommentCounts(declarationId, key.split(','), controller.signal).then((c) => {
      if (!controller.signal.aborted) setCounts(c);
    });
    return () => controller.abort();
  }, [declarationId, key, refreshKey]);
  return counts;
}
