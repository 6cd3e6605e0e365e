import { describe, expect, it } from 'vitest';
import { collectInstalled, findEngineOffenders, type InstalledPackage, type LsNode } from './engines';

const OURS = '^24.11.0';
const pkg = (enginesNode: unknown, id = 'dep@1.0.0'): InstalledPackage => ({ id, enginesNode, chain: ['@tankha/server@0.1.0', id] });

describe('findEngineOffenders', () => {
  // Accepted: every Node in ^24.11.0 (>=24.11.0 <25.0.0-0) is inside the package's range.
  it.each([
    ['no engines.node', undefined],
    ['an engines.node that is not a string', ['node >= 0.8']],
    ['a lower bound below ours', '>=22.12.0'],
    ['the lower bound exactly ours', '>=24.11.0'],
    ['a disjunction with a branch containing ours', '18 || 20 || >=22'],
    ['the whole major', '^24.0.0'],
    ['an x-range', '24.x'],
    ['with spaces', '>= 14.17'],
  ])('accepts %s', (_name, enginesNode) => {
    expect(findEngineOffenders(OURS, [pkg(enginesNode)])).toEqual([]);
  });

  // Refused: some Node in our range is outside the package's range.
  it.each([
    ['a range below ours (Node 24 missing)', '^18 || ^20 || ^22'],
    ['a lower bound above ours', '>=25'],
    ['a lower bound inside our major but above ours', '>=24.12.0'],
    ['a patch range inside our major', '~24.11.0'],
    ['an upper bound inside our range', '>=20 <24.20'],
    ['an unparseable range', 'node >= 12'],
  ])('refuses %s', (_name, enginesNode) => {
    expect(findEngineOffenders(OURS, [pkg(enginesNode)])).toEqual([{ id: 'dep@1.0.0', enginesNode, chains: [['@tankha/server@0.1.0', 'dep@1.0.0']] }]);
  });

  it('lists an offender once with every chain that reaches it, shortest first', () => {
    const deep = { id: 'cookie@2.0.2', enginesNode: '>=26', chain: ['@tankha/server@0.1.0', 'fastify@5.12.8', 'light-my-request@6.8.1', 'cookie@2.0.2'] };
    const shallow = { id: 'cookie@2.0.2', enginesNode: '>=26', chain: ['@tankha/web@0.1.0', 'cookie@2.0.2'] };
    expect(findEngineOffenders(OURS, [deep, pkg('>=20'), shallow])).toEqual([{ id: 'cookie@2.0.2', enginesNode: '>=26', chains: [shallow.chain, deep.chain] }]);
  });

  it('refuses to judge when our own range is not a range', () => {
    expect(() => findEngineOffenders('twenty-four', [pkg('>=20')])).toThrow('not a semver range');
  });
});

describe('collectInstalled', () => {
  it('walks npm ls from each workspace, reads each install path once, skips missing packages and stops at a cycle', () => {
    const tree: LsNode = {
      dependencies: {
        '@tankha/server': {
          version: '0.1.0',
          path: '/r/apps/server',
          dependencies: {
            a: {
              version: '1.0.0',
              path: '/r/node_modules/a',
              dependencies: { b: { version: '2.0.0', path: '/r/node_modules/b', dependencies: { a: { version: '1.0.0', path: '/r/node_modules/a' } } } },
            },
            gone: { version: '1.0.0', path: '/r/node_modules/gone', missing: true },
          },
        },
        '@tankha/web': { version: '0.1.0', path: '/r/apps/web', dependencies: { b: { version: '2.0.0', path: '/r/node_modules/b' } } },
      },
    };
    const reads: string[] = [];
    const installed = collectInstalled(tree, (installPath) => {
      reads.push(installPath);
      return installPath.endsWith('/b') ? '>=26' : undefined;
    });
    expect(installed.map((p) => p.chain.join(' > '))).toEqual([
      '@tankha/server@0.1.0',
      '@tankha/server@0.1.0 > a@1.0.0',
      '@tankha/server@0.1.0 > a@1.0.0 > b@2.0.0',
      '@tankha/web@0.1.0',
      '@tankha/web@0.1.0 > b@2.0.0',
    ]);
    expect(reads).toEqual(['/r/apps/server', '/r/node_modules/a', '/r/node_modules/b', '/r/apps/web']);
    expect(findEngineOffenders(OURS, installed)).toEqual([
      {
        id: 'b@2.0.0',
        enginesNode: '>=26',
        chains: [
          ['@tankha/web@0.1.0', 'b@2.0.0'],
          ['@tankha/server@0.1.0', 'a@1.0.0', 'b@2.0.0'],
        ],
      },
    ]);
  });
});
