// The upload component of spec 002 (§3 Upload item, §4 its states, §5 validation, §7 the call,
// §8 the errors): files sent to one endpoint with progress, one at a time, each checked first,
// and the helpers that read images in the browser. The composer's uploads go through it.
export { Uploader, type QueuedUpload, type UploaderOptions } from './uploader';
export { useUploader, useUploadItems } from './useUploader';
export { allComplete, anyFailed, type UploadItem } from './uploadItem';
export { UploadError, type UploadFailure } from './uploadResponse';
export { sendUpload, type RunningUpload, type UploadXhr } from './uploadRequest';
export { fileTypeError, firstDroppedFile, IMAGE_FILTER, uploadProblemOf, type FileFilter, type UploadRules } from './validation';
export { ImageLoadError, loadImage, readFileAsDataUrl } from './imageReading';
export * from './strings';
