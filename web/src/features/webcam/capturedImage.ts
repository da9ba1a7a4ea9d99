// A captured image (spec 002 §3: width, height, base64 and isGif) and the file it becomes
// when the post takes it (selfie.jpg or selfie.gif, uploaded as a chosen file is).
import { SNAP_TYPE } from './webcamSettings';

export interface CapturedImage {
  width: number;
  height: number;
  /** The image as a data URL (what the preview shows). */
  base64: string;
  isGif: boolean;
}

const GIF_TYPE = 'image/gif';

/** The file a post uploads for a captured image. */
export function capturedImageFile(image: CapturedImage): File {
  const comma = image.base64.indexOf(',');
  const binary = atob(image.base64.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return image.isGif
    ? new File([bytes], 'selfie.gif', { type: GIF_TYPE })
    : new File([bytes], 'selfie.jpg', { type: SNAP_TYPE });
}

/** A GIF's bytes as a captured image. */
export function gifImage(bytes: Uint8Array, width: number, height: number): CapturedImage {
  // In slices: String.fromCharCode takes its bytes as arguments, and there is a limit to those.
  const SLICE = 0x8000;
  let binary = '';
  for (let i = 0; i < bytes.length; i += SLICE) binary += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  return { width, height, base64: `data:${GIF_TYPE};base64,${btoa(binary)}`, isGif: true };
}
