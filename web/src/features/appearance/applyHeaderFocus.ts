// Apply in the header image's focus step: the framed region is cropped in the browser and
// goes up with upload_photo (the call the header image has always used, docs/api.md: the
// theme takes only this server's uploads), beside the original when it is newly chosen.
// The theme then takes the original as header_image (its size as header_image_dimens) and
// the crop as header_image_focused, which is what every blog card shows.
import type { ApiClient } from '../../api/client';
import { errorDetails } from '../../api/client';
import { BLOG_HEADER_ASPECT } from '../blogCard';
import { uploadFile } from '../composer';
import type { HeaderImageChange } from './appearanceDraft';
import { cropToFile, cropTypeOf, croppedFileName, CropError } from './headerCrop';
import { croppedSize, type Frame } from './headerFocus';

/** What the focus step frames: a file just chosen (read as a data: address), or the saved original. */
export type FocusSource = { kind: 'new'; file: File; url: string } | { kind: 'existing'; url: string };

interface UploadedPhoto {
  url: string;
  width: number;
  height: number;
}

const UNCHANGED = 'Your header image is unchanged.';

/** A failed Apply, its message ready to show. */
export class ApplyError extends Error {
  constructor(message: string) {
    super(`${message} ${UNCHANGED}`);
    this.name = 'ApplyError';
  }
}

/** What the field says when the image cannot be shown for framing at all. */
export function unreadableMessage(kind: FocusSource['kind']): string {
  return kind === 'new'
    ? `That file could not be read as an image: choose a JPEG, PNG, GIF or WebP. ${UNCHANGED}`
    : `The header image could not be loaded to adjust it. ${UNCHANGED}`;
}

/** One photo up; a refusal (its `error`) becomes the failure. Aborts with `signal`. */
async function uploadHeaderPhoto(api: ApiClient, file: File, signal: AbortSignal): Promise<UploadedPhoto> {
  const running = uploadFile(api, 'photo', file, () => {});
  signal.addEventListener('abort', () => running.abort(), { once: true });
  const photo = await running.done;
  if (!photo?.url) throw new Error(photo?.error ?? 'The image could not be uploaded.');
  return { url: photo.url, width: photo.width, height: photo.height };
}

/**
 * Originals already uploaded, by the chosen file: when the crop's upload fails, Apply again
 * sends only the crop. Weak, so a file the owner moved on from is forgotten with it.
 */
const uploadedOriginals = new WeakMap<File, UploadedPhoto>();

async function uploadOriginal(api: ApiClient, file: File, signal: AbortSignal): Promise<UploadedPhoto> {
  const known = uploadedOriginals.get(file);
  if (known) return known;
  const photo = await uploadHeaderPhoto(api, file, signal);
  uploadedOriginals.set(file, photo);
  return photo;
}

/**
 * Crops `image` (the source, loaded) to `frame`, uploads what is needed and answers the
 * draft's change. Rejects with an ApplyError saying what failed; nothing changes then.
 */
export async function applyHeaderFocus(
  api: ApiClient,
  source: FocusSource,
  image: CanvasImageSource,
  frame: Frame,
  signal: AbortSignal,
): Promise<HeaderImageChange> {
  const type = cropTypeOf(source.kind === 'new' ? source.file.type : source.url);
  const name = croppedFileName(source.kind === 'new' ? source.file.name : source.url, type);
  let crop: File;
  try {
    crop = await cropToFile(image, frame, croppedSize(frame, BLOG_HEADER_ASPECT), type, name);
  } catch (err) {
    throw new ApplyError(err instanceof CropError ? err.message : 'The image could not be cropped.');
  }
  try {
    // Both at once: the original is the larger file, and the crop need not wait for it.
    const [original, focused] = await Promise.all([
      source.kind === 'new' ? uploadOriginal(api, source.file, signal) : null,
      uploadHeaderPhoto(api, crop, signal),
    ]);
    if (!original) return { theme: { headerImageFocused: focused.url } };
    return {
      theme: { headerImage: original.url, headerImageFocused: focused.url },
      dimens: { width: original.width, height: original.height },
    };
  } catch (err) {
    const details = errorDetails(err).join(' ');
    // The upload's own messages may end without a stop ('Upload error').
    throw new ApplyError(`The header image could not be uploaded: ${details}${/[.!?)]$/.test(details) ? '' : '.'}`);
  }
}
