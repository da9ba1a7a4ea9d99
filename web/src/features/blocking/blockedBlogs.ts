// A blog the user just blocked, told to every open list of posts: its posts leave them at
// once (spec 002 §6), wherever the block was made (the blog card's menu, the blog viewer's
// toolbar, a conversation's message controls). And one just unblocked: the lists show what
// they read of its posts again, as the server lists them again.
import { Announcement, useAnnouncement } from '../../lib/announcement';

/** The name of each blog blocked, as the block is made. */
export const blockedBlogs = new Announcement<string>();

/** The name of each blog unblocked, as the block is lifted. */
export const unblockedBlogs = new Announcement<string>();

/**
 * Calls `onBlocked` with the name of each blog blocked while the calling component is
 * mounted, and `onUnblocked` with that of each one unblocked.
 */
export function useBlockedBlogs(onBlocked: (name: string) => void, onUnblocked: (name: string) => void): void {
  useAnnouncement(blockedBlogs, onBlocked);
  useAnnouncement(unblockedBlogs, onUnblocked);
}
