// A page's posts, live: its pages through the query cache (the first, then the next one
// `after` the last post read as the reader scrolls), and in the list's reducer what changed
// since: the posts the composer saves while the page is open (spec 001 §4 After save), and what
// its blogs' `posts:{blog}` channels say: an edited post is fetched again in place, a removed
// one goes, and new ones wait behind "N new posts" until the reader asks for them, so the page
// never moves under the reader. A blog the user blocks takes its posts off every page but its
// own at once (spec 002 §6); unblocked, what was read of them shows again.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useReducer } from 'react';
import { useApi } from '../../api/ApiProvider';
import { ApiError, type ApiClient } from '../../api/client';
import {
  fetchIndashBlogPosts,
  fetchNoteCounts,
  fetchPostPage,
  MAX_NOTE_COUNTS,
  POST_PAGE_SIZE,
  type PageCursor,
  type PostPageRoot,
} from '../../api/postEndpoints';
import type { Post } from '../../api/postModels';
import { loadError } from '../../api/queryClient';
import { useBlockedBlogs } from '../blocking';
import { useChannels, usePollingFallback, type ChannelName } from '../../api/realtime';
import { belongsOn, contextPageOf, isNewestFirst, pageKey } from './postPages';
import { initialPostListState, postListReducer, shownPosts } from './postListReducer';
import { useChangedPosts, useRemovedPosts, useSavedPosts } from './savedPosts';

/**
 * How often a live page looks for new posts while its socket is down. The spec names the
 * inbox's 30 s for messaging's fallback (000 §9) and nothing for posts: the same here.
 */
export const POSTS_POLL_MS = 30_000;

/** What the page shows. */
export interface PostListView {
  posts: Post[];
  /** The first page: loading, shown, or failed (then `error` says why). */
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  loadingMore: boolean;
  /** Why the last further page failed; the list offers to try again. */
  moreError: string | null;
  /** False once a page came back short: nothing further down. */
  hasMore: boolean;
}

export interface PostList {
  state: PostListView;
  /** Posts that went out on the page's blogs since it loaded, not shown yet. */
  newCount: number;
  /** Puts the new posts in at the top. */
  showNewer(): Promise<void>;
  /** The next page, unless one is on its way or there is none. */
  loadMore(): void;
  /** The first page again, after it failed. */
  retry(): void;
}

/**
 * Every post above `firstId` on a newest-first page, in page order. A page holds 10, so a
 * full answer may not be all of them: ask again above the newest one until a short page.
 */
async function fetchAllNewer(api: ApiClient, page: PostPageRoot, first: Post): Promise<Post[]> {
  const newer: Post[] = [];
  let above = first;
  for (;;) {
    const posts = await fetchPostPage(api, page, 'before', above);
    newer.unshift(...posts);
    if (posts.length < POST_PAGE_SIZE) return newer;
    above = posts[0];
  }
}

