import type { ReactNode } from 'react';
import type { Analytics } from '../../../api/analyticsEndpoints';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { ANALYTICS_FAILED, NOT_YOUR_BLOG, type AnalyticsState } from '../useAnalytics';

/**
 * What the Analytics and Reach pages share below their header: the loader, the quiet error
 * with Try again, the owner-only note, the server's word that the blog lacks the page's
 * feature, or the figures.
 */
export function AnalyticsStatus({
  state,
  children,
}: {
  state: AnalyticsState;
  children: (analytics: Analytics) => ReactNode;
}) {
  switch (state.status) {
    case 'loading':
      return <PageLoader label="Loading the figures" />;
    case 'forbidden':
      return (
        <div className="card empty-state">
          <p>{NOT_YOUR_BLOG}</p>
        </div>
      );
    case 'notPremium':
      return (
        <div className="card empty-state">
          <p>{state.notPremiumText}</p>
        </div>
      );
    case 'error':
      return <LoadError message={ANALYTICS_FAILED} onRetry={state.retry} />;
    default:
      return state.analytics ? <>{children(state.analytics)}</> : null;
  }
}

/** The sum of one figure over the period. */
export function total(analytics: Analytics, figure: 'notes' | 'likes' | 'reblogs' | 'replies' | 'followers' | 'posts'): number {
  return analytics.series.reduce((sum, day) => sum + day[figure], 0);
}
