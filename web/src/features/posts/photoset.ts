// A photo post's photos in rows (spec 000 §3 Photoset): each digit of the layout is the
// number of photos in a row, at most 3; '12' is one photo, then a row of two.
import type { Photo } from '../../api/postModels';
import { PHOTOSET_MAX_PER_ROW, PHOTOSET_PADDING, PHOTOSET_WIDTH } from './constants';

/**
 * The rows. An empty layout is one photo per row; so is a layout that does not add up to the
 * photos (the server refuses those, but a photo it could not show may have been left out).
 */
export function photosetRows<T>(photos: T[], layout: string): T[][] {
  const counts = [...layout].map(Number);
  const valid =
    counts.length > 0 &&
    counts.every((n) => Number.isInteger(n) && n >= 1 && n <= PHOTOSET_MAX_PER_ROW) &&
    counts.reduce((sum, n) => sum + n, 0) === photos.length;
  if (!valid) return photos.map((photo) => [photo]);
  const rows: T[][] = [];
  let next = 0;
  for (const count of counts) {
    rows.push(photos.slice(next, next + count));
    next += count;
  }
  return rows;
}

/**
 * A row's width over its height, for a row of several photos: each photo gets an equal share
 * of the 540 px (less 2 px between photos) and the row is as tall as its shortest photo at
 * that width, the others cropped. Photos whose size is unknown (0) count as square. A single
 * photo keeps its own shape: null.
 */
export function rowAspectRatio(row: Photo[]): number | null {
  if (row.length < 2) return null;
  const cellWidth = (PHOTOSET_WIDTH - PHOTOSET_PADDING * (row.length - 1)) / row.length;
  const heights = row.map((p) => (p.width > 0 && p.height > 0 ? (cellWidth * p.height) / p.width : cellWidth));
  return PHOTOSET_WIDTH / Math.min(...heights);
}
