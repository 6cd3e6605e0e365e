import { em, px, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * True below Mantine's `sm` breakpoint. Read at the first render, so a phone never paints the table
 * first; asked as max-width so that a browser (or test) without the query gets the table.
 */
export function useNarrowScreen(): boolean {
  const theme = useMantineTheme();
  const sm = px(theme.breakpoints.sm);
  const query = typeof sm === 'number' ? `(max-width: ${em(sm - 0.1)})` : `(max-width: ${theme.breakpoints.sm})`;
  return useMediaQuery(query, false, { getInitialValueInEffect: false });
}
