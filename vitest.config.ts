import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * One Vitest run, several projects: pure rules, contracts, the repository's own scripts, web
 * components, server units, and the server's HTTP integration suite (which runs on PGlite, and also
 * on PostgreSQL when TEST_DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      {
        plugins: [react()],
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
      {
        test: {
          name: 'server-integration',
          include: ['apps/server/src/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
        },
      },
    ],
  },
});
