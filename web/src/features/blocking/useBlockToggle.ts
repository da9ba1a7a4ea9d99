import { useCallback } from 'react';
import type { Blog } from '../../api/models';
import { useSession } from '../session';
import { useBlocking } from './useBlocking';

/** What a press of Block or Unblock came to: 'kept' when the user said Nevermind. */
export type BlockToggleOutcome = 'blocked' | 'unblocked' | 'kept';

export interface BlockToggle {
  /** The acting blog blocks it: the button reads Unblock. */
  blocked: boolean;
  /** Unblocks, or blocks after the confirmation; rejects with the call's error. */
  toggle(): Promise<BlockToggleOutcome>;
}

/**
 * Block and Unblock of one blog as the user's acting blog (spec 002 §6): the one button the
 * blog card's menu and the blog viewer's toolbar both offer. It reads the blog's `ignoring`
 * from the blog store, which the block sets, so that both read the same. None for a visitor
 * or the user's own blog.
 */
export function useBlockToggle(blog: Blog): BlockToggle | null {
  const { user } = useSession();
  const blocking = useBlocking();
  const acting = user?.currentBlog;
  const { name, ignoring } = blog;
  const toggle = useCallback(async (): Promise<BlockToggleOutcome> => {
    if (!acting) return 'kept';
    if (ignoring) {
      await blocking.unblockBlog(acting, name);
      return 'unblocked';
    }
    return (await blocking.confirmBlockBlog(acting, name)) ? 'blocked' : 'kept';
  }, [acting, blocking, ignoring, name]);
  if (!user || blog.isMine) return null;
  return { blocked: ignoring, toggle };
}
