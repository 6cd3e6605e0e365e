import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { DEFAULT_THEME } from '@mantine/core';
import { VitePWA } from 'vite-plugin-pwa';
import { MEMBER_API_CACHE, OFFLINE_READABLE_API } from './src/app/offline-cache';
import { ROUTE_PRELOADS, ROUTE_PRELOADS_FILE } from './src/app/route-preloads';
import { pruneMantineCss, reachableMantineClasses } from './build/mantine-styles';

const backend = 'http://127.0.0.1:3000';
/** The server owns /backend (API, files) and /dev (the embedded mailbox page). */
// The notification hub (/backend/hubs) upgrades to a websocket, so the proxy forwards upgrades too.
const proxy = { '/backend': { target: backend, ws: true }, '/dev': backend };

/** The theme's primary colour (indigo, shade 8): the installed app's title bar and splash screen. */
const THEME_COLOUR = DEFAULT_THEME.colors.indigo[8];

/**
 * An installable app for employees on their phones. The shell (every built file) is precached so the app
 * opens without a connection; of the API only the GETs of the member's attendance and payslips pages are
 * kept (network first, so online they are always fresh), and the app empties that cache when a session
 * ends. A new deploy waits for the user's Reload (registerType 'prompt', PwaUpdatePrompt) rather than
 * swapping code under a half-filled form.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  // The app registers the worker itself (PwaUpdatePrompt), to show the update prompt.
  injectRegister: false,
  includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png'],
  manifest: {
    name: 'Tankha',
    short_name: 'Tankha',
    description: 'HR, attendance, leave, payroll and income tax for Indian organisations',
    lang: 'en-IN',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: '#ffffff',
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // Client routes get the precached shell; the server's own paths never do.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/backend\//, /^\/dev\//],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        urlPattern: OFFLINE_READABLE_API,
        method: 'GET',
        handler: 'NetworkFirst',
        options: {
          cacheName: MEMBER_API_CACHE,
          // A slow network still shows the data; a dead one answers from the cache at once.
          networkTimeoutSeconds: 5,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 60, maxAgeSeconds: 60 * 60 * 24 * 45 },
        },
      },
    ],
  },
});

/**
 * A plugin that resolves one import of one Mantine module to a local stand-in: the module takes a single
 * small thing from a large dependency, and the stand-in gives it without the rest.
 */
function standIn(name: string, source: string, importer: RegExp, target: string): Plugin {
  return {
    name: `tankha:${name}`,
    enforce: 'pre',
    resolveId(requested, from) {
      return requested === source && from && importer.test(from) ? path.resolve(import.meta.dirname, target) : null;
    },
  };
}

/** Mantine's ScrollArea takes only useMergeRefs from floating-ui: see src/app/scroll-area-merge-refs.ts. */
const scrollAreaMergeRefs = standIn('scroll-area-merge-refs', '@floating-ui/react', /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/, 'src/app/scroll-area-merge-refs.ts');

/** Mantine's AppShell sections take only a class name from react-remove-scroll: see src/app/app-shell-remove-scroll.ts. */
const appShellRemoveScroll = standIn('app-shell-remove-scroll', 'react-remove-scroll', /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/, 'src/app/app-shell-remove-scroll.ts');

/** Table.ScrollContainer scrolls natively: see src/app/table-scroll-area.tsx. */
const tableScrollArea = standIn('table-scroll-area', '../ScrollArea/ScrollArea.mjs', /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]TableScrollContainer\.mjs$/, 'src/app/table-scroll-area.tsx');

/**
 * zod's JSON Schema generator, left out of the web bundle. Classic zod schemas reference it from every
 * schema type (for `.toJSONSchema()` and Standard Schema's `jsonSchema`), so it cannot be tree-shaken, and
 * it was a fifth of zod in every first load (5 KB gzip). The web only parses replies; the server, which
 * generates the OpenAPI document, keeps the real one. What the schemas' getters use (aggregateChecks, for
 * `.minLength`, `.isInt` and the like) stays; the generator's functions throw if anything ever calls them.
 */
const ZOD_JSON_SCHEMA = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
const zodWithoutJsonSchema: Plugin = {
  name: 'tankha:zod-without-json-schema',
  enforce: 'pre',
  apply: 'build',
  load(id) {
    const match = ZOD_JSON_SCHEMA.exec(id);
    if (!match) return null;
    const source = fs.readFileSync(id, 'utf8');
    const unavailable = "function unavailable() { throw new Error('JSON Schema generation is not part of the web build (vite.config.ts)'); }";
    if (match[1] === 'to-json-schema') {
      const names = [...source.matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]!);
      const factories = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);
      if (!names.includes('processSchema') || ![...factories].every((n) => names.includes(n))) throw new Error(`${id}: zod's exports changed; revisit tankha:zod-without-json-schema`);
      return [unavailable, ...names.map((n) => `export const ${n} = ${factories.has(n) ? '() => unavailable' : 'unavailable'};`), 'export { processSchema as process };'].join('\n');
    }
    const cut = source.indexOf('const formatMap');
    const kept = source.slice(0, cut);
    if (cut < 0 || !kept.includes('export function aggregateChecks')) throw new Error(`${id}: zod's layout changed; revisit tankha:zod-without-json-schema`);
    const names = [...source.slice(cut).matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]!);
    const stubs = names.map((n) => (n === 'allProcessors' ? 'export const allProcessors = {};' : `export const ${n} = unavailable;`));
    return [kept.replace(/^import \{[^}]*\} from "\.\/to-json-schema\.js";$/m, ''), unavailable, ...stubs].join('\n');
  },
};

