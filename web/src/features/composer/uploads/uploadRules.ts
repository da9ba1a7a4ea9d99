// What may be uploaded for each kind (spec 001 §5 Uploads), as the upload component's rules
// (spec 002 §5: its size and type errors), and the error alerts of spec 001 §8. The server
// checks the same limits; checking first saves sending 100 MB only to hear it is too much.
import { errorDetails } from '../../../api/client';
import type { ComposerLimits } from '../../../api/composerModels';
import { IMAGE_FILTER, UploadError, uploadProblemOf, WOOPS, type FileFilter, type UploadRules } from '../../upload';
import type { UploadKind } from '../model/postModel';
import {
  AUDIO_UPLOAD_FALLBACK,
  INLINE_IMAGE_UPLOAD_FALLBACK,
  VIDEO_TOO_LARGE,
  VIDEO_UPLOAD_FALLBACK,
} from '../strings';

const MP3_FILTER: FileFilter = {
  name: 'audio',
  accept: 'audio/mpeg,audio/mp3,.mp3',
  // MP3 only; some systems name no type for a .mp3, so its name decides then.
  matches: (file) => {
    const type = file.type.toLowerCase();
    return type === 'audio/mp3' || type === 'audio/mpeg' || (type === '' && /\.mp3$/i.test(file.name));
  },
};

const VIDEO_FILTER: FileFilter = {
  name: 'video',
  // mp4, mov, wmv: the spec's accept hint for Chrome.
  accept: 'video/*,.mp4,.mov,.wmv',
  matches: (file) => file.type.toLowerCase().startsWith('video/'),
};

const FILTERS: Record<UploadKind, FileFilter> = {
  photo: IMAGE_FILTER,
  inlineImage: IMAGE_FILTER,
  albumArt: IMAGE_FILTER,
  audio: MP3_FILTER,
  video: VIDEO_FILTER,
};

/** What the filetype error calls each kind's files ('This is not valid image file.'). */
const MEDIA_TYPES: Record<UploadKind, string> = {
  photo: 'image',
  inlineImage: 'image',
  albumArt: 'image',
  audio: 'audio',
  video: 'video',
};

/** The `accept` hint of each kind's file input. */
export const ACCEPT = Object.fromEntries(
  Object.entries(FILTERS).map(([kind, filter]) => [kind, filter.accept]),
) as Record<UploadKind, string>;

function limitOf(kind: UploadKind, limits: ComposerLimits): number {
  switch (kind) {
    case 'photo':
    case 'inlineImage':
      return limits.photoUploadBytes;
    case 'audio':
      return limits.audioUploadBytes;
    case 'albumArt':
      return limits.albumArtUploadBytes;
    case 'video':
      return limits.videoUploadBytes;
  }
}

/** The upload component's rules for `kind`: its limit, its filter, and the media type its filetype error names. */
export function uploadRulesFor(kind: UploadKind, limits: ComposerLimits): UploadRules {
  return { maxUploadSize: limitOf(kind, limits), filter: FILTERS[kind], mediaType: MEDIA_TYPES[kind] };
}

/**
 * Why `file` may not be uploaded as `kind`, or null: the upload component's size and type
 * errors (spec 002 §5), except that a video over its limit gets the server's own 'Video file
 * is too large', which opens the 100MB dialog (spec 001 §8).
 */
export function uploadProblem(kind: UploadKind, file: File, limits: ComposerLimits): string | null {
  const problem = uploadProblemOf(file, uploadRulesFor(kind, limits));
  if (problem?.kind === 'filesize' && kind === 'video') return VIDEO_TOO_LARGE;
  return problem?.message ?? null;
}

/** The messages an upload failure carries. */
export function messagesOf(err: unknown): string[] {
  if (err instanceof UploadError) return err.messages;
  return errorDetails(err);
}

/**
 * An answer that came back without what was uploaded (its `error`, or no URL): a failure as
 * the server's refusal is, with its error as the message if it gave one.
 */
export function refusedInAnswer(error: string | null | undefined): UploadError {
  return new UploadError('server', error || WOOPS, { status: 200, messages: error ? [error] : [] });
}

/** §8: the message to alert for a failed upload of `kind` of the file (or address) `fileName`. */
export function uploadErrorText(kind: UploadKind, err: unknown, fileName: string): string {
  const said = messagesOf(err)
    .filter((m) => m.trim())
    .join(' ');
  switch (kind) {
    case 'photo':
      // The file name followed by the error message(s), else the upload component's own
      // text ('Woops :(', or 'Upload error' when no answer came: spec 002 §8).
      return `${fileName}: ${said || (err instanceof UploadError ? err.message : WOOPS)}`;
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
