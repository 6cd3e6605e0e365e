import { useCallback, useEffect, useRef } from 'react';
import { NOTIFICATION_READ_DEBOUNCE_MS } from '@tankha/contracts';

/**
 * Read marking debounced 900 ms (platform §7.7): ids shown to the user are collected and sent in
 * one call 900 ms after the last new one; an id is sent once.
 */
export function useDebouncedReadMarking(flush: (ids: string[]) => void, delayMs: number = NOTIFICATION_READ_DEBOUNCE_MS): (ids: readonly string[]) => void {
  const pending = useRef(new Set<string>());
  const sent = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flushRef = useRef(flush);
  useEffect(() => {
    flushRef.current = flush;
  }, [flush]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return useCallback(
    (ids: readonly string[]) => {
      let added = false;
      for (const id of ids) {
        if (pending.current.has(id) || sent.current.has(id)) continue;
        pending.current.add(id);
        added = true;
      }
      if (!added) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        const batch = [...pending.current];
        pending.current.clear();
        for (const id of batch) sent.current.add(id);
        if (batch.length > 0) flushRef.current(batch);
      }, delayMs);
    },
    [delayMs],
  );
}
