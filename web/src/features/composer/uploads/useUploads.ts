// The form's uploads: each file checked, then sent through the upload component of spec 002
// (one uploader per kind of file, each sending one file at a time), with its own progress bar
// (an UploadItem in the model, so the save waits for it), and its answer or error handled as
// spec 001 §8 says. A photo shows its file, read in the browser, while it uploads; removing it
// cancels its upload. Uploads still running when the form closes are canceled.
import { useCallback, useMemo, useRef, type Dispatch } from 'react';
import { useApi } from '../../../api/ApiProvider';
import type { ComposerLimits } from '../../../api/composerModels';
import { uploadAnswerFromWire, uploadImageUrl, type UploadAnswers } from '../../../api/composerUploads';
import { readFileAsDataUrl, UploadError, useUploader, type QueuedUpload, type Uploader } from '../../upload';
import { useDialogs } from '../../dialogs';
import { EXTERNAL_VIDEO_UPLOAD_URL } from '../constants';
import type { PhotoItem, PhotoSelfie, PostModel, UploadKind } from '../model/postModel';
import type { PostAction } from '../model/postReducer';
import { isOwnMedia, isWebUrl } from '../model/urls';
import { NEVERMIND } from '../strings';
import { audioCopyrightOf } from './audioCopyright';
import { uploaderOptionsFor } from './uploadCalls';
import {
  isVideoTooLarge,
  messagesOf,
  refusedInAnswer,
  uploadErrorText,
  uploadProblem,
  VIDEO_TOO_LARGE_DIALOG,
  VIDEO_TOO_LARGE_UPLOAD_ELSEWHERE,
} from './uploadRules';

/** An image uploaded for the text, with its size as kept. */
export interface InlineImage {
  url: string;
  width: number;
  height: number;
}

export interface Uploads {
  /**
   * Photos chosen or dropped: each becomes a photo at once, its URL filled when uploaded.
   * `selfie` says they were taken with the webcam (the save says so, spec 001 §7).
   */
  addPhotoFiles(files: File[], selfie?: PhotoSelfie): void;
  /** A photo added from the web (§2 Photo: "add from web URL"). */
  addPhotoUrl(url: string): Promise<void>;
  /**
   * A GIF chosen in the GIF search: already an upload here or a GIF service's https address,
   * so the photo is that address as it is, with nothing uploaded or copied.
   */
  addFoundGif(url: string): void;
  /** Takes a photo out of the post, canceling its upload if it is still going. */
  removePhoto(id: string): void;
  /** An image for the text editor; resolves with where it is, or null when it failed. */
  uploadInlineImage(file: File): Promise<InlineImage | null>;
  uploadAudio(file: File): Promise<void>;
  uploadAlbumArt(file: File): Promise<void>;
  uploadVideo(file: File): Promise<void>;
}

/** One uploader per kind of file: each is its own call (spec 001 §7). */
/** The upload component reads each answer as JSON; send() makes it the kind's model. */
type Uploaders = Record<UploadKind, Uploader>;

let uploadCounter = 0;
const nextUploadId = () => `u${++uploadCounter}`;

/** What is said when more photos were chosen than the post has room for. */
export function photosLeftOut(leftOut: number, most: number): string {
  const photos = leftOut === 1 ? 'photo was' : 'photos were';
  return `A post holds at most ${most} photos: ${leftOut} ${photos} left out.`;
}

