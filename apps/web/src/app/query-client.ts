import { QueryClient } from '@tanstack/react-query';

/**
 * Failed calls are not retried: the API client has already shown the error (or redirected), and a
 * retry would show it twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
