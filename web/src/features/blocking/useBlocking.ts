import { useCallback, useMemo } from 'react';
import { useApi } from '../../api/ApiProvider';
import { blockBlog, unblockBlog } from '../../api/endpoints';
import { useBlogsDispatch } from '../blogs';
import { useDialogs } from '../dialogs';
import { useSession } from '../session';
import { blockedBlogs, unblockedBlogs } from './blockedBlogs';

/** Spec 002 §8: the confirmation before blocking a blog. */
export function blockBlogText(blog: string, currentBlog: string): string {
  return `Are you sure you want to block ${blog} from ${currentBlog}? They won't be able to follow ${currentBlog}, send ${currentBlog} messages, see ${currentBlog} in search results, or interact with any of ${currentBlog}'s posts.`;
}

/** Spec 002 §8: the confirmation before blocking a message sender. */
export const BLOCK_SENDER_TEXT =
  "Block messages from this sender? Any further messages sent from their IP address will be blocked from your inbox. This can't be undone, by the way.";

export interface Blocking {
  /** Asks with the blog confirmation, then blocks; false when the user said Nevermind. */
  confirmBlockBlog(blocker: string, blocked: string): Promise<boolean>;
  /** Asks with the message-sender confirmation, then blocks; false when cancelled. */
  confirmBlockSender(blocker: string, sender: string): Promise<boolean>;
  /** Lifts `blocker`'s block of `blocked`, at once. */
  unblockBlog(blocker: string, blocked: string): Promise<void>;
}

/**
 * Blocking and unblocking, and what a block changes on the page at once: a block or unblock
 * by the acting blog sets the blog's `ignoring` in the blog store (the blog model's "your
 * acting blog blocks it", which Block and Unblock read) and ends the follow of it, and a
 * blocked blog's posts leave the open lists of posts (blockedBlogs), and come back to them
 * once unblocked (unblockedBlogs), except to the dashboard: it lists followed blogs only.
 */
export function useBlocking(): Blocking {
  const api = useApi();
  const dialogs = useDialogs();
  const dispatch = useBlogsDispatch();
  const { user } = useSession();
  const acting = user?.currentBlog;

  const block = useCallback(
    async (text: string, blocker: string, blocked: string) => {
      const sure = await dialogs.confirm(text, { ok: 'Block', cancel: 'Nevermind' });
      if (!sure) return false;
      await blockBlog(api, blocker, blocked);
      if (blocker === acting) dispatch({ type: 'ignoringSet', name: blocked, ignoring: true });
      // The block ends the user's follow of it too (docs/api.md /svc/block/add): its Follow
      // button says so, and an unblock does not bring the follow back.
      dispatch({ type: 'followingSet', name: blocked, following: false });
      blockedBlogs.announce(blocked);
      return true;
    },
    [acting, api, dialogs, dispatch],
  );

  return useMemo(
    () => ({
      confirmBlockBlog: (blocker: string, blocked: string) => block(blockBlogText(blocked, blocker), blocker, blocked),
      confirmBlockSender: (blocker: string, sender: string) => block(BLOCK_SENDER_TEXT, blocker, sender),
      unblockBlog: async (blocker: string, blocked: string) => {
        await unblockBlog(api, blocker, blocked);
        if (blocker === acting) dispatch({ type: 'ignoringSet', name: blocked, ignoring: false });
        unblockedBlogs.announce(blocked);
      },
    }),
    [acting, api, block, dispatch],
  );
}
