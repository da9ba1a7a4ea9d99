// The photo set editor's numbers (spec 000 §9 Photoset) and what they mean for dragging with
// dnd-kit. 001 §9's photoset width 540 and padding 2 are the reader's (features/posts).
import type { AutoScrollOptions } from '@dnd-kit/core';

/** The editor is 500 px wide, with 5 px between photos; at most 3 photos a row (000 §3). */
export const PHOTOSET_EDITOR_WIDTH = 500;
export const PHOTOSET_EDITOR_PADDING = 5;
/** A photo alone in its row fills it only if it is at least this wide; a smaller one keeps its size. */
export const PHOTOSET_MIN_FULL_WIDTH = 300;
/** Photos slide to their new places in 150 ms; the set stays locked that long after a drop. */
export const PHOTOSET_ANIMATION_MS = 150;
/** The ghost that follows the pointer: the photo 100 px wide, at most 120 px tall. */
export const PHOTOSET_GHOST_WIDTH = 100;
export const PHOTOSET_GHOST_MAX_HEIGHT = 120;
/** A drag starts once the pointer slid 20 px, so that a click stays a click. */
export const PHOTOSET_DRAG_SLIDE_PX = 20;
/** Near an edge of the scrolling view (100 px) the view scrolls, a step every 50 ms. */
export const PHOTOSET_SCROLL_ZONE_PX = 100;
export const PHOTOSET_SCROLL_INTERVAL_MS = 50;

/** The columns of the editor's grid: a row of n photos gives each 6 / n of them. */
export const PHOTOSET_GRID_COLUMNS = 6;

/** §4: still, being dragged, or locked while the photos settle after a drop. */
export type PhotosetDragState = 'idle' | 'dragging' | 'locked';

/**
 * dnd-kit's auto-scroll for the zone of 100 px. Its threshold is a share of the scrolling
 * view's height, not pixels: the share that 100 px is of the window (the composer's view
 * fills most of it), at most half.
 */
export function photosetAutoScroll(viewHeight: number): AutoScrollOptions {
  const share = viewHeight > 0 ? Math.min(0.5, PHOTOSET_SCROLL_ZONE_PX / viewHeight) : 0.2;
  return { threshold: { x: 0, y: share }, interval: PHOTOSET_SCROLL_INTERVAL_MS };
}
