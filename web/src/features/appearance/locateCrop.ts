// Where a header crop was cut from its image. The server keeps the original (header_image)
// and the crop of it the owner framed (header_image_focused), not the frame itself; the crop
// is that region of the original scaled to the header's shape, so the frame is found again by
// comparing the crop with regions of the original. Adjust starts from it.
//
// Each region is compared as a grid of cell averages of each colour (read in constant time
// from summed-area tables), so a region of any size costs the same and the compression and
// rescaling a crop went through average out. Colours, not brightness alone: a smooth picture
// has regions as bright as each other in places, rarely of the same colours as well. A coarse search over every size and place the focus step allows
// keeps the few best regions; each is then refined with finer steps and a finer grid.
import { largestFrameSize, MAX_ZOOM, MIN_ZOOM, type Frame, type Size } from './headerFocus';

/** An image as planes of one colour each (red, green, blue: 0–255), a number a pixel, row by row. */
export interface Picture extends Size {
  planes: ArrayLike<number>[];
}

/**
 * A colour's sums over [0, x) × [0, y) for each whole (x, y), (width + 1) × (height + 1) of
 * them. Between whole points the sum is bilinear (each pixel being one value), so
 * interpolating the table gives the sum up to any real point exactly.
 */
function summedArea({ width, height }: Size, data: ArrayLike<number>): Float64Array {
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x];
      sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1] + row;
    }
  }
  return sums;
}

interface Grid {
  columns: number;
  rows: number;
}

/** Where a grid line falls between whole points: the one before, and how far past it. */
interface Lines {
  at: Int32Array;
  past: Float64Array;
}

function linesOf(from: number, length: number, cells: number, limit: number, into: Lines) {
  for (let i = 0; i <= cells; i++) {
    const position = Math.min(Math.max(from + (length * i) / cells, 0), limit);
    const at = Math.min(Math.floor(position), limit - 1);
    into.at[i] = at;
    into.past[i] = position - at;
  }
}

/** A grid's buffers, reused for every region it measures. */
interface Scratch {
  columns: Lines;
  rows: Lines;
  corners: Float64Array;
}

const scratchFor = ({ columns, rows }: Grid): Scratch => ({
  columns: { at: new Int32Array(columns + 1), past: new Float64Array(columns + 1) },
  rows: { at: new Int32Array(rows + 1), past: new Float64Array(rows + 1) },
  corners: new Float64Array((columns + 1) * (rows + 1)),
});

/**
 * The average of each cell of `frame` cut into `grid`, in each colour of an image `size` (its
 * tables `sums`), into `out`: a colour's cells row by row, then the next colour's.
 */
function cellAverages(size: Size, sums: Float64Array[], frame: Frame, grid: Grid, scratch: Scratch, out: Float64Array) {
  const { columns, rows } = grid;
  const { corners } = scratch;
  linesOf(frame.x, frame.width, columns, size.width, scratch.columns);
  linesOf(frame.y, frame.height, rows, size.height, scratch.rows);
  const stride = size.width + 1;
  const cell = (frame.width / columns) * (frame.height / rows);
  const n = columns * rows;
  for (let p = 0; p < sums.length; p++) {
    const table = sums[p];
    for (let j = 0; j <= rows; j++) {
      const fy = scratch.rows.past[j];
      const row = scratch.rows.at[j] * stride;
      for (let i = 0; i <= columns; i++) {
        const fx = scratch.columns.past[i];
        const k = row + scratch.columns.at[i];
        const top = table[k] + (table[k + 1] - table[k]) * fx;
        const bottom = table[k + stride] + (table[k + stride + 1] - table[k + stride]) * fx;
        corners[j * (columns + 1) + i] = top + (bottom - top) * fy;
      }
    }
    for (let j = 0; j < rows; j++) {
      for (let i = 0; i < columns; i++) {
        const a = j * (columns + 1) + i;
        const b = a + columns + 1;
        out[p * n + j * columns + i] = (corners[b + 1] - corners[b] - corners[a + 1] + corners[a]) / cell;
      }
    }
  }
}

/** A grid of about square cells over a region of `aspect`, `columns` wide. */
const gridOf = (columns: number, aspect: number): Grid => ({ columns, rows: Math.max(1, Math.round(columns / aspect)) });

/** The coarse search's step: this share of the largest frame's width. */
const COARSE_STEPS = 40;
/** Regions the coarse search keeps for refining, and those left after the first round. */
const KEPT = 8;
const KEPT_FINE = 3;
/** A match whose cells differ from the crop's by more than this (root mean square) is none. */
const MAX_DIFFERENCE = 10;
/** The crop's height may be off the header's shape by its rounding, no more. */
const HEIGHT_SLACK = 1.5;

interface Candidate {
  frame: Frame;
  score: number;
}

/**
 * The frame of the focus step (in `original`'s pixels: the header's `aspect`, zoomed between
 * MIN_ZOOM and MAX_ZOOM) that `crop` was cut from, or null when the crop is not of the
 * header's shape or matches no region of the original well.
 */
