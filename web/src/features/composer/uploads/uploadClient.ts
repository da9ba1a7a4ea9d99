// Sends a file upload with XMLHttpRequest, because fetch reports no upload progress: the
// form shows a progress bar per upload. The answer is read like every other call's (the
// envelope of docs/api.md), and a failure becomes an UploadError with the server's messages.
import type { UploadField } from '../../../api/types/UploadField';

/** The part of XMLHttpRequest an upload uses (tests pass a fake). */
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

/**
 * A failed upload: the server's messages (possibly none), and the HTTP status (0: no answer).
 * `response` is the error envelope's response, which is usually empty but may say more
 * (upload_audio's copyright refusal: audioCopyright.ts).
 */
export class UploadError extends Error {
  readonly status: number;
  readonly messages: string[];
  readonly aborted: boolean;
  readonly response: unknown;

  constructor(status: number, messages: string[], aborted = false, response: unknown = null) {
    super(messages.join(' ') || `Upload failed (${status})`);
    this.name = 'UploadError';
    this.status = status;
    this.messages = messages;
    this.aborted = aborted;
    this.response = response;
  }
}

export interface UploadRequest {
  path: string;
  /** The multipart field the files go in. */
  field: UploadField;
  files: File[];
  formKey: string;
  onProgress?(loaded: number, total: number): void;
}

export interface RunningUpload<T> {
  done: Promise<T>;
  abort(): void;
}

/** Reads an answer: the envelope's response, or its errors as an UploadError. */
export function readUploadAnswer<T>(status: number, text: string): T {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UploadError(status, []);
  }
  const envelope = body as { meta?: { status?: number }; response?: unknown; errors?: { detail?: string }[] } | null;
  const failed = status >= 400 || (envelope?.meta?.status ?? 200) >= 400 || Array.isArray(envelope?.errors);
  if (failed) {
    const messages = (envelope?.errors ?? []).map((e) => e.detail ?? '').filter(Boolean);
    throw new UploadError(status, messages, false, envelope?.response ?? null);
  }
  return (envelope && 'response' in envelope && 'meta' in envelope ? envelope.response : body) as T;
}

/** Starts an upload. `makeXhr` is for tests; the app uses the browser's XMLHttpRequest. */
export function startUpload<T>(
  request: UploadRequest,
  makeXhr: () => UploadXhr = () => new XMLHttpRequest() as unknown as UploadXhr,
): RunningUpload<T> {
  const xhr = makeXhr();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open('POST', request.path);
    // Multipart bodies carry the form key in a header (docs/api.md "Sessions and the form key").
    xhr.setRequestHeader('X-Form-Key', request.formKey);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) request.onProgress?.(e.loaded, e.total);
    };
    xhr.onload = () => {
      try {
        resolve(readUploadAnswer<T>(xhr.status, xhr.responseText));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new UploadError(0, []));
    xhr.onabort = () => reject(new UploadError(0, [], true));
    const body = new FormData();
    for (const file of request.files) body.append(request.field, file, file.name);
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}
