// The reader's fast reblog of a post, told to every place the post shows (the dashboard and
// the blog viewer drawer over it, a blog page and the docked post), as likes are (postLikes):
// each shows the post as reblogged, and every post of its chain the count the answer gave.
import { Announcement, useAnnouncement } from '../../lib/announcement';

export interface ReblogChange {
  /** The post reblogged. */
  postId: number;
  /** The chain the post is of. */
  rootId: number;
  /** The chain's count, as the new reblog's answer gave it (a queued reblog is no note yet). */
  noteCount: number;
}

const reblogChanges = new Announcement<ReblogChange>();

/** Posts whose fast reblog is on its way, wherever it was made: one call at a time per post. */
const reblogging = new Set<number>();

/**
 * Starts a fast reblog of `postId` unless one is on its way already (a double click, or the
 * same post's button in another place): null then. Call `done` when it has answered.
 */
export function startReblogging(postId: number): { done(): void } | null {
  if (reblogging.has(postId)) return null;
  reblogging.add(postId);
  return { done: () => reblogging.delete(postId) };
}

/** Tells every place that shows the post (the one that reblogged it too) it is reblogged. */
export function announceReblog(change: ReblogChange): void {
  reblogChanges.announce(change);
}

/** Calls `onChange` for every fast reblog made while the calling component is mounted. */
export function useReblogChanges(onChange: (change: ReblogChange) => void): void {
  useAnnouncement(reblogChanges, onChange);
}
