// The reader's like of a post, told to every place the post shows (the dashboard and the blog
// viewer drawer over it, a blog page and the docked post): each shows the same heart, and
// every post of its chain the same count (the count is the chain's, docs/api.md "Post
// actions"). Like the composer's saves, these are module-level: the places live in
// different subtrees and none owns the others.
import { Announcement, useAnnouncement } from '../../lib/announcement';

export interface LikeChange {
  postId: number;
  /** The chain the post is of. */
  rootId: number;
  liked: boolean;
  /** The chain's count, once the like call answered it. */
  noteCount?: number;
}

const likeChanges = new Announcement<LikeChange>();

/** Posts whose like or unlike is on its way, wherever it was made: one call at a time per post. */
const liking = new Set<number>();

/**
 * Starts a like or unlike of `postId` unless one is on its way already (a double click, or
 * the same post's button in another place): false then. Call `done` when it has answered.
 */
export function startLiking(postId: number): { done(): void } | null {
  if (liking.has(postId)) return null;
  liking.add(postId);
  return { done: () => liking.delete(postId) };
}

/** Tells every place that shows the post (the one that liked it too) what its like now is. */
export function announceLike(change: LikeChange): void {
  likeChanges.announce(change);
}

/** Calls `onChange` for every like or unlike made while the calling component is mounted. */
export function useLikeChanges(onChange: (change: LikeChange) => void): void {
  useAnnouncement(likeChanges, onChange);
}
