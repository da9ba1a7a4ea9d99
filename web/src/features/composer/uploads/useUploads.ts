// The form's uploads: each file checked, sent with its own progress bar (an UploadItem in the
// model, so the save waits for it), and its answer or error handled as spec 001 §8 says.
// Uploads still running when the form closes are aborted.
import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { errorDetails } from '../../../api/client';
import type { FormLimits } from '../../../api/types/FormLimits';
import { useDialogs } from '../../dialogs';
import { EXTERNAL_VIDEO_UPLOAD_URL } from '../constants';
import type { PhotoItem, PostModel, UploadKind } from '../model/postModel';
import type { PostAction } from '../model/postReducer';
import { isOwnMedia, isWebUrl } from '../model/urls';
import { NEVERMIND } from '../strings';
import { audioCopyrightOf } from './audioCopyright';
import { uploadFile, uploadImageUrl, type UploadAnswers } from './uploadCalls';
import { UploadError, type RunningUpload } from './uploadClient';
import {
  isVideoTooLarge,
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
  /** Photos chosen or dropped: each becomes a photo at once, its URL filled when uploaded. */
  addPhotoFiles(files: File[]): void;
  /** A photo added from the web (§2 Photo: "add from web URL"). */
  addPhotoUrl(url: string): Promise<void>;
  /**
   * A GIF chosen in the GIF search: already an upload here or a GIF service's https address,
   * so the photo is that address as it is, with nothing uploaded or copied.
   */
  addFoundGif(url: string): void;
  /** An image for the text editor; resolves with where it is, or null when it failed. */
  uploadInlineImage(file: File): Promise<InlineImage | null>;
  uploadAudio(file: File): Promise<void>;
  uploadAlbumArt(file: File): Promise<void>;
  uploadVideo(file: File): Promise<void>;
}

/** The messages an upload failure carries. */
function messagesOf(err: unknown): string[] {
  if (err instanceof UploadError) return err.messages;
  return errorDetails(err);
}

let uploadCounter = 0;
const nextUploadId = () => `u${++uploadCounter}`;

