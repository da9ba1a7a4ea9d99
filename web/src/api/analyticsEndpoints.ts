// A blog's figures over 30 or 90 days (docs/api.md "Analytics"): the Analytics and Reach pages
// of the account menu (spec 000 §2.1). Only the blog's owner may read them: anyone else is a
// 403 `not_your_blog`; a blog without the page's feature is a 403 `not_premium`.
import type { ApiClient } from './client';
import type { Analytics as WireAnalytics } from './types/Analytics';
import type { AnalyticsPage } from './types/AnalyticsPage';
import type { AnalyticsQuery } from './types/AnalyticsQuery';
import { webUrl } from '../lib/webUrl';

/** The periods the server answers for. */
export const ANALYTICS_PERIODS = [30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** One day (UTC) of a blog's figures. `notes` is likes, reblogs and replies together. */
export interface AnalyticsDay {
  /** `YYYY-MM-DD`. */
  date: string;
  notes: number;
  likes: number;
  reblogs: number;
  replies: number;
  followers: number;
  posts: number;
}

/** A post among the period's most noted. */
export interface NotedPost {
  id: number;
  /** The post's page. */
  postUrl: string;
  /** Its title or first words: plain text. */
  summary: string;
  notes: number;
}

export interface Analytics {
  blog: string;
  days: AnalyticsPeriod;
  /** Every day of the period, oldest first, today last. */
  series: AnalyticsDay[];
  mostNoted: NotedPost[];
  topRebloggers: { name: string; reblogs: number }[];
  /** Other blogs that liked, reblogged or replied to its posts in the period. */
  blogsReached: number;
}

function analyticsFromWire(w: WireAnalytics): Analytics {
  return {
    blog: w.tumblelog,
    days: w.days === 90 ? 90 : 30,
    series: w.series.map((d) => ({ ...d })),
    mostNoted: w.most_noted.map((p) => ({ id: p.id, postUrl: webUrl(p.post_url), summary: p.summary, notes: p.notes })),
    topRebloggers: w.top_rebloggers.map((r) => ({ name: r.name, reblogs: r.reblogs })),
    blogsReached: w.blogs_reached,
  };
}

export type { AnalyticsPage };

/**
 * GET /svc/blog/analytics: one of the user's blogs over `days`, for `page`, which the server
 * checks the blog has (Analytics or Reach). Never from the HTTP cache.
 */
export function fetchAnalytics(api: ApiClient, blog: string, days: AnalyticsPeriod, page: AnalyticsPage): Promise<Analytics> {
  return api
    .get<WireAnalytics, AnalyticsQuery>('/svc/blog/analytics', { tumblelog: blog, days, page }, { noCache: true })
    .then(analyticsFromWire);
}
