// The upload calls of spec 001 §7, one per kind of file (their paths, fields and answers are
// api/composerUploads.ts's), sent through the upload component of spec 002 (features/upload).
import type { ApiClient } from '../../../api/client';
import type { ComposerLimits } from '../../../api/composerModels';
import { UPLOAD_ROUTES, uploadAnswerFromWire, type UploadAnswers, type UploadKind } from '../../../api/composerUploads';
import { sendUpload, type RunningUpload, type UploaderOptions, type UploadXhr } from '../../upload';
import { uploadRulesFor } from './uploadRules';

type Progress = (loaded: number, total: number) => void;

export type { UploadAnswers };

/** The upload component's options for `kind`: its call, its checks, the session's form key. */
export function uploaderOptionsFor(api: ApiClient, kind: UploadKind, limits: ComposerLimits): UploaderOptions {
  return { ...UPLOAD_ROUTES[kind], ...uploadRulesFor(kind, limits), formKey: () => api.getFormKey() };
}

/** Uploads one file of `kind` at once, outside any queue (the appearance page's header image). */
export function uploadFile<K extends UploadKind>(
  api: ApiClient,
  kind: K,
  file: File,
  onProgress: Progress,
  makeXhr?: () => UploadXhr,
): RunningUpload<UploadAnswers[K]> {
  const running = sendUpload<unknown>({ ...UPLOAD_ROUTES[kind], file, formKey: api.getFormKey(), onProgress }, makeXhr);
  return { done: running.done.then(uploadAnswerFromWire[kind]), abort: () => running.abort() };
}