export function usePostList(page: PostPageRoot, liveChannels: readonly ChannelName[] = []): PostList {
  const api = useApi();
  const [live, dispatch] = useReducer(postListReducer, initialPostListState);
  // This list's own pages, as the reducer is its own: a page opened again (or listed again
  // with a new React key, after a pin or a save in queue context) starts afresh from its
  // first page. The page goes in as its key: a caller building a new object each render
  // must not refetch.
  const instance = useId();
  const listKey = ['postList', pageKey(page), instance];
  const newestFirst = isNewestFirst(page);

  const pages = useInfiniteQuery({
    queryKey: listKey,
    initialPageParam: undefined as PageCursor | undefined,
    queryFn: ({ pageParam: after }) => fetchPostPage(api, page, 'after', after),
    // A full page may have more after it, from its last post.
    getNextPageParam: (last) => (last.length >= POST_PAGE_SIZE ? last.at(-1) : undefined),
    // The reducer keeps the pages current: they are never read again behind the reader's
    // back (the page would move), and go when the list does.
    staleTime: Infinity,
    gcTime: 0,
  });
  const posts = useMemo(() => shownPosts(pages.data?.pages ?? [], live), [pages.data, live]);
  const ready = pages.data !== undefined;
  const first = posts[0];

  /**
   * The posts that came onto the page since it was loaded, put in at the right end. Like the
   * other fetches that follow a save or an event, it asks afresh each time (not through the
   * cache): an ask made just after a second save must not share the answer to the first.
   */
  const insertNewer = async () => {
    if (newestFirst) {
      const asked = live.pending.map((p) => p.id);
      if (first) {
        const newer = await fetchAllNewer(api, page, first);
        dispatch({ type: 'newerLoaded', posts: newer, at: 'top' });
      } else {
        // An empty page's start is its first page: all there is to show.
        await pages.refetch({ throwOnError: true });
      }
      dispatch({ type: 'pendingAnswered', asked });
      return;
    }
    // Oldest first: new posts are at the very end. While pages remain to be scrolled to,
    // the new post is further down than those and arrives with them.
    if (pages.hasNextPage) return;
    const newer = await fetchPostPage(api, page, 'after', posts.at(-1));
    dispatch({ type: 'newerLoaded', posts: newer, at: 'bottom' });
  };

  useSavedPosts((saved) => {
    if (!ready) return; // the first page, still on its way, will have it
    const belongs = belongsOn(page, saved);
    const shown = posts.some((p) => p.id === saved.post.id);
    if (shown) {
      dispatch({ type: 'postSaved', post: saved.post, belongs });
    } else if (belongs) {
      // Spec 001 §8: a failure here is logged, with no message for the user.
      insertNewer().catch((err: unknown) =>
        console.warn('Failed loading dashboard HTML after successful post submission.', err),
      );
    }
  });

  // A fresh subscription hears only what comes after it: posts that went out between the
  // first page's load and the subscription are looked for over HTTP (and, while the socket is
  // down, every so often instead). Each ask is its own look, keyed by its number: a dashboard
  // confirms many channels in one go and they share one look; an ask while a look is on its
  // way starts another, since that one may have read the page before what this ask is about
  // went out. An ask before the first page arrived looks once it is in.
  const lookForMissed = useCallback(() => dispatch({ type: 'lookRequested' }), []);
  const missed = useQuery({
    queryKey: [...listKey, 'missed', live.looks],
    queryFn: () =>
      fetchAllNewer(api, page, first!).catch((err: unknown) => {
        console.warn('Looking for posts missed before subscribing failed.', err);
        throw err;
      }),
    enabled: live.looks > 0 && first !== undefined && newestFirst,
    staleTime: Infinity,
    gcTime: 0,
  });
  useEffect(() => {
    if (!missed.data) return;
    dispatch({ type: 'postsAnnounced', posts: missed.data.map((p) => ({ id: p.id, blog: p.blogName })) });
  }, [missed.data]);

  useChannels(liveChannels, (frame) => {
    if (frame.event !== 'post' || !ready) return;
    const { id, blog, action } = frame.data;
    const shown = posts.some((p) => p.id === id);
    if (action === 'created') {
      if (!shown && newestFirst) dispatch({ type: 'postsAnnounced', posts: [{ id, blog }] });
    } else if (action === 'deleted') {
      // Gone for the blog's readers: deleted, or taken back to the drafts, the queue or private.
      // The owner's own blog page lists her private posts too, so there it is read again: a
      // post made private stays, as it now is, and one deleted (404) goes.
      const owned = page.root === 'blog' && posts.some((p) => p.id === id && p.isMine);
      if (!owned) {
        dispatch({ type: 'postRemoved', id });
        return;
      }
      fetchIndashBlogPosts(api, blog, { postId: id })
        .then(({ posts: [post] }) => {
          if (!post) dispatch({ type: 'postRemoved', id });
          else dispatch({ type: 'postSaved', post, belongs: belongsOn(page, { post, contextPage: contextPageOf(post.state), created: false }) });
        })
        .catch((err: unknown) => {
          if (err instanceof ApiError && err.status === 404) dispatch({ type: 'postRemoved', id });
        });
    } else if (shown) {
      fetchIndashBlogPosts(api, blog, { postId: id })
        .then(({ posts: [post] }) => post && dispatch({ type: 'postSaved', post, belongs: true }))
        .catch((err: unknown) => {
          // No longer there for this reader: off the page, as a removal would be.
          if (err instanceof ApiError && err.status === 404) dispatch({ type: 'postRemoved', id });
        });
    }
  }, lookForMissed);

  // While the socket is down, the notes:{root_id} channels are silent too: the shown posts'
  // note counts are asked for at the same pace, in one call.
  usePollingFallback(
    async () => {
      const ids = posts.map((p) => p.id).slice(0, MAX_NOTE_COUNTS);
      if (ids.length === 0) return;
      dispatch({ type: 'noteCountsPolled', counts: await fetchNoteCounts(api, ids) });
    },
    POSTS_POLL_MS,
    { enabled: ready && posts.length > 0, resetKey: pageKey(page) },
  );

  // While the socket is down, a live page looks for new posts every so often instead; once it
  // is back, the channels resume from what they saw and this stops.
  usePollingFallback(async () => lookForMissed(), POSTS_POLL_MS, {
    enabled: liveChannels.length > 0 && ready && newestFirst,
    resetKey: pageKey(page),
  });

  useRemovedPosts((id) => dispatch({ type: 'postRemoved', id }));
  // The blocked blog's own page still lists its posts: that is what the reader opened.
  useBlockedBlogs(
    (name) => {
      if (!(page.root === 'blog' && page.blog === name)) dispatch({ type: 'blogBlocked', name });
    },
    // Not on the dashboard: the block ended the follow, which the unblock does not bring back,
    // so the server lists the blog's posts there no more.
    (name) => {
      if (page.root !== 'dashboard') dispatch({ type: 'blogUnblocked', name });
    },
  );
  // Changed by an action that keeps it where it is: in place, as an edit that still belongs.
  useChangedPosts((post) => {
    if (posts.some((p) => p.id === post.id)) dispatch({ type: 'postSaved', post, belongs: true });
  });

  const { fetchNextPage, refetch, hasNextPage } = pages;
  // Joins a page already on its way: two scroll checks before the next render ask once.
  const loadMore = useCallback(() => {
    if (ready && hasNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [ready, hasNextPage, fetchNextPage]);
  const retry = useCallback(() => void refetch(), [refetch]);

  const error = loadError(pages);
  const state: PostListView = {
    posts,
    status: ready ? 'ready' : error !== null ? 'error' : 'loading',
    error,
    loadingMore: pages.isFetchingNextPage,
    moreError: pages.isFetchNextPageError ? error : null,
    hasMore: hasNextPage,
  };
  // Counted against what is shown now, so a post that just came in is never counted twice.
  const newCount = live.pending.filter(({ id }) => !posts.some((p) => p.id === id)).length;
  return {
    state,
    newCount,
    showNewer: insertNewer,
    loadMore,
    retry,
  };
}
