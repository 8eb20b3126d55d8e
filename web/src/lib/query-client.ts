import { QueryClient } from '@tanstack/react-query';

/**
 * Queries load when a page mounts and are dropped when it unmounts, as the pages always did: a failed load is shown
 * at once (no retries), nothing refetches on focus or reconnect, a page opened again loads afresh, and a load is
 * tried even when the browser believes it is offline (its failure is what the page shows).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        gcTime: 0,
        networkMode: 'always',
      },
    },
  });
}
