import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { PAYROLL_REPORT_KINDS } from '@tankha/contracts';
import { API_PREFIX } from '../platform/route-scope';
import { MODULES } from './index';
import type { RouteDeps, Services } from './module';
import { FILING_FORMATS } from './payroll-filings/formats/index';

/** The development mailbox: mounted by app.ts only when enabled, on the raw database (modules/index.ts). */
const NOT_A_MODULE = new Set(['dev']);

// Route plugins only keep references to their services while registering; any property answers.
const anything: Services = new Proxy({}, { get: () => anything }) as Services;
const routeDeps: RouteDeps = { services: anything, rateLimitAuth: { max: 1, timeWindow: 1000 }, readiness: { state: 'ready' }, database: { kind: 'pglite', ping: async () => undefined } };

describe('module manifests (modules/index.ts)', () => {
  it('lists every module folder once, by its folder name, each with its <name>.module.ts', () => {
    const folders = fs
      .readdirSync(import.meta.dirname, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !NOT_A_MODULE.has(d.name))
      .map((d) => d.name)
      .sort();
    for (const folder of folders) expect(fs.existsSync(path.join(import.meta.dirname, folder, `${folder}.module.ts`)), folder).toBe(true);
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(folders);
  });

  it('offers each service from one module only', () => {
    const offered = MODULES.flatMap((m) => Object.keys(m.services ?? {}));
    expect(new Set(offered).size).toBe(offered.length);
    for (const m of MODULES) for (const provider of Object.values(m.services ?? {})) for (const need of provider.needs) expect(offered, `${m.name} needs ${need}`).toContain(need);
  });

  it("mounts every manifest's routes under the API prefix, each route declaring its access", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const mounted = new Map<string, RouteOptions[]>();
    let current = '';
    app.addHook('onRoute', (route) => {
      mounted.set(current, [...(mounted.get(current) ?? []), route]);
    });
    await app.register(
      async (api) => {
        for (const module of MODULES) {
          for (const routes of module.routes ?? []) {
            current = `${module.name}/${routes.name}`;
            await api.register(routes, routeDeps);
          }
        }
      },
      { prefix: API_PREFIX },
    );
    await app.ready();
    for (const module of MODULES) {
      for (const routes of module.routes ?? []) {
        const own = mounted.get(`${module.name}/${routes.name}`) ?? [];
        expect(own.length, `${module.name}: ${routes.name}`).toBeGreaterThan(0);
        for (const route of own) {
          expect(route.url.startsWith(API_PREFIX), route.url).toBe(true);
          expect(route.config?.access, `${String(route.method)} ${route.url}`).toBeDefined();
        }
      }
    }
    await app.close();
  });
});

describe('filing formats (payroll-filings/formats/index.ts)', () => {
  it('has unique ids and download paths, each file named for the month and logged under a known report kind', () => {
    const ids = FILING_FORMATS.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    const paths = FILING_FORMATS.flatMap((f) => f.files.map((file) => file.path));
    expect(new Set(paths).size).toBe(paths.length);
    for (const f of FILING_FORMATS) {
      expect(PAYROLL_REPORT_KINDS).toContain(f.reportKind);
      for (const file of f.files) {
        expect(file.path).toMatch(/^[a-z0-9-]+\.[a-z]+$/);
        expect(file.fileName('2026-01')).toMatch(/January-2026\.[a-z]+$/);
        expect(file.fileName('2026-01').endsWith(path.extname(file.path))).toBe(true);
      }
    }
  });

  it('lists the month files there are today, in the order of the card', () => {
    expect(FILING_FORMATS.map((f) => [f.id, f.files.map((file) => file.path)])).toEqual([
      ['ecr', ['ecr.txt']],
      ['esic', ['esic.xlsx']],
      ['pt', ['professional-tax.xlsx']],
      ['lwf', ['lwf.xlsx']],
      ['journal', ['journal.xlsx', 'journal.csv']],
    ]);
  });
});
