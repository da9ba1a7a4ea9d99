// Analytics answers for the tests of the Analytics and Reach pages.
import type { Analytics } from '../api/types/Analytics';
import type { AnalyticsDay } from '../api/types/AnalyticsDay';

/** `days` days ending 2026-03-31, each with `each(i)`'s figures (nothing by default). */
export function wireAnalytics(
  blog: string,
  days: number,
  each: (i: number) => Partial<AnalyticsDay> = () => ({}),
  extra: Partial<Analytics> = {},
): Analytics {
  const end = Date.parse('2026-03-31T00:00:00Z');
  const series = Array.from({ length: days }, (_, i) => {
    const date = new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const day = { likes: 0, reblogs: 0, replies: 0, followers: 0, posts: 0, ...each(i) };
    return { date, notes: day.likes + day.reblogs + day.replies, ...day };
  });
  return { tumblelog: blog, days, series, most_noted: [], top_rebloggers: [], blogs_reached: 0, ...extra };
}
