// /radar/analytics, Reach in the account menu (spec 000 §2.1): how far one of the user's
// blogs went over 30 or 90 days: the blogs its posts reached, reblogs and likes per day, and
// the blogs that reblogged it most. The user's current blog first; a chooser for the others,
// whose choice is in the address (?blog=NAME), so a reload or back and forward keep it.
import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import type { Analytics, AnalyticsPeriod } from '../../../api/analyticsEndpoints';
import type { User } from '../../../api/models';
import { formatCount } from '../../../lib/format';
import { AnalyticsTip } from '../../help';
import { useSession } from '../../session';
import { isRefused, useAnalytics } from '../useAnalytics';
import { FigureChart } from './AnalyticsCharts';
import { AnalyticsStatus, total } from './AnalyticsStatus';
import { Totals } from './Totals';
import { PeriodSwitch } from './PeriodSwitch';

/** Under RequireLogin: there is always a user. */
export function ReachPage() {
  const { user } = useSession();
  return user ? <Reach user={user} /> : null;
}

/** The query parameter that names the chosen blog. */
const REACH_BLOG_PARAM = 'blog';

/** The blog the address names if it is one of the user's; otherwise the current blog, shown first. */
function chosenBlog(user: User, named: string | null): string {
  const owned = user.blogs.find((b) => b.name === named);
  return owned ? owned.name : user.currentBlog;
}

function Reach({ user }: { user: User }) {
  const [params, setParams] = useSearchParams();
  const blog = chosenBlog(user, params.get(REACH_BLOG_PARAM));
  // A choice is a step in the history: back returns to the blog shown before.
  const choose = (name: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(REACH_BLOG_PARAM, name);
      return next;
    });
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const state = useAnalytics(blog, days, 'reach');
  const refused = isRefused(state);
  // The header, which the first-visit help points from.
  const [header, setHeader] = useState<HTMLElement | null>(null);
  return (
    <div className="page page--narrow analytics-page">
      <header ref={setHeader} className="card analytics-page__header">
        <div>
          <h1 className="page__title">Reach</h1>
          {!refused && <p className="muted">The last {days} days</p>}
        </div>
        {/* Kept on a refusal: another of the user's blogs may have Reach. */}
        {user.blogs.length > 1 && (
          <label className="analytics-page__blog">
            <span className="muted">Blog</span>
            <select className="field__input" value={blog} onChange={(e) => choose(e.target.value)}>
              {user.blogs.map((b) => (
                <option key={b.name} value={b.name}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {!refused && <PeriodSwitch days={days} onChange={setDays} />}
      </header>
      {!refused && <AnalyticsTip anchor={header} />}
      <AnalyticsStatus state={state}>{(analytics) => <ReachFigures analytics={analytics} />}</AnalyticsStatus>
    </div>
  );
}

function ReachFigures({ analytics }: { analytics: Analytics }) {
  const totals = [
    { label: 'Blogs reached', value: analytics.blogsReached },
    { label: 'Reblogs', value: total(analytics, 'reblogs') },
    { label: 'Likes', value: total(analytics, 'likes') },
  ];
  if (totals.every((t) => t.value === 0)) {
    return (
      <div className="card empty-state">
        <p>
          No other blog liked or reblogged {analytics.blog}'s posts in these {analytics.days} days.
        </p>
      </div>
    );
  }
  return (
    <>
      <Totals totals={totals} />
      <section className="card analytics-page__charts" aria-label="Per day">
        <FigureChart analytics={analytics} title="Reblogs and likes per day" figures={['reblogs', 'likes']} />
      </section>
      <section className="card" aria-labelledby="top-rebloggers">
        <h2 className="section-title" id="top-rebloggers">
          Top rebloggers
        </h2>
        {analytics.topRebloggers.length === 0 ? (
          <p className="muted">Nobody reblogged its posts in these {analytics.days} days.</p>
        ) : (
          <ol className="analytics-list" aria-label="Top rebloggers">
            {analytics.topRebloggers.map((r) => (
              <li key={r.name} className="analytics-list__row">
                <Link to={`/blog/${encodeURIComponent(r.name)}`} className="analytics-list__name">
                  {r.name}
                </Link>
                <span className="muted">{r.reblogs === 1 ? '1 reblog' : `${formatCount(r.reblogs)} reblogs`}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
