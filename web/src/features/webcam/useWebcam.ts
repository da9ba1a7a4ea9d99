// The webcam's behaviour (spec 002 §4, §9): the camera, the permission arrow after 1 s, the
// countdown, the flash's delay, the GIF's schedule and its encoding, and the keys (Shift held
// for the flash; Cmd or Alt for the mirror). The states are webcamMachine's; the markup is
// WebcamWidget's.
import { useEffect, useEffectEvent, useReducer, useRef } from 'react';
import { grabGifFrame, snapPicture, type FrameOptions } from './capture';
import { gifImage, type CapturedImage } from './capturedImage';
import type { GifFrame } from './gifEncoding';
import { gifFrameTimes, gifStartBufferMs } from './gifSchedule';
import { encodeGif } from './gifWorkerPool';
import { useCamera } from './useCamera';
import { watermarkSource } from './watermark';
import { webcamError, type WebcamError } from './webcamErrors';
import { COUNTDOWN_STEP_MS, initialWebcamState, recordingGif, webcamReducer } from './webcamMachine';
import {
  FLASH_DELAY_MS,
  gifFrameSize,
  PERMISSION_HINT_DELAY_MS,
  snapSize,
  type WebcamSettings,
} from './webcamSettings';

export interface WebcamOptions {
  settings: WebcamSettings;
  /** The photo or GIF the user chose to use (the camera is off by then). */
  onPicture(picture: CapturedImage): void;
  /** A user-media error: the widget is to close (§8). */
  onError(error: WebcamError): void;
}

/** The watermark's image, loaded once; null until it is (and when there is none). */
function useWatermark(url: string | null) {
  const image = useRef<HTMLImageElement | null>(null);
  useEffect(() => {
    if (url === null) return;
    const img = new Image();
    // From the assets host: without CORS it would taint the canvas and forbid the export.
    img.crossOrigin = 'anonymous';
    img.onload = () => (image.current = img);
    img.src = watermarkSource(url);
    return () => {
      img.onload = null;
      image.current = null;
    };
  }, [url]);
  return image;
}

/**
 * §4: Cmd or Alt toggles the mirror. It toggles on the key's release, and only when nothing
 * was clicked or typed while it was down: an Alt-click (skip the countdown) must not flip the
 * picture on the way.
 */
function useWebcamKeys(dispatch: (event: { type: 'shiftChanged'; held: boolean } | { type: 'mirrorToggled' }) => void) {
  useEffect(() => {
    let mirrorKeyAlone = false;
    const isMirrorKey = (e: KeyboardEvent) => e.key === 'Meta' || e.key === 'Alt';
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Shift') dispatch({ type: 'shiftChanged', held: true });
      if (isMirrorKey(e)) {
        if (!e.repeat) mirrorKeyAlone = true;
      } else {
        mirrorKeyAlone = false;
      }
    };
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.key === 'Shift') dispatch({ type: 'shiftChanged', held: false });
      if (isMirrorKey(e) && mirrorKeyAlone) dispatch({ type: 'mirrorToggled' });
      if (isMirrorKey(e)) mirrorKeyAlone = false;
    };
    const onPointerDown = () => (mirrorKeyAlone = false);
    // A key released in another window is never seen here.
    const onBlur = () => {
      mirrorKeyAlone = false;
      dispatch({ type: 'shiftChanged', held: false });
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('blur', onBlur);
    };
  }, [dispatch]);
}

