// upload_audio's copyright refusal (spec 001 §7, §8 Audio upload error): a 403 whose response
// api/composerUploads.ts reads as one. The audio post then falls back to searching the services
// for the recording (docs/api.md, Uploads); anything else is an ordinary upload failure.
import { audioCopyrightFromWire, type AudioCopyright } from '../../../api/composerUploads';
import { UploadError } from '../../upload';

/** The copyright refusal an upload failure is, or null for any other failure. */
export function audioCopyrightOf(err: unknown): AudioCopyright | null {
  if (!(err instanceof UploadError) || err.status !== 403) return null;
  const copyright = audioCopyrightFromWire(err.response);
  if (!copyright) return null;
  // The errors list carries the same warning: it stands in if the response's is missing.
  return { ...copyright, warning: copyright.warning || (err.messages[0] ?? '') };
}
