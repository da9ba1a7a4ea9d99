// The sticky header (spec 000 §4 Mobile drawer, §9): once the page is scrolled past 45 px
// and has stayed there 500 ms, the header sticks to the top of the viewport. While stuck it
// gets out of the way as the reader scrolls down and comes back as soon as they scroll up.
import { useEffect, useState } from 'react';
import { useDelayedFlag } from '../../lib/useDelayedFlag';
import { STICKY_DELAY_MS, STICKY_THRESHOLD_PX } from './constants';

interface ScrollState {
  /** Scrolled further down than the threshold. */
  past: boolean;
  /** The last scroll went down. */
  goingDown: boolean;
}

/** Where the page is scrolled, told only when one of the answers changes. */
function useScrollState(enabled: boolean): ScrollState {
  const [state, setState] = useState<ScrollState>({ past: false, goingDown: false });
  useEffect(() => {
    if (!enabled) {
      setState({ past: false, goingDown: false });
      return;
    }
    let lastY = window.scrollY;
    const update = () => {
      const y = window.scrollY;
      const goingDown = y === lastY ? null : y > lastY;
      lastY = y;
      setState((prev) => {
        const next = { past: y > STICKY_THRESHOLD_PX, goingDown: goingDown ?? prev.goingDown };
        return next.past === prev.past && next.goingDown === prev.goingDown ? prev : next;
      });
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [enabled]);
  return state;
}

export interface StickyHeader {
  /** The header is stuck to the top of the viewport. */
  sticky: boolean;
  /** …and slid out of view, because the reader is scrolling down. */
  hidden: boolean;
}

/** The sticky header's state; nothing sticks while `enabled` (the flag) is off. */
export function useStickyHeader(enabled: boolean): StickyHeader {
  const { past, goingDown } = useScrollState(enabled);
  const sticky = useDelayedFlag(enabled && past, STICKY_DELAY_MS);
  return { sticky, hidden: sticky && goingDown };
}
