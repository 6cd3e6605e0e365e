import { describe, expect, it } from 'vitest';
import { buildGraph, findCycles, findUpwardImports, readImports, resolveRelative, shortestCycle, type ImportEdge } from './import-graph';

const edge = (from: string, to: string, typeOnly = false, dynamic = false): ImportEdge => (dynamic ? { from, to, typeOnly, dynamic } : { from, to, typeOnly });

describe('readImports', () => {
  it('reads static, type-only, re-exports and dynamic imports', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import { type C } from './c';",
      "import './d';",
      "export { e } from './e';",
      "export type { F } from './f';",
      "export const g = async () => (await import('./g')).g;",
      "import { z } from 'zod';",
    ].join('\n');
    expect(readImports('/x/file.ts', text)).toEqual([
      { specifier: './a', typeOnly: false },
      { specifier: './b', typeOnly: true },
      // verbatimModuleSyntax keeps `import {} from './c'`: the file still loads.
      { specifier: './c', typeOnly: false },
      { specifier: './d', typeOnly: false },
      { specifier: './e', typeOnly: false },
      { specifier: './f', typeOnly: true },
      { specifier: 'zod', typeOnly: false },
      { specifier: './g', typeOnly: false, dynamic: true },
    ]);
  });
});

describe('resolveRelative', () => {
  const files = new Set(['/src/a.ts', '/src/b/index.ts', '/src/c.tsx']);
  const exists = (file: string): boolean => files.has(file);
  it.each([
    ['./a', '/src/a.ts'],
    ['./a.js', '/src/a.ts'],
    ['./b', '/src/b/index.ts'],
    ['./c', '/src/c.tsx'],
    ['./missing', undefined],
    ['zod', undefined],
  ])('%s from /src/x.ts is %s', (specifier, expected) => {
    expect(resolveRelative('/src/x.ts', specifier, exists)).toBe(expected);
  });
});

describe('findCycles', () => {
  it('finds none in a chain', () => {
    expect(findCycles([edge('a', 'b'), edge('b', 'c')])).toEqual([]);
  });

  it('finds a two-file cycle and a longer one as separate components', () => {
    const edges = [edge('a', 'b'), edge('b', 'a'), edge('c', 'd'), edge('d', 'e'), edge('e', 'c'), edge('e', 'f')];
    expect(findCycles(edges)).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
  });

  it('finds a file importing itself', () => {
    expect(findCycles([edge('a', 'a')])).toEqual([['a']]);
  });

  it('counts a cycle closed by a type-only or dynamic import, and leaves it out at load time', () => {
    const edges = [edge('a', 'b'), edge('b', 'a', true), edge('c', 'd'), edge('d', 'c', false, true)];
    expect(findCycles(edges)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(findCycles(edges, { runtimeOnly: true })).toEqual([]);
  });

  it('walks a long chain without overflowing the stack', () => {
    const edges = Array.from({ length: 50_000 }, (_, i) => edge(`f${i.toString()}`, `f${(i + 1).toString()}`));
    edges.push(edge('f50000', 'f0'));
    expect(findCycles(edges)[0]).toHaveLength(50_001);
  });
});

describe('findUpwardImports', () => {
  it('keeps the edges from a lower folder into an upper one, not within or downward', () => {
    const edges = [edge('/s/db/a.ts', '/s/modules/m/x.ts'), edge('/s/db/a.ts', '/s/db/b.ts'), edge('/s/modules/m/x.ts', '/s/db/a.ts'), edge('/s/dbx/a.ts', '/s/modules/m/x.ts')];
    expect(findUpwardImports(edges, ['/s/db'], ['/s'])).toEqual([edges[0]]);
  });
});

describe('buildGraph', () => {
  it('resolves relative imports between the files given', () => {
    const sources: Record<string, string> = { '/s/a.ts': "import { b } from './b';\nimport { z } from 'zod';", '/s/b.ts': "import type { A } from './a';" };
    expect(buildGraph(Object.keys(sources), (file) => sources[file]!, (file) => file in sources)).toEqual([edge('/s/a.ts', '/s/b.ts'), edge('/s/b.ts', '/s/a.ts', true)]);
  });
});

describe('shortestCycle', () => {
  it('shows the shortest way round from the first file of a component', () => {
    const edges = [edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('b', 'a', true), edge('c', 'd'), edge('d', 'a')];
    expect(shortestCycle(edges, ['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'a']);
    expect(shortestCycle(edges.filter((e) => !e.typeOnly), ['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'c', 'a']);
  });
});
