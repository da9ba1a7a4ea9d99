// What the panel does with a search's words and its results, as plain functions: the query
// as sent, the tags a result shows, and where each result goes in the (virtualised) grid.
import type { GifImage } from '../../api/gifSearchEndpoints';
import { TAGS_PER_RESULT, UNSHOWN_TAGS } from './constants';

/** Space between results, across and down (px). */
export const RESULT_GAP_PX = 8;
/** The line of tags under each image (px). */
export const TAG_LINE_PX = 20;
/** Columns when the panel has not been laid out (yet, or in tests). */
const DEFAULT_COLUMNS = 2;
/**
 * A result is at most this many times as tall as it is wide: the image is cropped to it, so
 * that one very tall GIF does not make a row the height of the screen.
 */
const TALLEST = 2;

/** What is searched for: the input trimmed and lower-cased (spec 000 §5). */
export function normalizeQuery(text: string): string {
  return text.trim().toLowerCase();
}

/**
 * The tags a result shows: never 'gif' or 'gifs', at most 3 (§5). The server leaves them out
 * too; a GIF service's answer might not.
 */
export function shownTags(tags: readonly string[]): string[] {
  return tags.filter((tag) => !UNSHOWN_TAGS.includes(tag.trim().toLowerCase())).slice(0, TAGS_PER_RESULT);
}

/** The height of a result's image scaled to `width`; square when its size is not known. */
export function scaledHeight(gif: Pick<GifImage, 'width' | 'height'>, width: number): number {
  if (!(gif.width > 0 && gif.height > 0)) return width;
  return Math.min(Math.round((gif.height * width) / gif.width), width * TALLEST);
}

/** How many results of `resultWidth` fit across `available` px. */
export function columnsFor(available: number, resultWidth: number): number {
  if (available <= 0) return DEFAULT_COLUMNS;
  return Math.max(1, Math.floor((available + RESULT_GAP_PX) / (resultWidth + RESULT_GAP_PX)));
}

/** One row of the grid: results `first` to `first + count - 1`, `top` px down. */
export interface ResultRow {
  top: number;
  /** The tallest image in it, with its line of tags. */
  height: number;
  first: number;
  count: number;
}

/** The grid's rows for `gifs`, `columns` across, and its whole height. */
export function layoutRows(
  gifs: readonly Pick<GifImage, 'width' | 'height'>[],
  columns: number,
  resultWidth: number,
): { rows: ResultRow[]; height: number } {
  const rows: ResultRow[] = [];
  let top = 0;
  for (let first = 0; first < gifs.length; first += columns) {
    const inRow = gifs.slice(first, first + columns);
    const height = Math.max(...inRow.map((gif) => scaledHeight(gif, resultWidth))) + TAG_LINE_PX;
    rows.push({ top, height, first, count: inRow.length });
    top += height + RESULT_GAP_PX;
  }
  return { rows, height: Math.max(0, top - RESULT_GAP_PX) };
}

/**
 * The rows worth putting on the page when the box shows `top` to `top + height`: those, and a
 * box's height more above and below, so that a scroll shows results before the debounced
 * update catches up. `end` is exclusive.
 */
export function rowsInView(rows: readonly ResultRow[], top: number, height: number): { start: number; end: number } {
  const from = top - height;
  const to = top + 2 * height;
  let start = 0;
  while (start < rows.length && rows[start].top + rows[start].height < from) start++;
  let end = start;
  while (end < rows.length && rows[end].top <= to) end++;
  return { start, end };
}

/** The row that holds result `index`. */
export function rowOf(rows: readonly ResultRow[], index: number): ResultRow | undefined {
  return rows.find((row) => index >= row.first && index < row.first + row.count);
}
