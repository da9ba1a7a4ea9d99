import { describe, expect, it } from 'vitest';
import { cropTypeOf, croppedFileName } from './headerCrop';
import {
  centreFrameOn,
  clampFrame,
  croppedSize,
  frameAfterKey,
  frameDescription,
  initialFrame,
  largestFrameSize,
  MAX_CROP_WIDTH,
  moveFrame,
  zoomFrame,
  zoomOf,
} from './headerFocus';

// A 5:1 header over a 2000 × 1000 image: the largest frame is 2000 × 400.
const ASPECT = 5;
const image = { width: 2000, height: 1000 };

describe('the focus frame', () => {
  it('starts as the largest frame of the header shape, in the middle', () => {
    expect(initialFrame(image, ASPECT)).toEqual({ x: 0, y: 300, width: 2000, height: 400 });
    // An image wider than the header: the frame takes its whole height.
    expect(largestFrameSize({ width: 3000, height: 400 }, ASPECT)).toEqual({ width: 2000, height: 400 });
    expect(initialFrame({ width: 3000, height: 400 }, ASPECT)).toEqual({ x: 500, y: 0, width: 2000, height: 400 });
  });

  it('stays inside the image however far it is moved', () => {
    const frame = { x: 100, y: 100, width: 1000, height: 200 };
    expect(moveFrame(frame, 50, -20, image)).toEqual({ ...frame, x: 150, y: 80 });
    expect(moveFrame(frame, 5000, 5000, image)).toEqual({ ...frame, x: 1000, y: 800 });
    expect(moveFrame(frame, -5000, -5000, image)).toEqual({ ...frame, x: 0, y: 0 });
    expect(clampFrame({ ...frame, x: -1, y: 900 }, image)).toEqual({ ...frame, x: 0, y: 800 });
  });

  it('comes to a point pressed outside it, still inside the image', () => {
    const frame = { x: 0, y: 0, width: 1000, height: 200 };
    expect(centreFrameOn(frame, { x: 1000, y: 500 }, image)).toEqual({ ...frame, x: 500, y: 400 });
    expect(centreFrameOn(frame, { x: 1990, y: 990 }, image)).toEqual({ ...frame, x: 1000, y: 800 });
  });

  it('zooms around its centre, within the zoom range and the image', () => {
    const start = initialFrame(image, ASPECT);
    const zoomed = zoomFrame(start, 2, image, ASPECT);
    expect(zoomed).toEqual({ x: 500, y: 400, width: 1000, height: 200 });
    // Zooming out near an edge pushes the frame back in rather than past it.
    const cornered = { x: 1000, y: 800, width: 1000, height: 200 };
    expect(zoomFrame(cornered, 1, image, ASPECT)).toEqual({ x: 0, y: 600, width: 2000, height: 400 });
    // Out of range: 1 at the least, 3 at the most.
    expect(zoomFrame(start, 0.2, image, ASPECT).width).toBe(2000);
    expect(zoomFrame(start, 10, image, ASPECT).width).toBeCloseTo(2000 / 3);
  });

  it('knows the zoom that makes a frame (a saved one, which Adjust starts from)', () => {
    expect(zoomOf({ x: 500, y: 400, width: 1000, height: 200 }, image, ASPECT)).toBe(2);
    expect(zoomOf(initialFrame(image, ASPECT), image, ASPECT)).toBe(1);
    // Within the range, whatever the frame.
    expect(zoomOf({ x: 0, y: 0, width: 100, height: 20 }, image, ASPECT)).toBe(3);
  });

  it('moves by steps of the image with the arrow keys, further with Shift, to the edges with Home, End, Page Up, Page Down', () => {
    const frame = { x: 500, y: 400, width: 1000, height: 200 };
    expect(frameAfterKey(frame, 'ArrowRight', false, image)).toEqual({ ...frame, x: 540 });
    expect(frameAfterKey(frame, 'ArrowLeft', false, image)).toEqual({ ...frame, x: 460 });
    expect(frameAfterKey(frame, 'ArrowDown', false, image)).toEqual({ ...frame, y: 420 });
    expect(frameAfterKey(frame, 'ArrowUp', true, image)).toEqual({ ...frame, y: 300 });
    expect(frameAfterKey(frame, 'ArrowRight', true, image)).toEqual({ ...frame, x: 700 });
    expect(frameAfterKey(frame, 'Home', false, image)).toEqual({ ...frame, x: 0 });
    expect(frameAfterKey(frame, 'End', false, image)).toEqual({ ...frame, x: 1000 });
    expect(frameAfterKey(frame, 'PageUp', false, image)).toEqual({ ...frame, y: 0 });
    expect(frameAfterKey(frame, 'PageDown', false, image)).toEqual({ ...frame, y: 800 });
    // At the edge an arrow holds it there; other keys are the browser's.
    expect(frameAfterKey({ ...frame, x: 1000 }, 'ArrowRight', false, image)).toEqual({ ...frame, x: 1000 });
    expect(frameAfterKey(frame, 'Enter', false, image)).toBeNull();
    // A tiny image still moves a pixel a press.
    const tiny = { width: 20, height: 10 };
    expect(frameAfterKey({ x: 0, y: 0, width: 10, height: 2 }, 'ArrowRight', false, tiny)?.x).toBe(1);
  });

  it('says in words what the header shows', () => {
    expect(frameDescription({ x: 500, y: 400, width: 1000, height: 200 }, image)).toBe(
      'The header shows the image from 25% to 75% across and 40% to 60% down.',
    );
  });
});

describe('the cropped image', () => {
  it("is the frame's pixels at most the widest crop, in the header's shape", () => {
    expect(croppedSize({ x: 0, y: 0, width: 800.4, height: 160.08 }, ASPECT)).toEqual({ width: 800, height: 160 });
    expect(croppedSize({ x: 0, y: 0, width: 2000, height: 400 }, ASPECT)).toEqual({
      width: MAX_CROP_WIDTH,
      height: MAX_CROP_WIDTH / ASPECT,
    });
    expect(croppedSize({ x: 0, y: 0, width: 2000, height: 400 }, ASPECT, 600)).toEqual({ width: 600, height: 120 });
    // The blog page's header shape (540 × 104) at the widest crop.
    expect(croppedSize({ x: 0, y: 0, width: 5400, height: 1040 }, 540 / 104)).toEqual({ width: 1080, height: 208 });
  });

  it('is a JPEG for a JPEG and a PNG for anything else, named after the source', () => {
    expect(cropTypeOf('image/jpeg')).toBe('image/jpeg');
    expect(cropTypeOf('/media/abc.JPG')).toBe('image/jpeg');
    expect(cropTypeOf('image/png')).toBe('image/png');
    expect(cropTypeOf('image/gif')).toBe('image/png');
    expect(cropTypeOf('/media/abc.webp')).toBe('image/png');
    expect(croppedFileName('sea.jpeg', 'image/jpeg')).toBe('sea-header.jpg');
    expect(croppedFileName('/media/abc.png', 'image/png')).toBe('abc-header.png');
  });
});
