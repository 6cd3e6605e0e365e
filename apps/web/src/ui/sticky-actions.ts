/**
 * The style of a wide table's Actions column, header and cells: it stays at the right edge when the
 * table scrolls sideways, so the row menu is never off-screen, and a soft shadow on its left shows
 * that the columns before it continue underneath.
 */
export const STICKY_ACTIONS = {
  position: 'sticky',
  right: 0,
  backgroundColor: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--table-border-color), -10px 0 10px -10px rgba(0, 0, 0, 0.18)',
} as const;
