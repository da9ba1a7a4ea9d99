// The webcam's states (spec 002 §4 Webcam) as a reducer: waiting for the camera (with the
// permission arrow after 1 s), running with its controls, the snap's countdown, the picture
// taken (behind the flash), the GIF's start buffer, its frames and its processing, and the
// preview with its retake. Timers, the camera and the canvas are useWebcam's.
import type { CapturedImage } from './capturedImage';
import type { WebcamSettings } from './webcamSettings';

export type WebcamPhase =
  /** The camera was asked for: the browser may be asking the user. */
  | { name: 'starting' }
  /** The camera runs; snap and GIF wait for a press. */
  | { name: 'live' }
  /** The snap's countdown: whole seconds left. */
  | { name: 'countdown'; remainingS: number }
  /** The picture is being taken (after the flash's delay when it is lit). */
  | { name: 'snapping' }
  /** The GIF's start buffer. */
  | { name: 'gifStarting' }
  /** The GIF's frames: how many are taken. */
  | { name: 'gifRecording'; taken: number }
  /** The GIF's frames are being encoded. */
  | { name: 'processing' }
  /** The snapped photo or the encoded GIF, to use or retake. */
  | { name: 'preview'; picture: CapturedImage };

export interface WebcamState {
  phase: WebcamPhase;
  /** §4: permission was still pending after 1 s. */
  permissionHint: boolean;
  /** The preview, and so the picture, is mirrored. */
  mirrored: boolean;
  /** The flash button's setting. */
  flash: boolean;
  /** §4: holding Shift turns the flash on while it is held. */
  shiftHeld: boolean;
  /** The flash is lit now, for the picture about to be taken. */
  flashLit: boolean;
  /** A failure said to the user (the GIF could not be made), until the next press. */
  failed: boolean;
  /** The countdown's length: one tick (§9: 3000 ms), and its whole seconds. */
  countdownMs: number;
  countdownS: number;
  gifFrameCount: number;
  enableFlash: boolean;
  enableGifMode: boolean;
}

export type WebcamEvent =
  | { type: 'cameraStarted' }
  | { type: 'permissionHintDue' }
  /** §4: an option-key (Alt) click skips the countdown. */
  | { type: 'snapPressed'; skipCountdown: boolean }
  /** A second of the countdown passed (the dial's number). */
  | { type: 'countdownTicked' }
  /** The countdown's one tick (3 s) is over: the picture is taken. */
  | { type: 'countdownEnded' }
  | { type: 'snapped'; picture: CapturedImage }
  | { type: 'gifPressed' }
  | { type: 'gifBufferEnded' }
  | { type: 'gifFrameTaken' }
  | { type: 'gifEncoded'; picture: CapturedImage }
  | { type: 'gifFailed' }
  | { type: 'retakePressed' }
  | { type: 'flashToggled' }
  | { type: 'shiftChanged'; held: boolean }
  | { type: 'mirrorToggled' };

/** The dial's number counts down the countdown's seconds; the snap waits for the whole tick. */
export const COUNTDOWN_STEP_MS = 1000;

export function initialWebcamState(settings: WebcamSettings): WebcamState {
  return {
    phase: { name: 'starting' },
    permissionHint: false,
    mirrored: settings.mirrored,
    flash: settings.flash,
    shiftHeld: false,
    flashLit: false,
    failed: false,
    countdownMs: settings.defaultTimer,
    countdownS: Math.ceil(settings.defaultTimer / COUNTDOWN_STEP_MS),
    gifFrameCount: settings.gifFrameCount,
    enableFlash: settings.enableFlash,
    enableGifMode: settings.enableGifMode,
  };
}

/** The flash lights for a snap when it is enabled and switched on, or Shift is held. */
function snapping(state: WebcamState): WebcamState {
  return { ...state, phase: { name: 'snapping' }, flashLit: state.enableFlash && (state.flash || state.shiftHeld) };
}

export function webcamReducer(state: WebcamState, event: WebcamEvent): WebcamState {
  const { phase } = state;
  switch (event.type) {
    case 'cameraStarted':
      return phase.name === 'starting' ? { ...state, phase: { name: 'live' }, permissionHint: false } : state;
    case 'permissionHintDue':
      return phase.name === 'starting' ? { ...state, permissionHint: true } : state;
    case 'snapPressed':
      if (phase.name !== 'live') return state;
      if (event.skipCountdown || state.countdownS === 0) return snapping({ ...state, failed: false });
      return { ...state, failed: false, phase: { name: 'countdown', remainingS: state.countdownS } };
    case 'countdownTicked':
      if (phase.name !== 'countdown' || phase.remainingS <= 1) return state;
      return { ...state, phase: { name: 'countdown', remainingS: phase.remainingS - 1 } };
    case 'countdownEnded':
      return phase.name === 'countdown' ? snapping(state) : state;
    case 'snapped':
      return phase.name === 'snapping' ? { ...state, phase: { name: 'preview', picture: event.picture }, flashLit: false } : state;
    case 'gifPressed':
      return phase.name === 'live' && state.enableGifMode ? { ...state, failed: false, phase: { name: 'gifStarting' } } : state;
    case 'gifBufferEnded':
      return phase.name === 'gifStarting' ? { ...state, phase: { name: 'gifRecording', taken: 0 } } : state;
    case 'gifFrameTaken': {
      if (phase.name !== 'gifRecording') return state;
      const taken = phase.taken + 1;
      return { ...state, phase: taken >= state.gifFrameCount ? { name: 'processing' } : { name: 'gifRecording', taken } };
    }
    case 'gifEncoded':
      return phase.name === 'processing' ? { ...state, phase: { name: 'preview', picture: event.picture } } : state;
    case 'gifFailed':
      return phase.name === 'processing' ? { ...state, phase: { name: 'live' }, failed: true } : state;
    case 'retakePressed':
      // §4: retake goes back to the snap button.
      return phase.name === 'preview' ? { ...state, phase: { name: 'live' } } : state;
    case 'flashToggled':
      return { ...state, flash: !state.flash };
    case 'shiftChanged':
      return state.shiftHeld === event.held ? state : { ...state, shiftHeld: event.held };
    case 'mirrorToggled':
      return { ...state, mirrored: !state.mirrored };
  }
}

/** §4: the flash shows as on while its button is on or Shift is held. */
export function flashOn(state: WebcamState): boolean {
  return state.enableFlash && (state.flash || state.shiftHeld);
}

/** The GIF is being recorded: its start buffer or its frames. */
export function recordingGif(phase: WebcamPhase): boolean {
  return phase.name === 'gifStarting' || phase.name === 'gifRecording';
}
