// The upload item of spec 002 §3 and its states (§4): idle, then uploading, then complete or
// failed (the error set) or aborted (no error). Pure functions, so the uploader's queue and
// its tests read the same rules.

export interface UploadItem<R = unknown> {
  id: string;
  /** The endpoint the file goes to. */
  url: string;
  file: File;
  /** false, or the message to show (§8). */
  error: false | string;
  /** §5: refused before sending (too big, or not the media type); never uploaded. */
  invalid: boolean;
  uploading: boolean;
  complete: boolean;
  bytesLoaded: number;
  bytesTotal: number;
  /**
   * The server's parsed answer once the upload succeeded (§3: its fields are merged into the
   * item). Kept as one field rather than spread over the item, so that an answer's own `url`
   * or `error` does not overwrite the item's and its type stays the server's.
   */
  response: R | null;
}

/** §4: an upload starts idle. */
export function idleUpload<R>(id: string, url: string, file: File): UploadItem<R> {
  return {
    id,
    url,
    file,
    error: false,
    invalid: false,
    uploading: false,
    complete: false,
    bytesLoaded: 0,
    bytesTotal: file.size,
    response: null,
  };
}

/** §5: a file with validation errors is recorded as invalid, with the error, and not uploaded. */
export function invalidUpload<R>(item: UploadItem<R>, message: string): UploadItem<R> {
  return { ...item, invalid: true, error: message };
}

/** §4: when sending begins, uploading is true. */
export function uploadStarted<R>(item: UploadItem<R>): UploadItem<R> {
  return { ...item, uploading: true, complete: false, error: false };
}

export function uploadProgressed<R>(item: UploadItem<R>, bytesLoaded: number, bytesTotal: number): UploadItem<R> {
  return { ...item, bytesLoaded, bytesTotal };
}

/** §4: on success it becomes complete with no error. */
export function uploadSucceeded<R>(item: UploadItem<R>, response: R): UploadItem<R> {
  return { ...item, response, uploading: false, complete: true, error: false, bytesLoaded: item.bytesTotal };
}

/** §4: on failure the error is set and uploading is false. */
export function uploadFailed<R>(item: UploadItem<R>, message: string): UploadItem<R> {
  return { ...item, uploading: false, complete: false, error: message };
}

/** §4: an abort ends uploading without an error. */
export function uploadAborted<R>(item: UploadItem<R>): UploadItem<R> {
  return { ...item, uploading: false, complete: false, error: false };
}

/** §4: a collection is complete when every item is complete. */
export function allComplete(items: readonly UploadItem<unknown>[]): boolean {
  return items.every((item) => item.complete);
}

/** §4: a failure in any item signals an error for the collection. */
export function anyFailed(items: readonly UploadItem<unknown>[]): boolean {
  return items.some((item) => item.error !== false);
}
