import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { DEFAULT_THEME } from '@mantine/core';
import { VitePWA } from 'vite-plugin-pwa';
import { MEMBER_API_CACHE, OFFLINE_READABLE_API } from './src/app/offline-cache';

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

/** Mantine's ScrollArea takes only useMergeRefs from floating-ui: see src/app/scroll-area-merge-refs.ts. */
const scrollAreaMergeRefs: Plugin = {
  name: 'tankha:scroll-area-merge-refs',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '@floating-ui/react' && importer && /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer)) {
      return path.resolve(import.meta.dirname, 'src/app/scroll-area-merge-refs.ts');
    }
    return null;
  },
};

export default defineConfig({
  plugins: [scrollAreaMergeRefs, react(), pwa],
  server: { host: '127.0.0.1', port: 5173, proxy },
  preview: { host: '127.0.0.1', port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Our contracts and domain packages are pure modules (zod schemas, rules): a screen that imports one
      // schema must not pull every module of the barrel into its chunk.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/](contracts|domain)[\\/]src[\\/]/.test(id) },
      output: {
        // Routes are split with React.lazy. Only React and the router get a chunk of their own: one big
        // Mantine or vendor group would put every component any screen uses into every page's first load.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            // Left to itself, rolldown put Mantine's tiny DirectionProvider (which the shell uses) into the
            // floating-ui chunk, and the entry then loaded all of floating-ui for it.
            { name: 'direction', test: /[\\/]@mantine[\\/]core[\\/].*[\\/]DirectionProvider[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
});
