// The session: who is logged in, loaded once from /svc/user/info and kept in an immer reducer.
// Also the one place that hands each new form key to the API client.
import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  type ReactNode,
} from 'react';
import { errorDetails } from '../../api/client';
import * as endpoints from '../../api/endpoints';
import type { UnreadCounts, User, UserInfo } from '../../api/models';
import { useApi } from '../../api/ApiProvider';
import { shouldSaveOrder } from '../../lib/order';
import { initialSessionState, sessionReducer, type SessionState } from './sessionReducer';

export interface Session extends SessionState {
  isLoggedIn: boolean;
  /** Loads /svc/user/info again. */
  refresh(): Promise<void>;
  /** Takes a user model the server answered with (login, register, new blog, current blog). */
  applyUserInfo(info: UserInfo): void;
  /**
   * Saves a new blog order: the user model changes at once, POST /order follows, and the old
   * order comes back if the call fails (the error is rethrown for the caller to show).
   */
  reorderBlogs(names: string[]): Promise<void>;
  /** Marks the tour guide seen, locally and on the server. */
  markSeenAtg(): void;
  setFriendCount(count: number): void;
  /** The user's likes, as a like or unlike answered (the account menu's Likes count). */
  setLikedCount(count: number): void;
  /** Live unread counts from the `unread` channel: badges of the header and blog rows. */
  applyUnreadCounts(counts: UnreadCounts): void;
  /** Makes one of the user's blogs the current one (the blog the user acts as). */
  chooseCurrentBlog(name: string): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({
  children,
  initialUser,
}: {
  children: ReactNode;
  /** Tests can start from a known user instead of loading one. */
  initialUser?: User | null;
}) {
  const api = useApi();
  const [state, dispatch] = useReducer(
    sessionReducer,
    initialUser === undefined
      ? initialSessionState
      : { ...initialSessionState, status: 'ready', user: initialUser },
  );
  // reorderBlogs reads the latest order without being recreated on every change.
  const stateRef = useRef(state);
  stateRef.current = state;

  const applyUserInfo = useCallback(
    (info: UserInfo) => {
      api.setFormKey(info.formKey);
      dispatch({ type: 'loaded', user: info.user });
    },
    [api],
  );

  // Loaded once per page, and again only when asked (refresh): the reducer keeps the user
  // current meanwhile (login, a new blog, the current blog). Tests start from a known user.
  const userInfo = useQuery({
    queryKey: ['userInfo'],
    queryFn: () => endpoints.fetchUserInfo(api),
    enabled: initialUser === undefined,
    staleTime: Infinity,
  });
  // Each answer is applied, even one the same as an earlier answer (the reducer may have
  // moved on since: a login after a visitor's load); a failure after the retries is recorded.
  const { data: info, dataUpdatedAt, error: loadFailure, errorUpdatedAt, refetch } = userInfo;
  useEffect(() => {
    if (info) applyUserInfo(info);
  }, [info, dataUpdatedAt, applyUserInfo]);
  useEffect(() => {
    if (loadFailure) dispatch({ type: 'loadFailed', error: errorDetails(loadFailure).join(' ') });
  }, [loadFailure, errorUpdatedAt]);
  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);

  const reorderBlogs = useCallback(
    async (names: string[]) => {
      const { user, blogsReordered } = stateRef.current;
      if (!user) return;
      const previous = user.blogs.map((b) => b.name);
      if (!shouldSaveOrder(previous, names)) {
        // Nothing to save (spec 000 §5), but the user did reorder: the list now shows the
        // saved order as it is instead of lifting the current blog first.
        if (names.length > 1) dispatch({ type: 'blogsOrdered', names, reordered: true });
        return;
      }
      dispatch({ type: 'blogsOrdered', names, reordered: true });
      try {
        await endpoints.saveBlogOrder(api, names);
      } catch (err) {
        dispatch({ type: 'blogsOrdered', names: previous, reordered: blogsReordered });
        throw err;
      }
    },
    [api],
  );

  const markSeenAtg = useCallback(() => {
    dispatch({ type: 'seenAtgSet' });
    // Spec 000 §7: the answer is not shown; a failure only means the tour shows again later.
    endpoints.setSeenAtg(api).catch((err: unknown) => {
      console.warn('set_seen_atg failed', err);
    });
  }, [api]);

  const setFriendCount = useCallback((count: number) => {
    dispatch({ type: 'friendCountSet', count });
  }, []);

  const setLikedCount = useCallback((count: number) => {
    dispatch({ type: 'likedCountSet', count });
  }, []);

  const applyUnreadCounts = useCallback((counts: UnreadCounts) => {
    dispatch({ type: 'unreadCountsReceived', counts });
  }, []);

  const chooseCurrentBlog = useCallback(
    async (name: string) => {
      applyUserInfo(await endpoints.setCurrentBlog(api, name));
    },
    [api, applyUserInfo],
  );

  const value = useMemo<Session>(
    () => ({
      ...state,
      isLoggedIn: state.user !== null,
      refresh,
      applyUserInfo,
      reorderBlogs,
      markSeenAtg,
      setFriendCount,
      setLikedCount,
      applyUnreadCounts,
      chooseCurrentBlog,
    }),
    [
      state,
      refresh,
      applyUserInfo,
      reorderBlogs,
      markSeenAtg,
      setFriendCount,
      setLikedCount,
      applyUnreadCounts,
      chooseCurrentBlog,
    ],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() must be used inside <SessionProvider>');
  return session;
}

/** The logged-in user; for components that only render for logged-in users. */
export function useUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useUser() needs a logged-in user');
  return user;
}
