// The docking area's rules (spec 000 §4 Docking area, §9 Gutter docking): it holds one post
// view at a time, which a new one replaces unless the held one is protected from eviction;
// it sits in the gutter beside the dashboard column, only on a wide enough viewport.

/** Spec 000 §9 Gutter docking. */
export const GUTTER_WIDTH = 215;
export const GUTTER_MARGIN = 20;
export const MAX_VIEW_WIDTH = 300;
/** Narrower viewports have no gutter: the dashboard is one column (styles/pages.css). */
export const VIEWPORT_TRANSITION_WIDTH = 900;

/** A post held in the docking area. */
export interface DockedPost {
  blog: string;
  postId: number;
  /** Spec 000 §4: a new post does not replace this one. */
  protectedFromEviction: boolean;
}

/** What the area holds once `incoming` asks to dock. */
export function heldAfter(held: DockedPost | null, incoming: DockedPost): DockedPost {
  if (held && held.blog === incoming.blog && held.postId === incoming.postId) return held;
  return held?.protectedFromEviction ? held : incoming;
}

export function dockAvailable(viewportWidth: number): boolean {
  return viewportWidth >= VIEWPORT_TRANSITION_WIDTH;
}

export interface DockLayout {
  /** From the viewport's left edge, in px. */
  left: number;
  width: number;
}

/**
 * Where the docked view goes, given where the dashboard column starts. The gutter is the
 * space left of the column, at least GUTTER_WIDTH (the page keeps that much free while a post
 * is docked); the view fills it less a margin each side, up to MAX_VIEW_WIDTH, centred.
 */
export function dockLayout(columnLeft: number): DockLayout {
  const gutter = Math.max(GUTTER_WIDTH, columnLeft);
  const width = Math.min(MAX_VIEW_WIDTH, gutter - 2 * GUTTER_MARGIN);
  return { left: Math.max(GUTTER_MARGIN, (gutter - width) / 2), width };
}