export function locateCrop(original: Picture, crop: Picture, aspect: number): Frame | null {
  if (!original.width || !original.height || !crop.width || !crop.height) return null;
  if (original.planes.length !== crop.planes.length) return null;
  if (Math.abs(crop.width / aspect - crop.height) > HEIGHT_SLACK) return null;
  const image: Size = { width: original.width, height: original.height };
  const largest = largestFrameSize(image, aspect);
  const originalSums = original.planes.map((plane) => summedArea(original, plane));
  const cropSums = crop.planes.map((plane) => summedArea(crop, plane));
  const whole: Frame = { x: 0, y: 0, width: crop.width, height: crop.height };

  // Each grid's buffers and the crop's cells on it, made once.
  const grids = new Map<number, { grid: Grid; wanted: Float64Array; scratch: Scratch; cells: Float64Array }>();
  const onGrid = (columns: number) => {
    let known = grids.get(columns);
    if (!known) {
      const grid = gridOf(columns, aspect);
      const scratch = scratchFor(grid);
      const wanted = new Float64Array(grid.columns * grid.rows * cropSums.length);
      cellAverages(crop, cropSums, whole, grid, scratch, wanted);
      known = { grid, wanted, scratch, cells: new Float64Array(wanted.length) };
      grids.set(columns, known);
    }
    return known;
  };
  /** Mean squared difference between the region's cells and the crop's, over every colour. */
  const score = (frame: Frame, columns: number) => {
    const { grid, wanted, scratch, cells } = onGrid(columns);
    cellAverages(image, originalSums, frame, grid, scratch, cells);
    let sum = 0;
    for (let k = 0; k < cells.length; k++) sum += (cells[k] - wanted[k]) ** 2;
    return sum / cells.length;
  };
  // A frame `width` wide at (x, y), kept a frame the step could have made.
  const frameAt = (x: number, y: number, width: number): Frame => {
    const w = Math.min(Math.max(width, largest.width / MAX_ZOOM), largest.width / MIN_ZOOM);
    const h = w / aspect;
    return {
      x: Math.min(Math.max(x, 0), image.width - w),
      y: Math.min(Math.max(y, 0), image.height - h),
      width: w,
      height: h,
    };
  };

  // Coarse: every place `step` apart, and every size twice that (a size a little off blurs
  // the cells less than a place a little off); ends included, zoom 1 being the usual choice.
  let step = largest.width / COARSE_STEPS;
  let columns = 12;
  const spread = (from: number, to: number, by: number) => {
    if (to <= from) return [from];
    const n = Math.ceil((to - from) / by);
    return Array.from({ length: n + 1 }, (_, i) => from + ((to - from) * i) / n);
  };
  const found: Candidate[] = [];
  for (const width of spread(largest.width / MAX_ZOOM, largest.width, step * 2)) {
    const height = width / aspect;
    for (const y of spread(0, image.height - height, step)) {
      for (const x of spread(0, image.width - width, step)) {
        const frame = { x, y, width, height };
        found.push({ frame, score: score(frame, columns) });
      }
    }
  }
  let kept = distinctBest(found, step * 2);

  // Finer: around each kept region, half the step and twice the grid each round. The first
  // round looks two steps around (the coarse grid blurs), then one does.
  let reach = 2;
  while (step > 0.5) {
    step /= 2;
    columns = Math.min(columns * 2, 64);
    const refined = kept.map(({ frame }) => {
      let best: Candidate = { frame, score: score(frame, columns) };
      for (let dw = -reach; dw <= reach; dw++) {
        for (let dy = -reach; dy <= reach; dy++) {
          for (let dx = -reach; dx <= reach; dx++) {
            // The region's centre stays put as it changes size: that is how a crop's
            // neighbours differ least.
            const width = frame.width + dw * step;
            const next = frameAt(
              frame.x + (frame.width - width) / 2 + dx * step,
              frame.y + (frame.height - width / aspect) / 2 + dy * step,
              width,
            );
            const s = score(next, columns);
            if (s < best.score) best = { frame: next, score: s };
          }
        }
      }
      return best;
    });
    kept = distinctBest(refined, step).slice(0, reach === 2 ? KEPT : KEPT_FINE);
    reach = 1;
  }
  const best = kept[0];
  return best && Math.sqrt(best.score) <= MAX_DIFFERENCE ? best.frame : null;
}

/** The best candidates, at most KEPT, none within `apart` of a better one. */
function distinctBest(candidates: Candidate[], apart: number): Candidate[] {
  const kept: Candidate[] = [];
  for (const candidate of [...candidates].sort((a, b) => a.score - b.score)) {
    const { frame } = candidate;
    const near = kept.some(
      ({ frame: other }) =>
        Math.abs(other.x - frame.x) <= apart &&
        Math.abs(other.y - frame.y) <= apart &&
        Math.abs(other.width - frame.width) <= apart,
    );
    if (!near) kept.push(candidate);
    if (kept.length === KEPT) break;
  }
  return kept;
}
