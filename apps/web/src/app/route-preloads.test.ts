import fs from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS } from './route-preloads';
import { routes } from './router';

const WEB = path.resolve(import.meta.dirname, '../..');

describe('ROUTE_PRELOADS', () => {
  it.each(Object.keys(ROUTE_PRELOADS))('%s is a page of the route table, not the not-found page', (pathname) => {
    const matched = matchRoutes(routes, pathname) ?? [];
    expect(matched.length).toBeGreaterThan(0);
    expect(matched.at(-1)?.route.path).not.toBe('*');
  });

  it.each(Object.entries(ROUTE_PRELOADS).flatMap(([route, modules]) => modules.map((m) => [route, m])))('%s: %s exists and the router imports it', (_route, module) => {
    expect(fs.existsSync(path.join(WEB, module))).toBe(true);
    // The router lazy-loads the module itself (a barrel's chunk would be another file).
    const specifier = `../${path.relative(path.join(WEB, 'src'), path.join(WEB, module)).replace(/(\/index)?\.tsx?$/, '')}`;
    expect(fs.readFileSync(path.join(WEB, 'src/app/router.tsx'), 'utf8')).toContain(`import('${specifier}')`);
  });
});
