import { produce } from 'immer';
import type { Blog, BlogCounts, Notification } from '../../api/models';

/** Blogs seen so far, keyed by name (spec 002 §3 "Blog (keyed by name)"). */
export interface BlogsState {
  byName: Record<string, Blog>;
}

export type BlogsAction =
  | { type: 'received'; blogs: Blog[] }
  | { type: 'followingSet'; name: string; following: boolean }
  /** The acting blog blocked or unblocked it. */
  | { type: 'ignoringSet'; name: string; ignoring: boolean }
  /** A live notification for one of the user's blogs (`activity:{blog}`). */
  | { type: 'notificationReceived'; name: string; notification: Notification }
  /** A post was saved: its blog's counts as the save answered them (spec 001 §4 After save). */
  | { type: 'countsSaved'; counts: BlogCounts }
  /** The user's blog answered a group's invitation (or found it gone): it waits no more. */
  | { type: 'groupInviteAnswered'; name: string; notificationId: number }
  /** A group blog's members changed (`members:{blog}`): how many it has now. */
  | { type: 'memberCountSet'; name: string; memberCount: number };

export const initialBlogsState: BlogsState = { byName: {} };

/** Days in a blog's activity sparkline, as the server counts them (docs/api.md). */
export const SPARKLINE_DAYS = 30;

export function blogsReducer(state: BlogsState, action: BlogsAction): BlogsState {
  return produce(state, (draft) => {
    switch (action.type) {
      case 'received':
        for (const blog of action.blogs) {
          const known = draft.byName[blog.name];
          // A blog from a list has no activity data; keep what a fuller load brought earlier.
          const fresh = Object.fromEntries(
            Object.entries(blog).filter(([, value]) => value !== undefined),
          ) as Partial<Blog>;
          draft.byName[blog.name] = known ? { ...known, ...fresh } : blog;
          if (known?.notifications && blog.notifications) {
            // A live notification may have arrived while this answer was on its way.
            draft.byName[blog.name].notifications = mergeNotifications(
              blog.notifications,
              known.notifications,
            );
          }
        }
        break;
      case 'followingSet': {
        const blog = draft.byName[action.name];
        if (!blog || blog.following === action.following) break;
        blog.following = action.following;
        blog.followerCount = Math.max(0, blog.followerCount + (action.following ? 1 : -1));
        break;
      }
      case 'ignoringSet': {
        const blog = draft.byName[action.name];
        if (blog) blog.ignoring = action.ignoring;
        break;
      }
      case 'notificationReceived': {
        const blog = draft.byName[action.name];
        // Not loaded yet: the next load brings it.
        if (!blog?.notifications) break;
        const isNew = !blog.notifications.some((n) => n.id === action.notification.id);
        blog.notifications = mergeNotifications([action.notification], blog.notifications);
        // The sparkline counts it too: its last day is today (a blog's first notification
        // starts one, as the server's would).
        if (isNew && blog.sparkline) {
          if (blog.sparkline.length === 0) blog.sparkline = Array<number>(SPARKLINE_DAYS).fill(0);
          blog.sparkline[blog.sparkline.length - 1] += 1;
        }
        break;
      }
      case 'countsSaved': {
        const { name, ...counts } = action.counts;
        const blog = draft.byName[name];
        // Not loaded yet: its first load brings the counts.
        if (blog) Object.assign(blog, counts);
        break;
      }
      case 'groupInviteAnswered': {
        const invite = draft.byName[action.name]?.notifications?.find((n) => n.id === action.notificationId);
        if (invite?.groupInvite) invite.groupInvite.pending = false;
        break;
      }
      case 'memberCountSet': {
        const blog = draft.byName[action.name];
        // Only a load with the member data has a count to change.
        if (blog?.memberCount !== undefined) blog.memberCount = action.memberCount;
        break;
      }
    }
  });
}

/** Both lists, each notification once (by id), newest first. */
function mergeNotifications(fresh: Notification[], known: Notification[]): Notification[] {
  const byId = new Map<number, Notification>();
  for (const n of [...known, ...fresh]) byId.set(n.id, n);
  return [...byId.values()].sort((a, b) => b.timestamp - a.timestamp || b.id - a.id);
}
