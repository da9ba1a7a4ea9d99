// What may be uploaded (spec 001 §5 Uploads), checked before a file is sent, and the error
// alerts of spec 001 §8. The server checks the same limits; checking first saves sending
// 100 MB only to hear it is too much.
import type { FormLimits } from '../../../api/types/FormLimits';
import type { UploadKind } from '../model/postModel';
import {
  AUDIO_UPLOAD_FALLBACK,
  INLINE_IMAGE_UPLOAD_FALLBACK,
  PHOTO_UPLOAD_FALLBACK,
  VIDEO_TOO_LARGE,
  VIDEO_UPLOAD_FALLBACK,
} from '../strings';

/** The `accept` hint of each kind's file input (video: mp4, mov, wmv, as the spec's Chrome hint). */
export const ACCEPT: Record<UploadKind, string> = {
  photo: 'image/*',
  inlineImage: 'image/*',
  audio: 'audio/mpeg,audio/mp3,.mp3',
  albumArt: 'image/*',
  video: 'video/*,.mp4,.mov,.wmv',
};

function limitOf(kind: UploadKind, limits: FormLimits): number {
  switch (kind) {
    case 'photo':
    case 'inlineImage':
      return limits.photo_upload_bytes;
    case 'audio':
      return limits.audio_upload_bytes;
    case 'albumArt':
      return limits.album_art_upload_bytes;
    case 'video':
      return limits.video_upload_bytes;
  }
}

function typeAllowed(kind: UploadKind, file: File): boolean {
  const type = file.type.toLowerCase();
  switch (kind) {
    case 'photo':
    case 'inlineImage':
    case 'albumArt':
      return type.startsWith('image/');
    case 'audio':
      // MP3 only; some systems name no type for a .mp3, so its name decides then.
      return type === 'audio/mp3' || type === 'audio/mpeg' || (type === '' && /\.mp3$/i.test(file.name));
    case 'video':
      return type.startsWith('video/');
  }
}

/** "10 MB" for 10485760 bytes. */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1_048_576)} MB`;
}

/**
 * Why `file` may not be uploaded as `kind`, or null. These two texts are not in the spec
 * (it gives only the limits); a video over its limit gets the spec's own 'Video file is too
 * large', which opens the 100MB dialog.
 */
export function uploadProblem(kind: UploadKind, file: File, limits: FormLimits): string | null {
  if (!typeAllowed(kind, file)) return 'This type of file cannot be uploaded here.';
  const limit = limitOf(kind, limits);
  if (file.size > limit) return kind === 'video' ? VIDEO_TOO_LARGE : `The file is larger than ${megabytes(limit)}.`;
  return null;
}

/** §8: the message to alert for a failed upload of `kind`, from the server's messages. */
export function uploadErrorText(kind: UploadKind, messages: string[], fileName: string): string {
  const said = messages.filter((m) => m.trim()).join(' ');
  switch (kind) {
    case 'photo':
      // The file name followed by the error message(s).
      return `${fileName}: ${said || PHOTO_UPLOAD_FALLBACK}`;
    case 'inlineImage':
      return said || INLINE_IMAGE_UPLOAD_FALLBACK;
    case 'video':
      return said || VIDEO_UPLOAD_FALLBACK;
    case 'audio':
    case 'albumArt':
      return said || AUDIO_UPLOAD_FALLBACK;
  }
}

/** §8: a video too large gets the 100MB dialog instead of an alert. */
export function isVideoTooLarge(messages: string[]): boolean {
  return messages.some((m) => m.trim().replace(/\.$/, '') === VIDEO_TOO_LARGE);
}

/** The 100MB dialog (§8: the exact words are not given; this says what the spec says it says). */
export const VIDEO_TOO_LARGE_DIALOG =
  'Sorry, we can only handle 100MB at a time. Try uploading your video to a video site and posting its link instead.';
export const VIDEO_TOO_LARGE_UPLOAD_ELSEWHERE = 'Upload to Vimeo';
