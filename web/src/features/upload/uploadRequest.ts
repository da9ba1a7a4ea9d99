// Sends one file with XMLHttpRequest, because fetch reports no upload progress. The form key
// goes in a header (docs/api.md "Sessions and the form key": multipart bodies carry it there),
// and the answer is read as spec 002 §7 says (uploadResponse.ts).
import { readUploadResponse, UploadError } from './uploadResponse';

/** The part of XMLHttpRequest an upload uses (tests pass a fake: fakeXhr.ts). */
export interface UploadXhr {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
  readonly upload: { onprogress: ((e: ProgressEvent) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

export interface UploadRequest {
  endpoint: string;
  /** The multipart field the file goes in. */
  field: string;
  file: File;
  formKey: string;
  onProgress?(loaded: number, total: number): void;
}

export interface RunningUpload<R> {
  /** The answer's response; rejects with an UploadError. */
  done: Promise<R>;
  abort(): void;
}

export const browserXhr = (): UploadXhr => new XMLHttpRequest() as unknown as UploadXhr;

/** Starts sending `request.file`. */
export function sendUpload<R>(request: UploadRequest, makeXhr: () => UploadXhr = browserXhr): RunningUpload<R> {
  const xhr = makeXhr();
  const done = new Promise<R>((resolve, reject) => {
    xhr.open('POST', request.endpoint);
    xhr.setRequestHeader('X-Form-Key', request.formKey);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) request.onProgress?.(e.loaded, e.total);
    };
    xhr.onload = () => {
      try {
        resolve(readUploadResponse<R>(xhr.status, xhr.responseText));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(UploadError.network());
    xhr.onabort = () => reject(UploadError.canceled());
    const body = new FormData();
    body.append(request.field, request.file, request.file.name);
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}
