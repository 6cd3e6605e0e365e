import { useDeferredValue } from 'react';

/**
 * A query's data for a large render, built in a background pass that yields: TanStack Query delivers an answer
 * in a synchronous update, which then only keeps the caller's loader up (`catchingUp`) while React builds
 * what `data` renders (issue 29, decision 0310). `data` is undefined until the render has caught up.
 */
export function useDeferredData<T>(latest: T | undefined): { data: T | undefined; catchingUp: boolean } {
  const deferred = useDeferredValue(latest);
  const catchingUp = latest !== undefined && deferred !== latest;
  return { data: catchingUp ? undefined : latest, catchingUp };
}
