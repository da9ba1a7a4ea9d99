// The upload calls of spec 001 §7, one per kind of file: which path and which multipart field,
// sent through the upload component of spec 002 (features/upload).
import type { ApiClient } from '../../../api/client';
import type { AlbumArtUpload } from '../../../api/types/AlbumArtUpload';
import type { AudioUpload } from '../../../api/types/AudioUpload';
import type { FormLimits } from '../../../api/types/FormLimits';
import type { ImageUrlForm } from '../../../api/types/ImageUrlForm';
import type { ImageUrlUpload } from '../../../api/types/ImageUrlUpload';
import type { PhotoUploads } from '../../../api/types/PhotoUploads';
import type { TextImageUpload } from '../../../api/types/TextImageUpload';
import type { UploadField } from '../../../api/types/UploadField';
import type { VideoUpload } from '../../../api/types/VideoUpload';
import { sendUpload, type RunningUpload, type UploaderOptions, type UploadXhr } from '../../upload';
import type { UploadKind } from '../model/postModel';
import { uploadRulesFor } from './uploadRules';

type Progress = (loaded: number, total: number) => void;

/** What each upload kind answers. */
export interface UploadAnswers {
  photo: PhotoUploads;
  inlineImage: TextImageUpload;
  audio: AudioUpload;
  albumArt: AlbumArtUpload;
  video: VideoUpload;
}

const ROUTES: Record<UploadKind, { endpoint: string; field: UploadField }> = {
  photo: { endpoint: '/svc/post/upload_photo', field: 'photo' },
  inlineImage: { endpoint: '/svc/post/upload_text_image', field: 'image' },
  audio: { endpoint: '/svc/post/upload_audio', field: 'audio' },
  albumArt: { endpoint: '/svc/post/upload_album_art', field: 'album_art' },
  video: { endpoint: '/svc/post/upload_video', field: 'video' },
};

/** The upload component's options for `kind`: its call, its checks, the session's form key. */
export function uploaderOptionsFor(api: ApiClient, kind: UploadKind, limits: FormLimits): UploaderOptions {
  return { ...ROUTES[kind], ...uploadRulesFor(kind, limits), formKey: () => api.getFormKey() };
}

/** Uploads one file of `kind` at once, outside any queue (the appearance page's header image). */
export function uploadFile<K extends UploadKind>(
  api: ApiClient,
  kind: K,
  file: File,
  onProgress: Progress,
  makeXhr?: () => UploadXhr,
): RunningUpload<UploadAnswers[K]> {
  return sendUpload<UploadAnswers[K]>({ ...ROUTES[kind], file, formKey: api.getFormKey(), onProgress }, makeXhr);
}

/** POST /svc/post/upload_image_url: a photo added from a web address, copied to the server. */
export function uploadImageUrl(api: ApiClient, url: string): Promise<ImageUrlUpload> {
  return api.post<ImageUrlUpload, ImageUrlForm>('/svc/post/upload_image_url', { url });
}
