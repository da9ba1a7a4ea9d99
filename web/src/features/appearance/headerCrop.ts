// Cropping the header image in the browser: the framed region drawn on a canvas at the size
// the header needs, as a file to upload (Apply) or as an address the live preview shows
// while the frame moves. One drawing serves both, so the preview is what Apply will send.
import type { Frame, Size } from './headerFocus';

export type CropType = 'image/jpeg' | 'image/png';

/**
 * The cropped image's type for a source's MIME type or address: a JPEG stays a JPEG (a
 * photo, smaller so); anything else becomes a PNG, which keeps a PNG's or GIF's transparency
 * (a JPEG would turn it black).
 */
export function cropTypeOf(source: string): CropType {
  return /^image\/jpe?g$|\.jpe?g$/i.test(source) ? 'image/jpeg' : 'image/png';
}

/** The crop could not be made: no 2D canvas, or the browser refused to read the pixels. */
export class CropError extends Error {
  constructor() {
    super('The image could not be cropped in this browser.');
    this.name = 'CropError';
  }
}

function draw(image: CanvasImageSource, frame: Frame, size: Size): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new CropError();
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, frame.x, frame.y, frame.width, frame.height, 0, 0, size.width, size.height);
  return canvas;
}

/** JPEG quality: high, since the server keeps the file as it comes (it is under its 1080 px). */
const JPEG_QUALITY = 0.92;

/** The framed region as a `size` file of `type`, named after `name`; rejects with a CropError. */
export function cropToFile(image: CanvasImageSource, frame: Frame, size: Size, type: CropType, name: string): Promise<File> {
  return new Promise((resolve, reject) => {
    try {
      draw(image, frame, size).toBlob(
        (blob) => (blob ? resolve(new File([blob], name, { type })) : reject(new CropError())),
        type,
        JPEG_QUALITY,
      );
    } catch {
      // A canvas holding another site's pixels throws a SecurityError here.
      reject(new CropError());
    }
  });
}

/** The framed region as a `data:` address for the live preview; null when it cannot be drawn. */
export function cropPreviewUrl(image: CanvasImageSource, frame: Frame, size: Size, type: CropType): string | null {
  try {
    return draw(image, frame, size).toDataURL(type);
  } catch {
    return null;
  }
}

/** The cropped file's name: the source's, marked as the header's crop. */
export function croppedFileName(source: string, type: CropType): string {
  const base = (source.split('/').pop() ?? '').replace(/\.[^.]*$/, '') || 'header';
  return `${base}-header.${type === 'image/jpeg' ? 'jpg' : 'png'}`;
}
