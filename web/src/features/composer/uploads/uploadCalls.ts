// The upload calls of spec 001 §7, one function each: which path and which multipart field.
import type { ApiClient } from '../../../api/client';
import type { AlbumArtUpload } from '../../../api/types/AlbumArtUpload';
import type { AudioUpload } from '../../../api/types/AudioUpload';
import type { ImageUrlForm } from '../../../api/types/ImageUrlForm';
import type { ImageUrlUpload } from '../../../api/types/ImageUrlUpload';
import type { PhotoUploads } from '../../../api/types/PhotoUploads';
import type { TextImageUpload } from '../../../api/types/TextImageUpload';
import type { UploadField } from '../../../api/types/UploadField';
import type { VideoUpload } from '../../../api/types/VideoUpload';
import { startUpload, type RunningUpload, type UploadXhr } from './uploadClient';
import type { UploadKind } from '../model/postModel';

type Progress = (loaded: number, total: number) => void;

/** What each upload kind answers. */
export interface UploadAnswers {
  photo: PhotoUploads;
  inlineImage: TextImageUpload;
  audio: AudioUpload;
  albumArt: AlbumArtUpload;
  video: VideoUpload;
}

const ROUTES: Record<UploadKind, { path: string; field: UploadField }> = {
  photo: { path: '/svc/post/upload_photo', field: 'photo' },
  inlineImage: { path: '/svc/post/upload_text_image', field: 'image' },
  audio: { path: '/svc/post/upload_audio', field: 'audio' },
  albumArt: { path: '/svc/post/upload_album_art', field: 'album_art' },
  video: { path: '/svc/post/upload_video', field: 'video' },
};

/** Uploads one file of `kind`, with the session's form key. */
export function uploadFile<K extends UploadKind>(
  api: ApiClient,
  kind: K,
  file: File,
  onProgress: Progress,
  makeXhr?: () => UploadXhr,
): RunningUpload<UploadAnswers[K]> {
  const { path, field } = ROUTES[kind];
  return startUpload<UploadAnswers[K]>({ path, field, files: [file], formKey: api.getFormKey(), onProgress }, makeXhr);
}

/** POST /svc/post/upload_image_url: a photo added from a web address, copied to the server. */
export function uploadImageUrl(api: ApiClient, url: string): Promise<ImageUrlUpload> {
  return api.post<ImageUrlUpload, ImageUrlForm>('/svc/post/upload_image_url', { url });
}
