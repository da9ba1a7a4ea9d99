// The infinite-scroll helper of spec 000 §9 for pages that scroll as a whole (the dashboard,
// a blog's posts): the next page is asked for when less than 175 px is left below the
// window plus a buffer of two thirds of the window's height (so the next page is on its way
// before the reader reaches the end), checked at most every 200 ms while scrolling.
// (Messaging's lists scroll inside a popover and have their own,
// features/messaging/inbox/useInfiniteScroll.ts.)
import { useEffect, useRef } from 'react';
import { throttle } from '../../lib/throttle';
import {
  INFINITE_SCROLL_BUFFER_OF_WINDOW,
  INFINITE_SCROLL_OFFSET_PX,
  INFINITE_SCROLL_THROTTLE_MS,
} from './constants';

/** How much of the page is left below the window and its read-ahead buffer, in px. */
function remainingBelow(): number {
  const page = document.documentElement;
  const buffer = window.innerHeight * INFINITE_SCROLL_BUFFER_OF_WINDOW;
  return page.scrollHeight - (window.scrollY + window.innerHeight + buffer);
}

/**
 * Calls `onLoadMore` while `enabled` and the page is scrolled to within 175 px (plus the
 * buffer) of its end.
 * Also checks whenever `enabled` or `contentKey` changes (a page arrived), so a first page
 * too short to scroll still leads to the next one.
 */
export function useWindowInfiniteScroll({
  enabled,
  contentKey,
  onLoadMore,
}: {
  enabled: boolean;
  contentKey: unknown;
  onLoadMore(): void;
}): void {
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;

  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      if (remainingBelow() < INFINITE_SCROLL_OFFSET_PX) latest.current();
    };
    // Throttled: at once, then at most once per 200 ms, the last scroll always checked.
    const onScroll = throttle(check, INFINITE_SCROLL_THROTTLE_MS);
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      onScroll.cancel();
    };
  }, [enabled, contentKey]);
}
