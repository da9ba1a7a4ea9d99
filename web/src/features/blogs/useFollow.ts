import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { useApi } from '../../api/ApiProvider';
import { errorDetails } from '../../api/client';
import * as endpoints from '../../api/endpoints';
import type { Blog } from '../../api/models';
import { sprintf } from '../../lib/format';
import { useDialogs } from '../dialogs';
import { useSession } from '../session';
import { useBlogsDispatch } from './blogStore';

/** Spec 000 §8, with the blog name for %1$s. */
export const UNFOLLOW_CONFIRM = 'Are you sure you want to unfollow %1$s?';

export interface FollowControl {
  following: boolean;
  pending: boolean;
  error: string | null;
  follow(): Promise<void>;
  unfollow(): Promise<void>;
}

/**
 * Follow and unfollow one blog (spec 002 §4): the state flips before the call and flips back
 * if the call fails. Unfollowing asks first; a visitor is sent to /follow/{name}.
 */
export function useFollow(blog: Blog, { confirmUnfollow = true } = {}): FollowControl {
  const api = useApi();
  const dispatch = useBlogsDispatch();
  const { isLoggedIn, setFriendCount } = useSession();
  const dialogs = useDialogs();
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { name } = blog;

  const send = useCallback(
    async (following: boolean) => {
      setPending(true);
      setError(null);
      dispatch({ type: 'followingSet', name, following });
      try {
        const result = await endpoints.followBlog(api, name, following);
        dispatch({ type: 'received', blogs: [result.blog] });
        setFriendCount(result.friendCount);
      } catch (err) {
        dispatch({ type: 'followingSet', name, following: !following });
        setError(errorDetails(err).join(' '));
      } finally {
        setPending(false);
      }
    },
    [api, dispatch, name, setFriendCount],
  );

  const follow = useCallback(async () => {
    if (!isLoggedIn) {
      navigate(`/follow/${encodeURIComponent(name)}`);
      return;
    }
    if (blog.following) return; // sent only when it differs (spec 002 §4)
    await send(true);
  }, [isLoggedIn, navigate, name, blog.following, send]);

  const unfollow = useCallback(async () => {
    if (!blog.following) return;
    if (confirmUnfollow) {
      const ok = await dialogs.confirm(sprintf(UNFOLLOW_CONFIRM, name), {
        ok: 'Ok',
        cancel: 'Nevermind',
      });
      if (!ok) return;
    }
    await send(false);
  }, [blog.following, confirmUnfollow, dialogs, name, send]);

  return { following: blog.following, pending, error, follow, unfollow };
}
