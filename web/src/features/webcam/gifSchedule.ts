// When a webcam GIF's frames are taken (spec 002 §4 GIF flow, §9): a start buffer, then one
// frame at the end of each tick, 4 ticks of 1000 ms. The frames are then played 200 ms apart
// (gifSpeed): the GIF runs faster than it was taken.
import type { WebcamSettings } from './webcamSettings';

type GifTiming = Pick<WebcamSettings, 'timePerFrame' | 'gifFrameCount'>;

/**
 * The start buffer: the time to get ready once GIF is pressed. The spec names it without a
 * length; it is one tick, the time each frame gets.
 */
export function gifStartBufferMs({ timePerFrame }: GifTiming): number {
  return timePerFrame;
}

/** When each frame is taken, in ms from pressing GIF. */
export function gifFrameTimes(timing: GifTiming): number[] {
  const buffer = gifStartBufferMs(timing);
  return Array.from({ length: timing.gifFrameCount }, (_, i) => buffer + (i + 1) * timing.timePerFrame);
}