/**
 * The favicon inline in index.html (a data: URL of public/favicon.svg): the browser otherwise fetched it
 * while the page's own code and data loaded, a request Lighthouse counts before the largest paint.
 */
const inlineFavicon: Plugin = {
  name: 'tankha:inline-favicon',
  apply: 'build',
  transformIndexHtml(html) {
    const link = 'href="/favicon.svg"';
    if (!html.includes(link)) throw new Error('index.html no longer links /favicon.svg: revisit tankha:inline-favicon');
    const svg = fs.readFileSync(path.resolve(import.meta.dirname, 'public/favicon.svg'), 'utf8');
    return html.replace(link, `href="data:image/svg+xml,${encodeURIComponent(svg.trim())}"`);
  },
};

/** Modules most pages import beside the shell's, kept in one chunk (the code-splitting groups below). */
const PAGE_COMMON = [
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Alert|CloseButton|Card|Badge|Table|SimpleGrid)[\\/]/,
  /[\\/]apps[\\/]web[\\/]src[\\/]ui[\\/](ErrorState|EmptyState|ListCard|OfflineNotice)\.tsx$/,
  /[\\/]apps[\\/]web[\\/]src[\\/]ui[\\/]kit[\\/]ResponsiveList\.tsx$/,
  /[\\/]apps[\\/]web[\\/]src[\\/]app[\\/]today\.ts$/,
  /[\\/]packages[\\/]contracts[\\/]src[\\/]dates\.ts$/,
  /[\\/]packages[\\/]domain[\\/]src[\\/]money[\\/]rupees\.ts$/,
  /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]payroll-setup[\\/]page-title-order\.ts$/,
  /[\\/]apps[\\/]web[\\/]src[\\/]ui[\\/]kit[\\/]api-error-toast\.ts$/,
  /[\\/]@mantine[\\/]core[\\/]esm[\\/](components[\\/]Anchor|core[\\/]styles-api[\\/]use-resolved-styles-api)[\\/]/,
  /[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]useMutation\.js$/,
];

/**
 * `import 'virtual:mantine-core.css'` (main.tsx): @mantine/core's stylesheet with the rules of the components the
 * app's sources can reach, light scheme only (build/mantine-styles.ts; 295 → ~190 KB).
 */
const MANTINE_CORE_CSS = 'virtual:mantine-core.css';
const mantineCoreCss: Plugin = {
  name: 'tankha:mantine-core-css',
  resolveId: (id) => (id === MANTINE_CORE_CSS ? `\0${MANTINE_CORE_CSS}` : null),
  load(id) {
    if (id !== `\0${MANTINE_CORE_CSS}`) return null;
    const nodeModules = path.resolve(import.meta.dirname, '../../node_modules');
    const src = path.resolve(import.meta.dirname, 'src');
    const sources = fs
      .readdirSync(src, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name));
    for (const file of sources) this.addWatchFile(file);
    return pruneMantineCss(fs.readFileSync(path.join(nodeModules, '@mantine/core/styles.css'), 'utf8'), reachableMantineClasses(sources, nodeModules));
  },
};

/**
 * dist/route-preloads.json: for each path of ROUTE_PRELOADS (src/app/route-preloads.ts), the chunks its
 * modules need (their own and what they import statically) that index.html does not already load. The
 * server puts them in that page's index.html as modulepreloads.
 */
const routePreloads: Plugin = {
  name: 'tankha:route-preloads',
  apply: 'build',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const closure = (files: string[]) => {
      const seen = new Set<string>();
      const queue = [...files];
      for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
        if (seen.has(file)) continue;
        seen.add(file);
        queue.push(...(byFile.get(file)?.imports ?? []));
      }
      return seen;
    };
    const initial = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
    const out: Record<string, string[]> = {};
    for (const [route, modules] of Object.entries(ROUTE_PRELOADS)) {
      const own = modules.map((m) => {
        const id = path.resolve(import.meta.dirname, m);
        const chunk = chunks.find((c) => c.facadeModuleId === id);
        if (!chunk) throw new Error(`${m} (route-preloads.ts, ${route}) is no chunk of the build: renamed, or no longer lazy-loaded?`);
        return chunk.fileName;
      });
      out[route] = [...closure(own)].filter((f) => !initial.has(f)).map((f) => `/${f}`);
    }
    this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(out) });
  },
};

/**
 * index.html's first script: `src/early-reads-entry.ts`, built as an entry of its own (build.rolldownOptions.input)
 * and put in the page as an async module script before the app's entry. Vite makes one entry of all the module
 * scripts it finds in index.html, which would start the reads only once the whole shell had downloaded.
 */
