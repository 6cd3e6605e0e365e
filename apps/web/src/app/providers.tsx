import { useEffect, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LazyNotifications } from './LazyNotifications';
import { onSessionCleared } from './session';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off transitions and portals for unit tests. */
  env?: 'default' | 'test';
}

export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  // Signing out forgets every cached server reply of the previous user.
  useEffect(() => onSessionCleared(() => queryClient.clear()), [queryClient]);
  return (
    // The theme's CSS variables come from a stylesheet printed at build time (vite.config.ts, tankha:mantine-theme-css):
    // MantineProvider would compute them again on every render.
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} withCssVariables={false} forceColorScheme="light" env={env}>
      <QueryClientProvider client={queryClient}>
        <LazyNotifications />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
