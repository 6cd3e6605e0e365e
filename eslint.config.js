import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Lint also enforces the layering of DESIGN §1 / STYLE "Layering, one direction":
 * domain imports nothing of ours; contracts only domain; web never server code;
 * server routes never touch the database directly.
 */
export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/results/**', 'apps/server/drizzle/**', 'e2e/artifacts/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-eval': 'error',
      'no-implied-eval': 'error',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@tankha/*', '**/apps/**', 'node:*', 'fs', 'path'], message: 'packages/domain is pure: no I/O and nothing from apps or other packages.' }] }],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'No clock reads in the domain: pass asOf in.' },
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'No clock reads in the domain: pass asOf in.' },
        { selector: "CallExpression[callee.name='parseFloat']", message: 'Money is never a binary float.' },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/**', '@tankha/server', '@tankha/web'], message: 'contracts depend only on zod and the domain.' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['@tankha/server', '**/apps/server/**'], message: 'The web imports contracts, domain and ui, never server code.' }] }],
    },
  },
  {
    files: ['apps/web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**'], message: 'ui imports nothing from features.' }] }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/db/**', 'drizzle-orm', 'drizzle-orm/*', '**/*.repo'], message: 'Routes call services; services call repositories.' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.service.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['fastify'], message: 'Services know no HTTP.' }] }],
    },
  },
  {
    // DESIGN §9: modules receive the scope the platform opened; only platform/ makes database handles.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/platform/unit-of-work'], message: 'Modules get their scope from the platform (DESIGN §9); they never open a transaction.' },
            { group: ['**/db/client'], importNames: ['openDatabase', 'openPglite', 'openPostgres'], message: 'Modules never open the database: use the scope the platform hands you.' },
            { group: ['../*/*.repo', '../../modules/*/*.repo'], message: "A module never imports another module's repository: call its service (STYLE, layering)." },
            { group: ['**/app', '../../app'], message: 'Route and service files never import app.ts (import cycle): types come from services.ts and platform/.' },
          ],
        },
      ],
    },
  },
);
