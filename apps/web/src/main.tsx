// @mantine/core's stylesheet, the rules of the components the app uses only (vite.config.ts, build/mantine-styles.ts).
import 'virtual:mantine-core.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
// The theme's CSS variables, printed at build time (vite.config.ts): MantineProvider does not compute them here.
import 'virtual:mantine-theme.css';
import './app/touch.css';
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AfterPageSettled } from './app/AfterPageSettled';
import { settleAfterReads } from './app/page-settled';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { AppRoutes, preloadRoute } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const queryClient = createQueryClient();
// The notification socket and the service worker wait for the page's own reads (app/page-settled.ts).
settleAfterReads({ count: () => queryClient.isFetching(), subscribe: (listener) => queryClient.getQueryCache().subscribe(listener) });

/** The service worker's registration and its update prompt: after the page has settled, in their own chunk. */
const PwaUpdatePrompt = lazy(() => import('./app/PwaUpdatePrompt').then((m) => ({ default: m.PwaUpdatePrompt })));

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <AfterPageSettled>
        <Suspense fallback={null}>
          <PwaUpdatePrompt />
        </Suspense>
      </AfterPageSettled>
    </AppProviders>
  </StrictMode>
);

// As a transition, the first render yields to the browser every few milliseconds instead of holding the main thread
// until the whole shell and page are built (Lighthouse's Total Blocking Time; input stays responsive).
// The page's own code first (index.html has it downloading already), for at most a second: the page then
// renders with the header rather than after a fallback (app/lazy-page.ts). A failed load is the page's to show.
const PRELOAD_WAIT_MS = 1000;
void Promise.race([preloadRoute(window.location.pathname).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS))]).then(() => {
  startTransition(() => {
    createRoot(root).render(app);
  });
});