export function useUploads(post: PostModel, dispatch: Dispatch<PostAction>, limits: FormLimits, room: number): Uploads {
  const api = useApi();
  const dialogs = useDialogs();
  const running = useRef(new Map<string, RunningUpload<unknown>>());
  // Photo ids go on from the highest one the post has (o1, o2, …), never reused.
  const nextPhoto = useRef(
    post.fields.photos.reduce((max, p) => Math.max(max, Number(p.id.replace(/^o/, '')) || 0), 0) + 1,
  );
  const newPhotoId = useCallback(() => `o${nextPhoto.current++}`, []);

  useEffect(() => {
    const uploads = running.current;
    return () => {
      for (const upload of uploads.values()) upload.abort();
      uploads.clear();
    };
  }, []);

  /** Sends one file of `kind`, tracked as an upload of the model; resolves with the answer. */
  const send = useCallback(
    async <K extends UploadKind>(kind: K, file: File, id = nextUploadId()): Promise<UploadAnswers[K]> => {
      dispatch({ type: 'uploadStarted', upload: { id, kind, fileName: file.name, loaded: 0, total: file.size } });
      const upload = uploadFile(api, kind, file, (loaded, total) =>
        dispatch({ type: 'uploadProgressed', id, loaded, total }),
      );
      running.current.set(id, upload);
      try {
        return await upload.done;
      } finally {
        running.current.delete(id);
        dispatch({ type: 'uploadFinished', id });
      }
    },
    [api, dispatch],
  );

  /** Alerts an upload's failure (§8), unless the form closed and aborted it. */
  const alertFailure = useCallback(
    async (kind: UploadKind, err: unknown, fileName: string) => {
      if (err instanceof UploadError && err.aborted) return;
      const messages = messagesOf(err);
      if (kind === 'video' && isVideoTooLarge(messages)) {
        const elsewhere = await dialogs.confirm(VIDEO_TOO_LARGE_DIALOG, {
          ok: VIDEO_TOO_LARGE_UPLOAD_ELSEWHERE,
          cancel: NEVERMIND,
        });
        if (elsewhere) window.open(EXTERNAL_VIDEO_UPLOAD_URL, '_blank', 'noopener');
        return;
      }
      await dialogs.alert(uploadErrorText(kind, messages, fileName));
    },
    [dialogs],
  );

  /** A file refused before sending is alerted as the server's refusal would be. */
  const refused = useCallback(
    (kind: UploadKind, file: File): boolean => {
      const problem = uploadProblem(kind, file, limits);
      if (problem) void alertFailure(kind, new UploadError(0, [problem]), file.name);
      return problem !== null;
    },
    [limits, alertFailure],
  );

  const addPhotoFiles = useCallback(
    (files: File[]) => {
      const accepted = files.filter((file) => !refused('photo', file)).slice(0, Math.max(0, room));
      const photos: PhotoItem[] = accepted.map((file) => ({
        id: newPhotoId(),
        url: '',
        // A local preview while it uploads (jsdom has no object URLs).
        displayUrl: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '',
        caption: '',
        upload: nextUploadId(),
        fileName: file.name,
      }));
      if (photos.length === 0) return;
      dispatch({ type: 'photosAdded', photos });
      photos.forEach((photo, i) => {
        const file = accepted[i];
        send('photo', file, photo.upload!)
          .then((answer) => {
            const result = answer.photos?.[0];
            if (!result || result.error || !result.url) {
              // §8: an error, or an upload complete without a URL: alert and remove the photo.
              dispatch({ type: 'photoRemoved', id: photo.id });
              void alertFailure('photo', new UploadError(200, result?.error ? [result.error] : []), result?.original_filename || file.name);
              return;
            }
            dispatch({ type: 'photoUploaded', id: photo.id, url: result.url });
          })
          .catch((err: unknown) => {
            dispatch({ type: 'photoRemoved', id: photo.id });
            void alertFailure('photo', err, file.name);
          });
      });
    },
    [dispatch, send, refused, alertFailure, room, newPhotoId],
  );

  const addPhotoUrl = useCallback(
    async (url: string) => {
      const address = url.trim();
      if (!isWebUrl(address, limits.url_chars) || room <= 0) return;
      const id = newPhotoId();
      const uploadId = nextUploadId();
      dispatch({ type: 'photosAdded', photos: [{ id, url: '', displayUrl: address, caption: '', upload: uploadId, fileName: address }] });
      dispatch({ type: 'uploadStarted', upload: { id: uploadId, kind: 'photo', fileName: address, loaded: 0, total: 0 } });
      try {
        const answer = await uploadImageUrl(api, address);
        if (answer.error || !answer.url) throw new UploadError(200, answer.error ? [answer.error] : []);
        dispatch({ type: 'photoUploaded', id, url: answer.url });
      } catch (err) {
        dispatch({ type: 'photoRemoved', id });
        void alertFailure('photo', err, address);
      } finally {
        dispatch({ type: 'uploadFinished', id: uploadId });
      }
    },
    [api, dispatch, alertFailure, room, newPhotoId],
  );

  const addFoundGif = useCallback(
    (url: string) => {
      if (!(isOwnMedia(url) || isWebUrl(url, limits.url_chars)) || room <= 0) return;
      dispatch({ type: 'photosAdded', photos: [{ id: newPhotoId(), url, displayUrl: url, caption: '', upload: null, fileName: url }] });
    },
    [dispatch, limits.url_chars, room, newPhotoId],
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
        const answer = await send(kind, file);
        if (answer.error || !answer.url) throw new UploadError(200, answer.error ? [answer.error] : []);
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
      dispatch({ type: 'fieldChanged', field: 'trackTitle', value: answer.id3.Title });
      dispatch({ type: 'fieldChanged', field: 'trackArtist', value: answer.id3.Artist });
      dispatch({ type: 'fieldChanged', field: 'trackAlbum', value: answer.id3.Album });
      if (answer.album_art_url) dispatch({ type: 'fieldChanged', field: 'albumArt', value: answer.album_art_url });
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

  return { addPhotoFiles, addPhotoUrl, addFoundGif, uploadInlineImage, uploadAudio, uploadAlbumArt, uploadVideo };
}
