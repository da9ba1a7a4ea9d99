// A fake XMLHttpRequest for upload tests: records what was sent and lets the test play the
// upload's progress and the server's answer.
import { afterEach, beforeEach, vi } from 'vitest';
import type { UploadXhr } from './uploadRequest';

export class FakeXhr implements UploadXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** Plays a progress event of the upload. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  /** Answers with the envelope around `response`. */
  answer(response: unknown) {
    this.respond(200, { meta: { status: 200, msg: 'OK' }, response });
  }

  /** Answers with an error envelope. */
  fail(status: number, details: string[]) {
    this.respond(status, {
      meta: { status, msg: 'Error' },
      response: [],
      errors: details.map((detail) => ({ code: 'bad_form', detail })),
    });
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** A factory that hands out fake requests and keeps them, newest last. */
export function fakeXhrs() {
  const made: FakeXhr[] = [];
  const make = () => {
    const xhr = new FakeXhr();
    made.push(xhr);
    return xhr;
  };
  return { made, make, last: () => made[made.length - 1] };
}

/**
 * Gives every test of the calling file a FakeXhr for the browser's XMLHttpRequest (the
 * form's uploads go through it) and returns the requests made, in order, emptied before
 * each test.
 */
export function fakeXhrPerTest(): FakeXhr[] {
  const made: FakeXhr[] = [];
  beforeEach(() => {
    made.length = 0;
    vi.stubGlobal(
      'XMLHttpRequest',
      class extends FakeXhr {
        constructor() {
          super();
          made.push(this);
        }
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());
  return made;
}
