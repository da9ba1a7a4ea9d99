// Where the help popover sits (spec 002 §3 Help popover config: position, fixed_position;
// §9: top margin 80 px), worked out from what has been measured, without reading the page.

/** Spec 002 §9: the popover's distance from the top of the window when nothing places it. */
export const HELP_POPOVER_TOP_PX = 80;
/** How far an anchored popover stays from its anchor, in px. */
export const HELP_POPOVER_ANCHOR_GAP_PX = 10;
/** How far inside the window's edges an anchored popover is kept, in px. */
export const HELP_POPOVER_EDGE_PX = 10;

/**
 * Where the popover goes (`position` of the config); without one, centred 80 px from the top.
 * - Next to an element, below it unless `above`, centred on it and kept 10 px inside the
 *   window. A null anchor (an element not in the page yet) is the same as no position.
 * - At `top` and `left` on the page (document coordinates), exactly.
 */
export type HelpPopoverPosition =
  | { anchor: HTMLElement | null; placement?: 'below' | 'above' }
  | { top: number; left: number };

/** Where the popover is drawn: from the window's corner when fixed, the page's when not. */
export interface HelpPopoverPlace {
  top: number;
  /** Absent: centred across the window (by its style, whatever its width). */
  left?: number;
}

/** What placing the popover needs measured: all in px, rectangles as the window sees them. */
export interface HelpPopoverMeasures {
  /** The popover's own size. */
  popover: { width: number; height: number };
  /** The anchor's box, if there is one. */
  anchor: DOMRect | null;
  /** The window's size (without scrollbars) and how far the page is scrolled. */
  view: { width: number; height: number; scrollX: number; scrollY: number };
}

/** `value` kept within [min, max]; `min` wins when the range is empty (too big to fit). */
const within = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max));

/**
 * Where to draw the popover. `fixed` (fixed_position, on unless false) keeps it in place in
 * the window as the page scrolls; otherwise it is placed on the page and scrolls with it, so
 * what was worked out from the window gets the scroll added.
 */
export function helpPopoverPlace(position: HelpPopoverPosition | undefined, fixed: boolean, measures: HelpPopoverMeasures): HelpPopoverPlace {
  const { popover, anchor, view } = measures;
  const toPage = (place: HelpPopoverPlace): HelpPopoverPlace =>
    fixed ? place : { top: place.top + view.scrollY, left: place.left === undefined ? undefined : place.left + view.scrollX };

  if (position && 'top' in position) {
    const { top, left } = position;
    return fixed ? { top: top - view.scrollY, left: left - view.scrollX } : { top, left };
  }
  if (!position || !anchor) return toPage({ top: HELP_POPOVER_TOP_PX });

  const top =
    position.placement === 'above'
      ? anchor.top - HELP_POPOVER_ANCHOR_GAP_PX - popover.height
      : anchor.bottom + HELP_POPOVER_ANCHOR_GAP_PX;
  const left = anchor.left + anchor.width / 2 - popover.width / 2;
  return toPage({
    top: within(top, HELP_POPOVER_EDGE_PX, view.height - popover.height - HELP_POPOVER_EDGE_PX),
    left: within(left, HELP_POPOVER_EDGE_PX, view.width - popover.width - HELP_POPOVER_EDGE_PX),
  });
}
