import { useEffect, useRef, type UIEvent } from 'react';
import { INFINITE_SCROLL_THRESHOLD_PX, SCROLL_DISABLED_AFTER_PAGE_MS } from '../constants';

/**
 * An onScroll handler that asks for the next page when the list is scrolled to within 50 px
 * of its end (spec 000 §9), then ignores scrolling for 500 ms after the page arrives, so one
 * fling does not fetch several pages. `edge` is where the next page comes in: the bottom (the
 * inbox's older conversations) or the top (a conversation's older messages).
 */
export function useInfiniteScroll({
  hasMore,
  loading,
  onLoadMore,
  edge = 'bottom',
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore(): void;
  edge?: 'top' | 'bottom';
}): (e: UIEvent<HTMLElement>) => void {
  const disabledUntil = useRef(0);
  const wasLoading = useRef(loading);
  useEffect(() => {
    if (wasLoading.current && !loading) disabledUntil.current = Date.now() + SCROLL_DISABLED_AFTER_PAGE_MS;
    wasLoading.current = loading;
  }, [loading]);

  return (e) => {
    if (!hasMore || loading || Date.now() < disabledUntil.current) return;
    const el = e.currentTarget;
    const left = edge === 'top' ? el.scrollTop : el.scrollHeight - el.scrollTop - el.clientHeight;
    if (left <= INFINITE_SCROLL_THRESHOLD_PX) onLoadMore();
  };
}
