// The framing the owner chose last, for Adjust to start from. The server keeps the original
// (header_image) and its crop (header_image_focused), not the frame: both are read on a canvas
// here and the crop is found in the original (locateCrop).
import { BLOG_HEADER_ASPECT } from '../blogCard';
import { clampFrame, type Frame } from './headerFocus';
import { locateCrop, type Picture } from './locateCrop';

/**
 * An original larger than this a side (a GIF or WebP, which the server keeps as uploaded) is
 * searched at this size: the crop, at most 1080 px wide, has no finer detail to match.
 */
const MAX_SEARCH_SIDE = 1080;

/** `image` drawn at `width` × `height`, its colours apart; a canvas that cannot be read throws. */
function pictureOf(image: CanvasImageSource, width: number, height: number): Picture {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas.');
  // Transparent pixels read alike in both images: over the same grey.
  context.fillStyle = '#808080';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  const planes = [0, 1, 2].map(() => new Uint8Array(width * height));
  for (let i = 0; i < width * height; i++) {
    planes[0][i] = data[i * 4];
    planes[1][i] = data[i * 4 + 1];
    planes[2][i] = data[i * 4 + 2];
  }
  return { width, height, planes };
}

/**
 * Where `focusedUrl` was cut from `original` (loaded), in the original's own pixels; null when
 * it cannot be told (the crop does not load, is of another image, or the canvas cannot be
 * read), and the step starts in the middle as for a new image.
 */
export async function findSavedFrame(original: HTMLImageElement, focusedUrl: string): Promise<Frame | null> {
  try {
    const crop = new Image();
    crop.src = focusedUrl;
    await crop.decode();
    const size = { width: original.naturalWidth, height: original.naturalHeight };
    const scale = Math.min(1, MAX_SEARCH_SIDE / Math.max(size.width, size.height));
    const searched = pictureOf(original, Math.round(size.width * scale), Math.round(size.height * scale));
    const found = locateCrop(searched, pictureOf(crop, crop.naturalWidth, crop.naturalHeight), BLOG_HEADER_ASPECT);
    if (!found) return null;
    const back = size.width / searched.width;
    const width = found.width * back;
    return clampFrame({ x: found.x * back, y: found.y * back, width, height: width / BLOG_HEADER_ASPECT }, size);
  } catch {
    return null;
  }
}
