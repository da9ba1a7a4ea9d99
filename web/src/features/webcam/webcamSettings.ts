// The webcam's settings (spec 002 §3 Webcam settings) and its numbers (§9 Webcam).
import { watermarkSource } from './watermark';

/** §9: the camera's size; retina doubles the snapped picture's canvas. */
export const WEBCAM_WIDTH = 540;
export const WEBCAM_HEIGHT = 405;
/** §9: the snap's countdown: one tick of 3 s. */
export const COUNTDOWN_MS = 3000;
/** §9: a GIF is 4 frames, one per tick of 1000 ms, played 200 ms apart, at half size. */
export const GIF_FRAME_COUNT = 4;
export const GIF_TIME_PER_FRAME_MS = 1000;
export const GIF_FRAME_DELAY_MS = 200;
export const GIF_SCALE = 0.5;
/** §9: 3 encoder workers, quality 1 (the best: every pixel counts when choosing colours). */
export const GIF_ENCODER_WORKERS = 3;
/** §9: the flash is lit 300 ms before the picture is taken, then fades out over 250 ms. */
export const FLASH_DELAY_MS = 300;
export const FLASH_MS = 250;
/** §9: a snap is a JPEG. */
export const SNAP_TYPE = 'image/jpeg';
/** §9: the controls hide this long after the pointer leaves the widget. */
export const CONTROLS_HIDE_DELAY_MS = 500;
/** §9: the primary button's width; 150 when it holds the GIF button too. */
export const PRIMARY_WIDTH = 60;
export const PRIMARY_WIDTH_WITH_GIF = 150;
/** §9: the permission arrow shows when permission is still pending after this long. */
export const PERMISSION_HINT_DELAY_MS = 1000;

/**
 * §3 Webcam settings. `enabled` is not here: whether the selfie can be offered at all (it is
 * switched off when no camera is found, 001 §8) belongs to the form that offers it.
 */
export interface WebcamSettings {
  /** A PNG data URL, or a root-relative path (prefixed with the assets host); null: none. */
  watermarkUrl: string | null;
  width: number;
  height: number;
  retina: boolean;
  mirrored: boolean;
  flash: boolean;
  defaultTimer: number;
  timePerFrame: number;
  gifFrameCount: number;
  gifSpeed: number;
  enableFlash: boolean;
  enableGifMode: boolean;
  enableRemove: boolean;
}

/** The settings a widget has unless told otherwise (a selfie is shown mirrored, as in a mirror). */
export function defaultWebcamSettings(): WebcamSettings {
  return {
    watermarkUrl: null,
    width: WEBCAM_WIDTH,
    height: WEBCAM_HEIGHT,
    retina: typeof window !== 'undefined' && window.devicePixelRatio > 1,
    mirrored: true,
    flash: false,
    defaultTimer: COUNTDOWN_MS,
    timePerFrame: GIF_TIME_PER_FRAME_MS,
    gifFrameCount: GIF_FRAME_COUNT,
    gifSpeed: GIF_FRAME_DELAY_MS,
    enableFlash: true,
    enableGifMode: true,
    enableRemove: true,
  };
}

/**
 * The settings with `overrides` applied. Throws (§5) when the watermark is neither a PNG data
 * URL nor a root-relative path: a mistake in the code that opens the widget, not the user's.
 */
export function webcamSettings(overrides: Partial<WebcamSettings> = {}): WebcamSettings {
  const settings = { ...defaultWebcamSettings(), ...overrides };
  if (settings.watermarkUrl !== null) watermarkSource(settings.watermarkUrl);
  return settings;
}

/** The snapped picture's canvas: the camera's size, doubled on a retina screen (§9). */
export function snapSize(settings: WebcamSettings): { width: number; height: number } {
  const scale = settings.retina ? 2 : 1;
  return { width: settings.width * scale, height: settings.height * scale };
}

/** A GIF frame: half the camera's size (§9). */
export function gifFrameSize(settings: WebcamSettings): { width: number; height: number } {
  return { width: Math.round(settings.width * GIF_SCALE), height: Math.round(settings.height * GIF_SCALE) };
}
