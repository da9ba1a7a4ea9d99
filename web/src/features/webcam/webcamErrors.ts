// What a getUserMedia failure means for the user (spec 002 §5, §8 Webcam; 001 §8 Webcam). A
// user-media error closes the widget and is handed to whoever opened it: the photo form
// alerts its text, and a missing camera also switches the selfie off.
import {
  NO_GET_USER_MEDIA,
  WEBCAM_BLOCKED,
  WEBCAM_BUSY,
  WEBCAM_FAILED,
  WEBCAM_NEEDED,
  WEBCAM_STOPPED,
} from './strings';

export type WebcamErrorKind = 'unsupported' | 'noDevice' | 'blocked' | 'busy' | 'stopped' | 'failed';

export interface WebcamError {
  kind: WebcamErrorKind;
  /** What the user is told. */
  text: string;
}

const TEXTS: Record<WebcamErrorKind, string> = {
  unsupported: NO_GET_USER_MEDIA,
  noDevice: WEBCAM_NEEDED,
  blocked: WEBCAM_BLOCKED,
  busy: WEBCAM_BUSY,
  stopped: WEBCAM_STOPPED,
  failed: WEBCAM_FAILED,
};

/**
 * getUserMedia's DOMException names (and the older Chrome names for the same failures). A
 * camera that cannot meet the constraints is as good as no camera for the widget.
 */
const KIND_BY_NAME: Record<string, WebcamErrorKind> = {
  NotFoundError: 'noDevice',
  DevicesNotFoundError: 'noDevice',
  OverconstrainedError: 'noDevice',
  ConstraintNotSatisfiedError: 'noDevice',
  NotAllowedError: 'blocked',
  PermissionDeniedError: 'blocked',
  SecurityError: 'blocked',
  NotReadableError: 'busy',
  TrackStartError: 'busy',
  AbortError: 'busy',
};

export function webcamError(kind: WebcamErrorKind): WebcamError {
  return { kind, text: TEXTS[kind] };
}

/** The error a getUserMedia rejection stands for. */
export function webcamErrorOf(reason: unknown): WebcamError {
  const name = typeof reason === 'object' && reason !== null && 'name' in reason ? String(reason.name) : '';
  return webcamError(KIND_BY_NAME[name] ?? 'failed');
}
