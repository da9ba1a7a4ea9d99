// Writes public/images/webcam-watermark.png: the mark the photo form's webcam puts in a
// selfie's bottom-right corner (spec 002 §5; SelfieButton names it). The word 'dashwire' in a
// 5 × 7 pixel font drawn 2× big, white and partly see-through, with a dark edge so that it
// shows on a light picture as on a dark one. Run it again after changing the look:
//
//   node scripts/webcam-watermark.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rgbaPng } from '../e2e/png.mjs';

/** The letters of 'dashwire', 5 wide and 7 tall; '#' is ink. */
const GLYPHS = {
  d: ['....#', '....#', '.####', '#...#', '#...#', '#...#', '.####'],
  a: ['.....', '.....', '.###.', '....#', '.####', '#...#', '.####'],
  s: ['.....', '.....', '.####', '#....', '.###.', '....#', '####.'],
  h: ['#....', '#....', '####.', '#...#', '#...#', '#...#', '#...#'],
  w: ['.....', '.....', '#...#', '#...#', '#.#.#', '#.#.#', '.#.#.'],
  i: ['..#..', '.....', '.##..', '..#..', '..#..', '..#..', '.###.'],
  r: ['.....', '.....', '#.##.', '##..#', '#....', '#....', '#....'],
  e: ['.....', '.....', '.###.', '#...#', '#####', '#....', '.###.'],
};
const WORD = 'dashwire';
const SCALE = 2;
const LETTER_GAP = 1;
/** Room around the ink for its dark edge. */
const PAD = 1;
const INK = [255, 255, 255, 200];
const EDGE = [0, 25, 53, 140];
const CLEAR = [0, 0, 0, 0];

const cols = WORD.length * (5 + LETTER_GAP) - LETTER_GAP;
const width = cols * SCALE + 2 * PAD;
const height = 7 * SCALE + 2 * PAD;

/** Whether the pixel at (x, y) of the image is ink. */
function isInk(x, y) {
  const col = Math.floor((x - PAD) / SCALE);
  const row = Math.floor((y - PAD) / SCALE);
  if (x < PAD || y < PAD || col < 0 || col >= cols || row < 0 || row >= 7) return false;
  const letter = Math.floor(col / (5 + LETTER_GAP));
  const inLetter = col % (5 + LETTER_GAP);
  return inLetter < 5 && GLYPHS[WORD[letter]][row][inLetter] === '#';
}

/** Ink, its edge (a pixel touching ink, diagonals included), or nothing. */
function pixel(x, y) {
  if (isInk(x, y)) return INK;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) if (isInk(x + dx, y + dy)) return EDGE;
  }
  return CLEAR;
}

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/images/webcam-watermark.png');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, rgbaPng(width, height, pixel));
console.log(`wrote ${out} (${width} × ${height})`);
