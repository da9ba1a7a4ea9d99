// The one HTTP client: attaches the form key, unwraps the envelope, and turns every failure
// into an ApiError the UI can show.
import type { ApiErrorCode } from './types/ApiErrorCode';
import type { Envelope } from './types/Envelope';
import type { ErrorEnvelope } from './types/ErrorEnvelope';
import type { FormKeyField } from './types/FormKeyField';

/** A failed call. `details` are the server's errors[].detail texts, ready to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly codes: ApiErrorCode[];
  readonly details: string[];
  /** The form fields the errors are about (`errors[].field`), by field: a form's errors map. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /**
   * How long the server asked to wait before trying again (its `Retry-After`, as a 503
   * `unavailable` sends while the database is away), in milliseconds.
   */
  readonly retryAfterMs: number | undefined;

  constructor(
    status: number,
    details: string[],
    codes: ApiErrorCode[] = [],
    fieldErrors: Record<string, string> = {},
    retryAfterMs?: number,
  ) {
    super(details.join(' ') || `Request failed (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.details = details.length > 0 ? details : [this.message];
    this.codes = codes;
    this.fieldErrors = fieldErrors;
    this.retryAfterMs = retryAfterMs;
  }

  /** True when the failure was a network error rather than an answer from the server. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** A `Retry-After` in seconds (the form the server sends), in milliseconds. */
function retryAfterMs(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/** Turns any thrown value into texts to show under a form or next to a button. */
export function errorDetails(err: unknown): string[] {
  if (err instanceof ApiError) return err.details;
  if (err instanceof Error) return [err.message];
  return ['Something went wrong.'];
}

/** A field's value as a form or a query carries it; a list repeats its field. */
export type FieldValue = string | number | boolean | readonly string[] | undefined;

/**
 * A request's fields: one of the types generated from the server's request structs
 * (`types/*Form.ts`, `types/*Query.ts`). Each call names its type (`api.post<FollowAnswer,
 * FollowForm>(...)`), so a field's name is checked against the server's struct; a call that
 * names none may send no field.
 */
export type RequestFields = { readonly [field: string]: FieldValue };

/** No fields: what a call that names no request type may send. */
type NoFields = Record<string, never>;

/**
 * How one call is made, beyond its fields. `signal` aborts it: a caller whose answer is no
 * longer wanted (a superseded search) stops it rather than ignoring it. An aborted call
 * rejects with the signal's reason (an `AbortError`), never with an ApiError, so that no
 * one shows it as a failure.
 */
export interface CallOptions {
  signal?: AbortSignal;
}

/** `fields` as form or query pairs: undefined ones left out, a list's values each a pair. */
function encodeFields(fields: RequestFields): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'object') {
      for (const item of value) params.append(key, item);
    } else {
      params.set(key, String(value));
    }
  }
  return params;
}

/** `fields` as a query string, for an address the browser goes to itself (`/logout`). */
export function queryString<Q extends RequestFields>(fields: Q): string {
  return encodeFields(fields).toString();
}

/**
 * Created once by ApiProvider. The form key changes when a session starts (visitor, login,
 * register), so the session provider hands every new key to setFormKey.
 */
export class ApiClient {
  private formKey = '';
  private readonly fetchImpl: typeof fetch;

  constructor(fetchImpl: typeof fetch = (...args) => fetch(...args)) {
    this.fetchImpl = fetchImpl;
  }

  setFormKey(formKey: string): void {
    this.formKey = formKey;
  }

  getFormKey(): string {
    return this.formKey;
  }

  /**
   * GET with a query string. `noCache` bypasses the HTTP cache (polls must see fresh data,
   * spec 000 §7). A path that already carries a query (a `_links` href) keeps it.
   */
  async get<T, Q extends RequestFields = NoFields>(
    path: string,
    query: NoInfer<Q> = {} as Q,
    { noCache = false, signal }: CallOptions & { noCache?: boolean } = {},
  ): Promise<T> {
    const qs = encodeFields(query).toString();
    const url = qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
    return this.send<T>(url, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      ...(noCache ? { cache: 'no-store' as RequestCache } : {}),
      signal,
    });
  }

  /** POST a form-encoded body; `form_key` is always added (api.md "Sessions and the form key"). */
  async post<T, F extends RequestFields = NoFields>(
    path: string,
    fields: NoInfer<F> = {} as F,
    { signal }: CallOptions = {},
  ): Promise<T> {
    const key: FormKeyField = { form_key: this.formKey };
    const body = encodeFields({ ...fields, ...key });
    return this.send<T>(path, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
      },
      body,
      signal,
    });
  }

  /**
   * POST a JSON body (`B`, the call's generated request type), for the calls that take one
   * (get_video_data, spec 001 §7); the form key goes in the `X-Form-Key` header, since a
   * JSON body has no form field for it.
   */
  async postJson<T, B = never>(path: string, body: NoInfer<B>): Promise<T> {
    return this.send<T>(path, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-Form-Key': this.formKey,
      },
      body: JSON.stringify(body),
    });
  }

  private async send<T>(url: string, init: RequestInit): Promise<T> {
    let res: Response;
    try {
      res = await this.fetchImpl(url, { ...init, credentials: 'same-origin' });
    } catch {
      // Aborted on purpose: not the network's fault, and nothing to tell the user.
      init.signal?.throwIfAborted();
      throw new ApiError(0, ['Could not reach the server. Check your connection and try again.']);
    }
    let envelope: Envelope<T> | ErrorEnvelope | null = null;
    try {
      envelope = (await res.json()) as Envelope<T> | ErrorEnvelope;
    } catch {
      // Aborted while the body was read: the same.
      init.signal?.throwIfAborted();
      envelope = null;
    }
    // `meta?.`: an error page from a proxy in front of the server may be JSON of another shape.
    const status = envelope?.meta?.status ?? res.status;
    if (!res.ok || !envelope || status >= 400 || 'errors' in envelope) {
      const errors = envelope && 'errors' in envelope ? envelope.errors : [];
      throw new ApiError(
        res.ok ? status : res.status,
        errors.map((e) => e.detail).filter(Boolean),
        errors.map((e) => e.code),
        Object.fromEntries(errors.filter((e) => e.field && e.detail).map((e) => [e.field, e.detail])),
        retryAfterMs(res.headers?.get('Retry-After')),
      );
    }
    return envelope.response;
  }
}
