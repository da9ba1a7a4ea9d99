// The webcam's texts. Spec 002 writes out only two of them (§5 Webcam watermark); spec 001 §8
// says what the no-webcam alert is about but not its words. The rest are ours, kept here so a
// reader can see every word the widget says in one place.

/** 002 §5: a watermark that is neither a PNG data URL nor a root-relative path. */
export const WATERMARK_INVALID = 'Webcam watermark must be an absolute path or base64-encoded image.';
/** 002 §5: a browser without getUserMedia. */
export const NO_GET_USER_MEDIA = 'VideoStream: Cannot initialize without getUserMedia support';

/** 001 §8: no camera found: the photo form alerts that a selfie needs one. */
export const WEBCAM_NEEDED = 'You need a webcam to take a selfie.';
/** The camera was refused (by the user or by the browser's settings). */
export const WEBCAM_BLOCKED = "Your browser isn't letting us use your webcam. Allow it in the browser's settings, and try again.";
/** The camera is there but would not start (another program holds it, or it failed). */
export const WEBCAM_BUSY = "Your webcam didn't start. Another program may be using it.";
/** 002 §4: the stream broke while the widget was open (the camera was unplugged). */
export const WEBCAM_STOPPED = 'Your webcam stopped.';
/** Anything else getUserMedia may answer. */
export const WEBCAM_FAILED = "Your webcam couldn't be started.";
/** The GIF's encoding failed; the widget goes back to the camera. */
export const GIF_FAILED = "The GIF couldn't be made. Try again?";

/** 002 §4: the permission arrow, shown while the browser's own prompt waits for an answer. */
export const PERMISSION_HINT = 'Click Allow, up there, to use your webcam';

/** The widget's name (the dialog's) and its controls (002 §2). */
export const WEBCAM_LABEL = 'Webcam';
export const FLASH = 'Flash';
export const FLASH_TIP = 'Flash (or hold Shift)';
export const SNAP = 'Snap';
export const SNAP_TIP = 'Snap a photo (Alt-click: no countdown)';
export const GIF = 'GIF';
export const GIF_TIP = 'Make a GIF';
export const RETAKE = 'Retake';
export const PROCESSING = 'Processing';
export const REMOVE = 'Remove';
export const REMOVE_TIP = 'Close the webcam';
export const USE_PHOTO = 'Use this photo';
export const USE_GIF = 'Use this GIF';
/** The keys (§4), said under the controls. */
export const KEYS_HINT = 'Hold Shift for the flash. Press Cmd or Alt to mirror the picture.';

/** What the widget's live region says at each step (the countdown is announced). */
export const announce = {
  countdown: (seconds: number) => `${seconds}`,
  gifStarting: (frames: number) => `Get ready: a GIF of ${frames} frames`,
  gifFrame: (frame: number, frames: number) => `Frame ${frame} of ${frames}`,
  processing: 'Making the GIF',
  photoTaken: 'Photo taken',
  gifMade: 'GIF made',
} as const;
