// The blogs the app has seen, keyed by name, shared by every card and menu so that a follow in
// one place shows everywhere; plus the hooks that load a blog and follow or unfollow it.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useState,
  type Dispatch,
  type ReactNode,
} from 'react';
import { useLocation } from 'wouter';
import { useApi } from '../../api/ApiProvider';
import { errorDetails, type ApiClient } from '../../api/client';
import * as endpoints from '../../api/endpoints';
import type { Blog } from '../../api/models';
import { sprintf } from '../../lib/format';
import { useDialogs } from '../dialogs';
import { useSession } from '../session';
import { blogsReducer, initialBlogsState, type BlogsAction, type BlogsState } from './blogsReducer';

interface BlogStore {
  state: BlogsState;
  dispatch: Dispatch<BlogsAction>;
}

const BlogStoreContext = createContext<BlogStore | null>(null);

export function BlogStoreProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(blogsReducer, initialBlogsState);
  const store = useMemo(() => ({ state, dispatch }), [state]);
  return <BlogStoreContext.Provider value={store}>{children}</BlogStoreContext.Provider>;
}

export function useBlogStore(): BlogStore {
  const store = useContext(BlogStoreContext);
  if (!store) throw new Error('useBlogStore() must be used inside <BlogStoreProvider>');
  return store;
}

export interface BlogLoad {
  blog: Blog | undefined;
  loading: boolean;
  error: string | null;
  reload(): void;
}

/**
 * One blog with its follower and activity data. Loads it with GET /svc/data/tumblelog unless
 * the store already has it (or `enabled` is false, for a row that is still closed).
 * `refresh` loads it once even when the store has it (a blog page wants fresh counts).
 */
export function useBlogData(
  name: string,
  {
    enabled = true,
    notifications = false,
    refresh = false,
  }: { enabled?: boolean; notifications?: boolean; refresh?: boolean } = {},
): BlogLoad {
  const api = useApi();
  const { state, dispatch } = useBlogStore();
  const { user } = useSession();
  const owner = user?.blogs.some((b) => b.name === name) ?? false;
  const blog = state.byName[name];
  const [attempt, setAttempt] = useState(0);
  // Which load (name, options, attempt) last finished, and how.
  const key = `${name}|${owner}|${notifications}|${attempt}`;
  const [settled, setSettled] = useState<{ key: string; error: string | null } | null>(null);
  // Only the owner gets notifications, so only the owner can be missing them.
  const missing = blog === undefined || (owner && notifications && blog.notifications === undefined);
  const wanted = enabled && (missing || refresh);

  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    endpoints
      .fetchBlogData(api, name, { owner, notifications })
      .then((loaded) => {
        if (cancelled) return;
        dispatch({ type: 'received', blogs: [loaded] });
        setSettled({ key, error: null });
      })
      .catch((err: unknown) => {
        if (!cancelled) setSettled({ key, error: errorDetails(err).join(' ') });
      });
    return () => {
      cancelled = true;
    };
    // `wanted` turning false because the blog arrived must not cancel or restart the load,
    // so the effect keys on what identifies a load instead.
  }, [api, key, enabled, dispatch]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const done = settled?.key === key;
  return {
    blog,
    loading: wanted && !done,
    error: done ? settled.error : null,
    reload,
  };
}

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
  const { dispatch } = useBlogStore();
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

export interface BlogList {
  names: string[];
  loading: boolean;
  error: string | null;
  reload(): void;
}

/** Loads a list of blogs (explore, following) into the store and keeps their order. */
export function useBlogList(load: (api: ApiClient) => Promise<Blog[]>): BlogList {
  const api = useApi();
  const { dispatch } = useBlogStore();
  const [names, setNames] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setError(null);
    load(api)
      .then((blogs) => {
        if (cancelled) return;
        dispatch({ type: 'received', blogs });
        setNames(blogs.map((b) => b.name));
      })
      .catch((err: unknown) => {
        if (!cancelled) setError(errorDetails(err).join(' '));
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [api, dispatch, load, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { names, loading, error, reload };
}
