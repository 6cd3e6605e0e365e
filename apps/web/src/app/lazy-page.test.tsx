import { act, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, lazyPagesIn } from './lazy-page';
import { ROUTE_PRELOADS } from './route-preloads';
import { routes } from './router';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const containers: HTMLElement[] = [];
afterEach(() => {
  for (const c of containers.splice(0)) c.remove();
});

/** What the container shows after React's first commit of the element (no waiting for promises). */
function firstCommit(element: React.ReactNode): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  containers.push(container);
  const root = createRoot(container);
  act(() => root.render(<Suspense fallback={<p>Loading</p>}>{element}</Suspense>));
  return container;
}

describe('lazyPage', () => {
  it('a page whose code was preloaded renders in the first commit, with its props, and never shows the fallback', async () => {
    let loads = 0;
    const Page = lazyPage(() => {
      loads += 1;
      return Promise.resolve({ Greeting });
    }, 'Greeting');
    await Page.preload();
    expect(firstCommit(<Page name="Aditi" />).textContent).toBe('Hello Aditi');
    await Page.preload();
    expect(loads).toBe(1);
  });

  it('a page not loaded yet shows the fallback, then itself', async () => {
    const Page = lazyPage(() => Promise.resolve({ Greeting }), 'Greeting');
    const container = firstCommit(<Page name="Anita" />);
    expect(container.textContent).toBe('Loading');
    await act(async () => {
      await Page.preload();
    });
    await vi.waitFor(() => expect(container.textContent).toBe('Hello Anita'));
  });

  it('a failed load rejects preload and reaches the error boundary as the error', async () => {
    const Page = lazyPage(() => Promise.reject(new Error('chunk gone')) as Promise<{ Greeting: typeof Greeting }>, 'Greeting');
    await expect(Page.preload()).rejects.toThrow('chunk gone');
  });
});

describe('lazyPagesIn', () => {
  it('finds the lazy pages among elements and what they wrap, each once, and nothing else', () => {
    const A = lazyPage(() => Promise.resolve({ Greeting }), 'Greeting');
    const B = lazyPage(() => Promise.resolve({ Greeting }), 'Greeting');
    const found = lazyPagesIn([
      <section key="1">
        <Greeting name="x" />
        {[<A key="a" name="y" />, <div key="d">text</div>]}
      </section>,
      <A key="2" name="z" />,
      <B key="3" name="w" />,
      'text',
      null,
    ]);
    expect(found).toEqual([A, B]);
  });

  it.each(Object.entries(ROUTE_PRELOADS))('the route table at %s renders lazy pages, each of them preloaded by the server too', (pathname, modules) => {
    const pages = lazyPagesIn((matchRoutes(routes, pathname) ?? []).map((m) => m.route.element));
    expect(pages.length).toBeGreaterThan(0);
    const names = pages.map((p) => p.displayName?.replace(/^Lazy\((.*)\)$/, '$1'));
    // Each page main.tsx waits for is one whose chunk index.html starts downloading (route-preloads.ts).
    const exports = (module: string) => fs.readFileSync(path.resolve(import.meta.dirname, '../..', module), 'utf8');
    for (const name of names) {
      expect(modules.some((m) => m.endsWith(`/${String(name)}.tsx`) || (m.endsWith('/index.ts') && exports(m).includes(String(name))))).toBe(true);
    }
  });
});
