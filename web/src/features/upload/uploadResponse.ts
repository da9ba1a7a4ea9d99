// Reading an upload's answer (spec 002 §7, §8): the envelope's meta.status must be 200 and its
// response an object, or an array whose first element is used. Anything else is a failure,
// shown as the answer's msg, else its errors joined, else 'Woops :('. A request that got no
// answer is 'Upload error'; one that was stopped is 'Canceled upload', which is no error.
import { CANCELED_UPLOAD, UPLOAD_ERROR, WOOPS } from './strings';

/** How an upload failed: refused by the server, no answer at all, stopped, or never sent (§5). */
export type UploadFailure = 'server' | 'network' | 'canceled' | 'invalid';

/**
 * A failed upload. `message` is the text to show (§8); `messages` what the server said, if
 * anything, for callers that choose their own words; `response` the answer's response, which
 * may say more (upload_audio's copyright refusal).
 */
export class UploadError extends Error {
  readonly failure: UploadFailure;
  /** The HTTP status (0: no answer). */
  readonly status: number;
  readonly messages: string[];
  readonly response: unknown;

  constructor(
    failure: UploadFailure,
    message: string,
    { status = 0, messages = [], response = null }: { status?: number; messages?: string[]; response?: unknown } = {},
  ) {
    super(message);
    this.name = 'UploadError';
    this.failure = failure;
    this.status = status;
    this.messages = messages;
    this.response = response;
  }

  /** §8: an abort is reported ('Canceled upload') but is no error. */
  get canceled(): boolean {
    return this.failure === 'canceled';
  }

  static network(): UploadError {
    return new UploadError('network', UPLOAD_ERROR);
  }

  static canceled(): UploadError {
    return new UploadError('canceled', CANCELED_UPLOAD);
  }

  /** §5: refused before sending, with the size or type error. */
  static invalid(problem: string): UploadError {
    return new UploadError('invalid', problem, { messages: [problem] });
  }
}

/** The envelope as the server writes it (docs/api.md), any part of it possibly missing. */
interface Envelope {
  meta?: { status?: unknown };
  response?: unknown;
  errors?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The response's object: itself, or an array's first element; null when there is none. */
function firstOf(response: unknown): Record<string, unknown> | null {
  const first = Array.isArray(response) ? response[0] : response;
  return isObject(first) && Object.keys(first).length > 0 ? first : null;
}

/** The errors' texts: strings, or the `detail` of each `{code, detail}` the server sends. */
function errorTexts(errors: unknown): string[] {
  if (!Array.isArray(errors)) return [];
  return errors
    .map((e) => (typeof e === 'string' ? e : isObject(e) && typeof e.detail === 'string' ? e.detail : ''))
    .map((text) => text.trim())
    .filter(Boolean);
}

/**
 * The answer's response (its first element when it is an array), or an UploadError carrying
 * the §8 message. `httpStatus` stands in for meta.status when the body has no meta.
 */
export function readUploadResponse<R>(httpStatus: number, text: string): R {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): an empty response.
  }
  const envelope: Envelope = isObject(body) ? body : {};
  const status = typeof envelope.meta?.status === 'number' ? envelope.meta.status : httpStatus;
  const first = firstOf(envelope.response);
  if (status === 200 && first !== null) return first as R;

  const messages = errorTexts(envelope.errors);
  const msg = typeof first?.msg === 'string' ? first.msg.trim() : '';
  throw new UploadError('server', msg || messages.join(' ') || WOOPS, {
    status,
    messages: msg ? [msg, ...messages] : messages,
    response: Array.isArray(envelope.response) ? (envelope.response[0] ?? null) : (envelope.response ?? null),
  });
}
