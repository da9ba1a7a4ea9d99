// Blocking (spec 002 §6, §8 "Blocking confirmations"): a block acts as the current blog. Two
// confirmations, word for word: blocking a blog, and blocking a message sender. Cancelling
// rejects quietly (nothing is sent, nothing is said).
import { useCallback } from 'react';
import { useApi } from '../../api/ApiProvider';
import type { ApiClient } from '../../api/client';
import type { BlockAnswer } from '../../api/types/BlockAnswer';
import type { BlockForm } from '../../api/types/BlockForm';
import { useDialogs } from '../dialogs';

/** Spec 002 §8: the confirmation before blocking a blog. */
export function blockBlogText(blog: string, currentBlog: string): string {
  return `Are you sure you want to block ${blog} from ${currentBlog}? They won't be able to follow ${currentBlog}, send ${currentBlog} messages, see ${currentBlog} in search results, or interact with any of ${currentBlog}'s posts.`;
}

/** Spec 002 §8: the confirmation before blocking a message sender. */
export const BLOCK_SENDER_TEXT =
  "Block messages from this sender? Any further messages sent from their IP address will be blocked from your inbox. This can't be undone, by the way.";

/** POST /svc/block/add: `blocker` (one of yours) blocks `blocked`. */
export function blockBlog(api: ApiClient, blocker: string, blocked: string): Promise<BlockAnswer> {
  return api.post<BlockAnswer, BlockForm>('/svc/block/add', { tumblelog: blocker, blocked_tumblelog: blocked });
}

/** POST /svc/block/remove: `blocker` (one of yours) no longer blocks `blocked`. */
export function unblockBlog(api: ApiClient, blocker: string, blocked: string): Promise<BlockAnswer> {
  return api.post<BlockAnswer, BlockForm>('/svc/block/remove', { tumblelog: blocker, blocked_tumblelog: blocked });
}

export interface Blocking {
  /** Asks with the blog confirmation, then blocks; false when the user said Nevermind. */
  confirmBlockBlog(blocker: string, blocked: string): Promise<boolean>;
  /** Asks with the message-sender confirmation, then blocks; false when cancelled. */
  confirmBlockSender(blocker: string, sender: string): Promise<boolean>;
}

export function useBlocking(): Blocking {
  const api = useApi();
  const dialogs = useDialogs();
  const confirmBlockBlog = useCallback(
    async (blocker: string, blocked: string) => {
      const sure = await dialogs.confirm(blockBlogText(blocked, blocker), { ok: 'Block', cancel: 'Nevermind' });
      if (!sure) return false;
      await blockBlog(api, blocker, blocked);
      return true;
    },
    [api, dialogs],
  );
  const confirmBlockSender = useCallback(
    async (blocker: string, sender: string) => {
      const sure = await dialogs.confirm(BLOCK_SENDER_TEXT, { ok: 'Block', cancel: 'Nevermind' });
      if (!sure) return false;
      await blockBlog(api, blocker, sender);
      return true;
    },
    [api, dialogs],
  );
  return { confirmBlockBlog, confirmBlockSender };
}
