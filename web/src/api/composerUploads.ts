// The composer's uploads (spec 001 §7, docs/api.md "Uploads"): each kind's path and multipart
// field, and the one place where an upload's answer becomes a client model. The files go
// through the upload component (features/upload, XMLHttpRequest for the progress), which
// hands back the answer's `response` as parsed JSON: it is the generated type of its kind.
import type { ApiClient } from './client';
import type { AlbumArtUpload } from './types/AlbumArtUpload';
import type { AudioUpload } from './types/AudioUpload';
import type { CopyrightRefusal } from './types/CopyrightRefusal';
import type { ImageUrlForm } from './types/ImageUrlForm';
import type { ImageUrlUpload } from './types/ImageUrlUpload';
import type { PhotoUploads } from './types/PhotoUploads';
import type { TextImageUpload } from './types/TextImageUpload';
import type { UploadField } from './types/UploadField';
import type { VideoUpload } from './types/VideoUpload';

/** What an upload is for (spec 001 §5 Uploads). */
export type UploadKind = 'photo' | 'inlineImage' | 'audio' | 'albumArt' | 'video';

/** Where each kind goes, in which multipart field. */
export const UPLOAD_ROUTES: Record<UploadKind, { endpoint: string; field: UploadField }> = {
  photo: { endpoint: '/svc/post/upload_photo', field: 'photo' },
  inlineImage: { endpoint: '/svc/post/upload_text_image', field: 'image' },
  audio: { endpoint: '/svc/post/upload_audio', field: 'audio' },
  albumArt: { endpoint: '/svc/post/upload_album_art', field: 'album_art' },
  video: { endpoint: '/svc/post/upload_video', field: 'video' },
};

/**
 * A file the server kept: where it is ('' when it kept nothing), or its refusal (an answer
 * with an error is a failure, though it comes as a success).
 */
export interface UploadedFile {
  url: string;
  error: string | null;
}

/** An image kept, with its size in pixels. */
export interface UploadedImage extends UploadedFile {
  width: number;
  height: number;
}

/** A photo of a photo post, with the name it was chosen under. */
export interface UploadedPhoto extends UploadedImage {
  originalFilename: string;
}

/** An MP3 kept, with its tags and the album art found in it. */
export interface UploadedAudio extends UploadedFile {
  albumArtUrl: string | null;
  trackTitle: string;
  trackArtist: string;
  trackAlbum: string;
}

/** What each kind answers; a photo upload its one photo (null when it answers none). */
export interface UploadAnswers {
  photo: UploadedPhoto | null;
  inlineImage: UploadedImage;
  audio: UploadedAudio;
  albumArt: UploadedFile;
  video: UploadedFile;
}

function uploadedPhotoFromWire(answer: unknown): UploadedPhoto | null {
  // One file is sent at a time: its answer lists one photo.
  const photo = (answer as PhotoUploads | null)?.photos?.[0];
  if (!photo) return null;
  return {
    url: photo.url ?? '',
    error: photo.error,
    width: photo.width,
    height: photo.height,
    originalFilename: photo.original_filename,
  };
}

function uploadedImageFromWire(answer: unknown): UploadedImage {
  const w = answer as TextImageUpload | ImageUrlUpload;
  return { url: w.url, error: w.error, width: w.width, height: w.height };
}

function uploadedAudioFromWire(answer: unknown): UploadedAudio {
  const w = answer as AudioUpload;
  return {
    url: w.url,
    error: w.error,
    albumArtUrl: w.album_art_url,
    trackTitle: w.id3.Title,
    trackArtist: w.id3.Artist,
    trackAlbum: w.id3.Album,
  };
}

function uploadedFileFromWire(answer: unknown): UploadedFile {
  const w = answer as AlbumArtUpload | VideoUpload;
  return { url: w.url, error: w.error };
}

/** Each kind's answer, from the JSON the upload component read. */
export const uploadAnswerFromWire: { [K in UploadKind]: (answer: unknown) => UploadAnswers[K] } = {
  photo: uploadedPhotoFromWire,
  inlineImage: uploadedImageFromWire,
  audio: uploadedAudioFromWire,
  albumArt: uploadedFileFromWire,
  video: uploadedFileFromWire,
};

/**
 * upload_audio's copyright refusal (spec 001 §7, §8 Audio upload error): a recording the server
 * recognises as copyrighted is answered 403 with `response` {"is_copyright": true, "message",
 * "search_string"}, and the audio post falls back to searching the services for it.
 */
export interface AudioCopyright {
  /** The server's copyright warning, shown above the search ('' when the answer has none). */
  warning: string;
  /** What to search for instead ("artist title"). */
  searchString: string;
}

/**
 * The copyright refusal a refused upload's `response` is, or null for anything else. The body
 * comes through the upload's XHR untyped, so its shape (the generated CopyrightRefusal) is
 * checked, not assumed: what does not look like it is an ordinary upload failure.
 */
export function audioCopyrightFromWire(response: unknown): AudioCopyright | null {
  const w = response as { [K in keyof CopyrightRefusal]?: unknown } | null;
  if (typeof w !== 'object' || w === null || w.is_copyright !== true) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return { warning: text(w.message), searchString: text(w.search_string) };
}

/** POST /svc/post/upload_image_url: a photo added from a web address, copied to the server. */
export function uploadImageUrl(api: ApiClient, url: string): Promise<UploadedImage> {
  return api.post<ImageUrlUpload, ImageUrlForm>('/svc/post/upload_image_url', { url }).then(uploadedImageFromWire);
}
