import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Badge } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { COMMENT_MSG } from '@tankha/contracts';
import { toast } from '../../app/toast';

/** The drawer (Drawer, Textarea, the thread's reads) loads on the first open: the summaries show only the buttons. */
const CommentsDrawer = lazy(() => import('./CommentsDrawer').then((m) => ({ default: m.CommentsDrawer })));

export interface ItemCommentsProps {
  /** The declaration the item belongs to; without it the button says 'Declaration ID not available'. */
  declarationId: string | null | undefined;
  /** The item: a row id (rent, let-out, home loan, deduction) or a field name ('incomeOtherSources', …). */
  itemId: string;
  /** What the row is called ("Public Provident Fund"): the drawer's title and the button's accessible name. */
  itemLabel: string;
  /** The item's comment count (useCommentCounts); shown on the button. */
  count?: number | undefined;
  /** After a comment or reply is added (to refresh counts). */
  onAdded?: (() => void) | undefined;
}

/**
 * The comments of one item of a declaration (payroll spec §2 "item comments with replies and comment
 * counts", §5, §8): a button with the count that opens a drawer with the threads (CommentsDrawer),
 * a reply box per thread and a box for a new comment. Used by the team review, the POI summary and
 * the declaration summary rows.
 */
export function ItemComments({ declarationId, itemId, itemLabel, count, onAdded }: ItemCommentsProps) {
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);

  const open = () => {
    if (!declarationId) {
      toast.error(COMMENT_MSG.noDeclaration);
      return;
    }
    setUsed(true);
    setOpened(true);
  };

  return (
    <>
      <ActionIcon variant="subtle" title="Comments" aria-label={`Comments on ${itemLabel}${count ? ` (${String(count)})` : ''}`} onClick={open} pos="relative">
        <IconMessage size={18} />
        {count ? (
          <Badge size="xs" circle pos="absolute" top={-4} right={-6}>
            {count}
          </Badge>
        ) : null}
      </ActionIcon>
      {used && declarationId ? (
        <Suspense fallback={null}>
          <CommentsDrawer declarationId={declarationId} itemId={itemId} itemLabel={itemLabel} opened={opened} onClose={() => setOpened(false)} onAdded={onAdded} />
        </Suspense>
      ) : null}
    </>
  );
}
