// Spec 000's autopager for the blog viewer's posts (§9 Blog viewer: throttle 500 ms; the
// infinite-scroll rule: within 175 px of the end, plus two thirds of the view).
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { BlogViewerPosts } from './useBlogViewerPosts';

/** Spec 000 §9 Blog viewer: the autopager's throttle. */
export const AUTOPAGER_THROTTLE_MS = 500;
/** The infinite-scroll rule of spec 000 §9: within 175 px of the end, plus two thirds of the view. */
const PAGER_OFFSET = 175;

/**
 * Loads the next page of `posts` when `scroller` nears its end; off while `enabled` is false
 * (the search's results are listed). Returns the check to run on each scroll.
 */
export function useAutopager(scroller: RefObject<HTMLElement | null>, posts: BlogViewerPosts, enabled: boolean): () => void {
  const { hasMore, loading, loadMore } = posts;
  const lastCheck = useRef(0);
  const trailingCheck = useRef<ReturnType<typeof setTimeout> | null>(null);
  const checkPager = useCallback(
    (force = false) => {
      const el = scroller.current;
      if (!el || !enabled || !hasMore || loading) return;
      const wait = lastCheck.current + AUTOPAGER_THROTTLE_MS - Date.now();
      if (!force && wait > 0) {
        // Throttled, not dropped: where the scrolling stops is checked when the time is up.
        trailingCheck.current ??= setTimeout(() => {
          trailingCheck.current = null;
          checkPagerNow.current();
        }, wait);
        return;
      }
      lastCheck.current = Date.now();
      const remaining = el.scrollHeight - el.scrollTop - el.clientHeight;
      if (remaining < PAGER_OFFSET + (el.clientHeight * 2) / 3) loadMore();
    },
    [scroller, enabled, hasMore, loading, loadMore],
  );
  // The trailing check runs the newest checkPager, with the state of its own time.
  const checkPagerNow = useRef(() => checkPager(true));
  checkPagerNow.current = () => checkPager(true);
  useEffect(
    () => () => {
      if (trailingCheck.current) clearTimeout(trailingCheck.current);
    },
    [],
  );
  // A page that does not fill the drawer asks for the next one at once.
  useEffect(() => checkPager(true), [posts.posts.length, checkPager]);
  return useCallback(() => checkPager(), [checkPager]);
}
