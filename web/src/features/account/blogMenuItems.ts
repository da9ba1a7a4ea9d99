import type { Blog } from '../../api/models';
import { countIfAboveZero } from '../../lib/format';

export interface BlogMenuItem {
  key: string;
  label: string;
  href: string;
  /** Formatted count to show beside the label, or null for none. */
  count: string | null;
}

/** The fields of a blog the sub-menu reads. */
export type MenuBlog = Pick<
  Blog,
  | 'name'
  | 'isMine'
  | 'postCount'
  | 'followerCount'
  | 'radarFeaturePremium'
  | 'sparkline'
  | 'memberCount'
  | 'draftCount'
  | 'queuedPostCount'
  | 'transcodingCount'
  | 'isVisiblePremiumPartner'
  | 'canViewCustomize'
  | 'dashboardUrl'
  | 'analyticsUrl'
>;

const above0 = (n: number | undefined) => n !== undefined && n > 0;

/**
 * The account popover's per-blog sub-menu, every item with its condition (spec 000 §2.2).
 * A group blog of someone else's that the user writes lists its posts, members, drafts and
 * queue; its Reach and Analytics are its owner's (the server refuses anyone else), though
 * its flags say it has them. Its followers list, activity and appearance are its owner's
 * too, and their conditions already say so (Followers shows the count, as to any visitor).
 */
export function blogMenuItems(blog: MenuBlog): BlogMenuItem[] {
  const name = encodeURIComponent(blog.name);
  const items: BlogMenuItem[] = [];
  const add = (show: boolean, key: string, label: string, href: string, count: string | null = null) => {
    if (show) items.push({ key, label, href, count });
  };
  add(true, 'posts', 'Posts', `/blog/${name}`, countIfAboveZero(blog.postCount));
  // Reach is one page for all the user's blogs: ?blog= says which (ReachPage).
  add(blog.isMine && blog.radarFeaturePremium, 'reach', 'Reach', `/radar/analytics?blog=${name}`);
  add(true, 'followers', 'Followers', `/blog/${name}/followers`, countIfAboveZero(blog.followerCount));
  add((blog.sparkline?.length ?? 0) > 0, 'activity', 'Activity', `/blog/${name}/activity`);
  add(above0(blog.memberCount), 'members', 'Members', `${blog.dashboardUrl}/members`);
  add(above0(blog.draftCount), 'drafts', 'Drafts', `${blog.dashboardUrl}/drafts`);
  add(above0(blog.queuedPostCount), 'queue', 'Queue', `${blog.dashboardUrl}/queue`);
  add(above0(blog.transcodingCount), 'processing', 'Processing', `${blog.dashboardUrl}/processing`);
  add(blog.isMine && blog.isVisiblePremiumPartner, 'analytics', 'Analytics', blog.analyticsUrl);
  add(blog.canViewCustomize, 'edit-appearance', 'Edit appearance', `/settings/blog/${name}`);
  return items;
}
