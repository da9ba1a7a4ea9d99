// The infinite-scroll rule of spec 002 §9 (Scrollbar) for spec 002's paged screens: the next
// page is asked for once the bottom of the view is past 90 % of what there is to scroll,
// checked when scrolling has paused for 150 ms. It serves the whole page (the archive) or an
// element that scrolls on its own (the blog viewer's search results, in the drawer).
// (Spec 000's screens page by its own rule, useWindowInfiniteScroll.ts.)
import { useEffect, useRef, type RefObject } from 'react';
import { SCROLLED_PAST_DEBOUNCE_MS, SCROLLED_PAST_FRACTION } from './constants';

/** The bottom of the view is past 90 % of the scrollable height: always, for content too short to scroll. */
function scrolledPast(scroller: HTMLElement | null): boolean {
  const [top, view, height] = scroller
    ? [scroller.scrollTop, scroller.clientHeight, scroller.scrollHeight]
    : [window.scrollY, window.innerHeight, document.documentElement.scrollHeight];
  return top + view >= SCROLLED_PAST_FRACTION * height;
}

/**
 * Calls `onLoadMore` while `enabled` (false while a page is on its way, after the last one, or
 * after a failure) once `scroller` — the window without one — has been scrolled past 90 % and
 * then left for 150 ms (trailing debounce: a burst of scroll events asks once, after the last).
 * Also checks at once whenever `enabled` or `contentKey` changes (a page arrived), so a page
 * too short to scroll still leads to the next one.
 */
export function usePercentScrollPager({
  enabled,
  contentKey,
  onLoadMore,
  scroller,
}: {
  enabled: boolean;
  contentKey: unknown;
  onLoadMore(): void;
  /** The element that scrolls; the window when absent. */
  scroller?: RefObject<HTMLElement | null>;
}): void {
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;

  useEffect(() => {
    if (!enabled) return;
    const el = scroller?.current ?? null;
    // A scroller not in the page (yet): nothing to watch.
    if (scroller && !el) return;
    const check = () => {
      if (scrolledPast(el)) latest.current();
    };
    let pause: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(pause);
      pause = setTimeout(check, SCROLLED_PAST_DEBOUNCE_MS);
    };
    check();
    const target: HTMLElement | Window = el ?? window;
    target.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      target.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      // Disabled (a page on its way) or a new page in: a check still waiting is dropped.
      clearTimeout(pause);
    };
  }, [enabled, contentKey, scroller]);
}
