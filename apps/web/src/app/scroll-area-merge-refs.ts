import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * What Mantine's ScrollArea imports from @floating-ui/react (vite.config.ts resolves that import here):
 * only useMergeRefs. Rolldown keeps a module in one chunk, so that one hook loaded the whole floating-ui
 * chunk (15 KB gzip) with every page that shows a table. Mantine's own hook merges refs the same way.
 */
export function useMergeRefs<T>(refs: readonly (Ref<T> | undefined)[]): (instance: T | null) => void {
  return useMergedRef<T>(...refs);
}
