import { createElement, isValidElement, lazy, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';

/** A promise that says, once fulfilled, what it fulfilled to. */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled'; value?: T };

/** A screen in its own chunk: a component that loads its code on first render, or earlier through `preload`. */
export type LazyPage<P = object> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A named export as its own chunk, as React.lazy would load it, with one difference: once its code has
 * loaded (by an earlier render or by `preload`), a page mounted after that renders at once, where React.lazy
 * suspends on its first render even for code already loaded. That matters for the first render (main.tsx
 * preloads the route's pages before it): a page that suspends shows its boundary's fallback, and React
 * reveals the content no sooner than 300 ms after a fallback was shown — the page's heading and data
 * painted that much after the header.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy takes
export function lazyPage<K extends string, M extends Record<K, ComponentType<any>>>(load: () => Promise<M>, name: K): LazyPage<ComponentProps<M[K]>> {
  type Props = ComponentProps<M[K]>;
  let loading: Tracked<ComponentType<Props>> | undefined;
  const component = (): Tracked<ComponentType<Props>> => {
    if (!loading) {
      const promise: Tracked<ComponentType<Props>> = load().then((module) => module[name] as ComponentType<Props>);
      promise.status = 'pending';
      promise.then(
        (value) => {
          promise.status = 'fulfilled';
          promise.value = value;
        },
        // A failed load stays pending here: React.lazy rethrows it to the route's error boundary.
        () => undefined,
      );
      loading = promise;
    }
    return loading;
  };
  // Not loaded when a page mounts: React.lazy, as before. Loaded: the component itself, without suspending.
  // Which of the two is fixed for the life of each mounted page, so that it never remounts.
  const Lazy = lazy(async () => ({ default: await component() }));
  function Page(props: Props) {
    const [loaded] = useState(() => {
      const promise = component();
      return promise.status === 'fulfilled' ? promise.value : undefined;
    });
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  Page.displayName = `Lazy(${name})`;
  Page.preload = () => component().then(() => undefined);
  return Page;
}

function isLazyPage(type: unknown): type is LazyPage<never> {
  return typeof type === 'function' && typeof (type as Partial<LazyPage>).preload === 'function';
}

/** The lazy pages among these elements and the elements they wrap (a page inside its permission guard). */
export function lazyPagesIn(nodes: readonly ReactNode[]): LazyPage<never>[] {
  const found = new Set<LazyPage<never>>();
  const walk = (node: ReactNode): void => {
    if (Array.isArray(node)) {
      for (const child of node as ReactNode[]) walk(child);
      return;
    }
    if (!isValidElement<{ children?: ReactNode }>(node)) return;
    if (isLazyPage(node.type)) found.add(node.type);
    walk(node.props.children);
  };
  for (const node of nodes) walk(node);
  return [...found];
}
