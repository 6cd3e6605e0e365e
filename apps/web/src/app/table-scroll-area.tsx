import type { ComponentPropsWithRef } from 'react';

/** Props of Mantine's ScrollArea that a plain scrolling div has no use for. */
const SCROLL_AREA_ONLY = new Set([
  'offsetScrollbars',
  'scrollbarSize',
  'type',
  'scrollHideDelay',
  'scrollbars',
  'viewportRef',
  'viewportProps',
  'onScrollPositionChange',
  'onBottomReached',
  'onTopReached',
  'onLeftReached',
  'onOverflowChange',
]);

/**
 * What Mantine's Table.ScrollContainer renders as its scroll area (vite.config.ts resolves its ScrollArea
 * import here): a div that scrolls natively, as Table.ScrollContainer's own type="native" does. Table
 * imports ScrollContainer, so every page with a table loaded all of ScrollArea (5 KB gzip), the member's
 * payslips, leave and attendance lists among them; a phone scrolls a wide table natively anyway.
 */
export function ScrollArea({ style, ...props }: ComponentPropsWithRef<'div'> & Record<string, unknown>) {
  const div = Object.fromEntries(Object.entries(props).filter(([key]) => !SCROLL_AREA_ONLY.has(key)));
  return <div {...div} style={{ overflowX: 'auto', ...style }} />;
}
