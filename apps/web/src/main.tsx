import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
// The theme's CSS variables, printed at build time (vite.config.ts): MantineProvider does not compute them here.
import 'virtual:mantine-theme.css';
import './app/touch.css';
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AfterPageSettled } from './app/AfterPageSettled';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { AppRoutes } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const queryClient = createQueryClient();

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
startTransition(() => {
  createRoot(root).render(app);
});
