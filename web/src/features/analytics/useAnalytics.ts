// A blog's figures over a period, through the query cache under the blog and the period: the
// switch back to a period already seen shows it at once, while it is read again.
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { fetchAnalytics, type Analytics, type AnalyticsPeriod } from '../../api/analyticsEndpoints';
import { ApiError } from '../../api/client';

/** What a failure says: quietly, without the server's words. */
export const ANALYTICS_FAILED = "The figures couldn't be loaded.";
/** What someone else's blog says (the server's 403 `not_your_blog`). */
export const NOT_YOUR_BLOG = "Only the blog's owner can see its analytics.";

export interface AnalyticsState {
  analytics: Analytics | null;
  status: 'loading' | 'ready' | 'error' | 'forbidden';
  retry(): void;
}

export function useAnalytics(blog: string, days: AnalyticsPeriod): AnalyticsState {
  const api = useApi();
  const query = useQuery({
    queryKey: ['analytics', blog, days],
    queryFn: () => fetchAnalytics(api, blog, days),
    // Today's figures move as notes come in: a page opened again reads them again.
    staleTime: 60_000,
    enabled: blog !== '',
  });
  const forbidden = query.error instanceof ApiError && query.error.status === 403;
  const status = query.data ? 'ready' : forbidden ? 'forbidden' : query.isError && !query.isFetching ? 'error' : 'loading';
  return { analytics: query.data ?? null, status, retry: () => void query.refetch() };
}
