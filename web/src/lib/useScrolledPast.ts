import { useCallback, useSyncExternalStore } from 'react';

const subscribeToScroll = (onChange: () => void) => {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
};

/**
 * True while the page is scrolled `px` or more down. Re-renders only when that answer
 * changes, not on every scroll event.
 */
export function useScrolledPast(px: number): boolean {
  const snapshot = useCallback(() => window.scrollY >= px, [px]);
  return useSyncExternalStore(subscribeToScroll, snapshot);
}
