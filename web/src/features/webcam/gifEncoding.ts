// A webcam GIF's encoding with gifenc (spec 002 §4 GIF flow, §9: 3 workers, quality 1). Each
// frame is encoded on its own, in a worker: its colours chosen, its pixels indexed and
// compressed. The frames' bytes are then joined into one GIF here. The first frame carries
// the screen descriptor, the global palette and the loop; the others bring local palettes.
import { applyPalette, GIFEncoder, quantize } from 'gifenc';

/** A frame's pixels (RGBA, as a canvas's ImageData holds them). */
export interface GifFrame {
  rgba: Uint8ClampedArray;
  width: number;
  height: number;
}

/** What a worker is asked: encode frame `id`. */
export interface GifFrameJob extends GifFrame {
  id: number;
  /** How long the frame shows (ms). */
  delayMs: number;
  /** The GIF's first frame (it carries what the whole GIF shares). */
  first: boolean;
}

/** What a worker answers. */
export type GifFrameDone = { id: number; bytes: Uint8Array } | { id: number; error: string };

/**
 * §9 quality 1: gif.js's best quality, where every pixel is sampled when the palette is
 * chosen. gifenc's quantizer always looks at every pixel; its finest colour space (rgb565)
 * and the full 256 colours are its best.
 */
const COLOR_FORMAT = 'rgb565';
const MAX_COLORS = 256;
/** Loop forever. */
const REPEAT_FOREVER = 0;

const GIF_HEADER = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]; // 'GIF89a'
const GIF_TRAILER = 0x3b;

/** One frame's bytes: what goes between the GIF's header and its trailer. */
export function encodeGifFrame({ rgba, width, height, delayMs, first }: Omit<GifFrameJob, 'id'>): Uint8Array {
  const palette = quantize(rgba, MAX_COLORS, { format: COLOR_FORMAT });
  const index = applyPalette(rgba, palette, COLOR_FORMAT);
  const encoder = GIFEncoder({ auto: false });
  encoder.writeFrame(index, width, height, { palette, delay: delayMs, first, repeat: REPEAT_FOREVER });
  return encoder.bytes();
}

/** The GIF: the header, the frames' bytes in order, the trailer. */
export function assembleGif(frames: Uint8Array[]): Uint8Array {
  const size = GIF_HEADER.length + frames.reduce((sum, f) => sum + f.length, 0) + 1;
  const gif = new Uint8Array(size);
  gif.set(GIF_HEADER, 0);
  let at = GIF_HEADER.length;
  for (const frame of frames) {
    gif.set(frame, at);
    at += frame.length;
  }
  gif[at] = GIF_TRAILER;
  return gif;
}
