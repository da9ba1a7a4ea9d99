// /blog/{name}/analytics, the blog's analytics_url (spec 000 §2.1, Analytics in the account
// menu): its notes, new followers and posts per day over 30 or 90 days, the totals, and its
// most noted posts. For the blog's owner only.
import { useState } from 'react';
import { Link } from 'wouter';
import type { Analytics, AnalyticsPeriod } from '../../../api/analyticsEndpoints';
import { formatCount } from '../../../lib/format';
import { AnalyticsTip } from '../../help';
import { isRefused, useAnalytics } from '../useAnalytics';
import { FigureChart } from './AnalyticsCharts';
import { AnalyticsStatus, total } from './AnalyticsStatus';
import { PeriodSwitch } from './PeriodSwitch';
import { Totals } from './Totals';

export function BlogAnalyticsPage({ name }: { name: string }) {
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const state = useAnalytics(name, days, 'analytics');
  const refused = isRefused(state);
  // The header, which the first-visit help points from.
  const [header, setHeader] = useState<HTMLElement | null>(null);
  return (
    <div className="page page--narrow analytics-page">
      <header ref={setHeader} className="card analytics-page__header">
        <div>
          <h1 className="page__title">Analytics</h1>
          <p className="muted">
            <Link to={`/blog/${encodeURIComponent(name)}`}>{name}</Link>
            {!refused && (
              <>
                , the last {days} days ·{' '}
                <Link to={`/radar/analytics?blog=${encodeURIComponent(name)}`}>Reach</Link>
              </>
            )}
          </p>
        </div>
        {!refused && <PeriodSwitch days={days} onChange={setDays} />}
      </header>
      {!refused && <AnalyticsTip anchor={header} />}
      <AnalyticsStatus state={state}>{(analytics) => <BlogFigures analytics={analytics} />}</AnalyticsStatus>
    </div>
  );
}

function BlogFigures({ analytics }: { analytics: Analytics }) {
  const totals = [
    { label: 'Notes', value: total(analytics, 'notes') },
    { label: 'Likes', value: total(analytics, 'likes') },
    { label: 'Reblogs', value: total(analytics, 'reblogs') },
    { label: 'Replies', value: total(analytics, 'replies') },
    { label: 'New followers', value: total(analytics, 'followers') },
    { label: 'Posts', value: total(analytics, 'posts') },
  ];
  if (totals.every((t) => t.value === 0)) {
    return (
      <div className="card empty-state">
        <p>Nothing yet in these {analytics.days} days: no notes, new followers or posts.</p>
      </div>
    );
  }
  return (
    <>
      <Totals totals={totals} />
      <section className="card analytics-page__charts" aria-label="Per day">
        <FigureChart analytics={analytics} title="Notes per day" figures={['likes', 'reblogs', 'replies']} />
        <FigureChart analytics={analytics} title="New followers per day" figures={['followers']} />
        <FigureChart analytics={analytics} title="Posts per day" figures={['posts']} bars />
      </section>
      <section className="card" aria-labelledby="most-noted">
        <h2 className="section-title" id="most-noted">
          Most noted posts
        </h2>
        {analytics.mostNoted.length === 0 ? (
          <p className="muted">No notes on its posts in these {analytics.days} days.</p>
        ) : (
          <ol className="analytics-list" aria-label="Most noted posts">
            {analytics.mostNoted.map((post) => (
              <li key={post.id} className="analytics-list__row">
                <Link to={post.postUrl} className="analytics-list__name">
                  {post.summary || `Post ${post.id}`}
                </Link>
                <span className="muted">{post.notes === 1 ? '1 note' : `${formatCount(post.notes)} notes`}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
