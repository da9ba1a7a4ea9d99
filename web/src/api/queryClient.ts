// The one cache of server data (TanStack Query): how every load in the app retries, refetches
// and is dropped. Loading, error, retry and cancellation come from here, not from each component.
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError, errorDetails } from './client';

/** How many times a failed load is tried again before its error is shown. */
export const LOAD_RETRIES = 2;

/**
 * Whether a failed load is worth another try: a network failure or a server error may pass;
 * a 4xx answer (not found, not allowed, invalid) will say the same again.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < LOAD_RETRIES;
}

/**
 * How long before a failed load is tried again: what the server asked for (a 503's
 * `Retry-After`: the database is away for a moment), else TanStack's own back-off (1 s,
 * doubling, at most 30 s).
 */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAfterMs !== undefined) return error.retryAfterMs;
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

/**
 * The app's QueryClient. The socket keeps live data current (and polls while it is down), so
 * a window coming back into focus refetches nothing. `retry: false` is for tests, which
 * answer at once and want a failure shown at once.
 */
export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retry ? shouldRetry : false,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * What a failed load shows, ready for the page: nothing while it is being tried again (the
 * loader shows instead), else the server's error texts.
 */
export function loadError({ error, isFetching }: { error: unknown; isFetching: boolean }): string | null {
  return !isFetching && error ? errorDetails(error).join(' ') : null;
}

/**
 * Makes room for one more answer under `prefix` by dropping all but the `keep - 1` newest
 * that no component shows: some lookups keep a number of answers rather than answers of an
 * age (spec 001 §9: the tag suggestions keep 20).
 */
export function makeRoomFor(queryClient: QueryClient, prefix: QueryKey, keep: number): void {
  const answers = queryClient
    .getQueryCache()
    .findAll({ queryKey: prefix })
    .filter((query) => query.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  for (const query of answers.slice(keep - 1)) {
    if (query.getObserversCount() === 0) queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
  }
}
