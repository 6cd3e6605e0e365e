import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export, so each screen becomes its own chunk. */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