export function useWebcam({ settings, onPicture, onError }: WebcamOptions) {
  const [state, dispatch] = useReducer(webcamReducer, settings, initialWebcamState);
  const latest = useRef(state);
  latest.current = state;
  const latestError = useRef(onError);
  latestError.current = onError;
  const snap = snapSize(settings);
  const camera = useCamera({ ...snap, onStarted: () => dispatch({ type: 'cameraStarted' }), onError });
  const watermark = useWatermark(settings.watermarkUrl);
  const frames = useRef<GifFrame[]>([]);
  useWebcamKeys(dispatch);

  /** The options of a picture `size` big, mirrored as the preview is now. */
  const frameOptions = (size: { width: number; height: number }): FrameOptions => ({
    ...size,
    mirrored: latest.current.mirrored,
    watermark: watermark.current,
    scale: size.width / settings.width,
  });

  /** Takes a picture from the video; a canvas that cannot is a webcam that failed. */
  const take = <T>(grab: (video: HTMLVideoElement) => T): T | null => {
    const video = camera.videoRef.current;
    if (!video) return null;
    try {
      return grab(video);
    } catch {
      camera.stop();
      latestError.current(webcamError('failed'));
      return null;
    }
  };

  useEffect(() => {
    const timer = setTimeout(() => dispatch({ type: 'permissionHintDue' }), PERMISSION_HINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  // §4: the countdown is one tick of 3 s, timed from the press; the seconds are for the dial.
  const counting = state.phase.name === 'countdown';
  useEffect(() => {
    if (!counting) return;
    const { countdownMs } = latest.current;
    const timers = [setTimeout(() => dispatch({ type: 'countdownEnded' }), countdownMs)];
    for (let at = COUNTDOWN_STEP_MS; at < countdownMs; at += COUNTDOWN_STEP_MS) {
      timers.push(setTimeout(() => dispatch({ type: 'countdownTicked' }), at));
    }
    return () => timers.forEach(clearTimeout);
  }, [counting]);

  // The phases' effects run as their phase begins; what they read (the settings, the video)
  // is read as they act, by effect events, not a reason to run again.
  const snapping = state.phase.name === 'snapping';
  const snapNow = useEffectEvent(() => {
    const picture = take((video) => snapPicture(video, frameOptions(snap)));
    if (picture) dispatch({ type: 'snapped', picture });
  });
  useEffect(() => {
    if (!snapping) return;
    // §9: a lit flash shows for 300 ms before the picture: it lights the face being taken.
    if (!latest.current.flashLit) {
      snapNow();
      return;
    }
    const timer = setTimeout(() => snapNow(), FLASH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [snapping]);

  const gifRunning = recordingGif(state.phase);
  const startGif = useEffectEvent(() => {
    frames.current = [];
    const size = gifFrameSize(settings);
    return [
      setTimeout(() => dispatch({ type: 'gifBufferEnded' }), gifStartBufferMs(settings)),
      ...gifFrameTimes(settings).map((at) =>
        setTimeout(() => {
          const frame = take((video) => grabGifFrame(video, frameOptions(size)));
          if (!frame) return;
          frames.current.push(frame);
          dispatch({ type: 'gifFrameTaken' });
        }, at),
      ),
    ];
  });
  useEffect(() => {
    if (!gifRunning) return;
    const timers = startGif();
    return () => timers.forEach(clearTimeout);
  }, [gifRunning]);

  const processing = state.phase.name === 'processing';
  const encodeFrames = useEffectEvent((cancelled: () => boolean) => {
    const { width, height } = gifFrameSize(settings);
    encodeGif(frames.current, { delayMs: settings.gifSpeed }).then(
      (bytes) => !cancelled() && dispatch({ type: 'gifEncoded', picture: gifImage(bytes, width, height) }),
      () => !cancelled() && dispatch({ type: 'gifFailed' }),
    );
    frames.current = [];
  });
  useEffect(() => {
    if (!processing) return;
    let cancelled = false;
    encodeFrames(() => cancelled);
    return () => {
      cancelled = true;
    };
  }, [processing]);

  /** Uses the previewed picture: the camera goes off, and the picture goes to the caller. */
  const choosePicture = () => {
    if (state.phase.name !== 'preview') return;
    camera.stop();
    onPicture(state.phase.picture);
  };

  return { state, dispatch, videoRef: camera.videoRef, choosePicture };
}
