// The webcam capture widget of spec 002 (§2, §3, §4, §5, §8, §9): a photo or a 4-frame GIF
// from the user's camera. The photo form's 'Take a selfie' (spec 001 §2) opens it in a dialog.
export { SelfieButton } from './components/SelfieButton';
export { WebcamDialog } from './components/WebcamDialog';
export { WebcamWidget } from './components/WebcamWidget';
export { capturedImageFile, type CapturedImage } from './capturedImage';
export type { WebcamError, WebcamErrorKind } from './webcamErrors';
export { webcamSettings, type WebcamSettings } from './webcamSettings';
