// The geometry of the header image's focus step: a frame of the blog header's shape over the
// uploaded image, which the owner moves and zooms, and the size the cropped image gets.
// Pure functions in the image's own pixels, so the rules are tested without a browser.

export interface Size {
  width: number;
  height: number;
}

/** A region of the image, in the image's pixels; always of the header's aspect. */
export interface Frame {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The zoom range input's bounds: 1 is the largest frame the image holds. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 3;

/**
 * The widest crop worth making: the server keeps photos at most 1080 px a side (spec 001 §5,
 * MAX_IMAGE_DIMENSION), so a wider one would only be scaled down again, losing quality twice.
 * 1080 is also the 540 px blog page header at twice the pixel density.
 */
export const MAX_CROP_WIDTH = 1080;

/** An arrow key moves the frame by this share of the image; with Shift, by the larger one. */
export const KEY_STEP = 0.02;
export const KEY_STEP_LARGE = 0.1;

/** The largest region of `aspect` (width over height) the image holds. */
export function largestFrameSize(image: Size, aspect: number): Size {
  return image.width / image.height > aspect
    ? { width: image.height * aspect, height: image.height }
    : { width: image.width, height: image.width / aspect };
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** The frame moved (not resized) as little as needed to lie inside the image. */
export function clampFrame(frame: Frame, image: Size): Frame {
  return {
    ...frame,
    x: clamp(frame.x, 0, Math.max(0, image.width - frame.width)),
    y: clamp(frame.y, 0, Math.max(0, image.height - frame.height)),
  };
}

/** A frame of `size` centred on `centre`, kept inside the image. */
function frameAround(centre: { x: number; y: number }, size: Size, image: Size): Frame {
  const { width, height } = size;
  return clampFrame({ x: centre.x - width / 2, y: centre.y - height / 2, width, height }, image);
}

const centreOf = (frame: Frame) => ({ x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 });

/** Where the step starts: the largest frame, in the middle of the image. */
export function initialFrame(image: Size, aspect: number): Frame {
  return frameAround({ x: image.width / 2, y: image.height / 2 }, largestFrameSize(image, aspect), image);
}

/** The zoom (within the range) that makes `frame`: how much smaller it is than the largest. */
export function zoomOf(frame: Frame, image: Size, aspect: number): number {
  return clamp(largestFrameSize(image, aspect).width / frame.width, MIN_ZOOM, MAX_ZOOM);
}

/** The frame moved by (dx, dy) image pixels, stopping at the image's edges. */
export function moveFrame(frame: Frame, dx: number, dy: number, image: Size): Frame {
  return clampFrame({ ...frame, x: frame.x + dx, y: frame.y + dy }, image);
}

/** The frame centred on an image point (a press outside the frame brings it there). */
export function centreFrameOn(frame: Frame, point: { x: number; y: number }, image: Size): Frame {
  return frameAround(point, frame, image);
}

/**
 * The frame at `zoom` (clamped to the range): the largest frame shrunk by it, around the same
 * centre so that zooming closes in on what the owner framed, then kept inside the image.
 */
export function zoomFrame(frame: Frame, zoom: number, image: Size, aspect: number): Frame {
  const largest = largestFrameSize(image, aspect);
  const z = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
  return frameAround(centreOf(frame), { width: largest.width / z, height: largest.height / z }, image);
}

/**
 * The frame after a key on it: the arrows move it by KEY_STEP of the image (KEY_STEP_LARGE
 * with Shift), Home and End take it to the left and right edges, Page Up and Page Down to
 * the top and bottom. Null for any other key, which the frame leaves to the browser.
 */
export function frameAfterKey(frame: Frame, key: string, shift: boolean, image: Size): Frame | null {
  const step = shift ? KEY_STEP_LARGE : KEY_STEP;
  // At least a pixel, so that a tiny image still moves.
  const dx = Math.max(1, image.width * step);
  const dy = Math.max(1, image.height * step);
  switch (key) {
    case 'ArrowLeft':
      return moveFrame(frame, -dx, 0, image);
    case 'ArrowRight':
      return moveFrame(frame, dx, 0, image);
    case 'ArrowUp':
      return moveFrame(frame, 0, -dy, image);
    case 'ArrowDown':
      return moveFrame(frame, 0, dy, image);
    case 'Home':
      return clampFrame({ ...frame, x: 0 }, image);
    case 'End':
      return clampFrame({ ...frame, x: image.width }, image);
    case 'PageUp':
      return clampFrame({ ...frame, y: 0 }, image);
    case 'PageDown':
      return clampFrame({ ...frame, y: image.height }, image);
    default:
      return null;
  }
}

/**
 * The cropped image's size: the frame's own pixels, at most `maxWidth` wide, its height
 * from the aspect (not the frame's rounded height) so the result has the header's shape.
 */
export function croppedSize(frame: Frame, aspect: number, maxWidth = MAX_CROP_WIDTH): Size {
  const width = Math.max(1, Math.min(Math.round(frame.width), maxWidth));
  return { width, height: Math.max(1, Math.round(width / aspect)) };
}

/** The frame as shares of the image (0–100), for placing it over the shown image with CSS. */
export function framePercent(frame: Frame, image: Size) {
  return {
    left: (frame.x / image.width) * 100,
    top: (frame.y / image.height) * 100,
    width: (frame.width / image.width) * 100,
    height: (frame.height / image.height) * 100,
  };
}

/** What the frame shows, in words: the focus step's live text for screen readers. */
export function frameDescription(frame: Frame, image: Size): string {
  const { left, top, width, height } = framePercent(frame, image);
  const pc = (n: number) => `${Math.round(n)}%`;
  return (
    `The header shows the image from ${pc(left)} to ${pc(left + width)} across ` +
    `and ${pc(top)} to ${pc(top + height)} down.`
  );
}
