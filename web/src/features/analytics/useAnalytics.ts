// A blog's figures over a period, through the query cache under the page, the blog and the
// period: the switch back to a period already seen shows it at once, while it is read again.
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { fetchAnalytics, type Analytics, type AnalyticsPage, type AnalyticsPeriod } from '../../api/analyticsEndpoints';
import { ApiError } from '../../api/client';

/** What a failure says: quietly, without the server's words. */
export const ANALYTICS_FAILED = "The figures couldn't be loaded.";
/** What someone else's blog says (the server's 403 `not_your_blog`). */
export const NOT_YOUR_BLOG = "Only the blog's owner can see its analytics.";

export interface AnalyticsState {
  analytics: Analytics | null;
  /**
   * `forbidden`: not the user's blog. `notPremium`: the blog does not have this page's feature
   * (403 `not_premium`); `notPremiumText` is the server's words for it.
   */
  status: 'loading' | 'ready' | 'error' | 'forbidden' | 'notPremium';
  notPremiumText: string | null;
  retry(): void;
}

export function useAnalytics(blog: string, days: AnalyticsPeriod, page: AnalyticsPage): AnalyticsState {
  const api = useApi();
  const query = useQuery({
    queryKey: ['analytics', page, blog, days],
    queryFn: () => fetchAnalytics(api, blog, days, page),
    // Today's figures move as notes come in: a page opened again reads them again.
    staleTime: 60_000,
    enabled: blog !== '',
  });
  const refused = query.error instanceof ApiError && query.error.status === 403 ? query.error : null;
  // Whether a blog has the feature is the server's call (an administrator may take it away),
  // and so are the words: they name the page's feature.
  const notPremiumText = refused?.codes.includes('not_premium') ? refused.details.join(' ') : null;
  let status: AnalyticsState['status'] = 'loading';
  if (query.data) status = 'ready';
  else if (notPremiumText !== null) status = 'notPremium';
  else if (refused) status = 'forbidden';
  else if (query.isError && !query.isFetching) status = 'error';
  return { analytics: query.data ?? null, status, notPremiumText, retry: () => void query.refetch() };
}

/**
 * Whether the server refused the page (403: not the user's blog, or not the page's feature):
 * the page then shows that message alone, without the period switch, its links or its help,
 * which are about figures there are none of.
 */
export function isRefused(state: AnalyticsState): boolean {
  return state.status === 'forbidden' || state.status === 'notPremium';
}
