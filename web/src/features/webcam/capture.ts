// Taking the camera's picture (spec 002 §4, §9): the video's current frame drawn on a canvas
// of the widget's size (cropped to fill it, as the preview shows it), mirrored when the
// preview is, with the watermark in the corner. A snap becomes a JPEG; a GIF frame stays
// pixels for the encoder.
import type { CapturedImage } from './capturedImage';
import type { GifFrame } from './gifEncoding';
import { SNAP_TYPE } from './webcamSettings';

export interface FrameOptions {
  width: number;
  height: number;
  mirrored: boolean;
  /** A loaded watermark image, or null. */
  watermark: HTMLImageElement | null;
  /** The picture's size over the widget's: the watermark is made for the widget's size. */
  scale: number;
}

/** The watermark's distance from the picture's bottom-right corner, at the widget's size (px). */
const WATERMARK_MARGIN = 10;

/**
 * The part of a `sourceWidth`×`sourceHeight` frame that fills a `width`×`height` picture
 * without stretching it: the middle, cut to the picture's shape (as CSS object-fit: cover).
 */
export function coverCrop(sourceWidth: number, sourceHeight: number, width: number, height: number) {
  const scale = Math.max(width / sourceWidth, height / sourceHeight);
  const w = width / scale;
  const h = height / scale;
  return { x: (sourceWidth - w) / 2, y: (sourceHeight - h) / 2, width: w, height: h };
}

function drawFrame(video: HTMLVideoElement, { width, height, mirrored, watermark, scale }: FrameOptions) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('A canvas 2D context is needed to take a picture');
  const crop = coverCrop(video.videoWidth || width, video.videoHeight || height, width, height);
  context.save();
  if (mirrored) {
    context.translate(width, 0);
    context.scale(-1, 1);
  }
  context.drawImage(video, crop.x, crop.y, crop.width, crop.height, 0, 0, width, height);
  context.restore();
  if (watermark && watermark.naturalWidth > 0) {
    const w = watermark.naturalWidth * scale;
    const h = watermark.naturalHeight * scale;
    const margin = WATERMARK_MARGIN * scale;
    context.drawImage(watermark, width - w - margin, height - h - margin, w, h);
  }
  return { canvas, context };
}

/** A snap: the frame as a JPEG. */
export function snapPicture(video: HTMLVideoElement, options: FrameOptions): CapturedImage {
  const { canvas } = drawFrame(video, options);
  return { width: options.width, height: options.height, base64: canvas.toDataURL(SNAP_TYPE), isGif: false };
}

/** A GIF frame: the frame's pixels. */
export function grabGifFrame(video: HTMLVideoElement, options: FrameOptions): GifFrame {
  const { context } = drawFrame(video, options);
  const { data } = context.getImageData(0, 0, options.width, options.height);
  return { rgba: data, width: options.width, height: options.height };
}
