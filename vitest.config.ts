import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * PGlite-only files: the embedded data folder itself; stateless calculators whose answers no
 * database changes; and the security suite's malformed-request phase (about 24,000 requests, whose
 * subject is the HTTP layer: its tenancy and role phases run on both databases).
 */
const PGLITE_ONLY = [
  'db/data-dir-modes',
  'modules/tax/tax',
  'modules/payroll-calculator/payroll-calculator',
  'modules/health/health',
  'modules/dev/dev',
  'testing/security.malformed-1',
  'testing/security.malformed-2',
].map((file) => `apps/server/src/${file}.int.test.ts`);

/**
 * The server's HTTP integration suite on one database. A file's worker keeps the server's modules
 * loaded for the next file (isolate: false), so a file pays for its own app, not for importing the
 * server again; each file still gets its own database cloned from the run's migrated snapshot
 * (docs/testing.md).
 */
function integration(backend: 'pglite' | 'postgres') {
  return {
    test: {
      name: `integration-${backend}`,
      include: ['apps/server/src/**/*.int.test.ts'],
      exclude: backend === 'postgres' ? PGLITE_ONLY : [],
      environment: 'node',
      isolate: false,
      testTimeout: 60_000,
      hookTimeout: 120_000,
      globalSetup: ['apps/server/src/testing/global-setup.ts'],
      provide: { backend },
    },
  };
}

/**
 * One Vitest run, several projects: pure rules, contracts, the repository's own scripts, web
 * components, server units, and the server's HTTP integration suite on PGlite (and on PostgreSQL
 * when TEST_DATABASE_URL is set), two files at a time on this 2-core machine.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts', 'apps/web/build/**/*.test.ts'], environment: 'node' } },
      {
        plugins: [react()],
        // The service worker's registration module is made by vite-plugin-pwa in a build; tests get a stand-in.
        resolve: { alias: { 'virtual:pwa-register/react': new URL('apps/web/src/test/pwa-register.ts', import.meta.url).pathname } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Page tests render whole routes in jsdom; on a loaded 2-core machine one can pass 5 s.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server-unit',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.int.test.ts'],
          environment: 'node',
        },
      },
      integration('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
    ],
  },
});
