// A page's posts, live: the first page, the next one `after` the last post shown, the posts
// the composer saves while the page is open (spec 001 §4 After save), and what its blogs'
// `posts:{blog}` channels say: an edited post is fetched again in place, a removed one goes,
// and new ones wait behind "N new posts" until the reader asks for them, so the page never
// moves under the reader.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useApi } from '../../api/ApiProvider';
import { ApiError, errorDetails, type ApiClient } from '../../api/client';
import {
  fetchIndashBlogPosts,
  fetchNoteCounts,
  fetchPostPage,
  MAX_NOTE_COUNTS,
  POST_PAGE_SIZE,
  type PostPageRoot,
} from '../../api/postEndpoints';
import { savedPostFromWire, type Post } from '../../api/postModels';
import { useChannels, usePollingFallback } from '../realtime';
import { belongsOn, isNewestFirst, pageKey } from './postPages';
import { initialPostListState, postListReducer, type PostListState } from './postListReducer';
import { useRemovedPosts, useSavedPosts } from './savedPosts';

/**
 * How often a live page looks for new posts while its socket is down. The spec names the
 * inbox's 30 s for messaging's fallback (000 §9) and nothing for posts: the same here.
 */
export const POSTS_POLL_MS = 30_000;

export interface PostList {
  state: PostListState;
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

export function usePostList(page: PostPageRoot, liveChannels: readonly string[] = []): PostList {
  const api = useApi();
  const [pending, setPending] = useState<number[]>([]);
  const pendingNow = useRef(pending);
  pendingNow.current = pending;
  const [state, dispatch] = useReducer(postListReducer, initialPostListState);
  const stateNow = useRef(state);
  stateNow.current = state;
  const key = pageKey(page);
  // The page as of its key: a caller building a new object each render must not refetch.
  const pageNow = useRef(page);
  pageNow.current = page;
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    dispatch({ type: 'firstPageRequested' });
    fetchPostPage(api, pageNow.current, 'after')
      .then((posts) => {
        if (!cancelled) dispatch({ type: 'firstPageLoaded', posts });
      })
      .catch((err: unknown) => {
        if (!cancelled) dispatch({ type: 'firstPageFailed', error: errorDetails(err).join(' ') });
      });
    return () => {
      cancelled = true;
    };
  }, [api, key, attempt]);

  // Set at once, unlike the state: two scroll checks before the next render ask once.
  const pageInFlight = useRef(false);
  const loadMore = useCallback(() => {
    const { status, hasMore, loadingMore, posts } = stateNow.current;
    if (pageInFlight.current || status !== 'ready' || !hasMore || loadingMore) return;
    const last = posts.at(-1);
    if (!last) return;
    pageInFlight.current = true;
    dispatch({ type: 'moreRequested' });
    fetchPostPage(api, pageNow.current, 'after', last)
      .then((more) => dispatch({ type: 'moreLoaded', posts: more }))
      .catch((err: unknown) => dispatch({ type: 'moreFailed', error: errorDetails(err).join(' ') }))
      .finally(() => {
        pageInFlight.current = false;
      });
  }, [api]);

  /** The posts that came onto the page since it was loaded, put in at the right end. */
  const insertNewer = useCallback(async () => {
    const current = pageNow.current;
    const { posts, hasMore } = stateNow.current;
    if (isNewestFirst(current)) {
      const first = posts[0];
      const asked = pendingNow.current;
      // An empty page's start (`0`) is its first page: all there is to show.
      const newer = first ? await fetchAllNewer(api, current, first) : await fetchPostPage(api, current, 'after');
      if (first) dispatch({ type: 'newerLoaded', posts: newer, at: 'top' });
      else dispatch({ type: 'firstPageLoaded', posts: newer });
      // A post that was waiting but is not among them left this page meanwhile (its blog was
      // unfollowed, it was deleted or made private): it stops counting. One announced while
      // this was on its way stays.
      const found = new Set(newer.map((p) => p.id));
      setPending((ids) => ids.filter((id) => !asked.includes(id) || found.has(id)));
      return;
    }
    // Oldest first: new posts are at the very end. While pages remain to be scrolled to,
    // the new post is further down than those and arrives with them.
    if (hasMore) return;
    const last = posts.at(-1);
    const newer = await fetchPostPage(api, current, 'after', last);
    dispatch({ type: 'newerLoaded', posts: newer, at: 'bottom' });
  }, [api]);

  useSavedPosts((answer) => {
    if (stateNow.current.status !== 'ready') return; // the first page, still on its way, will have it
    const saved = savedPostFromWire(answer);
    const belongs = belongsOn(pageNow.current, saved);
    const shown = stateNow.current.posts.some((p) => p.id === saved.post.id);
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
  // first page's load and the subscription are looked for over HTTP. A dashboard confirms
  // many channels at once; one look covers them all.
  const lookInFlight = useRef(false);
  const lookAgain = useRef(false);
  const confirmedWhileLoading = useRef(false);
  const lookForMissed = useCallback(() => {
    const { status, posts } = stateNow.current;
    // Confirmed before the first page arrived: that page may have been read before a post
    // the subscription will not hear of, so look once it is in.
    if (status === 'loading') confirmedWhileLoading.current = true;
    const first = posts[0];
    if (status !== 'ready' || !first || !isNewestFirst(pageNow.current)) return;
    if (lookInFlight.current) {
      lookAgain.current = true;
      return;
    }
    lookInFlight.current = true;
    fetchAllNewer(api, pageNow.current, first)
      .then((newer) => setPending((ids) => [...new Set([...ids, ...newer.map((p) => p.id)])]))
      .catch((err: unknown) => console.warn('Looking for posts missed before subscribing failed.', err))
      .finally(() => {
        lookInFlight.current = false;
        if (lookAgain.current) {
          lookAgain.current = false;
          lookForMissed();
        }
      });
  }, [api]);

  // A post the page came to show some other way (the composer's save) waits no longer.
  useEffect(() => {
    setPending((ids) => {
      const waiting = ids.filter((id) => !state.posts.some((p) => p.id === id));
      return waiting.length === ids.length ? ids : waiting;
    });
  }, [state.posts]);

  useEffect(() => {
    if (state.status === 'ready' && confirmedWhileLoading.current) {
      confirmedWhileLoading.current = false;
      lookForMissed();
    }
  }, [state.status, lookForMissed]);

  useChannels(liveChannels, (frame) => {
    if (frame.event !== 'post' || stateNow.current.status !== 'ready') return;
    const { id, blog, action } = frame.data;
    const shown = stateNow.current.posts.some((p) => p.id === id);
    if (action === 'created') {
      if (!shown && isNewestFirst(pageNow.current)) setPending((ids) => (ids.includes(id) ? ids : [...ids, id]));
    } else if (action === 'deleted') {
      setPending((ids) => ids.filter((p) => p !== id));
      dispatch({ type: 'postRemoved', id });
    } else if (shown) {
      fetchIndashBlogPosts(api, blog, { postId: id })
        .then(({ posts }) => posts[0] && dispatch({ type: 'postSaved', post: posts[0], belongs: true }))
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
      const ids = stateNow.current.posts.map((p) => p.id).slice(0, MAX_NOTE_COUNTS);
      if (ids.length === 0) return;
      dispatch({ type: 'noteCountsPolled', counts: await fetchNoteCounts(api, ids) });
    },
    POSTS_POLL_MS,
    { enabled: state.status === 'ready' && state.posts.length > 0, resetKey: key },
  );

  // While the socket is down, a live page looks for new posts every so often instead; once it
  // is back, the channels resume from what they saw and this stops.
  usePollingFallback(
    async () => lookForMissed(),
    POSTS_POLL_MS,
    { enabled: liveChannels.length > 0 && state.status === 'ready' && isNewestFirst(page), resetKey: key },
  );

  // The posts it brings in leave `pending` through the effect above; one that went out while
  // they were on their way stays counted.
  const showNewer = useCallback(() => insertNewer(), [insertNewer]);

  useRemovedPosts((id) => dispatch({ type: 'postRemoved', id }));

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Counted against what is shown now, so a post that just came in is never counted twice.
  const newCount = pending.filter((id) => !state.posts.some((p) => p.id === id)).length;
  return { state, loadMore, retry, newCount, showNewer };
}