const EARLY_READS_ENTRY = 'early-reads';
const earlyReadsScript: Plugin = {
  name: 'tankha:early-reads-script',
  apply: 'build',
  enforce: 'post',
  generateBundle(_options, bundle) {
    const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === EARLY_READS_ENTRY);
    const html = bundle['index.html'];
    if (!entry || html?.type !== 'asset' || typeof html.source !== 'string') throw new Error('tankha:early-reads-script: no early-reads entry or index.html in the bundle');
    const appEntry = html.source.indexOf('<script type="module"');
    if (appEntry === -1) throw new Error("tankha:early-reads-script: index.html has no module script to put the early reads' before");
    html.source = `${html.source.slice(0, appEntry)}<script type="module" async crossorigin src="/${entry.fileName}"></script>\n    ${html.source.slice(appEntry)}`;
  },
};

/**
 * The theme's CSS variables as a stylesheet (`import 'virtual:mantine-theme.css'`, main.tsx), written at build
 * time by Mantine itself: MantineProvider rendered to markup with our theme, its `<style>` taken. At run time
 * MantineProvider recomputes them on every render (resolve, merge, drop the defaults styles.css has, print):
 * a tenth of the first render's work on a phone. AppProviders turns that off (withCssVariables false).
 */
const MANTINE_THEME_CSS = 'virtual:mantine-theme.css';
const mantineThemeCss: Plugin = {
  name: 'tankha:mantine-theme-css',
  resolveId(id) {
    return id === MANTINE_THEME_CSS ? `\0${MANTINE_THEME_CSS}` : null;
  },
  async load(id) {
    if (id !== `\0${MANTINE_THEME_CSS}`) return null;
    const [{ createElement }, { renderToStaticMarkup }, { MantineProvider }, { theme, cssVariablesResolver }] = await Promise.all([import('react'), import('react-dom/server'), import('@mantine/core'), import('./src/app/theme')]);
    const markup = renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver, withGlobalClasses: false }));
    const css = /<style data-mantine-styles="true"[^>]*>([^<]*)<\/style>/.exec(markup)?.[1];
    if (!css) throw new Error(`MantineProvider rendered no CSS variables (${markup.slice(0, 200)}): revisit tankha:mantine-theme-css`);
    return css;
  },
};

export default defineConfig(({ command }) => ({
  plugins: [scrollAreaMergeRefs, appShellRemoveScroll, tableScrollArea, zodWithoutJsonSchema, routePreloads, earlyReadsScript, inlineFavicon, mantineCoreCss, mantineThemeCss, react(), pwa],
  // react-router's package exports point at its development build, whose only difference is that it keeps
  // the dev-time warnings (ENABLE_DEV_WARNINGS); a production bundle takes the production build.
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: path.resolve(import.meta.dirname, '../../node_modules/react-router/dist/production/index.mjs') }] } : {},
  server: { host: '127.0.0.1', port: 5173, proxy },
  preview: { host: '127.0.0.1', port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: { index: path.resolve(import.meta.dirname, 'index.html'), [EARLY_READS_ENTRY]: path.resolve(import.meta.dirname, 'src/early-reads-entry.ts') },
      // Our contracts and domain packages are pure modules (zod schemas, rules): a screen that imports one
      // schema must not pull every module of the barrel into its chunk.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/](contracts|domain)[\\/]src[\\/]/.test(id) },
      output: {
        // Routes are split with React.lazy. Only React and the router get a chunk of their own: one big
        // Mantine or vendor group would put every component any screen uses into every page's first load.
        codeSplitting: {
          groups: [
            // The script index.html runs first (early-reads-entry.ts) downloads on its own, not with the shell.
            { name: 'early-reads', test: /[\\/]src[\\/](app[\\/](early-reads|jwt|client-keys)|early-reads-entry)\.ts$/, priority: 4 },
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            // Left to itself, rolldown put Mantine's tiny DirectionProvider (which the shell uses) into the
            // floating-ui chunk, and the entry then loaded all of floating-ui for it.
            { name: 'direction', test: /[\\/]@mantine[\\/]core[\\/].*[\\/]DirectionProvider[\\/]/, priority: 2 },
            // Everything index.html's entry imports statically loads on every page anyway: one chunk, not the
            // 28 small ones rolldown made of what the route chunks share with it. On HTTP/1.1 (6 connections per
            // origin) each of those small files cost a round trip before the shell could render.
            { name: 'shell', tags: ['$initial'], priority: 1 },
            // What (nearly) every page of a member shows besides the shell: the card, alert, badge, table, grid,
            // the error and empty states, the list pattern and the date schemas. Each was a file of 0.2–2 KB that
            // a page fetched on its own round trip (6–11 of a page's 18–26 chunks); one chunk of ~6 KB gzip
            // instead (decision 0310).
            { name: 'common', test: (id) => PAGE_COMMON.some((pattern) => pattern.test(id)), priority: 1 },
          ],
        },
      },
    },
  },
}));
