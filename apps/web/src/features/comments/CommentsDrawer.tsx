import { useState, type KeyboardEvent } from 'react';
import { Button, Drawer, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMENT_MSG, type ItemComment } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { toastApiError } from '../../ui/kit/api-error-toast';
import { COMMENTS_KEY, addComment, fetchComments } from './comments.api';
import { commentTimeLabel } from './comment-time';

/** Enter sends, Shift+Enter is a new line (payroll spec §5). */
function CommentBox({ label, placeholder, busy, onSend }: { label: string; placeholder: string; busy: boolean; onSend: (text: string) => Promise<boolean> }) {
  const [text, setText] = useState('');
  const send = async () => {
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    if (await onSend(trimmed)) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };
  return (
    <Stack gap={6}>
      <Textarea aria-label={label} placeholder={placeholder} autosize minRows={2} maxRows={6} value={text} onChange={(e) => setText(e.currentTarget.value)} onKeyDown={onKeyDown} />
      <Group justify="flex-end">
        <Button size="xs" onClick={() => void send()} disabled={!text.trim()} loading={busy}>
          {label}
        </Button>
      </Group>
    </Stack>
  );
}

function CommentView({ comment, onReply, replying, children }: { comment: ItemComment; onReply?: () => void; replying?: boolean; children?: React.ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          {comment.createdByName}
        </Text>
        <Text size="xs" c="dimmed" title={new Date(comment.dateCreated).toLocaleString('en-IN')}>
          {commentTimeLabel(comment.dateCreated)}
          {comment.isEdited ? ' · edited' : ''}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} mt={4}>
        {comment.comments}
      </Text>
      {onReply && !replying ? (
        <Button variant="subtle" size="compact-xs" mt={4} onClick={onReply}>
          Reply
        </Button>
      ) : null}
      {children}
    </Paper>
  );
}

/**
 * The drawer of one item's comments (ItemComments loads it on the first open): the threads with their
 * replies, a reply box per thread and a box for a new comment.
 */
export function CommentsDrawer({ declarationId, itemId, itemLabel, opened, onClose, onAdded }: { declarationId: string; itemId: string; itemLabel: string; opened: boolean; onClose: () => void; onAdded?: (() => void) | undefined }) {
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const key = [COMMENTS_KEY, declarationId, itemId];
  const thread = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchComments(declarationId, itemId, signal), enabled: opened });

  const send = async (text: string, parentCommentId: string | null): Promise<boolean> => {
    setBusy(true);
    try {
      const { message } = await addComment({ declarationId, itemId, comments: text, parentCommentId });
      toast.success(message);
      setReplyTo(null);
      await client.invalidateQueries({ queryKey: key });
      onAdded?.();
      return true;
    } catch (error) {
      toastApiError(error, parentCommentId ? COMMENT_MSG.replyFailed : COMMENT_MSG.addFailed);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={`Comments: ${itemLabel}`} size="md">
      <Stack>
        {thread.isLoading ? <Loader size="sm" aria-label="Loading comments" /> : null}
        {thread.isError ? <Text c="red">{COMMENT_MSG.loadFailed}</Text> : null}
        {thread.data && thread.data.length === 0 ? <Text c="dimmed">No comments yet</Text> : null}
        {thread.data?.map((c) => (
          <CommentView key={c.id} comment={c} onReply={() => setReplyTo(c.id)} replying={replyTo === c.id}>
            {c.replies.length > 0 ? (
              <Stack gap="xs" mt="xs" ml="md">
                {c.replies.map((r) => (
                  <CommentView key={r.id} comment={r} />
                ))}
              </Stack>
            ) : null}
            {replyTo === c.id ? (
              <Stack mt="xs" gap={4}>
                <CommentBox label="Send reply" placeholder="Write a reply" busy={busy} onSend={(text) => send(text, c.id)} />
                <Button variant="subtle" size="compact-xs" onClick={() => setReplyTo(null)}>
                  Cancel reply
                </Button>
              </Stack>
            ) : null}
          </CommentView>
        ))}
        <CommentBox label="Add comment" placeholder="Write a comment (Enter to send, Shift+Enter for a new line)" busy={busy} onSend={(text) => send(text, null)} />
      </Stack>
    </Drawer>
  );
}
