import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './app/touch.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { PwaUpdatePrompt } from './app/PwaUpdatePrompt';
import { createQueryClient } from './app/query-client';
import { AppRoutes } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const queryClient = createQueryClient();

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <PwaUpdatePrompt />
    </AppProviders>
  </StrictMode>,
);