export function useUploads(post: PostModel, dispatch: Dispatch<PostAction>, limits: ComposerLimits, room: number): Uploads {
  const api = useApi();
  const dialogs = useDialogs();
  // Made once with the form's limits; each cancels its uploads when the form closes.
  const photo = useUploader(uploaderOptionsFor(api, 'photo', limits));
  const inlineImage = useUploader(uploaderOptionsFor(api, 'inlineImage', limits));
  const audio = useUploader(uploaderOptionsFor(api, 'audio', limits));
  const albumArt = useUploader(uploaderOptionsFor(api, 'albumArt', limits));
  const video = useUploader(uploaderOptionsFor(api, 'video', limits));
  const uploaders: Uploaders = useMemo(
    () => ({ photo, inlineImage, audio, albumArt, video }),
    [photo, inlineImage, audio, albumArt, video],
  );
  // Photo ids go on from the highest one the post has (o1, o2, …), never reused.
  const nextPhoto = useRef(
    post.fields.photos.reduce((max, p) => Math.max(max, Number(p.id.replace(/^o/, '')) || 0), 0) + 1,
  );
  const newPhotoId = useCallback(() => `o${nextPhoto.current++}`, []);

  /**
   * Hands one file of `kind` to its uploader, tracked as an upload of the model (the save
   * waits for it) under the uploader's id; `done` resolves with the answer.
   */
  const send = useCallback(
    <K extends UploadKind>(kind: K, file: File): QueuedUpload<UploadAnswers[K]> => {
      let id = '';
      const queued = uploaders[kind].add(file, (loaded, total) => dispatch({ type: 'uploadProgressed', id, loaded, total }));
      id = queued.id;
      dispatch({ type: 'uploadStarted', upload: { id, kind, fileName: file.name, loaded: 0, total: file.size } });
      const done = queued.done.then(uploadAnswerFromWire[kind]).finally(() => dispatch({ type: 'uploadFinished', id }));
      return { id, done };
    },
    [uploaders, dispatch],
  );

  /** Alerts an upload's failure (§8), unless it was canceled (the photo removed, the form closed). */
  const alertFailure = useCallback(
    async (kind: UploadKind, err: unknown, fileName: string) => {
      if (err instanceof UploadError && err.canceled) return;
      if (kind === 'video' && isVideoTooLarge(messagesOf(err))) {
        const elsewhere = await dialogs.confirm(VIDEO_TOO_LARGE_DIALOG, {
          ok: VIDEO_TOO_LARGE_UPLOAD_ELSEWHERE,
          cancel: NEVERMIND,
        });
        if (elsewhere) window.open(EXTERNAL_VIDEO_UPLOAD_URL, '_blank', 'noopener');
        return;
      }
      await dialogs.alert(uploadErrorText(kind, err, fileName));
    },
    [dialogs],
  );

  /** A file refused before sending (spec 002 §5) is alerted as the server's refusal would be. */
  const refused = useCallback(
    (kind: UploadKind, file: File): boolean => {
      const problem = uploadProblem(kind, file, limits);
      if (problem) void alertFailure(kind, UploadError.invalid(problem), file.name);
      return problem !== null;
    },
    [limits, alertFailure],
  );

  const addPhotoFiles = useCallback(
    (files: File[], selfie?: PhotoSelfie) => {
      const usable = files.filter((file) => !refused('photo', file));
      const accepted = usable.slice(0, Math.max(0, room));
      // More than the post has room for (spec 001 §5: at most 10): said, not silently dropped.
      if (usable.length > accepted.length) {
        void dialogs.alert(photosLeftOut(usable.length - accepted.length, limits.photosPerPost));
      }
      const sent = accepted.map((file) => ({ file, id: newPhotoId(), upload: send('photo', file) }));
      if (sent.length === 0) return;
      const photos: PhotoItem[] = sent.map(({ file, id, upload }) => ({
        id,
        url: '',
        displayUrl: '',
        caption: '',
        upload: upload.id,
        fileName: file.name,
        selfie: selfie ?? null,
      }));
      dispatch({ type: 'photosAdded', photos });
      for (const { file, id, upload } of sent) {
        // The file as it is, shown while it uploads; without it the photo waits blank.
        readFileAsDataUrl(file).then(
          (displayUrl) => dispatch({ type: 'photoPreviewRead', id, displayUrl }),
          () => {},
        );
        upload.done
          .then((result) => {
            if (!result || result.error || !result.url) {
              // §8: an error, or an upload complete without a URL: alert and remove the photo.
              dispatch({ type: 'photoRemoved', id });
              void alertFailure('photo', refusedInAnswer(result?.error), result?.originalFilename || file.name);
              return;
            }
            dispatch({ type: 'photoUploaded', id, url: result.url });
          })
          .catch((err: unknown) => {
            dispatch({ type: 'photoRemoved', id });
            void alertFailure('photo', err, file.name);
          });
      }
    },
    [dispatch, send, refused, alertFailure, room, newPhotoId, dialogs, limits.photosPerPost],
  );

  const removePhoto = useCallback(
    (id: string) => {
      const upload = post.fields.photos.find((p) => p.id === id)?.upload;
      dispatch({ type: 'photoRemoved', id });
      if (upload) uploaders.photo.cancel(upload);
    },
    [post.fields.photos, dispatch, uploaders],
  );

  const addPhotoUrl = useCallback(
    async (url: string) => {
      const address = url.trim();
      if (!isWebUrl(address, limits.urlChars) || room <= 0) return;
      const id = newPhotoId();
      const uploadId = nextUploadId();
      dispatch({
        type: 'photosAdded',
        photos: [{ id, url: '', displayUrl: address, caption: '', upload: uploadId, fileName: address, selfie: null }],
      });
      dispatch({ type: 'uploadStarted', upload: { id: uploadId, kind: 'photo', fileName: address, loaded: 0, total: 0 } });
      try {
        const answer = await uploadImageUrl(api, address);
        if (answer.error || !answer.url) throw refusedInAnswer(answer.error);
        dispatch({ type: 'photoUploaded', id, url: answer.url });
      } catch (err) {
        dispatch({ type: 'photoRemoved', id });
        void alertFailure('photo', err, address);
      } finally {
        dispatch({ type: 'uploadFinished', id: uploadId });
      }
    },
    [api, dispatch, alertFailure, room, newPhotoId, limits.urlChars],
  );

  const addFoundGif = useCallback(
    (url: string) => {
      if (!(isOwnMedia(url) || isWebUrl(url, limits.urlChars)) || room <= 0) return;
      dispatch({
        type: 'photosAdded',
        photos: [{ id: newPhotoId(), url, displayUrl: url, caption: '', upload: null, fileName: url, selfie: null }],
      });
    },
    [dispatch, limits.urlChars, room, newPhotoId],
  );

  /**
   * Uploads one file of a kind that answers with one URL: checked first, sent, and any
   * failure (refused, an error in the answer, no URL) alerted. Resolves with the answer, or
   * null when there is nothing to use.
   */
  const uploadOne = useCallback(
    async <K extends Exclude<UploadKind, 'photo'>>(kind: K, file: File): Promise<UploadAnswers[K] | null> => {
      if (refused(kind, file)) return null;
      try {
        const answer = await send(kind, file).done;
        if (answer.error || !answer.url) throw refusedInAnswer(answer.error);
        return answer;
      } catch (err) {
        // An MP3 refused as copyrighted is no error to alert: the post searches for the
        // track instead (§8 Audio upload error).
        const copyright = kind === 'audio' ? audioCopyrightOf(err) : null;
        if (copyright) dispatch({ type: 'audioCopyrightRefused', ...copyright });
        else void alertFailure(kind, err, file.name);
        return null;
      }
    },
    [send, refused, alertFailure, dispatch],
  );

  const uploadInlineImage = useCallback(
    async (file: File): Promise<InlineImage | null> => {
      const answer = await uploadOne('inlineImage', file);
      return answer && { url: answer.url, width: answer.width, height: answer.height };
    },
    [uploadOne],
  );

  const uploadAudio = useCallback(
    async (file: File) => {
      const answer = await uploadOne('audio', file);
      if (!answer) return;
      dispatch({ type: 'fieldChanged', field: 'preuploadUrl', value: answer.url });
      dispatch({ type: 'fieldChanged', field: 'url', value: '' });
      dispatch({ type: 'fieldChanged', field: 'audioPlayer', value: '' });
      dispatch({ type: 'fieldChanged', field: 'trackTitle', value: answer.trackTitle });
      dispatch({ type: 'fieldChanged', field: 'trackArtist', value: answer.trackArtist });
      dispatch({ type: 'fieldChanged', field: 'trackAlbum', value: answer.trackAlbum });
      if (answer.albumArtUrl) dispatch({ type: 'fieldChanged', field: 'albumArt', value: answer.albumArtUrl });
    },
    [uploadOne, dispatch],
  );

  const uploadAlbumArt = useCallback(
    async (file: File) => {
      const answer = await uploadOne('albumArt', file);
      if (!answer) return;
      dispatch({ type: 'fieldChanged', field: 'albumArt', value: answer.url });
      dispatch({ type: 'flagChanged', field: 'removeAlbumArt', value: false });
    },
    [uploadOne, dispatch],
  );

  const uploadVideo = useCallback(
    async (file: File) => {
      const answer = await uploadOne('video', file);
      if (!answer) return;
      // File or embed: one or the other (§4 Video post).
      dispatch({ type: 'fieldChanged', field: 'embedCode', value: '' });
      dispatch({ type: 'fieldChanged', field: 'preuploadUrl', value: answer.url });
    },
    [uploadOne, dispatch],
  );

  return { addPhotoFiles, addPhotoUrl, addFoundGif, removePhoto, uploadInlineImage, uploadAudio, uploadAlbumArt, uploadVideo };
}
