import { describe, expect, it } from 'vitest';
import type { Frame } from './headerFocus';
import { locateCrop, type Picture } from './locateCrop';

const ASPECT = 540 / 104;

/** A photo-like picture: smooth shapes of all sizes in each colour, no two places alike. */
function picture(width: number, height: number, seed = 1): Picture {
  return { width, height, planes: [0, 1, 2].map((colour) => plane(width, height, seed * 3 + colour)) };
}

function plane(width: number, height: number, seed: number): Float32Array {
  const waves = Array.from({ length: 12 }, (_, i) => {
    const r = Math.sin(seed * 97.1 + i * 13.7) * 43758.5453;
    const f = r - Math.floor(r);
    return { fx: 0.003 + f * 0.05 * (1 + i / 3), fy: 0.004 + (1 - f) * 0.05 * (1 + i / 4), phase: f * 6.28, amp: 18 - i };
  });
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = 128;
      for (const { fx, fy, phase, amp } of waves) v += amp * Math.sin(x * fx + y * fy * (phase > 3 ? 1 : -1) + phase);
      data[y * width + x] = Math.min(255, Math.max(0, v));
    }
  }
  return data;
}

/**
 * `frame` of `image` scaled to `width` (the header's shape), as a canvas draws it: each crop
 * pixel the average of 4 × 4 samples of the original, each sample the pixel it falls in.
 * `noise` adds up to ± that much, as JPEG compression would.
 */
function cut(image: Picture, frame: Frame, width: number, noise = 0): Picture {
  const height = Math.round(width / ASPECT);
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const planes = image.planes.map((source) => {
    const data = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let sum = 0;
        for (let sy = 0; sy < 4; sy++) {
          for (let sx = 0; sx < 4; sx++) {
            const ox = Math.min(image.width - 1, Math.floor(frame.x + ((x + (sx + 0.5) / 4) * frame.width) / width));
            const oy = Math.min(image.height - 1, Math.floor(frame.y + ((y + (sy + 0.5) / 4) * frame.height) / height));
            sum += source[oy * image.width + ox];
          }
        }
        data[y * width + x] = sum / 16 + random() * noise;
      }
    }
    return data;
  });
  return { width, height, planes };
}

const frameOf = (x: number, y: number, width: number): Frame => ({ x, y, width, height: width / ASPECT });

function expectNear(found: Frame | null, wanted: Frame, within = 1.5) {
  expect(found).not.toBeNull();
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs(found![key] - wanted[key]), `${key}: ${found![key]} for ${wanted[key]}`).toBeLessThanOrEqual(within);
  }
}

describe('finding where a header crop was cut', () => {
  const image = picture(600, 400);

  it('finds the largest frame (zoom 1) moved off the middle', () => {
    const framed = frameOf(0, 231, 600);
    expectNear(locateCrop(image, cut(image, framed, 600), ASPECT), framed);
  });

  it('finds a zoomed frame from a crop smaller than it, through compression noise', () => {
    const framed = frameOf(137.5, 61, 260);
    expectNear(locateCrop(image, cut(image, framed, 130, 6), ASPECT), framed);
    // The closest the focus step zooms (3): a third of the image's width.
    const closest = frameOf(398, 330, 200);
    expectNear(locateCrop(image, cut(image, closest, 200, 6), ASPECT), closest);
  });

  it('finds the frame in an original the server scaled down after it was framed', () => {
    // Framed on the 800 px file the owner chose; the server kept it at half that.
    const chosen = picture(800, 600, 3);
    const planes = chosen.planes.map((source) => {
      const data = new Float32Array(400 * 300);
      for (let y = 0; y < 300; y++) {
        for (let x = 0; x < 400; x++) {
          const c = (dx: number, dy: number) => source[(2 * y + dy) * 800 + 2 * x + dx];
          data[y * 400 + x] = (c(0, 0) + c(1, 0) + c(0, 1) + c(1, 1)) / 4;
        }
      }
      return data;
    });
    const original: Picture = { width: 400, height: 300, planes };
    const found = locateCrop(original, cut(chosen, frameOf(200, 300, 480), 480), ASPECT);
    expectNear(found, frameOf(100, 150, 240));
  });

  it('tells apart places only the colours tell apart', () => {
    // Red grows across and green down: as bright a little right as a little up, everywhere.
    const [width, height] = [900, 600];
    const red = new Float32Array(width * height);
    const green = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        red[y * width + x] = (x / (width - 1)) * 255;
        green[y * width + x] = (y / (height - 1)) * 255;
      }
    }
    const ramp: Picture = { width, height, planes: [red, green, new Float32Array(width * height).fill(128)] };
    const framed = frameOf(146, 204, 500);
    expectNear(locateCrop(ramp, cut(ramp, framed, 500), ASPECT), framed);
  });

  it('answers no frame for a crop of another image, or one not of the header shape', () => {
    const other = picture(600, 400, 2);
    expect(locateCrop(image, cut(other, frameOf(50, 60, 400), 400), ASPECT)).toBeNull();
    const square: Picture = { width: 100, height: 100, planes: image.planes };
    expect(locateCrop(image, square, ASPECT)).toBeNull();
  });
});
