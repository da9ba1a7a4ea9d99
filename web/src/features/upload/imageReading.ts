// Reading images in the browser (spec 002 §8, the image-reading errors): a chosen file as a
// data URL (what a preview shows before the upload is done), and an address loaded as an
// image (so that what shows it has it, and its size, at once).
import { FAILED_TO_READ_FILE, FILE_READER_NOT_SUPPORTED, NO_FILE_TO_READ, NO_URL_TO_LOAD } from './strings';

/** The file as a `data:` URL. Rejects with 'No file to read', 'FileReader is not supported' or 'Failed to read file'. */
export function readFileAsDataUrl(file: Blob | null | undefined): Promise<string> {
  if (!file) return Promise.reject(new Error(NO_FILE_TO_READ));
  if (typeof FileReader === 'undefined') return Promise.reject(new Error(FILE_READER_NOT_SUPPORTED));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error(FAILED_TO_READ_FILE));
    };
    reader.onerror = () => reject(new Error(FAILED_TO_READ_FILE));
    reader.readAsDataURL(file);
  });
}

/**
 * The image at `url`, once loaded. Rejects with 'No URL to load' when there is no address, and
 * with an ImageLoadError when the image does not load (the spec gives that no text: the
 * callers decide what, if anything, to say).
 */
export function loadImage(url: string | null | undefined): Promise<HTMLImageElement> {
  if (!url) return Promise.reject(new Error(NO_URL_TO_LOAD));
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new ImageLoadError(url));
    image.src = url;
  });
}

/** An image that did not load (not found, not an image, blocked). */
export class ImageLoadError extends Error {
  readonly url: string;

  constructor(url: string) {
    super(`The image at ${url} did not load`);
    this.name = 'ImageLoadError';
    this.url = url;
  }
}
