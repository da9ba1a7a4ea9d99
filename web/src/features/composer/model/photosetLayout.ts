// A photo set's layout in the form (spec 000 §3 Photoset, §5): the digits of the layout are the
// photos of each row, and only the server's list of layouts may be saved (generated from
// src/composer/form/mod.rs). No layout ('') is one photo a row, and any number of photos
// may have it; any other layout holds exactly as many photos as its digits add up to.
import { PHOTOSET_LAYOUTS } from '../../../api/photosetLayouts';

/** What a set falls back to when its layout no longer holds its photos: one photo a row. */
export const DEFAULT_LAYOUT = '';

/** The photos a layout holds: its digits added up ('' holds any number). */
export function photosInLayout(layout: string): number {
  return [...layout].reduce((sum, digit) => sum + Number(digit), 0);
}

/** Whether a set of `count` photos may have `layout` (the save's own check). */
export function layoutFits(layout: string, count: number, allowed: readonly string[] = PHOTOSET_LAYOUTS): boolean {
  return allowed.includes(layout) && (layout === '' || photosInLayout(layout) === count);
}

/** The layouts a set of `count` photos may choose among, in the server's order. */
export function layoutsFor(count: number, allowed: readonly string[] = PHOTOSET_LAYOUTS): string[] {
  return allowed.filter((layout) => layoutFits(layout, count, allowed));
}

/**
 * The layout once photos were added or removed: kept while it still holds them all,
 * otherwise the default.
 */
export function layoutAfterCountChange(layout: string, count: number, allowed: readonly string[] = PHOTOSET_LAYOUTS): string {
  return layoutFits(layout, count, allowed) ? layout : DEFAULT_LAYOUT;
}

/** What the layout chooser calls a layout: '1 + 2' for '12'. */
export function layoutName(layout: string): string {
  return layout === '' ? 'One a row' : [...layout].join(' + ');
}
