// The administrators' calls (spec 002 §6; docs/api.md "Blogs"): each flag toggle flips one
// flag of any blog and answers all three; each grant toggle flips Reach or Analytics for a blog
// and answers both; the moderators' queue lists the reports people filed by flagging, and
// resolving one closes every open report of the same thing. Anyone else is a 403 `not_admin`.
// Reports are shown as the server answers them (their generated wire types).
import type { ApiClient } from './client';
import type { PremiumToggleAnswer } from './types/PremiumToggleAnswer';
import type { QueueQuery } from './types/QueueQuery';
import type { ReportQueue } from './types/ReportQueue';
import type { ReportView } from './types/ReportView';
import type { Resolution } from './types/Resolution';
import type { ResolveForm } from './types/ResolveForm';
import type { ToggleAnswer } from './types/ToggleAnswer';
import type { ToggleForm } from './types/ToggleForm';

export type { ReportQueue, ReportView, Resolution };

export type BlogFlag = 'spam' | 'nsfw' | 'suspended';

/** A blog's flags after a toggle. */
export interface BlogFlags {
  isSpam: boolean;
  isNsfw: boolean;
  isSuspended: boolean;
}

/** GET /svc/admin/blog_flags: `blog`'s three flags as they are, for the toggles to start from. */
export async function fetchBlogFlags(api: ApiClient, blog: string): Promise<BlogFlags> {
  const w = await api.get<ToggleAnswer, ToggleForm>('/svc/admin/blog_flags', { tumblelog: blog }, { noCache: true });
  return { isSpam: w.is_spam, isNsfw: w.is_nsfw, isSuspended: w.is_suspended };
}

/** POST /{flag}/toggle: flips `flag` on `blog`. */
export async function toggleBlogFlag(api: ApiClient, flag: BlogFlag, blog: string): Promise<BlogFlags> {
  const w = await api.post<ToggleAnswer, ToggleForm>(`/${flag}/toggle`, { tumblelog: blog });
  return { isSpam: w.is_spam, isNsfw: w.is_nsfw, isSuspended: w.is_suspended };
}

/** A premium feature an administrator grants a blog, by its toggle's path. */
export type BlogGrant = 'radar' | 'premium_partner';

/**
 * A blog's premium flags after a grant toggle: Reach (`radar_feature_premium`) and Analytics
 * (`is_visible_premium_partner`), which every blog has until an administrator takes them away.
 */
export interface BlogGrants {
  reach: boolean;
  analytics: boolean;
}

/** POST /radar/toggle or /premium_partner/toggle: flips `grant` for `blog`. */
export async function toggleBlogGrant(api: ApiClient, grant: BlogGrant, blog: string): Promise<BlogGrants> {
  const w = await api.post<PremiumToggleAnswer, ToggleForm>(`/${grant}/toggle`, { tumblelog: blog });
  return { reach: w.radar_feature_premium, analytics: w.is_visible_premium_partner };
}

/** Which part of the queue: the open reports (oldest first) or the resolved (latest first). */
export type ReportState = 'open' | 'resolved';

/**
 * GET /svc/admin/reports: a page of the reports in `state` (100, the server's default), from
 * `cursor` (the previous page's `next_cursor`) or the first; each blog's flags as they are now.
 */
export function fetchReports(api: ApiClient, state: ReportState, cursor: string | null): Promise<ReportQueue> {
  return api.get<ReportQueue, QueueQuery>('/svc/admin/reports', { state, cursor: cursor ?? undefined }, { noCache: true });
}

/**
 * POST /svc/admin/reports/resolve: closes the report, and every other open report of the same
 * post, blog or conversation with it. A report no longer open is a 404.
 */
export function resolveReport(api: ApiClient, reportId: number, resolution: Resolution): Promise<ReportView> {
  return api.post<ReportView, ResolveForm>('/svc/admin/reports/resolve', { report_id: String(reportId), resolution });
}
