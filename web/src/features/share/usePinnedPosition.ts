// Where the share popover stands: under its button, its right edge at the button's, moved
// so that it stays 10 px inside the window (spec 002 §9), above the button when there is no
// room below. It is fixed to the window rather than placed in the post, whose rounded corners
// clip what overflows it; it follows the button as the page or the blog viewer scrolls.
import { useLayoutEffect, type RefObject } from 'react';
import { EDGE_MARGIN_PX } from './shareRules';

/** The gap between the button and the popover. */
const GAP_PX = 8;

export function usePinnedPosition(
  anchorRef: RefObject<HTMLElement | null>,
  ref: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const el = ref.current;
    const anchor = anchorRef.current;
    if (!el || !anchor) return;
    const place = () => {
      const button = anchor.getBoundingClientRect();
      const width = el.offsetWidth;
      const height = el.offsetHeight;
      const viewWidth = document.documentElement.clientWidth || window.innerWidth;
      const viewHeight = window.innerHeight;
      const left = clamp(button.right - width, EDGE_MARGIN_PX, viewWidth - EDGE_MARGIN_PX - width);
      const below = button.bottom + GAP_PX;
      const fitsBelow = below + height <= viewHeight - EDGE_MARGIN_PX;
      const top = fitsBelow ? below : Math.max(EDGE_MARGIN_PX, button.top - GAP_PX - height);
      el.style.left = `${left}px`;
      el.style.top = `${top}px`;
      // An ancestor that is being transformed (the blog viewer sliding in) moves fixed
      // boxes with it: correct by how far the box landed from where it was put.
      const landed = el.getBoundingClientRect();
      if (landed.left !== left) el.style.left = `${2 * left - landed.left}px`;
      if (landed.top !== top) el.style.top = `${2 * top - landed.top}px`;
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    resized?.observe(el);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
      resized?.disconnect();
    };
  }, [anchorRef, ref]);
}

/** `value` within [min, max]; `min` wins when the room is smaller than the box. */
function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}
