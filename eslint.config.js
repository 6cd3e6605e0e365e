import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * STYLE "one way of reading the database": repositories use Drizzle's query builder and hand
 * services camelCase objects. The modules listed here have been converted; add a module once its
 * repository is (docs/decisions/0051-the-query-builder-camelcase-out-of-every.md).
 */
const BUILDER_MODULES = ['account', 'attendance', 'attendance-settings', 'dashboard', 'departments', 'documents', 'employees', 'leave', 'notifications', 'payroll', 'payroll-bank', 'payroll-filings', 'payroll-locks', 'payroll-reports', 'people-import', 'requests', 'salary', 'shifts', 'subscriptions', 'tenants', 'users'];
const SNAKE_CASE = '/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/';

/**
 * A raw query in a converted repository (queryRows or .execute) must say why on the comment line
 * just above its statement, starting "raw SQL:" (a measured hot path, a LATERAL join, an advisory
 * lock, a SECURITY DEFINER function), and map its rows to camelCase before returning them.
 */
const rawSqlNeedsReason = {
  meta: { type: 'problem', messages: { reason: 'Use the query builder. A raw query needs a "// raw SQL: <why>" comment right above its statement, and its rows mapped to camelCase in the repository.' } },
  create(context) {
    const check = (node) => {
      let statement = node;
      while (statement.parent && !['Program', 'BlockStatement', 'StaticBlock'].includes(statement.parent.type)) statement = statement.parent;
      const comments = context.sourceCode.getCommentsBefore(statement);
      const last = comments[comments.length - 1];
      if (!last || !/^\s*raw SQL: \S/.test(last.value) || last.loc.end.line < statement.loc.start.line - 1) context.report({ node, messageId: 'reason' });
    };
    return { "CallExpression[callee.name='queryRows']": check, "CallExpression[callee.property.name='execute']": check };
  },
};

/** What stands on the ground floor (apps/server/src/db/ and platform/): modules, the demo seed, the app and its composition root. */
const GROUND_FLOOR_MESSAGE = 'db/ and platform/ are the ground floor: they import nothing above them (modules/, seed/, app, services, bootstrap). Move the type down or have the composition root inject the function.';
const GROUND_FLOOR_UP = [{ group: ['**/modules', '**/modules/**', '**/seed', '**/seed/**', '**/app', '**/services', '**/bootstrap', '**/main', '**/*.cli'], message: GROUND_FLOOR_MESSAGE }];

/**
 * Lint also enforces the layering of DESIGN §1 / STYLE "Layering, one direction":
 * domain imports nothing of ours; contracts only domain; web never server code;
 * server routes never touch the database directly.
 */
export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tsc/**', 'data/**', 'bench/results/**', 'apps/server/drizzle/**', 'e2e/artifacts/**', 'test-results/**'] },
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
    // The ground floor (issue 27): db/ and platform/ import nothing that stands on them, by folder. Their
    // tests may use the harness in testing/ (it re-exports the demo's logins); the code may not.
    files: ['apps/server/src/db/**/*.ts', 'apps/server/src/platform/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...GROUND_FLOOR_UP, { group: ['**/testing', '**/testing/**'], message: GROUND_FLOOR_MESSAGE }] }] },
  },
  {
    files: ['apps/server/src/db/**/*.test.ts', 'apps/server/src/platform/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: GROUND_FLOOR_UP }] },
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
  {
    files: BUILDER_MODULES.map((m) => `apps/server/src/modules/${m}/*.repo.ts`),
    plugins: { tankha: { rules: { 'raw-sql-needs-reason': rawSqlNeedsReason } } },
    rules: {
      'tankha/raw-sql-needs-reason': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: `ExportNamedDeclaration > :matches(TSInterfaceDeclaration, TSTypeAliasDeclaration) TSPropertySignature > Identifier.key[name=${SNAKE_CASE}]`,
          message: 'Repositories export camelCase types only: map snake_case rows inside the repository.',
        },
        {
          selector: `ExportNamedDeclaration > FunctionDeclaration > TSTypeAnnotation TSPropertySignature > Identifier.key[name=${SNAKE_CASE}]`,
          message: 'Repositories return camelCase objects only: map snake_case rows inside the repository.',
        },
      ],
    },
  },
  {
    // What the converted repositories return is camelCase, so a snake_case property read in their services is a leaked row.
    files: BUILDER_MODULES.map((m) => `apps/server/src/modules/${m}/*.service.ts`),
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `MemberExpression[computed=false] > Identifier.property[name=${SNAKE_CASE}]`, message: 'A snake_case row reached a service: map it to camelCase in the repository.' },
      ],
    },
  },
);
