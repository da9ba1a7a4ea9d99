// The part of the results box the user can see, for the virtualised grid: read when the box
// appears, then again 250 ms after scrolling stops (spec 000 §9 "Scroll virtualization
// debounce 250 ms"), or at once when the grid itself scrolls (keyboard moves).
import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { SCROLL_DEBOUNCE_MS } from './constants';

/** The box's height before it is laid out (and in tests, where nothing is): its CSS most. */
const UNMEASURED_HEIGHT = 400;

export interface ScrollWindow {
  top: number;
  height: number;
  /** The box's inner width (0 until laid out). */
  width: number;
}

export function useScrollWindow(ref: RefObject<HTMLElement | null>): { view: ScrollWindow; measure(): void } {
  const [view, setView] = useState<ScrollWindow>({ top: 0, height: UNMEASURED_HEIGHT, width: 0 });

  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const next = { top: box.scrollTop, height: box.clientHeight || UNMEASURED_HEIGHT, width: box.clientWidth };
    setView((v) => (v.top === next.top && v.height === next.height && v.width === next.width ? v : next));
  }, [ref]);

  useLayoutEffect(measure, [measure]);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, SCROLL_DEBOUNCE_MS);
    };
    box.addEventListener('scroll', later, { passive: true });
    window.addEventListener('resize', later);
    return () => {
      clearTimeout(timer);
      box.removeEventListener('scroll', later);
      window.removeEventListener('resize', later);
    };
  }, [ref, measure]);

  return { view, measure };
}
