// upload_audio's copyright refusal (spec 001 §7, §8 Audio upload error): a recording the server
// recognises as copyrighted is answered 403 with
//   {"meta": {"status": 403, …}, "response": {"is_copyright": true, "message", "search_string"},
//    "errors": [{"code": "copyright", "detail": <the message>}]}
// and the audio post falls back to searching the services for it (docs/api.md, Uploads). The
// body comes through the upload's XHR untyped, so its shape (the generated CopyrightRefusal)
// is checked here; anything that does not look like it is an ordinary upload failure.
import type { CopyrightRefusal } from '../../../api/types/CopyrightRefusal';
import { UploadError } from '../../upload';

/** What the composer needs of a copyright refusal. */
export interface AudioCopyright {
  /** The server's copyright warning, shown above the search. */
  warning: string;
  /** What to search for instead ("artist title"). */
  searchString: string;
}

/** The copyright refusal an upload failure is, or null for any other failure. */
export function audioCopyrightOf(err: unknown): AudioCopyright | null {
  if (!(err instanceof UploadError) || err.status !== 403) return null;
  const response = err.response as { [K in keyof CopyrightRefusal]?: unknown } | null;
  if (typeof response !== 'object' || response === null || response.is_copyright !== true) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return {
    // The errors list carries the same warning: it stands in if the response's is missing.
    warning: text(response.message) || (err.messages[0] ?? ''),
    searchString: text(response.search_string),
  };
}
