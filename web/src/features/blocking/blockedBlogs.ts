// A blog the user just blocked, told to every open list of posts: its posts leave them at
// once (spec 002 §6), wherever the block was made (the blog card's menu, the blog viewer's
// toolbar, a conversation's message controls).
import { Announcement, useAnnouncement } from '../../lib/announcement';

/** The name of each blog blocked, as the block is made. */
export const blockedBlogs = new Announcement<string>();

/** Calls `onBlocked` with the name of each blog blocked while the calling component is mounted. */
export function useBlockedBlogs(onBlocked: (name: string) => void): void {
  useAnnouncement(blockedBlogs, onBlocked);
}
